"""Which lines of a code block set out arithmetic, for a Markdown fence and an HTML ``<pre>`` alike.

A code block is not prose, but pages do their napkin math in one: a chain of "= ..." lines, a line
with ×, ÷ or ≈, a number with its unit. Those lines are read; the program text around them is not.
A comment is prose inside the program: one that works a number ("# seq=2048: 480 / 0.66 = 727",
"# = 8") is read, and so is the number a plain assignment gives it ("kv_fp16 = 1.34  # GB for ...").
"""

from __future__ import annotations

import re

CHAINED = re.compile(r"^[ \t]*=[ \t]*[~≈]?[ \t]*[\d(]", re.MULTILINE)
MATH_SIGNS = re.compile(r"[×÷≈]")
"""Signs a page's napkin math uses and program code never does: a code block's line with one is worked math."""
NUMBERS_EQUAL = re.compile(r"\d[\d,.]*[ \t]*(?://|[-+*/^])[ \t]*\(?[ \t]*\d[\d,.]*[^=\n]*?=[ \t]*[~≈]?[ \t]*\$?\d")
"""Numbers worked into a result on the right of "=" ("Ratio: 5,841 / 960 = 6.1x"): no program assigns to a sum."""
PARTS_AFTER = re.compile(r"\d[ \t]+\((?:[A-Za-z][\w-]{0,30}:?[ \t]+){0,3}\$?\d[^()\n]{0,160}\)")
"""A figure and the sum that gives it in brackets, a space apart ("22 (21 serving + 1 redundant)"): no program puts a
bracket after a number. The bracket must also hold a sign between spaces (``_parts_after``)."""
SIGN_APART = re.compile(r"[ \t][-+×*/][ \t]")


def _parts_after(code: str) -> bool:
    """Whether the line prints a figure with the sum that gives it in brackets after it."""
    return any(SIGN_APART.search(m.group(0)) for m in PARTS_AFTER.finditer(code))


def _quantities_in(line: str) -> bool:
    """Whether the line prints a number with a unit ("Single B200:   8 TB/s", "Flops per GPU = 10 PFLOPS") or a price
    with what it is per ("$3/hr"), which no program text does outside a comment: a code block used to set out a
    calculation."""
    from auditor.documents.locate import NUMBER_TOKEN

    from .locate import price, unit_after

    for match in NUMBER_TOKEN.finditer(line):
        found = unit_after(line, match.end(), line[: match.start()])
        if found and found[0] and found[0] not in ("K", "k", "M", "B", "T", "×"):
            return True  # "TOTAL: 545x ROI": a ratio glued to its sign, which no program prints ("0x1F" is no ratio)
        if price(line, match) is not None:  # "$3/hr  /  18 M tok/hr  =  ~$0.17 per million output tokens"
            return True
    return False


def worked_lines(lines: list[str], fenced: bool) -> set[int]:
    """The indices of a code block's lines that set out arithmetic: a line going on a chain of equalities (and the
    line it goes on from), a line with a sign of napkin math or a number with its unit. ``fenced``: the first and
    last lines are the fence's own (a Markdown fence), not content (an HTML ``<pre>``)."""
    kept = set()
    first, last = (1, len(lines) - 1) if fenced else (0, len(lines))
    for index in range(first, last):
        line = lines[index]
        if CHAINED.match(line):
            kept.update(i for i in (index - 1, index) if i >= first)
        elif MATH_SIGNS.search(line) or NUMBERS_EQUAL.search(_code_of(line)) or _parts_after(_code_of(line)) or _quantities_in(line):
            kept.add(index)
    if kept:  # a short line naming a model's size over worked lines ("70B WEIGHTS" over a bar chart) is their setup
        kept.update(i for i in range(first, last) if SIZE_LABEL.fullmatch(lines[i]))
    return kept


SIZE_LABEL = re.compile(r"[ \t#*=-]*(?:[A-Za-z][\w.-]*[ \t]+)?\d+(?:\.\d+)?[BM][ \t]+[A-Za-z][A-Za-z ]{0,30}[:\s]*")
"""A code block's line that only names a parameter count and what follows is of it: "7B WEIGHTS", "Llama 70B model:"."""


HASH_COMMENT = re.compile(r"(?:^|(?<=\s))#+[ \t]?")
SLASH_COMMENT = re.compile(r"^[ \t]*//[ \t]?|(?<=;)[ \t]*//[ \t]?")  # "//" elsewhere may be a floor division
WORKED_COMMENT = re.compile(r"=\s*[~≈]?\s*\d|[×÷≈]")
PLAIN_ASSIGNMENT = re.compile(r"^[ \t]*[A-Za-z_]\w*[ \t]*=[ \t]*\d[\d_.,]*[ \t]*$")


def worked_parts(lines: list[str], fenced: bool) -> dict[int, list[tuple]]:
    """For each line of a code block to read, the column spans to read of it: the whole of a worked line
    (``worked_lines``); of a line whose comment works a number, the comment, with the assignment before it
    when that only gives a number ("kv_budget = 480  # GB left" reads "kv_budget = 480 GB left"); of a line of
    plain arithmetic whose comment is one figure, the arithmetic and the figure as its result. A span may carry a
    third item, what is read after it (``RESULT_JOIN``); a space otherwise."""
    parts = {index: _without_result_mark(lines[index]) for index in worked_lines(lines, fenced)}
    first, last = (1, len(lines) - 1) if fenced else (0, len(lines))
    for index in range(first, last):
        if index in parts:
            continue
        line = lines[index]
        comment = _comment(line)
        if comment is None:
            continue
        said, code = line[comment.end() :], line[: comment.start()]
        if (result := _result_comment(line)) is not None:
            parts[index] = result
            continue
        assigned = bool(PLAIN_ASSIGNMENT.match(code))
        if not (WORKED_COMMENT.search(said) or _quantities_in(said) or (assigned and _unit_first(said))):
            continue
        spans = [(0, len(code.rstrip()))] if assigned else []
        parts[index] = spans + [(comment.end(), len(line))]
    if any(KEYED_FIGURE.match(lines[i]) for i in range(first, last)):
        for index in range(first, last):  # '"total_hbm_gb": 2304': a figure its key names the unit of, and the counts beside it
            if index not in parts and (keyed := KEYED_FIGURE.match(lines[index]) or KEYED_COUNT.match(lines[index])):
                unit = KEY_UNITS.get((keyed.groupdict().get("unit") or "").lower(), "")
                parts[index] = [(keyed.start("key"), keyed.end("key"), ": "), (keyed.start("value"), keyed.end("value"), f" {unit} " if unit else " ")]
    if parts:  # a comment naming a model's size over the worked lines ("# LLaMA-2 70B (GQA) at various lengths") is their setup
        for index in range(first, last):
            comment = _comment(lines[index])
            if index not in parts and comment is not None and MODEL_SIZE.search(lines[index], comment.end()):
                parts[index] = [(comment.end(), len(lines[index]))]
            elif index not in parts and (setting := NUMBER_SETTING.match(_code_of(lines[index]))):
                # "    seq_len=4096,", "dtype_bytes: int = 2  # float16": the setting the worked lines are of, and what its comment says of it
                parts[index] = [(0, setting.end("value"))] + ([(comment.end(), len(lines[index]))] if comment is not None else [])
    parts.update(aligned_tables(lines, first, last))
    return parts


FIELD = re.compile(r"\S+(?:[ ]\S+)*")
"""A column's text on a line of printed output: words a single space apart, two spaces or a tab end it."""
RULE_LINE = re.compile(r"[ \t|+]*[-=─━:]{3,}(?:[ \t|+]+[-=─━:]{3,})*[ \t|+]*")
"""A rule under a printed table's header ("---------  ------", "------|-----"), or across it above its total."""
FIGURE_FIELD = re.compile(r"[~≈<>]?[ \t]*\$?[-+]?\d")
MIN_ALIGNED_ROWS = 2
ROW_NOTE = re.compile(r"(?:←|⟵|◄|◀|<-+|#|//)")
"""What opens a note a printed table's row carries past its last column: an arrow pointing at the row, or a comment."""


def aligned_tables(lines: list[str], first: int, last: int) -> dict[int, list[tuple]]:
    """The lines of a program's printed table ("Devs/node   light  medium" over "80   57,001  17,031"), each written as a
    pipe row, the header with the rule a table needs after it: a header of words, then (past any rule) rows of as many
    columns, two spaces apart, two of them or more with a figure after the first. No program statement lines up so.
    A block ruled with pipes ("------|------") is a pipe table pasted without its outer pipes: its columns are split
    at the pipes, and a rule above its total line does not end it."""
    found: dict[int, list[tuple]] = {}
    piped = any(TABLE_RULE.match(lines[i]) for i in range(first, last))
    index = first
    while index < last:
        header = _fields(lines[index], piped)
        if len(header) < 2 or any(FIGURE_FIELD.match(f) or f.startswith(("=", "#", "//")) for _, _, f in header):
            index += 1
            continue
        row = index + 1
        while row < last and RULE_LINE.fullmatch(lines[row]):
            row += 1
        rows = []
        while row < last:
            if RULE_LINE.fullmatch(lines[row]):
                if piped and row + 1 < last and len(_fields(lines[row + 1], piped)) == len(header):
                    row += 1  # the rule above a total line
                    continue
                break
            fields = _fields(lines[row], piped)
            if len(fields) == len(header) + 1 and ROW_NOTE.match(fields[-1][2]):
                fields = fields[:-1]  # "49  65.8 GB ... 1,732   ← CAPACITY WALL": the row, with a note pointed at it
            if len(fields) != len(header) or any(f.startswith("=") for _, _, f in fields):
                break
            rows.append((row, fields))
            row += 1
        if sum(any(FIGURE_FIELD.match(f) for _, _, f in fields[1:]) for _, fields in rows) < MIN_ALIGNED_ROWS:
            index = max(index + 1, row - 1)  # a later line of the same run has fewer rows under it: only its last may head one
            continue
        rule = " |\n|" + "---|" * len(header)
        for at, fields in [(index, header)] + rows:
            spans = [(0, 0, "| ")] + [(low, high, " | ") for low, high, _ in fields]
            spans[-1] = (spans[-1][0], spans[-1][1], rule if at == index else " |")
            found[at] = spans
        index = row
    return found


def _fields(line: str, piped: bool = False) -> list[tuple[int, int, str]]:
    """The columns of a line of printed output, each (start, end, text): split at its pipes in a block ruled with
    them, else at each gap of two spaces or a tab."""
    if piped:
        if "|" not in line:
            return []
        found, start = [], 0
        for part in line.split("|"):
            text = part.strip()
            if text:
                low = start + part.index(text)
                found.append((low, low + len(text), text))
            start += len(part) + 1
        return found
    if "\t" in line:
        line = line.replace("\t", "  ")
    return [(m.start(), m.end(), m.group(0)) for m in FIELD.finditer(line)]


KEY_UNITS = {"gb": "GB", "gib": "GiB", "tb": "TB", "tib": "TiB", "mb": "MB", "mib": "MiB", "kb": "kB", "kib": "KiB", "kw": "kW",
             "ms": "ms", "usd": "USD"}
"""The unit a configuration key's last word names ("total_hbm_gb", "kv_per_session_gib", "power_kw_max" aside)."""
KEYED_FIGURE = re.compile(r"[ \t]*[\"']?(?P<key>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*?_(?P<unit>" + "|".join(KEY_UNITS)
                          + r"))[\"']?[ \t]*[:=][ \t]*(?P<value>\d[\d_]*(?:\.\d+)?)[ \t]*,?[ \t]*$", re.IGNORECASE)
"""A JSON, YAML or Python line that sets a figure whose key ends in its unit: '"total_hbm_gb": 2304,'."""
KEYED_COUNT = re.compile(r"[ \t]*[\"']?(?P<key>[A-Za-z][A-Za-z0-9_]{0,40})[\"']?[ \t]*[:=][ \t]*(?P<value>\d[\d_]*(?:\.\d+)?)[ \t]*,?[ \t]*$")
"""A plain count set beside such figures ('"gpus": 8'), an operand they may be worked from."""
CODE_PREFIX = re.compile(r"[ \t]*(?:[\"']?[A-Za-z_][\w.\[\]]{0,60}[\"']?[ \t]*[:=][ \t]*)?")
"""What may come before a program line's value: a name or a key and its "=" or ":" ('"cost": ', 'kv = ')."""
ARITHMETIC_ONLY = re.compile(r"[\d_.\s()+\-*/]+")
OPERATION = re.compile(r"\d[\d_.]*[\s)]*(?:\*\*|[-+*/])[\s(]*\d")
"""Plain arithmetic on numbers: a line of digits, operators and brackets only, with an operator between two numbers."""
MAX_CODE_LINE = 400  # characters: a program line of arithmetic is short, and a long one is read as nothing
LONE_FIGURE = re.compile(r"[ \t]*[~≈]?[ \t]*\$?\d[\d,_]*(?:\.\d+)?(?:[ \t]*[A-Za-z%/][A-Za-z/%]{0,11})?[ \t]*")
"""A comment that is one figure, with its unit or sign ("# $0.14", "# 327,680 bytes"): the result of the code before it."""
RESULT_JOIN = " = "  # what a part's end reads as when the part after it is its result


NUMBER_SETTING = re.compile(r"^[ \t]*[A-Za-z_]\w*(?:[ \t]*:[ \t]*(?:int|float))?[ \t]*=[ \t]*(?P<value>\d[\d_]*(?:\.\d+)?)[ \t]*,?[ \t]*$")
"""A name set to a number in a code block whose other lines work the page's arithmetic ("num_layers=80,",
"batch_size = 32"): an input the worked lines use, read as a setting; a program's other statements are not."""


MODEL_SIZE = re.compile(r"\b\d+(?:\.\d+)?[BM]\b")
"""A parameter count ("70B", "7.6B"): a comment that names one says which model the lines it heads are of."""


def _without_result_mark(line: str) -> list[tuple[int, int]]:
    """A worked line whose comment gives its result ("kv = 2 × 32 × 128 × 2   # = 2.15 GB") reads as one sum: the
    comment's mark is left out, so the result follows its sum."""
    comment = _comment(line)
    if (result := _result_comment(line)) is not None:
        return result
    if comment is None or not re.match(r"\s*[=≈~]", line[comment.end() :]):
        return [(0, len(line))]
    return [(0, comment.start()), (comment.end(), len(line))]


def _result_comment(line: str) -> list[tuple] | None:
    """'"cost": 2.50 / (50 * 3600) * 1_000_000,  # $0.14': plain arithmetic whose comment is one figure, read as the
    arithmetic and that figure as what it gives; None for any other line."""
    comment = _comment(line) if len(line) <= MAX_CODE_LINE else None
    if comment is None or not LONE_FIGURE.fullmatch(line[comment.end() :]):
        return None
    code = line[: comment.start()].rstrip().rstrip(",").rstrip()
    start = CODE_PREFIX.match(code).end()
    if not ARITHMETIC_ONLY.fullmatch(code, start) or not OPERATION.search(code, start):
        return None
    return [(start, len(code), RESULT_JOIN), (comment.end(), len(line))]


def _code_of(line: str) -> str:
    """The line before its comment: a comment that works a number is read on its own (``worked_parts``)."""
    comment = _comment(line)
    return line if comment is None else line[: comment.start()]


def _comment(line: str) -> re.Match | None:
    """Where the line's comment starts: a "#" after a space or at the start, a "//" at the start or after ";"."""
    return HASH_COMMENT.search(line) or SLASH_COMMENT.search(line)


def _unit_first(said: str) -> bool:
    """A comment that starts with the unit of the number assigned before it ("# GB for LLaMA-70B")."""
    from .locate import unit_after

    found = unit_after(" " + said, 0, "")
    return bool(found and found[0] and found[0] not in ("x", "×"))


TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")


def pipe_table(lines: list[str]) -> bool:
    """A block that holds nothing but a pipe table (a header, its rule, its rows): a table pasted as text, read whole."""
    content = [line for line in lines if line.strip()]
    return len(content) >= 3 and any(TABLE_RULE.match(line) for line in content) and all(line.lstrip().startswith("|") for line in content)
