"""Numbers a page prints again: where a later printing of a number it worked out above takes that number's claim.

A page restates its figures, in the same unit ("the 16 GB read per token"), as the next step of a
chain ("= 2 MB" over "8 × 2 MB = 16 MB"), in another unit ("= 327,680 bytes" then "0.328 MB"), or bare
("What 295 means" under "≈ 295 flops per byte"). Each is the claim worked out where it first appeared, so
its verdict is that claim's; the rules here say when a printing is such a repeat and not a new figure.
"""

from __future__ import annotations

import re
from fractions import Fraction

from . import derivations
from .locate import Proposal

REPEATED = "restates the number worked out"


CHAIN_WINDOW = 300  # characters from a sum's result to the next step that reads it


def chained_from(operand: Proposal, just_worked: dict) -> Proposal | None:
    """The sum whose result the operand prints again, in the same figures and unit, just above it: "... = 2 MB"
    over "8 × 2 MB = 16 MB". Too short a number to be recognised anywhere ("2 MB"), it is one step of a chain here."""
    first = just_worked.get(derivations.printed_value(operand))
    return first if first is not None and 0 <= operand.start - first.end <= CHAIN_WINDOW else None


def bare_chained_from(operand: Proposal, result: Proposal | None, just_worked: dict) -> Proposal | None:
    """The sum just above whose result a bare operand prints again, where the operand's own sum prints its result in
    that result's unit: "3.5 + 0.125 + 2.0 = 5.625 GB" under "... = 0.125 GB" reads its bare numbers in GB, so its
    0.125 is that 0.125 GB. A bare number in a sum printed in another unit, or none, is no such step."""
    digits = derivations.plain_digits(operand)
    if result is None or digits is None or units_of(operand):
        return None
    unit = derivations.printed_value(result)
    if unit is None or not unit[1]:
        return None
    factor = derivations.unit_factor(result)
    for first in reversed(just_worked.values()):
        if not 0 <= operand.start - first.end <= CHAIN_WINDOW:
            continue
        worked = derivations.printed_value(first)
        if worked is not None and worked[2] == digits and worked[1] == unit[1] and derivations.unit_factor(first) == factor:
            return first
    return None


SHORT_REPEAT_WINDOW = 3000  # characters from a worked result to a short printing of it that restates it


def short_key(proposal: Proposal) -> tuple | None:
    """What a short figure shares with another printing of it: its printed digits, its dimensions and its unit's
    factor ("0.97×", "9.0%", "13"); None for a zero, a bound or a range, a figure of one digit or a size a
    configuration chooses ("64"), which recur as themselves."""
    printed = derivations.printed_value(proposal)
    if printed is None or not printed[0] or derivations.configuration_size(printed[0], printed[1]):
        return None
    digits = printed[2].lstrip("-").replace(".", "").lstrip("0")
    if len(digits if "." in printed[2] else digits.rstrip("0")) < 2:
        return None  # "2", "8", "4x", "2 GB": one figure recurs as any small count or size
    return printed[2], printed[1], derivations.unit_factor(proposal)


BARE_REPEAT_WINDOW = 600  # characters from a number with its unit to its bare repeat ("What 295 means physically")


def named_before(proposal: Proposal, with_units: dict) -> Proposal | None:
    """The number proposed with a unit just above that a bare number of three figures prints again without it: a
    heading or a sentence that goes on about "295" after "990 ÷ 3.35 ≈ 295 flops per byte"."""
    key = derivations.bare_key(proposal)
    if key is None or units_of(proposal) or re.search(r"[×x]\s*$", proposal.stated):
        return None  # "~295×" is a ratio of its own, whatever figure it shares digits with
    first = with_units.get(key)
    return first if first is not None and 0 <= proposal.start - first.end <= BARE_REPEAT_WINDOW else None


def units_of(proposal: Proposal) -> tuple:
    """The dimensions the number is printed with (none for a bare number or one that cannot be read)."""
    printed = derivations.printed_value(proposal)
    return printed[1] if printed is not None else ()


def read_as_printed(expression: str, exact: Fraction) -> bool:
    """Whether a sum's value does not hang on the unit its result is printed in: its units are its own ("2 × 80
    × 8 × 128 × 2 bytes"), or its bare numbers are in base units already. "241.9 × 5.5 = 1,330 ms" is read in
    milliseconds; printed again as "1.3 seconds" the same sum would be read in seconds."""
    from auditor.base.literal import literal_value

    if re.search(r"\*\s*\(?[A-Za-zµ]", expression):
        return True
    bare = literal_value(expression)
    return bare is not None and bare == exact


def a_repeat(proposal: Proposal) -> bool:
    """Whether the proposal only prints again a number worked out above it."""
    return bool(proposal.evidence) and proposal.evidence[0].startswith(REPEATED)
