"""What the scan reads: a document's prose as a reader sees it, mapped back to the file's characters.

Pages are published as Markdown with LaTeX, as HTML, as MDX, as plain text. The numbers a reader
checks are in the prose, the tables and the equations, not in the markup, the code blocks, the
link targets or the front matter. A ``View`` is the readable text (markup dropped, equations made
plain arithmetic, table cells kept between ``|``), and for every character the offset of the file
character it came from, so a quote and a location still point into the file as published.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class View:
    """Readable text and, for each of its characters, where in the raw file it came from."""

    text: str
    origin: tuple[int, ...]
    raw_length: int
    code_lines: tuple[tuple[int, int], ...] = ()  # each line kept from a code block: a statement of its own, not prose

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        """The file span [start, end) of view characters came from."""
        if end <= start:
            at = self.origin[start] if start < len(self.origin) else self.raw_length
            return at, at
        return self.origin[start], self.origin[end - 1] + 1


POWER_OF_TEN = re.compile(r"(?<=10)[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")


class ViewBuilder:
    """Collects kept file text and written replacements, each character with its file offset."""

    def __init__(self, raw: str):
        self.raw = raw
        self.parts: list[str] = []
        self.origin: list[int] = []
        self.code_lines: list[tuple[int, int]] = []

    def keep(self, start: int, end: int) -> None:
        """Copy file text [start, end) as it is, a power of ten in superscript digits ("10¹²") written as "10^12"."""
        position = start
        for match in POWER_OF_TEN.finditer(self.raw, start, end):
            self.parts.append(self.raw[position : match.start()])
            self.origin.extend(range(position, match.start()))
            self.write("^" + match.group(0).translate(SUPERSCRIPTS), match.start())
            position = match.end()
        self.parts.append(self.raw[position:end])
        self.origin.extend(range(position, end))

    def write(self, text: str, at: int) -> None:
        """Write text the file does not hold verbatim (a decoded entity, plain arithmetic), placed at ``at``."""
        self.parts.append(text)
        self.origin.extend([at] * len(text))

    def keep_on_one_line(self, start: int, end: int) -> None:
        """``keep_text``, its line breaks read as spaces: a table row's cells written over several lines are one row."""
        first = len(self.parts)
        self.keep_text(start, end)
        self.parts[first:] = [part.replace("\r", " ").replace("\n", " ") for part in self.parts[first:]]

    def write_mapped(self, text: str, origin: list[int]) -> None:
        self.parts.append(text)
        self.origin.extend(origin)

    def keep_text(self, start: int, end: int) -> None:
        """File text with its HTML entities decoded ("&#x27;" as "'", "&amp;" as "&")."""
        position = start
        for match in ENTITY.finditer(self.raw, start, end):
            self.keep(position, match.start())
            self.write(html.unescape(match.group(0)), match.start())
            position = match.end()
        self.keep(position, end)

    def build(self) -> View:
        return View("".join(self.parts), tuple(self.origin), len(self.raw), tuple(self.code_lines))

    def length(self) -> int:
        """How much view text is written so far: where the next kept text starts."""
        return len(self.origin)

    def code_line(self, start: int) -> None:
        """The view text from ``start`` to here is one line of a code block."""
        if self.length() > start:
            self.code_lines.append((start, self.length()))


ENTITY = re.compile(r"&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z]{2,8});")


def plain_view(raw: str) -> View:
    builder = ViewBuilder(raw)
    builder.keep(0, len(raw))
    return builder.build()


def read_view(raw: str, suffix: str) -> View:
    """The view of a document: by its file suffix, or, for a suffix that says nothing, by its first tag.

    A file saved with Windows line endings is read as if it had plain ones:
    each carriage return before a newline is read as a space, so every
    offset, line and column stays the file's own while a table row, a list
    item or a heading still ends where its line does.
    """
    from . import decimal_commas, html_view, markdown_view

    raw = raw.replace("\r\n", " \n")
    suffix = suffix.lower()
    if suffix in (".html", ".htm") or (suffix not in (".md", ".mdx", ".markdown", ".txt") and _looks_like_html(raw)):
        found = html_view.view(raw)
    elif suffix in (".md", ".mdx", ".markdown"):
        found = markdown_view.view(raw)
    else:
        found = plain_view(raw)
    return english_words(latin_words(latin_units(decimal_commas.read_commas(half_width(found)))))


HALF_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def half_width(view: View) -> View:
    """Full-width forms read as their ASCII: a Chinese page's "（32*8-24.6）/ 2 = 115.7" is a printed sum.
    One character for one, so every character keeps its place in the file."""
    text = view.text.translate(HALF_WIDTH)
    return view if text == view.text else View(text, view.origin, view.raw_length, view.code_lines)


def latin_units(view: View) -> View:
    """The view with units written in Chinese script after a number in their Latin spelling
    (``units/cjk_units.yaml``: "16.8 毫秒" reads "16.8 ms"), a space after each so the unit ends
    where the scan looks for its end; each written character placed at the file characters it reads."""
    pattern, reads = _cjk_units()
    return _replaced(view, pattern, lambda written: reads[written] + " ")


def latin_words(view: View) -> View:
    """The view with the words of inference arithmetic a Chinese page writes in its script in English
    (``units/cjk_words.yaml``: "上下文" reads "context"), spaced, each written character placed at the file
    characters it reads: the words index, and names such as "context L=2048", then read the page."""
    pattern, reads = _cjk_words()
    return _replaced(view, pattern, lambda written: f" {reads[written]} ")


def english_words(view: View) -> View:
    """The view with the words of inference arithmetic a Portuguese, Spanish, French, Italian, German or Vietnamese
    page writes in its language in English (``units/translated_words.yaml``: "70 tỷ tham số" reads "70 billion
    parameters"), whole words in any case, each English character placed at the file characters it reads."""
    pattern, reads, keys = _translated_words()
    found = WORD.findall(view.text.casefold())
    if keys.isdisjoint(found) and keys.isdisjoint(f"{a} {b}" for a, b in zip(found, found[1:])):
        return view  # an English page: no word, and no pair of words, that a listed spelling starts with
    return _replaced(view, pattern, lambda written: reads[written.casefold()])


def _replaced(view: View, pattern: re.Pattern, spelled) -> View:
    """``view`` with each match's group "unit" written as ``spelled`` gives it, the new characters placed at the old."""
    if not pattern.search(view.text):
        return view
    text, origin = view.text, view.origin
    parts, origins, position, shifts = [], [], 0, []
    for match in pattern.finditer(text):
        start, end = match.span("unit")
        parts.append(text[position:start])
        origins.extend(origin[position:start])
        latin = spelled(match["unit"])
        spots = list(origin[start:end])
        parts.append(latin)
        origins.extend(_spread(latin, spots))
        shifts.append((end, len(latin) - (end - start)))
        position = end
    parts.append(text[position:])
    origins.extend(origin[position:])

    def moved(at: int) -> int:  # a place in the old text, in the new
        return at + sum(shift for end, shift in shifts if end <= at)

    return View("".join(parts), tuple(origins), view.raw_length, tuple((moved(a), moved(b)) for a, b in view.code_lines))


def _spread(latin: str, spots: list[int]) -> list[int]:
    """Where each character of ``latin`` sits in the file: its spaces at the written word's ends, its letters spread
    over the word in order, so "context" of "上下文" runs from 上 to 文 and "ms" of "毫秒" from 毫 to 秒."""
    core = latin.strip()
    lead = len(latin) - len(latin.lstrip())
    last = len(spots) - 1
    steps = max(len(core) - 1, 1)
    placed = [spots[0]] * lead + [spots[(j * last) // steps] for j in range(len(core))]
    return placed + [spots[-1]] * (len(latin) - len(placed))


@lru_cache(maxsize=1)
def _cjk_units() -> tuple[re.Pattern, dict[str, str]]:
    reads, alternatives = _spellings("cjk_units.yaml", "units")
    return re.compile(rf"(?:(?<=\d)[ \u00a0\u3000]?|(?<=[A-Za-z]/))(?P<unit>{alternatives})"), reads  # "16.8 毫秒", "GB/條"


@lru_cache(maxsize=1)
def _cjk_words() -> tuple[re.Pattern, dict[str, str]]:
    reads, alternatives = _spellings("cjk_words.yaml", "words")
    return re.compile(rf"(?P<unit>{alternatives})"), reads


WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=1)
def _translated_words() -> tuple[re.Pattern, dict[str, str], frozenset[str]]:
    reads, alternatives = _spellings("translated_words.yaml", "words")
    keys = frozenset(" ".join(WORD.findall(w.casefold())[:2]) for w in reads)  # "pro token": "pro" alone is English too
    return (re.compile(rf"(?<!\w)(?P<unit>{alternatives})(?!\w)", re.IGNORECASE), {w.casefold(): r for w, r in reads.items()}, keys)


def _spellings(file: str, key: str) -> tuple[dict[str, str], str]:
    """A ``units/`` file's written-to-read spellings, and its written forms as alternatives, longest first."""
    from auditor.base.resources import builtin
    from auditor.base.yamlio import load_yaml

    reads = {entry["written"]: entry["reads"] for entry in load_yaml(builtin("units") / file)[key]}
    return reads, "|".join(re.escape(w) for w in sorted(reads, key=len, reverse=True))


def _looks_like_html(raw: str) -> bool:
    return bool(re.match(r"\s*(?:<!DOCTYPE html|<html\b)", raw[:200], re.IGNORECASE))
