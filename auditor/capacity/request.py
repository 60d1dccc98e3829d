"""What a capacity question fixes, and the interval a logged memory figure rounds from.

An engine prints "Available KV cache memory: 6.51 GiB"; the real figure is
any whole number of bytes that prints so, 6.505 to 6.515 GiB. Everything the
engine derives from it is monotone in it, so each result is evaluated at
the printed value and at both ends of that interval: a value and a range.
vLLM rounds to two decimals even when it prints fewer ("24.0 GiB" is
round(x, 2) shown by Python), so the engine's own rounding bounds the
interval when it is tighter than the digits suggest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from auditor.base.errors import InputError, Location, QuantityError
from auditor.base.quantity import parse_stated

COMMAND_LINE = Location("command line")


@dataclass(frozen=True)
class Printed:
    """A logged memory figure: its printed text, value in bytes, and the whole-byte interval it rounds from."""

    text: str
    value: Fraction
    low: int
    high: int


@dataclass
class CapacityRequest:
    """One capacity question: the model, the deployment and what the engine logged."""

    model: str
    engine: str = "vllm"
    rule: str | None = None
    gpu: str | None = None
    tp: int = 1
    pp: int = 1
    dp: int = 1
    kv_dtype: str | None = None
    block_size: int | None = None
    max_model_len: int | None = None
    max_num_batched_tokens: int | None = None
    available_kv: list[str] = field(default_factory=list)
    kv_tokens: int | None = None
    gpu_memory_utilization: str | None = None
    usage_context: str | None = None
    settings: dict[str, str] = field(default_factory=dict)
    logged: dict[str, str] = field(default_factory=dict)  # other logged figures the engine's memory for the cache follows from, by name

    def __post_init__(self):
        for name in ("tp", "pp", "dp"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InputError(COMMAND_LINE, f"--{name} must be a positive whole number, got {value!r}")
        for name in ("block_size", "max_model_len", "max_num_batched_tokens", "kv_tokens"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < (0 if name == "kv_tokens" else 1)):
                raise InputError(COMMAND_LINE, f"--{name.replace('_', '-')} must be a positive whole number, got {value!r}")
        if sum(bool(given) for given in (self.available_kv, self.kv_tokens is not None, self.logged)) > 1:
            raise InputError(COMMAND_LINE, "give one of --available-kv, --kv-tokens or --logged, not several")


def printed_memory(text: str, engine_unit: str, engine_decimals: int | None, label: str | None = None, flag: str = "--available-kv") -> Printed:
    """A logged figure such as "6.51 GiB" (a bare number is read in the engine's unit, and so is one in the
    ``label`` the engine prints that unit under: SGLang's "43.85 GB" is GiB)."""
    raw, label = str(text).strip(), str(label) if label else None
    if label and raw.endswith(label) and raw[: -len(label)].strip() and not raw[: -len(label)].rstrip()[-1:].isalpha():
        raw = raw[: -len(label)].strip()
    raw = raw if any(c.isalpha() for c in raw) else f"{raw} {engine_unit}"
    try:
        stated = parse_stated(raw)
    except QuantityError as exc:
        raise InputError(COMMAND_LINE, f"{flag} {text!r}: {exc}") from None
    if stated.comparator != "=" or stated.qualifier or stated.unit.dimensions != (("[information]", Fraction(1)),):
        raise InputError(COMMAND_LINE, f"{flag} {text!r} must be one amount of memory such as '6.51 GiB'")
    value = stated.value * stated.unit.factor
    if value < 0:
        raise InputError(COMMAND_LINE, f"{flag} {text!r}: the engine cannot have negative memory for its KV cache")
    half = stated.low.half_ulp * stated.unit.factor
    if engine_decimals is not None and stated.unit.text == engine_unit:
        half = min(half, Fraction(1, 2) * Fraction(10) ** -engine_decimals * stated.unit.factor)
    return Printed(raw, value, max(0, math.ceil(value - half)), max(0, math.ceil(value + half) - 1))


def smallest(figures: list[Printed]) -> Printed:
    """The engine sizes every rank's cache by the smallest rank's memory."""
    return min(figures, key=lambda p: p.value)
