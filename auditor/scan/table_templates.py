"""Tables that sweep a formula the page writes with a letter: "KV cache (local) = 40 layers × min(T, 1024) tokens ×
4,096 bytes" above "| Context length (T) | Local KV cache | ...".

A page states its formula once, in the letter it varies, and tabulates it: the first column gives the
letter's values (its header names the letter), and each column beside it is one of the formulas, the
one whose label its header shares a word with. No catalogue formula is needed: each cell is the
page's own formula with the letter set to its row's value, and a column that does not follow its
formula is audited like any printed sum. Only a formula in one letter is read so, with numbers,
products, quotients, sums and min/max, and words that count (layers, tokens) dropped; "bytes" after
a number is its unit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .derivations import decimal
from .match import seq_len_count
from .sums import plain_number
from .tables import Table

WINDOW = 3000  # characters before the table where its formula may be written
LINE = re.compile(r"^[ \t>*#-]*(?P<label>[A-Za-z][^=\n]{1,60}?)[ \t]*=[ \t]*(?P<expression>[^=\n]{3,160}?)[ \t]*$", re.MULTILINE)
TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?|[A-Za-z_][A-Za-z_]*|[×x*·÷/+()\-,]|\s+|.")
BYTES = frozenset({"bytes", "byte", "B"})
FUNCTIONS = frozenset({"min", "max"})
HEADER_LETTER = re.compile(r"\(\s*([A-Za-z])\s*\)\s*$|\b([A-Za-z])\s*$")
LABEL_WORDS = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True)
class Template:
    """A formula the page writes in one letter: its label, the letter, and the expression in the safe parser's syntax."""

    start: int
    label: str
    letter: str
    expression: str


def templates(text: str, low: int, high: int) -> list[Template]:
    """The formulas in one letter written between ``low`` and ``high``."""
    found = []
    for match in LINE.finditer(text, low, high):
        parsed = _expression(match["expression"])
        if parsed is not None:
            found.append(Template(match.start("label"), match["label"].strip(), *parsed))
    return found


def _expression(written: str) -> tuple[str, str] | None:
    """(letter, expression) for a product, quotient or sum of numbers and one letter; None for anything else."""
    out, letters, operators, bytes_unit = [], set(), 0, False
    tokens = [t for t in TOKEN.findall(written) if not t.isspace()]
    for index, token in enumerate(tokens):
        after = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token[0].isdigit():
            out.append(plain_number(token))
        elif token in BYTES and out and out[-1][0].isdigit():
            out[-1], bytes_unit = f"({out[-1]}*B)", True
        elif token in FUNCTIONS and after == "(":
            out.append(token)
        elif re.fullmatch(r"[A-Za-z]", token) and token not in ("x",):
            letters.add(token)
            out.append(token)
        elif token in ("×", "x", "*", "·"):
            out.append("*")
            operators += 1
        elif token == "÷":
            out.append("/")
            operators += 1
        elif token in ("/", "+", "-", "(", ")", ","):
            out.append(token)
            operators += token in "/+-"
        elif token.isalpha():
            continue  # a word that counts ("layers", "tokens"): the number before it is the count
        else:
            return None
    if len(letters) != 1 or not operators or not bytes_unit:
        return None
    expression = " ".join(out).replace("( ", "(").replace(" )", ")").replace(" ,", ",")
    return letters.pop(), re.sub(r"\b(min|max) \(", r"\1(", expression)


def header_letter(header: str) -> str | None:
    """The letter a first column's header names: "Context length (T)", "T"."""
    match = HEADER_LETTER.search(header.strip(" *`"))
    return (match[1] or match[2]) if match else None


def column_template(header: str, candidates: list[Template]) -> Template | None:
    """The formula a column's header names by a word of its label that no other candidate's label has
    ("Local KV cache" for "KV cache (local, BF16)"); with one candidate, any word of its label will do."""
    words = {w.lower() for w in LABEL_WORDS.findall(header)}
    labels = [{w.lower() for w in LABEL_WORDS.findall(t.label)} for t in candidates]
    shared = set.intersection(*labels) if len(labels) > 1 else set()
    matches = [t for t, label in zip(candidates, labels) if words & (label - shared)]
    return matches[0] if len(matches) == 1 else None


def swept(template: Template, value: Fraction) -> str:
    """The formula with its letter set to a row's value."""
    return re.sub(rf"(?<![A-Za-z_]){template.letter}(?![A-Za-z_])", decimal(value), template.expression)


def first_column_values(table: Table) -> list[tuple[Fraction, list]] | None:
    """(value, row) for each body row whose first cell is a plain number ("1,024 tokens" is 1024)."""
    if not table.header or table.transposed:
        return None
    found = []
    for row in table.body:
        match = re.match(r"[\s*`~]*(\d{1,3}(?:,\d{3})+|\d+)(?![\d.])([kKM](?![A-Za-z]))?", row[0].text)
        if match:  # "2K tokens" is 2,048 and "10K" 10,000, as a context length's "K" is (``match.find_seq_len``)
            found.append((Fraction(seq_len_count(int(plain_number(match[1])), match[2] or "")), row))
    return found if len(found) >= 2 else None
