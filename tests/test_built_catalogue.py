"""The catalogue's built form: what a cold run reads instead of YAML and SymPy, and when it is not trusted.

The built-in catalogue's form ships with the package; a project's is kept in
its cache. Either is used only while it is current and whole: the tests
below make each one stale, damaged or hostile and expect the catalogue to be
built from its files instead, with the same result.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from auditor.base import units
from auditor.base.cache import Store, flush
from auditor.base.errors import UnitError
from auditor.base.typedjson import BuiltFormError, decode, encode
from auditor.catalogue import built
from auditor.catalogue.definitions import FormulaDef, SymbolDef
from auditor.catalogue.folders import catalogue_dirs
from auditor.catalogue.load import load_catalogue

SAMPLE = (Fraction(3, 2), Fraction(7), Fraction(5, 3), Fraction(11, 4), Fraction(2))
REBUILD = "python scripts/build_catalogue.py"


@pytest.fixture(scope="module")
def fresh():
    return load_catalogue(catalogue_dirs(None))


def test_the_shipped_form_is_current_for_the_files_beside_it():
    stored = json.loads(built.SHIPPED.read_text(encoding="utf-8"))
    assert stored["key"] == built.shipped_key(), f"the shipped built catalogue is stale: run {REBUILD}"
    table = json.loads(built.UNITS.read_text(encoding="utf-8"))
    assert table["key"] == units.built_units_key(), f"the shipped units table is stale: run {REBUILD}"


def test_the_shipped_form_holds_what_a_fresh_build_gives(fresh):
    shipped = built.shipped()
    assert shipped is not None
    assert shipped.symbols == fresh.symbols
    assert shipped.formulas == fresh.formulas
    assert shipped.unit_slips == fresh.unit_slips
    assert shipped.kinds == fresh.kinds
    assert shipped.same_arithmetic == fresh.same_arithmetic
    for name in fresh.formulas:
        assert shipped.deps(name) == tuple(fresh.depends_on(name)), name
        assert shipped.inlined_names(name) == fresh.inlined_names(name), name


def test_each_shipped_formula_computes_what_its_expression_does(fresh):
    """Printed code may differ between SymPy versions; what it computes may not."""
    shipped = built.shipped()
    for name in fresh.formulas:
        for value in SAMPLE:
            args = (value,) * len(fresh.deps(name))
            outcomes = []
            for catalogue in (shipped, fresh):
                try:
                    outcomes.append(catalogue.function(name)(*args))
                except (ArithmeticError, ValueError) as exc:
                    outcomes.append(type(exc).__name__)
            assert outcomes[0] == outcomes[1], (name, value)


def test_a_built_in_run_reads_the_shipped_form_without_sympy(tmp_path):
    probe = (
        "import sys\n"
        "from auditor.catalogue import built, load\n"
        "from auditor.catalogue.folders import catalogue_dirs\n"
        "def refuse(dirs): raise SystemExit('built from YAML')\n"
        "built.load_catalogue = refuse\n"
        "load.load_catalogue = refuse\n"
        "catalogue = built.load(catalogue_dirs(None))\n"
        "print(catalogue.function('kv_bytes_per_token') is not None, 'sympy' in sys.modules, 'pint' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False", "False"]


def test_a_stale_shipped_form_is_ignored(monkeypatch, fresh):
    monkeypatch.setattr(built, "shipped_key", lambda: "not the key of these files")
    assert built.shipped() is None
    rebuilt = []
    monkeypatch.setattr("auditor.catalogue.load.load_catalogue", lambda dirs: rebuilt.append(dirs) or fresh)
    assert built.load(catalogue_dirs(None)) is fresh and rebuilt


def test_a_damaged_shipped_file_is_ignored(tmp_path, monkeypatch):
    for text in ("{not json", json.dumps({"key": built.shipped_key(), "catalogue": {"format": 1, "symbols": "many"}}), "[]"):
        path = tmp_path / "catalogue.json"
        path.write_text(text, encoding="utf-8")
        monkeypatch.setattr(built, "SHIPPED", path)
        assert built.shipped() is None


def test_shipped_locations_are_shown_from_where_the_run_is(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shipped = built.shipped()
    location = shipped.formulas["kv_bytes_per_token"].location
    assert Path(location.path).name == "kv_cache.yaml"
    assert (tmp_path / location.path).resolve() == (catalogue_dirs(None)[0] / "kv_cache.yaml").resolve()
    assert location.line == load_catalogue(catalogue_dirs(None)).formulas["kv_bytes_per_token"].location.line


PROJECT_FORMULA = """\
symbols:
  widgets:
    meaning: widgets per request
    unit: dimensionless
formulas:
  widget_bytes:
    title: bytes of a request's widgets
    expr: widgets * kv_bytes_per_token * one_token
    unit: B
"""


def _project(tmp_path) -> list[Path]:
    (tmp_path / "formulas").mkdir()
    (tmp_path / "formulas" / "widgets.yaml").write_text(PROJECT_FORMULA, encoding="utf-8")
    return catalogue_dirs(tmp_path)


def test_a_project_catalogue_is_kept_in_its_cache_and_read_back(tmp_path, monkeypatch):
    dirs, store = _project(tmp_path), Store(tmp_path / "cache")
    first = built.load(dirs, store, "k1")
    leaves = first.inlined_names("widget_bytes")
    built.keep(first)  # at the end of the run: stored with the leaves the run computed
    flush()  # entries are written by a thread; a command's end waits for them
    assert (tmp_path / "cache" / built.KIND / "k1.json").exists()
    monkeypatch.setattr("auditor.catalogue.load.load_catalogue", lambda dirs: pytest.fail("built again"))
    again = built.load(dirs, store, "k1")
    assert again.formulas == first.formulas and again.symbols == first.symbols
    assert again.deps("widget_bytes") == first.deps("widget_bytes")
    assert set(again.leaves["widget_bytes"]) == leaves and "widgets" in leaves
    assert again.inlined_names("kv_cache_bytes") == first.inlined_names("kv_cache_bytes")


def _parsed_while_loading(dirs, monkeypatch) -> list[str]:
    import auditor.catalogue.load as load

    parsed, original = [], load._parse
    monkeypatch.setattr(load, "_parse", lambda formula, catalogue: parsed.append(formula.id) or original(formula, catalogue))
    built.load(dirs)
    return parsed


def test_a_project_catalogue_parses_only_its_own_formulas_over_the_shipped_form(tmp_path, monkeypatch):
    assert _parsed_while_loading(_project(tmp_path), monkeypatch) == ["widget_bytes"]


def test_a_project_that_redefines_a_built_in_name_is_built_whole(tmp_path, monkeypatch):
    dirs = _project(tmp_path)
    text = (tmp_path / "formulas" / "widgets.yaml").read_text(encoding="utf-8")
    (tmp_path / "formulas" / "widgets.yaml").write_text(text + """  kv_bytes_per_token:
    title: KV cache per token, with a project's padding
    expr: 2 * kv_values_per_token * kv_bytes_per_element / one_token
    unit: byte/token
""", encoding="utf-8")
    parsed = _parsed_while_loading(dirs, monkeypatch)
    assert "widget_bytes" in parsed and "kv_cache_bytes" in parsed and len(parsed) > 100


@pytest.mark.parametrize("damage", ["wrong shape", "unknown name", "refused code", "wrong arity", "not json"])
def test_a_damaged_cache_entry_is_rebuilt_never_trusted(tmp_path, damage):
    dirs, store = _project(tmp_path), Store(tmp_path / "cache")
    good = built.load(dirs, store, "k1")
    built.keep(good)
    data = store.get(built.KIND, "k1")
    if damage == "wrong shape":
        data["formulas"][0]["unit"]["factor"] = "1/2"
    elif damage == "unknown name":
        data["depends"]["widget_bytes"] = ["os"]
    elif damage == "refused code":
        data["code"]["widget_bytes"] = "lambda a0, a1, a2: __import__('os')"
    elif damage == "wrong arity":
        data["code"]["widget_bytes"] = "lambda a0: a0"
    if damage == "not json":
        (tmp_path / "cache" / built.KIND / "k1.json").write_text("{", encoding="utf-8")
    else:
        store.put(built.KIND, "k1", data)
    again = built.load(dirs, store, "k1")
    sample = (Fraction(3), Fraction(5), Fraction(7))
    assert again.function("widget_bytes")(*sample) == good.function("widget_bytes")(*sample)
    assert again.deps("widget_bytes") == good.deps("widget_bytes")


def test_typed_decoding_refuses_every_wrong_shape():
    symbol = load_catalogue(catalogue_dirs(None)).symbols["n_layers"]
    data = encode(symbol)
    assert decode(SymbolDef, data) == symbol
    for broken in ({**data, "unit": None}, {**data, "layer": "0"}, {**data, "notation": "L"}, {**data, "extra": 1},
                   {k: v for k, v in data.items() if k != "name"}, {**data, "default": [1, 0]}, {**data, "default": [1.5, 2]}):
        with pytest.raises(BuiltFormError):
            decode(SymbolDef, broken)
    with pytest.raises(BuiltFormError):
        decode(FormulaDef, [])


def test_the_units_table_answers_as_pint_does():
    """Every shipped unit text, parsed again through pint, gives the same unit, or the same refusal."""
    table = json.loads(built.UNITS.read_text(encoding="utf-8"))["units"]
    assert len(table) > 100
    for text in table:
        try:
            expected = units._parse_with_pint(text)
        except UnitError as exc:
            expected = str(exc)
        assert units._built_units()[text] == expected, text


def test_a_refused_unit_is_refused_again_with_the_same_message():
    with pytest.raises(UnitError) as first:
        units.parse_unit("furlongs per fortnight squared and then some")
    with pytest.raises(UnitError) as second:
        units.parse_unit("furlongs per fortnight squared and then some")
    assert str(first.value) == str(second.value)


def test_a_units_table_under_another_key_is_not_used(tmp_path, monkeypatch):
    path = tmp_path / "units.json"
    path.write_text(json.dumps({"key": "other", "units": {"GB": ["GB", [1, 1], []]}}), encoding="utf-8")
    monkeypatch.setattr(units, "BUILT", str(path))
    units._built_units.cache_clear()
    try:
        assert units._built_units() == {}
    finally:
        units._built_units.cache_clear()
