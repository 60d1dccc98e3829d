"""Reading an input file as text: bounded in size, every failure located.

Every file the auditor reads may come from a stranger (a claims file, a
document it names, a config.json), so none is read without a size bound, a
byte that is not UTF-8 is reported at its line, and a path the operating
system refuses (too long, a loop of symlinks) is an input error, not a
traceback.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from .errors import InputError, Location
from .limits import LIMITS, over
from .resources import display_path


def read_text(path: Path, limit_name: str = "file_bytes", exact: bool = False) -> str:
    """The file's text; ``exact`` keeps line endings as written (for rewriting spans)."""
    shown = display_path(path)
    data = read_bytes(path, limit_name)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(Location(shown, line), f"not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})") from None
    return text if exact else text.replace("\r\n", "\n").replace("\r", "\n")


def read_bytes(path: Path, limit_name: str = "file_bytes") -> bytes:
    """The file's bytes, refused past the limit ``limit_name`` without reading the rest."""
    shown = display_path(path)
    bound = LIMITS[limit_name].value
    try:
        with open(path, "rb") as handle:
            data = handle.read(bound + 1)
    except OSError as exc:
        raise InputError(Location(shown), f"cannot read file: {exc.strerror or exc}") from None
    if len(data) > bound:
        raise over(limit_name, Location(shown, 1), "the file is larger than that")
    return data


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; a name the system refuses (too long, a symlink loop) is not one."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def resolved(path: Path) -> Path:
    """``path`` with ``..`` and every symlink resolved; a path that cannot be resolved stays as given, absolute."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def load_json_text(text: str, name: str):
    """The value of a JSON text; malformed, too deep or with an integer too long to read is a located error."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(Location(name, exc.lineno), f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise InputError(Location(name, 1), "not valid JSON here: nested too deeply to read") from None
    except ValueError as exc:  # an integer literal past Python's digit limit for conversion
        raise InputError(Location(name, 1), f"not valid JSON here: {exc}") from None


def write_atomic(path: Path, content: bytes | str, mode: int = 0o644, parents: bool = False, durable: bool = True) -> None:
    """Write ``content`` to ``path`` so that readers see the old file or the new one, never a part.

    The temporary file sits beside the target (a rename never crosses file
    systems) and is removed on every exit path, an interrupt included;
    ``parents`` makes missing folders, else a missing folder is an
    ``OSError`` for the caller to locate (a report's ``-o``). ``durable``
    puts the bytes on disk before the rename; a cache entry, which a crash
    may lose at no cost but a miss, goes without (a cold run writes one per
    claims file).
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    if parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = _created_beside(path)
    try:
        try:
            write_all(descriptor, data)
            if durable:
                os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.chmod(temporary, mode)  # created private; these are ordinary files
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


_NAMES = itertools.count()  # temporary names no other write of this process uses


def _created_beside(path: Path) -> tuple[int, str]:
    """A new private file beside ``path``, named for this process and opened exclusively (never through a link already there)."""
    for _ in range(64):
        temporary = os.path.join(path.parent, f".{path.name}.{os.getpid()}.{next(_NAMES)}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600), temporary
        except FileExistsError:
            continue  # left by a process of the same number that was killed: another name
    raise FileExistsError(f"no free temporary name beside {path}")


def write_all(descriptor: int, data: bytes) -> None:
    """Every byte of ``data`` to an open descriptor (a pipe or a file may take fewer in one write)."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]
