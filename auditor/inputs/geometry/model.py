"""What a derived geometry is made of: exact values with their origin, layer kinds, the error.

Every number the geometry produces is a ``Derived``: the value (an int or a
Fraction, never a float, so a KV-cache size is exact to the byte), its pint
unit, and where it came from. The origin is what lets a report say *why* a
published number differs: "head_dim = hidden_size / num_attention_heads (no
head_dim key)" is a different story from "config head_dim".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from auditor.base.errors import AuditorError

UNITS = ("dimensionless", "token", "byte")

# What one layer keeps in memory for a sequence being generated.
FULL_KV = "full KV"
SLIDING_KV = "sliding KV"
CHUNKED_KV = "chunked KV"
MLA_LATENT = "MLA latent"
LINEAR_STATE = "linear-attention state"
MAMBA_STATE = "Mamba state"
NOTHING = "none"
HOLDS = (FULL_KV, SLIDING_KV, CHUNKED_KV, MLA_LATENT, LINEAR_STATE, MAMBA_STATE, NOTHING)
WINDOWED = (SLIDING_KV, CHUNKED_KV)  # a cache bounded by a window length
GROWING = (FULL_KV, SLIDING_KV, CHUNKED_KV, MLA_LATENT)  # a row per token, up to the window if any
RECURRENT = (LINEAR_STATE, MAMBA_STATE)

# Which feed-forward block a layer carries.
DENSE_FFN = "dense"
MOE_FFN = "moe"
NO_FFN = "none"
FFNS = (DENSE_FFN, MOE_FFN, NO_FFN)

# Message templates, kept together so their wording stays consistent.
MISSING_KEY = "config has no {key}, which is needed to {purpose}"
BAD_VALUE = "config {key!r} must be {expected}, got {value}"  # value: base.errors.shown(...), short however large
UNKNOWN_MODEL_TYPE = ("model_type {model_type!r} is not a family the geometry knows (known: {known}); "
                      "to declare it, add it under families: in your project's inputs/architectures.yaml, "
                      "e.g. {model_type}: {{like: llama}}")
UNKNOWN_LAYER_TYPE = "{key}[{index}] is {value!r}; known layer types: {known}"
UNMODELLED_KEY = "config key {key!r} ({meaning}) describes a layout the geometry does not model"


class UnsupportedArchitecture(AuditorError):
    """A config the geometry cannot read without guessing; ``reason`` says what was not understood.

    Raised instead of returning a number that might be wrong: an unknown
    layer type, a missing sizing key, a model_type whose module shapes are
    not known.
    """

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True)
class Derived:
    """One exact quantity read from or computed out of a config, with its provenance."""

    value: int | Fraction
    unit: str
    origin: str

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, (int, Fraction)):
            raise TypeError(f"Derived value must be int or Fraction, got {self.value!r}")
        if self.unit not in UNITS:
            raise ValueError(f"Derived unit must be one of {UNITS}, got {self.unit!r}")
        if not self.origin:
            raise ValueError("Derived origin must say where the value came from")


@dataclass(frozen=True)
class LayerKind:
    """What one decoder layer holds per sequence, and which feed-forward block it has.

    ``window`` is the sliding-window (or attention-chunk) length in tokens,
    set only for windowed layers: it is what bounds that layer's cache.
    ``mixer`` names the module that produces what the layer holds (attention,
    mla, mamba1, mamba2, gated_deltanet, lightning, linear, none), because
    two layers holding "Mamba state" may still differ in shape and weights.
    ``parallel`` is a second mixer the layer also runs (Falcon-H1: Mamba-2
    beside attention on the same input; Zamba2: Mamba-2 after a shared-block call); ``kv_heads`` and ``ffn_width``
    are set only where they vary by layer (Nemotron NAS block_configs).
    """

    holds: str
    window: int | None = None
    ffn: str = DENSE_FFN
    mixer: str = ""
    parallel: str = ""
    kv_heads: int | None = None
    ffn_width: int | None = None

    def __post_init__(self) -> None:
        if self.holds not in HOLDS:
            raise ValueError(f"LayerKind holds must be one of {HOLDS}, got {self.holds!r}")
        if self.ffn not in FFNS:
            raise ValueError(f"LayerKind ffn must be one of {FFNS}, got {self.ffn!r}")
        if (self.window is not None) != (self.holds in WINDOWED):
            raise ValueError("LayerKind window is set exactly when the layer holds windowed KV")

    @property
    def grows_with_context(self) -> bool:
        """True for layers whose cache gains a row per token (full, sliding, chunked, MLA)."""
        return self.holds in GROWING

    @property
    def recurrent(self) -> list[str]:
        """The recurrent mixers of this layer (its own, and the one beside it), as mixer names."""
        return [m for m in (self.mixer if self.holds in RECURRENT else "", self.parallel) if m]

    def __str__(self) -> str:
        holds = f"{self.holds} (window {self.window})" if self.window else self.holds
        holds += f" + {self.parallel}" if self.parallel else ""
        return f"{holds}, {self.ffn} FFN" if self.ffn != NO_FFN else holds


def distinct(layers: list[LayerKind]) -> list[LayerKind]:
    """The different layer kinds of a stack, once each (layers of one kind share one object)."""
    return list({id(layer): layer for layer in layers}.values())


@dataclass(frozen=True)
class Geometry:
    """The derived geometry of one model: named exact values, per-layer kinds, and assumptions.

    ``architecture`` is one of ARCHITECTURES (see ``auditor.inputs.geometry``).
    ``notes`` lists every assumption or default the derivation relied on,
    in the order it made them.
    """

    architecture: str
    values: dict[str, Derived] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    layers: list[LayerKind] = field(default_factory=list)

    def value(self, symbol: str) -> int | Fraction:
        """The exact value of ``symbol``; KeyError names the symbols this architecture has."""
        try:
            return self.values[symbol].value
        except KeyError:
            known = ", ".join(sorted(self.values))
            raise KeyError(f"{symbol!r} is not derived for a {self.architecture} model; have: {known}") from None

    def count(self, holds: str) -> int:
        """How many layers hold ``holds`` (one of HOLDS)."""
        return sum(1 for layer in self.layers if layer.holds == holds)
