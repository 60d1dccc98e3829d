#!/usr/bin/env python3
"""Measure `auditor scan` against the shipped claims, on the seed documents when present.

    python scripts/scan_recall.py [--seeds DIR]

For every shipped claims file whose document has a local copy in DIR (found
as `auditor check --documents DIR` finds it; default ../shared/seeds beside
the checkout), each recomputable claim whose number can be located in the
document is one case. Three rates are printed, per document and overall:

  located  the scan proposed a claim on the same printed number
  formula  ... and matched the claim's formula
  verdict  ... and auditing the proposal gave the shipped claim's verdict
           (for a claim shipped underdetermined: the proposal's inputs do
           not resolve either)

The seed texts are not part of the project and are never copied into it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from auditor.audit.project import Project  # noqa: E402
from auditor.claims.files import claim_files, load_claim_file  # noqa: E402
from auditor.claims.verdicts import Verdict  # noqa: E402
from auditor.documents.locate import Document, audit_paths  # noqa: E402
from auditor.documents.paths import document_path  # noqa: E402
from auditor.scan.propose import Scanner, audit_proposals  # noqa: E402


def cases(claims_path: Path, seeds: Path, project) -> tuple[str, list[tuple]] | None:
    """(document name, [(claim, shipped finding, number span)]) for one claims file."""
    claim_file = load_claim_file(claims_path)
    path = document_path(claims_path, claim_file.document, seeds)
    if path is None or claim_file.document.get("path"):
        return None
    document = Document.read(path)
    findings = {f.claim_id: f for f in audit_paths([claims_path], project)}
    found = []
    for claim in claim_file.claims:
        if claim.formula is None or claim.property is not None or claim.stated is None:
            continue
        quote = document.find_quote(claim.quote)
        number = document.find_number(*quote, claim.stated) if quote else None
        if number is not None:
            found.append((claim, findings[claim.id], number))
    return path.name, (document, found)


def measure(document: Document, found: list[tuple], project) -> tuple[int, int, int, int]:
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    located = formula = verdict = 0
    for claim, shipped, (start, end) in found:
        match = next((p for p in proposals if p.start < end and start < p.end), None)
        if match is None:
            continue
        located += 1
        formula += match.formula == claim.formula
        verdict += match.formula == claim.formula and same_verdict(match, shipped)
    return len(found), located, formula, verdict


def same_verdict(proposal, shipped) -> bool:
    """The proposal's audit agrees with the shipped claim's: the same verdict, or both underdetermined."""
    if shipped.verdict == Verdict.UNDERDETERMINED:
        return proposal.finding is None and proposal.pending is not None
    return proposal.finding is not None and proposal.finding.verdict == shipped.verdict


def percent(part: int, whole: int) -> str:
    return f"{part:3d}/{whole:<3d} {100 * part / whole:5.1f}%" if whole else "  -"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=Path, default=REPO.parent / "shared" / "seeds")
    args = parser.parse_args()
    if not args.seeds.is_dir():
        print(f"no seed documents at {args.seeds}: nothing to measure")
        return 0
    project = Project.load(REPO)
    totals = [0, 0, 0, 0]
    print(f"{'document':28} {'cases':>5}  {'located':>14}  {'formula':>14}  {'verdict':>14}")
    for claims_path in claim_files([REPO / "claims"]):
        result = cases(claims_path, args.seeds, project)
        if result is None:
            continue
        name, (document, found) = result
        row = measure(document, found, project)
        totals = [t + r for t, r in zip(totals, row)]
        print(f"{name:28} {row[0]:5d}  {percent(row[1], row[0])}  {percent(row[2], row[0])}  {percent(row[3], row[0])}")
    print(f"{'all':28} {totals[0]:5d}  {percent(totals[1], totals[0])}  {percent(totals[2], totals[0])}  {percent(totals[3], totals[0])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
