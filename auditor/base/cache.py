"""A content-addressed cache folder: JSON entries named by the hash of what they depend on.

An entry is written under ``<kind>/<key>.json`` with the key it was stored
under and a digest of its payload, to a temporary file renamed into place,
so a reader sees a whole entry or none. A cache folder can be edited by
anyone (or arrive in a pull request), so an entry is data only, never code
or pickles, and one that cannot be read, whose key or digest does not
match, or whose payload the caller refuses, is a miss: ignored and rebuilt,
never trusted.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

FOLDER = ".auditor_cache"
FORMAT = 1
MAX_ENTRY_BYTES = 64 * 2**20


def digest(*parts) -> str:
    """A stable hash of JSON-able parts (strings, numbers, lists)."""
    text = json.dumps(parts, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def file_digest(path: Path) -> str | None:
    """The hash of a file's bytes, or None when it cannot be read."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def tree_digest(folders: list[Path], pattern: str = "*") -> list:
    """Every file under ``folders`` matching ``pattern``, as (folder, relative path, hash) rows."""
    rows = []
    for folder in folders:
        if folder.is_dir():
            for path in sorted(p for p in folder.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts):
                rows.append([str(folder), str(path.relative_to(folder)), file_digest(path)])
    return rows


def source_stamp(package: Path) -> str:
    """The engine's own code as part of a key: each module's path, size and modification time."""
    rows = []
    for path in sorted(package.rglob("*.py")):
        stat = path.stat()
        rows.append([str(path.relative_to(package)), stat.st_size, stat.st_mtime_ns])
    return digest(sys.version, rows)


class Store:
    """One cache folder; ``get`` and ``put`` never raise for the cache's own troubles."""

    def __init__(self, root: Path):
        self.root = root

    def _path(self, kind: str, key: str) -> Path:
        return self.root / kind / f"{key}.json"

    def get(self, kind: str, key: str):
        """The payload stored under ``key``, or None for a missing, unreadable or inconsistent entry."""
        path = self._path(kind, key)
        try:
            if path.stat().st_size > MAX_ENTRY_BYTES:
                return None
            head, _, body = path.read_bytes().partition(b"\n")
            header = json.loads(head)
            if header != {"format": FORMAT, "kind": kind, "key": key, "digest": hashlib.sha256(body).hexdigest()}:
                return None
            return json.loads(body)
        except (OSError, ValueError, RecursionError):
            return None

    def put(self, kind: str, key: str, payload) -> None:
        """Store ``payload`` atomically; a folder that cannot be written only means no cache."""
        folder, temporary = self.root / kind, None
        try:
            body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            header = {"format": FORMAT, "kind": kind, "key": key, "digest": hashlib.sha256(body).hexdigest()}
            folder.mkdir(parents=True, exist_ok=True)
            _ignore_file(self.root)
            import tempfile  # only a run that writes pays for it

            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                out.write(json.dumps(header).encode("ascii") + b"\n" + body)
            os.replace(temporary, self._path(kind, key))
        except (OSError, TypeError, ValueError, RecursionError):
            _discard(temporary)


def _ignore_file(root: Path) -> None:
    """A cache folder tells git to ignore it, as .pytest_cache and .ruff_cache do."""
    marker = root / ".gitignore"
    if not marker.exists():
        marker.write_text("# written by inference-auditor: a cache, never committed\n*\n", encoding="utf-8")


def _discard(temporary: str | None) -> None:
    if temporary:
        try:
            os.unlink(temporary)
        except OSError:
            pass
