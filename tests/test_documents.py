"""Claims tied to document lines: the quote locates the number; a lost quote is stale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from documented import GUIDE, make_documented

from auditor.base.quantity import parse_stated
from auditor.documents.locate import Document


@pytest.fixture
def documented(tmp_path, monkeypatch):
    make_documented(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def findings_of(run_cli, *args):
    code, out, err = run_cli("check", "--format", "json", *args)
    return code, {f["claim"]: f for f in json.loads(out)["findings"]}


def test_a_finding_carries_the_document_line_and_column_of_its_number(documented, run_cli):
    _, found = findings_of(run_cli)
    where = found["guide-max-batch"]["document_location"]
    assert (where["file"], where["line"], where["column"]) == ("docs/guide.md", 6, 48)
    line = GUIDE.splitlines()[where["line"] - 1]
    assert line[where["column"] - 1 : where["end_column"] - 1] == "104"


def test_the_claims_file_line_is_kept_beside_the_document_line(documented, run_cli):
    _, found = findings_of(run_cli)
    assert (found["guide-kv-per-token"]["file"], found["guide-kv-per-token"]["line"]) == ("claims/guide.yaml", 5)


def test_a_quote_no_longer_in_the_document_makes_the_claim_stale(documented, run_cli):
    guide = documented / "docs" / "guide.md"
    guide.write_text(GUIDE.replace("therefore holds 512 MiB", "holds half a gibibyte"), encoding="utf-8")
    code, found = findings_of(run_cli)
    assert found["guide-kv-per-sequence"]["verdict"] == "stale"
    assert "quote not found in docs/guide.md" in found["guide-kv-per-sequence"]["message"]
    assert code == 1


def test_a_quote_rewrapped_across_lines_is_still_found():
    document = Document(Path("x.md"), "holds\n  512\tMiB here")
    start, end = document.find_quote("holds 512 MiB")
    assert document.text[start:end] == "holds\n  512\tMiB"


@pytest.mark.parametrize(
    "text, stated, number",
    [
        ("the budget is 1.23 × 10⁵ tokens", "1.23 × 10⁵ tokens", "1.23 × 10⁵"),
        ("a 4.31e5-token crossover", "4.31e5 token", "4.31e5"),
        ("(3,350 ÷ 140 = 23.9.)", "23.9 token/s", "23.9"),
        ("exactly 131,072 bytes", "131,072 bytes", "131,072"),
        ("64 heads, 8 KV heads → 8× smaller", "8×", "8"),
    ],
)
def test_the_number_is_found_by_the_value_it_prints(text, stated, number):
    document = Document(Path("x.md"), text)
    start, end = document.find_number(0, len(text), parse_stated(stated))
    assert text[start:end] == number


def test_a_missing_document_is_a_located_input_error(documented, run_cli):
    (documented / "docs" / "guide.md").unlink()
    code, out, err = run_cli("check")
    assert code == 2
    assert err.startswith("error: claims/guide.yaml:3: document '../docs/guide.md' not found")


def test_a_url_document_is_read_from_the_documents_folder(documented, run_cli, tmp_path_factory):
    claims = documented / "claims" / "guide.yaml"
    claims.write_text(claims.read_text().replace("path: ../docs/guide.md", "url: https://example.org/posts/guide.md"))
    _, without = findings_of(run_cli)
    assert without["guide-max-batch"]["document_location"] is None
    _, located = findings_of(run_cli, "--documents", str(documented / "docs"))
    assert located["guide-max-batch"]["document_location"]["line"] == 6
