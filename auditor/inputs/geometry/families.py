"""The family table: ``inputs/architectures.yaml``, built in and from a project, read once.

How a ``model_type`` becomes layers, heads, cache widths and parameter
counts is data: which config keys spell each quantity, the config class's
defaults, the layout rules, where experts sit, and the module shapes. The
engine (the other modules of this package) reads a config through one
``Family``; adding a family is a YAML entry, usually ``like:`` an existing
one plus what differs. A project's own ``inputs/architectures.yaml`` is
merged over the built-in table, entry by entry, before ``like:`` is
resolved, so a project family may build on a built-in one.

Every problem in a table is an ``InputError`` at its file:line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from auditor.base.errors import InputError, Location
from auditor.base.resources import builtin, display_path
from auditor.base.yamlio import Located, load_yaml

from .family_fields import FAMILY_FIELDS, Family, build_family
from .rules import RuleError

TABLE_FILE = "architectures.yaml"


@dataclass(frozen=True)
class Families:
    """Every family in force, by model_type; frozen, so a geometry is a pure function of config and table."""

    by_type: Mapping[str, Family]
    files: tuple[str, ...]

    def known(self) -> list[str]:
        return sorted(self.by_type)

    def get(self, model_type: str) -> Family | None:
        return self.by_type.get(model_type)

    def __hash__(self) -> int:
        return hash(self.files)


@lru_cache(maxsize=1)
def builtin_families() -> Families:
    """The table shipped with the package."""
    return load_families((builtin("inputs"),))


@lru_cache(maxsize=8)
def load_families(folders: tuple[Path, ...]) -> Families:
    """The tables in ``folders`` (built in first, a project's after it, which wins), merged and resolved."""
    raw: dict[str, tuple[Located, str]] = {}
    common: dict[str, Any] = {"keys": {}, "refuse": {}}
    files: list[str] = []
    for folder in folders:
        path = folder / TABLE_FILE
        if not path.is_file():
            continue
        shown = display_path(path)
        files.append(shown)
        data = _table(load_yaml(path), shown)
        for section in ("keys", "refuse"):
            common[section].update(data.get(section) or {})
        for name, entry in (data.get("families") or {}).items():
            raw[str(name)] = (entry, shown)
    resolved = {name: _resolve(name, raw, common, ()) for name in raw}
    return Families(resolved, tuple(files))


def _table(data: Any, shown: str) -> Located:
    if not isinstance(data, Located):
        raise InputError(Location(shown), "an architectures table is a mapping with 'families:' (and optionally 'keys:' and 'refuse:')")
    unknown = sorted(set(data) - {"keys", "refuse", "families"})
    if unknown:
        raise InputError(Location(shown, data.line_of(unknown[0])),
                         f"unknown section {unknown[0]!r} (known: keys, refuse, families)")
    for section in ("keys", "refuse", "families"):
        if data.get(section) is not None and not isinstance(data[section], Located):
            raise InputError(Location(shown, data.line_of(section)), f"'{section}:' must be a mapping")
    for name, entry in (data.get("families") or {}).items():
        if not isinstance(entry, Located):
            raise InputError(Location(shown, data["families"].line_of(name)), f"family {name!r} must be a mapping")
    return data


def _resolve(name: str, raw: Mapping[str, tuple[Located, str]], common: Mapping[str, Any], seen: tuple[str, ...]) -> Family:
    """``name``'s entry over its ``like:`` chain, built into a Family."""
    merged, where = _merged(name, raw, seen)
    try:
        return build_family(name, merged, common, where)
    except RuleError as exc:
        raise InputError(None, str(exc)) from None


def _merged(name: str, raw: Mapping[str, tuple[Located, str]], seen: tuple[str, ...]) -> tuple[dict, str]:
    entry, shown = raw[name]
    where = f"{shown}:{entry.line}"
    unknown = sorted(set(entry) - set(FAMILY_FIELDS) - {"like", "source"})
    if unknown:
        line = entry.line_of(unknown[0])
        raise InputError(Location(shown, line), f"family {name!r}: unknown field {unknown[0]!r} "
                                                f"(known: like, source, {', '.join(FAMILY_FIELDS)})")
    parent = entry.get("like")
    if parent is None:
        return {k: v for k, v in entry.items() if k not in ("like", "source")}, where
    if parent not in raw:
        raise InputError(Location(shown, entry.line_of("like")), f"family {name!r} is like {parent!r}, which is not declared")
    if parent in seen or parent == name:
        raise InputError(Location(shown, entry.line_of("like")), f"family {name!r}: 'like:' goes round in a circle")
    base, _ = _merged(parent, raw, (*seen, name))
    for field_name, value in entry.items():
        if field_name in ("like", "source"):
            continue
        if isinstance(value, Mapping) and isinstance(base.get(field_name), Mapping):
            base[field_name] = {**base[field_name], **value}
        else:
            base[field_name] = value
    return base, where
