"""``auditor capacity``: hybrid and MLA models priced as vLLM allocates them, JSON keys, claims that check.

The engine cases (tests/cases/capacity_engine.yaml) are vLLM's and SGLang's
arithmetic written out by hand from their source, cited there; each expected
value is that arithmetic, never the calculator's output copied back.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from auditor.audit.project import Project
from auditor.capacity import CapacityRequest, capacity

CASES = yaml.safe_load((Path(__file__).parent / "cases" / "capacity_engine.yaml").read_text())["cases"]
JSON_KEYS = {"kv_bytes_per_token_per_rank", "num_blocks", "kv_tokens", "kv_tokens_range", "max_concurrency",
             "max_concurrency_range", "engine", "engine_version_rule", "inputs"}


@pytest.fixture(scope="module")
def builtin_project():
    return Project.load(None)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_engine_allocation(case, builtin_project):
    request = CapacityRequest(case["model"], engine=case.get("engine", "vllm"), **case["request"])
    result = capacity(request, builtin_project)
    for key, expected in case["expect"].items():
        figure = result.figures[key]
        assert figure.value == Fraction(str(expected)), f"{key}: {figure.value} != {expected} ({case['arithmetic']})"
    for name, expected in case.get("expect_inputs", {}).items():
        assert result.inputs_by_name[name].value == Fraction(str(expected)), f"{name} ({case['arithmetic']})"


def test_json_carries_the_keys_and_every_input_with_its_origin(run_cli):
    code, out, _ = run_cli("capacity", "Qwen/Qwen3-8B", "--available-kv", "6.51 GiB", "--max-model-len", "32768", "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert JSON_KEYS <= set(record)
    assert record["engine"] == "vllm" and "kv_cache_utils.py" in record["engine_version_rule"]
    low, high = record["kv_tokens_range"]
    assert low <= record["kv_tokens"] <= high and low < high  # 6.51 GiB is any of 6.505 to 6.515 GiB
    # Qwen3-8B: 36 layers x 2 x 8 KV heads x 128 x 2 B = 147,456 B/token; 16-token blocks
    assert record["kv_bytes_per_token_per_rank"] == 147456
    assert record["num_blocks"] == int(Fraction("6.51") * 2**30 // (16 * 4096) // 36)
    # the newer report beside it: one group, so int(blocks / cdiv(32,768, 16) x 32,768) = blocks x 16, as kv_tokens
    assert record["kv_tokens_by_concurrency"] == record["kv_tokens"] == record["num_blocks"] * 16
    assert len(record["kv_tokens_by_concurrency_range"]) == 2
    assert "--available-kv 6.51 GiB" in record["inputs"]["available_kv_memory"]["origin"]
    assert "vllm/config/cache.py" in record["inputs"]["block_size"]["origin"]


def test_as_claims_output_passes_check_unchanged(run_cli, tmp_path):
    code, out, _ = run_cli("capacity", "openai/gpt-oss-120b", "--available-kv", "1.71 GiB", "--max-model-len", "131072",
                           "--max-num-batched-tokens", "1024", "--kv-dtype", "bf16", "--as-claims")
    assert code == 0
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "capacity.yaml").write_text(out)
    claims = yaml.safe_load(out)["claims"]
    quoted = {c["formula"]: c["quote"] for c in claims}
    assert quoted["vllm_kv_memory_needed"] == "(4.54 GiB KV cache is needed"  # vllm-project/vllm#27508 logged this line
    assert "vllm_estimated_max_model_len" in quoted  # one request does not fit, so the engine prints its estimate
    code, out, err = run_cli("--project", tmp_path, "check", tmp_path / "claims")
    assert code == 0, out + err
    assert f"{len(claims)} claims: {len(claims)} holds" in out


@pytest.mark.parametrize("args", [
    ("deepseek-ai/DeepSeek-V2-Lite", "--engine", "sglang", "--logged", "at_start=43.85 GB", "--logged", "after_weights=14.34 GB",
     "--set", "mem_fraction_static=0.88"),
    ("deepseek-ai/DeepSeek-V2-Lite", "--tp", "2", "--pp", "2", "--max-model-len", "1024", *[a for m in ("12.13", "12.13", "11.33", "11.33") for a in ("--available-kv", f"{m} GiB")]),
], ids=["sglang-logged", "pipeline-ranks"])
def test_as_claims_of_logged_figures_and_of_ranks_pass_check(run_cli, tmp_path, args):
    code, out, err = run_cli("capacity", *args, "--as-claims")
    assert code == 0, err
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "capacity.yaml").write_text(out)
    count = len(yaml.safe_load(out)["claims"])
    code, out, err = run_cli("--project", tmp_path, "check", tmp_path / "claims")
    assert code == 0 and f"{count} claims: {count} holds" in out, out + err


def test_predicted_memory_is_labelled_an_estimate(run_cli):
    code, out, _ = run_cli("capacity", "meta-llama/Llama-3.1-8B", "--gpu", "h100_sxm", "--max-model-len", "8192", "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert record["mode"] == "predicted"
    inputs = record["inputs"]
    assert inputs["available_kv_memory"]["origin"].startswith("predicted")
    for estimate in ("activation_peak", "non_torch_memory", "cuda_graph_memory"):
        assert inputs[estimate]["origin"].startswith("estimate:"), estimate
    assert "vllm/config/cache.py" in inputs["gpu_memory_utilization"]["origin"]
    # 0.92 x 81,559 MiB (the driver's total, not the 80 GB label) - 16.06 GB of bf16 weights - estimates
    assert inputs["gpu_memory_reported"]["value"] == 81559 * 2**20
    assert 0 < record["kv_tokens"] * 131072 <= inputs["available_kv_memory"]["value"] < 0.92 * 81559 * 2**20 - 16.06e9


def test_a_prediction_on_a_part_whose_driver_total_is_not_recorded_abstains(run_cli):
    code, _, err = run_cli("capacity", "meta-llama/Llama-3.1-8B", "--gpu", "a100_40gb")
    assert code == 2
    assert "missing gpu_memory_reported" in err and "no memory_reported" in err


def test_sglang_default_memory_fraction_follows_its_source(run_cli):
    code, out, _ = run_cli("capacity", "meta-llama/Llama-3.1-8B", "--engine", "sglang", "--gpu", "h100_sxm", "--format", "json")
    assert code == 0
    fraction = json.loads(out)["inputs"]["mem_fraction_static"]
    # server_args.py reads the driver's total (nvidia-smi memory.total): 81,559 MiB on an H100 SXM (< 90 GiB tier):
    # chunked prefill 8192, graphs 256 at tp 1; reserve 512 + 8192 x 1.5 + 256 x 2 + 1 x 1 / 8 x 1024 = 13,440 MiB
    # (> the 10 GiB floor)
    gpu_mib = Fraction(81559)
    assert fraction["value"] == pytest.approx(float(round((gpu_mib - 13440) / gpu_mib, 3)))


@pytest.mark.parametrize("args, message", [
    (["--available-kv", "lots"], "--available-kv"),
    (["--available-kv", "5 tokens"], "one amount of memory"),
    (["--available-kv", "-1 GiB"], "negative"),
    (["--tp", "0", "--available-kv", "1 GiB"], "--tp must be a positive whole number"),
    (["--engine", "tgi", "--available-kv", "1 GiB"], "unknown engine 'tgi'"),
    (["--rule", "vllm-v9", "--available-kv", "1 GiB"], "has no rule 'vllm-v9'"),
    (["--set", "nonsense", "--available-kv", "1 GiB"], "NAME=VALUE"),
    (["--set", "warp_factor=9", "--available-kv", "1 GiB"], "unknown input 'warp_factor'"),
    ([], "--available-kv"),
    (["--available-kv", "1 GiB", "--kv-tokens", "100"], "not several"),
    (["--logged", "at_start=40 GB"], "has no logged figures"),
    (["--engine", "sglang", "--logged", "at_start=40 GB"], "missing: after_weights"),
    (["--engine", "sglang", "--logged", "at_start=40 GB", "--logged", "after_weights=10 GB", "--logged", "peak=2 GB"], "unknown: peak"),
    (["--engine", "sglang", "--logged", "at_start"], "NAME=TEXT"),
    (["--engine", "sglang", "--logged", "at_start=forty", "--logged", "after_weights=10 GB"], "--logged at_start"),
])
def test_bad_input_is_one_located_line(run_cli, args, message):
    code, out, err = run_cli("capacity", "meta-llama/Llama-3.1-8B", *args)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_sglang_abstains_for_a_sliding_window_hybrid(run_cli):
    code, _, err = run_cli("capacity", "openai/gpt-oss-120b", "--engine", "sglang", "--available-kv", "10 GiB")
    assert code == 2 and "swa_full_tokens_ratio" in err


def test_sglang_abstains_for_a_draft_it_would_pool_apart(run_cli):
    code, _, err = run_cli("capacity", "meta-llama/Llama-3.1-8B", "--engine", "sglang", "--kv-tokens", "1000", "--set", "draft_kv_layers=1")
    assert code == 2 and "pool of its own" in err
    code, _, _ = run_cli("capacity", "meta-llama/Llama-3.1-8B", "--engine", "sglang", "--kv-tokens", "1000", "--set", "draft_kv_layers=0")
    assert code == 0


def test_missing_inputs_leave_a_figure_unknown_not_wrong(builtin_project):
    result = capacity(CapacityRequest("openai/gpt-oss-120b", available_kv=["10 GiB"], kv_dtype="bf16"), builtin_project)
    assert not result.figures["max_concurrency"].known
    assert "max_num_batched_tokens" in result.figures["max_concurrency"].missing
    assert result.figures["num_blocks"].known  # the block count does not need it


@pytest.mark.parametrize("text, message", [
    ("engines: [vllm]\n", "must be a mapping with an 'engines' mapping"),
    ("engines:\n  tgi:\n    name: TGI\n", "engine 'tgi' needs 'rule'"),
    ("engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: x}\n    speed: 3\n", "unknown key 'speed'"),
    ("engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: x}\n    defaults: {block_size: {value: 16}}\n", "needs 'source'"),
    ("engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: x}\n    blocks_from_tokens: {formula: f}\n", "blocks_from_tokens needs 'binds'"),
    ("engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: x}\n    rules:\n      old:\n        blocks_from_tokens: {formula: f, binds: b, least: g}\n", "unknown key 'least' in blocks_from_tokens"),
    ("engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: x}\n    stage_layers: [a, b]\n", "stage_layers must be a formula id"),
    ("engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: x}\n    logged_memory: {formula: f, figures: {a: {symbol: s}}, when: x}\n", "unknown key 'when' in logged_memory"),
    ("engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: x}\n    logged_memory: {formula: f, figures: {a: {line: x}}}\n", "logged figure 'a' needs 'symbol'"),
])
def test_a_project_engine_file_is_checked_with_its_line(run_cli, tmp_path, text, message):
    (tmp_path / "inputs").mkdir()
    (tmp_path / "inputs" / "engines.yaml").write_text(text)
    code, _, err = run_cli("--project", tmp_path, "capacity", "meta-llama/Llama-3.1-8B", "--available-kv", "1 GiB")
    assert code == 2 and message in err and "engines.yaml:" in err


def test_a_project_engine_naming_an_unknown_formula_is_refused(run_cli, tmp_path):
    (tmp_path / "inputs").mkdir()
    (tmp_path / "inputs" / "engines.yaml").write_text(
        "engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: tgi_tokens}\n")
    code, _, err = run_cli("--project", tmp_path, "capacity", "meta-llama/Llama-3.1-8B", "--engine", "tgi", "--available-kv", "1 GiB")
    assert code == 2 and "unknown formula 'tgi_tokens'" in err


@pytest.mark.parametrize("text, low_gib, high_gib", [
    ("6.51 GiB", "6.505", "6.515"),
    ("24.0 GiB", "23.995", "24.005"),  # vLLM rounds to two decimals, then Python drops the trailing zero
    ("3.5", "3.495", "3.505"),  # a bare number is read in the engine's unit
    ("6.512 GiB", "6.5115", "6.5125"),  # more digits than the engine prints narrow it further
])
def test_a_logged_memory_stands_for_the_whole_bytes_that_print_so(text, low_gib, high_gib):
    from auditor.capacity.request import printed_memory

    printed = printed_memory(text, "GiB", 2)
    low, high = Fraction(low_gib) * 2**30, Fraction(high_gib) * 2**30
    assert printed.low == math.ceil(low) and printed.high == math.ceil(high) - 1


def test_claims_of_several_runs_live_side_by_side(run_cli, tmp_path):
    """Two runs of one model (another rank count, a prediction) write claims with distinct ids, all checking."""
    (tmp_path / "claims").mkdir()
    runs = [["--available-kv", "20 GiB"], ["--available-kv", "20 GiB", "--tp", "2"], ["--gpu", "h100_sxm"]]
    for number, extra in enumerate(runs):
        code, out, _ = run_cli("capacity", "meta-llama/Llama-3.1-8B", "--engine", "sglang", *extra, "--as-claims")
        assert code == 0
        (tmp_path / "claims" / f"run{number}.yaml").write_text(out)
    code, out, err = run_cli("--project", tmp_path, "check", tmp_path / "claims")
    assert code == 0, out + err


def test_a_weighed_checkpoint_sets_the_weights_per_rank(run_cli, tmp_path):
    """Predicting with a weighed checkpoint uses its measured bytes, split over tp x pp, and says so."""
    (tmp_path / "inputs").mkdir()
    measured = 5_700_000_000  # a made-up 4-bit-ish checkpoint, to see it used rather than 2 bytes x 8.03e9
    (tmp_path / "inputs" / "weights.yaml").write_text(
        "weights:\n  - id: meta-llama/Llama-3.1-8B\n    revision: main\n    commit: 0123456789abcdef\n"
        f"    total_bytes: {measured}\n")
    code, out, err = run_cli("--project", tmp_path, "capacity", "meta-llama/Llama-3.1-8B", "--gpu", "h100_sxm", "--tp", "2", "--format", "json")
    assert code == 0, err
    weights = json.loads(out)["inputs"]["weight_bytes_on_rank"]
    assert weights["value"] == measured // 2
    assert weights["origin"].startswith("measured: meta-llama/Llama-3.1-8B@0123456789ab")


def test_a_logged_token_count_stands_for_every_block_count_that_prints_it(builtin_project):
    """vLLM prints num_blocks // groups * block_size (kv_cache_utils.py@001cabc1 _report_kv_cache_config): Qwen3-Next
    at tp 4 has 4 groups and 272-token blocks, so 436,832 tokens = 1,606 x 272 stand for 6,424 to 6,427 blocks."""
    request = CapacityRequest("Qwen/Qwen3-Next-80B-A3B-Instruct", kv_tokens=436832, tp=4, max_model_len=262144)
    figures = capacity(request, builtin_project).figures
    assert (figures["num_blocks"].low, figures["num_blocks"].high) == (6424, 6427)
    assert (figures["max_concurrency"].low, figures["max_concurrency"].high) == (Fraction(6424, 970), Fraction(6427, 970))
    assert figures["kv_tokens"].low == figures["kv_tokens"].high == 436832
    dense = capacity(CapacityRequest("meta-llama/Llama-3.1-8B", kv_tokens=163840, max_model_len=8192), builtin_project)
    assert dense.figures["num_blocks"].low == dense.figures["num_blocks"].high == 10240


def test_a_count_printed_as_concurrency_times_length_is_inverted_through_the_concurrency(builtin_project):
    """Under the newer report, 6,425 blocks of Qwen3-Next at tp 4 (970 a 262,144-token request) print
    int(6,425 / 970 x 262,144) = 1,736,366 tokens, and only 6,425 blocks print that count."""
    request = CapacityRequest("Qwen/Qwen3-Next-80B-A3B-Instruct", kv_tokens=1736366, tp=4, max_model_len=262144,
                              rule="vllm-v1-kv-size-from-concurrency")
    figures = capacity(request, builtin_project).figures
    assert (figures["num_blocks"].low, figures["num_blocks"].high) == (6425, 6425)
    assert figures["kv_tokens"].formula == "vllm_kv_tokens_by_concurrency"
    assert figures["kv_tokens"].value == 1736366


def _vllm_partitions(layers: int, stages: int) -> list[int]:
    """vLLM's split (vllm/distributed/utils.py@5a6541db get_pp_indices): n // pp each, the rest one apiece to partitions[-2], [-3], ..."""
    partitions = [layers // stages] * stages
    for i in range(2, layers % stages + 2):
        partitions[-i] += 1
    return partitions


@pytest.mark.parametrize("layers, stages, expected", [(27, 2, [14, 13]), (61, 4, [15, 15, 16, 15]), (30, 4, [7, 8, 8, 7]),
                                                       (32, 4, [8, 8, 8, 8]), (61, 8, [7, 7, 8, 8, 8, 8, 8, 7])])
def test_a_stage_holds_the_layers_vllm_gives_it(layers, stages, expected, builtin_project):
    assert _vllm_partitions(layers, stages) == expected
    from auditor.capacity.setup import Setup, evaluate

    setup = Setup({"n_kv_layers": layers, "pp": stages})
    assert [evaluate(setup, builtin_project, "vllm_kv_layers_on_stage", pp_stage=str(s)) for s in range(stages)] == expected


def test_each_rank_is_priced_with_its_own_stage_and_the_fewest_blocks_decide(builtin_project):
    """DeepSeek-V2-Lite at tp 2, pp 2 (vllm PR 20665): stage 0 holds 14 of the 27 MLA layers, stage 1 holds 13.
    Ranks 0 and 1 (stage 0) log 12.13 GiB, ranks 2 and 3 (stage 1) 11.33 GiB; per block of 16 tokens a rank needs
    16 x 576 x 2 B per layer, so stage 0 has 12.13 GiB // (16 x 1,152 x 14) = 50,473 blocks and stage 1
    11.33 GiB // (16 x 1,152 x 13) = 50,770: the rank with more memory decides, as vLLM takes the smallest count."""
    memories = ["12.13 GiB", "12.13 GiB", "11.33 GiB", "11.33 GiB"]
    request = CapacityRequest("deepseek-ai/DeepSeek-V2-Lite", available_kv=memories, tp=2, pp=2, max_model_len=1024)
    result = capacity(request, builtin_project)
    gib = Fraction(2**30)
    assert result.figures["num_blocks"].value == math.floor(Fraction("12.13") * gib / (16 * 1152 * 14)) == 50473
    assert result.figures["kv_bytes_per_token_per_rank"].value == 14 * 1152
    assert "rank 0 of 4" in result.inputs_by_name["available_kv_memory"].origin
    swapped = capacity(CapacityRequest("deepseek-ai/DeepSeek-V2-Lite", available_kv=memories[2:] + memories[:2], tp=2, pp=2, max_model_len=1024), builtin_project)
    assert swapped.figures["num_blocks"].value == math.floor(Fraction("11.33") * gib / (16 * 1152 * 14))  # stage 0 now has the less memory
    one = capacity(CapacityRequest("deepseek-ai/DeepSeek-V2-Lite", available_kv=["11.33 GiB"], tp=2, pp=2, max_model_len=1024), builtin_project)
    assert one.figures["num_blocks"].value == math.floor(Fraction("11.33") * gib / (16 * 1152 * 14))  # one figure: the deepest stage
