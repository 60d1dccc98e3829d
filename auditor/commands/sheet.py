"""sheet: the formula catalogue rendered as a document, with every claim's verdict."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_OK, default_claim_paths, load_project


def run_sheet(args) -> int:
    from auditor.documents.locate import audit_paths
    from auditor.output.sheet import render_sheet

    project = load_project(args)
    paths = args.paths or default_claim_paths(project.root)
    findings = audit_paths(paths, project)
    text = render_sheet(project.catalogue, findings, args.format, args.title)
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return EXIT_OK


def register(sub) -> None:
    sheet = sub.add_parser("sheet", help="render the formula catalogue as a document (equations, owners, assumptions, claims)")
    sheet.add_argument("paths", nargs="*", type=Path, help="claim files or folders whose verdicts to show (default: ./claims, else the shipped claims)")
    sheet.add_argument("-o", "--output", type=Path, help="write to this file instead of standard output")
    sheet.add_argument("--format", choices=["markdown", "html"], default="markdown")
    sheet.add_argument("--title", default="Formula sheet", help="the document's title")
    sheet.set_defaults(run=run_sheet)
