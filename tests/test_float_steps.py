"""A floor or a ceiling computed in floats is the exact one, or it refuses.

Diagnosis judges candidates in floats (``Variation.rough``, the array lanes)
and computes exactly only those near the printed number. A step taken in
floats could land one integer off where rounding error crosses it, so the
float forms refuse an argument within float error of an integer: the scalar
form raises ``NearStep``, the array form gives NaN in that lane. Everywhere
else they must equal the exact computation.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.catalogue.folders import catalogue_dirs
from auditor.catalogue.load import load_catalogue
from auditor.catalogue.runtime import NearStep, load_array_function

STEPPED = ("exact_floor", "exact_ceiling")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(catalogue_dirs(None))


def _stepped_formulas(catalogue) -> list[str]:
    found = []
    for formula_id in catalogue.formulas:
        catalogue.function(formula_id)
        if any(step in catalogue.code[formula_id] for step in STEPPED):
            found.append(formula_id)
    return found


def test_the_catalogue_has_stepped_formulas_to_check(catalogue):
    assert len(_stepped_formulas(catalogue)) >= 10


FLOAT_CANCELLATION = 1e-14  # some tens of float epsilons of the largest operand: what a difference of near-equal terms loses
values = st.fractions(min_value=Fraction(1, 8), max_value=Fraction(1 << 40), max_denominator=16)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_float_step_is_the_exact_one_or_refuses(catalogue, data):
    formula_id = data.draw(st.sampled_from(_stepped_formulas(catalogue)))
    arguments = [data.draw(values) for _ in catalogue.deps(formula_id)]
    if data.draw(st.booleans()) and len(arguments) >= 2:
        arguments[0] = arguments[1] * data.draw(st.integers(1, 1 << 20))  # a quotient landing on its step
    try:
        exact = catalogue.function(formula_id)(*arguments)
    except (ArithmeticError, ValueError, TypeError):
        return
    try:
        rough = catalogue.rough_function(formula_id)(*map(float, arguments))
    except NearStep:
        return
    # a step refused or taken exactly; what floats lose besides is their rounding, scaled by the largest operand
    # (a slot index "position - block_size * floor(position / block_size)" cancels a 2.5e6 down to 0.08)
    scale = max(abs(float(a)) for a in arguments)
    assert float(rough) == pytest.approx(float(exact), rel=1e-9, abs=FLOAT_CANCELLATION * scale), formula_id


def test_a_quotient_exactly_on_its_step_is_refused_in_floats(catalogue):
    floor_of_quotient = catalogue.rough_function("max_batch_windowed")
    with pytest.raises(NearStep):
        floor_of_quotient(0.1 * 3, 0.1)  # 3.0000000000000004 in floats: the exact quotient of what was meant may be 2.99...
    assert floor_of_quotient(7.0, 2.0) == 3
    assert floor_of_quotient(math.inf, 2.0) == math.inf


def test_the_array_form_leaves_lanes_near_a_step_to_exact_arithmetic(catalogue):
    code = catalogue.code["max_batch_windowed"]
    lanes = load_array_function(code, "max_batch_windowed")(numpy.array([7.0, 6.0, 6.0 * (1 + 1e-12)]), numpy.array([2.0, 2.0, 2.0]))
    assert lanes[0] == 3
    assert math.isnan(lanes[1]) and math.isnan(lanes[2])
