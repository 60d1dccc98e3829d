"""Model names that differ from a known model only by a suffix: the same geometry, the variant's weights.

"Qwen/Qwen2.5-3B-Instruct-AWQ" and "RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8"
are the models a document names; their config.json has the same layers and
heads as the base checkpoint, and the suffix says how the weights are
stored. ``inputs/variants.yaml`` (built in, and a project's own merged over
it) declares the suffixes, the re-packagers whose repositories hold other
organisations' models, and base names spelled differently. A name resolves
only to a model that is bundled or pulled; anything else is left to the
Hub, unchanged.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.yamlio import Located, load_yaml

VARIANTS_FILE = "variants.yaml"
MAX_SUFFIXES = 4  # "-Instruct-AWQ-INT4" is three; a longer chain is not a name this table explains


@dataclass(frozen=True)
class Suffix:
    text: str
    weight_dtype: str | None
    where: str


@dataclass(frozen=True)
class Variant:
    """A name resolved to a known model: the base id, the weight format its suffixes imply, and why."""

    name: str
    base: str
    weight_dtype: str | None
    reason: str


@dataclass(frozen=True)
class VariantTable:
    suffixes: tuple[Suffix, ...]
    repackagers: frozenset[str]
    names: Mapping[str, str]

    def resolve(self, model_id: str, known: Collection[str]) -> Variant | None:
        """The known model ``model_id`` is a variant of, or None when it is known itself or not a variant."""
        org, _, name = model_id.partition("/")
        if not name or model_id in known:
            return None
        stripped: list[Suffix] = []
        for _ in range(MAX_SUFFIXES + 1):
            base = self._known_base(org, name, known)
            if base is not None:
                return self._variant(model_id, base, stripped)
            suffix = self._suffix_of(name)
            if suffix is None:
                return None
            stripped.append(suffix)
            name = name[: -len(suffix.text)]
        return None

    def _known_base(self, org: str, name: str, known: Collection[str]) -> str | None:
        """ORG/NAME, NAME's other spelling, or, for a re-packager's repository, the one known model of that name."""
        for candidate in (f"{org}/{name}", self.names.get(name)):
            if candidate and candidate in known:
                return candidate
        if org in self.repackagers:
            same = [model for model in known if model.partition("/")[2] == name]
            return same[0] if len(same) == 1 else None
        return None

    def _suffix_of(self, name: str) -> Suffix | None:
        lowered = name.lower()
        matching = [s for s in self.suffixes if lowered.endswith(s.text.lower()) and len(name) > len(s.text)]
        return max(matching, key=lambda s: len(s.text), default=None)

    def _variant(self, model_id: str, base: str, stripped: list[Suffix]) -> Variant:
        dtype = next((s.weight_dtype for s in stripped if s.weight_dtype), None)
        said = ", ".join(f"{s.text} ({s.where})" for s in stripped) or "a base name spelled differently"
        return Variant(model_id, base, dtype, f"{model_id} is {base} by its name: {said}")


def load_variants(folders: list[Path]) -> VariantTable:
    """The tables in ``folders``, built in first; a project's entries win."""
    suffixes: dict[str, Suffix] = {}
    repackagers: set[str] = set()
    names: dict[str, str] = {}
    for folder in folders:
        path = folder / VARIANTS_FILE
        if path.is_file():
            data = _table(load_yaml(path), display_path(path))
            for text, entry in (data.get("suffixes") or {}).items():
                suffixes[str(text).lower()] = _suffix(str(text), entry, data["suffixes"], display_path(path))
            repackagers.update(str(org) for org in data.get("repackagers") or [])
            names.update({str(k): str(v) for k, v in (data.get("names") or {}).items()})
    return VariantTable(tuple(suffixes.values()), frozenset(repackagers), names)


def _table(data, shown: str) -> Located:
    if not isinstance(data, Located):
        raise InputError(Location(shown), "a variants table is a mapping with suffixes:, repackagers: and names:")
    unknown = sorted(set(data) - {"suffixes", "repackagers", "names"})
    if unknown:
        raise InputError(Location(shown, data.line_of(unknown[0])),
                         f"unknown section {unknown[0]!r} (known: suffixes, repackagers, names)")
    for section, kind in (("suffixes", Located), ("names", Located), ("repackagers", list)):
        if data.get(section) is not None and not isinstance(data[section], kind):
            raise InputError(Location(shown, data.line_of(section)), f"'{section}:' must be a {'list' if kind is list else 'mapping'}")
    return data


def _suffix(text: str, entry, table: Located, shown: str) -> Suffix:
    where = f"{shown}:{table.line_of(text)}"
    entry = entry or {}
    if not text.startswith(("-", "_", ".")) or not isinstance(entry, Mapping) or set(entry) - {"weight_dtype", "why"}:
        raise InputError(Location(shown, table.line_of(text)),
                         f"suffix {text!r}: expected a name ending such as -AWQ, mapped to {{weight_dtype: DTYPE, why: TEXT}}")
    dtype = entry.get("weight_dtype")
    return Suffix(text, str(dtype) if dtype is not None else None, where)
