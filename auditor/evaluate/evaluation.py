"""Evaluating a formula for one claim, keeping the derivation as a trace.

A formula that uses another is evaluated through it, so a claim may give an
intermediate value directly (the document's own "weights 16 GB") and the
trace shows every intermediate with its origin. Missing inputs are gathered
over the whole tree before failing, so the user learns all of them at once.
"""

from __future__ import annotations

from auditor.base.errors import UnderdeterminedError
from auditor.base.units import base_unit_text
from auditor.catalogue.catalogue import Catalogue
from auditor.inputs.reference import Sourced

from .bindings import Bindings
from .steps import Number, Step

__all__ = ["Evaluation", "Number", "Step", "evaluate"]


class Evaluation:
    """The value of one formula under fixed bindings, with its trace."""

    def __init__(self, catalogue: Catalogue, bindings: Bindings):
        self.catalogue = catalogue
        self.bindings = bindings
        self.trace: list[Step] = []
        self._done: dict[str, Number] = {}

    def value(self, name: str) -> Number:
        """The value of a formula, or of a symbol a claim states directly ("48 layers")."""
        missing = self.missing(name)
        if missing:
            reasons = sorted({self.bindings.unavailable[m] for m in missing if m in self.bindings.unavailable})
            if self.bindings.model_problem:
                reasons.append(f"the model cannot be read: {self.bindings.model_problem}")
            raise UnderdeterminedError(missing, "; ".join(reasons))
        return self._name(name, 0)

    def missing(self, name: str, seen: set | None = None) -> list[str]:
        """Inputs with no value anywhere, over the whole formula tree."""
        seen = set() if seen is None else seen
        if name in seen or name in self.bindings.values:
            return []
        seen.add(name)
        if name in self.catalogue.formulas:
            return sorted({m for dep in self.catalogue.depends_on(name) for m in self.missing(dep, seen)})
        symbol = self.catalogue.symbols[name]
        return [] if symbol.value is not None or symbol.default is not None else [name]

    def _formula(self, formula_id: str, depth: int) -> Number:
        if formula_id in self._done:
            return self._done[formula_id]
        names = tuple(self.catalogue.depends_on(formula_id))
        args = [self._name(n, depth + 1) for n in names]
        result = self.catalogue.function(formula_id)(*args)
        formula = self.catalogue.formulas[formula_id]
        self._record(formula_id, result, formula.unit.dimensions, formula.title, "formula", depth)
        self._done[formula_id] = result
        return result

    def _name(self, name: str, depth: int) -> Number:
        if name in self._done:
            return self._done[name]
        given = self.bindings.values.get(name)
        if given is not None:
            return self._input(name, given, "input", depth)
        if name in self.catalogue.formulas:
            return self._formula(name, depth)
        symbol = self.catalogue.symbols[name]
        if symbol.value is not None:
            return self._input(name, Sourced(symbol.value, symbol.meaning), "constant", depth)
        return self._input(name, Sourced(symbol.default, symbol.default_source or "catalogue default"), "default", depth)

    def _input(self, name: str, sourced: Sourced, kind: str, depth: int) -> Number:
        self._done[name] = sourced.value
        self._record(name, sourced.value, self.catalogue.dims(name), sourced.source, kind, depth)
        return sourced.value

    def _record(self, name, value, dims, source, kind, depth) -> None:
        self.trace.append(Step(name, value, base_unit_text(dims), source, kind, depth))


def evaluate(formula_id: str, catalogue: Catalogue, bindings: Bindings) -> tuple[Number, list[Step]]:
    evaluation = Evaluation(catalogue, bindings)
    result = evaluation.value(formula_id)
    return result, evaluation.trace
