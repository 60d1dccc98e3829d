"""Printed numbers keep their precision (DESIGN decision 5)."""

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from auditor.base.errors import QuantityError
from auditor.base.quantity import parse_stated
from auditor.base.units import parse_unit

CASES = Path(__file__).parent / "cases"

QUANTITIES = yaml.safe_load((CASES / "quantities.yaml").read_text())


@pytest.mark.parametrize("case", QUANTITIES, ids=[c["text"] for c in QUANTITIES])
def test_printed_quantity_is_read_with_its_precision(case):
    stated = parse_stated(case["text"])
    assert stated.value == Fraction(case["value"])
    assert stated.unit.factor == parse_unit(case["unit"]).factor
    assert stated.unit.dimensions == parse_unit(case["unit"]).dimensions
    assert stated.tolerance() == Fraction(case["tolerance"])
    assert stated.comparator == case["comparator"]


def test_a_range_keeps_both_ends():
    stated = parse_stated("2–16×")
    assert stated.comparator == "range"
    assert (stated.low.value, stated.high.value) == (2, 16)


@pytest.mark.parametrize(
    "unit, factor",
    [("GB", 10**9), ("GiB", 2**30), ("Gb", 10**9 // 8), ("KiB", 1024), ("kB", 1000), ("TB/s", 10**12), ("µs", Fraction(1, 10**6))],
)
def test_decimal_and_binary_prefixes_are_exact(unit, factor):
    assert parse_unit(unit).factor == factor


@pytest.mark.parametrize("unit, seconds", [("min", 60), ("hours", 3600), ("hr", 3600), ("days", 86400), ("weeks", 604800)])
def test_spans_of_time_a_page_runs_for_are_seconds(unit, seconds):
    assert parse_unit(unit).factor == seconds
    assert parse_unit(unit).dimensions == parse_unit("s").dimensions


@pytest.mark.parametrize("unit, joules", [("Wh", 3600), ("kWh", 3_600_000), ("MWh", 3_600_000_000)])
def test_energy_a_power_bill_prints_is_power_times_time(unit, joules):
    """"$0.12/kWh" over "81.6 kW × 24 h": a kilowatt-hour is a kilowatt for an hour, and adds to joules."""
    assert parse_unit(unit).factor == joules
    assert parse_unit(unit).dimensions == parse_unit("kW * h").dimensions == parse_unit("J").dimensions


def test_servers_and_racks_are_counts():
    assert parse_unit("servers").dimensions == parse_unit("racks").dimensions == () and parse_unit("racks").factor == 1


def test_gigabit_is_not_gigabyte():
    assert parse_unit("Gb").factor * 8 == parse_unit("GB").factor


def test_information_tokens_flops_and_requests_are_real_dimensions():
    dims = {parse_unit(u).dimensions for u in ("byte", "token", "FLOP", "request", "s")}
    assert len(dims) == 5 and () not in dims


@pytest.mark.parametrize("text", ["", "GB", "12 furlongs", "about", "1.2.3 GB"])
def test_unreadable_quantities_say_so(text):
    with pytest.raises(QuantityError):
        parse_stated(text)


def test_a_size_unit_has_a_counterpart_in_the_other_family_of_prefixes_and_nothing_else_does():
    from auditor.base.units import other_prefix_factor, same_dimensions

    assert other_prefix_factor(parse_unit("MB")) == 1024**2 and other_prefix_factor(parse_unit("GiB")) == 1000**3
    assert other_prefix_factor(parse_unit("Gb")) == Fraction(1024**3, 8) and other_prefix_factor(parse_unit("GB/s")) == 1024**3
    assert other_prefix_factor(parse_unit("B")) is None and other_prefix_factor(parse_unit("ms")) is None
    assert same_dimensions("MiB", "GB") and not same_dimensions("GB", "GPUs") and not same_dimensions("GB", "s")
