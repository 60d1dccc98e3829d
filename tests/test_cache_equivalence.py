"""A run answered from the cache is the run computed without it: the same findings, problems, exit code and bytes.

The corpus has what makes a run more than its claims one by one: input
errors of every kind (a file that is not YAML, a claim that does not read,
an unknown formula, an unknown GPU, a duplicate id across files, a path that
is not there, a document that cannot be found), unstated inputs inferred
across a file's claims (one of them on a claim whose quote is gone),
inputs and rounding habits a document's numbers show, and claims placed in
their document.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_cache import CLAIMS, DOCUMENT, untimed
from test_every_problem import BAD

from auditor.output import RENDERERS

CASES = Path(__file__).parent / "cases" / "inferred"
EXACT = Path(__file__).parent / "cases" / "exact_inputs"
ROUNDING = Path(__file__).parent / "cases" / "shown_rounding"
POOL_DOCUMENT = "The pool holds 59.6 sequences of 8k tokens, or 29.8 sequences of 16k.\n"
POOL = """document: {title: pool note, path: ../docs/pool.md}
claims:
  - {id: pool-8k, quote: "59.6 sequences", formula: sequences_in_pool, given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16, seq_len: 8192}, stated: "59.6"}
  - {id: pool-16k, quote: "29.8 sequences", formula: sequences_in_pool, given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16, seq_len: 16384}, stated: "29.8"}
  - {id: pool-32k, quote: "14.9 sequences", formula: sequences_in_pool, given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16, seq_len: 32768}, stated: "14.9"}
"""
UNFOUND = """document: {title: a copy no one saved, path: ../docs/missing.md}
claims:
  - {id: unfound, quote: q, formula: n_layers, given: {model: meta-llama/Meta-Llama-3-8B}, stated: "32"}
"""
DUPLICATE = """document: {title: a second file}
claims:
  - {id: kv-cell, quote: q, formula: n_layers, given: {model: meta-llama/Meta-Llama-3-8B}, stated: "32"}
  - {id: fine, quote: q, formula: n_layers, given: {model: meta-llama/Meta-Llama-3-8B}, stated: "32"}
"""
OPTIONS = [(), ("-v",), ("-q",), ("--select", "mismatch,underdetermined"), ("--ignore", "holds"), ("--statistics",),
           ("--exit-zero",), ("--color", "always"), ("claims", "no-such-file.yaml")]


@pytest.fixture
def troubled(tmp_path, monkeypatch):
    """A project whose claims have every kind of input problem beside good, inferred and placed claims."""
    claims, docs = tmp_path / "claims", tmp_path / "docs"
    claims.mkdir()
    docs.mkdir()
    for case in CASES.glob("*.yaml"):
        shutil.copy(case, claims / case.name)
    for case in EXACT.glob("*.yaml"):  # inputs a document shows it computed with exactly, weighed across its claims
        shutil.copy(case, claims / f"exact-{case.name}")
    for case in ROUNDING.glob("*.yaml"):  # passages whose numbers show they round, judged across their claims
        shutil.copy(case, claims / f"rounding-{case.name}")
    files = {"note.yaml": CLAIMS, "review.yaml": BAD, "a-broken.yaml": "claims: [unclosed\n", "pool.yaml": POOL,
             "unfound.yaml": UNFOUND, "z-duplicate.yaml": DUPLICATE}
    for name, text in files.items():
        (claims / name).write_text(text, encoding="utf-8")
    (docs / "note.md").write_text(DOCUMENT, encoding="utf-8")
    (docs / "pool.md").write_text(POOL_DOCUMENT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def three_ways(run_cli, root: Path, *args: str) -> list[tuple]:
    """The run without the cache, then with an empty cache, then with a warm one."""
    shutil.rmtree(root / ".auditor_cache", ignore_errors=True)
    return [untimed(run_cli("check", *args, *extra)) for extra in (("--no-cache",), (), ())]


def test_the_corpus_has_every_kind_of_problem_and_an_inferred_input(troubled, run_cli):
    code, out, err = run_cli("check", "--no-cache", "-v")
    assert code == 2
    for fragment in ("not valid YAML", "unreadable-number", "unknown formula", "unknown GPU", "duplicate claim id 'kv-cell'", "missing.md"):
        assert fragment in err
    assert "kv_memory = " in out and "[stale] '14.9 sequences'" in out
    assert "its document computes with mem_bandwidth = 1.5e12 B/s exactly" in out


@pytest.mark.parametrize("options", OPTIONS, ids=[" ".join(o) or "(plain)" for o in OPTIONS])
def test_every_option_gives_the_same_run_with_and_without_the_cache(troubled, run_cli, options):
    uncached, cold, warm = three_ways(run_cli, troubled, *options)
    assert cold == uncached and warm == uncached


@pytest.mark.parametrize("fmt", sorted(RENDERERS))
def test_every_format_gives_the_same_bytes_with_and_without_the_cache(troubled, run_cli, fmt):
    uncached, cold, warm = three_ways(run_cli, troubled, "-v", "--format", fmt)
    assert cold == uncached and warm == uncached


@pytest.mark.parametrize("layer", ["packs", "claims"])
def test_each_layer_of_the_cache_alone_gives_the_same_run(troubled, run_cli, drop_packs, layer):
    uncached = untimed(run_cli("check", "--no-cache", "--format", "json"))
    run_cli("check")
    if layer == "packs":
        drop_packs(troubled)
    else:
        shutil.rmtree(troubled / ".auditor_cache" / layer)
    assert untimed(run_cli("check", "--format", "json")) == uncached


def test_fixing_a_problem_and_breaking_a_claim_are_both_seen(troubled, run_cli):
    run_cli("check")
    (troubled / "claims" / "a-broken.yaml").unlink()
    (troubled / "claims" / "z-duplicate.yaml").write_text(DUPLICATE.replace("id: kv-cell", "id: renamed"), encoding="utf-8")
    note = troubled / "claims" / "note.yaml"
    note.write_text(note.read_text().replace('stated: "32"', 'stated: "33"'), encoding="utf-8")
    cached = untimed(run_cli("check", "-v"))
    assert cached == untimed(run_cli("check", "-v", "--no-cache"))
    assert "not valid YAML" not in cached[2] and "duplicate claim id 'kv-cell'" not in cached[2] and "[mismatch] '32 layers'" in cached[1]


def test_a_warm_run_with_problems_audits_again_only_the_claims_whose_document_is_not_found(troubled, run_cli, monkeypatch):
    import auditor.audit.pipeline as pipeline

    first = untimed(run_cli("check"))
    audited = []
    original = pipeline.audit_claim
    monkeypatch.setattr(pipeline, "audit_claim", lambda claim, project: audited.append(claim.id) or original(claim, project))
    assert untimed(run_cli("check")) == first and audited == ["unfound"]


def test_inferred_inputs_are_read_back_from_the_cache_not_searched_again(troubled, run_cli, monkeypatch):
    import auditor.audit.inference as inference

    first = untimed(run_cli("check", "--format", "json"))
    searched = []
    original = inference.infer_unstated
    monkeypatch.setattr(inference, "infer_unstated", lambda *args: searched.append(len(args[0])) or original(*args))
    assert untimed(run_cli("check", "--format", "json")) == first and searched == []
    assert "kv_memory" in first[1]


@pytest.mark.parametrize("layer, was, now", [("inferred", b"kv_memory", b"kv_bytes"), ("exact-inputs", b"mismatch", b"holds")])
@pytest.mark.parametrize("damage", [b"", b'{"format": 1}\n[]', None])
def test_a_damaged_entry_of_what_several_claims_decide_is_decided_again(troubled, run_cli, damage, layer, was, now):
    """An inferred group, or a document weighed for exact inputs: damaged, emptied or edited, it is ignored."""
    fresh = untimed(run_cli("check", "-v", "--no-cache"))
    run_cli("check")
    entries = sorted((troubled / ".auditor_cache" / layer).glob("*.json"))
    assert entries
    for path in entries:
        path.write_bytes(damage if damage is not None else path.read_bytes().replace(was, now))
    assert untimed(run_cli("check", "-v")) == fresh


def test_a_document_weighed_for_exact_inputs_is_read_back_from_the_cache_not_weighed_again(troubled, run_cli, monkeypatch):
    import auditor.audit.exact_inputs as exact_inputs

    first = untimed(run_cli("check", "--format", "json"))
    weighed = []
    original = exact_inputs.exact_inputs
    monkeypatch.setattr(exact_inputs, "exact_inputs", lambda *args: weighed.append(len(args[0])) or original(*args))
    shutil.rmtree(troubled / ".auditor_cache" / "runs", ignore_errors=True)
    assert untimed(run_cli("check", "--format", "json")) == first and weighed == []
    assert "its document computes with mem_bandwidth" in first[1]
    for layer in ("runs", "exact-inputs"):
        shutil.rmtree(troubled / ".auditor_cache" / layer, ignore_errors=True)
    assert "its passage rounds rather than truncates" in first[1]
    # exact-: alone, loose, shown; rounding-: lone, table, truncating (a number held only by truncation): in file-name order
    assert untimed(run_cli("check", "--format", "json")) == first and weighed == [2, 3, 4, 2, 4, 4]
