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

import json
import os
from pathlib import Path

from .stamps import FOLDER  # noqa: F401  (where a project keeps its cache)
from .stamps import sha256  # CPython's own SHA-256, without starting OpenSSL
from .textio import write_atomic

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
        flush()
        path = self._path(kind, key)
        try:
            if path.stat().st_size > MAX_ENTRY_BYTES:
                return None
            head, _, body = path.read_bytes().partition(b"\n")
            header = json.loads(head)
            if header != {"format": FORMAT, "kind": kind, "key": key, "digest": sha256(body).hexdigest()}:
                return None
            return json.loads(body)
        except (OSError, ValueError, RecursionError):
            return None

    def put(self, kind: str, key: str, payload) -> None:
        """Store ``payload`` atomically; a folder that cannot be written only means no cache.

        The entry is encoded here and, unless it is ``LARGE``, written by a
        thread of its own: a cold run writes an entry per claims file at its
        end, when nothing else is left to do, and creating those files costs
        the kernel more than encoding them costs Python. Every ``get`` in this process, the end of
        a command and the end of the process wait for what is still being
        written (``flush``).
        """
        try:
            body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except (TypeError, ValueError, RecursionError):
            return
        header = {"format": FORMAT, "kind": kind, "key": key, "digest": sha256(body).hexdigest()}
        head = json.dumps(header).encode("ascii") + b"\n"
        if len(body) > LARGE:  # written here, after what is queued: a large entry waiting in memory would raise the run's peak
            flush()
            self._write(kind, key, head, body)
            return
        _writer().put((self, kind, key, head, body))

    def _write(self, kind: str, key: str, head: bytes, body: bytes) -> None:
        if self._made(kind):
            try:
                write_atomic(self._path(kind, key), head + body, durable=False)
            except OSError:
                pass  # no entry: a miss next time

    def _made(self, kind: str) -> bool:
        """Whether the folder of ``kind``'s entries is there, made (with the cache's .gitignore) once a process."""
        made = self.__dict__.setdefault("_made_folders", set())
        if kind not in made:
            try:
                (self.root / kind).mkdir(parents=True, exist_ok=True)
                _ignore_file(self.root)
            except OSError:
                return False  # tried again on the next write: the folder may be writable by then
            made.add(kind)
        return True


_QUEUE = None  # entries still to write, for the one writer thread of this process
QUEUED = 4
"""Entries encoded and not yet written, at most: a put waits beyond that, so a large run's entries never pile up in memory."""
LARGE = 1 << 18
"""An entry of more bytes than this is written by the caller: what a thread saves is the cost of creating each file, not of its size."""


def _forget() -> None:
    """A forked child has no writer thread: what its parent had queued is the parent's to write."""
    global _QUEUE
    _QUEUE = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget)


def flush() -> None:
    """Wait until every entry any ``Store`` was given so far is written (or has failed to be)."""
    if _QUEUE is not None:
        _QUEUE.join()


def _writer():
    global _QUEUE
    if _QUEUE is None:
        import atexit
        import queue
        import threading

        _QUEUE = queue.Queue(maxsize=QUEUED)
        threading.Thread(target=_write_all, args=(_QUEUE,), name="auditor-cache-writer", daemon=True).start()
        atexit.register(flush)
    return _QUEUE


def _write_all(entries) -> None:
    while True:
        store, kind, key, head, body = entries.get()
        try:
            store._write(kind, key, head, body)
        finally:
            entries.task_done()


def _ignore_file(root: Path) -> None:
    """A cache folder tells git to ignore it, as .pytest_cache and .ruff_cache do."""
    marker = root / ".gitignore"
    if not marker.exists():
        marker.write_text("# written by inference-auditor: a cache, never committed\n*\n", encoding="utf-8")
