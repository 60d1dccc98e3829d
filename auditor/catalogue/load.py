"""Loading the formula catalogue and refusing one that does not fit together.

A catalogue is YAML (symbols and formulas); this module reads it, builds
every expression through the allow-list parser, and checks what a single
file cannot: unknown names, duplicate ids, cycles between formulas, and that
each expression's derived unit equals its declared unit. A user's own
``formulas/`` folder is merged over the built-in one.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import sympy

from auditor.base.errors import DimensionError, ExpressionError, InputError
from auditor.base.expressions import SymbolFactory, names_in, parse_expression
from auditor.base.resources import builtin
from auditor.base.units import describe

from .definitions import FormulaDef, SymbolDef
from .dimensions import dimensions_of
from .kinds import FILE as KINDS_FILE
from .kinds import read_kinds
from .reader import read_catalogue_file


@dataclass
class Catalogue:
    """Every symbol and formula in force, with parsed expressions."""

    symbols: dict[str, SymbolDef]
    formulas: dict[str, FormulaDef]
    factory: SymbolFactory
    expressions: dict[str, sympy.Expr] = field(default_factory=dict)
    unit_slips: list = field(default_factory=list)
    kinds: dict = field(default_factory=dict)  # hypothesis kind -> KindDef (formulas/hypothesis_kinds.yaml)

    def fallacies_of(self, formula_id: str) -> list[FormulaDef]:
        """Known-fallacy formulas documented as wrongly used for ``formula_id``."""
        return [f for f in self.formulas.values() if f.fallacy_of == formula_id]

    def tree(self, formula_id: str) -> list[str]:
        """The formula and every formula it uses, nearest first (none for a symbol)."""
        order, queue = [], [formula_id] if formula_id in self.formulas else []
        while queue:
            name = queue.pop(0)
            if name not in order:
                order.append(name)
                queue.extend(d for d in self.depends_on(name) if d in self.formulas)
        return order

    def uses(self, name: str) -> set[str]:
        """Every symbol and formula a formula's value depends on, itself included; a symbol uses itself."""
        if name not in self.formulas:
            return {name}
        return {str(s) for s in self.inlined(name).free_symbols} | set(self.tree(name))

    def dims(self, name: str) -> tuple:
        if name in self.symbols:
            return self.symbols[name].unit.dimensions
        return self.formulas[name].unit.dimensions

    def depends_on(self, formula_id: str) -> list[str]:
        """Direct dependencies of a formula: the symbols and formulas its expression names."""
        cached = self._depends_cache.get(formula_id)
        if cached is None:
            cached = self._depends_cache[formula_id] = sorted(str(s) for s in self.expressions[formula_id].free_symbols)
        return cached

    @cached_property
    def _depends_cache(self) -> dict:
        return {}

    def inlined(self, formula_id: str) -> sympy.Expr:
        """The expression with every formula it uses substituted, down to symbols."""
        return self._inlined_cache.setdefault(formula_id, self._inline(formula_id))

    def _inline(self, formula_id: str) -> sympy.Expr:
        expr = self.expressions[formula_id]
        subs = {s: self.inlined(s.name) for s in expr.free_symbols if s.name in self.formulas}
        return expr.xreplace(subs) if subs else expr

    @cached_property
    def _inlined_cache(self) -> dict:
        return {}

    def unknown_hint(self, name: str) -> str:
        close = difflib.get_close_matches(name, list(self.symbols) + list(self.formulas), n=1)
        return f" (did you mean {close[0]!r}?)" if close else ""


def catalogue_dirs(project: Path | None) -> list[Path]:
    """The built-in formulas folder, then the project's own when it has one."""
    dirs = [builtin("formulas")]
    if project is not None and (project / "formulas").is_dir():
        own = (project / "formulas").resolve()
        if own != dirs[0].resolve():
            dirs.append(own)
    return dirs


def load_catalogue(dirs: list[Path]) -> Catalogue:
    symbols: dict[str, SymbolDef] = {}
    formulas: dict[str, FormulaDef] = {}
    unit_slips: list = []
    kinds: dict = {}
    for layer, folder in enumerate(dirs):
        for path in sorted(folder.glob("*.yaml")):
            if path.name == KINDS_FILE:
                kinds.update(read_kinds(path))
                continue
            file_symbols, file_formulas, file_slips = read_catalogue_file(path, layer)
            _merge(symbols, file_symbols, layer, "symbol")
            _merge(formulas, file_formulas, layer, "formula")
            unit_slips.extend(file_slips)
    _check_namespaces(symbols, formulas)
    factory = SymbolFactory(lambda name: symbols[name].assumptions if name in symbols else {"real": True})
    unique_slips = list({slip.name: slip for slip in unit_slips}.values())
    catalogue = Catalogue(symbols, formulas, factory, unit_slips=unique_slips, kinds=kinds)
    for formula in formulas.values():
        catalogue.expressions[formula.id] = _parse(formula, catalogue)
    _check_cycles(catalogue)
    for formula in formulas.values():
        _check_units(formula, catalogue)
        _check_references(formula, catalogue)
    return catalogue


def _check_references(formula: FormulaDef, catalogue: Catalogue) -> None:
    """A fallacy names a real formula with the same unit; a slip names a real symbol."""
    target = catalogue.formulas.get(formula.fallacy_of) if formula.fallacy_of else None
    if formula.fallacy_of and target is None:
        raise InputError(formula.location, f"formula {formula.id!r}: fallacy_of names unknown formula {formula.fallacy_of!r}")
    if target is not None and target.unit.dimensions != formula.unit.dimensions:
        raise InputError(formula.location, f"formula {formula.id!r} is a fallacy of {target.id!r} but has another unit")
    for slip in formula.plausible_slips:
        if slip.symbol and slip.symbol not in catalogue.symbols and slip.symbol not in catalogue.formulas:
            raise InputError(formula.location, f"formula {formula.id!r}: slip {slip.name!r} names unknown symbol {slip.symbol!r}")
    for name, symbol in catalogue.symbols.items():
        if symbol.of_model and symbol.of_model[1] not in catalogue.symbols and symbol.of_model[1] not in catalogue.formulas:
            raise InputError(symbol.location, f"symbol {name!r}: of_model names unknown value {symbol.of_model[1]!r}")
        for other in symbol.confused_with:
            if other not in catalogue.symbols:
                raise InputError(symbol.location, f"symbol {name!r} is confused_with unknown symbol {other!r}")


def _merge(into: dict, new: dict, layer: int, kind: str) -> None:
    for name, item in new.items():
        old = into.get(name)
        if old is not None and old.layer == layer:
            raise InputError(item.location, f"duplicate {kind} {name!r} (first defined at {old.location})")
        into[name] = item


def _check_namespaces(symbols: dict, formulas: dict) -> None:
    for name in symbols.keys() & formulas.keys():
        raise InputError(
            formulas[name].location, f"formula {name!r} has the name of a symbol (defined at {symbols[name].location})"
        )


def _parse(formula: FormulaDef, catalogue: Catalogue) -> sympy.Expr:
    try:
        names = names_in(formula.expr_text)
    except SyntaxError:
        names = set()
    for name in sorted(names):
        if name not in catalogue.symbols and name not in catalogue.formulas:
            raise InputError(
                formula.expr_location,
                f"formula {formula.id!r} uses unknown symbol {name!r}{catalogue.unknown_hint(name)}",
            )
    try:
        return parse_expression(formula.expr_text, catalogue.factory)
    except ExpressionError as exc:
        raise InputError(formula.expr_location, f"formula {formula.id!r}: {exc}") from None


def _check_cycles(catalogue: Catalogue) -> None:
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            cycle = " -> ".join(path[path.index(name):] + [name])
            raise InputError(catalogue.formulas[name].expr_location, f"formulas refer to each other in a cycle: {cycle}")
        state[name] = 1
        for dep in catalogue.depends_on(name):
            if dep in catalogue.formulas:
                visit(dep, path + [name])
        state[name] = 2

    for name in catalogue.formulas:
        visit(name, [])


def _check_units(formula: FormulaDef, catalogue: Catalogue) -> None:
    try:
        derived = dimensions_of(catalogue.expressions[formula.id], catalogue.dims)
    except DimensionError as exc:
        raise InputError(formula.expr_location, f"formula {formula.id!r}: {exc}") from None
    if derived != formula.unit.dimensions:
        raise InputError(
            formula.expr_location,
            f"formula {formula.id!r} is declared in {formula.unit.text} ({formula.unit.describe_dimensions()}) "
            f"but its expression gives {describe(derived)}",
        )
