"""The command line: exit codes, output formats, explain and formulas."""

import json
from pathlib import Path

CLAIM = """\
document: {{title: test}}
claims:
  - id: llama3-8b-kv
    quote: "128 KiB/token"
    formula: kv_bytes_per_token_gqa
    given: {{model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}}
    stated: "{stated}"
"""


def write_claim(project: Path, stated: str) -> Path:
    path = project / "claims" / "one.yaml"
    path.write_text(CLAIM.format(stated=stated))
    return path


def test_exit_0_when_every_claim_holds(project, monkeypatch, run_cli):
    write_claim(project, "128 KiB/token")
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check")
    assert code == 0
    assert "1 claims: 1 holds; all claims pass" in out


def test_exit_1_and_a_located_line_when_a_claim_does_not_hold(project, monkeypatch, run_cli):
    write_claim(project, "512 KiB/token")
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check")
    assert code == 1
    assert out.startswith("claims/one.yaml:3: [mismatch] '128 KiB/token': stated 512 KiB/token, computed 128 KiB/token (llama3-8b-kv)")


def test_json_output_has_findings_and_summary(project, monkeypatch, run_cli):
    write_claim(project, "512 KiB/token")
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "--format", "json")
    document = json.loads(out)
    assert code == 1
    assert document["summary"] == {"mismatch": 1}
    finding = document["findings"][0]
    for key in ("claim", "file", "line", "verdict", "stated", "computed", "unit", "tolerance", "diagnoses", "trace"):
        assert key in finding
    assert (finding["claim"], finding["line"], finding["computed"], finding["unit"]) == ("llama3-8b-kv", 3, 128, "KiB/token")
    assert {s["name"] for s in finding["trace"]} >= {"n_kv_heads", "head_dim", "n_kv_layers", "kv_bytes_per_element"}


def test_default_paths_are_the_projects_own_claims(project, monkeypatch, run_cli):
    write_claim(project, "128 KiB/token")
    monkeypatch.chdir(project)
    _, out, _ = run_cli("check", "-v")
    assert "llama3-8b-kv" in out and "deriv-" not in out


def test_without_a_claims_folder_it_says_so_and_exits_2(tmp_path, monkeypatch, run_cli):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("check")
    assert code == 2
    assert "no claims/ folder here or in a folder above it" in err and "--builtin" in err


def test_builtin_asks_for_the_shipped_claims(tmp_path, monkeypatch, run_cli):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("check", "--builtin")
    assert code == 0
    assert "all claims pass" in out


def test_explain_shows_each_value_with_its_origin(project, monkeypatch, run_cli):
    write_claim(project, "128 KiB/token")
    monkeypatch.chdir(project)
    code, out, _ = run_cli("explain", "llama3-8b-kv")
    assert code == 0
    assert "kv_bytes_per_token_gqa = 2 * n_kv_layers * n_kv_heads * head_dim * kv_bytes_per_element / one_token" in out
    assert "n_kv_heads = 8 dimensionless  [input: meta-llama/Meta-Llama-3-8B: config num_key_value_heads]" in out
    assert "kv_bytes_per_element = 2 byte  [input: kv_dtype = bf16" in out
    assert "substituted: kv_bytes_per_token_gqa = " in out
    assert "[holds]" in out


def test_explain_of_an_unknown_claim_is_a_usage_error(project, monkeypatch, run_cli):
    write_claim(project, "128 KiB/token")
    monkeypatch.chdir(project)
    code, _, err = run_cli("explain", "no-such-claim")
    assert code == 2 and "no claim with id 'no-such-claim'" in err


def test_formulas_lists_the_catalogue(run_cli):
    code, out, _ = run_cli("formulas")
    assert code == 0
    assert "kv_bytes_per_token_mla" in out and "max_batch" in out


def test_formulas_shows_one_formula_with_its_symbols(run_cli):
    code, out, _ = run_cli("formulas", "max_batch")
    assert code == 0
    assert "floor(kv_budget / kv_bytes_per_sequence)" in out
    assert "kv_bytes_per_sequence [byte]" in out and "seq_len" in out


def test_the_console_command_runs_without_the_cycle_collector_and_main_leaves_it_alone(monkeypatch):
    import gc
    import os

    import auditor.cli as cli

    seen = []
    monkeypatch.setattr(cli, "main", lambda: seen.append(gc.isenabled()) or 0)
    monkeypatch.setattr(os, "_exit", lambda code: seen.append(("exit", code)))  # the process must outlive the test
    was = gc.isenabled()
    try:
        cli.run()
    finally:
        gc.enable() if was else gc.disable()
    assert seen == [False, ("exit", 0)]
    assert gc.isenabled() == was
