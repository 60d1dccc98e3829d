"""The formula sheet, declared once: every formula it owns has an owner and
assumptions, every number it derives is a claim with the verdict the arithmetic
supports, the ones that cannot be recomputed say what is missing, and a value one
claim borrows from another model is exactly what the catalogue derives for it."""

from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_claim
from auditor.audit.project import Project
from auditor.claims.files import load_claim_file
from auditor.claims.verdicts import Verdict

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO.parent / "shared" / "seeds"
SHEET = load_claim_file(REPO / "claims" / "formula-sheet.yaml").claims
SIZING = load_claim_file(REPO / "claims" / "gpu-sizing.yaml").claims
SHEET_FILES = sorted((REPO / "formulas").glob("sheet_*.yaml"))



@pytest.fixture(scope="module")
def project():
    return Project.load(REPO)


@pytest.fixture(scope="module")
def findings(project):
    return {claim.id: audit_claim(claim, project) for claim in SHEET + SIZING}


def test_the_sheet_records_well_over_a_hundred_numbers():
    numeric = [c for c in SHEET if c.property is None]
    assert len(numeric) >= 150
    assert len({c.id for c in SHEET}) == len(SHEET)


def test_every_sheet_formula_has_an_owner_and_assumptions(project):
    ours = [f for f in project.catalogue.formulas.values() if any(str(f.location.path).endswith(p.name) for p in SHEET_FILES)]
    assert len(ours) >= 150
    missing = [f.id for f in ours if "§" not in f.owner and "GPU sizing" not in f.owner or not f.assumptions]
    assert not missing


@pytest.mark.parametrize("claim", SHEET + SIZING, ids=[c.id for c in SHEET + SIZING])
def test_each_claim_has_the_verdict_the_arithmetic_supports(claim, findings):
    finding = findings[claim.id]
    if claim.expect is None:
        assert finding.verdict.holds, f"{finding.verdict.value}: {finding.message}"
    else:
        assert finding.verdict == claim.expect.verdict, finding.message
        assert claim.expect.reason, "a number recorded as not holding says why"


def test_underdetermined_numbers_name_what_is_missing(findings):
    underdetermined = [f for f in findings.values() if f.verdict == Verdict.UNDERDETERMINED]
    assert underdetermined
    assert all(f.missing for f in underdetermined)


def test_every_symbolic_claim_is_proved(findings):
    shape = [c for c in SHEET if c.property is not None]
    assert len(shape) >= 20
    assert all(findings[c.id].verdict == Verdict.PROVED for c in shape)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside this checkout")
@pytest.mark.parametrize("claims, document", [(SHEET, "formula-sheet.txt"), (SIZING, "gpu-sizing-equation.txt")])
def test_every_quote_is_found_in_its_document(claims, document):
    text = " ".join((SEEDS / document).read_text(encoding="utf-8").split())
    assert [c.id for c in claims if " ".join(c.quote.split()) not in text] == []


def test_a_claim_comparing_two_models_names_both():
    """No claim types in a value another model gives: it names that model by role (gqa_model:, reference_model:...)."""
    roles = [c for c in SHEET if any(k.endswith("_model") for k in c.given)]
    assert len(roles) >= 10
    assert not any(k in c.given for c in SHEET for k in ("kv_bytes_per_token_gqa", "reference_kv_bytes_per_token", "draft_streamed_params"))
