"""Which layer holds what: the per-layer layout behind every cache-size figure.

A per-token KV figure is only right if it sums over the right layers. The
family's ``layers:`` rules (see ``rules.py``) are tried in order, and the
first that applies says each layer's mixer; ``experts.py`` then says which
feed-forward blocks route. Anything a rule does not recognise (a layer type
name, a pattern character) is refused: a layer type we do not know holds an
unknown amount of state. So is a config key the table lists under
``refuse:`` that no rule of the family reads, because it announces a layout
(cross-attention, shared KV) the engine does not price.
"""

from __future__ import annotations

from collections import Counter

from auditor.base.limits import limit

from .blocks import block_layers
from .experts import moe_layer_flags
from .model import (
    CHUNKED_KV,
    DENSE_FFN,
    FULL_KV,
    LINEAR_STATE,
    MAMBA_STATE,
    MLA_LATENT,
    MOE_FFN,
    NOTHING,
    SLIDING_KV,
    UNKNOWN_LAYER_TYPE,
    UNMODELLED_KEY,
    LayerKind,
    UnsupportedArchitecture,
    distinct,
)
from .reader import GeometryBuilder
from .rules import LayoutRule, Slot

HOLDS_OF = {"attention": FULL_KV, "sliding": SLIDING_KV, "chunked": CHUNKED_KV, "mla": MLA_LATENT, "shared_attention": FULL_KV,
            "gated_deltanet": LINEAR_STATE, "lightning": LINEAR_STATE, "mamba1": MAMBA_STATE,
            "mamba2": MAMBA_STATE, "linear": NOTHING, "none": NOTHING}


def layout(b: GeometryBuilder) -> list[LayerKind]:
    """The kind of every decoder layer, and the layer-count symbols."""
    n = b.read("n_layers", "count the decoder layers")
    if n > limit("model_layers"):
        raise UnsupportedArchitecture(f"{b.key_for('n_layers')} = {n:,} is more than the limit of {limit('model_layers'):,} decoder layers (model_layers)")
    rule = _first_rule(b)
    _refuse_unmodelled(b)
    if rule.shape == "blocks":
        layers = block_layers(b, rule.key, n)
    else:
        slots = SHAPES[rule.shape](b, rule, n)
        routed = moe_layer_flags(b, n)
        made: dict[tuple[int, bool], LayerKind] = {}  # one LayerKind per distinct (slot, routed), shared
        for slot, is_moe in zip(slots, routed):
            if (id(slot), is_moe) not in made:
                made[id(slot), is_moe] = _layer(b, slot, MOE_FFN if is_moe else DENSE_FFN)
        layers = [made[id(slot), is_moe] for slot, is_moe in zip(slots, routed)]
    _count_layers(b, layers)
    return layers


def _first_rule(b: GeometryBuilder) -> LayoutRule:
    for rule in b.family.layers:
        if rule.applies(b.config, b.has):
            return rule
    raise UnsupportedArchitecture(f"none of the layout rules of family {b.family.model_type!r} applies to this config")


def _refuse_unmodelled(b: GeometryBuilder) -> None:
    read = {key for rule in b.family.layers for key in (rule.key, rule.offset_key, rule.when and rule.when.key) if key}
    for key, meaning in b.family.refuse.items():
        if key not in read and _announces(b.config.get(key)):
            raise UnsupportedArchitecture(UNMODELLED_KEY.format(key=key, meaning=meaning))


def _announces(value) -> bool:
    """A set key, where a per-layer list of zeros (MiniMax's shared_intermediate_size [0]) announces nothing."""
    if isinstance(value, list):
        return any(_announces(item) for item in value)
    return value not in (None, 0, False, "")


def _layer(b: GeometryBuilder, slot: Slot, routed_ffn: str) -> LayerKind:
    """A slot as a LayerKind: the family's attention kind, the window its layers keep, the FFN."""
    mixer = "mla" if slot.mixer == "attention" and b.family.attention == "mla" else slot.mixer
    holds = HOLDS_OF[mixer]
    window = _window(b) if holds == SLIDING_KV else _chunk(b) if holds == CHUNKED_KV else None
    ffn = slot.ffn or routed_ffn
    return LayerKind(holds, window, ffn, mixer=mixer, parallel=slot.parallel)


def _pattern(b: GeometryBuilder, rule: LayoutRule, n: int) -> list[Slot]:
    pattern = b.raw(rule.key, "place the layers")
    if not isinstance(pattern, str) or len(pattern) != n:
        raise UnsupportedArchitecture(f"{rule.key} must be a string of num_hidden_layers = {n} characters, got {pattern!r}")
    for index, char in enumerate(pattern):
        if char not in rule.names:
            known = ", ".join(repr(c) for c in rule.names)
            raise UnsupportedArchitecture(f"{rule.key}[{index}] is {char!r}; known layer symbols: {known}")
    legend = ", ".join(f"{c} = {s.mixer if s.mixer != 'none' else s.ffn}" for c, s in rule.names.items())
    b.note(f"{rule.key}: {legend}; each character is one layer")
    return [rule.names[char] for char in pattern]


def _types(b: GeometryBuilder, rule: LayoutRule, n: int) -> list[Slot]:
    types = b.raw(rule.key, "place the layers")
    if not isinstance(types, list) or len(types) != n:
        raise UnsupportedArchitecture(f"{rule.key} must be a list of num_hidden_layers = {n} entries")
    slots = []
    for index, name in enumerate(types):
        if not isinstance(name, (str, int)) or str(name) not in rule.names:
            raise UnsupportedArchitecture(UNKNOWN_LAYER_TYPE.format(
                key=rule.key, index=index, value=name, known=", ".join(rule.names)))
        slots.append(rule.names[str(name)])
    return slots


def _every(b: GeometryBuilder, rule: LayoutRule, n: int) -> list[Slot]:
    every = rule.count or b.integer(rule.key, "place the layers")
    source = f"{rule.key} {every}" if rule.key else f"every {every} layers ({b.family.model_type} modelling code)"
    b.note(f"{source}: layer i is {rule.nth.mixer} when (i + 1) % {every} == 0, the others {rule.others.mixer}")
    return [rule.nth if (i + 1) % every == 0 else rule.others for i in range(n)]


def _offset(b: GeometryBuilder, rule: LayoutRule, n: int) -> list[Slot]:
    period = b.integer(rule.key, "place the layers")
    offset = b.integer(rule.offset_key, "place the layers", minimum=0)
    b.note(f"{rule.key} {period}, {rule.offset_key} {offset}: layer i is {rule.nth.mixer} when i % {period} == {offset}, "
           f"the others {rule.others.mixer}")
    return [rule.nth if i % period == offset else rule.others for i in range(n)]


def _all(b: GeometryBuilder, rule: LayoutRule, n: int) -> list[Slot]:
    return [rule.nth] * n


def _uniform(b: GeometryBuilder, rule: LayoutRule, n: int) -> list[Slot]:
    """No per-layer list: a sliding_window applies everywhere, from max_window_layers on, or not at all."""
    full, sliding = Slot("attention"), Slot("sliding")
    window = b.config.get(rule.key)
    if window is None:
        return [full] * n
    use = b.config.get("use_sliding_window")
    if use is False:
        b.note(f"sliding_window {window} ignored: use_sliding_window is false, every layer is full attention")
        return [full] * n
    if use is True:
        start = b.integer("max_window_layers", "know where sliding attention starts", minimum=0)
        b.note(f"use_sliding_window: layers from index max_window_layers = {start} on slide over {window} tokens")
        return [sliding if i >= start else full for i in range(n)]
    b.note(f"sliding_window {window} with no layer_types or use_sliding_window key: "
           f"every layer is treated as sliding with W = {window}")
    return [sliding] * n


SHAPES = {"pattern": _pattern, "types": _types, "every": _every, "offset": _offset, "all": _all, "window": _uniform}


def _window(b: GeometryBuilder) -> int:
    """sliding_window, read (and recorded) the first time a sliding layer needs it."""
    if "sliding_window" not in b:
        b.read("sliding_window", "bound the sliding layers' cache", unit="token")
    return b["sliding_window"]


def _chunk(b: GeometryBuilder) -> int:
    if "attention_chunk_size" not in b:
        b.read("attention_chunk_size", "bound the chunked-attention layers' cache", unit="token")
    return b["attention_chunk_size"]


def _count_layers(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    per_kind = Counter(map(id, layers))
    kinds = distinct(layers)
    per_holds = Counter()
    for layer in kinds:
        per_holds[layer.holds] += per_kind[id(layer)]

    def count(*holds: str) -> int:
        return sum(per_holds[h] for h in holds)

    b.compute("n_full_kv_layers", count(FULL_KV, MLA_LATENT), "layers whose cache grows with every token")
    b.compute("n_sliding_kv_layers", count(SLIDING_KV), "layers whose cache stops at sliding_window tokens")
    if count(CHUNKED_KV):
        b.compute("n_chunked_kv_layers", count(CHUNKED_KV), "layers whose cache holds at most one attention chunk")
    b.compute("n_kv_layers", count(FULL_KV, MLA_LATENT, SLIDING_KV, CHUNKED_KV),
              "layers that keep a per-token KV cache (full, MLA, sliding and chunked)")
    linear = count(LINEAR_STATE)
    mamba = sum(per_kind[id(layer)] for layer in kinds if layer.holds == MAMBA_STATE or layer.parallel.startswith("mamba"))
    if linear:
        b.compute("n_linear_layers", linear, "linear-attention layers (fixed-size state)")
    if mamba:
        b.compute("n_mamba_layers", mamba, "Mamba layers (fixed-size state), beside attention where they run in parallel")
    if count(MLA_LATENT):
        b.note("MLA layers count as full KV layers: each caches one latent row per token")
