"""The vocabulary a family declaration is written in: layout rules, expert placement, conditions.

A family in ``inputs/architectures.yaml`` says how its config.json lays out
the decoder layers with a list of rules, tried in order until one applies
(a rule with a config key applies when that key is set). Each rule is one
of a small set of shapes, and each shape is one frozen dataclass here,
validated when the table is read, so a typo in a project's own table is an
error at its file:line, not a wrong cache size later:

- ``pattern``: a string with one character per layer (Nemotron-H's
  ``hybrid_override_pattern``), each character a mixer and/or a feed-forward;
- ``types``: a list with one name per layer (``layer_types``, ``layers_block_type``);
- ``every``: every k-th layer is ``nth``, the others ``others`` (k from a key or a number);
- ``offset``: layer i is ``match`` when i % period == offset (Jamba);
- ``window``: the ``sliding_window`` / ``use_sliding_window`` / ``max_window_layers`` dialect;
- ``all``: every layer is one mixer, optionally with a second beside it;
- ``blocks``: per-layer block configurations (Nemotron NAS), read by ``blocks.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# What a layer can compute; each maps to what it holds (model.HOLDS) in layers.py.
MIXERS = ("attention", "sliding", "chunked", "mla", "shared_attention", "gated_deltanet", "lightning", "mamba1", "mamba2",
          "linear", "none")
FFN_KINDS = ("dense", "moe", "none")
LAYOUT_SHAPES = ("pattern", "types", "every", "offset", "window", "all", "blocks")
EXPERT_SHAPES = ("all", "after_dense", "step", "offset")


class RuleError(ValueError):
    """A declaration that does not fit the vocabulary; the table reader adds file:line."""


@dataclass(frozen=True)
class Condition:
    """True when config ``key`` is set (not null, not false, not 0), or equals ``equals`` when given."""

    key: str
    equals: Any = None

    def holds(self, config: Mapping[str, Any]) -> bool:
        value = config.get(self.key)
        if self.equals is not None:
            return value == self.equals
        return value not in (None, False, 0, "", [])


@dataclass(frozen=True)
class Slot:
    """One layer's mixer and, when the rule fixes it, its feed-forward block."""

    mixer: str
    ffn: str | None = None
    parallel: str = ""


@dataclass(frozen=True)
class LayoutRule:
    """One way a config describes its layers; ``shape`` is one of LAYOUT_SHAPES."""

    shape: str
    key: str | None = None              # the config key the rule reads (and whose presence it needs)
    count: int | None = None            # every: a fixed k instead of a key
    names: Mapping[str, Slot] | None = None  # pattern characters / types names -> slots
    nth: Slot | None = None             # every / offset: the chosen layers
    others: Slot | None = None          # every / offset: the rest
    offset_key: str | None = None       # offset: the key holding the offset
    when: Condition | None = None       # apply only when this holds as well

    def applies(self, config: Mapping[str, Any], has) -> bool:
        """True when the key the rule reads is set (``has``: in the config or defaulted) and ``when`` holds.

        A ``window`` rule always applies: without its key, every layer is full attention.
        """
        if self.key is not None and self.shape != "window" and not has(self.key):
            return False
        return self.when is None or self.when.holds(config)


@dataclass(frozen=True)
class ExpertRule:
    """Which layers route to experts, once the config names an expert count."""

    shape: str
    key: str | None = None        # after_dense: first dense layers; step: the step; offset: the period
    every_key: str | None = None  # after_dense: moe_layer_freq
    except_key: str | None = None  # step: a list of layers kept dense (mlp_only_layers)
    offset_key: str | None = None  # offset: the offset


def slot(value: Any, where: str) -> Slot:
    """``mamba2``, ``[none, moe]`` or ``{mixer: attention, parallel: mamba2}`` as a Slot."""
    if isinstance(value, str):
        return Slot(_mixer(value, where))
    if isinstance(value, list) and len(value) == 2:
        return Slot(_mixer(value[0], where), _ffn(value[1], where))
    if isinstance(value, Mapping) and "mixer" in value:
        extra = set(value) - {"mixer", "ffn", "parallel"}
        if extra:
            raise RuleError(f"{where}: unknown field {min(extra)!r} (a slot has mixer, ffn, parallel)")
        ffn = _ffn(value["ffn"], where) if value.get("ffn") is not None else None
        parallel = _mixer(value["parallel"], where) if value.get("parallel") else ""
        return Slot(_mixer(value["mixer"], where), ffn, parallel)
    raise RuleError(f"{where}: expected a mixer name, [mixer, ffn] or {{mixer: ...}}, got {value!r}")


def condition(value: Any, where: str) -> Condition:
    """``KEY`` or ``{key: KEY, equals: VALUE}``."""
    if isinstance(value, str):
        return Condition(value)
    if isinstance(value, Mapping) and isinstance(value.get("key"), str) and set(value) <= {"key", "equals"}:
        return Condition(value["key"], value.get("equals"))
    raise RuleError(f"{where}: expected a config key or {{key: KEY, equals: VALUE}}, got {value!r}")


def _mixer(name: Any, where: str) -> str:
    if name not in MIXERS:
        raise RuleError(f"{where}: unknown mixer {name!r} (known: {', '.join(MIXERS)})")
    return name


def _ffn(name: Any, where: str) -> str:
    if name not in FFN_KINDS:
        raise RuleError(f"{where}: unknown feed-forward {name!r} (known: {', '.join(FFN_KINDS)})")
    return name
