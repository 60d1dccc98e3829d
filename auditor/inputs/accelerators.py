"""The accelerator catalogue: spec-sheet figures, each vouched for by a source.

``inputs/gpus.yaml`` (built in, then a project's own, which wins per part)
holds four tables:

- ``fields``: every figure a part may carry, with its unit and meaning, so a
  bandwidth written as ``3.35 TB`` is refused where it is read, not deep in
  a formula;
- ``sources``: a vendor page (``url``) or a repository file that vendors the
  figures (``repo``, ``path``, ``commit``);
- ``renamed_fields``: old field names still accepted (``nvlink_bandwidth`` was
  the bidirectional interconnect figure before AMD and TPU parts joined);
- ``gpus``: the parts. ``figure_sources`` names, for each source, the figures
  it prints, so every number can be traced to where it was read. A part
  without a sparse rate says why in ``sparse_rates`` (SPARSE_MARKERS), so a
  missing figure is a stated fact about the sources, not an oversight.

Vendors print sparse (2:4) tensor rates beside, or instead of, dense ones,
and memory in "GB" that is sometimes 10^9 and sometimes 2^30 bytes: the
catalogue keeps both rates as separate fields and the byte count the driver
reports beside the label, so a document that mixes them can be diagnosed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from auditor.base.errors import InputError, Location, QuantityError
from auditor.base.quantity import parse_given
from auditor.base.resources import display_path
from auditor.base.units import Unit, describe, parse_unit
from auditor.base.yamlio import Located, load_yaml

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_]*$")
URL_PATTERN = re.compile(r"^https?://\S+$")
COMMIT_PATTERN = re.compile(r"^[0-9a-f]{7,40}$")
SPARSE_MARKERS = {
    "none published": "the vendor's own sheet, read here, prints tensor rates and no 2:4 sparse one",
    "not found": "no source read here prints a sparse rate for this part; the vendor may publish one",
}


@dataclass(frozen=True)
class Field:
    """One kind of figure: its unit (checked on read) and what it means."""

    name: str
    unit: Unit
    meaning: str


@dataclass(frozen=True)
class Source:
    """Where figures were read: a page, or a repository file at a commit."""

    key: str
    where: str
    note: str = ""


@dataclass
class AcceleratorTable:
    """Every part in force, with the field and source tables that checked it."""

    fields: dict[str, Field]
    sources: dict[str, Source]
    renamed: dict[str, str]
    parts: dict[str, Located]

    def field_name(self, name: str) -> str:
        """The current name of a field, following ``renamed_fields``."""
        return self.renamed.get(name, name)

    def figures(self, part_id: str) -> dict[str, str]:
        """A part's figures, field name to the value as written."""
        entry = self.parts[part_id]
        return {name: entry[name] for name in self.fields if entry.get(name) is not None}

    def sources_of(self, part_id: str, field: str) -> list[Source]:
        """The sources a part names for one of its figures."""
        named = self.parts[part_id].get("figure_sources") or {}
        return [self._source(key) for key, figures in named.items() if field in figures]

    def _source(self, key: str) -> Source:
        return self.sources.get(key) or Source(key, key)


def load_accelerators(paths: list[Path]) -> AcceleratorTable:
    """The merged catalogue of ``paths`` (later files win per part), every entry checked."""
    table = AcceleratorTable({}, {}, {}, {})
    loaded = [(path, load_yaml(path) or {}) for path in paths if path.is_file()]
    for path, data in loaded:
        _check_mapping(data, path, "the file")
        table.fields.update(_fields(data.get("fields") or {}, path))
        table.sources.update(_sources(data.get("sources") or {}, path))
        table.renamed.update({str(k): str(v) for k, v in (data.get("renamed_fields") or {}).items()})
    for path, data in loaded:
        for entry in _entries(data, path):
            _rename(entry, table.renamed)
            _check_part(entry, table, path)
            entry["_file"] = display_path(path)
            table.parts[str(entry["id"])] = entry
    return table


def _check_mapping(node, path: Path, what: str, line: int | None = None) -> None:
    if not isinstance(node, dict):
        raise InputError(Location(display_path(path), line or getattr(node, "line", None)), f"{what} must be a mapping")


def _fields(node, path: Path) -> dict[str, Field]:
    _check_mapping(node, path, "'fields'")
    found = {}
    for name, spec in node.items():
        where = Location(display_path(path), node.line_of(name))
        if not isinstance(spec, dict) or "unit" not in spec:
            raise InputError(where, f"field {name!r} needs a 'unit' (and a 'meaning')")
        extra = sorted(str(k) for k in spec if k not in ("unit", "meaning"))
        if extra:  # in a flow mapping an unquoted comma in a meaning starts a new key
            raise InputError(where, f"field {name!r}: unknown key {extra[0]!r} (a field has 'unit' and 'meaning'; quote a meaning with a comma)")
        try:
            unit = parse_unit(str(spec["unit"]))
        except QuantityError as exc:
            raise InputError(where, f"field {name!r}: {exc}") from None
        found[str(name)] = Field(str(name), unit, str(spec.get("meaning", "")))
    return found


def _sources(node, path: Path) -> dict[str, Source]:
    _check_mapping(node, path, "'sources'")
    found = {}
    for key, spec in node.items():
        where = Location(display_path(path), node.line_of(key))
        if not isinstance(spec, dict):
            raise InputError(where, f"source {key!r} must be a mapping with 'url', or 'repo', 'path' and 'commit'")
        found[str(key)] = Source(str(key), _where(spec, str(key), where), str(spec.get("note", "")))
    return found


def _where(spec: dict, key: str, where: Location) -> str:
    """``url``, or ``repo@commit:path``; anything else names what is missing."""
    if spec.get("url") is not None:
        if not URL_PATTERN.match(str(spec["url"])):
            raise InputError(where, f"source {key!r}: url must start with http:// or https://, got {spec['url']!r}")
        return str(spec["url"])
    missing = [k for k in ("repo", "path", "commit") if not spec.get(k)]
    if missing:
        raise InputError(where, f"source {key!r} needs 'url', or 'repo', 'path' and 'commit' (missing {', '.join(missing)})")
    if not COMMIT_PATTERN.match(str(spec["commit"])):
        raise InputError(where, f"source {key!r}: commit must be a hex git hash, got {spec['commit']!r}")
    return f"{spec['repo']}@{spec['commit']}:{spec['path']}"


def _entries(data, path: Path) -> list[Located]:
    entries = data.get("gpus") or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InputError(Location(display_path(path), getattr(entries, "line", None)), "'gpus' must be a list of mappings")
    return entries


def _rename(entry: Located, renamed: dict[str, str]) -> None:
    for old, new in renamed.items():
        if old in entry and new not in entry:
            entry[new] = entry.pop(old)
            entry.key_lines[new] = entry.key_lines.get(old, entry.line)


def _check_part(entry: Located, table: AcceleratorTable, path: Path) -> None:
    """An id, figures of the right dimension, and sources that exist and name real figures."""
    shown = display_path(path)
    part_id = entry.get("id")
    if not isinstance(part_id, str) or not ID_PATTERN.match(part_id):
        raise InputError(Location(shown, entry.line), f"a part needs an 'id' of lowercase letters, digits and _, got {part_id!r}")
    for name, spec in table.fields.items():
        if entry.get(name) is not None:
            _check_figure(entry, part_id, spec, Location(shown, entry.line_of(name)))
    _check_figure_sources(entry, part_id, table, shown)
    _check_sparse_marker(entry, part_id, table, shown)


def _check_sparse_marker(entry: Located, part_id: str, table: AcceleratorTable, shown: str) -> None:
    """``sparse_rates`` is one of SPARSE_MARKERS, and only on a part that gives no sparse figure."""
    marker = entry.get("sparse_rates")
    if marker is None:
        return
    where = Location(shown, entry.line_of("sparse_rates"))
    if not isinstance(marker, str) or marker not in SPARSE_MARKERS:  # a list or mapping here is no marker either
        raise InputError(where, f"{part_id}.sparse_rates must be one of {', '.join(map(repr, SPARSE_MARKERS))}, got {marker!r}")
    given = sorted(name for name in table.fields if name.endswith("_sparse") and entry.get(name) is not None)
    if given:
        raise InputError(where, f"{part_id}.sparse_rates says {marker!r}, but the part gives {given[0]}")


def _check_figure(entry: Located, part_id: str, spec: Field, where: Location) -> None:
    raw = entry[spec.name]
    try:
        value, unit = parse_given(raw)
    except QuantityError as exc:
        raise InputError(where, f"{part_id}.{spec.name}: {exc}") from None
    if unit.dimensions != spec.unit.dimensions and not (unit.dimensionless and spec.unit.dimensionless):
        raise InputError(where, f"{part_id}.{spec.name} = {raw!r} is {describe(unit.dimensions)}, "
                                f"but {spec.name} is in {spec.unit.text} ({describe(spec.unit.dimensions)})")
    if value <= 0:
        raise InputError(where, f"{part_id}.{spec.name} = {raw!r} must be positive (leave a figure out when there is none)")


def _check_figure_sources(entry: Located, part_id: str, table: AcceleratorTable, shown: str) -> None:
    named = entry.get("figure_sources")
    if named is None:
        return
    where = Location(shown, entry.line_of("figure_sources"))
    if not isinstance(named, dict):
        raise InputError(where, f"{part_id}.figure_sources must map a source to the figures it prints")
    for key, figures in named.items():
        at = Location(shown, named.line_of(key))
        if key not in table.sources and not URL_PATTERN.match(str(key)):
            raise InputError(at, f"{part_id}: source {key!r} is not in 'sources' and is not a URL")
        if not isinstance(figures, list):
            raise InputError(at, f"{part_id}: source {key!r} must list the figures it prints")
        for figure in figures:
            name = table.field_name(str(figure))
            if entry.get(name) is None:
                raise InputError(at, f"{part_id}: source {key!r} vouches for {figure!r}, which this part does not give")


def value_of(table: AcceleratorTable, part_id: str, field: str) -> tuple[Fraction, str] | None:
    """A figure in base units with a description of where it came from, or None when absent."""
    entry = table.parts[part_id]
    name = table.field_name(field)
    raw = entry.get(name)
    if raw is None:
        return None
    value, unit = parse_given(raw)
    return value * unit.factor, f"{part_id}.{name} = {raw} ({entry['_file']})"
