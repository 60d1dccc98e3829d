"""The catalogue in its built form: validated once, then read back without YAML, pint or SymPy.

Building a catalogue (reading its YAML, parsing every expression with SymPy,
checking every unit, generating every formula's code) costs most of a cold
run, and its result depends on nothing but the catalogue files, the units
files and the engine's code. So the result is kept as JSON data: in the
project's cache under the run's environment key, and, for the built-in
catalogue alone, shipped with the package (``auditor/_built/catalogue.json``,
written by ``python scripts/build_catalogue.py`` and checked by a test, as
``auditor update --check`` checks a document's numbers).

A built form is trusted only as far as it is checked: the shipped one is
used only when the key it records is the key of the files installed beside
it (an edited formula, unit or module makes it stale, and it is ignored);
either one is decoded field by field against the definitions' declared types
(``base.typedjson``), its names must refer to each other, and its code is
checked node by node when a formula is first evaluated
(``runtime.load_function``). Anything else is a miss, and the catalogue is
built from its files, with every located error that reading gives.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

from auditor.base import stamps
from auditor.base.resources import builtin, display_path
from auditor.base import units as units_table
from auditor.base.typedjson import BuiltFormError, decode, encode

from .catalogue import Catalogue
from .definitions import FormulaDef, SymbolDef, UnitSlip
from .kinds import KindDef, SameArithmetic

FORMAT = 1
KIND = "catalogue-built"
SHIPPED = Path(__file__).resolve().parent.parent / "_built" / "catalogue.json"
UNITS = Path(units_table.BUILT)
CODE_FOLDERS = ("base", "catalogue")  # the modules a built form is made by: a change to one makes the shipped form stale
MAX_SHIPPED_BYTES = 16 * 2**20


def load(dirs: list[Path], store=None, key: str | None = None) -> Catalogue:
    """The catalogue of ``dirs``: from its built form where one is current, else built (and stored when the run ends).

    The built-in catalogue alone is the shipped form. A project's is its
    cached form; without one, the project's own files are read over the
    shipped form (``load_catalogue(dirs, base)``), so only its own formulas
    are parsed, unless it redefines a built-in name.
    """
    from .load import load_catalogue

    builtin_first = Path(dirs[0]).resolve() == builtin("formulas").resolve() if dirs else False
    if builtin_first and len(dirs) == 1:
        found = shipped()
        if found is not None:
            return found
    catalogue, stored = _cached(store, key), -1
    if catalogue is not None:
        stored = len(catalogue.leaves)
    else:
        base = shipped() if builtin_first else None
        catalogue = (load_catalogue(dirs, base) if base is not None else None) or load_catalogue(dirs)
    if store is not None and key is not None:
        catalogue.stored_as = (store, key, stored)
    return catalogue


def _cached(store, key: str | None) -> Catalogue | None:
    data = store.get(KIND, key) if store is not None and key is not None else None
    if data is None:
        return None
    try:
        return restore(data)
    except BuiltFormError:
        return None  # a damaged or foreign entry: built again, and written over when the run ends


def keep(catalogue: Catalogue) -> None:
    """Store a project catalogue's built form at the end of a run, when it was built or learnt leaves in it."""
    if catalogue.stored_as is None:
        return
    store, key, stored = catalogue.stored_as
    if len(catalogue.leaves) > stored:
        store.put(KIND, key, built_form(catalogue))
        catalogue.stored_as = (store, key, len(catalogue.leaves))


def built_form(catalogue: Catalogue, all_leaves: bool = False) -> dict:
    """Everything a run reads of ``catalogue``, as JSON data, every formula's code generated now.

    A formula's leaves (the symbols left once every formula it uses is
    inlined, as SymPy simplifies them) cost seconds for the whole catalogue,
    so a project's form keeps those computed so far and the rest are
    computed when first needed; the shipped form has them all.
    """
    from .compiled import generated_code

    for name in catalogue.formulas:
        if name not in catalogue.code:
            catalogue.code[name] = generated_code(catalogue.expressions[name], tuple(catalogue.depends_on(name)))
        if all_leaves:
            catalogue.inlined_names(name)
    return {
        "format": FORMAT,
        "symbols": [encode(s) for s in catalogue.symbols.values()],
        "formulas": [encode(f) for f in catalogue.formulas.values()],
        "unit_slips": [encode(s) for s in catalogue.unit_slips],
        "kinds": [encode(k) for k in catalogue.kinds.values()],
        "same_arithmetic": [encode(s) for s in catalogue.same_arithmetic],
        "depends": {name: list(catalogue.depends[name]) for name in catalogue.formulas},
        "code": {name: catalogue.code[name] for name in catalogue.formulas},
        "leaves": {name: list(catalogue.leaves[name]) for name in catalogue.formulas if name in catalogue.leaves},
    }


def restore(data) -> Catalogue:
    """The catalogue a built form describes, or BuiltFormError for one that is not whole and consistent."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BuiltFormError("not a built catalogue of this format")
    symbols = _named(SymbolDef, data.get("symbols"), "name")
    formulas = _named(FormulaDef, data.get("formulas"), "id")
    kinds = _named(KindDef, data.get("kinds"), "name")
    unit_slips = [decode(UnitSlip, s) for s in _list(data.get("unit_slips"))]
    same = [decode(SameArithmetic, s) for s in _list(data.get("same_arithmetic"))]
    known = symbols.keys() | formulas.keys()
    tables = {}
    for table in ("depends", "code", "leaves"):
        found = data.get(table)
        if not isinstance(found, dict) or not (found.keys() == formulas.keys() or (table == "leaves" and found.keys() <= formulas.keys())):
            raise BuiltFormError(f"{table} must name every formula")
        tables[table] = found
    depends = {name: _names(tables["depends"][name], known) for name in formulas}
    leaves = {name: _names(value, symbols.keys()) for name, value in tables["leaves"].items()}
    code = {name: decode(str, tables["code"][name]) for name in formulas}
    return Catalogue(symbols, formulas, unit_slips=unit_slips, kinds=kinds, same_arithmetic=same, depends=depends, code=code, leaves=leaves)


def _list(value) -> list:
    if not isinstance(value, list):
        raise BuiltFormError("a list was expected")
    return value


def _named(kind, entries, field: str) -> dict:
    found = {}
    for entry in _list(entries):
        item = decode(kind, entry)
        found[getattr(item, field)] = item
    return found


def _names(value, known) -> tuple[str, ...]:
    names = decode(tuple[str, ...], value)
    if any(name not in known for name in names):
        raise BuiltFormError("a built form names what its catalogue does not hold")
    return names


# The shipped form of the built-in catalogue ------------------------------------------------------------


def shipped_key() -> str:
    """What the built-in catalogue's built form depends on: its files, the units files, the code that builds it."""
    formulas = builtin("formulas")
    units = builtin("units")
    package = Path(stamps.package_folder())
    rows = [["formulas", p.name, stamps.file_hash(str(p))] for p in sorted(formulas.glob("*.yaml"))]
    rows += [["units", os.path.relpath(p, units), stamps.file_hash(p)] for p in stamps.files_under(str(units))]
    for folder in CODE_FOLDERS:
        rows += [[folder, os.path.relpath(p, package / folder), stamps.file_hash(p)] for p in stamps.files_under(str(package / folder), ".py")]
    return stamps.key("built-catalogue", FORMAT, rows)


def shipped() -> Catalogue | None:
    """The shipped built form, when it is current for the files installed beside it; None otherwise."""
    try:
        if SHIPPED.stat().st_size > MAX_SHIPPED_BYTES:
            return None
        # each location relocated as the parser makes it: one walk of the form instead of two
        data = json.loads(SHIPPED.read_text(encoding="utf-8"), object_hook=functools.partial(_located_at, _shown_paths()))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("key") != shipped_key():
        return None
    try:
        return restore(data.get("catalogue"))
    except BuiltFormError:
        return None


def shipped_form(catalogue: Catalogue) -> dict:
    """The built-in catalogue's built form as it is shipped: its file locations relative to the formulas folder."""
    shown = {display_path(p): f"formulas/{p.name}" for p in builtin("formulas").glob("*.yaml")}
    return {"key": shipped_key(), "catalogue": _relocated(built_form(catalogue, all_leaves=True), shown)}


def _shown_paths() -> dict[str, str]:
    """``formulas/<file>`` as this run shows the built-in file (relative to the working directory)."""
    folder = builtin("formulas")
    return {f"formulas/{p.name}": display_path(p) for p in folder.glob("*.yaml")}


def _located_at(paths: dict[str, str], data: dict) -> dict:
    """A stored location with its path mapped through ``paths``; any other mapping as it is."""
    if data.keys() == {"path", "line"} and isinstance(data["path"], str):
        return {"path": paths.get(data["path"], data["path"]), "line": data["line"]}
    return data


def _relocated(data, paths: dict[str, str]):
    """``data`` with every stored location's path mapped through ``paths`` (others kept)."""
    if isinstance(data, dict):
        return _located_at(paths, {k: _relocated(v, paths) for k, v in data.items()})  # as the parser's hook does, innermost first
    if isinstance(data, list):
        return [_relocated(v, paths) for v in data]
    return data
