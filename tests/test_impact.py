"""auditor impact: every claim an input reaches through the formula graph, and by which path."""

from __future__ import annotations

import json

import pytest
from documented import make_documented

CLAIMS = """\
document: {title: impact}
claims:
  - id: ceiling-h100
    quote: "23.9 tokens/s"
    formula: decode_ceiling_per_sequence
    given: {gpu: h100_sxm, weight_bytes: "140 GB"}
    stated: "23.9 token/s"
  - id: budget-a100-given-weights
    quote: "56 GB"
    formula: kv_budget
    given: {gpu: a100_80gb_sxm, weight_bytes: "16 GB"}
    stated: "56 GB"
  - id: budget-a100-from-config
    quote: "56 GB"
    formula: kv_budget
    given: {gpu: a100_80gb_sxm, model: meta-llama/Meta-Llama-3-8B, weight_dtype: fp16}
    stated: "56 GB"
  - id: kv-per-token
    quote: "128 KiB/token"
    formula: kv_bytes_per_token_gqa
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16}
    stated: "128 KiB/token"
"""


@pytest.fixture
def claims(tmp_path, monkeypatch):
    make_documented(tmp_path, claims=CLAIMS)
    monkeypatch.chdir(tmp_path)


def impacted(run_cli, name: str) -> dict[str, list[str]]:
    code, out, err = run_cli("impact", name, "--format", "json")
    assert code == 0, err
    return {row["claim"]: row["via"] for row in json.loads(out)["claims"]}


@pytest.mark.parametrize(
    "name, expected",
    [
        ("h100_sxm.memory_bandwidth", {"ceiling-h100"}),
        ("h100_sxm", {"ceiling-h100"}),
        ("a100_80gb_sxm.memory_capacity", {"budget-a100-given-weights", "budget-a100-from-config"}),
        ("a100_80gb_sxm.memory_bandwidth", set()),
        ("meta-llama/Meta-Llama-3-8B", {"budget-a100-from-config", "kv-per-token"}),
        ("inputs/models/meta-llama--Meta-Llama-3-8B.json", {"budget-a100-from-config", "kv-per-token"}),
        ("n_params", {"budget-a100-from-config"}),
        ("weight_bytes", {"budget-a100-from-config"}),
        ("kv_budget", {"budget-a100-given-weights", "budget-a100-from-config"}),
        ("fp16", {"budget-a100-from-config", "kv-per-token"}),
        ("mem_bandwidth", {"ceiling-h100"}),
    ],
)
def test_an_input_reaches_exactly_the_claims_that_use_it(claims, run_cli, name, expected):
    assert set(impacted(run_cli, name)) == expected


def test_a_value_the_claim_gives_itself_stops_the_walk(claims, run_cli):
    assert "budget-a100-given-weights" not in impacted(run_cli, "n_params")


def test_the_path_names_each_step_from_the_claims_formula_to_the_input(claims, run_cli):
    via = impacted(run_cli, "a100_80gb_sxm.memory_capacity")["budget-a100-given-weights"]
    assert via == ["kv_budget", "gpu_memory", "a100_80gb_sxm.memory_capacity"]


def test_the_terminal_listing_is_located(claims, run_cli):
    code, out, _ = run_cli("impact", "h100_sxm")
    assert out.splitlines() == [
        "claims/guide.yaml:3: ceiling-h100 (decode_ceiling_per_sequence) via decode_ceiling_per_sequence -> mem_bandwidth -> h100_sxm.memory_bandwidth",
        "1 claim depends on gpu h100_sxm",
    ]


def test_an_unknown_input_is_a_usage_error_with_a_hint(claims, run_cli):
    code, _, err = run_cli("impact", "kv_budgte")
    assert code == 2
    assert "did you mean 'kv_budget'" in err
