"""Which catalogue formula the words around a number describe, scored and explained.

A document rarely names a formula by its id, but it uses the words the
catalogue uses for it: its title ("Decode step floor"), the section that owns
it ("Owned by §0.4"), the meanings of its symbols ("kernel launches in one
decode step"). So every formula gets a bag of stemmed words, weighted by
where they come from and by how rare they are across the catalogue (a word
every formula uses says nothing), and a number's surroundings are scored
against each bag, words right beside the number counting most. The matched
words are kept, so a proposal can say why it names its formula.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

STOP = frozenset(
    "a an and are as at be been being but by can do does for from has have how in into is it its of off on once one only or "
    "our out per so such than that the their them then there these they this those through to too under up was we were what "
    "when where which while who why will with within without you your all any each every not no more most other same both "
    "own just also here very given used uses using use take takes taking two three four over new own".split()
)
SYNONYMS = {
    "tok": "token", "bs": "batch", "tp": "tensor", "ep": "expert", "pp": "pipeline", "seq": "sequenc", "ctx": "context",
    "attn": "attention", "param": "parameter", "mem": "memory", "vram": "memory", "hbm": "memory",
    "ms": "", "us": "", "µs": "", "gb": "", "gib": "", "mb": "", "mib": "", "kib": "", "tb": "", "byte": "byte",
    "concurrency": "concurrent", "ops": "flop", "op": "flop", "throughput": "throughput", "speedup": "speed", "utilization": "utilisation",
}
SOURCE_WEIGHTS = {"title": 3.0, "id": 3.0, "symbol": 1.0, "assumption": 0.5}
SECTION_BONUS = 2.5
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude suffix stripper: enough to make 'sequences', 'sequence' and 'sequenced' one word.
    Kept per word: a page's words are few, and it asks for them at every number."""
    word = SYNONYMS.get(word, word)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed", "ly", "e"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return SYNONYMS.get(word[: -len(suffix)], word[: -len(suffix)])
    return SYNONYMS.get(word, word)


@lru_cache(maxsize=4096)
def words(text: str) -> tuple[str, ...]:
    """Stemmed content words of ``text``; ids split on '_', numbers and stop words dropped. Kept per text: the
    numbers of one paragraph rank their formulas against the same paragraph and section."""
    raw = re.findall(r"[a-zµ][a-z0-9µ]*", text.lower().replace("_", " "))
    return tuple(w for w in (stem(r) for r in raw if r not in STOP) if w and len(w) > 1 and w not in STOP)


def sections(text: str) -> set[str]:
    """Section references printed in ``text``: '§2.1', '§ 0.4'."""
    return set(SECTION.findall(text))


@dataclass(frozen=True)
class Score:
    formula: str
    score: float
    matched: tuple[str, ...]
    section: str | None


class FormulaIndex:
    """Every proposable formula's weighted words and owning sections, built once per catalogue."""

    def __init__(self, catalogue):
        self.bags: dict[str, dict[str, float]] = {}
        self.owners: dict[str, set[str]] = {}
        for formula in catalogue.formulas.values():
            self.bags[formula.id] = self._bag(formula, catalogue)
            self.owners[formula.id] = sections(formula.owner)
        counts: dict[str, int] = defaultdict(int)
        for bag in self.bags.values():
            for word in bag:
                counts[word] += 1
        total = len(self.bags)
        self.idf = {w: math.log((1 + total) / (1 + n)) for w, n in counts.items()}

    @staticmethod
    def _bag(formula, catalogue) -> dict[str, float]:
        """The formula's words, each at the weight of the most telling place it appears."""
        bag: dict[str, float] = {}
        sources = [("title", formula.title), ("id", formula.id)] + [("assumption", a) for a in formula.assumptions]
        for name in catalogue.depends_on(formula.id):
            if name in catalogue.symbols:
                sources.append(("symbol", catalogue.symbols[name].meaning))
            elif name in catalogue.formulas:
                sources.append(("symbol", catalogue.formulas[name].title))
        for source, text in sources:
            for word in words(text):
                bag[word] = max(bag.get(word, 0.0), SOURCE_WEIGHTS[source])
        return bag

    def rank(self, scopes: list[tuple[str, float]], candidates, cited: set[str]) -> list[Score]:
        """Candidates scored against weighted scopes of text (beside the number, sentence, heading...), best first.

        A formula whose owner is a section the text cites ("Owned by §2.1")
        earns a bonus worth a strong title word.
        """
        weighted: dict[str, float] = {}
        for text, weight in scopes:
            for word in set(words(text)):
                weighted[word] = max(weighted.get(word, 0.0), weight)
        ranked = []
        for formula_id in candidates:
            bag = self.bags.get(formula_id)
            if bag is None:
                continue
            hits = {w: bag[w] * self.idf[w] * weighted[w] for w in bag if w in weighted}
            section = next(iter(sorted(self.owners[formula_id] & cited)), None)
            total = sum(hits.values()) / math.sqrt(max(len(bag), 4)) + (SECTION_BONUS if section else 0.0)
            matched = tuple(sorted(hits, key=hits.get, reverse=True)[:5])
            ranked.append(Score(formula_id, total, matched, section))
        return sorted(ranked, key=lambda s: (-s.score, s.formula))
