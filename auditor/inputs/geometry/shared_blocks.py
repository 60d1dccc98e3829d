"""Shared transformer blocks (Zamba2): one set of weights, invoked at several layers, each with its own cache.

Zamba2 runs a Mamba-2 mixer in every layer; at the ``hybrid`` layers it also
runs one of ``num_mem_blocks`` shared attention + MLP blocks, taken round
robin, on the residual stream concatenated with the input embedding. So the
two costs part ways, and this is the genuinely new layer kind:

- weights: each shared block is counted once, however many layers call it;
  what each invocation owns is its projection back into the residual stream
  (hidden x hidden) and its low-rank adapters (on q, k, v when
  ``use_shared_attention_adapter``; on the MLP's gate and up projections);
- cache: every invocation keeps its own K and V rows (vLLM builds one
  Attention object per hybrid layer, vllm/model_executor/models/zamba2.py,
  "KV cache is unique for every attention layer"), so a hybrid layer holds
  full KV like any attention layer and ``attention.py`` prices it.

The attention reads 2 * hidden_size wide inputs (``attention_hidden_size``)
and vLLM caches ``num_attention_heads`` heads of ``attention_head_dim``; a
config whose heads do not tile that width, or whose num_key_value_heads
differ from its heads (transformers and vLLM would then disagree), is refused.
"""

from __future__ import annotations

from .model import LayerKind, UnsupportedArchitecture
from .reader import GeometryBuilder
from .shapes import Shapes

SHARED = "shared_attention"


def invocations(layers: list[LayerKind]) -> list[int]:
    """Indices of the layers that invoke a shared block."""
    return [i for i, layer in enumerate(layers) if layer.mixer == SHARED]


def shared_block_params(b: GeometryBuilder, layers: list[LayerKind], shapes: Shapes, mlp_params) -> int:
    """All shared blocks' weights, each counted once (0 when the model has none)."""
    calls = invocations(layers)
    if not calls:
        return 0
    _check_layer_ids(b, calls)
    blocks = b.read("n_shared_blocks", "count the shared transformer blocks")
    if blocks > len(calls):
        raise UnsupportedArchitecture(f"{b.key_for('n_shared_blocks')} = {blocks} shared blocks for {len(calls)} hybrid layers")
    hidden, width = b["hidden_size"], _width(b)
    attention = 3 * width * width + width * hidden
    mlp = mlp_params(hidden, _intermediate(b), shapes.mlp == "gated", b.flag("use_bias", False))
    norms = shapes.norm_weights(width) + shapes.norm_weights(hidden)  # before attention (2h wide), before the MLP
    each = b.compute("n_params_per_shared_block", attention + mlp + norms,
                     "q, k, v (attention_hidden_size square), o (to hidden_size), the MLP and two norms")
    return b.compute("n_params_shared_blocks", blocks * each, f"{blocks} x n_params_per_shared_block (each block once, however many layers call it)")


def invocation_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """What one hybrid layer owns: the hidden x hidden projection and its low-rank adapters."""
    hidden, width, rank = b["hidden_size"], _width(b), _rank(b)
    adapters = 0
    if b.flag("use_shared_attention_adapter", False):
        adapters += 3 * (width * rank + rank * width)          # q, k and v adapters, A then B
    if b.flag("use_shared_mlp_adapter", True):
        adapters += rank * (hidden + 2 * _intermediate(b))     # gate_up adapter: hidden -> rank -> 2 * intermediate
    return hidden * hidden + adapters


def _width(b: GeometryBuilder) -> int:
    """attention_hidden_size, checked against the heads the cache is sized by."""
    if "shared_attention_width" in b:
        return b["shared_attention_width"]
    width = b.read("shared_attention_width", "size the shared attention's input")
    heads, head_dim = b["n_heads"], b["head_dim"]
    if heads * head_dim != width:
        raise UnsupportedArchitecture(f"num_attention_heads * attention_head_dim = {heads} * {head_dim} is not "
                                      f"attention_hidden_size = {width} (vLLM's Zamba2Attention refuses it)")
    if b["n_kv_heads"] != heads:
        raise UnsupportedArchitecture(f"num_key_value_heads = {b['n_kv_heads']} differs from num_attention_heads = {heads}: "
                                      "vLLM caches every head of a shared block, transformers only the KV heads")
    return width


def _rank(b: GeometryBuilder) -> int:
    return b["adapter_rank"] if "adapter_rank" in b else b.read("adapter_rank", "size the shared blocks' adapters")


def _intermediate(b: GeometryBuilder) -> int:
    if "intermediate_size" in b:
        return b["intermediate_size"]
    return b.read("intermediate_size", "size the shared blocks' MLP")


def _check_layer_ids(b: GeometryBuilder, calls: list[int]) -> None:
    """hybrid_layer_ids, when the file carries it, must name the same layers as the layer list."""
    listed = b.config.get("hybrid_layer_ids")
    if listed is not None and listed != calls:
        raise UnsupportedArchitecture(f"hybrid_layer_ids {listed!r} differs from the hybrid layers of layers_block_type {calls}")
