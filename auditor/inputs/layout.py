"""What each layer holds, summarised for readers.

A per-token KV figure is right only if it sums over the right layers, and
the mistake a reviewer hunts for is "every layer counted as full attention".
So ``models show`` and ``explain`` print the layout the geometry derived:

    layers 0-47: 12 full-attention KV (every 4th), 36 linear-attention state (3 of every 4)
      full-attention KV: layers 3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47

Periodic layouts (Qwen3-Next, Gemma 3, gpt-oss) are named by their period;
irregular ones (Nemotron-H's pattern string) also get a one-character map.
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry.model import CHUNKED_KV, DENSE_FFN, FULL_KV, LINEAR_STATE, MAMBA_STATE, MLA_LATENT, MOE_FFN, NO_FFN, NOTHING, RECURRENT, SLIDING_KV, LayerKind

# In this order: the kinds whose cache grows first, then fixed state, then none.
HOLDS_LABELS = {
    FULL_KV: "full-attention KV",
    MLA_LATENT: "MLA latent KV",
    SLIDING_KV: "sliding-window KV",
    CHUNKED_KV: "chunked-attention KV",
    LINEAR_STATE: "linear-attention state",
    MAMBA_STATE: "Mamba state",
    NOTHING: "no cache (MLP only)",
}
# Recurrent layers are named by their mixer, since their state differs in shape.
MIXER_LABELS = {"mamba1": "Mamba-1 state", "mamba2": "Mamba-2 state", "gated_deltanet": "linear-attention state",
                "shared_attention": "shared-block KV"}
NAMED_MIXERS = {"shared_attention"}  # not recurrent, but worth naming: its weights are shared, its cache is not
MAP_CHARS = {FULL_KV: "F", MLA_LATENT: "A", SLIDING_KV: "S", CHUNKED_KV: "C", LINEAR_STATE: "L", MAMBA_STATE: "M",
             NOTHING: "-"}
FFN_LABELS = {DENSE_FFN: "dense MLP", MOE_FFN: "routed MoE", NO_FFN: "no feed-forward"}
SHARED_FFN = "the shared block's MLP"
MAX_RUNS = 12

Kind = tuple  # (holds, window, recurrent mixer or "", parallel mixer or "")


def layer_summary(layers: Sequence[LayerKind]) -> list[str]:
    """The headline layout, one line per kind of layer with its positions, and the feed-forward blocks."""
    if not layers:
        return ["no decoder layers"]
    mixers = [(layer.holds, layer.window, layer.mixer if layer.holds in RECURRENT or layer.mixer in NAMED_MIXERS else "",
               layer.parallel) for layer in layers]
    kinds = sorted(set(mixers), key=lambda kind: (list(HOLDS_LABELS).index(kind[0]), kind[1] or 0))
    period = _period(mixers)
    parts = [f"{mixers.count(kind)} {_label(kind)}{_pattern(mixers, kind, period)}" for kind in kinds]
    lines = [f"layers {_span(len(layers))}: " + ", ".join(parts)]
    if len(kinds) > 1:
        lines += [f"  {_label(kind)}: layers {runs(_positions(mixers, kind))}" for kind in kinds]
    if len(kinds) > 1 and period is None:
        lines.append(_map_line(mixers, kinds))
    lines.append(_ffn_line([SHARED_FFN if layer.mixer in NAMED_MIXERS else FFN_LABELS[layer.ffn] for layer in layers]))
    return lines


def _label(kind: Kind) -> str:
    holds, window, mixer, parallel = kind
    label = MIXER_LABELS.get(mixer, HOLDS_LABELS[holds])
    label = f"{label} over {window} tokens" if window else label
    return f"{label} + {MIXER_LABELS.get(parallel, parallel)}" if parallel else label


def _period(mixers: list) -> int | None:
    """The shortest p with mixers[i] == mixers[i % p] that repeats at least twice, if any."""
    for p in range(1, len(mixers) // 2 + 1):
        if all(kind == mixers[i % p] for i, kind in enumerate(mixers)):
            return p
    return None


def _pattern(mixers: list, kind: Kind, period: int | None) -> str:
    """" (all)", " (every 4th)", " (3 of every 4)", or nothing for an irregular layout."""
    if period is None:
        return ""
    within = [j for j in range(period) if mixers[j] == kind]
    if len(within) == period:
        return " (all)"
    if within == [period - 1]:
        return f" (every {ordinal(period)})"
    return f" ({len(within)} of every {period})"


def _map_line(mixers: list, kinds: list) -> str:
    """One character per layer, for a layout with no period (Nemotron-H's pattern string, read back)."""
    legend = ", ".join(f"{MAP_CHARS[kind[0]]} {_label(kind)}" for kind in kinds)
    return f"  map ({legend}): " + "".join(MAP_CHARS[kind[0]] for kind in mixers)


def _ffn_line(ffns: list[str]) -> str:
    kinds = sorted(set(ffns), key=ffns.index)
    if len(kinds) == 1:
        return f"feed-forward: {kinds[0]} on every layer"
    parts = [f"{ffns.count(kind)} {kind} (layers {runs(_positions(ffns, kind))})" for kind in kinds]
    return "feed-forward: " + ", ".join(parts)


def _positions(items: list, kind) -> list[int]:
    return [i for i, item in enumerate(items) if item == kind]


def _span(n: int) -> str:
    return "0" if n == 1 else f"0-{n - 1}"


def runs(positions: list[int], limit: int = MAX_RUNS) -> str:
    """Consecutive indices joined: [0, 1, 2, 4] is "0-2, 4"; past ``limit`` runs, the first three and the last."""
    spans: list[str] = []
    start = previous = None
    for index in [*positions, None]:
        if start is not None and index == previous + 1:
            previous = index
            continue
        if start is not None:
            spans.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = index
    if len(spans) > limit:
        return ", ".join(spans[:3]) + f", ..., {spans[-1]} ({len(spans)} runs)"
    return ", ".join(spans)


def ordinal(n: int) -> str:
    """2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
