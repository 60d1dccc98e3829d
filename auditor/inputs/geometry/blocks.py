"""Per-layer block configurations (Nemotron NAS, ``block_configs``): every layer its own shape.

Neural-architecture-searched models keep one entry per layer, each saying
whether its attention is kept (and with how many query heads per KV head),
skipped (``no_op``) or replaced by one linear map, and how wide its MLP is
(``ffn_mult``) or whether it is skipped. That is a genuinely new kind of
layout: widths vary by layer, so the layer kinds carry their own
``kv_heads`` and ``ffn_width``.

The MLP width follows the modelling code's rule: int(2 * ffn_mult *
hidden_size / 3), rounded up to a multiple of 256 (ffn_mult 5.25 at hidden
8192 gives 28,672, Llama-3-70B's width).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import floor

from .model import DENSE_FFN, FULL_KV, NO_FFN, NOTHING, LayerKind, UnsupportedArchitecture
from .reader import GeometryBuilder

MULTIPLE = 256


def block_layers(b: GeometryBuilder, key: str, n_layers: int) -> list[LayerKind]:
    """One LayerKind per entry of ``key``, which must have num_hidden_layers entries."""
    blocks = b.raw(key, "shape each layer")
    if not isinstance(blocks, list) or len(blocks) != n_layers:
        raise UnsupportedArchitecture(f"{key} must be a list of num_hidden_layers = {n_layers} entries")
    hidden = b.integer("hidden_size", "size the residual stream")
    heads = b.integer("n_heads", "count the query heads")
    shared: dict[LayerKind, LayerKind] = {}  # equal blocks share one object, so each kind is priced once
    layers = [shared.setdefault(kind, kind) for kind in (_block(entry, f"{key}[{i}]", hidden, heads)
                                                         for i, entry in enumerate(blocks))]
    b.note(f"{key}: each layer has its own attention (kept, skipped or linear) and MLP width "
           f"(int(2 * ffn_mult * hidden_size / 3) rounded up to a multiple of {MULTIPLE})")
    return layers


def _block(entry: object, where: str, hidden: int, heads: int) -> LayerKind:
    if not isinstance(entry, Mapping):
        raise UnsupportedArchitecture(f"{where} must be an object with attention and ffn")
    attention, ffn = _part(entry, "attention", where), _part(entry, "ffn", where)
    holds, mixer, kv_heads = _attention(attention, f"{where}.attention", heads)
    ffn_kind, width = _ffn(ffn, f"{where}.ffn", hidden)
    return LayerKind(holds, ffn=ffn_kind, mixer=mixer, kv_heads=kv_heads, ffn_width=width)


def _part(entry: Mapping, name: str, where: str) -> Mapping:
    part = entry.get(name)
    if not isinstance(part, Mapping):
        raise UnsupportedArchitecture(f"{where}.{name} must be an object")
    for flag in ("sparsify", "num_sink_tokens", "window_length"):
        if part.get(flag) not in (None, False):
            raise UnsupportedArchitecture(f"{where}.{name}.{flag} = {part[flag]!r} describes a block the geometry does not model")
    return part


def _attention(part: Mapping, where: str, heads: int) -> tuple[str, str, int | None]:
    if part.get("no_op") is True:
        return NOTHING, "none", None
    if part.get("replace_with_linear") is True:
        return NOTHING, "linear", None
    group = part.get("n_heads_in_group")
    if isinstance(group, bool) or not isinstance(group, int) or group < 1 or heads % group:
        raise UnsupportedArchitecture(f"{where}.n_heads_in_group must divide num_attention_heads = {heads}, got {group!r}")
    return FULL_KV, "attention", heads // group


def _ffn(part: Mapping, where: str, hidden: int) -> tuple[str, int | None]:
    if part.get("no_op") is True:
        return NO_FFN, None
    if part.get("replace_with_linear") is True:
        raise UnsupportedArchitecture(f"{where}.replace_with_linear: a linear feed-forward block is not modelled")
    mult = part.get("ffn_mult")
    if isinstance(mult, bool) or not isinstance(mult, (int, float)) or mult <= 0:
        raise UnsupportedArchitecture(f"{where}.ffn_mult must be a positive number, got {mult!r}")
    width = floor(2 * Fraction(str(mult)) * hidden / 3)
    return DENSE_FFN, -(-width // MULTIPLE) * MULTIPLE
