"""check: recompute every claim and report the verdicts."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_FAIL, EXIT_OK, add_cache_option, default_claim_paths, load_project


def run_check(args) -> int:
    from auditor.documents.locate import audit_paths
    from auditor.output import RENDERERS

    project = load_project(args)
    project.documents = args.documents
    paths = args.paths or default_claim_paths(project.root)
    findings = audit_paths(paths, project)
    render = RENDERERS[args.format]
    sys.stdout.write(render(findings, verbose=args.verbose, **({"project": project} if getattr(render, "wants_project", False) else {})))
    return EXIT_OK if all(f.passed for f in findings) else EXIT_FAIL


def register(sub) -> None:
    from auditor.output import RENDERERS

    check = sub.add_parser("check", help="recompute every claim and report the verdicts")
    check.add_argument("paths", nargs="*", type=Path, help="claim files or folders (default: ./claims, else the shipped claims)")
    check.add_argument("--format", choices=list(RENDERERS), default="human")
    check.add_argument("--documents", type=Path, default=None, metavar="DIR", help="folder with local copies of documents the claims name only by URL")
    check.add_argument("-v", "--verbose", action="store_true", help="also list claims that hold")
    add_cache_option(check)
    check.set_defaults(run=run_check)
