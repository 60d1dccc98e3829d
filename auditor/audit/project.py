"""The catalogue and inputs in force for a run."""

from __future__ import annotations

from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import builtin, display_path

from .root import Settings, find_root, read_settings


class Project:
    """The catalogue and inputs in force for a run: built-in, plus a project's own.

    The catalogue and inputs are read when first needed, so a run answered
    from the cache never parses a formula. ``cache`` is the ``Store`` a run
    may keep its findings in, or None (the default) for none.
    """

    def __init__(self, catalogue=None, inputs=None, root: Path | None = None, documents: Path | None = None, found: bool = False,
                 settings: Settings | None = None, cache=None):
        self._catalogue = catalogue
        self._inputs = inputs
        self.root = root
        self.documents = documents
        self.found = found
        self.settings = settings or Settings()
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
            from auditor.catalogue import built
            from auditor.catalogue.folders import catalogue_dirs

            key = self.environment_key() if self.cache is not None else None
            self._catalogue = built.load(catalogue_dirs(self.root), self.cache, key)
        return self._catalogue

    def keep_catalogue(self) -> None:
        """At the end of a run: the catalogue's built form stored, with what the run learnt of it."""
        if self._catalogue is not None:
            from auditor.catalogue import built

            built.keep(self._catalogue)

    def check_catalogue(self) -> None:
        """Read the catalogue now: one that cannot be read is an error even when no claim needs a formula.

        With a cache, a catalogue already read whole under the same files (the
        environment key) is not read again: the cache records that it was.
        """
        key = self.environment_key() if self.cache is not None and self._catalogue is None else None
        if key is not None and self.cache.get("catalogue", key) == {"read": True}:
            return
        self._catalogue = self.catalogue
        if key is not None:
            self.cache.put("catalogue", key, {"read": True})

    def environment_key(self) -> str | None:
        """What every claim may read: code, catalogues, units, inputs, where paths are shown from (None: no cache salt)."""
        import auditor
        from auditor.base import stamps

        where = (None if self.root is None else str(self.root), None if self.documents is None else str(self.documents))
        known = self.__dict__.setdefault("_environments", {})
        if where not in known:
            known[where] = stamps.environment_key(auditor.__version__, *where)
        return known[where]

    @classmethod
    def load(cls, root: Path | None = None, found: bool | None = None, cache: bool = False) -> "Project":
        """The project at ``root``; with ``cache``, keeping findings in ``root/.auditor_cache``."""
        settings = read_settings(root)
        store = None
        if cache:
            from auditor.base.cache import FOLDER, Store

            store = Store((root or Path.cwd()) / FOLDER)
        project = cls(root=root, found=bool(root) if found is None else found, settings=settings, cache=store)
        if settings.documents:
            project.documents = root / settings.documents
        return project

    @classmethod
    def find(cls, start: Path | None = None, cache: bool = False) -> "Project":
        """The project ``start`` (default: the working directory) is in; without one, its own folder."""
        start = (start or Path.cwd()).resolve()
        root = find_root(start)
        return cls.load(root or start, found=root is not None, cache=cache)

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
        from auditor.catalogue.folders import catalogue_dirs

        return {
            "formulas": [display_path(p) for p in catalogue_dirs(self.root)],
            "inputs": [display_path(p) for p in self.inputs.dirs],
        }
