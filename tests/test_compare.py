"""Verdicts from the printed precision, comparators and ranges."""

from fractions import Fraction

import pytest

from auditor.base.quantity import parse_stated
from auditor.claims.compare import compare
from auditor.claims.verdicts import Verdict

GIB = 2**30
BYTES = (("[information]", Fraction(1)),)
PLAIN = ()

CASES = [
    # stated, computed (base units), dimensions, verdict
    ("52.2 GiB", Fraction(56 * 10**9), BYTES, Verdict.HOLDS),  # 52.154 GiB rounds to 52.2
    ("52.2 GiB", Fraction(5229, 100) * 2**30, BYTES, Verdict.HOLDS_BY_ROUNDING),  # 52.29 truncated: under a whole last digit below
    ("52.2 GiB", Fraction(5595 * 10**7), BYTES, Verdict.MISMATCH),  # 52.107: truncating never prints a number above its value
    ("52.2 GiB", Fraction(55 * 10**9), BYTES, Verdict.MISMATCH),  # 51.22
    ("1.000 GiB", Fraction(GIB), BYTES, Verdict.HOLDS),
    ("4.00 GB", Fraction(GIB), BYTES, Verdict.MISMATCH),
    ("~57×", Fraction(2 * 128 * 128, 576), PLAIN, Verdict.HOLDS),  # 56.9
    ("~57×", Fraction(50), PLAIN, Verdict.MISMATCH),
    ("about 42,000 tokens", Fraction(42262), (("[token]", Fraction(1)),), Verdict.HOLDS),
    ("< 1%", Fraction(9, 1000), PLAIN, Verdict.HOLDS),
    ("< 1%", Fraction(11, 1000), PLAIN, Verdict.MISMATCH),
    ("over 200%", Fraction(21, 10), PLAIN, Verdict.HOLDS),
    ("over 200%", Fraction(19, 10), PLAIN, Verdict.MISMATCH),
    ("2–3×", Fraction(2857, 1000), PLAIN, Verdict.HOLDS),
    ("2–3×", Fraction(36, 10), PLAIN, Verdict.MISMATCH),
    ("1/6", Fraction(1, 6), PLAIN, Verdict.HOLDS),
    ("1/6", Fraction(1667, 10000), PLAIN, Verdict.MISMATCH),  # an exact form must match exactly
    ("104", Fraction(104), PLAIN, Verdict.HOLDS),
    ("1", Fraction(0), PLAIN, Verdict.MISMATCH),  # a whole last digit away is not rounding
    ("128 KiB/token", Fraction(131072), BYTES, Verdict.UNIT_ERROR),  # per-token stated, bytes computed
    ("at least 5", float("inf"), PLAIN, Verdict.HOLDS),
]


@pytest.mark.parametrize("stated, computed, dims, verdict", CASES, ids=[f"{c[0]}->{c[3].value}" for c in CASES])
def test_verdict(stated, computed, dims, verdict):
    assert compare(parse_stated(stated), computed, dims).verdict == verdict


def test_computed_value_is_reported_in_the_stated_unit():
    result = compare(parse_stated("52.2 GiB"), Fraction(56 * 10**9), BYTES)
    assert result.computed == Fraction(56 * 10**9, GIB)
    assert result.tolerance == Fraction(5, 100)


PER_TOKEN_BYTES = (("[information]", Fraction(1)), ("[token]", Fraction(-1)))


@pytest.mark.parametrize(("stated", "verdict"), [("512 KB", Verdict.HOLDS), ("512 kB", Verdict.MISMATCH), ("524 kB", Verdict.HOLDS)])
def test_an_uppercase_kb_a_token_reads_both_ways_at_once(stated, verdict):
    """524,288 bytes a token printed "512 KB" where the words say per token: JEDEC's KB and the implied token together;
    lowercase kB is only SI's."""
    from auditor.claims.readings import compare_readings

    comparison, _ = compare_readings(parse_stated(stated), Fraction(524288), PER_TOKEN_BYTES)
    assert comparison.verdict == verdict


@pytest.mark.parametrize(("stated", "dimensions", "verdict"), [
    ("1.34 GB per request", BYTES, Verdict.HOLDS),  # one request's KV cache: a sequence's
    ("1.34 GB/request", BYTES, Verdict.HOLDS),
    ("1.5 GB per request", BYTES, Verdict.MISMATCH),
    ("1.34 GB per token", BYTES, Verdict.UNIT_ERROR),  # a token is never read away
])
def test_a_size_per_request_reads_as_one_requests_where_the_formula_is_of_one_sequence(stated, dimensions, verdict):
    from auditor.claims.readings import compare_readings

    comparison, reading = compare_readings(parse_stated(stated), Fraction(1342177280), dimensions)
    assert comparison.verdict == verdict
    assert verdict != Verdict.HOLDS or "one request's" in reading.note
