"""Inputs far past any real one are refused at their limit, located, before the run pays for their size.

Each case is a file of one kind made large in one way (its bytes, a list's
length, an alias that repeats a subtree); ``auditor check`` must end with exit
2 and one ``file:line:`` naming the limit. The time and memory such a refusal
costs are measured in ``benchmarks/bench_hostile.py``, against an ordinary run.
"""

from __future__ import annotations

import pytest
from documented import make_documented

CLAIM = "  - {id: c%d, quote: q, formula: weight_bytes, given: {model: meta-llama/Meta-Llama-3-8B, weight_dtype: bf16}, stated: 16 GB}\n"


def claims_of_bytes(size: int) -> str:
    """A well-formed claims file of about ``size`` bytes: many short claims."""
    count = size // len(CLAIM % 0) + 1
    return "claims:\n" + "".join(CLAIM % n for n in range(count))


def given_list(length: int) -> str:
    return "claims:\n  - {id: c, quote: q, formula: weight_bytes, stated: 1 GB, given: {batch: [" + ", ".join("1" * length) + "]}}\n"


def alias_bomb(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{n}: &a{n} [*a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}]" for n in range(1, levels)]
    return "\n".join(lines) + f"\nclaims:\n  - {{id: c, quote: q, formula: weight_bytes, stated: 1 GB, given: {{batch: *a{levels - 1}}}}}\n"


CASES = [
    ("a 50 MB claims file", "claims/big.yaml", lambda: claims_of_bytes(50 * 2**20), "claims/big.yaml:1:", "file_bytes"),
    ("a list of a million given values", "claims/list.yaml", lambda: given_list(10**6), "claims/list.yaml:2:", "collection_items"),
    ("a file of 5,000 claims, each within every limit", "claims/many.yaml", lambda: claims_of_bytes(5_000 * len(CLAIM % 0)), "claims/many.yaml:1:", "claims_per_file"),
    ("an alias that stands for 10^9 nodes", "claims/bomb.yaml", lambda: alias_bomb(9), "claims/bomb.yaml:", "yaml_nodes"),
]


@pytest.mark.parametrize(("name", "file", "text", "where", "limit"), CASES, ids=[c[0] for c in CASES])
def test_an_input_past_its_limit_is_one_located_refusal(project, monkeypatch, run_cli, name, file, text, where, limit):
    (project / file).write_text(text(), encoding="utf-8")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    lines = err.strip().splitlines()
    assert code == 2, err[-300:]
    assert len(lines) == 1 and lines[0].startswith(f"error: {where}"), lines[:3]
    assert f"({limit})" in lines[0]


def test_a_document_past_its_limit_is_refused_at_the_claims_file_that_names_it(tmp_path, monkeypatch, run_cli):
    make_documented(tmp_path, guide="filler line\n" * (17 * 2**20 // 12))
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("check")
    assert code == 2 and "(document_bytes)" in err, err[-300:]
    assert err.startswith("error: docs/guide.md:1:"), err[:200]


def test_a_page_printing_more_numbers_than_one_scan_reads_is_refused_at_the_first_number_past_the_limit(tmp_path, monkeypatch, run_cli):
    lines = ["# A results dump", ""] + [f"step {n}: 7 ms" for n in range(12_000)]  # 12,000 timings, one a line
    (tmp_path / "page.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("scan", "page.md")
    assert code == 2 and "(numbers_per_document)" in err, err[-300:]
    assert err.startswith("error: page.md:10003:"), err[:200]  # the 10,001st timing
