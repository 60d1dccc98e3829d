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
    output = render(findings, verbose=args.verbose, **({"project": project} if getattr(render, "wants_project", False) else {}))
    sys.stdout.write(output)
    code = EXIT_OK if all(f.passed for f in findings) else EXIT_FAIL
    if project.cache is not None and project.cache.complete:
        _store_run(args, project.cache.consulted, output, code)
    return code


def _store_run(args, consulted: list, output: str, code: int) -> None:
    """Keep the run, so the same command with nothing changed is answered before argparse (``replay``)."""
    import auditor

    from .replay import store

    found = {"project": args.project and str(args.project), "paths": [str(p) for p in args.paths], "format": args.format,
             "verbose": args.verbose, "documents": args.documents and str(args.documents)}
    store(auditor.__version__, found, consulted, output, code)


def register(sub) -> None:
    from auditor.output import RENDERERS

    check = sub.add_parser("check", help="recompute every claim and report the verdicts")
    check.add_argument("paths", nargs="*", type=Path, help="claim files or folders (default: ./claims, else the shipped claims)")
    check.add_argument("--format", choices=list(RENDERERS), default="human")
    check.add_argument("--documents", type=Path, default=None, metavar="DIR", help="folder with local copies of documents the claims name only by URL")
    check.add_argument("-v", "--verbose", action="store_true", help="also list claims that hold")
    add_cache_option(check)
    check.set_defaults(run=run_check)
