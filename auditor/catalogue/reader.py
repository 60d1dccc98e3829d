"""Reading one catalogue file into symbol and formula records, checking its shape.

Each problem names the file and line and what was expected there; the
cross-file checks (unknown names, cycles, units) happen in ``catalogue.py``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from auditor.base.errors import InputError, Location, QuantityError
from auditor.base.quantity import parse_given
from auditor.base.resources import display_path
from auditor.base.units import parse_unit
from auditor.base.yamlio import Located, load_yaml

from .definitions import DOMAINS, FactorSlip, FormulaDef, SymbolDef, UnitSlip

NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
SYMBOL_KEYS = {"meaning", "unit", "domain", "config", "gpu", "dtype_key", "dtype_nominal", "default", "default_source", "ideal", "value", "confused_with", "of_model", "notation"}
FORMULA_KEYS = {"title", "expr", "unit", "owner", "assumptions", "facts", "fallacy", "fallacy_of", "slips", "scan_phrases", "scan_requires"}
MAX_SCAN_PHRASES = 32
MAX_PHRASE_CHARACTERS = 80
FILE_KEYS = {"symbols", "formulas", "unit_slips"}
SLIP_KEYS = {"name", "reason", "factor", "symbol", "divides"}
UNIT_SLIP_KEYS = {"computed", "printed", "reason", "prior", "pairs"}
FACT_CHECKS = {"independent_of", "cancels", "linear_in", "scales_as", "through_product", "equals_at", "equals_formula", "tends_to"}
"""What a formula's ``facts:`` may declare: the property checks (``symbolic.CHECKS``, named here so reading needs no SymPy)."""


class _Reader:
    """Shape checks for one file, each failing with ``file:line``."""

    def __init__(self, path: Path, layer: int):
        self.path = display_path(path)
        self.layer = layer

    def at(self, node, key=None) -> Location:
        line = node.line_of(key) if isinstance(node, Located) else getattr(node, "line", None)
        return Location(self.path, line)

    def mapping(self, node, what: str, parent=None, key=None) -> Located:
        if not isinstance(node, dict):
            where = self.at(parent, key) if parent is not None else Location(self.path, 1)
            raise InputError(where, f"{what} must be a mapping, got {type(node).__name__}")
        return node

    def keys(self, node: Located, allowed: set, what: str) -> None:
        for key in node:
            if key not in allowed:
                raise InputError(self.at(node, key), f"unknown key {key!r} in {what} (expected one of: {', '.join(sorted(allowed))})")

    def text(self, node: Located, key: str, what: str, required: bool = True) -> str | None:
        value = node.get(key)
        if value is None:
            if required:
                raise InputError(self.at(node), f"{what} needs {key!r}")
            return None
        if not isinstance(value, str):
            raise InputError(self.at(node, key), f"{key!r} of {what} must be text, got {type(value).__name__}")
        return value

    def unit(self, node: Located, what: str):
        value = node.get("unit")
        if value is None:
            raise InputError(self.at(node), f"{what} needs 'unit'")
        try:
            return parse_unit(str(value))
        except QuantityError as exc:
            raise InputError(self.at(node, "unit"), f"{what}: {exc}") from None

    def number(self, node: Located, key: str, what: str) -> Fraction | None:
        if key not in node:
            return None
        try:
            value, unit = parse_given(node[key])
        except QuantityError as exc:
            raise InputError(self.at(node, key), f"{key!r} of {what}: {exc}") from None
        return value * unit.factor

    def name(self, node, name, what: str) -> None:
        if not isinstance(name, str) or not NAME.match(name) or name.startswith("_"):
            raise InputError(self.at(node, name), f"{what} name {name!r} must be a letter followed by letters, digits or _")


def read_catalogue_file(path: Path, layer: int = 0) -> tuple[dict[str, SymbolDef], dict[str, FormulaDef], list[UnitSlip]]:
    reader = _Reader(path, layer)
    data = load_yaml(path)
    if data is None:
        return {}, {}, []
    data = reader.mapping(data, "a catalogue file")
    reader.keys(data, FILE_KEYS, "a catalogue file")
    symbols_node = reader.mapping(data.get("symbols") or Located(), "'symbols'", data, "symbols")
    formulas_node = reader.mapping(data.get("formulas") or Located(), "'formulas'", data, "formulas")
    symbols = {name: _symbol(reader, symbols_node, name) for name in symbols_node}
    formulas = {name: _formula(reader, formulas_node, name) for name in formulas_node}
    return symbols, formulas, _unit_slips(reader, data)


def _unit_slips(reader: _Reader, data: Located) -> list[UnitSlip]:
    entries = data.get("unit_slips") or []
    if not isinstance(entries, list):
        raise InputError(reader.at(data, "unit_slips"), "'unit_slips' must be a list")
    slips = []
    for entry in entries:
        node = reader.mapping(entry, "a unit slip", data, "unit_slips")
        reader.keys(node, UNIT_SLIP_KEYS, "a unit slip")
        computed, printed = (reader.text(node, k, "a unit slip") for k in ("computed", "printed"))
        for text in (computed, printed):
            try:
                parse_unit(text)
            except QuantityError as exc:
                raise InputError(reader.at(node), f"unit slip: {exc}") from None
        prior = reader.number(node, "prior", "a unit slip")
        if prior is not None and not 0 < prior <= 1:
            raise InputError(reader.at(node, "prior"), f"unit slip: prior must be in (0, 1], got {node['prior']}")
        pairs = node.get("pairs", True)
        if not isinstance(pairs, bool):
            raise InputError(reader.at(node, "pairs"), f"unit slip: pairs must be true or false, got {pairs!r:.40}")
        slips.append(UnitSlip(computed, printed, reader.text(node, "reason", "a unit slip"), reader.at(node), prior, pairs))
    return slips


def _factor_slips(reader: _Reader, node: Located, what: str) -> tuple[FactorSlip, ...]:
    entries = node.get("slips") or []
    if not isinstance(entries, list):
        raise InputError(reader.at(node, "slips"), f"{what}: slips must be a list of mappings")
    slips = []
    for entry in entries:
        item = reader.mapping(entry, f"a slip of {what}", node, "slips")
        reader.keys(item, SLIP_KEYS, f"a slip of {what}")
        if ("factor" in item) == ("symbol" in item):
            raise InputError(reader.at(item), f"a slip of {what} needs exactly one of 'factor' or 'symbol'")
        if not isinstance(item.get("divides", False), bool):
            raise InputError(reader.at(item, "divides"), f"a slip of {what}: divides must be true or false")
        slips.append(
            FactorSlip(
                name=reader.text(item, "name", f"a slip of {what}"),
                reason=reader.text(item, "reason", f"a slip of {what}"),
                factor=reader.number(item, "factor", f"a slip of {what}"),
                symbol=reader.text(item, "symbol", f"a slip of {what}", required=False),
                divides=item.get("divides", False),
            )
        )
    return tuple(slips)


def _symbol(reader: _Reader, parent: Located, name: str) -> SymbolDef:
    reader.name(parent, name, "symbol")
    what = f"symbol {name!r}"
    node = reader.mapping(parent[name], what, parent, name)
    reader.keys(node, SYMBOL_KEYS, what)
    domain = reader.text(node, "domain", what, required=False) or "positive"
    if domain not in DOMAINS:
        raise InputError(reader.at(node, "domain"), f"{what}: domain must be one of {', '.join(DOMAINS)}, got {domain!r}")
    confused = reader.mapping(node.get("confused_with") or Located(), "'confused_with'", node, "confused_with")
    for other, reason in confused.items():
        if not isinstance(reason, str):
            raise InputError(reader.at(confused, other), f"{what}: confused_with.{other} must give a reason as text")
    unit = reader.unit(node, what)
    return SymbolDef(
        name=name,
        meaning=reader.text(node, "meaning", what),
        unit=unit,
        domain=domain,
        location=reader.at(parent, name),
        config=reader.text(node, "config", what, required=False),
        gpu=reader.text(node, "gpu", what, required=False),
        dtype_key=reader.text(node, "dtype_key", what, required=False),
        dtype_nominal=reader.text(node, "dtype_nominal", what, required=False),
        of_model=_of_model(reader, node, what),
        notation=_notation(reader, node, what),
        default=_scaled(reader.number(node, "default", what), unit),
        default_source=reader.text(node, "default_source", what, required=False),
        ideal=_scaled(reader.number(node, "ideal", what), unit),
        value=_scaled(reader.number(node, "value", what), unit),
        confused_with=dict(confused),
        layer=reader.layer,
    )


def _notation(reader: _Reader, node: Located, what: str) -> tuple[str, ...]:
    """How documents write the symbol ("s", "h_kv", "κ"): for readers and for ``auditor scan``."""
    value = node.get("notation") or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and 0 < len(v) <= 12 for v in value):
        raise InputError(reader.at(node, "notation"), f"{what}: notation must be a list of short names")
    return tuple(value)


def _of_model(reader: _Reader, node: Located, what: str) -> tuple[str, str] | None:
    """``of_model: {role: draft, value: streamed_params}``: a value of a second model a claim names."""
    if "of_model" not in node:
        return None
    spec = reader.mapping(node["of_model"], f"'of_model' of {what}", node, "of_model")
    role, value = reader.text(spec, "role", f"'of_model' of {what}"), reader.text(spec, "value", f"'of_model' of {what}")
    if not NAME.match(role):
        raise InputError(reader.at(spec, "role"), f"{what}: of_model.role must be a plain name such as 'draft'")
    return role, value


def _scaled(value: Fraction | None, unit) -> Fraction | None:
    """Defaults are written in the symbol's unit; evaluation works in base units."""
    return None if value is None else value * unit.factor


def _formula(reader: _Reader, parent: Located, name: str) -> FormulaDef:
    reader.name(parent, name, "formula")
    what = f"formula {name!r}"
    node = reader.mapping(parent[name], what, parent, name)
    reader.keys(node, FORMULA_KEYS, what)
    assumptions = node.get("assumptions") or []
    if not isinstance(assumptions, list) or not all(isinstance(a, str) for a in assumptions):
        raise InputError(reader.at(node, "assumptions"), f"{what}: assumptions must be a list of sentences")
    facts = reader.mapping(node.get("facts") or Located(), "'facts'", node, "facts")
    reader.keys(facts, FACT_CHECKS, f"the facts of {what}")
    return FormulaDef(
        id=name,
        title=reader.text(node, "title", what),
        expr_text=reader.text(node, "expr", what),
        unit=reader.unit(node, what),
        location=reader.at(parent, name),
        expr_location=reader.at(node, "expr"),
        owner=reader.text(node, "owner", what, required=False) or "",
        assumptions=tuple(assumptions),
        symbolic_facts=dict(facts),
        fallacy=reader.text(node, "fallacy", what, required=False),
        fallacy_of=reader.text(node, "fallacy_of", what, required=False),
        plausible_slips=_factor_slips(reader, node, what),
        layer=reader.layer,
        scan_phrases=_scan_phrases(reader, node, what),
        scan_requires=_scan_phrases(reader, node, what, "scan_requires"),
    )


def _scan_phrases(reader: _Reader, node: Located, what: str, key: str = "scan_phrases") -> tuple[str, ...]:
    """The phrases ``auditor scan`` credits this formula with (or, under ``scan_requires``, needs one of), lower
    case: a short list of short texts."""
    phrases = node.get(key)
    if phrases is None:
        return ()
    where = reader.at(node, key)
    if not isinstance(phrases, list) or len(phrases) > MAX_SCAN_PHRASES:
        raise InputError(where, f"{what}: {key} must be a list of at most {MAX_SCAN_PHRASES} phrases")
    for phrase in phrases:
        if not isinstance(phrase, str) or not phrase.strip() or len(phrase) > MAX_PHRASE_CHARACTERS:
            raise InputError(where, f"{what}: each of {key} must be text of 1 to {MAX_PHRASE_CHARACTERS} characters, got {phrase!r:.60}")
    return tuple(dict.fromkeys(phrase.lower() for phrase in phrases))
