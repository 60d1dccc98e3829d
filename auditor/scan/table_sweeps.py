"""Tables that sweep a sum the page worked above them: the sum again, one operand set to each row's value.

A page works one example in full ("32 × 2 × 4096 × 4096 × 2 bytes ≈ 2.1 GB") and then tabulates it
over the quantity it varies: a column of context lengths, and beside it the cache each gives, the
4,096 row printing 2.1 GB again. No catalogue formula is needed to check such a table: each row is
the page's own sum with the operand the first column varies replaced by the row's value.

The link is taken only on evidence: the worked value must appear in the row of the operand it was
worked for, and the sum so varied must hold in at least ``MIN_HOLDING`` other rows and fail in at
most one. Then every row of the column is proposed, so a row the sweep does not reproduce is
audited like any printed sum.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .sums import Sum, operand_literals, plain_number, with_literal
from .tables import Cell, Table

MIN_HOLDING = 2  # rows besides the worked one where the varied sum holds
MAX_FAILING = 1
WINDOW = 3000  # characters before the table where the worked sum may be printed


def swept_column(table: Table) -> list[tuple[Fraction, list[Cell]]] | None:
    """(first-column value, row) for every body row, when the first column is a run of plain numbers."""
    if not table.header or table.transposed:
        return None
    rows = table.body
    values = [plain_cell(r[0].text) for r in rows]
    if len(rows) < MIN_HOLDING + 1 or None in values or len(set(values)) != len(values):
        return None
    return list(zip(values, rows))


def varied(found: Sum, index: int, value: Fraction) -> str:
    """The sum's expression with its ``index``-th operand set to ``value``."""
    return with_literal(found.expression, operand_literals(found)[index], _literal(value))


def operand_positions(found: Sum, values: set[Fraction]) -> list[tuple[int, Fraction]]:
    """(operand index, value) of each of the sum's operands printed as one of ``values``, when the
    expression's numbers are its printed operands one for one."""
    literals = operand_literals(found)
    if found.unreadable or found.names or literals is None:
        return []
    out = []
    for index, literal in enumerate(literals):
        try:
            value = Fraction(literal.group(0))
        except ValueError:
            continue
        if value in values:
            out.append((index, value))
    return out


def plain_cell(text: str) -> Fraction | None:
    """A cell's plain number ("2,048", "**512**"), or None for any other text."""
    digits = plain_number(re.sub(r"[*`$~≈\s]", "", text))
    if not digits or not re.fullmatch(r"\d+(?:\.\d+)?", digits):
        return None
    return Fraction(digits)


def _literal(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"({value.numerator}/{value.denominator})"
