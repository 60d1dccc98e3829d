"""Which project a run is in: the folder found by walking up, and its ``[tool.auditor]`` settings.

A linter run from ``docs/`` still lints the repository it is in; so does the
auditor. From the starting folder upwards, the first folder that holds a
``claims/`` folder, or a ``pyproject.toml`` with a ``[tool.auditor]`` table,
is the project root. The walk stops at a repository's top (a ``.git``), so a
checkout nested in another never borrows its parent's claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.claims.verdicts import Verdict

SETTING_KEYS = ("paths", "documents", "select", "ignore", "format")
REPOSITORY_MARKERS = (".git", ".hg")


@dataclass(frozen=True)
class Settings:
    """``[tool.auditor]``: defaults a project fixes once instead of on every command line."""

    paths: tuple[str, ...] = ()
    documents: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    format: str | None = None
    source: str | None = None


def has_settings(folder: Path) -> bool:
    pyproject = folder / "pyproject.toml"
    if not pyproject.is_file():
        return False
    try:
        text = pyproject.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return re.search(r"^\s*\[tool\.auditor\]", text, re.M) is not None


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` that is a project, or None."""
    for folder in (start.resolve(), *start.resolve().parents):
        if (folder / "claims").is_dir() or has_settings(folder):
            return folder
        if any((folder / marker).exists() for marker in REPOSITORY_MARKERS):
            return None
    return None


def read_settings(root: Path | None) -> Settings:
    """The root's ``[tool.auditor]`` table, checked key by key; none is no settings."""
    if root is None or not has_settings(root):
        return Settings()
    path = root / "pyproject.toml"
    shown = display_path(path)
    text = path.read_text(encoding="utf-8")
    import tomllib  # only a project with settings pays for the TOML reader

    try:
        table = tomllib.loads(text).get("tool", {}).get("auditor", {})
    except tomllib.TOMLDecodeError as exc:
        raise InputError(Location(shown, _toml_error_line(exc)), f"not valid TOML: {exc}") from None
    values = {key: _setting(key, table[key], Location(shown, _key_line(text, key))) for key in table}
    return Settings(**values, source=shown)


def _setting(key: str, value, where: Location):
    if key not in SETTING_KEYS:
        raise InputError(where, f"unknown key {key!r} in [tool.auditor] (expected one of: {', '.join(SETTING_KEYS)})")
    if key in ("documents", "format"):
        if not isinstance(value, str) or not value:
            raise InputError(where, f"[tool.auditor] {key} must be a string, got {value!r}")
        return value
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise InputError(where, f"[tool.auditor] {key} must be a list of strings, got {value!r}")
    if key in ("select", "ignore"):
        check_verdicts(value, where)
    return tuple(value)


def check_verdicts(names, where: Location) -> None:
    known = {v.value for v in Verdict}
    for name in names:
        if name not in known:
            raise InputError(where, f"unknown verdict {name!r} (known: {', '.join(v.value for v in Verdict)})")


def _key_line(text: str, key: str) -> int | None:
    """The line of ``key =`` inside the ``[tool.auditor]`` table (TOML parsers keep no lines)."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("["):
            inside = line.strip() == "[tool.auditor]"
        elif inside and re.match(rf"\s*{re.escape(key)}\s*=", line):
            return number
    return None


def _toml_error_line(exc: ValueError) -> int | None:
    found = re.search(r"line (\d+)", str(exc))
    return int(found.group(1)) if found else None
