"""Defaults vLLM picks by the device: chosen from --gpu and the entry point, labelled, never guessed.

The values themselves are checked against the hand arithmetic of
tests/cases/capacity_engine.yaml (the gpt-oss-120b default-step cases);
these tests are the rest of the rule: what happens without a GPU, with an
entry point the engine does not know, and with a malformed project entry.
"""

from __future__ import annotations

import pytest

from auditor.audit.project import Project
from auditor.capacity import CapacityRequest, capacity

ENGINE_HEAD = "engines:\n  tgi:\n    name: TGI\n    rule: r\n    rule_source: s\n    figures: {kv_tokens: vllm_kv_tokens}\n"


def test_without_a_gpu_the_default_is_not_guessed_and_the_note_says_what_decides_it():
    result = capacity(CapacityRequest("openai/gpt-oss-120b", available_kv=["10 GiB"], kv_dtype="bf16"), Project.load(None))
    assert "max_num_batched_tokens" in result.figures["max_concurrency"].missing
    note = next(n for n in result.setup.notes if n.startswith("max_num_batched_tokens"))
    assert "--gpu" in note and "8192" in note and "2048" in note


def test_a_given_step_wins_over_the_default():
    request = CapacityRequest("openai/gpt-oss-120b", available_kv=["1.71 GiB"], kv_dtype="bf16", gpu="h100_sxm",
                              max_model_len=131072, max_num_batched_tokens=1024)
    result = capacity(request, Project.load(None))
    assert result.inputs_by_name["max_num_batched_tokens"].value == 1024
    assert result.inputs_by_name["max_num_batched_tokens"].origin == "--max-num-batched-tokens 1024"
    assert not any(n.startswith("max_num_batched_tokens") for n in result.setup.notes)


def test_an_unknown_entry_point_is_one_located_line(run_cli):
    code, _, err = run_cli("capacity", "openai/gpt-oss-120b", "--available-kv", "1 GiB", "--usage-context", "batch")
    assert code == 2 and "'batch'" in err and "openai_api_server, llm_class" in err and err.count("\n") == 1


@pytest.mark.parametrize("entry, message", [
    ("    device_defaults: [1]\n", "'device_defaults' must be a mapping"),
    ("    device_defaults: {max_num_batched_tokens: {source: s}}\n", "non-empty list of 'tiers'"),
    ("    device_defaults: {max_num_batched_tokens: {source: s, tiers: [{values: {serve: 1}}]}}\n", "needs 'context: {default: NAME}'"),
    ("    device_defaults: {max_num_batched_tokens: {source: s, context: {default: serve}, tiers: [{values: {serve: 0}}]}}\n",
     "must be a positive whole number"),
    ("    device_defaults: {max_num_batched_tokens: {source: s, context: {default: serve}, tiers: [{min_memory_gib: 70, values: {serve: 8}}]}}\n",
     "the last tier must admit every device"),
    ("    device_defaults: {max_num_batched_tokens: {source: s, context: {default: llm}, tiers: [{values: {serve: 8}}]}}\n",
     "the default among them"),
    ("    device_defaults: {max_num_batched_tokens: {source: s, context: {default: serve}, tiers: [{values: {serve: 8}, speed: 1}]}}\n",
     "tier 1: expected a mapping"),
])
def test_a_project_device_default_is_checked_with_its_line(run_cli, tmp_path, entry, message):
    (tmp_path / "inputs").mkdir()
    (tmp_path / "inputs" / "engines.yaml").write_text(ENGINE_HEAD + entry)
    code, _, err = run_cli("--project", tmp_path, "capacity", "meta-llama/Llama-3.1-8B", "--engine", "tgi", "--available-kv", "1 GiB")
    assert code == 2 and message in err and "engines.yaml:7" in err and "Traceback" not in err
