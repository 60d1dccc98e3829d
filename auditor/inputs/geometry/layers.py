"""Which layer holds what: the per-layer layout behind every cache-size figure.

A per-token KV figure is only right if it sums over the right layers. Configs
describe the layout in several dialects, read here in this order:

1. ``hybrid_override_pattern`` (Nemotron-H): one character per layer,
   ``M`` Mamba-2, ``*`` attention, ``-`` MLP.
2. ``layer_types`` (gpt-oss, newer Gemma 3 / Qwen3-Next files): a list of
   ``full_attention`` / ``sliding_attention`` / ``linear_attention``.
3. ``full_attention_interval`` (Qwen3-Next): every k-th layer is full
   attention, the rest Gated DeltaNet.
4. ``sliding_window_pattern`` (Gemma 3, also as a transformers default):
   every P-th layer is global, the others slide.
5. ``sliding_window`` alone: every layer slides (Mistral-7B-v0.1), unless
   ``use_sliding_window`` is false (Qwen2-VL, Qwen3).

Anything else in those keys is refused: a layer type we do not know holds
an unknown amount of state.
"""

from __future__ import annotations

from auditor.base.limits import limit

from .model import (
    DENSE_FFN,
    FULL_KV,
    LINEAR_STATE,
    MAMBA_STATE,
    MLA_LATENT,
    MOE_FFN,
    NO_FFN,
    NOTHING,
    SLIDING_KV,
    UNKNOWN_LAYER_TYPE,
    UNMODELLED_KEY,
    LayerKind,
    UnsupportedArchitecture,
)
from .moe import moe_layer_flags
from .reader import GeometryBuilder

# Nemotron-H hybrid_override_pattern characters: (what the layer holds, its FFN).
PATTERN_LAYERS = {"M": (MAMBA_STATE, NO_FFN), "*": (FULL_KV, NO_FFN), "-": (NOTHING, DENSE_FFN)}
LAYER_TYPES = ("full_attention", "sliding_attention", "linear_attention")

# Keys that announce a layout this package does not model; seeing one set is refused.
UNMODELLED_KEYS = {
    "attention_chunk_size": "chunked local attention",
    "cross_attention_layers": "cross-attention layers",
    "attn_layer_period": "attention every N layers (Jamba)",
    "block_types": "recurrent/attention block list",
    "num_kv_shared_layers": "KV cache shared across layers",
}


def layout(b: GeometryBuilder) -> list[LayerKind]:
    """The kind of every decoder layer, and the layer-count symbols."""
    n = b.read("n_layers", "num_hidden_layers", "count the decoder layers")
    if n > limit("model_layers"):
        raise UnsupportedArchitecture(f"num_hidden_layers = {n:,} is more than the limit of {limit('model_layers'):,} decoder layers (model_layers)")
    _refuse_unmodelled(b)
    if b.has("hybrid_override_pattern"):
        layers = _pattern_layers(b, n)
    else:
        moe = moe_layer_flags(b, n)
        layers = [
            LayerKind(holds, window, MOE_FFN if is_moe else DENSE_FFN)
            for (holds, window), is_moe in zip(_mixers(b, n), moe)
        ]
    _count_layers(b, layers)
    return layers


def _refuse_unmodelled(b: GeometryBuilder) -> None:
    for key, meaning in UNMODELLED_KEYS.items():
        if b.config.get(key) not in (None, [], 0):
            raise UnsupportedArchitecture(UNMODELLED_KEY.format(key=key, meaning=meaning))


def _pattern_layers(b: GeometryBuilder, n: int) -> list[LayerKind]:
    pattern = b.raw("hybrid_override_pattern", "place the Mamba, attention and MLP layers")
    if not isinstance(pattern, str) or len(pattern) != n:
        raise UnsupportedArchitecture(
            f"hybrid_override_pattern must be a string of num_hidden_layers = {n} characters, got {pattern!r}"
        )
    for index, char in enumerate(pattern):
        if char not in PATTERN_LAYERS:
            known = ", ".join(repr(c) for c in PATTERN_LAYERS)
            raise UnsupportedArchitecture(f"hybrid_override_pattern[{index}] is {char!r}; known layer symbols: {known}")
    b.note("hybrid_override_pattern: M = Mamba-2 mixer, * = attention, - = MLP; each layer is one block")
    return [LayerKind(holds, ffn=ffn) for holds, ffn in (PATTERN_LAYERS[char] for char in pattern)]


def _mixers(b: GeometryBuilder, n: int) -> list[tuple[str, int | None]]:
    """(what the layer holds, its window) for each layer of an attention-based stack."""
    full = MLA_LATENT if b.has("kv_lora_rank") else FULL_KV
    if b.config.get("layer_types") is not None:
        return _from_layer_types(b, n, full)
    if b.has("full_attention_interval"):
        every = b.integer("full_attention_interval", "place the full-attention layers")
        b.note(f"full_attention_interval {every}: layer i is full attention when (i + 1) % {every} == 0, "
               "the others are linear attention (transformers layer_types default)")
        return [(full, None) if (i + 1) % every == 0 else (LINEAR_STATE, None) for i in range(n)]
    if b.has("sliding_window_pattern"):
        every = b.integer("sliding_window_pattern", "place the global-attention layers")
        b.note(f"sliding_window_pattern {every}: layer i is global when (i + 1) % {every} == 0, "
               f"the other {every - 1} of every {every} slide")
        return [(full, None) if (i + 1) % every == 0 else (SLIDING_KV, _window(b)) for i in range(n)]
    return _uniform(b, n, full)


def _from_layer_types(b: GeometryBuilder, n: int, full: str) -> list[tuple[str, int | None]]:
    types = b.config["layer_types"]
    if not isinstance(types, list) or len(types) != n:
        raise UnsupportedArchitecture(f"layer_types must be a list of num_hidden_layers = {n} entries")
    kinds: list[tuple[str, int | None]] = []
    for index, name in enumerate(types):
        if name not in LAYER_TYPES:
            known = ", ".join(LAYER_TYPES)
            raise UnsupportedArchitecture(UNKNOWN_LAYER_TYPE.format(index=index, value=name, known=known))
        if name == "sliding_attention":
            kinds.append((SLIDING_KV, _window(b)))
        else:
            kinds.append((full, None) if name == "full_attention" else (LINEAR_STATE, None))
    return kinds


def _uniform(b: GeometryBuilder, n: int, full: str) -> list[tuple[str, int | None]]:
    """No per-layer list: a sliding_window either applies everywhere, from max_window_layers on, or not at all."""
    window = b.config.get("sliding_window")
    if window is None:
        return [(full, None)] * n
    use = b.config.get("use_sliding_window")
    if use is False:
        b.note(f"sliding_window {window} ignored: use_sliding_window is false, every layer is full attention")
        return [(full, None)] * n
    if use is True:
        start = b.integer("max_window_layers", "know where sliding attention starts", minimum=0)
        b.note(f"use_sliding_window: layers from index max_window_layers = {start} on slide over {window} tokens")
        return [(SLIDING_KV, _window(b)) if i >= start else (full, None) for i in range(n)]
    b.note(f"sliding_window {window} with no layer_types or use_sliding_window key: "
           f"every layer is treated as sliding with W = {window}")
    return [(SLIDING_KV, _window(b))] * n


def _window(b: GeometryBuilder) -> int:
    """sliding_window, read (and recorded) the first time a sliding layer needs it."""
    if "sliding_window" not in b:
        b.read("sliding_window", "sliding_window", "bound the sliding layers' cache", unit="token")
    return b["sliding_window"]


def _count_layers(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    def count(*holds: str) -> int:
        return sum(1 for layer in layers if layer.holds in holds)

    b.compute("n_full_kv_layers", count(FULL_KV, MLA_LATENT), "layers whose cache grows with every token")
    b.compute("n_sliding_kv_layers", count(SLIDING_KV), "layers whose cache stops at sliding_window tokens")
    b.compute("n_kv_layers", count(FULL_KV, MLA_LATENT, SLIDING_KV), "n_full_kv_layers + n_sliding_kv_layers")
    if count(LINEAR_STATE):
        b.compute("n_linear_layers", count(LINEAR_STATE), "linear-attention layers (fixed-size state)")
    if count(MAMBA_STATE):
        b.compute("n_mamba_layers", count(MAMBA_STATE), "Mamba-2 layers (fixed-size state)")
    if count(MLA_LATENT):
        b.note("MLA layers count as full KV layers: each caches one latent row per token")
