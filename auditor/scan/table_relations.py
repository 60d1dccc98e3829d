"""Sums a table implies: a column (or row) that is, in nearly every line, the same arithmetic of others.

A table of FLOP counts whose last column is the sum of the four before it in every row, or a
throughput row that is the batch in its header over the step time above it in every column, prints
its arithmetic as surely as "a + b = c" does, once for the table instead of once per cell. Such a
relation is found from the cells alone: it must hold, at the printed precision of every cell it
reads, in at least ``MIN_HOLDING`` lines and fail in at most one. It is then proposed for every
line, so a cell that breaks its table's own rule is audited like any other printed sum, and its
operands are given as printed, so the rounding of the cells it reads is the slack it gets.

Only cells the scan proposes nothing else for take a relation; a column the catalogue's formulas
price (weights by dtype) keeps its formula. The kinds tried are few on purpose (a run of adjacent
lines summed, one line times, over or less another), so a relation is rarely a coincidence of round
numbers: each must hold in three lines at their printed precision.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product

from auditor.base.errors import QuantityError
from auditor.base.units import parse_unit, unit_or_none

from .settings import SETTING
from .tables import Cell, Table, counted_rate, header_unit

REMARK = re.compile(r"(?<=\S)\s+\([^()]{1,60}\)$")
"""A parenthetical after a cell's figure, which says how it was counted."""
SHARE_OR_RATIO = re.compile(r"(?P<plus>[+\-−])?(?P<digits>\d{1,6}(?:\.\d{1,6})?)\s?(?P<sign>[%×x])|(?P<lead>[×xX])(?P<led>\d{1,6}(?:\.\d{1,6})?)")
"""A cell printed as a share or a ratio: "56%", "17.90×", or the sign first, "x2"; a percent with its sign ("+0.5%",
"-14.1%") is a change, read only where a line of changes is asked for."""
MARKS = re.compile(r"[\s✅❌✓✔✗✘⚠️🟢🔴]+$")
"""Marks a cell's figure may carry after it ("+37.7% ❌"), which say what the figure means, not what it is."""
MIN_HOLDING = 3
MAX_FAILING = 1
MAX_LINES = 12  # lines of one orientation tried as operands: a wider table is data, not a worked example
COUNT_DIMENSIONS = frozenset({"[token]"})
PREFIXES = frozenset({"k", "K", "M", "G", "T", "P"})  # a cell's bare prefix, which its column's unit completes
FLOPS_COUNT = re.compile(r"\b([kMGTPE]?)FLOPs$")  # "TFLOPs": a count as the unit reads, a rate in a column of GPUs  # "Batch Size" over a step time is tokens per second
# a cell's number: a digit run no longer than a table prints ("9" * 5000 is no number to read)
CELL = re.compile(r"^\s*(?P<mantissa>\d{1,3}(?:,\d{3}){1,10}(?:\.\d{1,30})?|\d{1,30}(?:\.\d{1,30})?)(?:\s*[×x]\s*10\^(?P<exponent>-?\d{1,3})|[eE](?P<e_exponent>[+-]?\d{1,3}))?\s*(?P<unit>[A-Za-z/]{1,12})?\s*$")


@dataclass(frozen=True)
class Value:
    """A cell's number as printed: its text, its value and half-width in base units, its dimensions, and the
    digits and power of ten it prints (``mantissa``, ``exponent``) with its unit's scale (``factor``); ``signed`` for
    a percent printed with its sign, a change against another line."""

    cell: Cell
    text: str
    base: Fraction
    half: Fraction
    dimensions: tuple
    mantissa: str = ""
    exponent: int = 0
    factor: Fraction = Fraction(1)
    signed: bool = False


@dataclass(frozen=True)
class Relation:
    """One target cell and the arithmetic its table's rule gives it: ``expression`` over ``given`` names."""

    cell: Cell
    expression: str
    given: dict
    unit: str
    evidence: str
    operands: tuple = ()  # the cells it reads: the table's inputs, never worked out from its results


def table_relations(tables: list[Table], constants=None) -> list[Relation]:
    """Every cell a table's own arithmetic prices, for every table of the page; ``constants(table)`` gives the
    figures the page prints before a table, each a ``Cell``, for a line that is another line times one of them."""
    found: list[Relation] = []
    for table in tables:
        figures = [v for v in map(lambda c: cell_value(c, ""), constants(table) if constants else ()) if v is not None and v.base]
        # one figure printed twice ("295× less", "batch ~295") is one constant: the nearest printing stands for both
        figures = list({(v.base, v.dimensions): v for v in figures}.values())
        first, last = table.rows[0][0].start if table.rows and table.rows[0] else 0, table.rows[-1][-1].end if table.rows and table.rows[-1] else 0
        own = [v for v in figures if first <= v.cell.start < last]  # the table's own "Total" line
        for lines in _orientations(table):
            found += _relations(lines, figures if len(lines) > 2 else own)
        found += _header_scalings(table)
    seen, unique = set(), []
    for relation in found:
        if relation.cell.start not in seen:
            seen.add(relation.cell.start)
            unique.append(relation)
    return unique


@dataclass
class _Line:
    name: str
    unit: str
    values: list[Value | None]
    setting: bool = False  # the table's first column, or a header row of numbers: what the other lines are of


def _orientations(table: Table) -> list[list[_Line]]:
    """The table's columns (named by the header), or, under a header row of numbers ("Batch Size | 1 | 8"),
    its rows (named by their first cell). A first column or header row of numbers is a setting: an
    operand, never a target nor a term of a sum."""
    rows = table.rows
    if len(rows) < 2 or not table.header:
        return []
    body = table.body
    if table.transposed:
        return [[_line(table.header[0].text, table.header[1:], setting=True)] + [_line(r[0].text, r[1:]) for r in body]]
    first = _line(table.header[0].text, [r[0] for r in body], setting=True)
    columns = [first] if all(first.values) else _named_settings([r[0] for r in body])
    return [columns + [_line(table.header[i].text, [r[i] for r in body]) for i in range(1, len(table.header))]]


def _named_settings(cells: list[Cell]) -> list[_Line]:
    """The settings a first column writes out in every row ("| B=1, S=128 |", "| B=4, S=512 |"): one setting line
    per name, each row's value at its place in the cell, where every row names the same settings and nothing else."""
    found = []
    for cell in cells:
        settings = list(SETTING.finditer(cell.text))  # "B=4" of "| B=4, CTX=512 |", as the page's prose sets a name
        rest = SETTING.sub("", cell.text)
        if not settings or re.search(r"[^\s,;/|*`]", rest):
            return []
        found.append({m["name"]: Cell(cell.start + m.start("value"), cell.start + m.end("value"), m["value"]) for m in settings})
    names = list(found[0]) if found else []
    if any(list(row) != names for row in found):
        return []
    return [_line(name, [row[name] for row in found], setting=True) for name in names]


def _line(name: str, cells: list[Cell], setting: bool = False) -> _Line:
    unit = header_unit(name) or counted_rate(name)
    return _Line(name, unit, [cell_value(c, unit, changes=True) for c in cells], setting)


def cell_value(cell: Cell, unit: str, changes: bool = False) -> Value | None:
    """The cell's number in base units with its printed half-width, in its own unit or its column's; None for text.
    A percent with its sign is a change, read as one (negative for a fall) only where ``changes`` asks for it."""
    text = re.sub(r"[*`$]", "", cell.text).strip().lstrip("~≈").strip()  # "~174 GB": a rounded figure is a figure
    text = MARKS.sub("", REMARK.sub("", text))  # "2 (1 multiply + 1 add)": a figure with a remark on it
    share = SHARE_OR_RATIO.fullmatch(text) if not unit else None
    if share is not None and (not share["plus"] or (changes and share["sign"] == "%")):
        # "56%" under "% of Theoretical", "17.90×" under "Max concurrency": a plain number; "-14.1%", a change
        digits, percent = share["digits"] or share["led"], share["sign"] == "%"
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        scale = Fraction(1, 100) if percent else Fraction(1)
        half = Fraction(1, 2) * Fraction(10) ** -decimals * scale
        sign = -1 if share["plus"] in ("-", "−") else 1
        return Value(cell, f"{share['plus'] or ''}{digits}%" if percent else digits, sign * Fraction(digits) * scale, half, (), digits,
                     -2 if percent else 0, Fraction(1), bool(share["plus"]))
    match = CELL.match(text)
    if not match:
        return None
    mantissa = match["mantissa"].replace(",", "")
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    exponent = match["exponent"] or match["e_exponent"]
    scale = Fraction(10) ** int(exponent) if exponent else Fraction(1)
    written = match["unit"] or unit
    if match["unit"] in PREFIXES and unit:
        written = match["unit"] + unit  # "10 G" under "Flops": ten GFlops, the prefix on the column's unit
    try:
        parsed = parse_unit(written) if written else None
    except QuantityError:
        return None
    factor = parsed.factor if parsed else Fraction(1)
    half = Fraction(1, 2) * Fraction(10) ** -decimals * scale if decimals or exponent else Fraction(0)
    printed = mantissa + (f"e{int(exponent)}" if exponent else "") + (f" {written}" if written else "")
    dimensions = parsed.dimensions if parsed else ()
    return Value(cell, printed, Fraction(mantissa) * scale * factor, half * factor, dimensions, mantissa, int(exponent or 0), factor)


def _relations(lines: list[_Line], figures: list[Value] = ()) -> list[Relation]:
    if not 2 <= len(lines) <= MAX_LINES:
        return []
    found, changes = [], {i for i, line in enumerate(lines) if any(v is not None and v.signed for v in line.values)}
    for target in changes:
        # "| 5.71 | +0.5% |" under "| 5.68 | 0% |": each line's change against the line its table prints 0% on
        if (change := _best(lines, target, _baselines(lines, target, ZERO_ANCHORED), _tally_baseline)) is not None:
            found += _scaled(lines, target, change, f"{change[2].text}, its line's figure where this one is 0%")
        elif (change := _best(lines, target, _changes(lines, target), _tally)) is not None:
            found += _proposed(lines, target, change)  # "| 579.86 | 561.44 | -3.2% |": one line's change against another's
    lines = [_Line(line.name, line.unit, [None] * len(line.values)) if i in changes else line for i, line in enumerate(lines)]
    if len(lines) == 2 and not figures:
        # two lines are a rule only through a figure of the table's own: its "Total" line's ("| 140 GB | 82% |" over
        # 170 GB), or the place a line of ratios prints 1 ("| 42 | 1x |" over "| 68 | 1.6x |")
        baseline = _best(lines, 1, _baselines(lines, 1), _tally_baseline) if _varies(lines[1]) else None
        return found + (_scaled(lines, 1, baseline, f"{baseline[2].text}, its line's figure where this one is 1") if baseline else [])
    for target in range(len(lines)):
        if lines[target].setting or target in changes:
            continue
        best = _best(lines, target, _candidates(lines, target), _tally) if len(lines) > 2 else None
        if best is not None:
            found += _proposed(lines, target, best)
            continue
        scaled = _best(lines, target, _scalings(lines, target, figures), _tally_scaled, failing=0) if figures and _varies(lines[target]) else None
        running = _best(lines, target, ((RUNNING, (a,)) for a in range(target) if not lines[a].setting), _tally_running) if scaled is None and len(lines) > 2 else None
        if scaled is not None:
            found += _scaled(lines, target, scaled)
        elif running is not None:
            found += _running_total(lines, target, running[1][0])
        elif len(lines) > 2 and _varies(lines[target]) and (baseline := _best(lines, target, _baselines(lines, target), _tally_baseline)) is not None:
            found += _scaled(lines, target, baseline, f"{baseline[2].text}, its line's figure where this one is 1")
    return found


RUNNING = "running"
"""A line that adds each line's figure of another to its own line before ("| 3000 | 3500 |" under "| 500 | 500 |"): a
cumulative total, which a table of turns, days or steps keeps beside what each one adds."""


def _running_steps(lines: list[_Line], target: int, index: int):
    """(position, the total before, the figure added, the total) for each line of a running total whose three are printed."""
    totals, added = lines[target].values, lines[index].values
    for position in range(1, len(totals)):
        before, goal = totals[position - 1], totals[position]
        step = added[position] if position < len(added) else None
        if before is not None and goal is not None and step is not None:
            yield position, before, step, goal


def _tally_running(lines: list[_Line], target: int, candidate) -> tuple[int, int]:
    """(lines holding, lines failing) of the target as its line before plus the other line's figure in its own."""
    holding = failing = 0
    for _, before, step, goal in _running_steps(lines, target, candidate[1][0]):
        if not _same_kind(goal, [before, step], "+") or step.base <= 0 or step.text.endswith("%") != goal.text.endswith("%"):
            return 0, 0  # a share added to a ratio ("~2x" and "~22%") is no running total
        low, high = _range("+", [before, step])
        half = goal.half or _last_digit(goal) / 2
        holding, failing = (holding + 1, failing) if high >= goal.base - half and low < goal.base + 2 * half else (holding, failing + 1)
    return holding, failing


def _running_total(lines: list[_Line], target: int, index: int) -> list[Relation]:
    """Each total after the first as the total printed above it plus the line's own figure."""
    name = operand_names([lines[index].name])[0]
    previous = "previous" if name != "previous" else "previous_total"
    rule = f"{lines[target].name or 'this line'} = the line above + {lines[index].name or 'the added figure'}, a running total in the table's other lines"
    return [Relation(goal.cell, f"{previous} + {name}", {previous: before.text, name: step.text}, lines[target].unit, rule, (before.cell, step.cell))
            for _, before, step, goal in _running_steps(lines, target, index)]


def _tally_baseline(lines: list[_Line], target: int, candidate) -> tuple[int, int]:
    """(lines holding, lines failing) of a ratio to a baseline, the baseline's own line aside (1 over itself holds by
    construction): the table's own place of 1 anchors the rule, so one line that breaks it is audited, as a line
    that breaks a sum of lines is."""
    op, index, figure = candidate
    holding = failing = 0
    for position, goal in enumerate(lines[target].values):
        a = lines[index].values[position] if position < len(lines[index].values) else None
        if goal is None or a is None or a.cell is figure.cell or a.base - a.half <= 0 or figure.base - figure.half <= 0:
            continue
        holding, failing = (holding + 1, failing) if _scaling_gives(op, a, figure, goal) else (holding, failing + 1)
    return holding, failing


ZERO_ANCHORED = "/-1"
"""A line of changes anchored where it prints 0%: another line's figure over that line's figure at the 0% place, less
one (``LINE_CHANGE`` is one line over another, row by row)."""


def _baselines(lines: list[_Line], target: int, kind: str = ""):
    """("/" or "\\", line, figure) for a line of ratios that prints 1 in one place ("| FP32 | 4.0 | 1.0× (baseline) |"):
    each line before it that varies, over (or under) its own figure in that place, the baseline every ratio is taken
    against ("| INT4 | 0.5 | 8.0× |" is 4.0 over 0.5); (``ZERO_ANCHORED``, line, figure) for a line of changes that prints 0%
    in one place ("| FP16 | 5.68 | 0% |" over "| INT8 | 5.71 | +0.5% |")."""
    seen = set()  # two lines in proportion ("Bits" and "Bytes/elem") give one rule, not two rival ones
    for position, goal in enumerate(lines[target].values):
        if goal is None or goal.base != (0 if kind == ZERO_ANCHORED else 1) or goal.dimensions:
            continue
        for index, line in enumerate(lines):
            figure = line.values[position] if (index < target or line.setting) and position < len(line.values) else None
            if figure is None or figure.base <= 0 or not _varies(line):
                continue
            shares = tuple(f"{float(v.base / figure.base):.2g}" if v is not None else None for v in line.values)  # to a table's rounding
            if shares not in seen:
                seen.add(shares)
                yield from (((ZERO_ANCHORED, index, figure),) if kind == ZERO_ANCHORED else (("/", index, figure), ("\\", index, figure)))


def _best(lines: list[_Line], target: int, candidates, tally, failing: int = MAX_FAILING):
    """The one rule that holds in the most lines (at least ``MIN_HOLDING``, failing in at most ``failing``);
    None when none does or two rules fit the same cells, for then neither is the table's.

    A rule through a figure printed before the table is one the scan picked among several: like a derivation
    (``derivations``), it must hold in every line it reads, and so reproduces the table, never accuses it. Two
    such rules that both hold in every line ("% Peak" as TFLOPS over 65 TFLOPS and as the intensity over the
    203 FLOP/B ridge, which is 65 TFLOPS over 320 GB/s) give every cell the same verdict, so the first stands."""
    best, allowed = None, failing
    for candidate in candidates:
        holding, failing = tally(lines, target, candidate)
        if holding >= MIN_HOLDING and failing <= allowed and (best is None or holding > best[0]):
            best = (holding, candidate, False)
        elif best is not None and holding == best[0] and holding >= MIN_HOLDING and failing <= allowed and allowed:
            best = (holding, best[1], True)
    return best[1] if best is not None and not best[2] else None


def _varies(line: _Line) -> bool:
    """A line whose cells are not all one figure: a constant line is any constant's multiple of any other."""
    return len({v.base for v in line.values if v is not None}) > 1


def _scalings(lines: list[_Line], target: int, figures: list[Value]):
    """("*", "/" or "\\", line, figure) for each earlier line that varies and each figure the page printed before the
    table: a throughput column that is the batch column times "10 GFLOP", a time that is a FLOP count over "990
    TFLOP/s", a cost that is an hourly price over a token rate ("\\": the figure over the line)."""
    goal = next((v for v in lines[target].values if v is not None), None)
    for index in range(len(lines)):
        if index != target and (index < target or lines[index].setting) and _varies(lines[index]):
            first = next(v for v in lines[index].values if v is not None)
            for figure in figures:
                if abs(figure.base - 1) > 0 or figure.dimensions:
                    for op in ("*", "/", "\\"):
                        if _dimensions_of(op, first.dimensions, figure.dimensions) == _plain_of(goal.dimensions):
                            yield (op, index, figure)  # only a figure whose unit meets the line's and the target's


@lru_cache(maxsize=1024)
def _dimensions_of(op: str, line: tuple, figure: tuple) -> dict:
    """The dimensions a line's cell and a figure give (worked out once per kind: a table asks it of every pair)."""
    a, b = Value(None, "", Fraction(1), Fraction(0), line), Value(None, "", Fraction(1), Fraction(0), figure)
    return _combined(*_as_binary(op, a, b)[::-1])


def _as_binary(op: str, line: Value, figure: Value) -> tuple[str, list[Value]]:
    """A scaling as the binary operation ``_range`` and ``_combined`` read: "\\" is the figure over the line."""
    return ("*" if op == "*" else "/"), ([figure, line] if op == "\\" else [line, figure])


@lru_cache(maxsize=1024)
def _plain_of(dimensions: tuple) -> dict:
    """Dimensions, counts of tokens aside (shared: never to be changed in place; ``_plain`` gives a copy)."""
    return {k: v for k, v in dimensions if k not in COUNT_DIMENSIONS}


def _tally_scaled(lines: list[_Line], target: int, candidate) -> tuple[int, int]:
    op, index, figure = candidate
    holding = 0
    for position, goal in enumerate(lines[target].values):
        a = lines[index].values[position] if position < len(lines[index].values) else None
        if goal is None or a is None or a.base - a.half <= 0 or figure.base - figure.half <= 0:
            continue  # a band that takes in zero bounds no quotient
        if _dimensions_of(op, a.dimensions, figure.dimensions) != _plain_of(goal.dimensions):
            return 0, 0  # the line's unit, the figure's and the target's do not meet: no row will
        if _scaling_gives(op, a, figure, goal):
            holding += 1
        else:
            return holding, 1  # a rule through a figure must hold in every line: the first miss ends it
    return holding, 0


def _scaling_gives(op: str, a: Value, figure: Value, goal: Value) -> bool:
    """Whether a line's cell scaled by a figure lands in the goal cell's printed band (half a last digit below, a
    whole one above), the cells' own rounding the slack."""
    low, high = _range(*_as_binary(op, a, figure))
    if op == ZERO_ANCHORED:
        low, high = low - 1, high - 1
    half = goal.half or _last_digit(goal) / 2
    return high >= goal.base - half and low < goal.base + 2 * half


def _scaled(lines: list[_Line], target: int, candidate, figure_said: str = "") -> list[Relation]:
    op, index, figure = candidate
    name = operand_names([lines[index].name])[0]
    expression = f"{name} * k" if op == "*" else f"{name} / k" if op == "/" else f"{name} / k - 1" if op == ZERO_ANCHORED else f"k / {name}"
    rule = f"{lines[target].name or 'this line'} = {expression.replace('_', ' ')}, k = {figure_said or figure.text}, in the table's other lines"
    found = []
    for position, goal in enumerate(lines[target].values):
        a = lines[index].values[position] if position < len(lines[index].values) else None
        if goal is not None and a is not None:
            found.append(Relation(goal.cell, expression, {name: a.text, "k": figure.text}, lines[target].unit, rule, (a.cell,)))
    return found


HEADER_FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:(\s)|(?=[A-Za-z]{2}))([A-Za-z][A-Za-z/]{0,11})(?![\w/])")


def header_figure(header: str) -> Value | None:
    """The one figure with a unit a column's header prints ("70B FP8 (70 GB) cold start": 70 GB), None for none or
    several. A model's name ("70B") is a count, not 70 bytes: a unit glued to its number must be two letters or more."""
    found = []
    for match in HEADER_FIGURE.finditer(header):
        value = cell_value(Cell(match.start(), match.end(), match.group(0)), "") if unit_or_none(match[3]) else None
        if value is not None and value.dimensions:
            found.append(value)
    return found[0] if len(found) == 1 else None


RATE = ((("[time]", Fraction(-1)),), "1/s")


def _as_rate(line: _Line) -> _Line:
    """A column of bare figures under a header that prints a rate's operand ("| H100 (3.35 TB/s) |" over "| 209 |"):
    read as so many a second, as a page leaves "tokens/s" to its reader; a column with units is itself."""
    if line.unit or any(v is not None and v.dimensions for v in line.values) or not any(line.values):
        return line
    values = [replace(v, dimensions=RATE[0]) if v is not None else None for v in line.values]
    return _Line(line.name, RATE[1], values, line.setting)


def _header_scalings(table: Table) -> list[Relation]:
    """Columns each of whose cells is its header's own figure times or over the row's cell in another column:
    "| Storage path | Effective bandwidth | 70B FP8 (70 GB) cold start | 70B FP16 (140 GB) cold start |" with "~12.5 GB/s"
    and "~6 seconds" in a row is 70 GB over 12.5 GB/s. One rule for all such columns, tallied over all their cells: it
    must hold in ``MIN_HOLDING`` of them and fail in none, as a rule through a figure the scan picked must
    (``_best``): it reproduces the table, never accuses it."""
    if table.transposed or not table.header or len(table.body) < 2:
        return []
    lines = _orientations(table)
    lines = lines[0] if lines else []
    figures = {i: figure for i, line in enumerate(lines) if not line.setting and (figure := header_figure(line.name)) is not None}
    if not figures:
        return []
    targets = [(lines[i], figure) for i, figure in figures.items()]
    operands = [i for i, line in enumerate(lines) if _varies(line) and i not in figures]
    labels = [header_figure(row[0].text) for row in table.body]
    if all(labels) and len({v.base for v in labels}) > 1 and not any(lines[i].setting for i in operands):
        # "| 7B (14 GB) | 143 | 239 |" under "| Model | A100 (2 TB/s) | H100 (3.35 TB/s) |": the row's own figure, in its label
        lines = lines + [_Line(table.header[0].text, "", labels, setting=True)]
        operands.append(len(lines) - 1)
    best = _best(lines, -1, product(operands, ("*", "/", "\\")), lambda lines, _, rule: _pooled_tally(lines, targets, rule), failing=0)
    if best is None:
        return []
    index, op = best
    found = []
    for target, figure in targets:
        read = _read_as(lines, index, op, target, figure)[1]
        found += _scaled([lines[index], read], 1, (op, 0, figure), f"the {figure.text} its header prints")
    return found


def _pooled_tally(lines: list[_Line], targets: list, rule) -> tuple[int, int]:
    """One rule's holds and misses over every column whose header prints a figure, each column read as ``_read_as`` reads it."""
    holding = failing = 0
    for target, figure in targets:
        (h, f), _ = _read_as(lines, *rule, target, figure)
        holding, failing = holding + h, failing + f
    return holding, failing


def _read_as(lines: list[_Line], index: int, op: str, target: _Line, figure: Value) -> tuple[tuple[int, int], _Line]:
    """(holds and misses, the column as read): a bare column as printed (users a budget holds), else, where that holds
    instead, as a rate a second ("| 209 |" tokens/s under "| H100 (3.35 TB/s) |")."""
    rate = _as_rate(target)
    tallies = [(_tally_scaled([lines[index], line], 1, (op, 0, figure)), line) for line in ((target,) if rate is target else (target, rate))]
    return next(((t, line) for t, line in tallies if t[0] and not t[1]), tallies[0])


BLEND_RATIO = re.compile(r"(?i)\bblend\w*\b.*?\(\s*([1-9]\d?)\s*:\s*([1-9]\d?)\s*\)")
"""A blended figure's header with the parts it mixes two others in: "Blended $/1M (3:1)"."""


def _blend_weights(op: str) -> tuple[int, int]:
    """The two parts of a blend ("blend 3:1": 3 and 1)."""
    first, second = op.split()[1].split(":")
    return int(first), int(second)


LINE_CHANGE = "change"
"""A line of changes from one line to another: the later over the earlier, less one ("Without | With | Change")."""


def _changes(lines: list[_Line], target: int):
    """(``LINE_CHANGE``, (old, new)) for each two lines of figures before a line of signed changes, either way round."""
    figures = [i for i in range(target) if not lines[i].setting and any(v is not None for v in lines[i].values)]
    yield from ((LINE_CHANGE, (a, b)) for a, b in product(figures, repeat=2) if a != b)


def _candidates(lines: list[_Line], target: int):
    """("+", run) for each run of two or more adjacent lines ending just before the target, ("1/", (a,)) for each
    line before it (a latency per token beside a rate of tokens a second), ("*", "/" or "-", (a, b)) for each pair
    before it (a saving is one cost less another). A table computes forward, left to right and top to bottom: a step time
    above a throughput is what the throughput is computed from, not the other way round, and a rule
    that ran both ways would be each cell vouching for the other."""
    for low in range(0, target - 1):
        if not any(lines[i].setting for i in range(low, target)):
            yield ("+", tuple(range(low, target)))
    for a in range(target):
        yield ("1/", (a,))
    if blend := BLEND_RATIO.search(lines[target].name):
        # "Blended $/1M (3:1)": three parts of one price to one of another, (3 × input + 1 × output) / 4
        yield from ((f"blend {blend[1]}:{blend[2]}", (a, b)) for a, b in product(range(target), repeat=2)
                    if a != b and not lines[a].setting and not lines[b].setting)
    for a, b in product(range(target), repeat=2):
        if a != b:
            if a < b:
                yield ("*", (a, b))
                if all(_times(lines[i]) for i in (a, b, target)):
                    yield ("max", (a, b))
            yield ("/", (a, b))
            yield ("-", (a, b))


def _tally(lines: list[_Line], target: int, candidate) -> tuple[int, int]:
    holding = failing = 0
    if _constant_one(lines, candidate) or (candidate[0] == "max" and not _each_the_larger(lines, candidate[1])):
        return 0, 0
    for position in range(len(lines[target].values)):
        goal = lines[target].values[position]
        operands = [lines[i].values[position] if position < len(lines[i].values) else None for i in candidate[1]]
        if goal is None or None in operands or any(o.base == 0 for o in operands):
            continue
        if not _same_kind(goal, operands, candidate[0]):
            return 0, 0
        low, high = _range(candidate[0], operands)
        half = goal.half or _last_digit(goal) / 2  # a whole result ("657" for 656.86) is rounded too
        if high >= goal.base - half and low < goal.base + 2 * half:  # rounded, or truncated (a whole digit above)
            holding += 1
        else:
            failing += 1
    return holding, failing


def _times(line: _Line) -> bool:
    """A line of durations: the larger of two is a rule only of times (a step is as slow as its slower roof)."""
    return any(v is not None for v in line.values) and all(v is None or dict(v.dimensions) == {"[time]": 1} for v in line.values)


def _each_the_larger(lines: list[_Line], indices: tuple) -> bool:
    """A roofline's runtime is the larger of its memory and compute times: a rule of the larger only where each
    operand is the larger in some line, else the target is a copy of one of them, not their maximum."""
    a, b = (lines[i].values for i in indices)
    pairs = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
    return any(x.base - x.half > y.base + y.half for x, y in pairs) and any(y.base - y.half > x.base + x.half for x, y in pairs)


def _last_digit(value: Value) -> Fraction:
    """What one unit of the value's last printed digit is worth in base units."""
    return Fraction(10) ** value.exponent * value.factor


def _constant_one(lines: list[_Line], candidate) -> bool:
    """An operand that is 1 in every line makes any copy of another line a 'product'."""
    op, indices = candidate
    if op in ("+", "-") or op.startswith("blend"):
        return False
    factors = indices if op in ("*", "1/") else indices[:1] if op == LINE_CHANGE else indices[1:]  # a quotient's divisor, a change's base,
    # either factor of a product, a reciprocal's line
    return any(all(v is None or v.base == 1 for v in lines[i].values) for i in factors)


def _same_kind(goal: Value, operands: list[Value], op: str) -> bool:
    """Dimensions agree (counts of tokens aside): a sum of like quantities, a product or quotient whose unit is the target's."""
    if op in ("+", "-", "max") or op.startswith("blend"):
        return all(_plain(o) == _plain(goal) for o in operands)
    if op == "1/":
        return _plain(goal) == {k: -v for k, v in _plain(operands[0]).items()}
    if op == LINE_CHANGE:
        return not goal.dimensions and _plain(operands[0]) == _plain(operands[1])
    if _in_base_units(goal, operands):
        return True
    return _plain(goal) in (_combined(operands, op), _with_rates(operands, op))


def _plain(value: Value) -> dict:
    return dict(_plain_of(value.dimensions))


def _combined(operands: list[Value], op: str, rates: tuple[bool, bool] = (False, False)) -> dict:
    """The dimensions of the product or quotient, counts of tokens aside; ``rates`` reads an operand's FLOPs as per second."""
    first, second = (_plain(o) for o in operands)
    for dimensions, rate in zip((first, second), rates):
        if rate:
            dimensions["[time]"] = dimensions.get("[time]", 0) - 1
    sign = 1 if op == "*" else -1
    combined = dict(first)
    for key, power in second.items():
        combined[key] = combined.get(key, 0) + sign * power
    return {k: v for k, v in combined.items() if v}


def _with_rates(operands: list[Value], op: str) -> dict | None:
    """The dimensions when each operand printed in "TFLOPs" (a count, as the unit reads) is the rate a GPU
    table means by it ("Compute (TFLOPs) | 989"): None when no operand is so printed."""
    rates = tuple(_flops_count(o) for o in operands)
    return _combined(operands, op, rates) if any(rates) else None


def _flops_count(value: Value) -> bool:
    return bool(FLOPS_COUNT.search(value.text)) and dict(value.dimensions) == {"[compute]": 1}


def _rate_text(value: Value) -> str:
    """"989 TFLOPs" as the rate it stands for, "989 TFLOP/s"."""
    return FLOPS_COUNT.sub(lambda m: m.group(1) + "FLOP/s", value.text)


def _in_base_units(goal: Value, operands: list[Value]) -> bool:
    """A column that prints no unit ("FP16 Ridge": 295) over columns that do ("989 TFLOPs", "3.35 TB/s").

    Such a column is read as the product or quotient of its operands in base units (FLOP, byte,
    second): a ridge point in FLOP per byte, whatever a page's "TFLOPs" means of time. Only a scale
    that is a power of ten is read so ("GiB" is not), so the operands can be given as printed digits.
    """
    return not goal.dimensions and all(o.dimensions and _decimal_scale(o) is not None for o in operands)


def _decimal_scale(value: Value) -> int | None:
    """The power of ten a value's unit scales it by, None when its factor is not one."""
    factor, exponent = value.factor, 0
    while factor >= 10 and factor.denominator == 1 and exponent < 30:
        factor, exponent = factor / 10, exponent + 1
    while factor < 1 and factor.numerator == 1 and exponent > -30:
        factor, exponent = factor * 10, exponent - 1
    return exponent if factor == 1 else None


def _range(op: str, operands: list[Value]) -> tuple[Fraction, Fraction]:
    if op.startswith("blend"):
        (first, second), (a, b) = _blend_weights(op), operands
        return ((first * (a.base - a.half) + second * (b.base - b.half)) / (first + second),
                (first * (a.base + a.half) + second * (b.base + b.half)) / (first + second))
    if op == "+":
        return sum(o.base - o.half for o in operands), sum(o.base + o.half for o in operands)
    if op == "max":
        return max(o.base - o.half for o in operands), max(o.base + o.half for o in operands)
    if op == "-":
        a, b = operands
        return a.base - a.half - b.base - b.half, a.base + a.half - b.base + b.half
    if op == "1/":
        (a,) = operands
        return 1 / (a.base + a.half), (1 / (a.base - a.half) if a.base > a.half else Fraction(10) ** 30)  # a band to zero bounds nothing
    if op == LINE_CHANGE:
        low, high = _range("/", operands[::-1])
        return low - 1, high - 1
    a, b = operands
    ends = [(x * y if op == "*" else x / y) for x in (a.base - a.half, a.base + a.half) for y in (b.base - b.half, b.base + b.half) if op == "*" or y]
    return min(ends), max(ends)


def _proposed(lines: list[_Line], target: int, candidate) -> list[Relation]:
    op, indices = candidate
    names = operand_names([lines[i].name for i in indices])
    if op.startswith("blend"):
        first, second = _blend_weights(op)
        expression = f"({first} * {names[0]} + {second} * {names[1]}) / {first + second}"
    else:
        expression = (f"max({', '.join(names)})" if op == "max" else f"1 / {names[0]}" if op == "1/"
                      else f"{names[1]} / {names[0]} - 1" if op == LINE_CHANGE else f" {op} ".join(names))
    rule = f"{lines[target].name or 'this line'} = {expression.replace('_', ' ')} in the table's other lines"
    found = []
    for position, goal in enumerate(lines[target].values):
        operands = [lines[i].values[position] if position < len(lines[i].values) else None for i in indices]
        if goal is None or None in operands:
            continue
        bare = op not in ("1/", LINE_CHANGE) and _in_base_units(goal, operands)
        as_rates = op not in ("+", "-", "max", "1/", LINE_CHANGE) and not op.startswith("blend") and not bare and _combined(operands, op) != _plain(goal) and _with_rates(operands, op) == _plain(goal)
        given = {name: _base_text(value) if bare else _rate_text(value) if as_rates and _flops_count(value) else value.text
                 for name, value in zip(names, operands)}
        found.append(Relation(goal.cell, expression, given, lines[target].unit, rule, tuple(o.cell for o in operands)))
    return found


def _base_text(value: Value) -> str:
    """The value in base units, in the digits it was printed with: "989 TFLOPs" as "989e12"."""
    exponent = value.exponent + (_decimal_scale(value) or 0)
    return value.mantissa + (f"e{exponent}" if exponent else "")


def operand_names(headers: list[str]) -> list[str]:
    """Identifiers for the operands: the headers' words ("LM head" as LM_head), else a, b, c."""
    names = []
    for header in headers:
        words = re.findall(r"[A-Za-z][A-Za-z0-9]*", re.sub(r"\([^)]*\)", "", header))
        name = "_".join(words)[:24]
        names.append(name)
    if all(names) and len(set(names)) == len(names) and not any(_is_unit_name(n) for n in names):
        return names
    return [chr(ord("a") + i) for i in range(len(headers))]


def _is_unit_name(name: str) -> bool:
    return unit_or_none(name) is not None
