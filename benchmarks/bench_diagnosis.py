"""Diagnosis cost per mismatched claim, and how many hypotheses each search tries.

Run by hand (not by the tests):  python benchmarks/bench_diagnosis.py

Times the full search (every single hypothesis, then pairs when no single
one fits) on each wrong claim of the shipped corpus and the test corpus,
and prints each as a ratio to a plain evaluation of the same claim, measured
in the same run.
"""

from __future__ import annotations

import time
from pathlib import Path

from auditor.audit.project import Project
from auditor.claims.files import claim_files, load_claim_file
from auditor.claims.verdicts import Verdict
from auditor.diagnosis.search import context, search
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

REPO = Path(__file__).resolve().parent.parent


def timed(function, repeat: int = 3) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    project = Project.load(REPO)
    paths = claim_files([REPO / "claims", REPO / "tests" / "cases" / "wrong_claims.yaml"])
    claims = [c for p in paths for c in load_claim_file(p).claims if c.expect and c.expect.verdict == Verdict.MISMATCH]
    total_search = total_eval = 0.0
    print(f"{'claim':<36} {'tried':>6} {'found':>6} {'ms':>8} {'x evaluation':>13}")
    for claim in claims:
        bindings = resolve(claim, project.catalogue, project.inputs)
        plain, _ = timed(lambda: Evaluation(project.catalogue, bindings).value(claim.formula))
        seconds, (found, tried) = timed(lambda: search(context(claim, project, bindings)))
        total_search += seconds
        total_eval += plain
        print(f"{claim.id:<36} {tried:>6} {len(found):>6} {seconds * 1e3:8.2f} {seconds / plain:13.0f}")
    print(f"{len(claims)} mismatched claims: {total_search / len(claims) * 1e3:.2f} ms per claim on average, "
          f"x{total_search / total_eval:.0f} a plain evaluation")


if __name__ == "__main__":
    main()
