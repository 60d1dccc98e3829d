"""solve: invert a claim's formula for one input."""

from __future__ import annotations

import sys

from .common import EXIT_OK, add_claim_arguments, find_claim


def run_solve(args) -> int:
    from auditor.api import solve
    from auditor.diagnosis.solve import render_solutions

    project, claim = find_claim(args)
    solutions = solve(claim, args.symbol, project)
    sys.stdout.write(render_solutions(claim, args.symbol, solutions, project.catalogue))
    return EXIT_OK


def register(sub) -> None:
    solve = sub.add_parser("solve", help="solve a claim's formula for one input so it yields the stated value")
    solve.add_argument("claim_id", metavar="CLAIM_ID", help="the id of the claim whose stated value to solve for")
    solve.add_argument("--for", dest="symbol", required=True, metavar="SYMBOL", help="the symbol to solve for")
    add_claim_arguments(solve, "claim files or folders to look for it in")
    solve.set_defaults(run=run_solve)
