"""explain: one claim's derivation, step by step, with units."""

from __future__ import annotations

import sys

from .common import EXIT_OK, add_claim_arguments, find_claim


def run_explain(args) -> int:
    from auditor.api import explain

    project, claim = find_claim(args)
    sys.stdout.write(explain(claim, project))
    return EXIT_OK


def register(sub) -> None:
    explain = sub.add_parser("explain", help="show one claim's derivation step by step, with units")
    explain.add_argument("claim_id", metavar="CLAIM_ID", help="the id of the claim to explain")
    add_claim_arguments(explain, "claim files or folders to look for it in")
    explain.set_defaults(run=run_explain)
