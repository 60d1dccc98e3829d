"""Which claim files a run reads: folders expanded to their YAML files, in a stable order."""

from __future__ import annotations

from pathlib import Path

from auditor.base.errors import InputError, Location


def claim_files(paths: list[Path]) -> list[Path]:
    """Expand folders to their YAML files, in a stable order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
        elif path.is_file():
            found.append(path)
        else:
            raise InputError(Location(str(path)), "no such file or folder")
    return found
