"""impact: every claim an input reaches through the formula graph, with the path."""

from __future__ import annotations

import sys

from .common import EXIT_OK, add_claim_arguments, load_project, plural


def run_impact(args) -> int:
    import json

    from auditor.api import impact

    project = load_project(args)
    target, hits = impact(args.input, args.paths, project, builtin=args.builtin)
    if args.format == "json":
        rows = [{"claim": h.claim.id, "file": h.claim.location.path, "line": h.claim.location.line, "formula": h.claim.formula, "via": list(h.via)} for h in hits]
        sys.stdout.write(json.dumps({"input": args.input, "kind": target.kind, "claims": rows}, indent=2) + "\n")
        return EXIT_OK
    for hit in hits:
        print(f"{hit.claim.location}: {hit.claim.id} ({hit.claim.formula}) via {' -> '.join(hit.via)}")
    print(f"{plural(len(hits), 'claim')} {'depends' if len(hits) == 1 else 'depend'} on {target.kind} {args.input}")
    return EXIT_OK


def register(sub) -> None:
    impact = sub.add_parser("impact", help="list every claim that depends on a symbol, formula, model, GPU (or GPU.field) or dtype")
    impact.add_argument("input", help="e.g. mem_bandwidth, max_batch, h100_sxm, h100_sxm.memory_bandwidth, meta-llama/Meta-Llama-3-8B, inputs/models/X.json, fp8")
    add_claim_arguments(impact, "claim files or folders")
    impact.add_argument("--format", choices=["human", "json"], default="human", help="one line per claim, or JSON")
    impact.set_defaults(run=run_impact)
