"""Where the built-in catalogues live.

An installed wheel carries the data folders under ``auditor/_data``; a source
checkout keeps them at the top level. Both are found the same way, so the
engine never cares which of the two it runs from.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

DATA_FOLDERS = ("formulas", "claims", "units", "inputs", "reports")


def builtin(folder: str) -> Path:
    """The built-in data folder ``folder`` (one of DATA_FOLDERS)."""
    if folder not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {folder!r}")
    packaged = Path(str(files("auditor"))) / "_data" / folder
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / folder


def display_path(path: Path) -> str:
    """A path as a user wants to read it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # outside the working directory, or a path the system refuses
        return str(path)
