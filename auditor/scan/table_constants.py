"""Table columns worked from one figure printed above the table: "KV token budget = 58 GB / 128 KB = 474,317 tokens",
then "| General Q&A | 2,048 | 231 |" and a row for each request length.

A page works one figure out in full and then tabulates what it gives over a quantity it varies: a
budget of tokens over each request length is the requests that fit, a per-token size times each
length is each request's cache. The figure is no operand of the table's rows, so no sum the page
prints covers them, and the counts are often bare ("231"), too short for one cell to be told from a
coincidence. A whole column is: the same figure over (or times) the row's value must land on the
cell, at its printed precision, in at least ``MIN_HOLDING`` rows and miss in at most
``MAX_FAILING``; then every row is proposed, so a row that breaks the column is audited like any
printed sum, and the figure, where its own working misses by a named slip, carries that slip.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_HOLDING = 3
MAX_FAILING = 1
FINE = 0.05  # half a cell's last digit over its value: a cell printed finer than this can vouch for a rule
WINDOW = 3000  # characters before the table where its figure may be printed
NEAREST = 16  # figures tried, nearest to the table first


@dataclass(frozen=True)
class Target:
    """A cell's number: its row, its value in base units, and half its last printed digit over its value."""

    row: int
    value: float
    half: float
    dimensions: tuple = ()  # as ``derivations`` keys them, counts of tokens set aside


def lands(value: float, target: Target) -> bool:
    """Whether ``value`` prints as the target: from half a digit below to a whole digit above (a count truncated)."""
    return target.value > 0 and -target.half <= value / target.value - 1 < 2 * target.half


def swept(inputs: dict[int, float]) -> bool:
    """Whether a column is a quantity the table varies: its values distinct and in order, up or down the rows
    ("512, 2,048, 4,096"), not figures of a kind side by side ("1979, 1979, 1513")."""
    values = [inputs[k] for k in sorted(inputs)]
    rising = all(a < b for a, b in zip(values, values[1:]))
    return len(values) >= MIN_HOLDING and (rising or all(a > b for a, b in zip(values, values[1:])))


def constant_column(targets: list[Target], inputs: dict[int, float], constants: list[tuple[float, tuple]]) -> tuple[int, str] | None:
    """(index into ``constants``, "/" or "*") of the first figure of the column's own kind that, over or times each
    row's input, lands on the column's cells in enough rows and misses in few enough; None where no figure does.
    Each constant is (value in base units, dimensions); the inputs are plain counts, so the cells are of the
    figure's kind ("474,317 tokens" over lengths gives counts of requests, "128 KB" per token times them bytes)."""
    rows = [t for t in targets if inputs.get(t.row)]
    if len(rows) < MIN_HOLDING or not swept(inputs):
        return None
    for index, (constant, dimensions) in enumerate(constants):
        if any(t.dimensions != dimensions for t in rows) or constant == 1:
            continue  # one times (or over) each row copies the row: a column equal to its input is no rule of a figure
        for sign in ("/", "*"):
            landed = [t for t in rows if lands(constant / inputs[t.row] if sign == "/" else constant * inputs[t.row], t)]
            # a cell of one digit ("$0.008") lands within 6% of anything near it: such cells cannot make a rule alone
            if sum(t.half <= FINE for t in landed) >= MIN_HOLDING and len(rows) - len(landed) <= MAX_FAILING:
                return index, sign
    return None
