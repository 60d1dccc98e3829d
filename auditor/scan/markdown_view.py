"""Markdown (and MDX, and Markdown with HTML and LaTeX in it) as a reader sees it.

Front matter, fenced code blocks, HTML comments, Liquid and JSX tags, link targets, images and bare
URLs are not prose: they become blank, but for the worked arithmetic of a code block (a chain of
"= ..." lines, a line with a sign of napkin math, × ÷ ≈, or a number with its unit: pages do their math
there). Equations (``$$...$$``, ``$...$``, ``\\(...\\)``) are read as
plain arithmetic (``latex``), but a run of three or more dollars is a price tier ("$$$$"), and an equation
never runs on into a table's next row; inline code keeps its text, because pages print their sums there
("`162e3 * 32,768 = 5.3GB`"); emphasis marks, escapes and list numbering are dropped; pipe tables
stay as they are, one row a line, for ``tables``. HTML inside the Markdown is read like a page.
"""

from __future__ import annotations

import re

from . import latex
from .code_blocks import pipe_table, worked_parts
from .html_view import TAG_TEXT, HeaderRows, tag_replacement
from .views import View, ViewBuilder

# A comment, a Liquid tag or a \( equation ends before the next one opens, so an unclosed opener is
# given up at the next opener, not at the end of the page: each attempt costs the distance between them.
SPAN, TARGET = 300, 2_000
"""The longest inline code or link text, and link target, read as one: each unclosed ``[`` or backtick
is tried against what follows it, so an unbounded span makes a line of 10⁵ brackets cost 10¹⁰ steps."""

FRONT = r"\A---[ \t]*\n.*?\n---[ \t]*\n"
FRONT_MATTER = re.compile(FRONT, re.DOTALL)
"""A page's front matter: metadata, and a title and summary the view reads (``FRONT_PROSE``) before the page's own text."""
PATTERN = re.compile(
    rf"(?P<front>{FRONT})"
    r"|(?P<fence>^[ \t]*(?P<mark>```|~~~).*?(?:^[ \t]*(?P=mark)[^\n]*$|\Z))"
    r"|(?P<comment><!--(?:(?!<!--).)*?-->)"
    r"|(?P<liquid>\{%(?:(?!\{%).)*?%\}|\{\{(?:(?!\{\{).)*?\}\})"
    r"|(?<!\$)\$\$(?!\$)(?P<display>(?:(?!\n[ \t]*\|).)+?)(?<!\$)\$\$(?!\$)"
    r"|\\\\\((?P<escaped>(?:(?!\\\\\().)+?)\\\\\)"
    r"|\\\((?P<paren>(?:(?!\\\().)+?)\\\)"
    r"|(?<![\\$\w])\$(?P<inline>[^\s$](?:[^$\n]*?[^\s\\$])?)\$(?!\d)"
    rf"|(?P<code>`+)(?P<code_text>.{{1,{SPAN}}}?)(?P=code)"
    rf"|(?P<image>!\[[^\]\n]{{0,{SPAN}}}\]\([^)\n]{{0,{TARGET}}}\))"
    rf"|\[(?P<link_text>[^\]\n]{{0,{SPAN}}})\]\((?P<target>[^)\n]{{0,{TARGET}}})\)"
    r"|(?P<url><https?://[^>\s]+>|https?://[^\s)\]>|]+)"
    r"|(?P<tag>" + TAG_TEXT + r")"
    r"|\\(?P<escape>[\\`*_{}\[\]()#+\-.!|=<>])"
    r"|(?P<bold>\*\*|__)"
    r"|(?P<star>(?<=[\s(\[])\*(?=[A-Za-z])|(?<=[A-Za-z.!?)])\*(?=[\s),.;:]|$))"
    r"|(?P<under>(?<=[\s(\[])_(?=[A-Za-z])|(?<=[A-Za-z.!?)])_(?=[\s),.;:]|$))"
    r"|(?P<item>^[ \t]*\d{1,3}\.(?=[ \t]))"
    r"|(?P<entity>&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z]{2,8});)",
    re.MULTILINE | re.DOTALL,
)
MATH = ("display", "escaped", "paren", "inline")


def view(raw: str) -> View:
    builder, rows = ViewBuilder(raw), HeaderRows()
    position = 0
    for match in PATTERN.finditer(raw):
        if rows.in_row and "\n" in raw[position : match.start()] and not raw[position : match.start()].strip():
            builder.write(" ", position)  # an HTML row whose cells sit on lines of their own is one pipe row
        elif rows.in_row and "\n" in raw[position : match.start()]:
            builder.keep_on_one_line(position, match.start())  # and so is one whose cell's text is on a line of its own
        else:
            builder.keep(position, match.start())
        _replace(builder, match, rows)
        position = match.end()
    builder.keep(position, len(raw))
    return builder.build()


def _replace(builder: ViewBuilder, match: re.Match, rows: HeaderRows) -> None:
    kind = match.lastgroup if match.lastgroup not in ("mark", "code_text", "target") else _outer(match)
    start = match.start()
    if kind == "fence":
        _worked_lines(builder, match)
    elif kind == "front":
        builder.write("\n\n", start)
        for field in FRONT_PROSE.finditer(match.group(0)):
            # "title: Cut memory 4x": the page's own headline, read as a paragraph; the rest is metadata
            builder.keep(start + field.start("value"), start + field.end("value"))
            builder.write("\n\n", start + field.end("value"))
    elif kind in MATH:
        text, origin = latex.convert(match[kind], match.start(kind))
        builder.write_mapped(text, origin)
    elif kind == "code":
        builder.keep(match.start("code_text"), match.end("code_text"))
    elif kind == "link_text":
        builder.keep_text(match.start("link_text"), match.end("link_text"))
    elif kind == "tag":
        builder.write(rows.within(tag_replacement(match["tag"]), match["tag"]) + rows.after(match["tag"]), start)
    elif kind == "escape":
        builder.keep(match.start("escape"), match.end("escape"))
    elif kind == "entity":
        builder.keep_text(start, match.end())
    elif kind in ("comment", "liquid", "image", "url"):
        builder.write(" ", start)


FRONT_PROSE = re.compile(r"(?im)^(?:title|subtitle|description|summary|excerpt)[ \t]*:[ \t]*[\"']?(?P<value>[^\n\"']{1,400}?)[\"']?[ \t]*$")
"""The front matter's fields that are sentences a reader reads (a title, a summary), not metadata (dates, tags, paths)."""

PROSE_LANGUAGES = frozenset({"markdown", "md", "text", "txt", "plaintext", "plain", "mermaid"})
"""A fence in one of these holds what a reader reads, not a program: a table pasted as Markdown, a diagram's labels
("Request 1: 400 slots used, 3696 wasted"). Its lines are read as they are (a "$" in them is a price, not LaTeX)."""


def _worked_lines(builder: ViewBuilder, match: re.Match) -> None:
    """A code block is not prose, but its worked arithmetic is: a line that goes on a chain of equalities
    ("= 2 * 200_000 * 64 * 8196", then "= 210 GB"), with the line it goes on from, is kept; the rest is blank.
    A fence marked as prose (``PROSE_LANGUAGES``), or holding nothing but a pipe table, is kept whole."""
    builder.write("\n\n", match.start())
    block = match.group(0)
    lines = block.split("\n")
    offsets = [0]
    for line in lines[:-1]:
        offsets.append(offsets[-1] + len(line) + 1)
    prose = lines[0].strip(" \t`~").split(" ")[0].lower() in PROSE_LANGUAGES or pipe_table(lines[1:-1])
    kept = {i: [(0, len(lines[i]))] for i in range(1, len(lines) - 1)} if prose else worked_parts(lines, fenced=True)
    for index in sorted(kept):
        if index == 0:
            continue  # the fence line itself
        start, line_start = match.start() + offsets[index], builder.length()
        for low, high, *joined in kept[index]:
            _keep_label(builder, start + low, start + high) if prose else builder.keep(start + low, start + high)
            builder.write(joined[0] if joined else " ", start + high)
        builder.code_line(line_start)
        builder.write("\n", start + len(lines[index]))
    builder.write("\n\n", match.end() - 1 if match.end() > match.start() else match.start())


LABEL_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
"""A line break inside a diagram's label ("Throughput<br>= 80 / 20ms<br>= 4000 tok/s"): read as a space, so a
label's chain of equalities is one chain."""


def _keep_label(builder: ViewBuilder, start: int, end: int) -> None:
    """A prose fence's line as it is, each ``<br>`` in it a space."""
    position = start
    for match in LABEL_BREAK.finditer(builder.raw, start, end):
        builder.keep(position, match.start())
        builder.write(" ", match.start())
        position = match.end()
    builder.keep(position, end)


def _outer(match: re.Match) -> str:
    for name in ("fence", "code", "link_text"):
        if match[name] is not None:
            return name
    return match.lastgroup
