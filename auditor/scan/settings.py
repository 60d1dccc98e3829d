"""The values a page sets for the names its sums use: "d_model = 8192", "| n_layers (L) | 80 |".

A sum such as "12 · 2 · n_layers · d_model² / 1.5e12 ≈ 69" is only checkable with the page's own
values for its names, and the page states them where it sets up the example: in a sentence ("where
d_model = 8192 and n_layers = 64"), or in a two-column table of hyperparameters whose rows name a
quantity and its letter ("n_layers (L) | 80"). A setting applies from where it is written on; the
nearest one before the sum wins, so a later example's values do not leak back into an earlier one.
A name after an operator ("B × per_stream_TPS = 432") is the last operand of a sum and its result, not a setting.
A page's notation table says what each of its letters means ("| `L` | average context length |"), which a
config's field of the same letter may not be (``symbol_meanings``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .sums import NUMBER

SETTING = re.compile(rf"(?<![\w./])(?<!per )(?P<name>[A-Za-z][A-Za-z0-9_]*)[ \t]*=\s*(?P<value>{NUMBER})(?![\dA-Za-z]|\.\d|\s*(?:[*/+×·÷^(]|x\s*\d|-\s*\d))")
TABLE_ROW = re.compile(
    rf"^[ \t]*\|\s*(?P<name>[A-Za-z][\w ]*?)\s*(?:\((?P<letter>[A-Za-z]{{1,3}})\))?\s*\|\s*(?P<value>{NUMBER})\s*\|[ \t]*$",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Setting:
    start: int
    end: int
    name: str
    value: int | float
    worked: bool = False  # the result of a sum the page prints: a value later sums reuse, and a claim of its own


NAMED_RESULT = re.compile(
    rf"(?<![\w./])(?P<name>[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+)[ \t]*=[ \t]*(?P<sum>[^=\n]{{1,160}}?[*/+×·÷][^=\n]{{0,160}}?)=[ \t]*"
    rf"(?P<value>{NUMBER})(?![\dA-Za-z]|\.\d|[ \t]*(?:[*/+×·÷^(]|x\s*\d|-\s*\d))")
"""A name given to a sum's result ("F_Q = 2T · 5120 · 8192 = 83,886,080 T"): a later sum that adds such names up ("F_Q +
F_K + F_V + F_O = 188,743,680 T") takes each at the result printed for it. Only a name with an underscore, as a page's
own symbols are written; a word ("Total = ...") names no value a later sum reuses."""


def find_settings(text: str) -> list[Setting]:
    """Every name the text sets to a number, in a sentence or a hyperparameter table, in order."""
    found = [Setting(m.start("value"), m.end("value"), m["name"], _number(m["value"])) for m in SETTING.finditer(text) if not _ends_a_sum(text, m.start())]
    found += [Setting(m.start("value"), m.end("value"), m["name"], _number(m["value"]), True) for m in NAMED_RESULT.finditer(text) if not _ends_a_sum(text, m.start())]
    for row in TABLE_ROW.finditer(text):
        if not row["letter"] and "_" not in row["name"]:
            continue  # "| bfloat16 | 0.27 |" is a result by dtype, not a hyperparameter
        value = _number(row["value"])
        for name in filter(None, (row["name"].strip().replace(" ", "_"), row["letter"])):
            found.append(Setting(row.start("value"), row.end("value"), name, value))
    return sorted(found, key=lambda s: s.start)


OPERAND_THEN_OPERATOR = re.compile(r"[\w)\]}][ \t]*[*/+×·÷^−-][ \t]*$")
NUMBER_BEFORE = re.compile(r"\d[ \t\u00a0]?$")


def _ends_a_sum(text: str, start: int) -> bool:
    """Whether the name at ``start`` is the last operand of a sum on its line ("B × per_stream_TPS = 432"):
    an operator with an operand before it, not a list's bullet ("- d_model = 8192"); or the unit of a number
    before it ("72B params × 2 bytes = 144 GB" sets no "bytes")."""
    line_start = text.rfind("\n", 0, start) + 1
    return bool(OPERAND_THEN_OPERATOR.search(text, line_start, start) or NUMBER_BEFORE.search(text, line_start, start))


AFTER_WITHIN = 400
"""How far after a sum a setting may follow it and still be its ("... = 69, where d_model = 8192"): further on, a name
such as "d" is set again for another example ("project from d=12288" two sections down)."""


def setting_for(settings: list[Setting], name: str, position: int, any_name: bool = False) -> int | float | None:
    """The value the nearest setting of ``name`` (of any name, with ``any_name``) before ``position`` gives, else the
    first one just after it."""
    found = setting_at(settings, name, position, any_name)
    return found.value if found is not None else None


def setting_at(settings: list[Setting], name: str, position: int, any_name: bool = False) -> Setting | None:
    """The setting ``setting_for`` reads, where it is written."""
    named = settings if any_name else [s for s in settings if s.name == name]
    before = [s for s in named if s.start < position]
    if before:
        return before[-1]
    after = [s for s in named if s.start - position <= AFTER_WITHIN]
    return after[0] if after else None


def _number(text: str) -> int | float:
    cleaned = text.replace(",", "").replace("_", "")
    if re.fullmatch(r"\d+", cleaned):
        return int(cleaned)
    value = float(cleaned)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def symbol_settings(settings: list[Setting], aliases: dict[str, set[str]]) -> dict[str, list[Setting]]:
    """The catalogue symbols the page's named settings give ("n_kv_heads (K) | 8"), each with its settings in order."""
    found: dict[str, list[Setting]] = {}
    for setting in settings:
        if len(setting.name) < 2:
            continue
        for symbol in aliases.get(setting.name.lower(), set()) | aliases.get(setting.name.lower().replace("_", " "), set()):
            found.setdefault(symbol, []).append(setting)
    return found


NOTATION_ROW = re.compile(r"^[ \t]*\|[ \t]*`?(?P<name>[A-Za-z\u0370-\u03ff][\w\u0370-\u03ff]{0,11})`?[ \t]*\|"
                          r"[ \t]*(?P<meaning>[A-Za-z][^|\n]{3,120}?)[ \t]*\|", re.MULTILINE)
"""A row of a notation table: a symbol alone in its first cell, a meaning in words in its second."""


def symbol_meanings(text: str) -> dict[str, str]:
    """The meaning in words the page's notation tables give each symbol, lowercased; a symbol given twice keeps its first."""
    found: dict[str, str] = {}
    for row in NOTATION_ROW.finditer(text):
        found.setdefault(row["name"], row["meaning"].lower())
    return found
