"""formulas: the catalogue, or one formula with its inputs."""

from __future__ import annotations

import sys

from .common import EXIT_OK, load_project


def run_formulas(args) -> int:
    from auditor.output.explain import render_catalogue

    project = load_project(args)
    sys.stdout.write(render_catalogue(project.catalogue, args.formula_id))
    return EXIT_OK


def register(sub) -> None:
    formulas = sub.add_parser("formulas", help="list the formula catalogue, or show one formula")
    formulas.add_argument("formula_id", nargs="?")
    formulas.set_defaults(run=run_formulas)
