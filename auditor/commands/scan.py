"""scan: find a document's numbers and propose claims; print them, write them as a claims file, or audit them."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_FAIL, EXIT_OK, load_project, plural, project_root


def run_scan(args) -> int:
    from auditor.api import scan

    project = load_project(args)
    document, proposals = scan(args.document, project)
    if args.audit:
        return _audit(args, proposals, document, project)
    from auditor.scan.propose import audit_proposals

    audit_proposals(proposals, document, project)  # the readings the audit settles on (a sum's printed precision, a
    # figure at full efficiency) are the claims the file proposes, so `auditor check` gives the verdicts `--audit` gives
    _write(args, proposals, document)
    print(_summary(proposals), file=sys.stderr)
    return EXIT_OK


def _write(args, proposals, document) -> None:
    """The claims file, on stdout or atomically into ``-o FILE`` inside the project."""
    from auditor.base.errors import InputError, Location
    from auditor.documents.rewrite import atomic_write
    from auditor.scan.proposals import document_reference, proposals_yaml

    output = args.output
    if output is None:
        sys.stdout.write(proposals_yaml(proposals, document, document_reference(args.document, None)))
        return
    root = project_root(args)
    target = output.resolve()
    if not target.is_relative_to(root):
        raise InputError(Location(str(output)), f"-o writes the claims file inside the project ({root}); {target} is outside it")
    if target.is_dir():
        raise InputError(Location(str(output)), "-o names a folder; give the claims file's name (claims/NAME.yaml)")
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, proposals_yaml(proposals, document, document_reference(args.document, target)), root=root)


def _audit(args, proposals, document, project) -> int:
    from auditor.output import RENDERERS
    from auditor.scan.propose import audit_proposals

    audit_proposals(proposals, document, project)
    findings = [p.finding for p in proposals if p.finding is not None]
    sys.stdout.write(RENDERERS[args.format](findings, verbose=True))
    held = sum(1 for p in proposals if p.pending is not None and any(e.startswith("held back") for e in p.evidence))
    print(_summary(proposals) + f", {len(findings)} audited" + (f", {held} held back (each says why: a rounding of the page's own, a figure at peak or a miss on defaults the scan assumed, a words formula only another storage format explains)" if held else ""), file=sys.stderr)
    return EXIT_OK if all(f.passed for f in findings) else EXIT_FAIL


def _summary(proposals) -> str:
    printed = sum(p.arithmetic is not None and not p.worked_out for p in proposals)
    worked_out = sum(p.arithmetic is not None and p.worked_out for p in proposals)
    formulas = sum(p.formula is not None for p in proposals)
    parts = [plural(printed, "printed sum")] + ([f"{plural(worked_out, 'sum')} of the page's own numbers"] if worked_out else []) + [plural(formulas, "formula")]
    return f"scan: {plural(len(proposals), 'number')} located, {printed + worked_out + formulas} proposed ({', '.join(parts)})"


def register(sub) -> None:
    scan = sub.add_parser("scan", help="find a document's numbers (Markdown, HTML, text) and propose claims")
    scan.add_argument("document", type=Path, metavar="DOCUMENT", help="the Markdown, HTML or text document to read")
    scan.add_argument("-o", "--output", type=Path, help="write the proposals as a claims file (claims/NAME.yaml) that 'auditor check' runs")
    scan.add_argument("--audit", action="store_true", help="audit the proposals instead of printing them")
    scan.add_argument("--format", choices=["human", "json", "sarif", "junit", "github"], default="human", help="output of --audit")
    scan.set_defaults(run=run_scan)
