"""sheet: the formula catalogue rendered as a document, with every claim's verdict."""

from __future__ import annotations

from pathlib import Path

from .common import EXIT_OK, EXIT_USAGE, add_claim_arguments, load_project


def run_sheet(args) -> int:
    from auditor.api import check
    from auditor.output.sheet import render_sheet

    from .options import emit, print_problems

    project = load_project(args)
    audit = check(args.paths, project, builtin=args.builtin)
    print_problems(audit.problems)
    emit(render_sheet(project.catalogue, audit.findings, args.format, args.title), args.output)
    return EXIT_USAGE if audit.problems else EXIT_OK


def register(sub) -> None:
    sheet = sub.add_parser("sheet", help="render the formula catalogue as a document (equations, owners, assumptions, claims)")
    add_claim_arguments(sheet, "claim files or folders whose verdicts to show")
    sheet.add_argument("-o", "--output", type=Path, help="write to this file instead of standard output")
    sheet.add_argument("--format", choices=["markdown", "html"], default="markdown", help="Markdown with LaTeX equations, or one HTML page with MathML")
    sheet.add_argument("--title", default="Formula sheet", help="the document's title")
    sheet.set_defaults(run=run_sheet)
