"""auditor scan: numbers with units found, quoted, matched to formulas and inputs, audited."""

from __future__ import annotations

import pytest

from auditor.claims import load_claim_file

NOTE = """\
# Serving Llama 3 8B on an A100 80GB

In FP16 the cache costs 128 KiB/token, so one 4k-token request holds 512 MiB.
With FP16 weights the card fits a max batch of 104 requests at 4k context.

## A wrong number

A popular calculator says an 8K-token sequence needs 4.00 GB of KV cache.
The office is 12 metres from the station, and 2024 was a good year.
"""


@pytest.fixture
def note(tmp_path, monkeypatch):
    (tmp_path / "note.md").write_text(NOTE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "note.md"


def proposals(run_cli, *extra):
    code, out, err = run_cli("scan", "note.md", *extra)
    assert code in (0, 1), err
    return code, out


def test_scan_proposes_a_loadable_claims_file(note, run_cli, tmp_path):
    _, out = proposals(run_cli)
    (tmp_path / "proposed.yaml").write_text(out, encoding="utf-8")
    claims = {c.stated.text: c for c in load_claim_file(tmp_path / "proposed.yaml").claims}
    assert set(claims) == {"128 KiB/token", "512 MiB", "104", "4.00 GB"}


@pytest.mark.parametrize(
    "stated, formula, given",
    [
        ("128 KiB/token", "kv_bytes_per_token_gqa", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "fp16"}),
        ("512 MiB", "kv_bytes_per_sequence", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "fp16", "seq_len": 4096}),
        ("104", "max_batch", {"model": "meta-llama/Meta-Llama-3-8B", "gpu": "a100_80gb_sxm", "kv_dtype": "fp16", "weight_dtype": "fp16", "seq_len": 4096}),
        ("4.00 GB", "kv_bytes_per_sequence", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "fp16", "seq_len": 8192}),
    ],
)
def test_the_words_around_a_number_name_its_formula_and_inputs(note, run_cli, tmp_path, stated, formula, given):
    _, out = proposals(run_cli)
    (tmp_path / "proposed.yaml").write_text(out, encoding="utf-8")
    claim = next(c for c in load_claim_file(tmp_path / "proposed.yaml").claims if c.stated.text == stated)
    assert claim.formula == formula
    assert dict(claim.given) == given


def test_each_quote_is_unique_in_the_document_and_holds_its_number(note, run_cli, tmp_path):
    from auditor.documents import Document

    _, out = proposals(run_cli)
    (tmp_path / "proposed.yaml").write_text(out, encoding="utf-8")
    document = Document.read(note)
    for claim in load_claim_file(tmp_path / "proposed.yaml").claims:
        start, end = document.find_quote(claim.quote)
        assert document.find_number(start, end, claim.stated) is not None
        assert document.text.count(document.text[start:end]) == 1


def test_numbers_without_an_inference_unit_are_not_proposed(note, run_cli):
    _, out = proposals(run_cli)
    assert "12 metres" not in out and "2024" not in out
    assert "A100 80GB" not in out.split("claims:")[1].replace("# Serving", "")


def test_scan_audit_gives_a_first_verdict_without_any_yaml(note, run_cli):
    code, out = proposals(run_cli, "--audit")
    assert code == 1
    assert "note.md:3: [holds] 'cache costs 128 KiB/token, so'" in out
    assert "note.md:8: [mismatch] 'sequence needs 4.00 GB of'" in out
    assert "reproduced by: num_attention_heads = 32 used for num_key_value_heads = 8" in out
    assert "4 claims: 3 holds, 1 mismatch; 1 claim fail" in out
