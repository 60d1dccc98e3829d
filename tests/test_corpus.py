"""Every shipped claim gives the verdict its ``expect:`` records, or holds.

Each is audited as ``auditor check`` audits it, with the rest of its file:
what several claims of a document decide together (an unstated input they
share, an input the document shows it computed with exactly) is part of a
claim's verdict.
"""

from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_claim, audit_files
from auditor.audit.project import Project
from auditor.claims.files import claim_files, load_claim_file
from auditor.claims.verdicts import Verdict

REPO = Path(__file__).resolve().parent.parent
SHIPPED = [(path, claim) for path in claim_files([REPO / "claims"]) for claim in load_claim_file(path).claims]


@pytest.fixture(scope="module")
def shipped_project():
    return Project.load(REPO)


@pytest.fixture(scope="module")
def shipped_findings(shipped_project):
    _, findings = audit_files([REPO / "claims"], shipped_project)
    return {f.claim_id: f for f in findings}


@pytest.mark.parametrize("path, claim", SHIPPED, ids=[c.id for _, c in SHIPPED])
def test_shipped_claim_gives_its_recorded_verdict(path, claim, shipped_findings):
    finding = shipped_findings[claim.id]
    if claim.expect is None:
        assert finding.verdict.holds, f"{finding.location}: {finding.verdict.value} {finding.message}"
    else:
        assert finding.verdict == claim.expect.verdict, finding.message
        if claim.expect.cause:
            found = [set(d.parts) for d in finding.diagnoses]
            assert any(d.names(claim.expect.cause) for d in finding.diagnoses), f"recorded cause {claim.expect.cause} not among {found}"


def test_every_number_of_the_derivations_note_holds(shipped_project):
    claims = load_claim_file(REPO / "claims" / "derivations.yaml").claims
    verdicts = {c.id: audit_claim(c, shipped_project).verdict for c in claims}
    assert len(verdicts) >= 15
    assert all(v.holds for v in verdicts.values()), verdicts


def test_a_wrong_number_recorded_as_wrong_is_not_reported_as_holding(shipped_findings):
    wrong = [c for _, c in SHIPPED if c.expect is not None and c.expect.verdict == Verdict.MISMATCH]
    assert wrong, "the corpus records at least one wrong published number"
    for claim in wrong:
        assert not shipped_findings[claim.id].verdict.holds, claim.id


def test_a_claim_audited_alone_differs_only_where_its_document_decides(shipped_project, shipped_findings):
    """Alone, a claim lacks its document's evidence; only the cross-claim passes may change its verdict."""
    changed = {c.id for _, c in SHIPPED if audit_claim(c, shipped_project).verdict != shipped_findings[c.id].verdict}
    weighed = {i for i, f in shipped_findings.items() if f.inferred or any(r.startswith(("its document computes", "its passage rounds")) for r in f.remarks)}
    assert changed <= weighed and "tia-13b-at-90-percent-18-5ms" in changed


SEEDS = REPO.parent / "shared" / "seeds"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside this checkout")
def test_every_shipped_claim_is_found_in_its_document(run_cli):
    import json

    code, out, _ = run_cli("--project", str(REPO), "check", str(REPO / "claims"), "--documents", str(SEEDS), "--format", "json")
    findings = json.loads(out)["findings"]
    copied = {c.id for path in claim_files([REPO / "claims"]) if _has_local_copy(load_claim_file(path)) for c in load_claim_file(path).claims}
    assert code == 0
    assert [f["claim"] for f in findings if f["verdict"] == "stale"] == []
    assert [f["claim"] for f in findings if f["claim"] in copied and not f.get("document_location")] == []


def _has_local_copy(claim_file) -> bool:
    """A repository document, or a seed document found the way --documents finds it; else a published URL."""
    document = claim_file.document
    names = [document["copy"]] if document.get("copy") else [
        Path(str(document.get("url", ""))).name, claim_file.path.stem + ".txt", claim_file.path.stem + ".md"]
    if document.get("path") or any(name and (SEEDS / name).is_file() for name in names):
        return True
    assert str(document.get("url", "")).startswith("https://"), f"{claim_file.path}: a document without a local copy names its URL"
    return False


SCAN_COPIES = REPO / "tests" / "data" / "scan"


def test_every_errata_claim_whose_page_is_saved_here_is_found_in_it(run_cli, monkeypatch):
    """The errata quote pages published elsewhere; those saved under tests/data/scan are checked here."""
    import json

    monkeypatch.chdir(REPO)
    for folder in ("tune", "held-out"):
        code, out, _ = run_cli("check", "claims", "--documents", str(SCAN_COPIES / folder), "--format", "json")
        findings = json.loads(out)["findings"]
        saved = {p.name for p in (SCAN_COPIES / folder).iterdir()}
        files = [p for p in (REPO / "claims").glob("errata-*.yaml") if load_claim_file(p).document.get("copy") in saved]
        shown = {str(p.relative_to(REPO)) for p in files}
        mine = [f for f in findings if f["file"] in shown]
        assert code == 0 and (mine or not files)
        assert [f["claim"] for f in mine if f["verdict"] == "stale" or not f.get("document_location")] == []
