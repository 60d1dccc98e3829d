"""The float pass over all combinations at once decides nothing the combinations computed one by one would not.

Diagnosis rejects far-off combinations in floats before any exact
arithmetic. The array pass (``diagnosis.lanes``) must give each lane the
value that combination gives alone, find the same explanations as the
one-by-one search, and a combination's value must not depend on the order
it names its slips in.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from auditor.audit.project import Project
from auditor.claims.files import claim_files, load_claim_file
from auditor.claims.verdicts import Verdict
from auditor.diagnosis import lanes
from auditor.diagnosis.search import _compatible, applied, candidates, context, search
from auditor.evaluate.resolve import resolve

REPO = Path(__file__).resolve().parent.parent
WRONG = [
    c for p in claim_files([REPO / "claims", REPO / "tests" / "cases" / "wrong_claims.yaml"])
    for c in load_claim_file(p).claims if c.expect and c.expect.verdict == Verdict.MISMATCH
]
SAMPLE = WRONG[::7]


@pytest.fixture(scope="module")
def project():
    return Project.load(REPO)


def _alone(ctx, combo):
    """The combination's float value computed by itself, as the one-by-one search does."""
    bindings, _, scale = applied(ctx, combo)
    values = ctx.replaced(bindings)
    rough = ctx.variation.rough(ctx.claim.formula, values) if values else float(ctx.variation.float_known(ctx.claim.formula))
    return None if rough is None else rough * float(scale)


@pytest.mark.parametrize("claim", SAMPLE, ids=[c.id for c in SAMPLE])
def test_each_lane_holds_the_value_its_combination_gives_alone(claim, project):
    ctx = context(claim, project, resolve(claim, project.catalogue, project.inputs))
    pool = candidates(ctx)
    pairs = [c for c in combinations(pool, 2) if _compatible(*c)]
    combos = pairs + [(b, a) for a, b in pairs] + [(h,) for h in pool]
    judged = 0
    for combo, lane in zip(combos, lanes.lane_values(ctx, combos)):
        if lane is None:
            continue
        alone = _alone(ctx, combo)
        if alone is None:
            continue
        judged += 1
        assert lane == pytest.approx(alone, rel=1e-12, abs=1e-300), [h.name for h in combo]
    if len(combos) >= lanes.SMALLEST_BATCH and ctx.variation.smooth(claim.formula):
        assert judged >= len(combos) // 2  # the pass is used, not skipped


def test_the_search_finds_the_same_explanations_with_and_without_the_float_pass(project, monkeypatch):
    def found(claim):
        ctx = context(claim, project, resolve(claim, project.catalogue, project.inputs))
        diagnoses, tried = search(ctx)
        return [(d.hypothesis, d.reproduced, d.also) for d in diagnoses], tried

    with_pass = {c.id: found(c) for c in WRONG}
    monkeypatch.setattr(lanes, "SMALLEST_BATCH", 10**9)
    without = {c.id: found(c) for c in WRONG}
    assert with_pass == without
    assert sum(bool(v[0]) for v in with_pass.values()) > len(WRONG) // 2


@pytest.mark.parametrize("claim", SAMPLE[:6], ids=[c.id for c in SAMPLE[:6]])
def test_the_pairs_tried_at_once_are_those_the_pairwise_rule_allows(claim, project):
    import numpy

    from auditor.diagnosis.search import _compatibility

    ctx = context(claim, project, resolve(claim, project.catalogue, project.inputs))
    pool = candidates(ctx)
    matrix = _compatibility(pool, numpy)
    for i, j in combinations(range(len(pool)), 2):
        assert bool(matrix[i, j]) == _compatible(pool[i], pool[j]), (pool[i].name, pool[j].name)
