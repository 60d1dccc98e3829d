"""Where the built-in catalogues live.

An installed wheel carries the data folders under ``auditor/_data``; a source
checkout keeps them at the top level. Both are found the same way, so the
engine never cares which of the two it runs from.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

DATA_FOLDERS = ("formulas", "claims", "units", "inputs", "reports")


@lru_cache(maxsize=None)
def builtin(folder: str) -> Path:
    """The built-in data folder ``folder`` (one of DATA_FOLDERS)."""
    if folder not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {folder!r}")
    packaged = Path(__file__).resolve().parents[1] / "_data" / folder
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / folder


MAX_CLIMB = 2
"""How many ``..`` a shown path may climb (``../claims/x.yaml`` from ``docs/``) before the path as given reads better."""


def display_path(path: Path) -> str:
    """A path as a user wants to read it: relative to the working directory (``../claims/x.yaml`` from ``docs/``).

    Resolving costs system calls, and a run shows each claims file many
    times, so each path is shown once per working directory.
    """
    try:
        here = os.getcwd()
    except OSError:
        return str(path)
    return _shown(str(path), here)


@lru_cache(maxsize=4096)
def _shown(path_text: str, here_text: str) -> str:
    path, here = Path(path_text), Path(here_text)
    try:
        resolved, here = path.resolve(), here.resolve()
        if resolved.is_relative_to(here):
            return str(resolved.relative_to(here))
        relative = os.path.relpath(resolved, here)
        if relative.split(os.sep)[:MAX_CLIMB + 1].count("..") > MAX_CLIMB:
            return str(path)  # far from here: the path as given reads better
        return relative
    except (ValueError, OSError, RuntimeError):  # a path the system refuses (too long, a loop)
        return str(path)
