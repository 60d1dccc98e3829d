"""Mixture-of-experts: which layers route, to how many experts, of what width.

Three config dialects place the MoE layers:

- DeepSeek: ``n_routed_experts``; layer i routes when i >= ``first_k_dense_replace``
  and i % ``moe_layer_freq`` == 0 (DeepSeek-V3: the first 3 layers are dense).
- Qwen: ``num_experts``; layer i routes unless it is in ``mlp_only_layers``,
  and only when (i + 1) % ``decoder_sparse_step`` == 0.
- Mixtral, gpt-oss: ``num_local_experts``; every layer routes, and the expert
  width is plain ``intermediate_size``.

Shared experts run for every token, so they count towards the active
parameters in full; ``n_shared_experts`` is 0 when the config names none.
"""

from __future__ import annotations

from .model import MOE_FFN, NO_FFN, LayerKind, UnsupportedArchitecture
from .reader import GeometryBuilder

EXPERT_COUNT_KEYS = ("n_routed_experts", "num_local_experts", "num_experts")
EXPERTS_PER_TOKEN_KEYS = ("num_experts_per_tok", "experts_per_token")


def expert_count_key(b: GeometryBuilder) -> str | None:
    """The key this config uses for the routed-expert count, or None for a dense model."""
    present = [key for key in EXPERT_COUNT_KEYS if b.config.get(key)]
    if len(present) > 1:
        raise UnsupportedArchitecture(
            f"config sets both {present[0]!r} and {present[1]!r}; cannot tell which counts the experts"
        )
    return present[0] if present else None


def moe_layer_flags(b: GeometryBuilder, n_layers: int) -> list[bool]:
    """For each layer, whether its feed-forward block is routed."""
    key = expert_count_key(b)
    if key is None:
        return [False] * n_layers
    if key == "n_routed_experts":
        first_dense = b.integer_or("first_k_dense_replace", 0, "place the leading dense layers", minimum=0)
        every = b.integer_or("moe_layer_freq", 1, "place the MoE layers")
        return [i >= first_dense and i % every == 0 for i in range(n_layers)]
    if key == "num_experts":
        dense_only = b.config.get("mlp_only_layers") or []
        step = b.integer_or("decoder_sparse_step", 1, "place the MoE layers")
        return [i not in dense_only and (i + 1) % step == 0 for i in range(n_layers)]
    return [True] * n_layers


def read_experts(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """Expert counts and widths, produced only for models with routed layers."""
    n_moe = sum(1 for layer in layers if layer.ffn == MOE_FFN)
    if not n_moe:
        return
    b.read("n_experts", expert_count_key(b), "count the routed experts")
    b.read("n_experts_per_token", _first_present(b, EXPERTS_PER_TOKEN_KEYS), "know how many experts a token uses")
    b.compute("n_moe_layers", n_moe, "layers whose feed-forward block is routed")
    b.compute("n_dense_layers", sum(1 for layer in layers if layer.ffn not in (MOE_FFN, NO_FFN)),
              "layers with a dense feed-forward block (DeepSeek: first_k_dense_replace)")
    _expert_width(b)
    _shared_experts(b)
    if b["n_experts_per_token"] > b["n_experts"]:
        raise UnsupportedArchitecture(
            f"num_experts_per_tok = {b['n_experts_per_token']} exceeds the {b['n_experts']} routed experts"
        )


def _first_present(b: GeometryBuilder, keys: tuple[str, ...]) -> str:
    return next((key for key in keys if b.has(key)), keys[0])


def _expert_width(b: GeometryBuilder) -> None:
    if b.has("moe_intermediate_size"):
        b.read("moe_intermediate_size", "moe_intermediate_size", "size the experts")
    else:
        b.read("moe_intermediate_size", "intermediate_size", "size the experts (no moe_intermediate_size key)")
        b.note("moe_intermediate_size = intermediate_size: every expert has the MLP's width "
               "(no moe_intermediate_size key)")


def _shared_experts(b: GeometryBuilder) -> None:
    """DeepSeek names a count of shared experts of expert width; Qwen3-Next names one shared expert's width."""
    if b.has("n_shared_experts"):
        shared = b.integer("n_shared_experts", "count the shared experts", minimum=0)
        b.put("n_shared_experts", shared, "config n_shared_experts", "dimensionless")
        b.compute("shared_expert_intermediate_size", shared * b["moe_intermediate_size"],
                  "n_shared_experts * moe_intermediate_size (the shared experts run as one MLP)")
    elif b.has("shared_expert_intermediate_size"):
        b.compute("n_shared_experts", 1, "one shared expert (shared_expert_intermediate_size is set)")
        b.read("shared_expert_intermediate_size", "shared_expert_intermediate_size", "size the shared expert")
    else:
        b.assume("n_shared_experts", 0, "no shared-expert key in the config")
