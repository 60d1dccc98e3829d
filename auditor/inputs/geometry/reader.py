"""Reading a config.json one key at a time, keeping the origin of every value.

The ``GeometryBuilder`` is the only place that touches the raw config dict.
Each family module asks it for keys by name and says what it needs them for;
a missing key then becomes an ``UnsupportedArchitecture`` that names the key
and the purpose ("config has no 'num_hidden_layers', which is needed to count
the decoder layers"), and a key filled from a transformers default becomes a
note, because the published file does not say it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from auditor.base.errors import shown as shown_value
from auditor.base.limits import limit

from .model import BAD_VALUE, MISSING_KEY, Derived, Geometry, LayerKind, UnsupportedArchitecture


class GeometryBuilder:
    """Collects derived values and notes while the family modules read one language-model config."""

    def __init__(self, config: Mapping[str, Any], defaults: Mapping[str, Any], defaults_from: str):
        self.config = config
        self.defaults = defaults
        self.defaults_from = defaults_from
        self.values: dict[str, Derived] = {}
        self.notes: list[str] = []

    # -- raw keys -----------------------------------------------------------------

    def has(self, key: str) -> bool:
        """True when ``key`` is set (not null) in the config or has a known default."""
        return self.config.get(key) is not None or key in self.defaults

    def raw(self, key: str, purpose: str) -> Any:
        """The value of ``key``, its documented default (noted), or an error naming it."""
        if self.config.get(key) is not None:
            return self.config[key]
        if key in self.defaults:
            value = self.defaults[key]
            self.note(f"{key} = {value!r}: {self.defaults_from} default (the config has no {key!r} key)")
            return value
        raise UnsupportedArchitecture(MISSING_KEY.format(key=key, purpose=purpose))

    def integer(self, key: str, purpose: str, minimum: int = 1) -> int:
        """``key`` as an exact integer of at least ``minimum``; integral floats such as 4.0 are accepted."""
        value = self.raw(key, purpose)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            expected = "a positive integer" if minimum == 1 else f"an integer >= {minimum}"
            raise UnsupportedArchitecture(BAD_VALUE.format(key=key, expected=expected, value=shown_value(value)))
        if value > limit("model_count"):
            raise UnsupportedArchitecture(BAD_VALUE.format(key=key, expected=f"at most {limit('model_count'):,} (model_count)", value=shown_value(value)))
        return value

    def integer_or(self, key: str, default: int, purpose: str, minimum: int = 1) -> int:
        """``key`` as an integer when set; ``default`` when the key is absent or null (the usual meaning)."""
        return self.integer(key, purpose, minimum) if self.has(key) else default

    def flag(self, key: str, default: bool) -> bool:
        """A true/false key; absent or null means ``default``."""
        value = self.config.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise UnsupportedArchitecture(BAD_VALUE.format(key=key, expected="true or false", value=shown_value(value)))
        return value

    def origin_of(self, key: str) -> str:
        """How a value read through ``raw`` got there: the config key, or a default."""
        if self.config.get(key) is not None:
            return f"config {key}"
        return f"default: {self.defaults_from} {key} (key absent)"

    # -- derived values -------------------------------------------------------------

    def read(self, symbol: str, key: str, purpose: str, unit: str = "dimensionless") -> int:
        """Record ``symbol`` straight from config ``key``."""
        value = self.integer(key, purpose)
        self.put(symbol, value, self.origin_of(key), unit)
        return value

    def compute(self, symbol: str, value: int | Fraction, formula: str, unit: str = "dimensionless") -> int | Fraction:
        """Record ``symbol`` as computed from other values by ``formula`` (shown to the user)."""
        self.put(symbol, value, f"computed: {formula}", unit)
        return value

    def assume(self, symbol: str, value: int, why: str, unit: str = "dimensionless") -> int:
        """Record ``symbol`` from an assumption, and note the assumption."""
        self.put(symbol, value, f"default: {why}", unit)
        self.note(f"{symbol} = {value}: {why}")
        return value

    def put(self, symbol: str, value: int | Fraction, origin: str, unit: str) -> None:
        if symbol in self.values:
            raise AssertionError(f"{symbol} derived twice")  # a bug in a family module, not bad input
        self.values[symbol] = Derived(value, unit, origin)

    def __getitem__(self, symbol: str) -> int:
        return self.values[symbol].value

    def __contains__(self, symbol: str) -> bool:
        return symbol in self.values

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def build(self, architecture: str, layers: list[LayerKind]) -> Geometry:
        return Geometry(architecture, dict(self.values), list(self.notes), list(layers))

