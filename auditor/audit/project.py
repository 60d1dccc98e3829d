"""The catalogue and inputs in force for a run."""

from __future__ import annotations

from pathlib import Path


class Project:
    """The catalogue and inputs in force for a run: built-in, plus a project's own.

    The catalogue is read when first needed, so a run answered from the cache
    never parses a formula. ``cache`` is the ``Store`` a run may keep its
    findings in, or None (the default) for none.
    """

    def __init__(self, catalogue=None, inputs=None, root: Path | None = None, documents: Path | None = None, cache=None):
        self._catalogue = catalogue
        self._inputs = inputs
        self.root = root
        self.documents = documents
        self.cache = cache

    @property
    def inputs(self):
        if self._inputs is None:
            from auditor.inputs.reference import Inputs

            self._inputs = Inputs(self.root)
        return self._inputs

    @property
    def catalogue(self):
        if self._catalogue is None:
            from auditor.catalogue.load import catalogue_dirs, load_catalogue

            self._catalogue = load_catalogue(catalogue_dirs(self.root))
        return self._catalogue

    def check_catalogue(self) -> None:
        """Read the catalogue now: one that cannot be read is an error even when no claim needs a formula."""
        self._catalogue = self.catalogue

    @classmethod
    def load(cls, root: Path | None = None, cache: bool = False) -> "Project":
        """The project at ``root``; with ``cache``, keeping findings in ``root/.auditor_cache``."""
        store = None
        if cache:
            from auditor.base.cache import FOLDER, Store

            store = Store((root or Path.cwd()) / FOLDER)
        return cls(root=root, cache=store)
