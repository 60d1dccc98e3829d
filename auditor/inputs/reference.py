"""Reference inputs: GPU spec sheets, dtype sizes and model config.json snapshots.

A claim names a GPU by its id and a model by its Hub id; this module finds
them in the built-in ``inputs/`` and in a project's own ``inputs/`` (which
wins), and turns them into values with their origin. Model architecture
logic lives in ``auditor.inputs.geometry``; this module only finds the files.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path

from auditor.base.errors import InputError, Location, QuantityError, shown
from auditor.base.quantity import parse_given
from auditor.base.resources import builtin, display_path
from auditor.base.textio import is_file, load_json_text, read_text
from auditor.base.yamlio import line_of, load_yaml


@dataclass(frozen=True)
class Sourced:
    """A value in base units and the place it came from."""

    value: Fraction
    source: str
    half_width: Fraction = Fraction(0)  # of the interval a printed input rounds from (0: exact)


@dataclass(frozen=True)
class Dtype:
    name: str
    bits: Fraction
    group: int | None = None
    scale_bits: int = 0
    zero_bits: int = 0
    storage: bool = True  # False: a compute format only (tf32), never how a tensor is stored

    @property
    def bytes(self) -> Fraction:
        overhead = Fraction(self.scale_bits + self.zero_bits, self.group) if self.group else Fraction(0)
        return (self.bits + overhead) / 8

    def describe(self) -> str:
        if not self.group:
            return f"{self.name}: {self.bits} bits"
        return f"{self.name}: {self.bits} bits + {self.scale_bits + self.zero_bits}-bit scale per {self.group}"


class Inputs:
    """Every reference input in force: built-in first, a project's own over it."""

    def __init__(self, project: Path | None = None):
        self.dirs = [builtin("inputs")]
        if project is not None and (project / "inputs").is_dir() and (project / "inputs").resolve() != self.dirs[0].resolve():
            self.dirs.append((project / "inputs").resolve())

    @cached_property
    def dtypes(self) -> dict[str, Dtype]:
        path = builtin("units") / "dtypes.yaml"
        data = load_yaml(path)
        table = {name: _dtype(name, spec, path) for name, spec in data["dtypes"].items()}
        for alias, target in (data.get("aliases") or {}).items():
            table[alias] = table[target]
        return table

    def dtype(self, name: str, where: Location) -> Dtype:
        found = self.dtypes.get(name.lower()) if isinstance(name, str) else None
        if found is None:
            raise InputError(where, f"unknown dtype {shown(name)} (known: {', '.join(sorted(self.dtypes))})")
        return found

    @cached_property
    def architectures(self):
        """The family table in force (``inputs/architectures.yaml``, built in and the project's), read once."""
        from .geometry.families import load_families

        return load_families(tuple(self.dirs))

    def geometry(self, config: dict):
        """The geometry of a parsed config.json, read through the family table in force."""
        from .geometry import derive

        return derive(config, self.architectures)

    @cached_property
    def variants(self):
        """Model names that are a known model with a suffix (``inputs/variants.yaml``), read once."""
        from .variants import load_variants

        return load_variants(self.dirs)

    @cached_property
    def gpus(self) -> dict[str, dict]:
        table: dict[str, dict] = {}
        for folder in self.dirs:
            path = folder / "gpus.yaml"
            if is_file(path):
                for entry in _gpu_entries(path):
                    table[entry["id"]] = entry
        return table

    def gpu_value(self, gpu_id: str, field: str) -> Sourced | None:
        """A spec-sheet field in base units, or None when the sheet has no figure."""
        entry = self.gpus[gpu_id]
        raw = entry.get(field)
        if raw is None:
            return None
        try:
            value, unit = parse_given(raw)
        except QuantityError as exc:
            raise InputError(Location(entry["_file"], entry.line_of(field)), f"{gpu_id}.{field}: {exc}") from None
        return Sourced(value * unit.factor, f"{gpu_id}.{field} = {raw} ({entry['_file']})")

    def model_path(self, model_id: str) -> Path | None:
        filename = model_id.replace("/", "--") + ".json"
        for folder in reversed(self.dirs):
            path = folder / "models" / filename
            if is_file(path):
                return path
        return None

    def model_ids(self) -> list[str]:
        found = {p.stem.replace("--", "/", 1) for d in self.dirs for p in (d / "models").glob("*.json")}
        return sorted(found)

    def model_config(self, model_id: str) -> tuple[dict, str]:
        """The config.json of a bundled or pulled model, and where it was read from."""
        path = self.model_path(model_id)
        if path is None:
            raise KeyError(model_id)
        config = load_json_text(read_text(path), display_path(path))
        if not isinstance(config, dict):
            raise InputError(Location(display_path(path), 1), "config.json must hold a JSON object")
        return config, display_path(path)


def _gpu_entries(path: Path) -> list[dict]:
    """The entries of a gpus.yaml, each a mapping with a text ``id`` (and the file it came from)."""
    shown_path = display_path(path)
    data = load_yaml(path)
    if data is None:
        return []
    if not isinstance(data, dict) or not isinstance(data.get("gpus") or [], list):
        raise InputError(Location(shown_path, line_of(data) or 1), "a gpus.yaml must be a mapping with a list under 'gpus'")
    entries = data.get("gpus") or []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not entry["id"]:
            raise InputError(Location(shown_path, entries.line_at(index)), f"each GPU must be a mapping with a text 'id', got {shown(entry)}")
        entry["_file"] = shown_path
    return entries


def _dtype(name: str, spec: dict, path: Path) -> Dtype:
    try:
        return Dtype(name, Fraction(str(spec["bits"])), spec.get("group"), spec.get("scale_bits", 0), spec.get("zero_bits", 0), spec.get("storage", True) is not False)
    except (KeyError, TypeError, ValueError):
        raise InputError(Location(display_path(path), getattr(spec, "line", None)), f"dtype {name!r} needs numeric 'bits'") from None
