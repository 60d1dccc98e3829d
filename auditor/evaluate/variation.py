"""A claim's derivation with some values replaced, recomputing only what they reach.

Diagnosis asks the same question hundreds of times: what would the formula
give had the author used this value for that symbol (or that intermediate)?
Each answer changes one or two names; every formula whose subtree holds
none of them keeps the value the claim's own evaluation computed, and the
rest are recomputed through their compiled code, bottom up. A value the
claim's inputs fix (a given intermediate) is a leaf here as in evaluation:
what lies beneath it is never reached.
"""

from __future__ import annotations

from .bindings import Bindings
from .evaluation import Evaluation
from .steps import Number

ROUGH_EDGES = (" if ", "harmonic_number", "exact_binomial")
"""What generated code calls where a float a hair off can change the answer by a step, unguarded.

A floor and a ceiling are not among them: their float forms
(``runtime.load_rough_function``, the array runtime) refuse an argument
within float error of an integer, and that candidate is computed exactly.
"""


class Variation:
    """The values of formulas under ``bindings``, and under ``bindings`` with some names replaced."""

    def __init__(self, catalogue, bindings: Bindings):
        self.catalogue = catalogue
        self.bindings = bindings
        self.base = Evaluation(catalogue, bindings)
        self._below: dict[str, frozenset] = {}
        self._failed: dict[str, Exception] = {}
        self._above: dict[tuple[str, str], frozenset] = {}
        self._floats: dict[str, float] = {}
        self._smooth: dict[str, bool] = {}

    def value(self, name: str, replaced: dict[str, Number] | None = None) -> Number:
        """``name``'s value with the names in ``replaced`` holding those values (raises as evaluation does)."""
        if not replaced:
            return self._known(name)
        dirty = set()
        for other in replaced:
            dirty |= self.above(name, other)
        return self._value(name, replaced, dirty, {})

    def _known(self, name: str) -> Number:
        """The claim's own value of ``name``; one that cannot be had fails at once the next time too."""
        failed = self._failed.get(name)
        if failed is not None:
            raise failed
        try:
            return self.base.known(name)
        except Exception as exc:
            self._failed[name] = exc
            raise

    def _value(self, name: str, replaced: dict, dirty: set, memo: dict, rough: bool = False) -> Number:
        if name in replaced:
            return replaced[name]
        if name not in dirty:
            return self.float_known(name) if rough else self._known(name)
        found = memo.get(name)
        if found is None:
            arguments = [self._value(d, replaced, dirty, memo, rough) for d in self.catalogue.deps(name)]
            function = self.catalogue.rough_function(name) if rough else self.catalogue.function(name)
            memo[name] = found = function(*arguments)
        return found

    def rough(self, name: str, replaced: dict[str, Number]) -> float | None:
        """The same value in floats, ten times cheaper, or None where floats could land on the wrong side.

        A derivation with a condition is not smooth: a float a hair off can
        take the other branch. Those, a floor or a ceiling too near its step
        (``NearStep``), and any float that fails, get None, and the caller
        takes the exact value.
        """
        if not self.smooth(name):
            return None
        dirty = set()
        for other in replaced:
            dirty |= self.above(name, other)
        try:
            return float(self._value(name, {k: float(v) for k, v in replaced.items()}, dirty, {}, rough=True))
        except Exception:
            return None

    def float_known(self, name: str) -> float:
        found = self._floats.get(name)
        if found is None:
            found = self._floats[name] = float(self._known(name))
        return found

    def smooth(self, root: str) -> bool:
        found = self._smooth.get(root)
        if found is None:
            formulas = [f for f in self.below(root) | {root} if f in self.catalogue.formulas and f not in self.bindings.values]
            for formula in formulas:
                self.catalogue.function(formula)
            codes = [self.catalogue.code.get(f, "") for f in formulas]
            found = self._smooth[root] = not any(w in code for code in codes for w in ROUGH_EDGES)
        return found

    def above(self, root: str, name: str) -> frozenset:
        """The formulas of ``root``'s derivation (itself included) whose value depends on ``name``."""
        key = (root, name)
        found = self._above.get(key)
        if found is None:
            scope = [f for f in self.below(root) | {root} if f in self.catalogue.formulas and f not in self.bindings.values]
            found = self._above[key] = frozenset(f for f in scope if name in self.below(f))
        return found

    def below(self, name: str) -> frozenset:
        """Every name ``name``'s derivation visits, stopping at values the inputs fix."""
        found = self._below.get(name)
        if found is None:
            names = set()
            if name in self.catalogue.formulas and name not in self.bindings.values:
                for dependency in self.catalogue.deps(name):
                    names.add(dependency)
                    names |= self.below(dependency)
            found = self._below[name] = frozenset(names)
        return found
