"""Reading a config.json one quantity at a time, through its family's spelling, keeping every origin.

The ``GeometryBuilder`` is the only place that touches the raw config dict.
The engine asks for a quantity by name ("n_kv_heads"); the family table
says which config keys spell it (``num_key_value_heads``, Falcon's
``n_head_kv``...), which defaults its config class fills in, and which
flags fix it (Falcon's ``multi_query``). A missing key becomes an
``UnsupportedArchitecture`` naming the keys and the purpose; a value from a
default or a flag becomes a note, because the published file does not say it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from auditor.base.errors import shown as shown_value
from auditor.base.limits import limit

from .family_fields import Family
from .model import BAD_VALUE, MISSING_KEY, Derived, Geometry, LayerKind, UnsupportedArchitecture


class GeometryBuilder:
    """Collects derived values and notes while the engine reads one language-model config."""

    def __init__(self, config: Mapping[str, Any], family: Family):
        self.config = config
        self.family = family
        self.defaults_from = f"transformers {family.config_class}"
        self.values: dict[str, Derived] = {}
        self.notes: list[str] = []
        self.forced: dict[str, tuple[Any, str]] = self._forced()

    def _forced(self) -> dict[str, tuple[Any, str]]:
        """Keys a set flag fixes (``when: multi_query, set: {n_head_kv: 1}``), with why."""
        forced = {}
        for when, settings, unless in self.family.set_when:
            if when.holds(self.config) and not (unless and unless.holds(self.config)):
                for key, value in settings.items():
                    forced[key] = (value, f"config {when.key} = {self.config.get(when.key)!r} means {key} = {value!r}")
        return forced

    # -- raw keys -----------------------------------------------------------------

    def key_for(self, name: str) -> str | None:
        """The config key that supplies ``name``: the first spelling set, forced or defaulted."""
        spellings = self.family.keys_for(name)
        for key in spellings:
            if key in self.forced or self.config.get(key) is not None:
                return key
        return next((key for key in spellings if key in self.family.defaults or key in self.family.scaled), None)

    def has(self, name: str) -> bool:
        """True when ``name`` is set (not null) in the config, forced, or has a known default."""
        return self.key_for(name) is not None

    def raw(self, name: str, purpose: str) -> Any:
        """The value of ``name``, its documented default (noted), or an error naming its keys."""
        key = self.key_for(name)
        if key is None:
            spelled = " or ".join(repr(k) for k in self.family.keys_for(name))
            raise UnsupportedArchitecture(MISSING_KEY.format(key=spelled, purpose=purpose))
        if key in self.forced:
            value, why = self.forced[key]
            self.note(why)
            return value
        if self.config.get(key) is not None:
            return self.config[key]
        if key in self.family.scaled:
            factor, other = self.family.scaled[key]
            value = factor * self.integer(other, purpose)
            self.note(f"{key} = {factor} * {other} = {value}: {self.defaults_from} default (the config has no {key!r} key)")
            return value
        value = self.family.defaults[key]
        self.note(f"{key} = {value!r}: {self.defaults_from} default (the config has no {key!r} key)")
        return value

    def integer(self, name: str, purpose: str, minimum: int = 1) -> int:
        """``name`` as an exact integer of at least ``minimum``; integral floats such as 4.0 are accepted."""
        value = self.raw(name, purpose)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            expected = "a positive integer" if minimum == 1 else f"an integer >= {minimum}"
            raise UnsupportedArchitecture(BAD_VALUE.format(key=self.key_for(name), expected=expected, value=shown_value(value)))
        if value > limit("model_count"):
            raise UnsupportedArchitecture(BAD_VALUE.format(key=self.key_for(name), expected=f"at most {limit('model_count'):,} (model_count)", value=shown_value(value)))
        return value

    def integer_or(self, name: str, default: int, purpose: str, minimum: int = 1) -> int:
        """``name`` as an integer when set; ``default`` when absent or null (the usual meaning)."""
        return self.integer(name, purpose, minimum) if self.has(name) else default

    def flag(self, name: str, default: bool) -> bool:
        """A true/false key; absent or null means ``default``."""
        key = self.key_for(name)
        if key is None:
            return default
        value = self.raw(name, "read a flag")
        if not isinstance(value, bool):
            raise UnsupportedArchitecture(BAD_VALUE.format(key=key, expected="true or false", value=shown_value(value)))
        return value

    def origin_of(self, name: str) -> str:
        """How a value read through ``raw`` got there: the config key, a flag, or a default."""
        key = self.key_for(name)
        if key in self.forced:
            return f"default: {self.forced[key][1]}"
        if key is not None and self.config.get(key) is not None:
            return f"config {key}"
        return f"default: {self.defaults_from} {key} (key absent)"

    # -- derived values -------------------------------------------------------------

    def read(self, symbol: str, purpose: str, unit: str = "dimensionless", name: str | None = None) -> int:
        """Record ``symbol`` straight from the config key that spells ``name`` (``symbol`` by default)."""
        value = self.integer(name or symbol, purpose)
        self.put(symbol, value, self.origin_of(name or symbol), unit)
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
            raise AssertionError(f"{symbol} derived twice")  # a bug in the engine, not bad input
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

