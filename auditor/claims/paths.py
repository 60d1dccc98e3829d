"""Which claim files a run reads: folders expanded to their YAML files, in a stable order."""

from __future__ import annotations

from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.textio import is_dir, is_file

STDIN = Path("-")
"""The path that stands for standard input, as linters take it."""


def claim_files(paths: list[Path], problems: list | None = None) -> list[Path]:
    """Expand folders to their YAML files, in a stable order; a path that is not there is a problem.

    With a ``problems`` list, each such path is appended to it and the rest
    still expanded; without one, the first is raised.
    """
    found: list[Path] = []
    for path in paths:
        if path == STDIN:
            found.append(path)
        elif is_dir(path):
            found.extend(sorted(p for p in path.rglob("*.yaml") if is_file(p)))
        elif is_file(path):
            found.append(path)
        elif problems is None:
            raise InputError(Location(str(path)), "no such file or folder")
        else:
            problems.append(InputError(Location(str(path)), "no such file or folder"))
    return found
