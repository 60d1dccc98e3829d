"""Defaults an engine picks by the device it runs on, as data: tiers of GPU memory, named exceptions, entry points.

vLLM's ``max_num_batched_tokens`` is not one number: its source chooses it
from the GPU's total memory, keeps the A100 on the small values by name,
and gives the ``LLM`` class a larger budget than ``vllm serve``. Declaring
the tiers in ``inputs/engines.yaml`` (``device_defaults:``) keeps that rule
beside the engine's other defaults and lets a project describe another
version's. Every shape problem is a located error.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from auditor.base.errors import InputError, Location

GIB = 2**30
TIER_KEYS = {"min_memory_gib", "unless_name", "values", "label"}


@dataclass(frozen=True)
class Tier:
    """Devices with at least ``min_memory_gib`` whose name does not contain ``unless_name``; values by entry point."""

    values: dict[str, int]
    label: str
    min_memory_gib: Fraction = Fraction(0)
    unless_name: str | None = None

    def admits(self, memory_bytes, name: str) -> bool:
        if Fraction(memory_bytes) < self.min_memory_gib * GIB:
            return False
        return self.unless_name is None or self.unless_name.lower() not in name.lower()


@dataclass(frozen=True)
class DeviceDefault:
    """One setting chosen by device and entry point; the last tier catches every device."""

    key: str
    source: str
    context_default: str
    context_flag: str
    tiers: tuple[Tier, ...]

    @property
    def contexts(self) -> tuple[str, ...]:
        return tuple(self.tiers[0].values)

    def tier_for(self, memory_bytes, name: str) -> Tier:
        return next(tier for tier in self.tiers if tier.admits(memory_bytes, name))

    def summary(self, context: str) -> str:
        return "; ".join(f"{tier.values[context]} for {tier.label}" for tier in self.tiers)


def read_device_defaults(node, where: Location) -> dict[str, DeviceDefault]:
    """``device_defaults:`` of one engine entry (absent: none)."""
    if node is None:
        return {}
    if not isinstance(node, dict):
        raise InputError(where, f"'device_defaults' must be a mapping, got {type(node).__name__}")
    return {str(key): _default(str(key), spec, where) for key, spec in node.items()}


def _default(key: str, spec, where: Location) -> DeviceDefault:
    if not isinstance(spec, dict) or not spec.get("source") or not isinstance(spec.get("tiers"), list) or not spec["tiers"]:
        raise InputError(where, f"device default {key!r} needs 'source' and a non-empty list of 'tiers'")
    context = spec.get("context") or {}
    if not isinstance(context, dict) or not context.get("default"):
        raise InputError(where, f"device default {key!r} needs 'context: {{default: NAME}}', the entry point assumed when none is given")
    tiers = tuple(_tier(key, number, tier, where) for number, tier in enumerate(spec["tiers"]))
    names = set(tiers[0].values)
    if any(set(tier.values) != names for tier in tiers) or str(context["default"]) not in names:
        raise InputError(where, f"device default {key!r}: every tier must give a value for the same entry points, the default among them")
    if tiers[-1].min_memory_gib or tiers[-1].unless_name:
        raise InputError(where, f"device default {key!r}: the last tier must admit every device (no min_memory_gib, no unless_name)")
    return DeviceDefault(key, str(spec["source"]), str(context["default"]), str(context.get("flag", "")), tiers)


def _tier(key: str, number: int, node, where: Location) -> Tier:
    if not isinstance(node, dict) or set(node) - TIER_KEYS or not isinstance(node.get("values"), dict) or not node["values"]:
        raise InputError(where, f"device default {key!r}, tier {number + 1}: expected a mapping of {', '.join(sorted(TIER_KEYS))} with non-empty 'values'")
    values = {}
    for context, value in node["values"].items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(where, f"device default {key!r}, tier {number + 1}: value for {context!r} must be a positive whole number, got {value!r}")
        values[str(context)] = value
    memory = node.get("min_memory_gib", 0)
    if isinstance(memory, bool) or not isinstance(memory, (int, float)) or memory < 0:
        raise InputError(where, f"device default {key!r}, tier {number + 1}: min_memory_gib must be a nonnegative number, got {memory!r}")
    unless = node.get("unless_name")
    return Tier(values, str(node.get("label", f"tier {number + 1}")), Fraction(str(memory)), str(unless) if unless else None)
