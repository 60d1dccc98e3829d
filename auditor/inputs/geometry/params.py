"""Parameter counts from standard module shapes, layer by layer.

Each layer is its mixer (``mixer_params``), an optional second mixer beside
it, its feed-forward block (dense MLP, MoE, or none) and its norms; the
model adds the embedding, the output projection unless tied, a final
norm, and any shared blocks its layers call (``shared_blocks``: counted once). The flags configs do not spell out come from the family's ``shapes:``.

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

from collections import Counter

from .mixer_params import MIXER_PARAMS
from .model import DENSE_FFN, MOE_FFN, NO_FFN, LayerKind
from .reader import GeometryBuilder
from .shapes import Shapes
from .shared_blocks import shared_block_params


def count_params(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """n_params, n_params_active (with and without the embedding table) and the embedding counts."""
    shapes = b.family.shapes
    kinds = Counter(map(id, layers))  # layers repeat the same few kinds: price each once
    first = {id(layer): layer for layer in layers}
    totals = [(count * total, count * active)
              for key, count in kinds.items() for total, active in [_layer_params(b, first[key], shapes)]]
    hidden, vocab = b["hidden_size"], b["vocab_size"]
    embedding = b.compute("n_params_embedding", vocab * hidden, "vocab_size * hidden_size")
    output = b.compute("n_params_output_projection", 0 if b["tie_embeddings"] else embedding,
                       "0 when tied to the embedding, else vocab_size * hidden_size")
    rest = embedding + output + (shapes.norm_weights(hidden) if shapes.final_norm else 0)
    rest += shared_block_params(b, layers, shapes, mlp_params)  # Zamba2: reused blocks, counted once
    b.compute("n_params", rest + sum(total for total, _ in totals),
              f"embedding + output projection + final norm + {len(layers)} layers of standard module shapes")
    active = rest + sum(active for _, active in totals)
    b.compute("n_params_active", active,
              "n_params less the routed experts a token does not use (embeddings included)")
    b.compute("n_params_active_excl_embeddings", active - embedding, "n_params_active - n_params_embedding")


def count_mtp(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """n_params_mtp and n_params_with_mtp: the multi-token-prediction layers a checkpoint stores beside the model.

    DeepSeek's layout (DeepSeek-V3, GLM-4.5): each such layer is one decoder
    layer shaped like the model's last, an eh_proj (2h -> h, no bias), norms on
    the embedding, the hidden state and the shared head, and its own stored
    copies of the embedding table and the output head. The model proper does
    not use them, so ``n_params`` leaves them out; a checkpoint's published
    total counts them.
    """
    shapes = b.family.shapes
    if not shapes.mtp_layers or not b.has("n_mtp_layers"):
        return
    count = b.integer("n_mtp_layers", "count the multi-token-prediction layers", minimum=0)
    if count == 0 or not layers:
        return
    hidden, vocab = b["hidden_size"], b["vocab_size"]
    decoder, _ = _layer_params(b, layers[-1], shapes)
    each = decoder + 2 * hidden * hidden + 3 * shapes.norm_weights(hidden) + 2 * vocab * hidden
    b.compute("n_params_mtp", count * each,
              f"{count} x (a decoder layer like the last + eh_proj 2h x h + 3 norms + embedding and head copies)")
    b.compute("n_params_with_mtp", b["n_params"] + count * each, "n_params + n_params_mtp")


def _layer_params(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> tuple[int, int]:
    """(all parameters, parameters one token uses) of one layer."""
    mixer = MIXER_PARAMS[layer.mixer or "attention"](b, layer, shapes)
    if layer.parallel:
        mixer += MIXER_PARAMS[layer.parallel](b, layer, shapes)
    fixed = mixer + _norms(b, layer, shapes) * shapes.norm_weights(b["hidden_size"])
    if layer.ffn == DENSE_FFN:
        width = layer.ffn_width or b["intermediate_size"]
        dense = mlp_params(b["hidden_size"], width, shapes.mlp == "gated", _mlp_bias(b, shapes))
        return fixed + dense, fixed + dense
    if layer.ffn == MOE_FFN:
        total, active = _moe_params(b, shapes)
        return fixed + total, fixed + active
    return fixed, fixed


def _norms(b: GeometryBuilder, layer: LayerKind, shapes: Shapes) -> int:
    """Norms in one layer: a count, a config key's value, or one for each block the layer keeps."""
    if shapes.norm_per_block:
        return (layer.mixer != "none") + (layer.ffn != NO_FFN)
    if isinstance(shapes.norms_per_layer, str):
        return b.integer(shapes.norms_per_layer, "count the norms in a layer")
    return shapes.norms_per_layer


def _mlp_bias(b: GeometryBuilder, shapes: Shapes) -> bool:
    if shapes.mlp_bias == "config":
        return b.flag("mlp_bias", False)
    return shapes.mlp_bias == "always"


def mlp_params(hidden: int, width: int, gated: bool, bias: bool) -> int:
    """Gated (gate, up, down: SwiGLU/GeGLU) or plain (up, down: GELU, relu2) MLP."""
    if gated:
        return 3 * hidden * width + ((2 * width + hidden) if bias else 0)
    return 2 * hidden * width + ((width + hidden) if bias else 0)


def _moe_params(b: GeometryBuilder, shapes: Shapes) -> tuple[int, int]:
    """(all, active) of one MoE block: router, shared expert(s), routed experts."""
    hidden, experts, gated = b["hidden_size"], b["n_experts"], shapes.mlp == "gated"
    expert = mlp_params(hidden, b["moe_intermediate_size"], gated, shapes.expert_bias)
    router = hidden * experts + (experts if shapes.expert_bias else 0)
    if shapes.router_bias is True or (shapes.router_bias and shapes.router_bias.holds(b.config)):
        router += experts  # e_score_correction_bias, the load-balancing bias of aux-loss-free routing
    shared = 0
    if b["n_shared_experts"]:
        shared = mlp_params(hidden, b["shared_expert_intermediate_size"], gated, False)
        shared += hidden if shapes.shared_expert_gate else 0
    always = router + shared
    return always + experts * expert, always + b["n_experts_per_token"] * expert
