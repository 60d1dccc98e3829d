"""Which claim files a run reads: folders expanded to their YAML files, in a stable order."""

from __future__ import annotations

from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.textio import is_dir, is_file


def claim_files(paths: list[Path]) -> list[Path]:
    """Expand folders to their YAML files, in a stable order."""
    found: list[Path] = []
    for path in paths:
        if is_dir(path):
            found.extend(sorted(p for p in path.rglob("*.yaml") if is_file(p)))
        elif is_file(path):
            found.append(path)
        else:
            raise InputError(Location(str(path)), "no such file or folder")
    return found
