"""check, explain, formulas: auditing the claims and reading the catalogue."""

from __future__ import annotations

import sys
from pathlib import Path

from ..resources import builtin

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def project_root(args) -> Path:
    return (args.project or Path.cwd()).resolve()


def default_claim_paths(root: Path) -> list[Path]:
    """A project's own ``claims/`` when present, else the shipped claims."""
    own = root / "claims"
    return [own] if own.is_dir() else [builtin("claims")]


def load_project(args):
    from ..audit import Project

    root = project_root(args)
    return Project.load(root)


def run_check(args) -> int:
    from ..audit import audit_paths
    from ..output import RENDERERS

    project = load_project(args)
    project.documents = args.documents
    paths = args.paths or default_claim_paths(project.root)
    findings = audit_paths(paths, project)
    render = RENDERERS[args.format]
    sys.stdout.write(render(findings, verbose=args.verbose, **({"project": project} if getattr(render, "wants_project", False) else {})))
    return EXIT_OK if all(f.passed for f in findings) else EXIT_FAIL


def find_claim(args):
    """The project and the claim ``args.claim_id`` names, in ``args.paths`` or the default claims."""
    from ..claims import claim_files, load_claim_file
    from ..errors import InputError, Location

    project = load_project(args)
    paths = args.paths or default_claim_paths(project.root)
    for path in claim_files(paths):
        for claim in load_claim_file(path).claims:
            if claim.id == args.claim_id:
                return project, claim
    raise InputError(Location(", ".join(str(p) for p in paths)), f"no claim with id {args.claim_id!r}")


def run_explain(args) -> int:
    from ..audit import audit_claim
    from ..explain import render_explanation

    project, claim = find_claim(args)
    sys.stdout.write(render_explanation(claim, audit_claim(claim, project), project))
    return EXIT_OK


def run_formulas(args) -> int:
    from ..explain import render_catalogue

    project = load_project(args)
    sys.stdout.write(render_catalogue(project.catalogue, args.formula_id))
    return EXIT_OK


def register(sub) -> None:
    from ..output import RENDERERS

    check = sub.add_parser("check", help="recompute every claim and report the verdicts")
    check.add_argument("paths", nargs="*", type=Path, help="claim files or folders (default: ./claims, else the shipped claims)")
    check.add_argument("--format", choices=list(RENDERERS), default="human")
    check.add_argument("--documents", type=Path, default=None, metavar="DIR", help="folder with local copies of documents the claims name only by URL")
    check.add_argument("-v", "--verbose", action="store_true", help="also list claims that hold")
    check.set_defaults(run=run_check)

    explain = sub.add_parser("explain", help="show one claim's derivation step by step, with units")
    explain.add_argument("claim_id")
    explain.add_argument("paths", nargs="*", type=Path)
    explain.set_defaults(run=run_explain)

    formulas = sub.add_parser("formulas", help="list the formula catalogue, or show one formula")
    formulas.add_argument("formula_id", nargs="?")
    formulas.set_defaults(run=run_formulas)
