"""Proposing claims for a document nobody has written YAML for yet.

``auditor scan DOC`` finds every number the document states
(``scan_locate``), scores the catalogue's formulas against the words around
it (``scan_words``: the formula's title, owner section and symbol meanings
against the number's neighbourhood, sentence, paragraph and section heading,
among formulas whose unit fits), and proposes the best one when its score
clears a threshold, saying which words matched. The inputs come from the
models, GPUs and dtypes named nearest the number (``scan_match``) and the
values the text writes out ("TP=8", "batch 1": ``scan_inputs``). A proposal
is a draft for a person: the YAML is printed for review, never written into
``claims/``. ``--audit`` recomputes the proposals that resolve.
"""

from __future__ import annotations

import re
from collections import Counter

from auditor.base.quantity import parse_stated
from auditor.documents.locate import Document

from . import inputs as inputs_in_text
from . import match as words
from .locate import SENTENCE_END, Proposal, bounds, find_numbers
from .proposals import audit_proposals, proposal_claim, proposal_id, proposals_yaml  # noqa: F401  (the scan's public API)
from .words import STOP, FormulaIndex, sections
from .words import words as stem_words

HEADING = re.compile(r"^#+ .*$|^[A-Z][^\n.]{3,80}\n(?=\n)", re.MULTILINE)
PARAGRAPH = re.compile(r"\n\s*\n")
NEAR = 40
GEOMETRY_ONLY_OK = words.GEOMETRY_ONLY
THRESHOLD = 1.6
BARE_THRESHOLD = 3.0
BESIDE_THRESHOLD = 1.0
NOTATION_BONUS = 4.0
RESOLVE_MARGIN = 0.8
RESOLVE_CHOICES = 5
NAMED_BEFORE = re.compile(r"([A-Za-z][\w*]{0,5})\s*(?:=|≈|~)\s*(?:about |roughly )?$")
CLAUSE_END = re.compile(r"[,;:→(){}\[\]`$—=]|\s[–-]\s|\.\s")
SCOPE_WEIGHTS = (6.0, 2.5, 2.0, 2.0, 1.0, 0.5)  # clause, beside the number, sentence, heading, paragraph, section

__all__ = ["Proposal", "Scanner", "scan_document", "audit_proposals", "proposal_claim", "proposal_id", "proposals_yaml"]


class Scanner:
    """Scans one document against one project's catalogue and inputs."""

    def __init__(self, document: Document, project):
        self.document, self.project = document, project
        text, catalogue = document.text, project.catalogue
        self.models = words.find_models(text, project.inputs.model_ids())
        self.gpus = words.find_named(text, words.gpu_aliases(project.inputs.gpus))
        self.dtypes = words.find_dtypes(text)
        self.main_gpu, self.main_dtype = (_most_named(f) for f in (self.gpus, self.dtypes))
        self.model_ranking = [m for m, _ in Counter(m for _, _, m in self.models).most_common()]
        self.assignments = inputs_in_text.find_assignments(text, inputs_in_text.symbol_aliases(catalogue))
        self.index = FormulaIndex(catalogue)
        self.notation = inputs_in_text.formula_notation(catalogue)
        self.supplies = words.model_supplies(project)
        self.model_symbols = words.model_symbols(project, self.supplies)

    def proposals(self) -> list[Proposal]:
        inputs = [a for a in self.assignments if a.symbols & set(self.project.catalogue.symbols)]
        skip = [(a, b) for a, b, _ in self.models + self.gpus] + [s for a in inputs for s in a.spans]
        found = find_numbers(self.document, skip)
        for proposal in found:
            self._match(proposal)
        return [p for p in found if p.formula is not None or not p.bare]

    def _scopes(self, proposal: Proposal) -> list[tuple[int, int]]:
        """Sentence, paragraph, section: where to look for words and inputs, nearest first."""
        text = self.document.text
        headings = [m for m in HEADING.finditer(text, 0, proposal.start)]
        section_start = headings[-1].start() if headings else 0
        return [bounds(text, proposal.start, SENTENCE_END), bounds(text, proposal.start, PARAGRAPH), (section_start, proposal.end + 200)]

    def _texts(self, proposal: Proposal, scopes) -> list[tuple[str, float]]:
        text = self.document.text
        sentence, paragraph, section = scopes
        near = text[max(sentence[0], proposal.start - NEAR) : min(sentence[1], proposal.end + NEAR)]
        headings = list(HEADING.finditer(text, 0, proposal.start))
        heading = headings[-1].group(0) if headings else ""
        clause = text[slice(*_clause(text, proposal, sentence))]
        parts = (clause, near, text[slice(*sentence)], heading, text[slice(*paragraph)], text[section[0] : proposal.start])
        return list(zip(parts, SCOPE_WEIGHTS))

    def _match(self, proposal: Proposal) -> None:
        """Propose the best-scoring formula whose unit fits, if it clears the threshold, and say why."""
        scopes = self._scopes(proposal)
        texts = self._texts(proposal, scopes)
        ranked = self._ranked(proposal, texts)
        if not ranked or ranked[0][0] < (BARE_THRESHOLD if proposal.bare else THRESHOLD):
            return
        if proposal.bare and not self._bare_is_claim(proposal, ranked[0][1].formula, texts):
            return
        clause = _clause(self.document.text, proposal, scopes[0])
        best, proposal.given = self._resolvable(proposal, ranked, [clause] + scopes)
        proposal.formula = best.formula
        why = ", ".join(best.matched) or "its phrases"
        proposal.note = f"scan: words {why}" + (f"; owner §{best.section}" if best.section else "")

    def _ranked(self, proposal: Proposal, texts) -> list[tuple[float, object]]:
        """(total score, Score) for the formulas whose unit fits, best first: words, owner, phrases, notation."""
        stated = parse_stated(proposal.stated)
        catalogue = self.project.catalogue
        candidates = [f.id for f in catalogue.formulas.values() if words.unit_fits(stated, f.unit, proposal.bare) and self._feedable(f.id)]
        ranked = self.index.rank(texts, candidates, sections(texts[3][0] + " " + texts[4][0]))[:40]
        named = NAMED_BEFORE.search(self.document.text, max(0, proposal.start - 12), proposal.start)
        totals = []
        for position, score in enumerate(ranked):
            total = score.score + words.phrase_score(score.formula, texts[4][0], texts[0][0])
            total += NOTATION_BONUS if named and self.notation.get(score.formula) == named[1] else 0.0
            totals.append((total, -position, score))
        return [(total, score) for total, _, score in sorted(totals, key=lambda t: (t[0], t[1]), reverse=True)]

    def _resolvable(self, proposal: Proposal, ranked, scopes) -> tuple[object, dict]:
        """The best formula, unless one scoring nearly as well has every input the text gives: that one."""
        first = None
        for total, score in ranked[:RESOLVE_CHOICES]:
            if total < RESOLVE_MARGIN * ranked[0][0]:
                break
            given, missing = self._given(proposal, score.formula, scopes)
            if not missing:
                return score, given
            first = first or (score, given)
        return first

    def _bare_is_claim(self, proposal: Proposal, formula: str, texts) -> bool:
        """A bare number needs its own words: a noun after it the catalogue knows, and words of the formula beside it.

        "12 metres from the station" counts metres, which no formula does; a
        bare number whose formula is named only paragraphs away is more
        likely an index or an input than a result.
        """
        noun = re.match(r"\s+([A-Za-z]{3,})", self.document.text[proposal.end : proposal.end + 30])
        if noun and noun[1].lower() not in STOP and not all(w in self.index.idf for w in stem_words(noun[1])):
            return False
        beside = self.index.rank(texts[:3], [formula], set())
        return bool(beside) and beside[0].score >= BESIDE_THRESHOLD

    def _feeds(self, formula: str, model: str) -> bool:
        """Whether the model has every part the formula needs (an MLA model has no head_dim)."""
        needed = _leaf_symbols(self.project.catalogue, formula) & self.model_symbols
        return model not in self.supplies or needed <= self.supplies[model] | GEOMETRY_ONLY_OK

    def _feedable(self, formula: str) -> bool:
        """A formula is proposable when the document names no model, or names one that can feed it."""
        return not self.models or any(self._feeds(formula, m) for m in self.model_ranking)

    def _model_for(self, formula: str, scopes, position: int) -> str | None:
        """The model named nearest the number that can feed the formula; else the most named that can."""
        for low, high in scopes:
            inside = sorted((f for f in self.models if low <= f[0] < high and self._feeds(formula, f[2])), key=lambda f: abs(f[0] - position))
            if inside:
                return inside[0][2]
        return next((m for m in self.model_ranking if self._feeds(formula, m)), None)

    def _given(self, proposal: Proposal, formula: str, scopes) -> tuple[dict, list[str]]:
        """Model, GPU and dtypes named nearest the number, the values the text writes, and what is still missing."""
        catalogue = self.project.catalogue
        given = self._written_formulas(proposal, formula, scopes)
        leaves = _leaf_symbols(catalogue, formula, set(given))
        symbols = [catalogue.symbols[n] for n in leaves]
        model = self._model_for(formula, scopes, proposal.start)
        if model and leaves & self.model_symbols:
            given["model"] = model
        gpu = _nearest(self.gpus, scopes, proposal.start) or self.main_gpu
        if gpu and any(s.gpu for s in symbols):
            given["gpu"] = gpu
        dtype = _nearest(self.dtypes, scopes, proposal.start) or self.main_dtype
        for key in sorted({s.dtype_key for s in symbols if s.dtype_key}):
            if dtype:
                given[key] = dtype
        missing = []
        for symbol in symbols:
            if _needs_text(symbol, given, self.model_symbols):
                value = self._written_value(proposal, symbol, scopes)
                if value is None:
                    missing.append(symbol.name)
                else:
                    given[symbol.name] = int(value) if value.denominator == 1 else float(value)
        return given, missing

    def _written_formulas(self, proposal: Proposal, formula: str, scopes) -> dict:
        """Intermediate quantities the text sets by their notation ("At r=0.5" sets kv_traffic_ratio)."""
        given = {}
        for used in self.project.catalogue.tree(formula)[1:]:
            value = inputs_in_text.value_for(used, self.assignments, scopes[:3], proposal.start, None)
            if value is not None:
                given[used] = int(value) if value.denominator == 1 else float(value)
        return given

    def _written_value(self, proposal: Proposal, symbol, scopes):
        text = self.document.text
        place = inputs_in_text.list_position(text, proposal.start, proposal.end, *scopes[1])
        value = inputs_in_text.value_for(symbol.name, self.assignments, scopes, proposal.start, place)
        if value is None and symbol.name == "seq_len":
            value = next((s for low, high in scopes[:3] if (s := words.find_seq_len(text[low : proposal.start] + " " + text[proposal.end : high]))), None)
        if value is None and symbol.unit.dimensionless:
            value = inputs_in_text.counted_value(symbol, text, *scopes[1], (proposal.start, proposal.end))
        return value


def _clause(text: str, proposal: Proposal, sentence: tuple[int, int]) -> tuple[int, int]:
    """The clause holding the number: "weights 16 GB" in "weights 16 GB, overhead 8 GB"."""
    before = [m.end() for m in CLAUSE_END.finditer(text, sentence[0], proposal.start)]
    after = CLAUSE_END.search(text, proposal.end, sentence[1])
    return (before[-1] if before else sentence[0]), (after.start() if after else sentence[1])


def _needs_text(symbol, given: dict, model_symbols: set[str]) -> bool:
    """A symbol no named model, GPU, dtype, constant or default supplies."""
    if symbol.value is not None or symbol.default is not None or symbol.dtype_key or symbol.dtype_nominal:
        return False
    return not (symbol.gpu and "gpu" in given) and not (symbol.name in model_symbols and "model" in given)


def _leaf_symbols(catalogue, formula: str, given: set[str] = frozenset()) -> set[str]:
    """Every symbol the formula reaches through the formulas it uses, short of those given outright."""
    found, queue, seen = set(), [formula], set()
    while queue:
        name = queue.pop()
        seen.add(name)
        for dep in catalogue.depends_on(name):
            if dep in catalogue.symbols:
                found.add(dep)
            elif dep not in seen and dep not in given:
                queue.append(dep)
    return found


def _nearest(found, scopes, position: int) -> str | None:
    for low, high in scopes:
        item = words.nearest([f for f in found if low <= f[0] < high], position)
        if item:
            return item
    return None


def _most_named(found: list[tuple[int, int, str]]) -> str | None:
    counted = Counter(item for _, _, item in found)
    return counted.most_common(1)[0][0] if counted else None


def scan_document(path, project) -> tuple[Document, list[Proposal]]:
    document = Document.read(path)
    return document, Scanner(document, project).proposals()
