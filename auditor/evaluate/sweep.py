"""A formula over a grid of inputs at array speed: the roofline, and ``auditor sweep``.

A claim is evaluated exactly, in fractions, one point at a time; a plot or a
capacity table wants thousands of points, where floats are plenty. So the
formula is inlined down to the inputs that vary and the values the claim's
inputs fix (a value given or bound for an intermediate formula stops the
inlining, as it stops evaluation), compiled once for numpy, and called
once on the whole grid. Inputs are resolved exactly as a claim's ``given:``
is, so a sweep and a claim can never disagree about a model or a GPU.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from weakref import WeakKeyDictionary

from auditor.base.errors import InputError, Location, UnderdeterminedError
from auditor.base.units import base_unit_text
from auditor.base.yamlio import Located

from .bindings import Bindings


@dataclass
class Sweep:
    """A formula's values (in base units) over the grid of its varied inputs (in their declared units)."""

    formula: str
    unit: str
    axes: dict = field(default_factory=dict)  # name -> 1-D numpy array, in the order of the grid's dimensions
    values: object = None  # numpy array, one dimension per axis

    def rows(self):
        """Each grid point as (input values..., value), the last axis varying fastest."""
        import numpy

        names = list(self.axes)
        grids = numpy.meshgrid(*self.axes.values(), indexing="ij")
        for index in numpy.ndindex(*self.values.shape):
            yield tuple(grids[i][index].item() for i in range(len(names))) + (self.values[index].item(),)


def sweep(formula: str, given: dict, over: dict, catalogue=None, inputs=None) -> Sweep:
    """``formula`` with the inputs ``given`` fixes (as a claim's ``given:``) and those ``over`` names varied.

    ``over`` maps a symbol to its values, in the symbol's declared unit
    (``{"batch": range(1, 1025), "seq_len": [1024, 4096]}``).
    """
    from auditor.claims.files import Claim

    from .resolve import resolve

    catalogue, inputs = _defaults(catalogue, inputs)
    if formula not in catalogue.formulas:
        raise InputError(Location("sweep"), f"unknown formula {formula!r}{catalogue.unknown_hint(formula)}")
    located = Located(given)
    located.line, located.key_lines = 0, {}
    claim = Claim(id="sweep", quote="", location=Location("sweep"), formula=formula, stated=None, given=located)
    return sweep_bindings(catalogue, resolve(claim, catalogue, inputs), formula, over)


def _defaults(catalogue, inputs):
    if catalogue is None:
        from auditor.catalogue.load import catalogue_dirs, load_catalogue

        catalogue = load_catalogue(catalogue_dirs(None))
    if inputs is None:
        from auditor.inputs.reference import Inputs

        inputs = Inputs(None)
    return catalogue, inputs


def sweep_bindings(catalogue, bindings: Bindings, formula: str, over: dict) -> Sweep:
    """The sweep of ``formula`` under resolved ``bindings``, the names in ``over`` varied."""
    import numpy

    from .evaluation import Evaluation

    axes = {name: _axis(catalogue, name, values) for name, values in over.items()}
    missing = [name for name in Evaluation(catalogue, bindings).missing(formula) if name not in axes]
    if missing:
        raise UnderdeterminedError(missing, "; ".join(sorted({bindings.unavailable[m] for m in missing if m in bindings.unavailable})))
    shape = tuple(len(a) for a in axes.values())
    known = {name: _shaped(catalogue, name, axis, position, len(shape)) for position, (name, axis) in enumerate(axes.items())}
    with numpy.errstate(divide="ignore", invalid="ignore", over="ignore"):
        result = _value(catalogue, bindings, formula, known)
    values = numpy.array(numpy.broadcast_to(numpy.asarray(result, dtype=float), shape))
    return Sweep(formula, base_unit_text(catalogue.formulas[formula].unit.dimensions), axes, values)


def _axis(catalogue, name: str, values):
    import numpy

    if name not in catalogue.symbols:
        what = "a formula" if name in catalogue.formulas else f"unknown{catalogue.unknown_hint(name)}"
        raise InputError(Location("sweep"), f"can only sweep a symbol, not {name!r} ({what})")
    axis = numpy.asarray(list(values), dtype=float)
    if axis.ndim != 1 or not len(axis):
        raise InputError(Location("sweep"), f"{name}: give at least one value to sweep")
    return axis


def _shaped(catalogue, name: str, axis, position: int, dimensions: int):
    """An axis in base units, shaped to broadcast along its own dimension of the grid."""
    factor = float(catalogue.symbols[name].unit.factor)
    return (axis * factor).reshape([-1 if i == position else 1 for i in range(dimensions)])


def _value(catalogue, bindings: Bindings, name: str, known: dict):
    """A name's value: swept (an array), bound, a formula of its dependencies, or a constant or default."""
    if name in known:
        return known[name]
    sourced = bindings.values.get(name)
    if sourced is not None:
        value = sourced.value
    elif name in catalogue.formulas:
        arguments = [_value(catalogue, bindings, dependency, known) for dependency in catalogue.depends_on(name)]
        value = _numpy_formula(catalogue, name)(*arguments)
    else:
        symbol = catalogue.symbols[name]
        value = symbol.value if symbol.value is not None else symbol.default
    known[name] = value if not isinstance(value, Fraction) else float(value)
    return known[name]


_NUMPY_FORMULAS: WeakKeyDictionary = WeakKeyDictionary()


def _numpy_formula(catalogue, formula_id: str):
    """A formula compiled for numpy arrays, once per catalogue and formula."""
    compiled = _NUMPY_FORMULAS.setdefault(catalogue, {})
    if formula_id not in compiled:
        import sympy

        expr = catalogue.expressions[formula_id]
        names = catalogue.depends_on(formula_id)
        plain = expr.xreplace({s: sympy.Symbol(s.name) for s in expr.free_symbols})
        compiled[formula_id] = sympy.lambdify([sympy.Symbol(n) for n in names], plain, modules="numpy")
    return compiled[formula_id]
