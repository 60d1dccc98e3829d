"""symbols: every symbol, or one with its meaning, unit, notation, source and the key a claim gives it by."""

from __future__ import annotations

import sys

from .common import EXIT_OK, load_project


def run_symbols(args) -> int:
    from auditor.output.names import symbol_detail, symbol_listing

    project = load_project(args)
    text = symbol_detail(project.catalogue, project.inputs, args.name) if args.name else symbol_listing(project.catalogue)
    sys.stdout.write(text)
    return EXIT_OK


def register(sub) -> None:
    symbols = sub.add_parser("symbols", help="list the symbols, or show one: meaning, unit, notation, where its value comes from")
    symbols.add_argument("name", nargs="?", metavar="SYMBOL", help="the symbol to show")
    symbols.set_defaults(run=run_symbols)
