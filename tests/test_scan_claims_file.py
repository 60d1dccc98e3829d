"""`auditor scan DOC -o claims/NAME.yaml` writes a claims file that `auditor check` runs unchanged, and the scan's
figures on the documents it was developed against (never the ones kept aside)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

DATA = Path(__file__).parent / "data" / "scan"
TUNE = sorted((DATA / "tune").iterdir())


@pytest.fixture
def scanned(project, monkeypatch, run_cli):
    """Each tune document scanned into the project's claims/, as a reviewer would start."""

    def scan(name: str):
        shutil.copy(DATA / "tune" / name, project / name)
        monkeypatch.chdir(project)
        code, _, err = run_cli("scan", name, "-o", f"claims/{Path(name).stem}.yaml")
        assert code == 0, err
        return project / "claims" / f"{Path(name).stem}.yaml", err

    return scan


@pytest.mark.parametrize("name", [p.name for p in TUNE])
def test_the_claims_file_a_scan_writes_is_checked_unchanged(scanned, run_cli, name):
    path, _ = scanned(name)
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))["claims"]
    code, out, err = run_cli("check", str(path), "--format", "json")
    assert code in (0, 1), err
    findings = json.loads(out)["findings"]
    assert len(findings) == len(entries) > 0
    assert not [f["claim"] for f in findings if f["verdict"] in ("stale", "invalid")]
    assert all(f.get("document_location") for f in findings)
    assert len({e["id"] for e in entries}) == len(entries)


def test_every_proposal_carries_its_score_and_the_located_numbers_are_listed(scanned):
    path, err = scanned("applied-inference.md")
    text = path.read_text(encoding="utf-8")
    assert text.count("  - id: ") == text.count("    # score ")
    assert "# Numbers located but not proposed" in text
    assert "located" in err and "proposed" in err


def test_a_claims_file_is_written_only_inside_the_project(project, monkeypatch, run_cli, tmp_path_factory):
    shutil.copy(DATA / "tune" / "choosing-the-right-gpu.md", project / "gpu.md")
    monkeypatch.chdir(project)
    outside = tmp_path_factory.mktemp("elsewhere") / "gpu.yaml"
    code, _, err = run_cli("scan", "gpu.md", "-o", str(outside))
    assert code == 2 and "inside the project" in err and not outside.exists()


@pytest.fixture(scope="module")
def tune_figures():
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals
    from auditor.scan.recall import Counts, labelled_document, load_labels, measure

    project = Project.load(Path(__file__).resolve().parent.parent)
    total = Counts()
    for labels in sorted((DATA / "labels").glob("*.yaml")):
        if labelled_document(labels, DATA).parent.name != "tune":
            continue
        path, found = load_labels(labels, DATA)
        document = Document.read(path)
        proposals = Scanner(document, project).proposals()
        audit_proposals(proposals, document, project)
        total.add(measure(document, found, proposals))
    return total


def test_on_the_tune_documents_the_scan_finds_nearly_every_number_and_proposes_few_that_are_not_claims(tune_figures):
    assert tune_figures.located >= 0.9 * tune_figures.labels
    assert tune_figures.real >= 0.9 * tune_figures.proposals


def test_on_the_tune_documents_correct_numbers_are_not_flagged(tune_figures):
    assert tune_figures.false_alarms <= 0.05 * tune_figures.audited_correct


def test_a_label_whose_unit_the_project_does_not_know_is_located_and_scored_for_nothing_else(tmp_path):
    """A price in euros per second ("EUR/s") has no registry entry: the label loads, its hand value is None."""
    from auditor.scan.recall import load_labels

    (tmp_path / "page.md").write_text("It costs 0.0007 euros a second, 2.5 GB in all.\n", encoding="utf-8")
    labels = tmp_path / "labels.yaml"
    labels.write_text('document: page.md\nnumbers:\n  - {line: 1, number: "0.0007", value: "6.944e-4 EUR/s", right: true}\n'
                      '  - {line: 1, number: "2.5 GB", value: "2.5e9 B", right: true}\n', encoding="utf-8")
    _, found = load_labels(labels, tmp_path)
    assert [label.value for label in found] == [None, 2.5e9]


def test_a_label_not_on_its_line_is_an_error_naming_the_file_the_label_and_the_line(tmp_path):
    from auditor.scan.recall import load_labels

    (tmp_path / "page.md").write_text("It costs 0.0007 dollars a second.\n2.5 GB in all.\n", encoding="utf-8")
    labels = tmp_path / "labels.yaml"
    labels.write_text('document: page.md\nnumbers:\n  - {line: 1, number: "2.5 GB", value: "2.5e9 B", right: true}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"labels.yaml: the label '2.5 GB' at line 1: '2.5 GB' is not on that line of page.md"):
        load_labels(labels, tmp_path)


def test_a_unit_slip_counts_as_the_labelled_cause_when_it_is_the_same_factor_told_from_another_prefix():
    """1,342,177,280 B printed "1.28 GB" is 1,280 MiB printed as MB or 1.28 kMiB printed as GB: one slip, 1024² / 1000²."""
    from auditor.scan.recall import _same_slip

    assert _same_slip("MiB printed as MB", "kMiB printed as GB")
    assert _same_slip("KiB printed as kB", "MKiB printed as GB")
    assert not _same_slip("MiB printed as MB", "GiB printed as GB")  # 1024³ / 1000³ is another factor
    assert not _same_slip("MiB printed as MB", "n_kv_heads <- n_heads")
    assert not _same_slip("the 224 MB slip carried", "MiB printed as MB")


def test_a_price_a_page_prints_per_year_is_recomputed_against_the_years_dollars_the_label_gives(tmp_path):
    """"$24,800/month = $297,600/year": the scan reads a rate per year, the label the year's sum of dollars; the two
    are one number, so the recomputation is scored in the page's own unit, and a wrong sum still is not."""
    from auditor.scan.recall import _recomputed, load_labels
    from auditor.scan.propose import Scanner, audit_proposals
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from pathlib import Path

    (tmp_path / "page.md").write_text("- Savings: $24,800/month = $297,600/year.\n- Again: $24,800/month = $290,000/year.\n",
                                      encoding="utf-8")
    labels = tmp_path / "labels.yaml"
    labels.write_text('document: page.md\nnumbers:\n  - {line: 1, number: "297,600", value: "297600 USD", right: true}\n'
                      '  - {line: 2, number: "290,000", value: "297600 USD", right: false}\n', encoding="utf-8")
    document, (held, missed) = load_labels(labels, tmp_path)
    assert held.price and missed.price
    doc = Document.read(document)
    proposals = Scanner(doc, Project.load(Path(__file__).resolve().parent.parent)).proposals()
    audit_proposals(proposals, doc, Project.load(Path(__file__).resolve().parent.parent))
    by_number = {p.stated.split()[0].lstrip("$"): p for p in proposals if p.proposed}
    assert _recomputed(by_number["297,600"], held) and _recomputed(by_number["290,000"], missed)
    assert by_number["290,000"].finding.verdict.name == "MISMATCH"


def test_a_decimal_comma_pages_claims_file_is_checked_unchanged_and_points_at_the_numbers_as_printed(project, monkeypatch, run_cli):
    """A Portuguese page's "8 × 2,15 GB = 17,9 GB": the claim states 17.9 GB, quotes the page's "17,9 GB", and the
    check finds the product (17.2 GB) short of it; its correct sums hold."""
    page = project / "cache.md"
    page.write_text("# Cache KV\n\nOs pesos ocupam 7 × 2 = 14 GB, e sobram 24 − 14 = 10 GB.\n\n"
                    "Com lote de 8, são 8 × 2,15 GB = 17,9 GB, e 1.000 tokens × 0,5 MiB = 500 MiB.\n", encoding="utf-8")
    monkeypatch.chdir(project)
    code, _, err = run_cli("scan", "cache.md", "-o", "claims/cache.yaml")
    assert code == 0, err
    entries = {e["stated"]: e for e in yaml.safe_load((project / "claims" / "cache.yaml").read_text(encoding="utf-8"))["claims"]}
    assert "17,9 GB" in entries["17.9 GB"]["quote"]
    code, out, err = run_cli("check", "claims/cache.yaml", "--format", "json")
    verdicts = {f["stated"]: f["verdict"] for f in json.loads(out)["findings"]}
    assert verdicts["17.9 GB"] == "mismatch" and verdicts["14 GB"] == verdicts["10 GB"] == verdicts["500 MiB"] == "holds", verdicts
