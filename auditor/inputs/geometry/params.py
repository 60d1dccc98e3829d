"""Parameter counts from standard module shapes, layer by layer.

Each layer is its mixer (attention, MLA, Mamba-2 or Gated DeltaNet), its
feed-forward block (dense MLP, MoE, or none) and its norms; the model adds the
embedding, the output projection unless tied, and a final norm. Shapes follow
the transformers modelling code of each family; the flags that configs do not
spell out (biases, q/k norms, gating) come from ``registry.ModuleShapes``.

What "active" means, since published figures differ:

- ``n_params_active``: parameters one token touches, embeddings included:
  every mixer, norm and shared expert, the router, and ``n_experts_per_token``
  routed experts. This is Mixtral's "12.9B active" and Qwen's "3.3B activated".
- ``n_params_active_excl_embeddings``: the same without the input embedding
  table, a lookup that reads one row per token. The output projection stays:
  it is a full matmul every token pays for. This is gpt-oss's "5.13B active"
  (4.55B without the output projection as well would not match it).
- ``n_params_embedding``: the input embedding table, vocab_size * hidden_size;
  ``n_params_output_projection``: the untied lm_head, 0 when tied (the shared
  matrix is counted once, as the embedding). Kaplan-style "non-embedding"
  counts subtract both.
"""

from __future__ import annotations

from .model import DENSE_FFN, FULL_KV, LINEAR_STATE, MAMBA_STATE, MLA_LATENT, MOE_FFN, NOTHING, SLIDING_KV, LayerKind
from .reader import GeometryBuilder
from .registry import QKV_ONLY, ModuleShapes


def count_params(b: GeometryBuilder, layers: list[LayerKind], shapes: ModuleShapes) -> None:
    """n_params, n_params_active (with and without the embedding table) and the embedding counts."""
    totals = [_layer_params(b, layer, shapes) for layer in layers]
    embedding = b.compute("n_params_embedding", b["vocab_size"] * b["hidden_size"], "vocab_size * hidden_size")
    output = b.compute("n_params_output_projection", 0 if b["tie_embeddings"] else embedding,
                       "0 when tied to the embedding, else vocab_size * hidden_size")
    rest = embedding + output + b["hidden_size"]  # the final norm
    b.compute("n_params", rest + sum(total for total, _ in totals),
              f"embedding + output projection + final norm + {len(layers)} layers of standard module shapes")
    active = rest + sum(active for _, active in totals)
    b.compute("n_params_active", active,
              "n_params less the routed experts a token does not use (embeddings included)")
    b.compute("n_params_active_excl_embeddings", active - embedding, "n_params_active - n_params_embedding")


def _layer_params(b: GeometryBuilder, layer: LayerKind, shapes: ModuleShapes) -> tuple[int, int]:
    """(all parameters, parameters one token uses) of one layer."""
    fixed = MIXERS[layer.holds](b, shapes) + shapes.norms_per_layer * b["hidden_size"]
    if layer.ffn == DENSE_FFN:
        dense = mlp_params(b["hidden_size"], b["intermediate_size"], shapes.gated_mlp, b.flag("mlp_bias", False))
        return fixed + dense, fixed + dense
    if layer.ffn == MOE_FFN:
        total, active = _moe_params(b, shapes)
        return fixed + total, fixed + active
    return fixed, fixed


def mlp_params(hidden: int, width: int, gated: bool, bias: bool) -> int:
    """Gated (gate, up, down: SwiGLU/GeGLU) or plain (up, down: relu2) MLP."""
    if gated:
        return 3 * hidden * width + ((2 * width + hidden) if bias else 0)
    return 2 * hidden * width + ((width + hidden) if bias else 0)


def _attention_params(b: GeometryBuilder, shapes: ModuleShapes) -> int:
    """q, k, v, o projections, with biases, q/k norms, output gate and sinks where the family has them."""
    hidden, heads, kv_heads, head_dim = b["hidden_size"], b["n_heads"], b["n_kv_heads"], b["head_dim"]
    q_out = heads * head_dim * (2 if shapes.gated_query else 1)
    kv_out = kv_heads * head_dim
    weights = hidden * q_out + 2 * hidden * kv_out + heads * head_dim * hidden
    if shapes.attention_bias == QKV_ONLY:
        biases = q_out + 2 * kv_out
    else:
        biases = (q_out + 2 * kv_out + hidden) if b.flag("attention_bias", False) else 0
    norms = 2 * head_dim if shapes.qk_norm else 0
    sinks = heads if shapes.attention_sinks else 0
    return weights + biases + norms + sinks


def _mla_params(b: GeometryBuilder, shapes: ModuleShapes) -> int:
    """DeepSeek MLA: q_a (+norm) and q_b, or a plain q; kv_a_with_mqa (+norm), kv_b, o."""
    hidden, heads, rank, rope = b["hidden_size"], b["n_heads"], b["kv_lora_rank"], b["qk_rope_head_dim"]
    qk_dim, nope, v_dim = b["mla_naive_k_head_dim"], b["qk_nope_head_dim"], b["v_head_dim"]
    bias = b.flag("attention_bias", False)
    if "q_lora_rank" in b:
        q_rank = b["q_lora_rank"]
        query = hidden * q_rank + q_rank + q_rank * heads * qk_dim + (q_rank if bias else 0)
    else:
        query = hidden * heads * qk_dim
    key_value = hidden * (rank + rope) + rank + rank * heads * (nope + v_dim)
    output = heads * v_dim * hidden
    return query + key_value + output + ((rank + rope + hidden) if bias else 0)


def _mamba2_params(b: GeometryBuilder, shapes: ModuleShapes) -> int:
    """in_proj (z, x, B, C, dt), depthwise conv1d, dt_bias, A_log, D, gated norm, out_proj."""
    hidden, inner, conv_dim = b["hidden_size"], b["mamba_intermediate_size"], b["mamba_conv_dim"]
    heads, kernel = b["mamba_num_heads"], b["conv_kernel"]
    proj_bias, conv_bias = b.flag("use_bias", False), b.flag("use_conv_bias", True)
    projected = inner + conv_dim + heads
    in_proj = hidden * projected + (projected if proj_bias else 0)
    conv = conv_dim * kernel + (conv_dim if conv_bias else 0)
    out_proj = inner * hidden + (hidden if proj_bias else 0)
    return in_proj + conv + 3 * heads + inner + out_proj


def _gated_deltanet_params(b: GeometryBuilder, shapes: ModuleShapes) -> int:
    """in_proj_qkvz, in_proj_ba, depthwise conv1d (no bias), dt_bias, A_log, per-head norm, out_proj."""
    hidden, conv_dim, kernel = b["hidden_size"], b["linear_conv_dim"], b["linear_conv_kernel_dim"]
    value_heads = b["linear_num_value_heads"]
    value_dim = value_heads * b["linear_value_head_dim"]
    in_proj = hidden * (conv_dim + value_dim) + hidden * 2 * value_heads
    return in_proj + conv_dim * kernel + 2 * value_heads + b["linear_value_head_dim"] + value_dim * hidden


def _moe_params(b: GeometryBuilder, shapes: ModuleShapes) -> tuple[int, int]:
    """(all, active) of one MoE block: router, shared expert(s), routed experts."""
    hidden, experts = b["hidden_size"], b["n_experts"]
    expert = mlp_params(hidden, b["moe_intermediate_size"], True, shapes.expert_bias)
    router = hidden * experts + (experts if shapes.expert_bias else 0)
    if b.config.get("topk_method") == "noaux_tc":
        router += experts  # e_score_correction_bias, the load-balancing bias of aux-loss-free routing
    shared = 0
    if b["n_shared_experts"]:
        shared = mlp_params(hidden, b["shared_expert_intermediate_size"], True, False)
        shared += hidden if shapes.shared_expert_gate else 0
    always = router + shared
    return always + experts * expert, always + b["n_experts_per_token"] * expert


def _no_mixer(b: GeometryBuilder, shapes: ModuleShapes) -> int:
    return 0


MIXERS = {
    FULL_KV: _attention_params,
    SLIDING_KV: _attention_params,
    MLA_LATENT: _mla_params,
    MAMBA_STATE: _mamba2_params,
    LINEAR_STATE: _gated_deltanet_params,
    NOTHING: _no_mixer,
}
