"""A document's own numbers show which value of a printed input it computed with (rule input-precision, waived per document)."""

from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_files
from auditor.audit.project import Project
from auditor.base.precision import rules_off

CASES = Path(__file__).parent / "cases" / "exact_inputs"
REPO = Path(__file__).resolve().parent.parent


def findings_of(cases: Path = CASES) -> dict:
    """Each claim's finding under ``cases``, audited together as documents, by id."""
    _, found = audit_files([cases], Project.load(REPO))
    return {f.claim_id: f for f in found}


_findings = findings_of


@pytest.fixture(scope="module")
def findings():
    return _findings()


def test_a_number_held_only_by_an_input_its_document_computes_with_exactly_is_judged_at_that_value(findings):
    finding = findings["shown-at-90-percent-18-5ms"]
    assert finding.verdict.value == "mismatch"
    assert 18.64 < finding.value < 18.65
    reason = finding.remarks[0]
    assert reason.startswith("its document computes with mem_bandwidth = 1.5e12 B/s exactly")
    assert all(w in reason for w in ("shown-ridge-208", "shown-one-gpu-16-8ms", "shown-two-gpus-8-4ms"))
    assert "1 in 870" in reason  # 13.882 x 11.197 x 5.599 = 870.2 (each range over its printed band of 1, 0.1, 0.1)
    assert not any("printed precision (" in r for r in finding.remarks)


def test_the_numbers_that_show_it_still_hold(findings):
    assert all(findings[i].verdict.value == "holds" for i in ("shown-ridge-208", "shown-one-gpu-16-8ms", "shown-two-gpus-8-4ms"))


def test_without_numbers_of_its_own_document_to_show_it_the_interval_still_holds_a_number(findings):
    finding = findings["alone-at-90-percent-18-5ms"]  # the same claim; the witnesses are in another document
    assert finding.verdict.value == "holds"
    assert finding.remarks[0].startswith("holds within its inputs' printed precision (mem_bandwidth = 1.5e12 B/s)")


def test_numbers_as_loose_as_the_interval_are_no_evidence(findings):
    assert findings["loose-at-90-percent-18-5ms"].verdict.value == "holds"


def test_with_the_rule_off_nothing_is_waived_or_held():
    with rules_off("input-precision"):
        found = _findings()
    assert found["shown-at-90-percent-18-5ms"].verdict.value == "mismatch"
    assert found["alone-at-90-percent-18-5ms"].verdict.value == "mismatch"
    assert not any(r.startswith("its document computes") for f in found.values() for r in f.remarks)
