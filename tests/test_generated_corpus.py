"""The generated corpus: each kind of slip, applied to correct claims, is named first (>= 95% per kind)."""

from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.audit.pipeline import audit_claim
from auditor.audit.project import Project

from generated import REPO, bases, cases

EXAMPLES = 25
SHARE = 0.95


@pytest.fixture(scope="module")
def shipped():
    return Project.load(REPO)


@pytest.fixture(scope="module")
def by_kind(shipped):
    grouped = defaultdict(list)
    for case in cases(shipped, bases(shipped)):
        grouped[case.kind].append(case)
    return grouped


def test_every_kind_has_generated_cases(by_kind, shipped):
    assert set(by_kind) == set(shipped.catalogue.kinds), f"kinds without a case: {set(shipped.catalogue.kinds) - set(by_kind)}"


@pytest.mark.parametrize("kind", ["unit", "swap", "fallacy", "rounding", "dropped", "doubled", "dtype", "default", "kv-width", "sliding", "scope", "exponent", "per-layer", "off-by-one", "spec-row"])
def test_the_applied_slip_is_ranked_first(kind, by_kind, shipped):
    outcomes: list[tuple[str, str]] = []

    @settings(max_examples=EXAMPLES, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(by_kind[kind]))
    def apply_and_diagnose(case):
        diagnoses = audit_claim(case.claim, shipped).diagnoses
        outcomes.append((case.claim.id, diagnoses[0].hypothesis if diagnoses else "no explanation"))

    apply_and_diagnose()
    named = [claim_id for claim_id, first in outcomes if claim_id.split("~", 1)[1] != first]
    share = 1 - len(named) / len(outcomes)
    assert share >= SHARE, f"{kind}: {share:.0%} first; missed {sorted(set(named))[:8]}"
