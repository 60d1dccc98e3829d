"""Attention heads and the width of one token's cache row: MHA/GQA/MQA, MLA, per-layer heads.

The KV cache does not know how many query heads a model has: an attention
layer caches one K and one V vector per *KV* head, so its row is
``2 * n_kv_heads * head_dim`` elements (Llama-3-8B: 2 * 8 * 128 = 2048), the
same whether the layer attends to everything, to a sliding window or to one
chunk; the window only bounds how many rows it keeps.

Multi-head latent attention (the family says ``attention: mla``) caches
something else: with the up-projections absorbed into the query and output
projections, a layer stores one compressed row of ``kv_lora_rank`` elements
plus the ``qk_rope_head_dim`` RoPE key shared by all heads (DeepSeek-V3:
512 + 64 = 576). The "naive" decompressed layout, 128 heads of 192-wide keys
and 128-wide values, is also given, because documents quote it. A sparse
MLA model (DeepSeek-V3.2) also keeps its lightning indexer's keys,
``index_head_dim`` per token per layer.
"""

from __future__ import annotations

from .model import MLA_LATENT, LayerKind, UnsupportedArchitecture
from .reader import GeometryBuilder

MLA_KEYS = ("kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim")


def read_attention(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """Head counts, head widths and per-token cache rows for the attention layers."""
    if not any(layer.grows_with_context for layer in layers):
        return
    b.read("n_heads", "count the query heads")
    if any(layer.holds == MLA_LATENT for layer in layers):
        _read_mla(b)
    elif any(layer.kv_heads for layer in layers):
        _read_per_layer_heads(b, layers)
    else:
        _read_gqa(b)
    _per_token(b, layers)


def _read_gqa(b: GeometryBuilder) -> None:
    heads = b["n_heads"]
    if b.has("n_kv_heads"):
        kv_heads = b.read("n_kv_heads", "count the KV heads")
    else:
        kv_heads = b.assume("n_kv_heads", heads, "n_heads (no num_key_value_heads: multi-head attention)")
    if heads % kv_heads:
        raise UnsupportedArchitecture(f"num_attention_heads = {heads} is not a multiple of num_key_value_heads = {kv_heads}")
    head_dim = _head_dim(b)
    b.compute("kv_values_per_token_per_layer", 2 * kv_heads * head_dim,
              "2 * n_kv_heads * head_dim (one K and one V vector per KV head)")
    b.compute("kv_row_heads", kv_heads, "n_kv_heads (tensor parallelism splits the row by KV head)")


def _read_per_layer_heads(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """Block configs give each layer its KV heads; one per-layer width exists only if they agree."""
    head_dim = _head_dim(b)
    counts = sorted({layer.kv_heads for layer in layers if layer.kv_heads})
    if len(counts) == 1:
        b.compute("n_kv_heads", counts[0], "n_heads / n_heads_in_group, the same on every attention layer")
        b.compute("kv_values_per_token_per_layer", 2 * counts[0] * head_dim,
                  "2 * n_kv_heads * head_dim (one K and one V vector per KV head)")
        b.compute("kv_row_heads", counts[0], "n_kv_heads (tensor parallelism splits the row by KV head)")
    else:
        b.note(f"KV heads differ by layer ({', '.join(map(str, counts))}): no single per-layer cache width applies")


def _head_dim(b: GeometryBuilder) -> int:
    """An explicit head width wins; otherwise hidden_size / num_attention_heads, which must divide."""
    if b.has("head_dim"):
        return b.read("head_dim", "size the attention heads")
    hidden, heads = b["hidden_size"], b["n_heads"]
    if hidden % heads:
        raise UnsupportedArchitecture(
            f"config has no 'head_dim' and hidden_size = {hidden} is not divisible by num_attention_heads = {heads}"
        )
    b.note("head_dim = hidden_size / num_attention_heads (no head_dim key)")
    return b.compute("head_dim", hidden // heads, "hidden_size / num_attention_heads")


def _read_mla(b: GeometryBuilder) -> None:
    for key in MLA_KEYS:
        b.read(key, "size the multi-head latent attention")
    if b.has("q_lora_rank"):
        b.read("q_lora_rank", "size the query compression")
    else:
        b.note("q_lora_rank is null: queries are projected straight from hidden_size")
    if b.has("n_kv_heads"):
        b.read("n_kv_heads", "count the decompressed KV heads")
    else:
        b.assume("n_kv_heads", b["n_heads"], "n_heads (no num_key_value_heads)")
    nope, rope, v_dim, rank = b["qk_nope_head_dim"], b["qk_rope_head_dim"], b["v_head_dim"], b["kv_lora_rank"]
    b.compute("mla_naive_k_head_dim", nope + rope, "qk_nope_head_dim + qk_rope_head_dim")
    b.compute("mla_naive_v_head_dim", v_dim, "v_head_dim")
    b.compute("mla_naive_kv_values_per_token_per_layer", b["n_kv_heads"] * (nope + rope + v_dim),
              "n_kv_heads * (mla_naive_k_head_dim + mla_naive_v_head_dim) (decompressed K and V)")
    b.compute("mla_latent_width", rank + rope, "kv_lora_rank + qk_rope_head_dim")
    b.compute("mla_absorbed_v_width", rank, "kv_lora_rank (values read from the latent after absorption)")
    b.compute("kv_values_per_token_per_layer", rank + rope,
              "kv_lora_rank + qk_rope_head_dim (absorbed MLA: one latent row plus the shared RoPE key)")
    b.compute("kv_row_heads", 1, "1: the latent row is shared by every head, so each tensor-parallel rank keeps all of it")
    b.note(f"MLA: n_kv_heads = {b['n_kv_heads']} describes the decompressed heads; the cache holds one "
           f"{rank + rope}-element latent row per token per layer, and no single head_dim applies")
    if b.has("index_head_dim"):
        b.read("index_head_dim", "size the sparse-attention indexer's keys")
        b.read("index_n_heads", "count the indexer's query heads")


def _per_token(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """Per token at full length: every KV layer, sliding and chunked ones included, holds every token."""
    if "kv_values_per_token_per_layer" in b:
        b.compute("kv_values_per_token", b["n_kv_layers"] * b["kv_values_per_token_per_layer"],
                  "n_kv_layers * kv_values_per_token_per_layer (every KV layer at full length: "
                  "sliding and chunked layers too, until the context outgrows their window)")
    else:
        widths = [2 * layer.kv_heads * b["head_dim"] for layer in layers if layer.kv_heads]
        b.compute("kv_values_per_token", sum(widths), "sum over the attention layers of 2 * kv_heads * head_dim")
    if "index_head_dim" in b:
        b.compute("indexer_values_per_token", b["n_kv_layers"] * b["index_head_dim"],
                  "n_kv_layers * index_head_dim (the indexer caches one key per token per layer)")


def kv_heads_per_rank(n_kv_heads: int, tp: int) -> int:
    """KV heads each tensor-parallel rank caches: n_kv_heads / tp, but never below one.

    Tensor parallelism splits attention by heads. Once tp exceeds the number
    of KV heads there is nothing left to split: each KV head is replicated on
    tp / n_kv_heads ranks, every rank still caches one whole head, and the
    per-GPU KV cache stops shrinking (8 KV heads at tp 16: 1 head per rank,
    not 0.5). Serving frameworks require tp and n_kv_heads to divide one
    another, so any other pair is refused.
    """
    for name, value in (("n_kv_heads", n_kv_heads), ("tp", tp)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive integer, got {value!r}")
    if n_kv_heads % tp and tp % n_kv_heads:
        raise ValueError(f"tp = {tp} and n_kv_heads = {n_kv_heads} must divide one another")
    return max(1, n_kv_heads // tp)
