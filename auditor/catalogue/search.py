"""Finding a formula by a word: its id and title, its owner, or the meaning or notation of a symbol it uses.

A reader knows "bandwidth" or "h_kv" or "§2.1", not ``t_mem``; the search
looks where those words are written in the catalogue and says, for each
formula it finds, which of them matched.
"""

from __future__ import annotations

from dataclasses import dataclass

from .load import Catalogue

WEIGHTS = {"id": 0, "title": 1, "owner": 2, "symbol": 3}
"""Where a word matched, nearest first: a match in a formula's own id outranks one through a symbol."""


@dataclass(frozen=True)
class Match:
    formula: str
    where: str
    text: str

    @property
    def rank(self) -> int:
        return WEIGHTS[self.where]


def search(catalogue: Catalogue, word: str) -> list[Match]:
    """Every formula (fallacies left out) the word names, best match first, then by id."""
    needle = word.strip().lower()
    if not needle:
        return []
    found = [m for formula in catalogue.formulas.values() if not formula.fallacy for m in [_best(catalogue, formula, needle)] if m]
    return sorted(found, key=lambda m: (m.rank, m.formula))


def _best(catalogue: Catalogue, formula, needle: str) -> Match | None:
    for where, text in (("id", formula.id), ("title", formula.title), ("owner", formula.owner)):
        if needle in text.lower():
            return Match(formula.id, where, text)
    for name in catalogue.depends_on(formula.id):
        symbol = catalogue.symbols.get(name)
        if symbol is None:
            continue
        for text in (symbol.name, symbol.meaning, *symbol.notation):
            if needle in text.lower():
                return Match(formula.id, "symbol", f"{symbol.name}: {symbol.meaning}")
    return None
