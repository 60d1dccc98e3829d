"""Symbolic claims: each check proves what holds for all values and refutes, with a
counterexample, what does not. The cases are data (tests/cases/symbolic), over a
toy catalogue whose shapes are known by construction."""

from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_claim
from auditor.audit.project import Project
from auditor.base.errors import InputError
from auditor.catalogue.identity import is_zero
from auditor.catalogue.symbolic import CHECKS
from auditor.claims.files import load_claim_file

CASES = Path(__file__).resolve().parent / "cases" / "symbolic"
CLAIMS = load_claim_file(CASES / "claims" / "shapes.yaml").claims


@pytest.fixture(scope="module")
def project():
    return Project.load(CASES)


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_a_shape_claim_gets_its_verdict_and_says_why(claim, project):
    finding = audit_claim(claim, project)
    assert finding.verdict == claim.expect.verdict, finding.message
    assert claim.expect.reason in finding.message


def test_every_check_has_a_proved_and_a_refuted_case():
    used = {kind: set() for kind in CHECKS}
    for claim in CLAIMS:
        for kind in claim.property:
            if kind in used:
                used[kind].add(claim.expect.verdict.value)
    assert all({"proved", "refuted"} <= verdicts for verdicts in used.values()), used


def _claim_with(project, prop):
    from dataclasses import replace

    return replace(CLAIMS[0], property=prop)


@pytest.mark.parametrize(
    "prop, message",
    [
        ({"bounded_by": 1}, "unknown property 'bounded_by'"),
        ({"independent_of": ["shape_z"]}, "unknown symbol 'shape_z'"),
        ({"equals_at": {"at": {"shape_x": 1}}}, "equals_at needs a mapping with at, value"),
        ({"equals_formula": {"formula": "shape_nothing"}}, "unknown formula 'shape_nothing'"),
        ({"tends_to": {"symbol": "shape_x", "value": 1, "from": "left"}}, "tends_to.from must be 'below' or 'above'"),
        ({"through_product": ["shape_x"]}, "through_product needs two or more names"),
        ({"equals_at": {"at": {"shape_x": "open(1)"}, "value": 1}}, "cannot read 'open(1)'"),
    ],
)
def test_a_malformed_property_is_a_located_input_error(project, prop, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        audit_claim(_claim_with(project, prop), project)


def test_zero_is_decided_symbolically_and_nonzero_by_a_counterexample(project):
    x = project.catalogue.factory("shape_x")
    assert is_zero((x + 1) ** 2 - x**2 - 2 * x - 1, project.catalogue) == (True, None)
    ok, point = is_zero(x**2 - x, project.catalogue)
    assert ok is False and set(point) == {"shape_x"}
