"""Loading the formula catalogue and refusing one that does not fit together.

A catalogue is YAML (symbols and formulas); this module reads it, builds
every expression through the allow-list parser, and checks what a single
file cannot: unknown names, duplicate ids, cycles between formulas, and that
each expression's derived unit equals its declared unit. A user's own
``formulas/`` folder is merged over the built-in one.
"""

from __future__ import annotations

from pathlib import Path

from auditor.base.errors import DimensionError, ExpressionError, InputError
from auditor.base.units import describe

from .catalogue import Catalogue
from .definitions import FormulaDef, SymbolDef
from .folders import catalogue_dirs

__all__ = ["Catalogue", "catalogue_dirs", "load_catalogue"]


def load_catalogue(dirs: list[Path], base: Catalogue | None = None) -> Catalogue:
    """The catalogue of ``dirs``, every check made; with ``base``, the first folder's catalogue already built.

    A ``base`` (the built-in catalogue from its built form) is taken as it
    is: only the later folders are read, and only their formulas parsed and
    checked, so a project's own formulas cost what they cost, not the whole
    catalogue again. A later folder that redefines a name of the base would
    change what the base's formulas mean, so then the base is not used
    (None is returned, and the caller builds everything).
    """
    from .kinds import FILE as KINDS_FILE
    from .kinds import read_kinds, read_same_arithmetic
    from .reader import read_catalogue_file

    symbols: dict[str, SymbolDef] = dict(base.symbols) if base else {}
    formulas: dict[str, FormulaDef] = dict(base.formulas) if base else {}
    unit_slips: list = list(base.unit_slips) if base else []
    kinds: dict = dict(base.kinds) if base else {}
    same_arithmetic: list = list(base.same_arithmetic) if base else []
    for layer, folder in enumerate(dirs):
        if base is not None and layer == 0:
            continue
        for path in sorted(folder.glob("*.yaml")):
            if path.name == KINDS_FILE:
                kinds.update(read_kinds(path))
                same_arithmetic.extend(read_same_arithmetic(path))
                continue
            file_symbols, file_formulas, file_slips = read_catalogue_file(path, layer)
            if base is not None and (file_symbols.keys() & base.symbols.keys() or file_formulas.keys() & base.formulas.keys()):
                return None
            _merge(symbols, file_symbols, layer, "symbol")
            _merge(formulas, file_formulas, layer, "formula")
            unit_slips.extend(file_slips)
    _check_namespaces(symbols, formulas)
    unique_slips = list({slip.name: slip for slip in unit_slips}.values())
    built = dict(base.depends) if base else {}
    catalogue = Catalogue(symbols, formulas, unit_slips=unique_slips, kinds=kinds, same_arithmetic=same_arithmetic, depends=built,
                          code=dict(base.code) if base else {}, leaves=dict(base.leaves) if base else {})
    new = [formula for formula in formulas.values() if formula.id not in built]
    for formula in new:
        catalogue.expressions[formula.id] = _parse(formula, catalogue)
    _check_cycles(catalogue)
    for formula in new:
        _check_units(formula, catalogue)
    for formula in formulas.values():
        _check_references(formula, catalogue)
    _check_symbol_references(catalogue)
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


def _check_symbol_references(catalogue: Catalogue) -> None:
    """A symbol's second-model value and the symbols it is confused with exist."""
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


def _parse(formula: FormulaDef, catalogue: Catalogue):
    from auditor.base.expressions import names_in, parse_expression

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
    from .dimensions import dimensions_of

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
