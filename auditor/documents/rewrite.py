"""Rewriting files safely: only the spans asked for, atomically, never over a newer file.

A regenerated number is an edit of a few characters inside a document someone
else may be editing. So an edit names the exact old text it replaces (a span
that no longer holds it is refused), and the files of one update are written
as one change (``auditor.documents.transaction``): through temporary files
beside them, each compared with what was read at the instant it is swapped
in, all new or all old, and finished or undone by the next run if this one
is killed.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.textio import read_text

@dataclass(frozen=True)
class Edit:
    """Replace ``text[start:end]``, which must read ``old``, by ``new``."""

    start: int
    end: int
    old: str
    new: str
    why: str = field(default="", compare=False)


def read_exact(path: Path) -> str:
    """A text file as it is on disk, line endings kept, so offsets and rewrites line up."""
    return read_text(path, "document_bytes", exact=True)


def apply_edits(text: str, edits: list[Edit], name: str) -> str:
    """The text with every edit made; overlapping or out-of-date edits are refused."""
    unique = sorted(set(edits), key=lambda e: (e.start, e.end))
    for before, after in zip(unique, unique[1:]):
        if after.start < before.end:
            raise InputError(Location(name), f"two rewrites overlap: {before.old!r} -> {before.new!r} and {after.old!r} -> {after.new!r}")
    pieces, cursor = [], 0
    for edit in unique:
        if text[edit.start : edit.end] != edit.old:
            raise InputError(Location(name), f"expected {edit.old!r} at offset {edit.start}, found {text[edit.start:edit.end]!r}")
        pieces += [text[cursor : edit.start], edit.new]
        cursor = edit.end
    return "".join(pieces) + text[cursor:]


def unified_diff(path: Path, old: str, new: str) -> str:
    shown = display_path(path)
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{shown}", f"b/{shown}")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def atomic_write(path: Path, text: str, expected: str | None = None, root: Path | None = None) -> None:
    """Write ``text`` to ``path`` (a new file, or one holding ``expected``) as a one-file change (see ``atomic_write_all``)."""
    atomic_write_all([(path, text, expected)], root)


def atomic_write_all(writes: list[tuple[Path, str, str | None]], root: Path | None = None) -> None:
    """Write several files as one change: all new or all old, each refused when it no longer holds ``expected``.

    The steps, and how a later run finishes an interrupted change, are in
    ``auditor.documents.transaction``.
    """
    from .transaction import commit

    commit(writes, root if root is not None else _common_folder([path for path, _, _ in writes]))


def _common_folder(paths: list[Path]) -> Path:
    folders = [str(Path(p).resolve().parent) for p in paths]
    return Path(os.path.commonpath(folders)) if folders else Path.cwd()
