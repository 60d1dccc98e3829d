"""Parameters of each mixer kind (attention, MLA, Mamba-1, Mamba-2, Gated DeltaNet, lightning, linear).

Shapes follow each family's modelling code; the flags a config does not
spell out (biases, q/k norms, gating) come from the family's ``shapes:``.
Each function takes the builder and the layer (whose ``kv_heads`` may
override the model's, for per-layer block configs) and returns a count.
"""

from __future__ import annotations

from .model import LayerKind
from .reader import GeometryBuilder
from .shapes import Shapes
from .shared_blocks import invocation_params


def attention_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """q, k, v, o projections, with biases, q/k norms, output gate and sinks where the family has them."""
    hidden, heads, head_dim = b["hidden_size"], b["n_heads"], b["head_dim"]
    kv_heads = layer.kv_heads or b["n_kv_heads"]
    q_out = heads * head_dim * (2 if shapes.gated_query else 1)
    kv_out = kv_heads * head_dim
    weights = hidden * q_out + 2 * hidden * kv_out + heads * head_dim * hidden
    return weights + _attention_biases(b, shapes, q_out, kv_out, hidden) + _qk_norms(b, shapes, heads, kv_heads, head_dim) \
        + (heads if shapes.attention_sinks else 0)


def _attention_biases(b: GeometryBuilder, shapes: Shapes, q_out: int, kv_out: int, hidden: int) -> int:
    mode = shapes.attention_bias
    qkv = q_out + 2 * kv_out
    if mode == "qkv":
        return qkv
    if mode == "all":
        return qkv + hidden
    if mode == "qkv_config":
        return qkv if b.flag("attention_bias", False) else 0
    if mode == "config":
        return qkv + hidden if b.flag("attention_bias", False) else 0
    return 0


def _qk_norms(b: GeometryBuilder, shapes: Shapes, heads: int, kv_heads: int, head_dim: int) -> int:
    if shapes.qk_norm == "head" or (shapes.qk_norm == "head_config" and b.flag("use_qk_norm", False)):
        return 2 * shapes.norm_weights(head_dim)
    if shapes.qk_norm == "full":
        return shapes.norm_weights(heads * head_dim) + shapes.norm_weights(kv_heads * head_dim)
    return 0


def mla_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """DeepSeek MLA: q_a (+norm) and q_b, or a plain q; kv_a_with_mqa (+norm), kv_b, o; the indexer if any."""
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
    return query + key_value + output + ((rank + rope + hidden) if bias else 0) + _indexer_params(b)


def _indexer_params(b: GeometryBuilder) -> int:
    """DeepSeek-V3.2's lightning indexer: wq_b from the query latent, wk with a LayerNorm, per-head weights."""
    if "index_head_dim" not in b:
        return 0
    dim, heads, hidden = b["index_head_dim"], b["index_n_heads"], b["hidden_size"]
    q_rank = b["q_lora_rank"] if "q_lora_rank" in b else hidden
    return q_rank * heads * dim + hidden * dim + 2 * dim + hidden * heads


def mamba1_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """in_proj (x, z), depthwise conv1d, x_proj (dt, B, C), dt_proj with bias, A_log, D, out_proj."""
    hidden, inner, state = b["hidden_size"], b["mamba_intermediate_size"], b["ssm_state_size"]
    kernel, rank = b["conv_kernel"], _time_step_rank(b)
    proj_bias, conv_bias = b.flag("use_bias", False), b.flag("use_conv_bias", True)
    in_proj = hidden * 2 * inner + (2 * inner if proj_bias else 0)
    conv = inner * kernel + (inner if conv_bias else 0)
    x_proj = inner * (rank + 2 * state)
    dt_proj = rank * inner + inner
    norms = (rank + 2 * state) if shapes.mamba_norms else 0
    return in_proj + conv + x_proj + dt_proj + inner * state + inner + inner * hidden + (hidden if proj_bias else 0) + norms


def _time_step_rank(b: GeometryBuilder) -> int:
    """dt_rank: the config's, or ceil(hidden_size / 16) when it says "auto"."""
    if "time_step_rank" in b:
        return b["time_step_rank"]
    if b.raw("time_step_rank", "size the Mamba dt projection") == "auto":
        return b.compute("time_step_rank", -(-b["hidden_size"] // 16), "ceil(hidden_size / 16) (time_step_rank auto)")
    return b.read("time_step_rank", "size the Mamba dt projection")


def mamba2_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """in_proj (z, x, B, C, dt), depthwise conv1d, dt_bias, A_log, D, gated norm, out_proj."""
    hidden, inner, conv_dim = b["hidden_size"], b["mamba_intermediate_size"], b["mamba_conv_dim"]
    heads, kernel = b["mamba_num_heads"], b["conv_kernel"]
    proj_bias, conv_bias = b.flag("use_bias", False), b.flag("use_conv_bias", True)
    projected = inner + conv_dim + heads
    in_proj = hidden * projected + (projected if proj_bias else 0)
    conv = conv_dim * kernel + (conv_dim if conv_bias else 0)
    out_proj = inner * hidden + (hidden if proj_bias else 0)
    norm = inner if b.flag("mamba_rms_norm", True) else 0
    return in_proj + conv + 3 * heads + norm + out_proj


def gated_deltanet_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """in_proj_qkvz, in_proj_ba, depthwise conv1d (no bias), dt_bias, A_log, per-head norm, out_proj."""
    hidden, conv_dim, kernel = b["hidden_size"], b["linear_conv_dim"], b["linear_conv_kernel_dim"]
    value_heads = b["linear_num_value_heads"]
    value_dim = value_heads * b["linear_value_head_dim"]
    in_proj = hidden * (conv_dim + value_dim) + hidden * 2 * value_heads
    return in_proj + conv_dim * kernel + 2 * value_heads + b["linear_value_head_dim"] + value_dim * hidden


def lightning_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """MiniMax lightning attention: qkv_proj, output_gate, out_proj (no biases) and an RMSNorm over the heads."""
    hidden, inner = b["hidden_size"], b["n_heads"] * b["head_dim"]
    return hidden * 3 * inner + hidden * inner + inner * hidden + inner


def linear_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """An attention block replaced by one hidden x hidden linear map (Nemotron NAS)."""
    return b["hidden_size"] ** 2


def no_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    return 0


MIXER_PARAMS = {
    "attention": attention_params, "sliding": attention_params, "chunked": attention_params, "mla": mla_params,
    "shared_attention": invocation_params,
    "mamba1": mamba1_params, "mamba2": mamba2_params, "gated_deltanet": gated_deltanet_params,
    "lightning": lightning_params,
    "linear": linear_params, "none": no_params,
}
