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
MLA_LATENT = "MLA latent"
LINEAR_STATE = "linear-attention state"
MAMBA_STATE = "Mamba state"
NOTHING = "none"
HOLDS = (FULL_KV, SLIDING_KV, MLA_LATENT, LINEAR_STATE, MAMBA_STATE, NOTHING)

# Which feed-forward block a layer carries.
DENSE_FFN = "dense"
MOE_FFN = "moe"
NO_FFN = "none"
FFNS = (DENSE_FFN, MOE_FFN, NO_FFN)

# Message templates, kept together so their wording stays consistent.
MISSING_KEY = "config has no {key!r}, which is needed to {purpose}"
BAD_VALUE = "config {key!r} must be {expected}, got {value}"  # value: base.errors.shown(...), short however large
UNKNOWN_MODEL_TYPE = "model_type {model_type!r} is not a layout the geometry knows (known: {known})"
UNKNOWN_LAYER_TYPE = "layer_types[{index}] is {value!r}; known layer types: {known}"
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

    ``window`` is the sliding-window length in tokens, set only for
    sliding-KV layers: it is what bounds that layer's cache.
    """

    holds: str
    window: int | None = None
    ffn: str = DENSE_FFN

    def __post_init__(self) -> None:
        if self.holds not in HOLDS:
            raise ValueError(f"LayerKind holds must be one of {HOLDS}, got {self.holds!r}")
        if self.ffn not in FFNS:
            raise ValueError(f"LayerKind ffn must be one of {FFNS}, got {self.ffn!r}")
        if (self.window is not None) != (self.holds == SLIDING_KV):
            raise ValueError("LayerKind window is set exactly when the layer holds sliding KV")

    @property
    def grows_with_context(self) -> bool:
        """True for layers whose cache gains a row per token (full, sliding, MLA)."""
        return self.holds in (FULL_KV, SLIDING_KV, MLA_LATENT)

    def __str__(self) -> str:
        holds = f"{self.holds} (window {self.window})" if self.window else self.holds
        return f"{holds}, {self.ffn} FFN" if self.ffn != NO_FFN else holds


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
