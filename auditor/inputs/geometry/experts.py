"""Mixture-of-experts: which layers route, to how many experts, of what width.

Where the routed layers sit is the family's ``experts:`` rule (data):
``all``; ``after_dense`` (DeepSeek: layer i routes when i >= first_k_dense_replace
and i % moe_layer_freq == 0); ``step`` (Qwen, Llama 4: when (i + 1) % step == 0,
unless listed in mlp_only_layers); ``offset`` (Jamba: when i % period == offset).
A config with no expert count, or a count of 0, is dense.

Shared experts run for every token, so they count towards the active
parameters in full. A config names either their width
(``shared_expert_intermediate_size`` and its spellings: one shared MLP of
that width) or their count (``n_shared_experts`` of expert width, run as one
MLP); ``n_shared_experts`` is 0 when it names neither.
"""

from __future__ import annotations

from auditor.base.errors import shown as shown_value

from .model import BAD_VALUE, MOE_FFN, NO_FFN, LayerKind, UnsupportedArchitecture
from .reader import GeometryBuilder


def routed(b: GeometryBuilder) -> bool:
    """True when the config names a nonzero routed-expert count."""
    counts = [b.config.get(key) for key in b.family.keys_for("n_experts") if b.config.get(key)]
    if any(count != counts[0] for count in counts):  # compared, not hashed: a hostile value may be a list
        spelled = ", ".join(repr(k) for k in b.family.keys_for("n_experts") if b.config.get(k))
        raise UnsupportedArchitecture(f"config sets {spelled} to different values; cannot tell which counts the experts")
    return bool(counts)


def moe_layer_flags(b: GeometryBuilder, n_layers: int) -> list[bool]:
    """For each layer, whether its feed-forward block is routed."""
    if not routed(b):
        return [False] * n_layers
    rule = b.family.experts
    if rule.shape == "after_dense":
        first_dense = b.integer_or(rule.key, 0, "place the leading dense layers", minimum=0)
        every = b.integer_or(rule.every_key, 1, "place the MoE layers") if rule.every_key else 1
        return [i >= first_dense and i % every == 0 for i in range(n_layers)]
    if rule.shape == "step":
        dense_only = _layer_list(b, rule.except_key) if rule.except_key else set()
        step = b.integer_or(rule.key, 1, "place the MoE layers")
        return [i not in dense_only and (i + 1) % step == 0 for i in range(n_layers)]
    if rule.shape == "offset":
        period = b.integer(rule.key, "place the MoE layers")
        offset = b.integer(rule.offset_key, "place the MoE layers", minimum=0)
        return [i % period == offset for i in range(n_layers)]
    return [True] * n_layers


def _layer_list(b: GeometryBuilder, key: str) -> set[int]:
    """A config's list of layer indices (``mlp_only_layers``); absent or null is none."""
    value = b.config.get(key)
    if value is None:
        return set()
    if not isinstance(value, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in value):
        raise UnsupportedArchitecture(BAD_VALUE.format(key=key, expected="a list of layer indices", value=shown_value(value)))
    return set(value)


def read_experts(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """Expert counts and widths, produced only for models with routed layers."""
    n_moe = sum(1 for layer in layers if layer.ffn == MOE_FFN)
    if not n_moe:
        return
    b.read("n_experts", "count the routed experts")
    b.read("n_experts_per_token", "know how many experts a token uses")
    b.compute("n_moe_layers", n_moe, "layers whose feed-forward block is routed")
    b.compute("n_dense_layers", sum(1 for layer in layers if layer.ffn not in (MOE_FFN, NO_FFN)),
              "layers with a dense feed-forward block (DeepSeek: first_k_dense_replace)")
    _expert_width(b)
    _shared_experts(b)
    if b["n_experts_per_token"] > b["n_experts"]:
        raise UnsupportedArchitecture(
            f"num_experts_per_tok = {b['n_experts_per_token']} exceeds the {b['n_experts']} routed experts"
        )


def _expert_width(b: GeometryBuilder) -> None:
    b.read("moe_intermediate_size", "size the experts")
    used = b.key_for("moe_intermediate_size")
    if used != "moe_intermediate_size":
        b.note(f"moe_intermediate_size = {used}: every expert has that width (no moe_intermediate_size key)")


def _shared_experts(b: GeometryBuilder) -> None:
    width = b.integer("shared_expert_intermediate_size", "size the shared expert", minimum=0) \
        if b.has("shared_expert_intermediate_size") else None
    if width == 0:
        b.assume("n_shared_experts", 0, f"{b.key_for('shared_expert_intermediate_size')} is 0: no shared expert")
    elif width is not None:
        count = b.integer_or("n_shared_experts", 1, "count the shared experts", minimum=0)
        b.put("n_shared_experts", count, b.origin_of("n_shared_experts") if b.has("n_shared_experts")
              else f"computed: one shared expert ({b.key_for('shared_expert_intermediate_size')} is set)", "dimensionless")
        b.read("shared_expert_intermediate_size", "size the shared expert")
    elif b.has("n_shared_experts"):
        shared = b.integer("n_shared_experts", "count the shared experts", minimum=0)
        b.put("n_shared_experts", shared, b.origin_of("n_shared_experts"), "dimensionless")
        b.compute("shared_expert_intermediate_size", shared * b["moe_intermediate_size"],
                  "n_shared_experts * moe_intermediate_size (the shared experts run as one MLP)")
    else:
        b.assume("n_shared_experts", 0, "no shared-expert key in the config")
