"""Bare numbers of a printed sum that are the named card's spec-sheet figures, read in the unit the sheet gives them.

A roofline page works its ridge point as "989 / 3,350 ≈ 295 FLOP/byte" under "For H100": the page prints no unit
for either operand, and read bare the quotient is a thousand off its FLOP/byte result (TFLOPS over GB/s). Only a
reading of the prefixes makes it hold, and a guessed prefix would hide a real slip of the same shape, so such a sum is
located and not proposed (``sum_units.unit_left_unprinted``). Where each bare operand is, to its printed digits, a
figure of the card the page names there (989 its dense BF16 peak in TFLOPS, 3,350 its bandwidth in GB/s), the
prefixes are no guess: the page cites the sheet, and the sum is read with the sheet's units.
"""

from __future__ import annotations

import re
from fractions import Fraction

from auditor.base.errors import UnitError
from auditor.base.units import parse_unit

from .sum_units import BARE_NUMBER

PREFIXES = {1: "k", 2: "M", 3: "G", 4: "T", 5: "P"}
"""The decimal prefixes a page prints a sheet's figure in (3,350 GB/s, 989 TFLOPS, 80 GB)."""


def sheet_reading(expression: str, figures: list[tuple[str, Fraction, str]], gpu: str) -> tuple[str, str] | None:
    """The expression with each bare number that is one of ``figures`` (name, value in base units, base unit) to its
    printed digits read in that figure's unit and prefix, and what the reading says; None unless every bare number
    with more than one significant figure is such a figure (a small factor such as the 2 of "2 × 3.35e12 / 2" may stay
    bare)."""
    read, said, unread = [], [], False

    def replace(match: re.Match) -> str:
        nonlocal unread
        printed = match[1]
        figures_printed = len(printed.lower().partition("e")[0].replace(".", "").strip("0"))
        found = _figure(printed, figures) if figures_printed > 1 else None  # a lone "2" is a factor, whatever sheet it nears
        if found is None:
            unread = unread or figures_printed > 1
            return match[0]
        name, unit = found
        read.append(printed)
        said.append(f"{printed} as {gpu}'s {name} in {unit}")
        return f"({printed}*({unit}))"

    rewritten = BARE_NUMBER.sub(replace, expression)
    if not read or unread:
        return None
    return rewritten, "its bare numbers read as the sheet's figures of the card the page names: " + ", ".join(said)


def _figure(printed: str, figures: list[tuple[str, Fraction, str]]) -> tuple[str, str] | None:
    """The sheet figure ``printed`` is in some decimal prefix of its unit, to a whole last printed digit: (name, unit)."""
    mantissa, _, exponent = printed.lower().partition("e")
    value = Fraction(printed)
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    digit = Fraction(1, 10**decimals) * Fraction(10) ** int(exponent or 0)
    if value <= 0:
        return None
    # "3.35e12" prints its own scale: the figure in base units, with no prefix to read
    for power, prefix in ({0: ""} if exponent else PREFIXES).items():
        scale = Fraction(1000) ** power
        for base in dict.fromkeys(base for _, _, base in figures):
            names = [name for name, sheet, unit in figures if unit == base and abs(value * scale - sheet) <= digit * scale]
            unit = f"{prefix}{base.replace('byte', 'B')}"
            if not names:
                continue
            try:
                parse_unit(unit)
            except UnitError:
                continue  # a prefix the registry does not spell is no reading
            return " or ".join(names), unit  # "1,979": the H100's FP8 peak or its sparse BF16 one, the same figure
    return None
