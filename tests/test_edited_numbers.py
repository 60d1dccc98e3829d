"""A number edited in its document is found by its quote's words and compared; stale only when the words are gone."""

import json

import pytest

from documented import GUIDE, make_documented


@pytest.fixture
def guide(tmp_path, monkeypatch):
    make_documented(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "docs" / "guide.md"


def finding(run_cli, claim_id: str) -> tuple[int, dict]:
    code, out, _ = run_cli("check", "--format", "json", "-v")
    return code, next(f for f in json.loads(out)["findings"] if f["claim"] == claim_id)


def test_an_edited_number_is_a_mismatch_on_the_number_the_document_now_prints(guide, run_cli):
    guide.write_text(GUIDE.replace("a max batch of 104 sequences", "a max batch of 110 sequences"))
    code, found = finding(run_cli, "guide-max-batch")
    assert code == 1
    assert (found["verdict"], found["stated"], found["computed"]) == ("mismatch", "110", 104)
    assert found["message"] == "the document now prints 110 where the claim records 104"
    line = GUIDE.splitlines().index("With FP16 weights the card fits a max batch of 104 sequences at 4k context.") + 1
    column = "With FP16 weights the card fits a max batch of ".__len__() + 1
    assert (found["document_location"]["line"], found["document_location"]["column"]) == (line, column)


def test_update_rewrites_the_edited_number_and_the_claim_holds_again(guide, run_cli):
    guide.write_text(GUIDE.replace("a max batch of 104 sequences", "a max batch of 110 sequences"))
    assert run_cli("update", "--check")[0] == 1
    code, out, _ = run_cli("update")
    assert code == 0 and "-With FP16 weights the card fits a max batch of 110" in out and "+With FP16 weights the card fits a max batch of 104" in out
    assert "a max batch of 104 sequences" in guide.read_text() and "110" not in guide.read_text()
    assert finding(run_cli, "guide-max-batch")[1]["verdict"] == "holds"


def test_an_edit_that_still_rounds_to_the_value_holds(guide, run_cli):
    guide.write_text(GUIDE.replace("therefore holds 512 MiB", "therefore holds 512.0 MiB"))
    code, found = finding(run_cli, "guide-kv-per-sequence")
    assert (found["verdict"], found["stated"]) == ("holds", "512.0 MiB")


@pytest.mark.parametrize("edit", [
    ("a max batch of 104 sequences", "a maximum batch of 104 sequences"),  # the words changed
    ("a max batch of 104 sequences", "a max batch of 110 sequences, or a max batch of 120 sequences"),  # now found twice
])
def test_stale_only_when_the_words_are_gone_or_no_longer_single(guide, run_cli, edit):
    guide.write_text(GUIDE.replace(*edit))
    code, found = finding(run_cli, "guide-max-batch")
    assert code == 1 and found["verdict"] == "stale"
