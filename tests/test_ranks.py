"""What one rank holds under tp, pp and ep, against vLLM's own rules.

The rules, as vLLM writes them:

- vllm/config/model.py, ``ModelConfig.get_num_kv_heads``: "We will replicate the KV
  heads in the case where the number of KV heads is smaller than the tensor parallel
  size so each GPU has at least one KV head", ``max(1, total_num_kv_heads //
  tensor_parallel_size)``; and before it, ``if self.use_mla: return 1`` ("When using
  MLA during decode it becomes MQA"): every rank caches the whole latent row.
- vllm/model_executor/layers/mamba/mamba_utils.py (vllm-project/vllm@02d710837549a368073552333f66d714477415d2),
  ``mamba2_state_shape``: "if n_groups is not divisible by world_size, need to extend the
  shards", ``extra_groups_for_head_shards`` returns ``tp_size - ngroups``; the conv state
  is ``divide(intermediate_size + 2 * n_groups * state_size, tp)`` by ``conv_kernel - 1``,
  the SSM state ``(divide(num_heads, tp), head_dim, state_size)``; ``gated_delta_net_state_shape``
  divides ``head_k_dim * num_k_heads * 2 + head_v_dim * num_v_heads`` and the value heads.
- vllm/distributed/utils.py, ``get_pp_indices``: "the remaining layers are evenly
  distributed across all but the last partition", and when ``0 < x <= pp_size - 2``
  "across the middle partitions".
"""

from __future__ import annotations

import pytest

from auditor.inputs.geometry import UnsupportedArchitecture
from auditor.inputs.ranks import Ranks, plan, pp_partition
from auditor.inputs.reference import Inputs

INPUTS = Inputs()
LLAMA3_8B, LLAMA31_70B = "meta-llama/Meta-Llama-3-8B", "meta-llama/Llama-3.1-70B"
DEEPSEEK_V3, QWEN3_NEXT = "deepseek-ai/DeepSeek-V3", "Qwen/Qwen3-Next-80B-A3B-Instruct"
NEMOTRON_H, GPT_OSS, MIXTRAL = "nvidia/Nemotron-H-8B-Base-8K", "openai/gpt-oss-120b", "mistralai/Mixtral-8x7B-v0.1"


def plan_of(model: str, **ranks):
    return plan(INPUTS.geometry(INPUTS.model_config(model)[0]), Ranks(**ranks))


# model, tp, KV heads per rank, copies of each head, KV values per token per rank over the growing layers
KV_CASES = [
    (LLAMA3_8B, 1, 8, 1, 32 * 2 * 8 * 128),     # 32 layers, 8 KV heads of 128
    (LLAMA3_8B, 2, 4, 1, 32 * 2 * 4 * 128),
    (LLAMA3_8B, 8, 1, 1, 32 * 2 * 1 * 128),
    (LLAMA3_8B, 16, 1, 2, 32 * 2 * 1 * 128),    # past 8 ranks the per-rank cache stops shrinking
    (LLAMA3_8B, 32, 1, 4, 32 * 2 * 1 * 128),
    (LLAMA31_70B, 8, 1, 1, 80 * 2 * 1 * 128),
    (QWEN3_NEXT, 4, 1, 2, 12 * 2 * 1 * 256),    # 12 gated-attention layers, 2 KV heads of 256
    (GPT_OSS, 8, 1, 1, 18 * 2 * 1 * 64),        # the 18 full-attention layers grow; 18 sliding stop at 128
    (DEEPSEEK_V3, 8, 1, 8, 61 * 576),           # MLA: the 512 + 64 latent row, whole on each of 8 ranks
    (DEEPSEEK_V3, 1, 1, 1, 61 * 576),
]


@pytest.mark.parametrize("model, tp, per_rank, copies, values", KV_CASES, ids=[f"{c[0]}-tp{c[1]}" for c in KV_CASES])
def test_kv_heads_shard_until_one_per_rank_then_replicate(model, tp, per_rank, copies, values):
    ranked = plan_of(model, tp=tp)
    assert ranked.kv_heads_per_rank == per_rank
    assert ranked.replicas == copies
    assert ranked.kv_values_per_layer_per_rank * ranked.stages[0].growing_kv_layers == values


# model, tp, conv values per layer per rank, SSM values per layer per rank, groups per rank
RECURRENT_CASES = [
    (NEMOTRON_H, 2, (8192 + 2 * 8 * 128) // 2 * 3, 128 // 2 * 64 * 128, 4),
    (NEMOTRON_H, 16, (8192 + 2 * 16 * 128) // 16 * 3, 128 // 16 * 64 * 128, 1),   # 8 groups replicated to 16
    (QWEN3_NEXT, 2, (2 * 16 * 128 + 32 * 128) // 2 * 3, 32 // 2 * 128 * 128, None),
    (QWEN3_NEXT, 4, (2 * 16 * 128 + 32 * 128) // 4 * 3, 32 // 4 * 128 * 128, None),
    # linear_attention_state_shape: (num_heads // tp_size, head_dim, head_dim), no conv state
    ("MiniMaxAI/MiniMax-Text-01", 8, 0, 64 // 8 * 128 * 128, None),
]


@pytest.mark.parametrize("model, tp, conv, ssm, groups", RECURRENT_CASES, ids=[f"{c[0]}-tp{c[1]}" for c in RECURRENT_CASES])
def test_recurrent_state_shards_heads_and_replicates_groups_fewer_than_tp(model, tp, conv, ssm, groups):
    state = plan_of(model, tp=tp).recurrent
    assert (state["conv"], state["ssm"], state["groups"]) == (conv, ssm, groups)


@pytest.mark.parametrize("layers, pp, sizes", [
    (32, 1, [32]), (36, 3, [12, 12, 12]),
    (32, 3, [11, 11, 10]),          # remainder 2 to all but the last
    (32, 5, [6, 6, 7, 7, 6]),       # remainder 2 <= pp - 2: the middle stages, from the back
    (61, 4, [15, 15, 16, 15]),
    (7, 4, [2, 2, 2, 1]),
])
def test_pipeline_stages_split_layers_as_vllm_does(layers, pp, sizes):
    assert pp_partition(layers, pp) == sizes


def test_pipeline_stages_count_the_kv_layers_they_hold():
    stages = plan_of(DEEPSEEK_V3, tp=8, pp=4).stages
    assert [s.growing_kv_layers for s in stages] == [15, 15, 16, 15]


def test_routed_experts_split_over_ep_and_the_rest_over_tp():
    # Mixtral: 32 layers x 8 experts x 3 x 4096 x 14336 = 45,097,156,608 routed parameters
    routed = 32 * 8 * 3 * 4096 * 14336
    rest = 46_702_792_704 - routed
    assert plan_of(MIXTRAL, ep=8).params_per_rank == rest + routed / 8
    assert plan_of(MIXTRAL, tp=2).params_per_rank == (rest + routed) / 2


@pytest.mark.parametrize("model, ranks, message", [
    (LLAMA3_8B, {"tp": 3}, "tp = 3 does not divide num_attention_heads = 32"),
    (LLAMA3_8B, {"ep": 2}, "--ep needs a model with routed experts"),
    (MIXTRAL, {"ep": 3}, "ep = 3 does not divide the 8 routed experts"),
    (LLAMA3_8B, {"pp": 33}, "pp = 33 is more stages than the model's 32 layers"),
    (LLAMA3_8B, {"tp": 0}, "--tp must be a whole number from 1 to 4096"),
])
def test_a_split_vllm_would_refuse_is_refused_with_the_reason(model, ranks, message):
    with pytest.raises(UnsupportedArchitecture, match=message):
        plan_of(model, **ranks)


def test_models_show_prints_the_per_rank_figures(run_cli):
    code, out, _ = run_cli("models", "show", LLAMA3_8B, "--tp", "16")
    assert code == 0
    assert "KV heads per rank: 1 of 8 (tp 16 > 8 KV heads: each head replicated on 2 ranks)" in out
    assert "KV per token per rank: 512 B per KV layer; 16,384 B/token over 32 KV layers" in out
    assert "KV per token, all 16 ranks: 262,144 B/token (2 copies of each KV head)" in out


def test_models_show_prints_the_replicated_latent(run_cli):
    code, out, _ = run_cli("models", "show", DEEPSEEK_V3, "--tp", "8")
    assert code == 0
    assert "MLA latent: replicated on every rank" in out
    assert "70,272 B/token over 61 KV layers" in out and "562,176 B/token" in out


def test_models_show_refuses_a_split_in_one_line(run_cli):
    code, _, err = run_cli("models", "show", LLAMA3_8B, "--tp", "3")
    assert code == 2
    assert err.strip().splitlines() == ["error: tp = 3 does not divide num_attention_heads = 32 (vLLM requires it)"]


@pytest.mark.parametrize("model, tp, per_rank, layers, whole", [
    # Mistral-7B: every layer sliding (W = 4096), 8 KV heads of 128: 2 * 8 * 128 * 2 B = 4,096 B per layer on one rank
    ("mistralai/Mistral-7B-v0.1", 2, 32 * 2 * 4 * 128 * 2, 32, 32 * 2 * 8 * 128 * 2),
    # gpt-oss-120b: 36 layers, half sliding, 8 KV heads of 64
    ("openai/gpt-oss-120b", 4, 36 * 2 * 2 * 64 * 2, 36, 36 * 2 * 8 * 64 * 2),
])
def test_sliding_window_layers_count_on_every_rank_as_in_the_whole_model(run_cli, model, tp, per_rank, layers, whole):
    code, out, _ = run_cli("models", "show", model, "--tp", str(tp))
    assert code == 0
    assert f"{per_rank:,} B/token over {layers} KV layers" in out
    assert f"KV per token, all {tp} ranks: {whole:,} B/token" in out


def test_a_claim_that_names_only_tp_takes_one_pipeline_stage_and_says_so(project, monkeypatch, run_cli):
    # Llama-3-8B at tp 4: 2 of 8 KV heads of 128 per rank, 32 layers on the one stage: 32 * 2 * 2 * 128 * 2 B
    (project / "claims" / "r.yaml").write_text(
        "claims:\n  - {id: r, quote: q, formula: kv_bytes_per_token_on_rank,\n"
        "     given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16, tp: 4}, stated: '32,768 B/token'}\n")
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "-v")
    assert code == 0, out
    assert "[holds]" in out and "default used: pp = 1" in out
