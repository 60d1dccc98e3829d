"""Renderers of the finding stream. Each takes the same list of findings."""

from __future__ import annotations

from typing import Callable

from .human import render_human
from .json_format import render_json

RENDERERS: dict[str, Callable] = {
    "human": render_human,
    "json": render_json,
}
