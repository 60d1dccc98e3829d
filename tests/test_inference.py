"""Unstated inputs inferred across claims: one value that fits several claims of a document, or nothing."""

from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_files
from auditor.audit.project import Project

CASES = Path(__file__).parent / "cases" / "inferred"
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def findings():
    _, found = audit_files([CASES], Project.load(REPO))
    return {f.claim_id: f for f in found}


def test_one_value_that_fits_every_claim_is_reported_on_each(findings):
    for claim_id in ("inf-pool-8k", "inf-pool-16k"):
        finding = findings[claim_id]
        assert finding.verdict.value == "underdetermined"
        symbol, low, high, count = finding.inferred
        assert (symbol, count) == ("kv_memory", 2)
        assert 63.9e9 < low <= 64e9 <= high < 64.1e9
        assert "kv_memory = 63.995 GB (63.941 GB to 64.049 GB)" in finding.message  # 59.55 to 59.65 x 2^30 B


def test_a_claim_missing_another_input_is_not_counted(findings):
    assert findings["inf-other-missing"].inferred is None


def test_no_value_is_reported_when_none_fits_all(findings):
    assert findings["inf-gain-4"].inferred is None and findings["inf-gain-8"].inferred is None


def test_a_value_that_fits_a_single_claim_is_no_evidence(findings):
    assert findings["inf-alone"].inferred is None
