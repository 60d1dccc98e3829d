"""update, impact, scan: keeping published numbers true after their inputs move."""

from __future__ import annotations

import sys
from pathlib import Path

from .core import EXIT_FAIL, EXIT_OK, default_claim_paths, load_project


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def run_update(args) -> int:
    from ..rewrite import atomic_write_all, unified_diff
    from ..update import plan_update

    project = load_project(args)
    project.documents = args.documents
    paths = args.paths or default_claim_paths(project.root)
    plan = plan_update(paths, project)
    changed = plan.changed()
    for path, old, new in changed:
        sys.stdout.write(unified_diff(path, old, new))
    for note in plan.notes:
        print(note, file=sys.stderr)
    count = sum(len({(e.start, e.end) for e in plan.edits[path]}) for path, _, _ in changed)
    if args.check:
        verdict = f"{plural(count, 'edit')} in {plural(len(changed), 'file')} would change"
        print(verdict if changed else "update --check: every published number is current", file=sys.stderr)
        return EXIT_FAIL if changed else EXIT_OK
    atomic_write_all([(path, new, old) for path, old, new in changed])
    print(f"update: {plural(count, 'edit')} made in {plural(len(changed), 'file')}", file=sys.stderr)
    return EXIT_OK


def run_impact(args) -> int:
    import json

    from ..impact import impacted, read_target

    project = load_project(args)
    paths = args.paths or default_claim_paths(project.root)
    target = read_target(args.input, project)
    hits = impacted(paths, project, target)
    if args.format == "json":
        rows = [{"claim": h.claim.id, "file": h.claim.location.path, "line": h.claim.location.line, "formula": h.claim.formula, "via": list(h.via)} for h in hits]
        sys.stdout.write(json.dumps({"input": args.input, "kind": target.kind, "claims": rows}, indent=2) + "\n")
        return EXIT_OK
    for hit in hits:
        print(f"{hit.claim.location}: {hit.claim.id} ({hit.claim.formula}) via {' -> '.join(hit.via)}")
    print(f"{plural(len(hits), 'claim')} {'depends' if len(hits) == 1 else 'depend'} on {target.kind} {args.input}")
    return EXIT_OK


def run_scan(args) -> int:
    from ..output import RENDERERS
    from ..scan import audit_proposals, proposals_yaml, scan_document

    project = load_project(args)
    document, proposals = scan_document(args.document, project)
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
    update = sub.add_parser("update", help="recompute every claim and rewrite the numbers that changed, in claims files and documents")
    update.add_argument("paths", nargs="*", type=Path, help="claim files or folders (default: ./claims, else the shipped claims)")
    update.add_argument("--check", action="store_true", help="change nothing; exit 1 if any number would change")
    update.add_argument("--documents", type=Path, default=None, metavar="DIR", help="folder with local copies of documents named only by URL")
    update.set_defaults(run=run_update)

    impact = sub.add_parser("impact", help="list every claim that depends on a symbol, formula, model, GPU (or GPU.field) or dtype")
    impact.add_argument("input", help="e.g. mem_bandwidth, max_batch, h100_sxm, h100_sxm.memory_bandwidth, meta-llama/Meta-Llama-3-8B, inputs/models/X.json, fp8")
    impact.add_argument("paths", nargs="*", type=Path, help="claim files or folders (default: ./claims, else the shipped claims)")
    impact.add_argument("--format", choices=["human", "json"], default="human")
    impact.set_defaults(run=run_impact)

    scan = sub.add_parser("scan", help="find numbers with units in a Markdown or text document and propose claims")
    scan.add_argument("document", type=Path)
    scan.add_argument("--audit", action="store_true", help="audit the proposals that resolve instead of printing them")
    scan.add_argument("--format", choices=["human", "json", "sarif", "junit", "github"], default="human", help="output of --audit")
    scan.set_defaults(run=run_scan)
