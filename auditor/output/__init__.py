"""Outputs: every renderer of the finding stream, and the documents made from the catalogue.

Owns: the finding renderers (human, JSON, SARIF, JUnit, GitHub, Markdown and
HTML reports, each taking the same list of findings), ``explain`` and the
catalogue listing, the formula sheet (``sheet``), equations as MathML and
LaTeX (``mathml``), SVG plots and the decode roofline (``svgplot``,
``roofline``), and what ``models list/show/weigh`` print (``models``).

May use: ``scan``, ``documents``, ``audit`` and everything below them.
"""

from __future__ import annotations

from typing import Callable

from .github import render_github
from .human import render_human
from .json_format import render_json
from .junit import render_junit
from .report import render_html, render_markdown
from .sarif import render_sarif

RENDERERS: dict[str, Callable] = {
    "human": render_human,
    "json": render_json,
    "sarif": render_sarif,
    "junit": render_junit,
    "github": render_github,
    "markdown": render_markdown,
    "html": render_html,
}


def render(format: str, findings: list, problems=(), project=None, verbose: bool = False, quiet: bool = False, color: bool = False) -> str:
    """Findings and input problems in ``format``; options a format has no use for are ignored."""
    renderer = RENDERERS[format]
    options: dict = {"verbose": verbose, "problems": problems}
    if getattr(renderer, "wants_project", False):
        options["project"] = project
    if format == "human":
        options.update(quiet=quiet, color=color)
    return renderer(findings, **options)
