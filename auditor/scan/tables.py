"""Tables read cell by cell: each number with its column's header, its row's label and the unit they print.

Markdown pipe tables and HTML tables (which the HTML reading writes as pipe rows) are the same to
the scan. A number in a cell is described by its column header ("KV size / token (bytes)") and its
row label ("bf16"), which are its words; a unit they print in parentheses ("KV Cache Memory
(GiB)", "Theoretical Step Time (ms)") is the unit of a cell that prints none. A table whose header
row is numbers ("Batch Size | 1 | 8 | 16") sets, for every cell below, the quantity its corner names
to the number heading the cell's column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from auditor.base.errors import QuantityError
from auditor.base.units import parse_unit

ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.MULTILINE)
SEPARATOR = re.compile(r"^\s*:?-{2,}:?\s*$")
HEADER_UNIT = re.compile(r"\(([^()]{1,20})\)\s*$|\bin\s+([A-Za-z/]{1,12})\s*$")
PER_HEADER = re.compile(r"(?:/|\bper)\s*(token|sequence|request|s)\b")
NUMERIC = re.compile(r"^\s*[\d,.]+\s*$")


@dataclass(frozen=True)
class Cell:
    start: int
    end: int
    text: str


@dataclass
class Table:
    rows: list[list[Cell]]
    header: list[Cell] | None

    @property
    def transposed(self) -> bool:
        """A header row of numbers: the columns are settings of the quantity the corner names."""
        return bool(self.header) and len(self.header) > 2 and all(NUMERIC.match(c.text) for c in self.header[1:])


@dataclass(frozen=True)
class Place:
    """Where a number sits in a table: its cell, column header and row label, and the unit they print."""

    cell: Cell
    column: str
    row: str
    corner: str
    column_value: str
    unit: str
    headers: tuple[tuple[int, int], ...] = ()  # spans of the column's header cell and the row's label cell


def find_tables(text: str) -> list[Table]:
    """Every run of pipe rows, with its header row when a separator row follows it."""
    tables, run, last_end = [], [], -2
    for match in ROW.finditer(text):
        if run and text[last_end : match.start()].strip():
            tables.append(_table(run))
            run = []
        run.append(_cells(text, match.start(), match.end()))
        last_end = match.end()
    if run:
        tables.append(_table(run))
    return tables


def place_of(tables: list[Table], position: int) -> Place | None:
    for table in tables:
        for row in table.rows:
            for index, cell in enumerate(row):
                if cell.start <= position < cell.end:
                    return _place(table, row, index, cell)
    return None


def _place(table: Table, row: list[Cell], index: int, cell: Cell) -> Place:
    header = table.header or []
    column = header[index].text if index < len(header) and row is not header else ""
    label = row[0].text if index > 0 else ""
    corner = header[0].text if header else ""
    column_value = column if table.transposed else ""
    unit = header_unit(column) or header_unit(label)
    spans = []
    if index < len(header) and row is not header:
        spans.append((header[index].start, header[index].end))
    if index > 0:
        spans.append((row[0].start, row[0].end))
    return Place(cell, column, label, corner, column_value, unit, tuple(spans))


def header_unit(text: str) -> str:
    """The unit a header prints for its cells: "(GiB)", "(tokens/s)", "in ms"; '' when none."""
    match = HEADER_UNIT.search(text)
    if not match:
        return ""
    unit = (match[1] or match[2]).strip()
    try:
        parsed = parse_unit(unit)
    except QuantityError:
        return ""
    return unit if not parsed.dimensionless or unit in ("%",) else ""


def _cells(text: str, start: int, end: int) -> list[Cell]:
    line = text[start:end]
    bars = [i for i, char in enumerate(line) if char == "|" and (i == 0 or line[i - 1] != "\\")]
    cells = []
    for left, right in pairwise(bars):
        raw = line[left + 1 : right]
        stripped = raw.strip()
        offset = start + left + 1 + (len(raw) - len(raw.lstrip()))
        cells.append(Cell(offset, offset + len(stripped), stripped))
    return cells


def _table(rows: list[list[Cell]]) -> Table:
    body = [r for r in rows if not all(SEPARATOR.match(c.text) for c in r)]
    header = body[0] if len(body) < len(rows) and body and rows[0] is body[0] else None
    return Table(body, header)


def in_table(proposal, place: Place) -> None:
    """A cell's number takes the unit its header prints when it prints none ("6.7" under "(GiB)"),
    and a header's "per token" ("KV size / token (bytes)") applies to a size the cell prints."""
    if place.unit and not proposal.unit and re.fullmatch(r"[\d,.]+", proposal.stated.strip()):
        proposal.unit, proposal.bare = place.unit, False
    per = PER_HEADER.search(place.column)
    if per and "/" not in proposal.stated:
        proposal.per = per[1]


def table_settings(tables: list[Table], aliases: dict[str, set[str]]) -> list:
    """For a table whose header row is numbers, each cell's setting of the quantity the corner names."""
    from fractions import Fraction

    from .inputs import Assignment

    found = []
    for table in tables:
        corner = table.header[0].text.lower().strip() if table.header else ""
        symbols = aliases.get(re.sub(r"\s*\(.*\)$", "", corner))
        if not table.transposed or not symbols:
            continue
        for row in table.rows[1:]:
            for index, cell in enumerate(row[1:], start=1):
                if index < len(table.header):
                    value = Fraction(table.header[index].text.replace(",", ""))
                    found.append(Assignment(cell.start, cell.start, frozenset(symbols), (value,), ()))
    return found
