"""``auditor check`` answered from a stored run, before argparse or any of the engine is imported.

A run of ``check`` whose inputs are all unchanged prints what it printed
last time: its output is stored under the hash of everything it read (the
engine's code, every catalogue, units, inputs and report-template file, each
claims file, the working directory and the options), with the documents its
claims quote listed beside it and checked again on the way out. Only the
plain forms of the command are answered here (paths, ``--format``, ``-v``,
``--documents``, ``--project``); anything else, and any miss, goes the
ordinary way, which stores the run for next time.
"""

from __future__ import annotations

import os
import sys

from auditor.base import stamps

KIND = "runs"
HEADER = "auditor-run 1"


def options(argv: list[str]) -> dict | None:
    """The options of a plain ``check`` command line, or None for any other."""
    found = {"project": None, "paths": [], "format": "human", "verbose": False, "documents": None}
    words, seen_check, paths_ended = list(argv), False, False
    while words:
        word = words.pop(0)
        paths_ended = paths_ended or bool(found["paths"] and word.startswith("-"))
        name, _, inline = word.partition("=") if word.startswith("--") else (word, "", "")
        if not seen_check and word == "check":
            seen_check = True
        elif name in ("--project", "--format", "--documents") and (name != "--project") == seen_check and (inline or words):
            found[name[2:]] = inline or words.pop(0)
        elif seen_check and word in ("-v", "--verbose"):
            found["verbose"] = True
        elif seen_check and not word.startswith("-") and not paths_ended:
            found["paths"].append(word)
        else:
            return None
    return found if seen_check else None


def run_key(version: str, found: dict) -> tuple[str, str] | None:
    """(key, project root) for a run with these options, or None when its claim paths do not exist."""
    root = os.path.realpath(found["project"] or os.getcwd())
    paths = found["paths"] or [_default_claims(root)]
    files = stamps.claims_files(paths)
    if files is None:
        return None
    environment = stamps.environment_key(version, root, found["documents"])
    if environment is None:
        return None
    claims = [[path, stamps.file_hash(path)] for path in files]
    templates = stamps.tree([stamps.data_folder("reports")])
    return stamps.key(KIND, environment, found["format"], bool(found["verbose"]), [os.path.abspath(p) for p in paths], claims, templates), root


def _default_claims(root: str) -> str:
    own = os.path.join(root, "claims")
    return own if os.path.isdir(own) else stamps.data_folder("claims")


def _entry_path(root: str, run: str) -> str:
    return os.path.join(root, stamps.FOLDER, KIND, run + ".txt")


def replayed(argv: list[str], version: str) -> int | None:
    """The exit code of a run answered from the cache (its output written), or None to run it."""
    found = options(argv)
    keyed = run_key(version, found) if found is not None else None
    if keyed is None:
        return None
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


def store(version: str, found: dict, consulted: list, output: str, code: int) -> None:
    """Keep a finished run for ``replayed``; a folder that cannot be written only means no cache."""
    keyed = run_key(version, found)
    if keyed is None or any("\n" in path or "\t" in path for path, _ in consulted):
        return
    rows = "".join(f"{digest or '-'}\t{path}\n" for path, digest in consulted)
    body = f"{code}\n{len(consulted)}\n{rows}{output}".encode()
    path = _entry_path(keyed[1], keyed[0])
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "wb") as handle:
            handle.write(f"{HEADER} {keyed[0]} {stamps.sha256(body).hexdigest()}\n".encode("ascii") + body)
        os.replace(temporary, path)
    except OSError:
        pass
