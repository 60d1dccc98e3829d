"""The journal of an update in progress: which files, which temporary files, which content hashes.

Written (atomically) before any temporary file exists and removed after the
last one is gone, so while it exists every temporary file of the update is
named in it, and a later run can tell from the hashes alone how far the
update got. It records the process that wrote it and when: a journal whose process is
still alive, and younger than any update takes (``LIVE_SECONDS``), belongs
to an update still running, and is left alone.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.stamps import sha256  # CPython's own SHA-256, without starting OpenSSL
from auditor.base.resources import display_path

JOURNAL_NAME = ".auditor-journal"
LIVE_SECONDS = 3600  # no update runs this long; past it, a live pid is another process that reused the number


@dataclass(frozen=True)
class Entry:
    """One file of an update: the file, its temporary beside it, and the sha256 of its old and new text."""

    path: Path
    temporary: Path
    old: str | None
    new: str

    def to_json(self) -> dict:
        return {"path": str(self.path), "temporary": str(self.temporary), "old": self.old, "new": self.new}

    @classmethod
    def from_json(cls, data: dict) -> Entry:
        return cls(Path(data["path"]), Path(data["temporary"]), data.get("old"), data["new"])


def digest(data: bytes) -> str:
    return sha256(data).hexdigest()


def digest_of(path: Path) -> str | None:
    """The hash of a file's bytes now; None when it is missing or cannot be read."""
    try:
        return digest(path.read_bytes())
    except OSError:
        return None


class Journal:
    def __init__(self, root: Path):
        self.path = root / JOURNAL_NAME

    def begin(self, entries: list[Entry]) -> None:
        """Record an update about to start; refused while another one's journal is live."""
        if self.stale_entries(live_ok=False) is not None:
            raise InputError(Location(display_path(self.path)), "an interrupted update must be finished first (run the command again)")
        text = json.dumps({"pid": os.getpid(), "started": time.time(), "files": [e.to_json() for e in entries]}, indent=1)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        with open(temporary, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, self.path)
        sync_folder(self.path.parent)

    def end(self) -> None:
        self.path.unlink(missing_ok=True)
        self.path.with_name(self.path.name + ".tmp").unlink(missing_ok=True)
        sync_folder(self.path.parent)

    def stale_entries(self, live_ok: bool = True) -> list[Entry] | None:
        """The entries of a journal left by a process that is gone; None when there is none to act on."""
        self.path.with_name(self.path.name + ".tmp").unlink(missing_ok=True)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            pid, started, entries = int(data["pid"]), float(data["started"]), [Entry.from_json(e) for e in data["files"]]
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError):
            raise InputError(Location(display_path(self.path)), "unreadable update journal; look at the files it names, then delete it") from None
        if pid != os.getpid() and _alive(pid) and time.time() - started < LIVE_SECONDS:
            if live_ok:
                return None
            raise InputError(Location(display_path(self.path)), f"another update is running (process {pid})")
        return entries


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sync_folder(folder: Path) -> None:
    """Make renames in ``folder`` durable, where the platform allows opening a folder."""
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
