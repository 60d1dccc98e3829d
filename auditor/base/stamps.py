"""The hashes a cache key is made of, computed with nothing but ``os`` and ``hashlib``.

A run that is answered from the cache must cost little more than starting
Python, so what it computes before it knows whether it can be answered
(the state of the engine's code, of every catalogue, units and inputs file,
of the claims files) lives here, importing no YAML, no pathlib and no
dataclasses. The same functions make the keys a full run stores under, so
the two can never disagree.

Every key is salted with a secret kept in the user's cache directory, never
in the project: a cache folder that arrives with a pull request cannot hold
an entry a CI run would look up, because no one else can compute its name.
"""

from __future__ import annotations

import os
import sys

try:
    from _sha256 import sha256  # CPython's own SHA-256: the same digest, without OpenSSL's start-up
except ImportError:  # pragma: no cover - other interpreters, and CPython 3.12+ (_sha2)
    from hashlib import sha256

FOLDER = ".auditor_cache"
VERSION_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "__init__.py")


def secret() -> str | None:
    """This user's cache salt (made on first use), or None when it can be neither read nor made."""
    folder = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "inference-auditor")
    path = os.path.join(folder, "cache-salt")
    try:
        with open(path, encoding="ascii") as handle:
            found = handle.read().strip()
        if len(found) == 64:
            return found
    except (OSError, ValueError):
        pass
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="ascii") as handle:
            handle.write(os.urandom(32).hex())
        os.replace(temporary, path)
        with open(path, encoding="ascii") as handle:
            return handle.read().strip()
    except OSError:
        return None


def key(*parts) -> str:
    """A stable hash of nested lists, strings, numbers and None."""
    return sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()


def file_hash(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return sha256(handle.read()).hexdigest()
    except OSError:
        return None


def package_folder() -> str:
    return os.path.dirname(VERSION_FILE)


def data_folder(name: str) -> str:
    """A built-in data folder: inside an installed wheel, else at the top of a source checkout."""
    packaged = os.path.join(package_folder(), "_data", name)
    return packaged if os.path.isdir(packaged) else os.path.join(os.path.dirname(package_folder()), name)


def files_under(folder: str, suffix: str = "") -> list[str]:
    """Every file below ``folder`` whose name ends with ``suffix``, sorted, caches skipped."""
    found = []
    for top, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        found.extend(os.path.join(top, n) for n in names if n.endswith(suffix))
    return sorted(found)


def tree(folders: list[str], suffix: str = "") -> list:
    return [[path, file_hash(path)] for folder in folders for path in files_under(folder, suffix)]


def source_stamp() -> str:
    """The engine's code: each module's path, size and modification time."""
    rows = []
    for path in files_under(package_folder(), ".py"):
        stat = os.stat(path)
        rows.append([path, stat.st_size, stat.st_mtime_ns])
    return key(sys.version, rows)


def project_folders(root: str | None, name: str) -> list[str]:
    """The built-in folder ``name``, then the project's own when it has one that is not the same."""
    folders = [data_folder(name)]
    if root is not None:
        own = os.path.join(root, name)
        if os.path.isdir(own) and os.path.realpath(own) != os.path.realpath(folders[0]):
            folders.append(own)
    return folders


def environment_key(version: str, root: str | None, documents: str | None) -> str | None:
    """What every claim may read: code, catalogues, units, inputs, where paths are shown from; None: no cache."""
    salt = secret()
    if salt is None:
        return None
    return key(
        "environment", salt, version, source_stamp(), os.getcwd(), root,
        tree(project_folders(root, "formulas"), ".yaml"), tree([data_folder("units")]), tree(project_folders(root, "inputs")),
        None if documents is None else os.path.abspath(documents),
    )


def claims_files(paths: list[str]) -> list[str] | None:
    """The YAML files ``paths`` name (folders expanded), or None when one does not exist."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            found.extend(files_under(path, ".yaml"))
        elif os.path.isfile(path):
            found.append(path)
        else:
            return None
    return [os.path.abspath(p) for p in found]
