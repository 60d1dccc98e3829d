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

from auditor.base.errors import InputError, Location, shown
from auditor.base.resources import builtin, display_path
from auditor.base.textio import is_file, load_json_text, read_text
from auditor.base.yamlio import load_yaml


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
    confusable: bool = True  # False: never tried as the width a document used by mistake (a niche block format)

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
        """Storage formats: ``units/dtypes.yaml``, then a project's ``inputs/dtypes.yaml`` over it."""
        table: dict[str, Dtype] = {}
        paths = [builtin("units") / "dtypes.yaml"] + [folder / "dtypes.yaml" for folder in self.dirs[1:]]
        for path in paths:
            if path.is_file():
                _read_dtypes(load_yaml(path) or {}, path, table)
        return table

    @cached_property
    def cache_formats(self) -> dict:
        """Engine cache layouts: ``units/cache_formats.yaml``, then a project's ``inputs/cache_formats.yaml``."""
        from .cache_formats import load_cache_formats

        return load_cache_formats([builtin("units") / "cache_formats.yaml"] + [d / "cache_formats.yaml" for d in self.dirs[1:]])

    def cache_format(self, name: str, where: Location):
        found = self.cache_formats.get(str(name))
        if found is None:
            raise InputError(where, f"unknown cache format {name!r} (known: {', '.join(sorted(self.cache_formats))})")
        return found

    def dtype(self, name: str, where: Location) -> Dtype:
        found = self.dtypes.get(name.lower()) if isinstance(name, str) else None
        if found is None:
            raise InputError(where, f"unknown dtype {shown(name)} (known: {', '.join(sorted(self.dtypes))})")
        return found

    @cached_property
    def accelerators(self):
        """The accelerator catalogue: built-in ``gpus.yaml``, then the project's, each part checked."""
        from .accelerators import load_accelerators

        return load_accelerators([folder / "gpus.yaml" for folder in self.dirs])

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

    @property
    def gpus(self) -> dict[str, dict]:
        return self.accelerators.parts

    def gpu_value(self, gpu_id: str, field: str) -> Sourced | None:
        """A spec-sheet field in base units, or None when the sheet has no figure."""
        from .accelerators import value_of

        found = value_of(self.accelerators, gpu_id, field)
        return None if found is None else Sourced(*found)

    def model_path(self, model_id: str) -> Path | None:
        filename = model_id.replace("/", "--") + ".json"
        for folder in reversed(self.dirs):
            path = folder / "models" / filename
            if is_file(path):
                return path
        return None

    def model_ids(self) -> list[str]:
        """Every bundled or pulled model's id; listed again only when a models folder changed (a model pulled)."""
        stamp = tuple(_changed_at(d / "models") for d in self.dirs)
        listed = self.__dict__.get("_model_ids")
        if listed is None or listed[0] != stamp:
            found = {p.stem.replace("--", "/", 1) for d in self.dirs for p in (d / "models").glob("*.json")}
            listed = self._model_ids = (stamp, sorted(found))
        return list(listed[1])

    def model_config(self, model_id: str) -> tuple[dict, str]:
        """The config.json of a bundled or pulled model, and where it was read from."""
        path = self.model_path(model_id)
        if path is None:
            raise KeyError(model_id)
        config = load_json_text(read_text(path), display_path(path))
        if not isinstance(config, dict):
            raise InputError(Location(display_path(path), 1), "config.json must hold a JSON object")
        return config, display_path(path)


def _read_dtypes(data, path: Path, table: dict[str, Dtype]) -> None:
    where = Location(display_path(path), getattr(data, "line", None))
    if not isinstance(data, dict) or not isinstance(data.get("dtypes") or {}, dict):
        raise InputError(where, "a dtype table must be a mapping with a 'dtypes' mapping")
    for name, spec in (data.get("dtypes") or {}).items():
        table[str(name).lower()] = _dtype(str(name).lower(), spec, path)
    for alias, target in (data.get("aliases") or {}).items():
        if str(target).lower() not in table:
            raise InputError(Location(display_path(path), data["aliases"].line_of(alias)),
                             f"alias {alias!r} names unknown dtype {target!r}")
        table[str(alias).lower()] = table[str(target).lower()]


def _dtype(name: str, spec, path: Path) -> Dtype:
    where = Location(display_path(path), getattr(spec, "line", None))
    try:
        bits, group = Fraction(str(spec["bits"])), spec.get("group")
        scale, zero = spec.get("scale_bits", 0), spec.get("zero_bits", 0)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise InputError(where, f"dtype {name!r} needs numeric 'bits'") from None
    if bits <= 0 or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in (scale, zero)) \
            or (group is not None and (not isinstance(group, int) or isinstance(group, bool) or group < 1)):
        raise InputError(where, f"dtype {name!r}: bits must be positive, group a positive integer, "
                                "scale_bits and zero_bits whole numbers")
    for flag in ("storage", "confusable"):
        if not isinstance(spec.get(flag, True), bool):
            raise InputError(where, f"dtype {name!r}: {flag} must be true or false")
    return Dtype(name, bits, group, scale, zero, spec.get("storage", True), spec.get("confusable", True))


def _changed_at(folder: Path) -> int | None:
    try:
        return folder.stat().st_mtime_ns
    except OSError:
        return None
