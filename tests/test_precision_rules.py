"""Tolerance rules: each declared once with its reason, none stacked on another (DESIGN decision 10)."""

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from auditor.audit.pipeline import audit_claim
from auditor.audit.project import Project
from auditor.base.precision import RULES, reasons, rules_off
from auditor.base.quantity import parse_stated
from auditor.claims.compare import compare
from auditor.claims.files import load_claim_file

CASES = Path(__file__).parent / "cases"
REPO = Path(__file__).resolve().parent.parent
TOLERANCE = yaml.safe_load((CASES / "tolerance.yaml").read_text())
INTERVALS = load_claim_file(CASES / "input_intervals.yaml").claims


def _verdict(text: str, value: str) -> str:
    stated = parse_stated(text)
    return compare(stated, Fraction(value) * stated.unit.factor, stated.unit.dimensions).verdict.value


@pytest.mark.parametrize("case", TOLERANCE, ids=[f"{c['stated']} @ {c['value']}" for c in TOLERANCE])
def test_a_printed_number_accepts_what_its_rules_allow_and_no_more(case):
    assert _verdict(case["stated"], case["value"]) == case["verdict"]


def test_every_rule_is_declared_once_with_its_reason():
    declared = reasons()
    assert set(declared) == set(RULES)
    assert all(len(reason.split()) >= 8 for reason in declared.values()), declared


@pytest.mark.parametrize(
    "rule, stated, value, on, off",
    [
        ("truncation", "52.2 GiB", "52.29", "holds-by-rounding", "mismatch"),
        ("qualified-trailing-zeros", "≈ 200 GB", "208", "holds", "mismatch"),
        ("qualifier-band", "~57×", "59.8", "holds", "mismatch"),
        ("qualifier-band", "~36 MB", "37.748736", "mismatch", "mismatch"),  # its limit goes with it: the digits alone miss
        ("printed-digits", "52.2 GiB", "52.24", "holds", "holds-by-rounding"),
    ],
)
def test_switching_a_rule_off_removes_exactly_what_it_allowed(rule, stated, value, on, off):
    assert _verdict(stated, value) == on
    with rules_off(rule):
        assert _verdict(stated, value) == off
    assert _verdict(stated, value) == on


@pytest.fixture(scope="module")
def shipped():
    return Project.load(REPO)


@pytest.mark.parametrize("claim", INTERVALS, ids=[c.id for c in INTERVALS])
def test_printed_inputs_are_intervals_and_exact_inputs_stay_exact(claim, shipped):
    finding = audit_claim(claim, shipped)
    assert finding.verdict == (claim.expect.verdict if claim.expect else finding.verdict)
    assert finding.verdict.holds == (claim.expect is None or claim.expect.verdict.holds)
    decided = [r for r in finding.remarks if "printed precision" in r]
    assert bool(decided) == ("precision" in claim.note), finding.remarks


def test_the_precision_rule_off_makes_the_interval_claims_point_claims(shipped):
    claim = next(c for c in INTERVALS if c.id == "interval-weights-decide")
    assert audit_claim(claim, shipped).verdict.holds
    with rules_off("input-precision"):
        assert not audit_claim(claim, shipped).verdict.holds
