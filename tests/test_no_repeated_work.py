"""Work done once: what diagnosis recomputes equals a full evaluation, and geometry is derived once per config."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.audit.project import Project
from auditor.claims.files import claim_files, load_claim_file
from auditor.claims.verdicts import Verdict
from auditor.diagnosis.search import applied, candidates, context
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

REPO = Path(__file__).resolve().parent.parent
WRONG = [c for p in claim_files([REPO / "claims", REPO / "tests" / "cases" / "wrong_claims.yaml"]) for c in load_claim_file(p).claims
         if c.expect and c.expect.verdict == Verdict.MISMATCH]


@pytest.fixture(scope="module")
def project():
    return Project.load(REPO)


@pytest.mark.parametrize("claim", WRONG, ids=[c.id for c in WRONG])
def test_recomputing_what_a_hypothesis_reaches_equals_evaluating_it_all_again(project, claim):
    bindings = resolve(claim, project.catalogue, project.inputs)
    ctx = context(claim, project, bindings)
    pool = candidates(ctx)
    for combo in [(h,) for h in pool] + [(a, b) for a, b in zip(pool, pool[1:])]:
        changed, _, _ = applied(ctx, combo)
        values = ctx.replaced(changed)
        try:
            full = Evaluation(project.catalogue, changed).value(claim.formula)
        except Exception:
            full = None
        try:
            part = ctx.variation.value(claim.formula, values)
        except Exception:
            part = None
        assert part == full and type(part) is type(full), [h.name for h in combo]
        rough = ctx.variation.rough(claim.formula, values) if values else None
        if rough is not None and full is not None and full != 0:
            assert abs(rough - float(full)) <= abs(float(full)) * 1e-9


def test_geometry_is_derived_once_per_config_however_many_hypotheses_swap_it(project, monkeypatch):
    import auditor.inputs.geometry as geometry
    from auditor.evaluate import memo

    derived = []
    real = geometry.derive
    monkeypatch.setattr(geometry, "derive", lambda config, families=None: derived.append(repr(sorted(config.items()))) or real(config, families))
    monkeypatch.setattr(memo, "_GEOMETRIES", type(memo._GEOMETRIES)())
    claim = next(c for c in WRONG if c.id == "hb-qwen3-next-256k-calculator")
    bindings = resolve(claim, project.catalogue, project.inputs)
    from auditor.diagnosis.search import search

    found, tried = search(context(claim, project, bindings))
    assert tried > 100 and found
    assert derived and len(derived) == len(set(derived))


def test_a_trace_is_written_only_when_asked_for_and_in_derivation_order(project):
    claim = next(c for c in load_claim_file(REPO / "claims" / "derivations.yaml").claims if c.id == "deriv-a100-max-batch")
    evaluation = Evaluation(project.catalogue, resolve(claim, project.catalogue, project.inputs))
    assert evaluation.value("max_batch") == 104
    assert evaluation._trace is None
    names = [s.name for s in evaluation.trace]
    assert names[-1] == "max_batch" and names.index("weight_bytes") < names.index("kv_budget") < names.index("max_batch")
    assert len(names) == len(set(names))
