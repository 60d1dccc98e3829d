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
from pathlib import Path

from .stamps import FOLDER  # noqa: F401  (where a project keeps its cache)

FORMAT = 1
MAX_ENTRY_BYTES = 64 * 2**20


class Store:
    """One cache folder; ``get`` and ``put`` never raise for the cache's own troubles."""

    def __init__(self, root: Path):
        self.root = root
        self.consulted: list[tuple[str, str | None]] = []  # files a run read beyond its keys' own, with their hashes
        self.complete = True  # False once a run has read something no key covers (a model from the Hub)

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
