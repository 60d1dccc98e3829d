"""formulas: the catalogue sorted by id, one formula with the keys a claim gives it, or a search by word."""

from __future__ import annotations

import sys

from .common import EXIT_OK, load_project


def run_formulas(args) -> int:
    from auditor.api import search_formulas
    from auditor.output.names import formula_detail, formula_listing, search_listing

    project = load_project(args)
    if args.search is not None:
        text = search_listing(search_formulas(args.search, project), args.search)
    elif args.formula_id:
        text = formula_detail(project.catalogue, project.inputs, args.formula_id)
    else:
        text = formula_listing(project.catalogue)
    sys.stdout.write(text)
    return EXIT_OK


def register(sub) -> None:
    formulas = sub.add_parser("formulas", help="list the formula catalogue, show one formula, or search it by a word")
    formulas.add_argument("formula_id", nargs="?", metavar="FORMULA", help="the formula to show, with its inputs as the given: keys a claim writes")
    formulas.add_argument("--search", metavar="WORD", help="formulas whose id, title, owner, or symbols' meaning or notation holds WORD")
    formulas.set_defaults(run=run_formulas)
