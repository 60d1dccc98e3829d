"""Units as documents write them: every spelling read, none ends the run (issue: units as documents write them)."""

import re
from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_claim
from auditor.audit.project import Project
from auditor.claims.files import load_claim_file

CASES = Path(__file__).parent / "cases" / "unit_spellings.yaml"
REPO = Path(__file__).resolve().parent.parent
CLAIMS = load_claim_file(CASES).claims


@pytest.fixture(scope="module")
def shipped():
    return Project.load(REPO)


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_each_spelling_gives_the_verdict_worked_by_hand(claim, shipped):
    finding = audit_claim(claim, shipped)
    if claim.expect is None:
        assert finding.verdict.holds, f"{finding.verdict.value}: {finding.message}"
    else:
        assert finding.verdict == claim.expect.verdict, f"{finding.verdict.value}: {finding.message}"


def test_every_spelling_is_covered_in_a_holding_and_a_failing_claim():
    spellings = ["µs", "us", "TFLOPS", "TOPS", "TF/s", "kB", "KB", "bytes per token", "GB/sequence", "B", "M", "\\text{GB}", "tokens", "sequences", "sessions", "TPS", "TPM", "t/s"]
    written = {c.id: re.sub(r"^[-\d.,\s]+", "", c.stated.text) for c in CLAIMS if c.stated is not None}
    for spelling in spellings:
        using = [c for c in CLAIMS if c.id in written and re.match(rf"{re.escape(spelling)}($|[/ ])", written[c.id])]
        kinds = {c.expect is None or c.expect.verdict.holds for c in using}
        assert kinds == {True, False}, f"{spelling!r} needs a holding and a mismatching claim"


def test_no_spelling_ends_the_run(run_cli):
    code, out, err = run_cli("check", str(CASES))
    assert code == 0, err
    assert "unknown unit 'furlongs'" in out and "unit_spellings.yaml:" in out
    assert "Traceback" not in err


def test_a_unit_slip_never_rewrites_inside_another_unit(shipped):
    """The seconds slip must not turn µs into µms (which the registry cannot read)."""
    claim = next(c for c in CLAIMS if c.id == "us-micro-wrong")
    finding = audit_claim(claim, shipped)
    assert all("µms" not in d.description for d in finding.diagnoses)


def test_an_unknown_unit_is_an_invalid_claim_located_and_the_others_are_still_audited(project, monkeypatch, run_cli):
    (project / "claims" / "u.yaml").write_text(
        "claims:\n"
        "  - {id: a, quote: q, formula: weight_bytes, given: {n_params: 8000000000, weight_dtype: bf16}, stated: \"16 gigaquads\"}\n"
        "  - {id: b, quote: q, formula: weight_bytes, given: {n_params: 8000000000, weight_dtype: bf16}, stated: \"16 GB\"}\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(project)
    code, out, err = run_cli("check", "-v")
    assert code == 1 and err == ""
    assert "claims/u.yaml:2: claim 'a': unknown unit 'gigaquads'" in out
    assert "[holds]" in out and "(b)" in out
