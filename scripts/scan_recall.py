#!/usr/bin/env python3
"""Measure `auditor scan --audit` against the hand-labelled documents in tests/data/scan.

    python scripts/scan_recall.py              # the documents the scan is developed against (tune/)
    python scripts/scan_recall.py --held-out   # the documents kept aside, for the one final measurement
    python scripts/scan_recall.py --held-out-2 # a second set kept aside, labelled later, for its own one measurement
    python scripts/scan_recall.py --held-out-3 # a third set, saved and labelled before the scan read it
    python scripts/scan_recall.py --held-out-4 # a fourth set, saved and labelled before the scan read it
    python scripts/scan_recall.py --held-out-5 # fifth to sixty-ninth sets, likewise (--held-out-6 ... --held-out-69)
    python scripts/scan_recall.py --development  # every set already read, summed: what the scan is tuned on now
    python scripts/scan_recall.py --misses     # also list each labelled number the scan did not locate

Per document, and over all of them:

  located    labelled numbers the scan located (proposed or only listed)
  precision  proposals that are labelled numbers, of all proposals
  right      located numbers whose proposal recomputes the labelled value (the right sum, or formula and inputs)
  verdicts   audited proposals whose verdict matches the label (holds for a right number, mismatch for a wrong one)
  false      correct numbers flagged, of the correct numbers audited (and proposals on unlabelled numbers flagged)
  caught     wrong numbers flagged for the right cause (the named slip, or the hand value recomputed), of all wrong numbers
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from auditor.audit.project import Project
from auditor.documents.locate import Document
from auditor.scan.propose import Scanner, audit_proposals
from auditor.scan.recall import Counts, labelled_document, load_labels, measure

DATA = REPO / "tests" / "data" / "scan"
DEVELOPMENT = ("tune", "held-out", "held-out-2", "held-out-3", "held-out-4", "held-out-5", "held-out-6", "held-out-7", "held-out-8", "held-out-9", "held-out-10", "held-out-11", "held-out-12",
               "held-out-13", "held-out-14", "held-out-15", "held-out-16", "held-out-17", "held-out-18", "held-out-19",
               "held-out-20", "held-out-21", "held-out-22", "held-out-23", "held-out-24", "held-out-25", "held-out-26", "held-out-27",
               "held-out-28", "held-out-29", "held-out-30", "held-out-31", "held-out-32", "held-out-33", "held-out-34", "held-out-35", "held-out-36", "held-out-37", "held-out-38", "held-out-39", "held-out-40", "held-out-41",
               "held-out-42", "held-out-43", "held-out-44", "held-out-45", "held-out-46", "held-out-47", "held-out-48", "held-out-49",
               "held-out-50", "held-out-51", "held-out-52", "held-out-53", "held-out-54", "held-out-55", "held-out-56", "held-out-57", "held-out-58", "held-out-59", "held-out-60", "held-out-61", "held-out-62", "held-out-63", "held-out-64", "held-out-65", "held-out-66", "held-out-67", "held-out-68", "held-out-69")
"""The sets the scan has read: each held-out set joins these after its one measurement."""


def rate(part: int, whole: int) -> str:
    return f"{part:3d}/{whole:<3d} {100 * part / whole:5.1f}%" if whole else "      -       "


def row(name: str, c: Counts) -> str:
    false = rate(c.false_alarms, c.audited_correct) + f" +{c.flagged_non_claims}"
    cells = (rate(c.located, c.labels), rate(c.real, c.proposals), rate(c.right, c.located), rate(c.right_verdicts, c.audited), false, rate(c.caught, c.errors))
    return f"{name:40} " + "  ".join(cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held-out", action="store_true", help="measure the documents kept aside (run once, at the end)")
    for n in range(2, 70):
        parser.add_argument(f"--held-out-{n}", action="store_true", help=f"measure held-out-{n}/ (a set kept aside: run once, at the end)")
    parser.add_argument("--development", action="store_true", help=f"every set the scan has already read, summed ({', '.join(DEVELOPMENT)})")
    parser.add_argument("--misses", action="store_true", help="list the labelled numbers the scan did not locate")
    args = parser.parse_args()
    chosen = [f"held-out-{n}" for n in range(69, 1, -1) if getattr(args, f"held_out_{n}")] + (["held-out"] if args.held_out else [])
    folders = DEVELOPMENT if args.development else chosen[:1] or ["tune"]
    project = Project.load(REPO)
    header = ("located", "precision", "right", "verdicts", "false alarms", "caught")
    print(f"{'document (' + ', '.join(folders) + ')':40} " + "  ".join(f"{h:>14}" for h in header))
    total = Counts()
    for path in sorted((DATA / "labels").glob("*.yaml")):
        if labelled_document(path, DATA).parent.name not in folders:
            continue
        document_path, labels = load_labels(path, DATA)
        document = Document.read(document_path)
        proposals = Scanner(document, project).proposals()
        audit_proposals(proposals, document, project)
        counts = measure(document, labels, proposals)
        total.add(counts)
        print(row(document_path.name, counts))
        if args.misses:
            print("\n".join("    " + m for m in counts.misses))
    print(row("all", total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
