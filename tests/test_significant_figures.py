"""A value rounded to significant figures, as the rounded-input hypotheses round each step of a derivation."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from auditor.diagnosis.rounding import _roundings, _significant


def _by_scaling(value: Fraction, figures: int) -> Fraction:
    """The definition: scale to ``figures`` digits before the point, round half to even, scale back."""
    digits = len(str(abs(value.numerator) // value.denominator)) if abs(value) >= 1 else 0
    if digits == 0:
        digits = -next(k for k in range(400) if abs(value) * 10 ** (k + 1) >= 1)
    scale = Fraction(10) ** (digits - figures)
    return Fraction(round(value / scale)) * scale


@given(st.fractions(min_value=Fraction(-10**12), max_value=Fraction(10**12), max_denominator=10**9).filter(bool), st.integers(1, 4))
def test_a_value_rounded_to_significant_figures_is_the_scaled_and_rounded_value(value, figures):
    assert _significant(value, figures) == _by_scaling(value, figures)


def test_a_tie_rounds_to_the_even_digit():
    assert _significant(Fraction(25, 10), 1) == 2
    assert _significant(Fraction(35, 1000), 1) == Fraction(4, 100)
    assert _significant(Fraction(-125, 100), 2) == Fraction(-12, 10)
    assert _significant(Fraction(1450), 2) == 1400


def test_the_roundings_of_a_step_are_two_and_three_figures_and_the_integer():
    labels = dict((label, value) for label, value in _roundings(Fraction(706123, 10)))
    assert labels == {"2 significant figures": 71000, "3 significant figures": 70600, "an integer": 70612}
