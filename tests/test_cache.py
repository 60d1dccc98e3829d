"""The content-addressed cache: warm runs answer from it, changed inputs never do, damaged entries are rebuilt."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.output import RENDERERS

REPO = Path(__file__).resolve().parent.parent
FORMATS = sorted(RENDERERS)

DOCUMENT = "# Sizing\n\nLlama 3 8B keeps 128 KiB per token in its KV cache, and 32 layers.\n"
CLAIMS = """document: {title: sizing note, path: ../docs/note.md}
claims:
  - id: kv-cell
    quote: "128 KiB per token"
    formula: kv_bytes_per_token_gqa
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}
    stated: "128 KiB/token"
  - id: kv-cell-wrong
    quote: "128 KiB per token"
    formula: kv_bytes_per_token_gqa
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}
    stated: "512 KiB/token"
    expect: {verdict: mismatch, cause: [n_kv_heads <- n_heads]}
  - id: layers
    quote: "32 layers"
    formula: n_layers
    given: {model: meta-llama/Meta-Llama-3-8B}
    stated: "32"
"""


@pytest.fixture
def sized(tmp_path, monkeypatch):
    """A project with one document and a claims file about it, as the working directory."""
    (tmp_path / "claims").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "note.md").write_text(DOCUMENT, encoding="utf-8")
    (tmp_path / "claims" / "note.yaml").write_text(CLAIMS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def entries(root: Path, kind: str) -> list[Path]:
    return sorted((root / ".auditor_cache" / kind).glob("*.json"))


def untimed(result: tuple) -> tuple:
    """A run's (code, output, errors) with JUnit's times left out: how long a claim took is no part of what it concludes."""
    return tuple(re.sub(r' time="[0-9.]+"', ' time=""', part) if isinstance(part, str) else part for part in result)


def test_a_stored_finding_keeps_every_field_a_finding_has():
    import dataclasses

    from auditor.audit.findings import Finding
    from auditor.audit.stored import finding_record, read_finding
    from auditor.base.errors import Location
    from auditor.claims.verdicts import Verdict

    finding = Finding("c", Location("f.yaml", 3), "q", "f", Verdict.HOLDS, "1 B", remarks=("a remark",), notes=("a note",))
    assert set(finding_record(finding)) == {f.name for f in dataclasses.fields(Finding)}
    assert read_finding(json.loads(json.dumps(finding_record(finding)))) == finding


def test_a_run_stores_every_claim_and_a_pack_per_file(sized, run_cli):
    assert run_cli("check")[0] == 0
    assert len(entries(sized, "claims")) == 1 and not entries(sized, "files")  # one entry for the file: its claims' outcomes and its pack
    stored = json.loads(entries(sized, "claims")[0].read_bytes().partition(b"\n")[2])
    table, pack = stored["outcomes"], stored["pack"]
    assert len(table) == 3 and all("finding" in record for record in table.values())
    assert sorted(pack["keys"]) == sorted(table)
    assert (sized / ".auditor_cache" / ".gitignore").read_text().strip().endswith("*")


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("layer", ["packs", "outcomes"])
def test_cached_findings_render_byte_identical_to_fresh_ones(sized, run_cli, drop_packs, fmt, layer):
    fresh = run_cli("check", "-v", "--no-cache", "--format", fmt)
    assert not (sized / ".auditor_cache").exists()
    run_cli("check", "--format", "json")
    if layer == "outcomes":
        drop_packs(sized)
    assert untimed(run_cli("check", "-v", "--format", fmt)) == untimed(fresh)


def test_the_shipped_corpus_reads_back_identically_in_json(tmp_path, monkeypatch, run_cli):
    monkeypatch.chdir(tmp_path)
    fresh = run_cli("check", "--builtin", "--no-cache", "--format", "json")
    run_cli("check", "--builtin")
    assert run_cli("check", "--builtin", "--format", "json") == fresh


def test_a_warm_run_imports_neither_sympy_nor_pint(tmp_path):
    probe = (
        "import sys, io, contextlib\n"
        "from auditor.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = main(['check', '--builtin'])\n"
        "print(code, 'sympy' in sys.modules, 'pint' in sys.modules)\n"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    # in one process (a worker would import SymPy in its own): the proofs need SymPy; every unit the shipped data uses is in the shipped table
    cold = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env={**env, "AUDITOR_JOBS": "1"}, capture_output=True, text=True, check=True)
    warm = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert cold.stdout.split() == ["0", "True", "False"]
    assert warm.stdout.split() == ["0", "False", "False"]


CHANGES = {
    "a claim's stated number": ("claims/note.yaml", 'stated: "32"', 'stated: "40"', "[mismatch] '32 layers'"),
    "the document's text": ("docs/note.md", "and 32 layers", "and 40 layers", "[stale] '32 layers'"),
    "a model's config": (None, None, None, "[mismatch] '32 layers'"),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_changed_input_is_recomputed_not_answered_from_the_cache(sized, run_cli, change):
    path, old, new, expected = CHANGES[change]
    assert run_cli("check")[0] == 0
    if path is None:
        config = json.loads((REPO / "inputs" / "models" / "meta-llama--Meta-Llama-3-8B.json").read_text())
        (sized / "inputs" / "models").mkdir(parents=True)
        (sized / "inputs" / "models" / "meta-llama--Meta-Llama-3-8B.json").write_text(json.dumps({**config, "num_hidden_layers": 40}))
    else:
        target = sized / path
        target.write_text(target.read_text().replace(old, new))
    code, out, _ = run_cli("check")
    assert code == 1 and expected in out


def test_editing_one_claim_reuses_the_others(sized, run_cli, monkeypatch):
    import auditor.audit.pipeline as pipeline

    run_cli("check")
    audited = []
    original = pipeline.audit_claim
    monkeypatch.setattr(pipeline, "audit_claim", lambda claim, project: audited.append(claim.id) or original(claim, project))
    claims = sized / "claims" / "note.yaml"
    claims.write_text(claims.read_text().replace('stated: "32"', 'stated: "32.0"'))
    assert run_cli("check")[0] == 0
    assert audited == ["layers"]


DAMAGE = {
    "truncated": lambda b: b[: len(b) // 2],
    "one byte changed": lambda b: b[:-3] + bytes([b[-3] ^ 1]) + b[-2:],
    "not JSON": lambda b: b"\x00\xff garbage",
    "another entry's key": lambda b: b.replace(b'"key":"', b'"key":"0', 1),
    "a well-formed entry of the wrong shape": None,
}


def _wrong_shape(path: Path) -> bytes:
    import hashlib

    body = json.dumps({"dependencies": [], "error": None, "outcomes": [{"finding": {"claim_id": 3}}], "pack": {"file": 3, "keys": {}}, "finding": {"claim_id": 3}}).encode()
    head = json.loads(path.read_bytes().partition(b"\n")[0])
    head["digest"] = hashlib.sha256(body).hexdigest()
    return json.dumps(head).encode() + b"\n" + body


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_entry_is_ignored_and_rebuilt(sized, run_cli, damage):
    fresh = run_cli("check", "-v", "--no-cache", "--format", "json")
    run_cli("check")
    for path in entries(sized, "claims"):
        path.write_bytes(_wrong_shape(path) if DAMAGE[damage] is None else DAMAGE[damage](path.read_bytes()))
    assert run_cli("check", "-v", "--format", "json") == fresh
    assert run_cli("check", "-v", "--format", "json") == fresh
    for path in entries(sized, "claims"):
        assert "kv-cell" in {record["finding"]["claim_id"] for record in json.loads(path.read_bytes().partition(b"\n")[2])["outcomes"].values()}


def test_no_cache_neither_reads_nor_writes(sized, run_cli):
    run_cli("check")
    for path in entries(sized, "claims"):
        path.write_bytes(b"damaged")
    assert run_cli("check", "--no-cache")[0] == 0
    assert entries(sized, "claims") and all(p.read_bytes() == b"damaged" for p in entries(sized, "claims"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through read-only folders")
def test_an_unwritable_cache_folder_only_means_no_cache(sized, run_cli):
    (sized / ".auditor_cache").mkdir()
    (sized / ".auditor_cache").chmod(0o500)
    try:
        assert run_cli("check")[0] == 0
    finally:
        (sized / ".auditor_cache").chmod(0o700)


def test_a_cache_folder_that_is_a_file_only_means_no_cache(sized, run_cli):
    (sized / ".auditor_cache").write_text("not a folder")
    assert run_cli("check", "-v")[0] == 0
    assert run_cli("check", "-v") == run_cli("check", "-v", "--no-cache")


def test_an_entry_put_is_read_back_by_any_store_of_the_process_and_is_on_disk_once_flushed(tmp_path):
    from auditor.base.cache import Store, flush

    writer, reader = Store(tmp_path / "cache"), Store(tmp_path / "cache")
    for n in range(20):
        writer.put("claims", f"k{n}", {"n": n})
    assert [reader.get("claims", f"k{n}") for n in range(20)] == [{"n": n} for n in range(20)]  # a get waits for the writes
    writer.put("claims", "last", [1, 2])
    flush()
    assert (tmp_path / "cache" / "claims" / "last.json").exists()
    assert not [p for p in (tmp_path / "cache" / "claims").iterdir() if p.name.endswith(".tmp")]  # written whole, renamed into place


def test_a_put_into_a_folder_that_cannot_be_made_is_only_a_miss(tmp_path):
    from auditor.base.cache import Store, flush

    (tmp_path / "cache").write_text("not a folder")
    store = Store(tmp_path / "cache")
    store.put("claims", "k", {"n": 1})
    store.put("claims", "bad", {"n": {1, 2}})  # not JSON: refused where it is encoded
    flush()
    assert store.get("claims", "k") is None and store.get("claims", "bad") is None


def test_a_forked_child_does_not_wait_for_its_parents_writes(tmp_path):
    import auditor.base.cache as cache

    if not hasattr(os, "fork"):
        pytest.skip("no fork")
    cache.Store(tmp_path / "cache").put("claims", "k", {"n": 1})
    pid = os.fork()
    if pid == 0:  # the child: no writer thread; a flush or a get must not wait for the parent's queue
        code = 1
        try:
            cache.flush()
            cache.Store(tmp_path / "other").get("claims", "k")
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    cache.flush()


def test_a_large_entry_is_written_by_the_caller_after_what_is_queued_so_the_last_put_of_a_key_wins(tmp_path):
    import auditor.base.cache as cache

    store = cache.Store(tmp_path / "cache")
    store.put("claims", "k", {"small": True})
    large = {"text": "x" * (cache.LARGE + 1)}
    store.put("claims", "k", large)
    path = tmp_path / "cache" / "claims" / "k.json"
    assert path.exists() and len(path.read_bytes()) > cache.LARGE  # on disk before any flush
    assert store.get("claims", "k") == large
