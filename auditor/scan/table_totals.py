"""A table's total row: each of its cells the sum of the cells above it in its column.

"| **Total** | **~174 GB** |" under five rows of components is a sum the page prints once for the
table, as "14 + 84 + 14 + 60 + 2 = 174 GB" would be printed in a sentence. Read as such, a total
that leaves a row out or adds a figure wrongly is audited like any printed sum, and the rows it
adds are the table's inputs, never worked out from the total.

A row is a total by its label ("Total", "Per-layer total", "Subtotal", "Sum"); it adds the rows since the
header or the previous total, in every column whose cells above are all figures of the total's
dimensions (a column of shapes or formulas is no column of addends). A total far from the sum
(beyond ``NEAR``) is some other aggregate, an average or a budget with parts left unlisted, and is
not read.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .table_relations import Relation, cell_value, operand_names
from .tables import Cell, Table, header_unit

TOTAL_LABEL = re.compile(r"(?i)^[\s*_`]*(?:(?:per[- ]\w+|grand|overall)\s+|sub[- ]?)?(?:total|sum)\b")
EMPTY = re.compile(r"^[\s*_`—–-]*$")
NEAR = Fraction(5, 4)
MIN_ADDENDS = 2


def table_totals(tables: list[Table]) -> list[Relation]:
    """Every total cell of the page's tables that is near the sum of the cells above it."""
    found: list[Relation] = []
    for table in tables:
        if table.transposed or not table.header:
            continue
        rows = table.body
        start = 0
        for index, row in enumerate(rows):
            if not TOTAL_LABEL.match(row[0].text):
                continue
            above = rows[start:index]
            start = index + 1
            for column in range(1, len(table.header)):
                total = _total(row[column], [r[column] for r in above], [r[0].text for r in above], header_unit(table.header[column].text), row[0].text)
                if total is not None:
                    found.append(total)
    return found


def _total(cell: Cell, cells: list[Cell], labels: list[str], unit: str, label: str) -> Relation | None:
    goal = cell_value(cell, unit)
    if goal is None or not goal.dimensions:
        return None
    kept = [(c, row) for c, row in zip(cells, labels) if not EMPTY.match(c.text)]
    values = [cell_value(c, unit) for c, _ in kept]
    if len(values) < MIN_ADDENDS or any(v is None or v.dimensions != goal.dimensions for v in values):
        return None
    added = sum(v.base for v in values)
    if not added or not 1 / NEAR <= goal.base / added <= NEAR:
        return None
    names = operand_names([row for _, row in kept])  # the rows' labels as names ("Model_params"), else a, b, c
    given = {name: value.text for name, value in zip(names, values)}
    rule = f"{label.strip(' *_`')} = the sum of the {len(values)} rows above it"
    return Relation(cell, " + ".join(names), given, unit, rule, tuple(v.cell for v in values))
