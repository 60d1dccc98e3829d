"""Where a run's catalogue is read from: the built-in formulas, then a project's own."""

from __future__ import annotations

from pathlib import Path

from auditor.base.resources import builtin


def catalogue_dirs(project: Path | None) -> list[Path]:
    """The built-in formulas folder, then the project's own when it has one."""
    dirs = [builtin("formulas")]
    if project is not None and (project / "formulas").is_dir():
        own = (project / "formulas").resolve()
        if own != dirs[0].resolve():
            dirs.append(own)
    return dirs
