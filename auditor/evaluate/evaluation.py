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

from .bindings import Bindings
from .steps import Number, Step

__all__ = ["Evaluation", "Number", "Step", "evaluate"]


class Evaluation:
    """The value of one formula under fixed bindings, with its trace.

    The value is computed first, through each formula's compiled code and
    nothing else; the trace (a ``Step`` with a unit text for every input and
    intermediate) is written only when asked for, from the values already
    computed, in the order the derivation visits them.
    """

    def __init__(self, catalogue: Catalogue, bindings: Bindings):
        self.catalogue = catalogue
        self.bindings = bindings
        self._done: dict[str, Number] = {}
        self._roots: list[str] = []
        self._trace: list[Step] | None = None

    def value(self, name: str) -> Number:
        """The value of a formula, or of a symbol a claim states directly ("48 layers")."""
        self._trace = None
        try:
            result = self._compute(name)
        except Exception:
            self._underdetermined(name)  # a missing input is reported before any arithmetic error
            self._roots.append(name)  # the trace shows the derivation up to where the arithmetic failed
            raise
        self._roots.append(name)
        return result

    def known(self, name: str) -> Number:
        """The value of ``name``, computed once, without adding it to the trace."""
        try:
            return self._compute(name)
        except Exception:
            self._underdetermined(name)
            raise

    def _underdetermined(self, name: str) -> None:
        missing = self.missing(name)
        if missing:
            reasons = sorted({self.bindings.unavailable[m] for m in missing if m in self.bindings.unavailable})
            if self.bindings.model_problem:
                reasons.append(f"the model cannot be read: {self.bindings.model_problem}")
            raise UnderdeterminedError(missing, "; ".join(reasons)) from None

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

    def _compute(self, name: str) -> Number:
        done = self._done
        if name in done:
            return done[name]
        given = self.bindings.values.get(name)
        if given is not None:
            value = given.value
        elif name in self.catalogue.formulas:
            compute = self._compute
            value = self.catalogue.function(name)(*[compute(d) for d in self.catalogue.deps(name)])
        else:
            symbol = self.catalogue.symbols[name]
            value = symbol.value if symbol.value is not None else symbol.default
            if value is None:
                raise _Missing(name)
        done[name] = value
        return value

    @property
    def trace(self) -> list[Step]:
        """Every input and intermediate of the derivation(s) asked for, in the order they are visited."""
        if self._trace is None:
            self._trace, seen = [], set()
            try:
                for root in self._roots:
                    self._visit(root, 0, seen)
            except _Missing:
                pass  # the derivation stopped here: the trace ends where the arithmetic did
        return self._trace

    def _visit(self, name: str, depth: int, seen: set) -> None:
        if name in seen:
            return
        given = self.bindings.values.get(name)
        if given is None and name in self.catalogue.formulas:
            for dependency in self.catalogue.deps(name):
                self._visit(dependency, depth + 1, seen)
            if name not in self._done:
                raise _Missing(name)
            formula = self.catalogue.formulas[name]
            self._record(name, self._done[name], formula.unit.dimensions, formula.title, "formula", depth)
        elif name not in self._done:
            raise _Missing(name)
        elif given is not None:
            self._record(name, given.value, self.catalogue.dims(name), given.source, "input", depth)
        else:
            symbol = self.catalogue.symbols[name]
            if symbol.value is not None:
                self._record(name, symbol.value, symbol.unit.dimensions, symbol.meaning, "constant", depth)
            else:
                self._record(name, symbol.default, symbol.unit.dimensions, symbol.default_source or "catalogue default", "default", depth)
        seen.add(name)

    def _record(self, name, value, dims, source, kind, depth) -> None:
        self._trace.append(Step(name, value, base_unit_text(dims), source, kind, depth))


class _Missing(Exception):
    """An input with no value anywhere: the evaluation stops, and says which (``missing``)."""


def evaluate(formula_id: str, catalogue: Catalogue, bindings: Bindings) -> tuple[Number, list[Step]]:
    evaluation = Evaluation(catalogue, bindings)
    result = evaluation.value(formula_id)
    return result, evaluation.trace
