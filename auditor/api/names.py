"""Names you can find: formulas by a word, symbols by name, and the ``given:`` keys that feed them."""

from __future__ import annotations

from auditor.audit.project import Project
from auditor.catalogue.search import Match, search

from .project import open_project


def search_formulas(word: str, project: Project | None = None) -> list[Match]:
    """Formulas whose id, title or owner holds ``word``, or that use a symbol whose meaning or notation does."""
    return search((project or open_project()).catalogue, word)


def symbols(name: str | None = None, project: Project | None = None):
    """One symbol's declaration (``SymbolDef``), or all of them by name."""
    catalogue = (project or open_project()).catalogue
    if name is None:
        return dict(sorted(catalogue.symbols.items()))
    return catalogue.symbols[name]
