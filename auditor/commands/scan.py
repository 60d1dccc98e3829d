"""scan: find numbers with units in a document and propose claims, or audit the proposals."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_FAIL, EXIT_OK, load_project, plural


def run_scan(args) -> int:
    from auditor.output import RENDERERS
    from auditor.api import scan
    from auditor.scan.propose import audit_proposals, proposals_yaml

    project = load_project(args)
    document, proposals = scan(args.document, project)
    if not args.audit:
        sys.stdout.write(proposals_yaml(proposals, document, str(args.document)))
        return EXIT_OK
    audit_proposals(proposals, document, project)
    findings = [p.finding for p in proposals if p.finding is not None]
    sys.stdout.write(RENDERERS[args.format](findings, verbose=True))
    matched = sum(p.formula is not None for p in proposals)
    print(f"scan: {plural(len(proposals), 'number')} found, {matched} matched to a formula, {len(findings)} audited", file=sys.stderr)
    return EXIT_OK if all(f.passed for f in findings) else EXIT_FAIL


def register(sub) -> None:
    scan = sub.add_parser("scan", help="find numbers with units in a Markdown or text document and propose claims")
    scan.add_argument("document", type=Path, metavar="DOCUMENT", help="the Markdown or text document to read")
    scan.add_argument("--audit", action="store_true", help="audit the proposals that resolve instead of printing them")
    scan.add_argument("--format", choices=["human", "json", "sarif", "junit", "github"], default="human", help="output of --audit")
    scan.set_defaults(run=run_scan)
