"""Writing several files as one change: all new or all old, never over an edit made meanwhile.

``update`` rewrites a claims file and its document together; a reader must
never find one new and the other old, and someone saving the document while
the update runs must never lose that save. So a change is committed in steps
a later run can finish:

1. a journal (``.auditor-journal`` at the project root) names every file,
   the temporary file beside it, and the content hashes of its old and new
   text, before any temporary file exists;
2. every new text is written and synced to its temporary file;
3. file by file, the content on disk is hashed immediately before the file
   is swapped with its temporary (``exchange``: the old text now sits under
   the temporary name); a file that no longer holds what the plan read is
   refused, and so is one whose swapped-out text turns out to differ (a save
   that landed in between, which is swapped straight back); a file the change
   creates appears by a hard link, which never replaces one made meanwhile;
4. once every file is in, each swapped-out text is looked at again (a save
   through a handle opened before the swap lands there), then the old texts
   and the journal are removed.

A save that replaces a file after it was swapped in is a later save, made
over the new text (the update cannot tell from what copy): it is kept, as
any later save is.

A refusal, or any error, swaps every file already done back, so nothing is
left half-applied. A run killed anywhere leaves the journal: the next run
(``recover``) completes the change if every new text is whole on disk, else
rolls every file back, and removes the temporary files either way. Files
are written through symlinks to their targets, must lie inside the project,
and must be writable by their mode (a read-only file is refused, even for
root).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.textio import resolved

from .exchange import exchange
from .journal import Entry, Journal, digest, digest_of, sync_folder

CHUNK = 64 * 1024


@dataclass
class _Write:
    entry: Entry
    data: bytes
    old_text: str | None


def commit(writes: list[tuple[Path, str, str | None]], root: Path | None = None) -> None:
    """Write each ``(path, new text, text it was planned against)`` as one change (see the module docstring)."""
    root = resolved(root if root is not None else Path.cwd())
    planned = [_plan(Path(path), text, expected, root) for path, text, expected in writes]
    journal = Journal(root)
    journal.begin([w.entry for w in planned])
    done: list[_Write] = []
    try:
        for write in planned:
            _write_temporary(write.entry.temporary, write.data)
        for write in planned:
            _swap_in(write)
            done.append(write)
        for write in done:  # a save into a file someone had open lands in the swapped-out text: look once more
            if write.entry.temporary.exists() and digest_of(write.entry.temporary) != write.entry.old:
                raise _changed(write.entry)
    except BaseException:
        for write in reversed(done):
            _swap_back(write)
        for write in planned:
            write.entry.temporary.unlink(missing_ok=True)
        journal.end()
        raise
    for write in planned:
        write.entry.temporary.unlink(missing_ok=True)
    for folder in {w.entry.path.parent for w in planned}:
        sync_folder(folder)
    journal.end()


def _plan(path: Path, text: str, expected: str | None, root: Path) -> _Write:
    target = resolved(path)  # a symlink is written through: its target is the file that changes
    where = Location(display_path(path))
    if not target.is_relative_to(root):
        raise InputError(where, f"not rewritten: {target} is outside the project {root}")
    mode = _mode(target, expected, where)
    if (mode is not None and not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) or not os.access(target.parent, os.W_OK):
        raise InputError(where, "not rewritten: the file (or its folder) is read-only")
    old = digest(expected.encode("utf-8")) if expected is not None else digest_of(target)
    import secrets  # here, not at the top: it imports OpenSSL through hmac, and a check that rewrites nothing never needs it

    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.auditor-tmp")
    data = text.encode("utf-8")
    return _Write(Entry(target, temporary, old, digest(data)), data, expected)


def _mode(target: Path, expected: str | None, where: Location) -> int | None:
    """The mode of the file to replace; None for a file this change creates (nothing was read from it)."""
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        if expected is None:
            return None
        raise InputError(where, "not rewritten: the file is gone since it was read") from None
    except OSError as exc:
        raise InputError(where, f"not rewritten: {exc.strerror}") from None
    if not stat.S_ISREG(mode):
        raise InputError(where, "not rewritten: not a regular file")
    return mode


def _write_temporary(temporary: Path, data: bytes) -> None:
    """A synced new file, created exclusively (its permissions are set to the original's before the swap)."""
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        for offset in range(0, len(data), CHUNK):
            os.write(fd, data[offset : offset + CHUNK])
        os.fsync(fd)
    finally:
        os.close(fd)


def _swap_in(write: _Write) -> None:
    entry = write.entry
    if entry.old is None:
        _create(entry)
        return
    os.chmod(entry.temporary, stat.S_IMODE(entry.path.stat().st_mode))
    if digest_of(entry.path) != entry.old:
        raise _changed(entry)
    if exchange(entry.temporary, entry.path):
        if digest_of(entry.temporary) != entry.old:  # a save landed between the look and the swap: undo at once
            exchange(entry.temporary, entry.path)
            raise _changed(entry)
        return
    os.replace(entry.temporary, entry.path)  # no atomic swap here: the look just above is the last one


def _create(entry: Entry) -> None:
    """A new file appears whole under its name, and never over a file someone made meanwhile (a hard link does not replace)."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(entry.temporary, 0o666 & ~umask)
    try:
        os.link(entry.temporary, entry.path)
    except FileExistsError:
        raise _changed(entry) from None
    entry.temporary.unlink()


def _swap_back(write: _Write) -> None:
    """Undo one swapped file, unless someone has since edited the new text (then theirs stays)."""
    entry = write.entry
    if digest_of(entry.path) != entry.new:
        return
    if entry.old is None:
        entry.path.unlink(missing_ok=True)
        return
    if entry.temporary.exists() and exchange(entry.temporary, entry.path):
        return
    if write.old_text is not None:
        fallback = entry.temporary.with_name(entry.temporary.name + "-old")
        _write_temporary(fallback, write.old_text.encode("utf-8"))
        os.replace(fallback, entry.path)


def _changed(entry: Entry) -> InputError:
    return InputError(Location(display_path(entry.path)), "file changed since it was read; not rewritten, nor is any other file of this update (run again)")


def recover(root: Path | None) -> str | None:
    """Finish or undo an update a killed run left behind; a note saying which, or None when there was none."""
    journal = Journal(resolved(root if root is not None else Path.cwd()))
    entries = journal.stale_entries()
    if entries is None:
        return None
    states = [(e, digest_of(e.path), digest_of(e.temporary)) for e in entries]
    forward = all(current != e.old or spare == e.new for e, current, spare in states)
    for entry, current, spare in states:
        if forward and current == entry.old and spare == entry.new:
            if entry.old is None or not exchange(entry.temporary, entry.path):
                os.replace(entry.temporary, entry.path)
        elif not forward and current == entry.new and entry.old is None:
            entry.path.unlink()
        elif not forward and current == entry.new and spare == entry.old:
            exchange(entry.temporary, entry.path)
        entry.temporary.unlink(missing_ok=True)
    journal.end()
    done = "completed" if forward else "rolled back"
    return f"{display_path(journal.path)}: an update interrupted earlier was {done} ({len(entries)} files)"

