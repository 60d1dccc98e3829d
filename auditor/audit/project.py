"""The catalogue and inputs in force for a run."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import builtin, display_path
from auditor.catalogue.load import Catalogue, catalogue_dirs, load_catalogue
from auditor.inputs.reference import Inputs

from .root import Settings, find_root, read_settings


@dataclass
class Project:
    """The catalogue and inputs in force for a run: built-in, plus a project's own."""

    catalogue: Catalogue
    inputs: Inputs
    root: Path | None = None
    documents: Path | None = None
    found: bool = False
    settings: Settings = field(default_factory=Settings)

    @classmethod
    def load(cls, root: Path | None = None, found: bool | None = None) -> "Project":
        settings = read_settings(root)
        project = cls(load_catalogue(catalogue_dirs(root)), Inputs(root), root, found=bool(root) if found is None else found, settings=settings)
        if settings.documents:
            project.documents = root / settings.documents
        return project

    @classmethod
    def find(cls, start: Path | None = None) -> "Project":
        """The project ``start`` (default: the working directory) is in; without one, its own folder."""
        start = (start or Path.cwd()).resolve()
        root = find_root(start)
        return cls.load(root or start, found=root is not None)

    def claim_paths(self, builtin_claims: bool = False) -> list[Path]:
        """What to audit when no path is given: ``[tool.auditor] paths``, ``claims/``, or (asked for) the shipped claims."""
        if builtin_claims:
            return [builtin("claims")]
        if self.settings.paths:
            return [self.root / p for p in self.settings.paths]
        own = self.root / "claims" if self.root else None
        if own is not None and own.is_dir():
            return [own]
        raise InputError(Location(display_path(self.root or Path.cwd())), "no claims/ folder here or in a folder above it; name claim files, or pass --builtin for the shipped claims")

    def data_folders(self) -> dict[str, list[str]]:
        """Each data folder in force, built-in first (what ``-v`` reports)."""
        return {
            "formulas": [display_path(p) for p in catalogue_dirs(self.root)],
            "inputs": [display_path(p) for p in self.inputs.dirs],
        }
