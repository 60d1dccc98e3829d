"""Renderers of the finding stream. Each takes the same list of findings."""

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
