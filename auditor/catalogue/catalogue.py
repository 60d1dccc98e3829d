"""The catalogue in force: symbols, formulas, their dependencies and compiled code.

Evaluating a claim needs only what is here: each formula's direct
dependencies, its generated code and the symbols' units, none of which
needs SymPy once built. SymPy expressions are parsed on first use (the
symbolic checks, the sheet, solve), so a run whose catalogue comes from the
cache, and whose claims need no symbolic work, never imports SymPy.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable

from .definitions import FormulaDef, SymbolDef


class _Expressions(dict):
    """Formula id -> SymPy expression, parsed from the formula's text when first asked for."""

    def __init__(self, catalogue: "Catalogue"):
        super().__init__()
        self._catalogue = catalogue

    def __missing__(self, formula_id: str):
        from auditor.base.expressions import parse_expression

        formula = self._catalogue.formulas[formula_id]
        self[formula_id] = expr = parse_expression(formula.expr_text, self._catalogue.factory)
        return expr


@dataclass(eq=False)
class Catalogue:
    """Every symbol and formula in force, with what evaluating them needs."""

    symbols: dict[str, SymbolDef]
    formulas: dict[str, FormulaDef]
    unit_slips: list = field(default_factory=list)
    depends: dict[str, tuple[str, ...]] = field(default_factory=dict)
    code: dict[str, str] = field(default_factory=dict)
    leaves: dict[str, tuple[str, ...]] = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)  # hypothesis kind -> KindDef (formulas/hypothesis_kinds.yaml)
    same_arithmetic: list = field(default_factory=list)  # SameArithmetic entries of the same file

    def __post_init__(self):
        self.expressions = _Expressions(self)
        self._functions: dict[str, Callable] = {}
        self._array_functions: dict[str, Callable] = {}
        self._rough_functions: dict[str, Callable] = {}
        self._inlined: dict = {}
        self.stored_as = None  # (cache store, key, leaves stored) of a project catalogue's built form (``built.keep``)

    @cached_property
    def factory(self):
        """The one SymPy symbol factory, with each symbol's domain as its assumptions."""
        from auditor.base.expressions import SymbolFactory

        return SymbolFactory(lambda name: self.symbols[name].assumptions if name in self.symbols else {"real": True})

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
        return self.inlined_names(name) | set(self.tree(name))

    def dims(self, name: str) -> tuple:
        if name in self.symbols:
            return self.symbols[name].unit.dimensions
        return self.formulas[name].unit.dimensions

    def depends_on(self, formula_id: str) -> list[str]:
        """Direct dependencies of a formula: the symbols and formulas its expression names, sorted."""
        found = self.depends.get(formula_id)
        if found is None:
            found = self.depends[formula_id] = tuple(sorted(str(s) for s in self.expressions[formula_id].free_symbols))
        return list(found)

    def deps(self, formula_id: str) -> tuple[str, ...]:
        """``depends_on`` as the stored tuple, for the evaluation's inner loop."""
        found = self.depends.get(formula_id)
        return found if found is not None else tuple(self.depends_on(formula_id))

    def function(self, formula_id: str) -> Callable:
        """The formula as compiled code of its ``depends_on`` names, in that order."""
        found = self._functions.get(formula_id)
        if found is None:
            from .runtime import CodeRefused, load_function

            code = self.code.get(formula_id)
            try:
                found = None if code is None else load_function(code, formula_id)
            except CodeRefused:
                found = None  # code read back from a built form that is not what the printer emits: made again
            if found is None or found.__code__.co_argcount != len(self.deps(formula_id)):
                from .compiled import generated_code

                code = self.code[formula_id] = generated_code(self.expressions[formula_id], tuple(self.depends_on(formula_id)))
                found = load_function(code, formula_id)
            self._functions[formula_id] = found
        return found

    def array_function(self, formula_id: str) -> Callable:
        """The same compiled code over float arrays (``runtime.load_array_function``)."""
        found = self._array_functions.get(formula_id)
        if found is None:
            from .runtime import load_array_function

            checked = self.function(formula_id)
            found = self._array_functions[formula_id] = load_array_function(self.code[formula_id], formula_id, checked)
        return found

    def rough_function(self, formula_id: str) -> Callable:
        """The same compiled code in floats, its steps guarded (``runtime.load_rough_function``)."""
        found = self._rough_functions.get(formula_id)
        if found is None:
            from .runtime import load_rough_function

            found = self._rough_functions[formula_id] = load_rough_function(self.function(formula_id), formula_id)
        return found

    def inlined(self, formula_id: str):
        """The expression with every formula it uses substituted, down to symbols."""
        found = self._inlined.get(formula_id)
        if found is None:
            expr = self.expressions[formula_id]
            subs = {s: self.inlined(s.name) for s in expr.free_symbols if s.name in self.formulas}
            found = self._inlined[formula_id] = expr.xreplace(subs) if subs else expr
        return found

    def inlined_names(self, formula_id: str) -> set[str]:
        """The symbols left once every formula it uses is substituted (SymPy may cancel some)."""
        found = self.leaves.get(formula_id)
        if found is None:
            found = self.leaves[formula_id] = tuple(sorted(str(s) for s in self.inlined(formula_id).free_symbols))
        return set(found)

    def unknown_hint(self, name) -> str:
        """A close known name to suggest; nothing for a name that is not text (a YAML key may be a number)."""
        if not isinstance(name, str):
            return ""
        close = difflib.get_close_matches(name, list(self.symbols) + list(self.formulas), n=1)
        return f" (did you mean {close[0]!r}?)" if close else ""
