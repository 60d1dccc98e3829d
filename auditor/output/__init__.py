"""Outputs: every renderer of the finding stream, and the documents made from the catalogue.

Owns: the finding renderers (human, JSON, SARIF, JUnit, GitHub, Markdown and
HTML reports, each taking the same list of findings), ``explain`` and the
catalogue listing, the formula sheet (``sheet``), equations as MathML and
LaTeX (``mathml``), SVG plots and the decode roofline (``svgplot``,
``roofline``), and what ``models list/show/weigh`` print (``models``).

May use: ``scan``, ``documents``, ``audit`` and everything below them.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Callable

_RENDERER_MODULES = {
    "human": ("human", "render_human"),
    "json": ("json_format", "render_json"),
    "sarif": ("sarif", "render_sarif"),
    "junit": ("junit", "render_junit"),
    "github": ("github", "render_github"),
    "markdown": ("report", "render_markdown"),
    "html": ("report", "render_html"),
}


class _Renderers(Mapping):
    """Format name -> renderer, each module imported when its format is asked for (the HTML one needs jinja2)."""

    def __getitem__(self, name: str) -> Callable:
        module, function = _RENDERER_MODULES[name]
        return getattr(import_module(f"{__name__}.{module}"), function)

    def __iter__(self):
        return iter(_RENDERER_MODULES)

    def __len__(self) -> int:
        return len(_RENDERER_MODULES)


RENDERERS: Mapping[str, Callable] = _Renderers()


def render(format: str, findings: list, problems=(), project=None, verbose: bool = False, quiet: bool = False, color: bool = False) -> str:
    """Findings and input problems in ``format``; options a format has no use for are ignored."""
    renderer = RENDERERS[format]
    options: dict = {"verbose": verbose, "problems": problems}
    if getattr(renderer, "wants_project", False):
        options["project"] = project
    if format == "human":
        options.update(quiet=quiet, color=color)
    return renderer(findings, **options)
