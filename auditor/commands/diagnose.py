"""solve: invert a claim's formula for one input."""

from __future__ import annotations

import sys
from pathlib import Path

EXIT_OK = 0


def run_solve(args) -> int:
    from ..claims import claim_files, load_claim_file
    from ..errors import InputError, Location
    from ..solve import render_solutions, solve_claim
    from .core import default_claim_paths, load_project

    project = load_project(args)
    paths = args.paths or default_claim_paths(project.root)
    for path in claim_files(paths):
        for claim in load_claim_file(path).claims:
            if claim.id == args.claim_id:
                if claim.formula not in project.catalogue.formulas or claim.stated is None:
                    raise InputError(claim.location, f"claim {claim.id!r} has no formula and stated value to solve")
                solutions = solve_claim(claim, project, args.symbol)
                sys.stdout.write(render_solutions(claim, args.symbol, solutions, project.catalogue))
                return EXIT_OK
    raise InputError(Location(", ".join(str(p) for p in paths)), f"no claim with id {args.claim_id!r}")


def register(sub) -> None:
    solve = sub.add_parser("solve", help="solve a claim's formula for one input so it yields the stated value")
    solve.add_argument("claim_id")
    solve.add_argument("--for", dest="symbol", required=True, help="the symbol to solve for")
    solve.add_argument("paths", nargs="*", type=Path)
    solve.set_defaults(run=run_solve)
