"""``auditor check`` answered from a stored run, before argparse or any of the engine is imported.

A run of ``check`` that had no input problem is stored under the hash of
everything it read: the engine's code, every catalogue, units, inputs and
report-template file, each claims file, the working directory, the options,
and what decided the project root (each folder the walk up from here looked
at: whether it holds ``claims/``, its ``pyproject.toml``, a repository
marker), as ``audit.root`` decides it; the documents its claims quote are
listed beside it and checked again on the way out. The same command line
with all of these unchanged prints the stored output and exits with the
stored status. Only command lines whose every option is understood here are
answered (``ANSWERED``); any other, any miss, and any run whose claims are
not all found the way the full run finds them goes the ordinary way.
"""

from __future__ import annotations

import os
import sys

from auditor.base import stamps

from .replay_options import options

KIND = "runs"
HEADER = "auditor-run 2"
REPOSITORY_MARKERS = (".git", ".hg")  # as audit.root


def project_walk(start: str) -> tuple[str, list]:
    """(the project root, what each folder looked at said): ``audit.root.find_root``'s walk, without its imports."""
    seen, folder = [], start
    while True:
        pyproject = os.path.join(folder, "pyproject.toml")
        markers = [os.path.exists(os.path.join(folder, m)) for m in REPOSITORY_MARKERS]
        seen.append([folder, os.path.isdir(os.path.join(folder, "claims")), stamps.file_hash(pyproject), markers])
        if seen[-1][1] or _has_settings(pyproject):
            return folder, seen
        parent = os.path.dirname(folder)
        if any(markers) or parent == folder:
            return start, seen
        folder = parent


def _has_settings(pyproject: str) -> bool:
    try:
        with open(pyproject, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError):
        return False
    import re

    return re.search(r"^\s*\[tool\.auditor\]", text, re.M) is not None


def claim_paths(found: dict, root: str) -> list[str] | None:
    """The paths the full run audits (``Project.claim_paths``), or None where only it can say."""
    if found["paths"]:
        return found["paths"]
    if found["builtin"]:
        return [stamps.data_folder("claims")]
    settings = _settings_paths(os.path.join(root, "pyproject.toml"))
    if settings:
        return [os.path.join(root, p) for p in settings]
    own = os.path.join(root, "claims")
    return [own] if settings is not None and os.path.isdir(own) else None


def _settings_paths(pyproject: str) -> list[str] | None:
    """``[tool.auditor] paths`` ([] when none is set), or None for settings the full run should read."""
    if not _has_settings(pyproject):
        return []
    try:
        import tomllib

        with open(pyproject, "rb") as handle:
            paths = tomllib.load(handle)["tool"]["auditor"].get("paths", [])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return paths if isinstance(paths, list) and all(isinstance(p, str) and p for p in paths) else None


def run_key(version: str, argv: list[str]) -> tuple[str, str] | None:
    """(key, project root) for this command line, or None when it is not one to answer from a stored run."""
    found = options(argv)
    if found is None:
        return None
    if found["project"] is not None:
        root = os.path.realpath(found["project"])
        walk = [[root, stamps.file_hash(os.path.join(root, "pyproject.toml"))]]
    else:
        root, walk = project_walk(os.path.realpath(os.getcwd()))
    paths = claim_paths(found, root)
    files = None if paths is None else stamps.claims_files(paths)
    environment = None if files is None else stamps.environment_key(version, root, found["documents"])
    if environment is None:
        return None
    claims = [[path, stamps.file_hash(path)] for path in files]
    templates = stamps.tree([stamps.data_folder("reports")])
    color = _color(found["color"])
    return stamps.key(KIND, environment, sorted(found.items()), color, walk, [os.path.abspath(p) for p in paths], claims, templates), root


def _color(choice: str) -> bool:
    """``options.use_color`` for standard output, without its imports."""
    if choice != "auto":
        return choice == "always"
    return not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def _entry_path(root: str, run: str) -> str:
    return os.path.join(root, stamps.FOLDER, KIND, run + ".txt")


_MISSED: dict = {}
"""The key of a command line this process looked up and did not find: the run that follows stores under it."""


def replayed(argv: list[str], version: str) -> int | None:
    """The exit code of a run answered from the cache (its output written), or None to run it."""
    keyed = run_key(version, argv)
    if keyed is None:
        return None
    _MISSED[(version, tuple(argv))] = keyed
    try:
        with open(_entry_path(keyed[1], keyed[0]), "rb") as handle:
            head, _, body = handle.read().partition(b"\n")
        code, output = _read(body, head.decode("ascii"), keyed[0])
    except (OSError, ValueError):
        return None
    sys.stdout.write(output)
    return code


def _read(body: bytes, head: str, run: str) -> tuple[int, str]:
    if head != f"{HEADER} {run} {stamps.sha256(body).hexdigest()}":
        raise ValueError("not this run")
    text = body.decode("utf-8")
    code, count, rest = text.split("\n", 2)
    for _ in range(int(count)):
        row, rest = rest.split("\n", 1)
        digest, path = row.split("\t", 1)
        if stamps.file_hash(path) != (None if digest == "-" else digest):
            raise ValueError("a document changed")
    return int(code), rest


def store(version: str, argv: list[str], consulted: list, output: str, code: int) -> None:
    """Keep a finished run for ``replayed``; a folder that cannot be written only means no cache.

    The run is stored under the key looked up before it started, where this
    process looked one up: the state of the files it then read, not of what
    they may have become while it ran (and the hashing is not done twice).
    """
    keyed = _MISSED.pop((version, tuple(argv)), None) or run_key(version, argv)
    if keyed is None or any("\n" in path or "\t" in path for path, _ in consulted):
        return
    rows = "".join(f"{digest or '-'}\t{path}\n" for path, digest in consulted)
    try:
        body = f"{code}\n{len(consulted)}\n{rows}{output}".encode()
    except UnicodeEncodeError:  # a name no file system can hold (a lone surrogate from YAML): nothing to replay it from
        return
    path = _entry_path(keyed[1], keyed[0])
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "wb") as handle:
            handle.write(f"{HEADER} {keyed[0]} {stamps.sha256(body).hexdigest()}\n".encode("ascii") + body)
        os.replace(temporary, path)
    except OSError:
        pass
