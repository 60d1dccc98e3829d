"""The project in force: found by walking up from a folder, or named exactly."""

from __future__ import annotations

from pathlib import Path

from auditor.audit.project import Project


def open_project(root: str | Path | None = None, *, start: str | Path | None = None) -> Project:
    """The project at ``root`` exactly, or the one ``start`` (default: the working directory) is in.

    Without a project above ``start``, the built-in catalogue and inputs are
    in force, plus any ``formulas/`` or ``inputs/`` of ``start`` itself.
    """
    if root is not None:
        return Project.load(Path(root).resolve(), found=True)
    return Project.find(Path(start) if start is not None else None)


def claim_paths(project: Project, paths=None, builtin: bool = False) -> list[Path]:
    """The claim files to read: those named, else the project's own (or, asked for, the shipped ones)."""
    if paths:
        return [Path(p) for p in paths]
    return project.claim_paths(builtin)
