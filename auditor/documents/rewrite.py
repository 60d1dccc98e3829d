"""Rewriting files safely: only the spans asked for, atomically, never over a newer file.

A regenerated number is an edit of a few characters inside a document someone
else may be editing. So: an edit names the exact old text it replaces (a span
that no longer holds it is refused); the whole new file is written to a
temporary file beside the original and renamed over it (a process killed
mid-write leaves the original intact); and a file that changed since it was
read is refused rather than overwritten.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.textio import read_text

CHUNK = 64 * 1024


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


def atomic_write(path: Path, text: str, expected: str | None = None) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (see ``atomic_write_all``)."""
    atomic_write_all([(path, text, expected)])


def atomic_write_all(writes: list[tuple[Path, str, str | None]]) -> None:
    """Write several files so a crash leaves all of them old, never some half-written.

    Each ``(path, text, expected)`` is refused when the file no longer holds
    ``expected`` (someone changed it since it was read). Every new text is
    written and synced to a temporary file first; only then are they renamed
    over the originals, one rename each.
    """
    for path, _, expected in writes:
        if expected is not None and read_exact(path) != expected:
            raise InputError(Location(display_path(path)), "file changed since it was read; not rewritten (run again)")
    temporaries: list[tuple[str, Path]] = []
    try:
        for path, text, _ in writes:
            temporaries.append((_write_temporary(path, text.encode("utf-8")), path))
        for temporary, path in temporaries:
            os.replace(temporary, path)
    except BaseException:
        for temporary, _ in temporaries:
            Path(temporary).unlink(missing_ok=True)
        raise
    for folder in {path.parent for path, _, _ in writes}:
        _sync_folder(folder)


def _write_temporary(path: Path, data: bytes) -> str:
    """A synced temporary copy beside ``path``, with its permissions, ready to be renamed over it."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".auditor-tmp")
    try:
        for offset in range(0, len(data), CHUNK):
            os.write(fd, data[offset : offset + CHUNK])
        os.fsync(fd)
        if path.exists():
            os.chmod(temporary, path.stat().st_mode & 0o7777)
    except BaseException:
        os.close(fd)
        Path(temporary).unlink(missing_ok=True)
        raise
    os.close(fd)
    return temporary


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the platform allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
