#!/usr/bin/env python3
"""The labelled corpus's figures: wrong numbers flagged, causes named, correct numbers left alone.

    python scripts/corpus_figures.py [--calibrate] [--causes] [PATHS...]

The corpus is every claims file (under PATHS, default claims/) whose
document names its part, `corpus: tuned`, `corpus: held-out`, `corpus: held-out-2` or `corpus: held-out-3`. A claim's
hand label is its `label:` when it has one (where the auditor is known to
disagree), else its `expect:`, else "holds". A label of mismatch or
unit-error is a wrong number; a label that holds is a correct one; others
(underdetermined, invalid) are neither. Per part, and for all parts together, it prints:

  wrong flagged    wrong numbers whose verdict does not hold
  cause first      wrong numbers with a hand cause whose first-ranked explanation is that cause
  correct flagged  correct numbers whose verdict does not hold
  explained holds  claims that hold and still carry an explanation (must be 0)
  uncaused named   wrong numbers with no hand cause that got an explanation anyway

--calibrate audits the corpus once per precision rule with that rule off and
prints what the rule saves (correct numbers that stop holding without it),
what it lets through (wrong numbers that are flagged without it), and, for a
rule that waives another (shown-rounding), what it flags (wrong and correct
numbers that hold without it).
--causes lists the hand causes and how often each is ranked first.
--part NAME limits both to one part (repeatable), so a rule is tuned on the
tuned part alone and the held-out parts stay unseen until they are scored.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from auditor.audit.pipeline import audit_files  # noqa: E402
from auditor.audit.project import Project  # noqa: E402
from auditor.base.precision import RULES, rules_off  # noqa: E402
from auditor.claims.files import claim_files, load_claim_file  # noqa: E402

WRONG = {"mismatch", "unit-error"}
PARTS = ("tuned", "held-out", "held-out-2", "held-out-3")


def corpus_files(paths: list[Path]) -> dict[str, list[Path]]:
    parts: dict[str, list[Path]] = {part: [] for part in PARTS}
    for path in claim_files(paths):
        part = load_claim_file(path).document.get("corpus")
        if part in parts:
            parts[part].append(path)
    return parts


def label(claim):
    """(kind, cause): kind is "wrong", "correct" or None; cause the hand cause, as a set."""
    record = claim.label or claim.expect
    if claim.stated is None or claim.formula is None:
        return None, set()
    if record is None:
        return "correct", set()
    if record.verdict.value in WRONG:
        return "wrong", set(record.cause)
    return ("correct", set()) if record.verdict.holds else (None, set())


def audited(paths: list[Path], project) -> list[tuple]:
    files, findings = audit_files(paths, project)
    claims = [c for f in files for c in f.claims]
    return [(c, f, *label(c)) for c, f in zip(claims, findings)]


def figures(rows: list[tuple]) -> dict[str, tuple[int, int]]:
    wrong = [r for r in rows if r[2] == "wrong"]
    caused = [r for r in wrong if r[3]]
    correct = [r for r in rows if r[2] == "correct"]
    first = [r for r in caused if r[1].diagnoses and r[1].diagnoses[0].names(r[3])]
    return {
        "wrong flagged": (sum(not r[1].verdict.holds for r in wrong), len(wrong)),
        "cause first": (len(first), len(caused)),
        "correct flagged": (sum(not r[1].verdict.holds for r in correct), len(correct)),
        "explained holds": (sum(bool(r[1].diagnoses) for r in rows if r[1].verdict.holds), sum(r[1].verdict.holds for r in rows)),
        "uncaused named": (sum(bool(r[1].diagnoses) for r in wrong if not r[3]), sum(1 for r in wrong if not r[3])),
    }


def show_figures(part: str, rows: list[tuple]) -> None:
    documents = len({r[0].location.path for r in rows})
    print(f"{part}: {documents} documents, {len(rows)} claims")
    for name, (hit, total) in figures(rows).items():
        rate = f"{100 * hit / total:5.1f}%" if total else "    -"
        print(f"  {name:<16} {hit:>4} / {total:<4} {rate}")


def calibrate(parts: dict[str, list[Path]], project, chosen: tuple[str, ...] = PARTS) -> None:
    scope = "the whole corpus" if set(chosen) == set(PARTS) else "the " + ", ".join(chosen) + " part"
    print(f"calibration on {scope}: what each rule saves and what it lets through")
    paths = [p for part in chosen for p in parts[part]]
    base = {r[0].id: r for r in audited(paths, project)}
    for rule in RULES:
        with rules_off(rule):
            off = {r[0].id: r for r in audited(paths, project)}
        saves = _changed(base, off, "correct", holds_with=True)
        lets = _changed(base, off, "wrong", holds_with=True)
        catches = _changed(base, off, "wrong", holds_with=False)
        costs = _changed(base, off, "correct", holds_with=False)
        print(
            f"  {rule:<26} saves {saves:>3} correct numbers, lets {lets:>3} wrong ones through; "
            f"flags {catches:>3} wrong and {costs:>3} correct ones that hold without it"
        )


def _changed(base: dict, off: dict, kind: str, holds_with: bool) -> int:
    """Numbers of ``kind`` whose verdict holds with the rule (holds_with) or without it, and not the other way."""
    return sum(1 for i, r in base.items() if r[2] == kind and r[1].verdict.holds == holds_with and off[i][1].verdict.holds != holds_with)


def causes(rows: list[tuple]) -> None:
    counts, firsts = Counter(), Counter()
    for claim, finding, kind, cause in rows:
        if kind == "wrong" and cause:
            key = ", ".join(sorted(cause))
            counts[key] += 1
            firsts[key] += bool(finding.diagnoses and finding.diagnoses[0].names(cause))
    for key, n in counts.most_common():
        print(f"  {firsts[key]:>3} / {n:<3} {key}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[REPO / "claims"])
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--causes", action="store_true")
    parser.add_argument("--part", action="append", choices=PARTS, help="only this part (repeatable); default every part")
    args = parser.parse_args(argv)
    project = Project.load(REPO)
    parts = corpus_files(args.paths)
    chosen = tuple(args.part or PARTS)
    every: list[tuple] = []
    for part in chosen:
        if parts[part]:
            rows = audited(parts[part], project)
            every.extend(rows)
            show_figures(part, rows)
            if args.causes:
                causes(rows)
    if sum(bool(parts[part]) for part in chosen) > 1:
        show_figures("all parts", every)
    if args.calibrate:
        calibrate(parts, project, chosen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
