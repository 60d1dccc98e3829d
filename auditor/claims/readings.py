"""Readings of a printed unit: the literal one first, then the ways documents write units.

"46.7B" on a parameter count is 46.7 billion, not 46.7 bytes; "240 tokens"
for a batch counts sequences; "2,097,152 bytes" beside "per token" is a
per-token size; "989 TFLOPs" for a rate is per second; "KB" is kB to SI and
KiB to JEDEC. The table is data (``units/readings.yaml``). An alternative is
used only when the literal reading does not decide the claim, and the
finding names the reading that did.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterator

from auditor.base.errors import QuantityError
from auditor.base.quantity import Stated
from auditor.base.resources import builtin
from auditor.base.units import normalise, parse_unit


@dataclass(frozen=True)
class Reading:
    """A stated quantity under one reading of its unit; ``note`` is empty for the literal one."""

    stated: Stated
    note: str = ""


@lru_cache(maxsize=1)
def _table() -> dict:
    from auditor.base.yamlio import load_yaml

    return dict(load_yaml(builtin("units") / "readings.yaml"))


def _word(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _alternatives(text: str) -> Iterator[tuple[str, str]]:
    """Each other reading of a unit, as registry text and the note that explains it."""
    table, written = _table(), normalise(text)
    suffix = re.match(rf"^({_word(table['count_suffixes'])})(?!\w)\s*(.*)$", written)
    if suffix:
        word = table["count_suffixes"][suffix[1]]
        yield _times(word, suffix[2]), f"{suffix[1]!r} read as {word}: the formula counts"
    nouns = re.sub(rf"(?<!\w)({_word(table['count_nouns'])})(?!\w)", "", written).strip()
    if nouns != written and not re.search(r"[A-Za-zµμ]", nouns):
        yield nouns, f"{written!r} read as a count: the formula counts what the words name"
    one = re.sub(rf"\s*(?:\bper\s+|/\s*)({_word(table['per_one'])})$", "", written).strip()
    if one != written and one:
        yield one, f"{written!r} read as one request's: the formula is of one sequence"
    for noun in table["implied_per"]:
        yield _per(written, noun), f"{written!r} read as per {noun}: the formula is per {noun}"
    if re.search(rf"(?<!\w)\w*({_word(table['per_second'])})(?!\w)", written) and "/" not in written:
        yield _per(written, "s"), f"{written!r} read as per second: the formula is a rate"
    for ambiguous, (other, why) in table["ambiguous"].items():
        if re.search(rf"(?<!\w){re.escape(ambiguous)}(?!\w)", written):
            binary = re.sub(rf"(?<!\w){re.escape(ambiguous)}(?!\w)", other, written)
            note = f"{ambiguous} read as {other} ({why})"
            yield binary, note
            for noun in table["implied_per"]:  # "512 KB" a token: both readings at once
                yield _per(binary, noun), f"{note}, per {noun}: the formula is per {noun}"


def binary_count_suffix(printed: str) -> tuple[str, int] | None:
    """The count's letter a number is printed with, and the power of 1024 it stands for when a page divides a count
    as it would a byte size ("148.375M": M, 1,048,576); None for a number printed with no such letter."""
    letter = re.search(r"\d[ \u00a0]?([A-Za-z])$", printed.strip())
    power = _table()["binary_count_suffixes"].get(letter[1]) if letter else None
    return (letter[1], power) if power else None


def _plain(text: str) -> bool:
    return re.fullmatch(r"[\wµμ]+", text) is not None


def _times(word: str, rest: str) -> str:
    rest = rest.strip()
    return word if rest in ("", "1") else f"{word} {rest}" if _plain(rest) else f"{word} * ({rest})"


def _per(written: str, noun: str) -> str:
    return f"{written}/{noun}" if _plain(written) else f"({written})/{noun}"


@lru_cache(maxsize=2048)
def _alternative_units(text: str) -> tuple:
    """The other readings of a unit text that parse, with their notes: worked out once per text."""
    found = []
    for other, note in _alternatives(text):
        try:
            found.append((parse_unit(other), note))
        except QuantityError:
            continue
    return tuple(found)


def readings(stated: Stated, dimensions: tuple) -> list[Reading]:
    """The readings of ``stated`` whose unit has the formula's dimensions, the literal one first."""
    found = [Reading(stated)] if stated.unit.dimensions == dimensions else []
    for unit, note in _alternative_units(stated.unit.text):
        if unit.dimensions == dimensions and all(unit.factor != r.stated.unit.factor for r in found):
            found.append(Reading(replace(stated, unit=unit), note))
    return found


def compare_readings(stated: Stated, computed_base, dimensions: tuple):
    """The comparison under the first reading that holds, else under the first reading there is.

    Returns the comparison and the reading it used (None when no reading has
    the formula's dimensions: a unit error).
    """
    from .compare import compare

    options = readings(stated, dimensions)
    if not options:
        return compare(stated, computed_base, dimensions), None
    results = [(compare(r.stated, computed_base, dimensions), r) for r in options]
    return next(((c, r) for c, r in results if c.verdict.holds), results[0])
