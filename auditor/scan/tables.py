"""Tables read cell by cell: each number with its column's header, its row's label and the unit they print.

Markdown pipe tables and HTML tables (which the HTML reading writes as pipe rows) are the same to
the scan. A number in a cell is described by its column header ("KV size / token (bytes)") and its
row label ("bf16"), which are its words; a unit they print in parentheses ("KV Cache Memory
(GiB)", "Theoretical Step Time (ms)") or as their last word ("Total GB", "GFLOPs") is the unit of a
cell that prints none. A table whose header
row is numbers ("Batch Size | 1 | 8 | 16") sets, for every cell below, the quantity its corner names
to the number heading the cell's column.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from auditor.base.units import unit_or_none

from .match import find_seq_len, seq_len_count
from .noise import PRODUCT

ROW = re.compile(r"^[ \t]*(?:>[ \t]*)*\|.*\|[ \t]*$", re.MULTILINE)  # in a quote or a callout too ("> | Batch |")
SEPARATOR = re.compile(r"^\s*:?-{2,}:?\s*$")
HEADER_UNIT = re.compile(r"\(([^()]{1,20})\)\s*$|\bin\s+([A-Za-z/]{1,12})\s*$")
LAST_WORD = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z/]{1,11})[*`_\s]*$")
PER_COUNTED = re.compile(r"(?i)\b([A-Za-z]{1,8})\s+per\s+(?:[A-Za-z]{2,12}\s+)?(?:weight|param(?:eter)?|token|element|value|layer|head)s?[*`_\s]*$")
PER_UNIT = re.compile(r"([A-Za-z][A-Za-z/]{0,11})\s+per\s+([A-Za-z]{1,11})[*`_\s]*$")
DIVIDED_BY = re.compile(r"([A-Za-z$€][A-Za-z]{0,11})\s*/\s*$")
HOURLY_PRICE = re.compile(r"(?i)(?:\$|\busd\b|\bprice\b|\bcost\b)[\s)]*(?:/|\bper\b|\ban?\b)\s*(?:gpu[- ]?)?(?:hr|hour|h)\b")
PRICE_PER_MILLION = re.compile(r"(?i)(?:\$|\busd\b|\bprice\b|\bcost\b)[\s)]*(?:/|\bper\b)\s*(?:1\s?M\b|M\b|million\b|mtok)")
PER_BEFORE_WORD = re.compile(r"(?i)\bper[ \u00a0]+$")
QUANTITY_BEFORE = re.compile(r"(?:^|[^\w.])\d[\d,.]*[ \u00a0-]$")  # "A100 80 GB", "7B 1.58-bit": the label's own quantity
RATIO = re.compile(r"\b([A-Za-z]{1,11})\s*:\s*([A-Za-z]{1,11})[*`_\s]*$")  # "ops:byte": one unit over another, as a ratio is named
CURRENCIES = frozenset({"$", "€", "£", "USD", "EUR", "GBP", "DOLLARS", "DOLLAR", "CENTS"})  # no unit of the registry: a price per hour has none
COUNTED = frozenset({"token", "tokens", "tok", "request", "requests", "req", "sequence", "sequences", "seq"})
NOT_HEADER_UNITS = frozenset({"min", "mins"})  # "Min" heads a column of minima, not of minutes
PER_HEADER = re.compile(r"(?:/|\bper)[\s-]*(token|sequence|request|s)\b", re.IGNORECASE)
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
    caption_unit: str = ""  # the unit the line just above prints for the whole table ("Decode speed (tokens/s):")

    @property
    def body(self) -> list[list[Cell]]:
        """The rows under the header that have the header's width: the table's lines of figures."""
        width = len(self.header) if self.header else 0
        return [r for r in self.rows if r is not self.header and len(r) == width]

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
    table: tuple[int, int] = (0, 0)  # span of the whole table

    def elsewhere(self, position: int) -> bool:
        """Whether ``position`` is in another row or column of this cell's table: what the row below
        names ("| Llama-13b | ... |") is that row's, not this cell's."""
        if not self.table[0] <= position < self.table[1]:
            return False  # most of a page is outside any one table: asked first, as it is asked of every figure
        return not (self.cell.start <= position < self.cell.end or any(low <= position < high for low, high in self.headers))


def find_tables(text: str) -> list[Table]:
    """Every run of pipe rows, with its header row when a separator row follows it."""
    tables, run, last_end = [], [], -2
    matches = list(ROW.finditer(text))
    for index, match in enumerate(matches):
        between = text[last_end : match.start()]
        # other text ends a table, and so does a blank line before a new header row (one a separator row follows);
        # a blank line alone does not: a page's HTML tables are read with one between their rows
        if run and (between.strip() or between.count("\n") > 1 and _heads_a_table(text, matches, index)):
            tables.append(_table(run))
            run = []
        run.append(_cells(text, match.start(), match.end()))
        last_end = match.end()
    if run:
        tables.append(_table(run))
    for table in tables:
        if table.rows and table.rows[0]:
            table.caption_unit = caption_unit(text, table.rows[0][0].start)
    return tables


CAPTION_MARKUP = re.compile(r"^[\s#*_>]*(?:Table\s*\d*[.:]\s*)?|[\s*_:.]*$")


def caption_unit(text: str, start: int) -> str:
    """The unit the table's caption or heading, the line right above it, prints in brackets or after "in" for every
    cell ("### Decode speed at batch 1 (tokens/s)", "**Table 2: latency in ms**"); '' for none. Only a short line
    that ends so: a sentence that runs on names its units for itself, not the table's."""
    line_end = text.rfind("\n", 0, start)
    end = max(line_end, 0)
    while end and text[end - 1] == "\n":
        end -= 1  # blank lines between the caption and the table
    line_start = text.rfind("\n", 0, end) + 1
    if not end or end - line_start > 160:
        return ""
    caption = CAPTION_MARKUP.sub("", text[line_start:end])
    found = HEADER_UNIT.search(caption)
    return _unit_or_empty(re.sub(r"^in\s+", "", found[1] or found[2])) if found else ""  # "(in ms)" as "in ms"


def _heads_a_table(text: str, matches: list, index: int) -> bool:
    """Whether the row is a header: the next row, on the next line, is a separator ("| --- | --- |")."""
    if index + 1 >= len(matches) or text[matches[index].end() : matches[index + 1].start()].strip(" \t") != "\n":
        return False
    cells = _cells(text, matches[index + 1].start(), matches[index + 1].end())
    return bool(cells) and all(SEPARATOR.match(c.text) for c in cells)


def place_of(tables: list[Table], position: int) -> Place | None:
    found = _cell_at(tables, position)
    return _place(*found) if found is not None else None


_INDEXED: list = [None, None]  # the last tables list indexed, and its index: a scan asks of one list thousands of times


def _cell_at(tables: list[Table], position: int):
    """(table, row, index, cell) of the cell holding ``position``, by bisection over every cell's start."""
    if _INDEXED[0] is not tables:
        entries = sorted(((cell.start, cell.end, table, row, index, cell) for table in tables for row in table.rows for index, cell in enumerate(row)),
                         key=lambda entry: entry[0])
        _INDEXED[:] = [tables, ([entry[0] for entry in entries], entries)]
    starts, entries = _INDEXED[1]
    k = bisect_right(starts, position) - 1  # the last cell starting at or before it (an empty cell before its neighbour sorts first)
    if k < 0:
        return None
    start, end, table, row, index, cell = entries[k]
    return (table, row, index, cell) if start <= position < end else None


def _place(table: Table, row: list[Cell], index: int, cell: Cell) -> Place:
    header = table.header or []
    column = header[index].text if index < len(header) and row is not header else ""
    label = row[0].text if index > 0 else ""
    corner = header[0].text if header else ""
    column_value = column if table.transposed else ""
    unit = header_unit(column) or header_unit(label) or (table.caption_unit if index > 0 and row is not header else "")
    spans = []
    if index < len(header) and row is not header:
        spans.append((header[index].start, header[index].end))
    if index > 0:
        spans.append((row[0].start, row[0].end))
    if index > 1 and row is not header and _numbered(table):
        spans.append((row[1].start, row[1].end))  # "| 4 | 4×H100, BF16 W | 140 GB |": the row's setup follows its number
    span = (table.rows[0][0].start if table.rows[0] else 0, max((c.end for c in table.rows[-1]), default=0))
    return Place(cell, column, label, corner, column_value, unit, tuple(spans), span)


ROW_NUMBER_HEADER = re.compile(r"\W*(?:#|No\.?|Nr\.?|Rank|Step)?\W*", re.IGNORECASE)
ROW_NUMBER = re.compile(r"\W*\d{1,3}\W*")


def _numbered(table: Table) -> bool:
    """Whether the table's first column only numbers its rows ("#" over 1, 2, 3...): the cell after it sets the row up."""
    header = table.header or []
    body = [row for row in table.rows if row is not header]
    if not body or not header or not ROW_NUMBER_HEADER.fullmatch(header[0].text) or any(len(row) < 3 for row in body):
        return False
    numbers = [int(re.sub(r"\D", "", row[0].text)) if ROW_NUMBER.fullmatch(row[0].text) else None for row in body]
    return None not in numbers and numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def row_cells(tables: list[Table], position: int) -> list[Cell]:
    """The cells of the row holding ``position``, the one holding it among them."""
    found = _cell_at(tables, position)
    return list(found[1]) if found is not None else []


def table_at(tables: list[Table], position: int) -> Table | None:
    """The table holding ``position`` in one of its cells."""
    found = _cell_at(tables, position)
    return found[0] if found is not None else None


def left_cell(tables: list[Table], position: int) -> Cell | None:
    """The cell left of the one holding ``position``, in its row ("| Model weights (FP16) | 7.6B * 2 | 15.2 GB |")."""
    found = _cell_at(tables, position)
    return found[1][found[2] - 1] if found is not None and found[2] > 0 else None


def row_key(tables: list[Table], position: int) -> bool:
    """Whether ``position`` is in the cell that opens a body row of a table with a header and other cells in the row:
    the row's key ("| 70% | 4 | 2.77 |" under "| Acceptance Rate | K | Expected Tokens |"), what the row is for."""
    found = _cell_at(tables, position)
    if found is None or found[2] != 0 or not found[0].header or found[1] is found[0].header or len(found[1]) < 2:
        return False
    cell = found[3]
    return not cell.text[: position - cell.start].strip(" ~≈*`$<>\t")  # the number opens the cell ("attends 2,049 keys" does not)


def column_of(tables: list[Table], position: int) -> tuple[int, int] | None:
    """(the table, the column's index) of the body cell holding ``position``, as a key; None outside a table's body."""
    found = _cell_at(tables, position)
    if found is None or found[1] is found[0].header:
        return None
    return id(found[0]), found[2]


def beside_left(tables: list[Table], position: int) -> list[tuple[Cell, Cell]]:
    """(cell to the left, cell) for every body row of the column of the cell at ``position``."""
    found = _cell_at(tables, position)
    if found is None or not found[2]:
        return []
    table, _, index, _ = found
    return [(r[index - 1], r[index]) for r in table.rows if r is not table.header and len(r) > index]


def column_and_labels(tables: list[Table], position: int) -> list[tuple[Cell, Cell]]:
    """(row label, cell) for every body row of the column of the cell at ``position``."""
    found = _cell_at(tables, position)
    if found is None or not found[2]:
        return []
    table, _, index, _ = found
    return [(r[0], r[index]) for r in table.rows if r is not table.header and len(r) > index]


def header_unit(text: str) -> str:
    """The unit a header prints for its cells: "(GiB)", "(tokens/s)", "in ms", "Total GB"; '' when none.

    A unit in parentheses may spell its byte out ("FLOPs/Byte"); a last word counts only when it is
    a unit of some dimension, so "Heads", "Size" and a bare "layers" give none. A price's header says
    what it is per: "$/hr" is dollars an hour, "$/M tokens" dollars a million tokens (read in dollars,
    as "$0.69/M" is)."""
    if HOURLY_PRICE.search(text):
        return "USD/hour"
    if PRICE_PER_MILLION.search(text):
        return "USD"
    match = HEADER_UNIT.search(text)
    if match:
        parts = [re.sub(r"(?i)\bbytes?\b", "B", part.strip()) for part in (match[1] or match[2]).split(",")]
        # "(TFLOPs, bf16/fp16)", "(β, TB/s)": the one part that is a unit, beside a format or the header's symbol
        units = [u for u in map(_unit_or_empty, parts) if u]
        if len(units) == 1 or match[2] or len(parts) > 1:
            return units[0] if len(units) == 1 else ""
        text = text[: match.start()]  # "FP16 TFLOPS (Π)": a symbol in the brackets, the unit before them
    per_unit = PER_UNIT.search(text)
    if per_unit and (unit := _unit_or_empty(f"{per_unit[1]}/{per_unit[2]}")) and _unit_or_empty(per_unit[2]):
        return unit  # "GB/s per Watt": a quotient of two units, written in words
    ratio = RATIO.search(text)
    if ratio and _unit_or_empty(ratio[1].lower()) and _unit_or_empty(ratio[2].lower()):
        return _unit_or_empty(f"{ratio[1].lower()}/{ratio[2].lower()}")
    per = PER_COUNTED.search(text)
    if per and (unit := _unit_or_empty(re.sub(r"(?i)^bytes?$", "B", per[1]))):
        return unit  # "FLOPs per Weight", "Bytes per (live) token": each cell counts the unit, for one of the things named
    last = LAST_WORD.search(text)
    if not last or last[1].lower() in NOT_HEADER_UNITS or QUANTITY_BEFORE.search(text, 0, last.start(1)) or PER_BEFORE_WORD.search(text, 0, last.start(1)):
        return ""  # "A100 80 GB": a row label's quantity, not its cells' unit; "Memory per token": what each is per
    over = DIVIDED_BY.search(text, 0, last.start(1))
    if over and (over[1].upper() in CURRENCIES or _unit_or_empty(over[1]) or over[1].lower() in COUNTED):
        # "USD / hour", "tokens / s": the word is a denominator, the unit the whole quotient, read or none
        # ("Time / ms" names its quantity and then its unit)
        return _unit_or_empty(f"{over[1]}/{last[1]}")
    return _unit_or_empty(last[1])


def counted_rate(text: str) -> str:
    """A header that is a count per second capitalised, as headers are ("Tok/s", "Tokens/sec"), read as that rate;
    '' for any other. Only the table's own arithmetic reads it: a column of measured rates is no formula's claim."""
    counted = re.search(r"(?<![\w.])([A-Za-z]{3,8})(/[A-Za-z]{1,3})[*`_\s]*$", text)
    return _unit_or_empty(counted[1].lower() + counted[2]) if counted and counted[1].lower() in COUNTED else ""


def _unit_or_empty(unit: str) -> str:
    parsed = unit_or_none(unit)
    return unit if parsed is not None and (not parsed.dimensionless or unit in ("%",)) else ""


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


OWN_UNIT = re.compile(r"\s*[~≈]?\s*(?P<number>\d[\d,]*(?:\.\d+)?)\s?(?P<unit>[A-Za-zµ]+(?:/[A-Za-z]+)?)\s*")
PREFIXED_CELL = re.compile(r"\s*(\d[\d,]*(?:\.\d+)?)\s*([kKMGTP])?\s*")
"""A cell of a plain number, or of a number and a lone prefix its header's unit takes ("160 G" under "Flops")."""


def prefixed(cell_text: str, unit: str) -> str:
    """The header's unit with the prefix the cell prints alone, where the two read as one unit ("G" and "Flops":
    "GFlops"); the header's unit as it is otherwise."""
    found = PREFIXED_CELL.fullmatch(cell_text)
    if found is None or not found[2]:
        return unit
    return found[2] + unit if unit_or_none(found[2] + unit) is not None else unit


DOLLARS = re.compile(r"((?:[~≈]\s?)?[\d,.]+(?:e\d+)?) USD")  # an amount the page prints with a dollar sign alone


def dollars_per_header(proposal, place: Place) -> None:
    """A cell's dollars are per what its header prices by ("$1.00", "$0.35 + $0.35 = $0.70" under "Cost/Hour"): the
    amount takes the header's unit, a sum's result as a lone figure does."""
    dollars = DOLLARS.fullmatch(proposal.stated.strip())
    if dollars and place.unit.startswith("USD") and not proposal.unit:
        proposal.stated, proposal.unit, proposal.bare = dollars[1], place.unit, False


def in_table(proposal, place: Place, tables: list[Table] = ()) -> None:
    """A cell's number takes the unit its header prints when it prints none ("6.7" under "(GiB)"), or else the unit
    the next cell of its row holds alone ("| Memory per token | 0.125 | MB |"), and a header's "per token" ("KV size /
    token (bytes)") applies to a size the cell prints."""
    dollars_per_header(proposal, place)
    plain = re.fullmatch(r"(?:[~≈]\s?)?[\d,.]+", proposal.stated.strip())  # "~32" too: rounded, not unitless
    if place.unit and not proposal.unit and plain:
        proposal.unit, proposal.bare = prefixed(place.cell.text, place.unit), False
    elif not proposal.unit and plain and (beside := unit_beside(tables, proposal.start)):
        proposal.unit, proposal.bare = beside, False
    per = PER_HEADER.search(place.column)
    if per and "/" not in proposal.stated and "/" not in (proposal.unit or ""):  # "x16 (GB/s)": the "/s" is the unit's own
        proposal.per = per[1].lower()  # "KV per Token (FP16)"


def unit_beside(tables: list[Table], position: int) -> str:
    """The unit the cell right of the number's cell holds alone ("MB", "GB/s", "%"), when it is a unit of some
    dimension; '' otherwise."""
    found = _cell_at(tables, position)
    if found is None:
        return ""
    _, row, index, _ = found
    if index + 1 >= len(row):
        return ""
    text = row[index + 1].text.strip(" *`_")
    return _unit_or_empty(text) if re.fullmatch(r"[A-Za-zµ%]{1,6}(?:/[A-Za-z]{1,6})?", text) else ""


def row_quantities(tables: list[Table], position: int, own_units: bool = False) -> list[tuple[Cell, str]]:
    """The other cells of the number's row that print a quantity, each with its text and unit
    ("4.19" under "GFLOPs" is "4.19 GFLOPs"): a row is often a derivation, its result beside its inputs.
    With ``own_units``, cells that print their own unit ("1,389 tok/s") too."""
    found = _cell_at(tables, position)
    if found is None:
        return []
    table, row, _, own = found
    header = table.header or []
    found = []
    for index, cell in enumerate(row):
        if cell is own or index == 0 or index >= len(header) or row is header:
            continue
        unit = header_unit(header[index].text)
        plain = PREFIXED_CELL.fullmatch(cell.text.replace("$", "", 1) if unit.startswith("USD") else cell.text)
        if unit and plain:
            found.append((cell, f"{plain[1].replace(',', '')} {prefixed(cell.text, unit)}"))
        elif own_units and (own := OWN_UNIT.fullmatch(cell.text)) and unit_or_none(own["unit"]) is not None and not unit_or_none(own["unit"]).dimensionless:
            found.append((cell, f"{own['number'].replace(',', '')} {own['unit']}"))  # "1,389 tok/s": a cell that prints its own unit
    return found


def table_settings(tables: list[Table], aliases: dict[str, set[str]]) -> list:
    """The inputs tables set: a header row of numbers sets the quantity its corner names for the cells
    below; a column whose header names an input ("`n_layers`", "$L$ (`seq_len`)", "Batch size") sets
    it, cell by cell, for the other cells of each row; a header that gives a context length ("KV @ 4k")
    sets it for its column."""
    from .inputs import Assignment

    found = []
    for table in tables:
        if not table.header:
            continue
        if table.transposed:
            symbols = aliases.get(re.sub(r"\s*\(.*\)$", "", table.header[0].text.lower().strip()))
            for row in table.rows[1:] if symbols else ():
                for index, cell in enumerate(row[1:], start=1):
                    value = cell_number(table.header[index].text) if index < len(table.header) else None
                    if value is not None:
                        found.append(Assignment(cell.start, cell.start, frozenset(symbols), (value,), ()))
            continue
        columns = {index: named for index, cell in enumerate(table.header) if (named := column_inputs(cell.text, aliases, index == 0))}  # the first column too: "| Context | KV (GiB) |"
        lengths = {index: length for index, cell in enumerate(table.header) if index and (length := find_seq_len(cell.text))}
        batches = {index: int(batch[1]) for index, cell in enumerate(table.header) if index and (batch := HEADER_BATCH.search(cell.text))}
        counts = {index: count for index, cell in enumerate(table.header) if index and (count := header_parameters(cell.text))}
        for row in table.rows[1:]:
            for index, named in columns.items():
                if index < len(row) and not (index and PRODUCT_CELL.fullmatch(row[index - 1].text)):
                    found += _row_inputs(row[index], named)  # "| 8192 × 28672 | 234.9M |" under "Params": the row works it out
            for index, length in lengths.items():  # "KV @ 4k": the column's context length
                if index < len(row):
                    found.append(Assignment(row[index].start, row[index].start, frozenset({"seq_len"}), (Fraction(length),), ()))
            for index, batch in batches.items():  # "8 Concurrent Users": the column's batch
                if index < len(row):
                    found.append(Assignment(row[index].start, row[index].start, frozenset({"batch"}), (Fraction(batch),), ()))
            for index, count in counts.items():  # "Example (7B params)": the column's parameter count
                if index < len(row):
                    found.append(Assignment(row[index].start, row[index].start, frozenset({"n_params"}), (count,), ()))
    return found


HEADER_BATCH = re.compile(r"(?i)(?<!per )(?<![\w.,])(\d{1,5})[ \u00a0]+(?:concurrent[ \u00a0]+|parallel[ \u00a0]+|simultaneous[ \u00a0]+)?"
                          r"(?:users?|requests?|sequences?|sessions?|streams?|conversations?)\b")
"""A column header that says how many sequences its cells are for: "8 Concurrent Users", "32 requests"."""


HEADER_PARAMETERS = re.compile(r"(?i)(?<![\w.])(\d{1,4}(?:\.\d{1,2})?)[ \u00a0]?([BM])[ \u00a0]+(?:params?|parameters?)\b")
"""A column header that prints the parameter count its cells are for: "Example (7B params)", "70B parameters"."""


def header_parameters(header: str) -> Fraction | None:
    found = HEADER_PARAMETERS.findall(header)
    return cell_count("".join(found[0])) if len(found) == 1 else None  # "7B" read as a count is, as a cell's is


TOTAL_LINE = re.compile(r"(?i)[\s*_`]*(?:total|sum|overall|in all|合计|總計|总计)\b[^|\d]{0,20}")
"""A table line that adds the others up ("| **Total** | 170 GB | 100% |"): its figures are what a share column divides by."""


def total_line(table: Table) -> list[Cell]:
    """The figures of the table's line that adds up the others, each a constant a share of it is worked on ("| Weights
    | 140 GB | 82% |" over "| Total | 170 GB |"); none where no line is so labelled, or the header is."""
    body = table.body if table.header else []
    total = next((row for row in body if row and TOTAL_LINE.fullmatch(row[0].text)), None)
    return [cell for cell in total[1:] if cell.text.strip()] if total is not None else []


PRODUCT_CELL = re.compile(rf"\s*{PRODUCT}\s*")  # "| 8192 × 1024 | 8.4M |": the cell after it in its row is that product


def _row_inputs(cell: Cell, named: list[frozenset[str]]) -> list:
    """The inputs one cell of an input column sets: one number, or one per name of a header that
    lists several ("64 / 8" under "heads / h_kv"). The cell is an input, not a claim: its number is
    taken out of the page's claims."""
    from .inputs import Assignment

    parts = [p.strip() for p in re.split(r"[/×]", cell.text)] if len(named) > 1 else [cell.text.strip()]
    values = [cell_count(p) if counts_of(symbols) else cell_length(p) if symbols == LENGTH else cell_number(p) for p, symbols in zip(parts, named)]
    if len(parts) != len(named) or None in values:
        return []
    spans = tuple((m.start() + cell.start, m.end() + cell.start) for m in re.finditer(r"[\d,.]*\d", cell.text))
    return [Assignment(cell.start, cell.start, symbols, (value,), spans) for value, symbols in zip(values, named) if symbols]


def cell_number(text: str) -> Fraction | None:
    """A cell's plain number ("4,096", "0.5"); None for anything else ("1.2.3", a digit run too long to read)."""
    if not re.fullmatch(r"\s*\d{1,3}(?:,\d{3})*(?:\.\d+)?\s*|\s*\d{1,30}(?:\.\d{1,30})?\s*", text):
        return None
    return Fraction(text.strip().replace(",", ""))


PARAMETER_COUNTS = frozenset({"n_params", "n_params_active", "n_params_nominal"})
"""Symbols a column may give as "7B" or "1.5B": parameter counts, which pages print with the suffix."""


LENGTH = frozenset({"seq_len"})
CELL_LENGTH = re.compile(r"\s*(\d{1,3}(?:,\d{3})*|\d{1,7})\s?([kKM])?\s*(?:tokens?)?\s*")


def cell_length(text: str) -> Fraction | None:
    """A context-length cell: a plain number or one with the "K" a length is printed with ("2k", "128K tokens"),
    read as ``match.find_seq_len`` reads it in running text (2k is 2,048 tokens)."""
    found = CELL_LENGTH.fullmatch(text.replace("*", ""))
    if found is None:
        return None
    return Fraction(seq_len_count(int(found[1].replace(",", "")), found[2] or ""))


def counts_of(symbols: frozenset[str]) -> bool:
    return bool(symbols) and symbols <= PARAMETER_COUNTS


def cell_count(text: str) -> Fraction | None:
    """A parameter-count cell: a plain number, or a count as pages print a model's size ("7B", "~1.5T"), read as
    ``noise.parameter_counts`` reads one in running text."""
    from .noise import parameter_counts

    bare = text.strip().lstrip("~").strip()
    counts = parameter_counts(bare)
    if len(counts) == 1 and counts[0][:2] == (0, len(bare)):
        return Fraction(int(counts[0][2]))
    return cell_number(text)


def column_inputs(header: str, aliases: dict[str, set[str]], first: bool = False) -> list[frozenset[str]]:
    """The inputs a column header names, one per part of a header that lists several ("heads / h_kv");
    [] unless every part names one. ``first``: the table's first column, whose rows a name and its letter set."""
    parts = [p.strip() for p in LISTED_NAMES.split(header)] if LISTED_NAMES.search(header) else [header]
    named = [column_symbols(p, aliases, first) for p in parts]
    return named if all(named) else []


LISTED_NAMES = re.compile(r"\s+/\s+|\s*×\s*")
"""How a header lists the inputs its cells give, in order: "heads / h_kv" over "64 / 8", "Batch × Context" over "1 × 2K"."""


HEADER_NAMES = {
    "params": ("n_params",), "parameters": ("n_params",), "# params": ("n_params",), "#params": ("n_params",),
    "param count": ("n_params",), "parameter count": ("n_params",),
    "context": ("seq_len",), "ctx": ("seq_len",), "context size": ("seq_len",), "context window": ("seq_len",),
    "prompt": ("seq_len", "input_tokens"), "prompt tokens": ("seq_len", "input_tokens"), "prompt length": ("seq_len", "input_tokens"),
    "concurrency": ("batch",), "concurrent requests": ("batch",), "concurrent sequences": ("batch",),
}
"""Column headers that name an input only as a header: "| Model | Params | FP16 |" gives each row's parameter count,
"| Context | KV cache |" each row's length, where "parameters" or "context" in running text names nothing by itself."""


def column_symbols(header: str, aliases: dict[str, set[str]], lettered: bool = False) -> frozenset[str]:
    """The inputs a column header names: the name in its parentheses or code ("H (`kv_heads`)"), else
    its words ("Batch size"), or with ``lettered`` its words before the letter it writes for them ("Batch B", the
    first column a table's rows are set by; a later "Concurrency B" is more often what the row works out). A lone
    letter ("$L$", "D") is left alone: pages reuse letters freely."""
    named = re.findall(r"\(([^()]{2,30})\)|`([^`]{2,30})`", header)
    plain = re.sub(r"\s*\([^()]*\)\s*$", "", re.sub(r"[`*$]", "", header)).strip()
    words = re.sub(r"\s+[A-Za-z]$", "", plain) if lettered else plain  # "Batch B": the words, and the page's letter for them
    for name in [a or b for a, b in named] + [plain] + ([words] if words != plain else []):
        if len(name) > 1 and name.lower() in aliases:
            return frozenset(aliases[name.lower()])
        if name.lower() in HEADER_NAMES:
            return frozenset(HEADER_NAMES[name.lower()])
    return frozenset()
