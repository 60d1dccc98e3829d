"""Changes a table prints in brackets beside its figures, each against one baseline row:

    | Method      | Throughput (tok/s) | Mean TTFT (ms)   |
    | FP8 Static  | 16452.52 (+26.7%)  | 4116.87 (-20.4%) |
    | FP8 Dynamic | 15275.64 (+14.8%)  | 4445.10 (-14.1%) |
    | BF16        | 13305.38           | 5172.78          |

The baseline is the row whose figures give the table's changes, found from the cells alone: each row that
prints a figure with no change is tried, and the one that gives at least ``MIN_HOLDING`` of the changes, at
their printed precision, and misses at most one, is the table's. A change that row misses is the table's
own rule broken, audited against it (+26.7% where 16452.52 / 13305.38 - 1 is +23.7%), as a cell that breaks
a column's sum is. Two rows that both give the changes leave the table alone: neither is its baseline.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .sums import NUMBER
from .tables import Table

CHANGED = re.compile(rf"^[\s*~≈]*(?P<figure>{NUMBER})[^()\d]{{0,12}}\([ \t]*(?P<change>[+\-−]?(?P<digits>\d{{1,4}}(?:\.\d{{1,3}})?))[ \t]*%[ \t]*\)")
PLAIN = re.compile(rf"^[\s*~≈]*(?P<figure>{NUMBER})(?![\d.,]|[ \t]*\()")
MIN_HOLDING = 3
MAX_FAILING = 1


def change_baselines(tables: list[Table]) -> dict[int, tuple[int, int, bool]]:
    """For each bracketed change of every table whose baseline row is found: (start of the change's digits) ->
    (start of its cell's figure, start of the baseline row's figure in its column, whether the change holds)."""
    found: dict[int, tuple[int, int, bool]] = {}
    for table in tables:
        found.update(_table_changes(table))
    return found


def _table_changes(table: Table) -> dict[int, tuple[int, int, bool]]:
    body = table.body
    changes = [(r, c, m) for r, row in enumerate(body) for c, cell in enumerate(row[1:], 1) if (m := CHANGED.match(cell.text))]
    if len(changes) < MIN_HOLDING:
        return {}
    best, tie = None, False
    for baseline in range(len(body)):
        tally = [_holds(m, PLAIN.match(body[baseline][c].text)) for r, c, m in changes if r != baseline]
        if None in tally:
            continue  # the row prints no plain figure in a column whose changes it would anchor
        holding, failing = tally.count(True), tally.count(False)
        if holding >= MIN_HOLDING and failing <= MAX_FAILING:
            if best is None or holding > best[1]:
                best, tie = (baseline, holding), False
            elif holding == best[1]:
                tie = True
    if best is None or tie:
        return {}
    row = body[best[0]]
    found = {}
    for r, c, m in changes:
        base = PLAIN.match(row[c].text)
        cell = body[r][c]
        digits = cell.start + m.start("digits")
        found[digits] = (cell.start + m.start("figure"), row[c].start + base.start("figure"), bool(_holds(m, base)))
        if m["change"][0] in "-−":
            found[cell.start + m.start("change")] = found[digits]  # a fall is located from its sign
    return found


def _holds(changed: re.Match, base: re.Match | None) -> bool | None:
    """Whether the cell's figure over the baseline's, less one, is the printed change to its last digit (a change
    read off figures rounded for print may land a digit high); None where the baseline prints no figure."""
    if base is None:
        return None
    baseline, figure = Fraction(base["figure"].replace(",", "")), Fraction(changed["figure"].replace(",", ""))
    if baseline <= 0:
        return None
    digits = changed["digits"]
    half = Fraction(1, 2) * Fraction(10) ** -(len(digits.split(".")[1]) if "." in digits else 0) / 100
    printed = Fraction(changed["change"].replace("−", "-")) / 100
    value = figure / baseline - 1
    return -half <= (value - printed) * (1 if printed >= 0 else -1) < 2 * half
