"""The sheet's §3.1 numerics, checked numerically: the online-softmax recurrence
equals the direct softmax, a log-sum-exp merge of disjoint ranges equals the LSE
of their union, and exp overflows exactly past ln(max finite) unless the max is
subtracted first. The catalogue's formulas compute the same as the references."""

import math

import pytest
import softmax_reference as numerics
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.audit.project import Project
from auditor.catalogue.compiled import compiled

LOGIT = st.floats(min_value=-1e4, max_value=1e4, allow_nan=False, allow_infinity=False)
LOGITS = st.lists(LOGIT, min_size=1, max_size=40)
SPLIT_LOGITS = st.lists(LOGIT, min_size=2, max_size=40).flatmap(
    lambda xs: st.tuples(st.just(xs), st.integers(min_value=1, max_value=len(xs) - 1))
)


@pytest.fixture(scope="module")
def catalogue():
    return Project.load().catalogue


def formula(catalogue, name):
    """The catalogue formula as a Python function of keyword arguments."""
    expr = catalogue.inlined(name)
    names = tuple(sorted(s.name for s in expr.free_symbols))
    function = compiled(expr, names)
    return lambda **values: function(*(values[n] for n in names))


@given(LOGITS)
def test_online_recurrence_equals_the_direct_softmax_normaliser(logits):
    peak, total = numerics.online_softmax(logits)
    direct_peak, direct_total = numerics.softmax_state(logits)
    assert peak == direct_peak
    assert math.isclose(total, direct_total, rel_tol=1e-12)


def test_the_worked_eight_logit_example():
    logits = [2.0, -1.0, 0.5, 3.0, 3.0, -4.0, 1.5, 0.0]
    peak, total = numerics.online_softmax(logits)
    probabilities = [math.exp(x - peak) / total for x in logits]
    direct = [math.exp(x) / math.fsum(math.exp(y) for y in logits) for x in logits]
    assert peak == 3.0
    assert all(math.isclose(p, q, rel_tol=1e-14) for p, q in zip(probabilities, direct))


@given(SPLIT_LOGITS)
def test_merging_two_ranges_lse_equals_the_lse_of_their_union(case):
    logits, cut = case
    merged = numerics.merge_lse(numerics.log_sum_exp(logits[:cut]), numerics.log_sum_exp(logits[cut:]))
    assert math.isclose(merged, numerics.log_sum_exp(logits), rel_tol=1e-12, abs_tol=1e-9)


@given(SPLIT_LOGITS, st.data())
def test_split_k_attention_equals_attention_over_all_keys(case, data):
    logits, cut = case
    values = data.draw(st.lists(st.floats(-100, 100), min_size=len(logits), max_size=len(logits)))
    part_a = numerics.attend(logits[:cut], values[:cut])
    part_b = numerics.attend(logits[cut:], values[cut:])
    output, lse = numerics.merge_partials(part_a, part_b)
    whole_output, whole_lse = numerics.attend(logits, values)
    assert math.isclose(output, whole_output, rel_tol=1e-9, abs_tol=1e-9)
    assert math.isclose(lse, whole_lse, rel_tol=1e-12, abs_tol=1e-9)


@given(running_max=st.floats(-50, 50), running_denominator=st.floats(0.001, 1e3), new_logit=LOGIT)
def test_the_catalogue_recurrence_is_the_reference_step(catalogue, running_max, running_denominator, new_logit):
    step = formula(catalogue, "online_softmax_denominator")
    expected = numerics.online_softmax_step((running_max, running_denominator), new_logit)[1]
    got = step(running_max=running_max, running_denominator=running_denominator, new_logit=new_logit)
    assert math.isclose(got, expected, rel_tol=1e-12)


@given(lse_a=LOGIT, lse_b=LOGIT)
def test_the_catalogue_lse_merge_and_weight_are_the_reference(catalogue, lse_a, lse_b):
    merged = formula(catalogue, "lse_merge")(lse_a=lse_a, lse_b=lse_b)
    weight = formula(catalogue, "lse_merge_weight")(lse_a=lse_a, lse_b=lse_b)
    assert math.isclose(merged, numerics.merge_lse(lse_a, lse_b), rel_tol=1e-12)
    assert math.isclose(weight, math.exp(lse_a - merged), rel_tol=1e-12, abs_tol=1e-300)


@pytest.mark.parametrize("fmt, threshold", [("fp16", 11.0898), ("fp32", 88.7228)])
def test_the_overflow_threshold_is_ln_of_the_largest_finite_value(fmt, threshold, catalogue):
    computed = formula(catalogue, "softmax_overflow_logit")(format_max_finite=numerics.FORMATS[fmt][1])
    assert computed == pytest.approx(numerics.overflow_threshold(fmt)) == pytest.approx(threshold, abs=1e-4)


@pytest.mark.parametrize("fmt", ["fp16", "fp32"])
@settings(max_examples=200)
@given(offset=st.floats(0.001, 20))
def test_exp_overflows_just_past_the_threshold_and_fits_just_below(fmt, offset):
    threshold = numerics.overflow_threshold(fmt)
    assert numerics.fits(math.exp(threshold - offset), fmt)
    assert not numerics.fits(math.exp(threshold + offset), fmt)


@given(st.lists(st.floats(-60, 60), min_size=1, max_size=40))
def test_subtracting_the_max_is_what_keeps_fp16_finite(logits):
    peak, threshold = max(logits), numerics.overflow_threshold("fp16")
    assert all(numerics.fits(math.exp(x - peak), "fp16") for x in logits)
    naive_fits = all(numerics.fits(math.exp(x), "fp16") for x in logits)
    if peak < threshold - 1e-3:
        assert naive_fits
    if peak > threshold + 1e-3:
        assert not naive_fits
