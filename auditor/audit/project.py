"""The catalogue and inputs in force for a run."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from auditor.catalogue.load import Catalogue, catalogue_dirs, load_catalogue
from auditor.inputs.reference import Inputs


@dataclass
class Project:
    """The catalogue and inputs in force for a run: built-in, plus a project's own."""

    catalogue: Catalogue
    inputs: Inputs
    root: Path | None = None
    documents: Path | None = None

    @classmethod
    def load(cls, root: Path | None = None) -> "Project":
        return cls(load_catalogue(catalogue_dirs(root)), Inputs(root), root)
