"""An HTML page as a reader sees it.

The head, scripts, styles, comments and every tag with its attributes are not prose; of a ``<pre>``
block, only the lines that set out arithmetic are (as of a Markdown fence: ``code_blocks``), and of
an inline ``<svg>`` figure, only the text labels that work a number. Block elements end a
paragraph, headings start one with "#", table rows become pipe rows ("| cell | cell |") so tables
are read the same whichever way a page was written, superscripts become "^". Equations are kept
as plain arithmetic: MathJax and KaTeX sources (``<script type="math/tex">``, ``\\(...\\)``,
``\\[...\\]``) go through ``latex``; inline ``<code>`` keeps its text. Entities are decoded, each
to the place of its ``&``.
"""

from __future__ import annotations

import html
import re

from . import latex
from .code_blocks import pipe_table, worked_parts
from .views import View, ViewBuilder

# A tag's attributes stop at the next "<": an unclosed "<a " is given up there, not at the end of the page.
TAG_TEXT = r"</?[A-Za-z][\w:-]*(?:\s(?:[^<>\"'{]|\"[^\"<]*\"|'[^'<]*'|\{\{[^<]*?\}\}|\{[^}<]*\})*)?/?>"
BLOCK = frozenset(["p", "div", "section", "article", "header", "footer", "main", "aside", "blockquote", "ul", "ol", "dl", "dt", "dd", "table", "thead", "tbody", "figure", "figcaption", "details", "summary", "nav", "hr", "br", "center"])
HEADINGS = frozenset(f"h{n}" for n in range(1, 7))


def _block(name: str) -> str:
    """A dropped element that ends before the next one of its kind opens: an unclosed opener costs the distance to the next."""
    return rf"<{name}\b(?:(?!<{name}\b).)*?</{name}>"


# Each unclosed opener is given up at the next opener of its kind (or the next "<" for a tag's own
# text), never at the end of the page, so a page of 10^5 unclosed openers costs one pass per kind.
PATTERN = re.compile(
    r"(?P<dropped><!DOCTYPE[^<>]*>|" + "|".join(_block(name) for name in ("head", "style", "pre", "noscript", "svg")) + r"|<!--(?:(?!<!--).)*?-->)"
    r"|<script\b(?P<attributes>[^<>]*)>(?P<script>(?:(?!<script\b).)*?)</script>"
    r"|\\\((?P<paren>(?:(?!\\\().)+?)\\\)|\\\[(?P<bracket>(?:(?!\\\[).)+?)\\\]"
    r"|(?P<tag>" + TAG_TEXT + r")",
    re.DOTALL | re.IGNORECASE,
)
TEXT_BREAKS = re.compile(r"&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z]{2,8});")


def view(raw: str) -> View:
    builder, rows = ViewBuilder(raw), HeaderRows()
    position = 0
    for match in PATTERN.finditer(raw):
        if rows.in_row and "\n" in raw[position : match.start()] and not raw[position : match.start()].strip():
            builder.write(" ", position)  # a row whose cells sit on lines of their own is one pipe row
        elif rows.in_row and "\n" in raw[position : match.start()]:
            builder.keep_on_one_line(position, match.start())  # and so is one whose cell's text is on a line of its own
        else:
            builder.keep_text(position, match.start())
        _replace(builder, match, rows)
        position = match.end()
    builder.keep_text(position, len(raw))
    return builder.build()


class HeaderRows:
    """A table row of ``<th>`` cells is the table's header: its pipe row is followed by a rule, as in Markdown,
    so its cells' units and inputs apply to the rows below. A ``<thead>`` writes its own rule. So does a table's
    first row whose every cell is set in bold ("<td><strong>FP8</strong></td>"), as pages exported from a
    word processor write their headers."""

    def __init__(self):
        self.in_head = self.row_has_th = self.in_row = False
        self.first_row = False  # the row is its table's first
        self.cells = self.bold_cells = 0
        self.cell_bold = False  # the open cell has shown bold

    def within(self, replacement: str, tag: str) -> str:
        """A tag's replacement inside a row: a paragraph in a cell ("<td><p>0.125</p></td>") breaks no line there."""
        if not self.in_row or re.match(r"</?(?:tr|td|th|thead|tbody|table)\b", tag, re.IGNORECASE):
            return replacement
        return replacement.replace("\n", " ")

    def after(self, tag: str) -> str:
        """What to write after the tag's own replacement: the rule, after a header row closes."""
        match = re.match(r"<(/?)([A-Za-z][\w:-]*)", tag)
        closing, name = match[1] == "/", match[2].lower()
        if name == "thead":
            self.in_head = not closing
        elif name == "table" and not closing:
            self.first_row = True
        elif name == "th" and not closing:
            self.row_has_th = True
        elif name == "td" and not closing:
            self.cells, self.cell_bold = self.cells + 1, False
        elif name in ("strong", "b") and not closing and self.in_row and not self.cell_bold:
            self.bold_cells, self.cell_bold = self.bold_cells + 1, True
        elif name == "tr":
            self.in_row = not closing
            bold = self.first_row and self.cells > 1 and self.bold_cells == self.cells
            header = closing and (self.row_has_th or bold) and not self.in_head
            if closing:
                self.first_row = False
            self.row_has_th, self.cells, self.bold_cells = False, 0, 0
            return "| --- |\n" if header else ""
        return ""


def _replace(builder: ViewBuilder, match: re.Match, rows: HeaderRows) -> None:
    if match["script"] is not None:
        if "math/tex" in match["attributes"].lower():
            _math(builder, match, "script", display="mode=display" in match["attributes"])
        else:
            builder.write(" ", match.start())
    elif match["paren"] is not None:
        _math(builder, match, "paren", display=False)
    elif match["bracket"] is not None:
        _math(builder, match, "bracket", display=True)
    elif match["tag"] is not None:
        builder.write(rows.within(tag_replacement(match["tag"]), match["tag"]) + rows.after(match["tag"]), match.start())
    elif match["dropped"].lower().startswith("<pre"):
        _pre(builder, match)
    elif match["dropped"].lower().startswith("<svg"):
        _svg(builder, match)
    else:
        builder.write(" ", match.start())


def _pre(builder: ViewBuilder, match: re.Match) -> None:
    """A ``<pre>`` block is read as a Markdown fence is: its lines that set out arithmetic, or a pipe table it
    holds whole, with the block's own tags (``<code>``, a highlighter's ``<span>``) dropped; the rest is blank."""
    builder.write("\n\n", match.start())
    lines = match.group(0).split("\n")
    plain = [html.unescape(re.sub(TAG_TEXT, "", line)) for line in lines]
    kept = {i: [(0, len(p))] for i, p in enumerate(plain)} if pipe_table(plain) else worked_parts(plain, fenced=False)
    offset, last = match.start(), match.start()
    for index, line in enumerate(lines):
        if index in kept:
            line_start = builder.length()
            for (low, high), part in zip(_raw_columns(line, plain[index], [p[:2] for p in kept[index]]), kept[index]):
                _keep_untagged(builder, offset + low, offset + high)
                builder.write(part[2] if len(part) > 2 else " ", offset + high)
            builder.code_line(line_start)
            last = min(offset + len(line), len(builder.raw) - 1)  # the line's end, within the file
            builder.write("\n", last)
        offset += len(line) + 1
    builder.write("\n\n", max(last, match.end() - 1))


SVG_TEXT = re.compile(r"<text\b[^<>]*>(?P<content>(?:(?!</?text\b).){0,2000}?)</text>", re.DOTALL | re.IGNORECASE)
FIGURE_WORK = re.compile(r"[×÷≈=→]|(?:\b[A-Za-z]{3,}\b.*){2}")
"""A figure's label worth reading: it works a number or says something of it ("Per layer (8 heads): 8 × 2 MB = 16 MB",
"128K context → 40 GB for one sequence"); an axis tick ("20 GB") or a lone caption word is not."""


def _svg(builder: ViewBuilder, match: re.Match) -> None:
    """An inline figure's text labels that work a number, each a line of its own, as a reader reads them; the
    drawing itself is blank."""
    builder.write("\n\n", match.start())
    for label in SVG_TEXT.finditer(builder.raw, match.start(), match.end()):
        plain = html.unescape(re.sub(TAG_TEXT, "", label["content"]))
        if re.search(r"\d", plain) and FIGURE_WORK.search(plain):
            _keep_untagged(builder, label.start("content"), label.end("content"))
            builder.write("\n", label.end("content"))
    builder.write("\n\n", match.end() - 1)


def _keep_untagged(builder: ViewBuilder, start: int, end: int) -> None:
    """File text [start, end) without its tags (a highlighter's ``<span>``), its entities decoded."""
    position = start
    for tag in re.finditer(TAG_TEXT, builder.raw[start:end]):
        builder.keep_text(position, start + tag.start())
        position = start + tag.end()
    builder.keep_text(position, end)


def _raw_columns(line: str, plain: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of a line's plain text (tags dropped, entities decoded) as columns of the raw line."""
    if plain == line:
        return spans
    raw_at, position = [], 0
    for tag in re.finditer(TAG_TEXT, line):
        for piece in _decoded(line[position : tag.start()], position):
            raw_at.extend(piece)
        position = tag.end()
    for piece in _decoded(line[position:], position):
        raw_at.extend(piece)
    raw_at.append(len(line))
    out = []
    for low, high in spans:
        low, high = min(low, len(raw_at) - 1), min(high, len(raw_at) - 1)
        out.append((raw_at[low], raw_at[high - 1] + 1 if high > low else raw_at[low]))
    return out


def _decoded(text: str, offset: int):
    """Per plain character, the raw column it comes from (an entity's characters all from its '&')."""
    position = 0
    for entity in TEXT_BREAKS.finditer(text):
        yield [offset + position + k for k in range(entity.start() - position)]
        yield [offset + entity.start()] * len(html.unescape(entity.group(0)))
        position = entity.end()
    yield [offset + position + k for k in range(len(text) - position)]


def _math(builder: ViewBuilder, match: re.Match, group: str, display: bool) -> None:
    text, origin = latex.convert(match[group], match.start(group))
    if display:
        builder.write("\n\n", match.start())
    builder.write_mapped(text, origin)
    if display:
        builder.write("\n\n", match.end() - 1)


def tag_replacement(tag: str) -> str:
    """What a tag stands for in the prose: a paragraph break, a heading mark, a table cell edge, "^" or nothing."""
    match = re.match(r"<(/?)([A-Za-z][\w:-]*)", tag)
    closing, name = match[1] == "/", match[2].lower()
    if name in HEADINGS:
        return "\n\n" if closing else "\n\n" + "#" * int(name[1]) + " "
    if name == "tr":
        return "\n" if closing else "\n|"
    if name in ("td", "th"):
        return " |" if closing else " "
    if name == "thead" and closing:
        return "\n| --- |\n"
    if name == "li":
        return "\n" if closing else "\n- "
    if name == "sup":
        return "" if closing else "^"
    if name in BLOCK:
        return "\n\n"
    return ""
