"""Proposing claims for a document nobody has written YAML for yet.

``auditor scan DOC`` finds every number printed with a unit (or a ×, a %, a
count of sequences, or after an "="), quotes a few unique words around it,
and, where the sentence, its paragraph or its section name a quantity the
catalogue knows and the model, GPU, dtype and context it needs, proposes the
formula and the given inputs. A proposal is a draft for a person: the YAML is
printed for review, never written into ``claims/``. ``--audit`` recomputes
the proposals that resolve, a first verdict on a document with no YAML.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from . import scan_match as words
from .documents import NUMBER_TOKEN, Document
from .errors import AuditorError, Location, QuantityError
from .quantity import parse_stated
from .units import parse_unit
from .verdicts import Verdict

UNIT_AFTER = re.compile(r"[ \u00a0]?(?P<unit>%|×|x(?![A-Za-z])|[A-Za-zµ]+(?:/[A-Za-z]+)?(?:\s+per\s+[A-Za-z]+)?)")
QUALIFIER_BEFORE = re.compile(r"(?:~|≈|\babout |\baround |\bapproximately |\broughly |\bnearly |\bover |\bunder |<|>|≤|≥|\bat most |\bat least |\bup to )\s*$", re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(“\"`*])|\n\s*\n")
QUOTE_WORDS = 5
NEAR = 12
HEADING = re.compile(r"^#+ .*$|^[A-Z][^\n.]{3,80}\n(?=\n)", re.MULTILINE)
GEOMETRY_ONLY = {"n_params", "n_params_active", "kv_values_per_token", "hidden_over_heads"}


@dataclass
class Proposal:
    """One number found in a document, and what the scan could say about it."""

    start: int
    end: int
    stated: str
    quote: str
    context: str
    formula: str | None = None
    given: dict = field(default_factory=dict)
    finding: object = None


def _unit_after(text: str, end: int, before: str) -> tuple[str, int] | None:
    """The unit printed right after a number, and where it ends; None when the number has none."""
    match = UNIT_AFTER.match(text, end)
    if match and match["unit"].lower() in words.COUNT_WORDS:
        return "", end
    if match:
        unit = match["unit"]
        for candidate in (unit, unit.split(" per ")[0]):
            try:
                parsed = parse_unit(candidate)
            except QuantityError:
                continue
            if not parsed.dimensionless or candidate in ("%", "×", "x"):
                return candidate, match.start("unit") + len(candidate)
    return ("", end) if before.rstrip().endswith("=") else None


def _bounds(text: str, position: int, pattern: re.Pattern) -> tuple[int, int]:
    starts = [m.end() for m in pattern.finditer(text, 0, position)]
    following = pattern.search(text, position)
    return (starts[-1] if starts else 0), (following.start() if following else len(text))


def _quote(document: Document, start: int, end: int, sentence: tuple[int, int]) -> str:
    """The shortest run of whole words around the number, unique in the document, of about five words."""
    tokens = [m for m in re.finditer(r"\S+", document.text[sentence[0] : sentence[1]])]
    spans = [(sentence[0] + m.start(), sentence[0] + m.end()) for m in tokens]
    inside = [i for i, (a, b) in enumerate(spans) if b > start and a < end] or [0]
    low, high = inside[0], inside[-1]
    while True:
        quote = " ".join(document.text[a:b] for a, b in spans[low : high + 1])
        pattern = r"\s+".join(re.escape(w) for w in quote.split())
        unique = len(re.findall(pattern, document.text)) == 1
        if (unique and high - low + 1 >= QUOTE_WORDS) or (low == 0 and high == len(spans) - 1):
            return quote
        if high - low + 1 >= 12 and unique:
            return quote
        low, high = (low - 1, high) if low > 0 and (high == len(spans) - 1 or (high - low) % 2) else (low, min(high + 1, len(spans) - 1))


def find_numbers(document: Document, skip: list[tuple[int, int]]) -> list[Proposal]:
    """Every number printed with a unit (or a count, or after '='), outside model and GPU names."""
    text, found = document.text, []
    for match in NUMBER_TOKEN.finditer(text):
        if any(a <= match.start() < b for a, b in skip):
            continue
        before = text[max(0, match.start() - 16) : match.start()]
        unit = _unit_after(text, match.end(), before)
        if unit is None:
            continue
        qualifier = QUALIFIER_BEFORE.search(before)
        begin = match.start() - (len(qualifier.group(0)) if qualifier else 0)
        stated = " ".join(text[begin : unit[1]].split())
        try:
            parse_stated(stated)
        except QuantityError:
            continue
        sentence = _bounds(text, match.start(), SENTENCE_END)
        quote = _quote(document, begin, unit[1], sentence)
        found.append(Proposal(match.start(), match.end(), stated, quote, text[sentence[0] : sentence[1]]))
    return found


class Scanner:
    """Scans one document against one project's catalogue and inputs."""

    def __init__(self, document: Document, project):
        self.document, self.project = document, project
        self.models = words.find_named(document.text, words.model_aliases(project.inputs.model_ids()))
        self.gpus = words.find_named(document.text, words.gpu_aliases(project.inputs.gpus))
        self.main_model = _most_named(self.models)
        self.main_gpu = _most_named(self.gpus)
        self.main_dtype = words.find_dtype(document.text)

    def proposals(self) -> list[Proposal]:
        skip = [(a, b) for a, b, _ in self.models + self.gpus]
        found = find_numbers(self.document, skip)
        for proposal in found:
            self._match(proposal)
        return found

    def _scopes(self, proposal: Proposal) -> list[tuple[int, int]]:
        """Sentence, paragraph, section: where to look for the inputs, nearest first."""
        text = self.document.text
        paragraph = _bounds(text, proposal.start, re.compile(r"\n\s*\n"))
        headings = [m.start() for m in HEADING.finditer(text, 0, proposal.start)]
        sentence = _bounds(text, proposal.start, SENTENCE_END)
        return [sentence, paragraph, (headings[-1] if headings else 0, proposal.end + 200)]

    def _match(self, proposal: Proposal) -> None:
        stated = parse_stated(proposal.stated)
        catalogue = self.project.catalogue
        scopes = self._scopes(proposal)
        text = self.document.text
        near = text[max(scopes[0][0], proposal.start - NEAR) : min(scopes[0][1], proposal.end + NEAR)]
        for low, high in scopes[:2]:
            quantity = words.match_quantity(text[low:high], stated.unit.dimensions, catalogue, near)
            if quantity is not None:
                proposal.formula = quantity.formula
                proposal.given = self._given(proposal, quantity.formula, scopes)
                return

    def _given(self, proposal: Proposal, formula: str, scopes) -> dict:
        reached = _reach(self.project.catalogue, formula)
        symbols = self.project.catalogue.symbols
        given: dict = {}
        model = self._nearest(self.models, scopes, proposal.start) or self.main_model
        from_model = {n for n in reached if n in symbols and symbols[n].config} | (reached & GEOMETRY_ONLY)
        if model and from_model:
            given["model"] = model
        gpu = self._nearest(self.gpus, scopes, proposal.start) or self.main_gpu
        if gpu and any(symbols[n].gpu for n in reached if n in symbols):
            given["gpu"] = gpu
        dtype = next((d for low, high in scopes if (d := words.find_dtype(self.document.text[low:high]))), None) or self.main_dtype
        for symbol, key in (("kv_bytes_per_element", "kv_dtype"), ("bytes_per_param", "weight_dtype")):
            if dtype and symbol in reached:
                given[key] = dtype
        if "seq_len" in reached:
            text = self.document.text
            seq = next((s for low, high in scopes[:2] if (s := words.find_seq_len(text[low : proposal.start] + " " + text[proposal.end : high]))), None)
            if seq:
                given["seq_len"] = seq
        return given

    @staticmethod
    def _nearest(found, scopes, position: int) -> str | None:
        for low, high in scopes:
            item = words.nearest([f for f in found if low <= f[0] < high], position)
            if item:
                return item
        return None


def _most_named(found: list[tuple[int, int, str]]) -> str | None:
    counted = Counter(item for _, _, item in found)
    return counted.most_common(1)[0][0] if counted else None


def _reach(catalogue, formula: str) -> set[str]:
    seen, queue = {formula}, [formula]
    while queue:
        name = queue.pop()
        if name in catalogue.formulas:
            for dep in catalogue.depends_on(name):
                if dep not in seen:
                    seen.add(dep)
                    queue.append(dep)
    return seen


def scan_document(path: Path, project) -> tuple[Document, list[Proposal]]:
    document = Document.read(path)
    return document, Scanner(document, project).proposals()


def proposal_claim(proposal: Proposal, document: Document, index: int):
    """The proposal as a Claim the engine can audit, located at its document line."""
    from .claims import Claim
    from .yamlio import Located

    given = Located(proposal.given)
    given.line, given.key_lines = 0, {}
    line, _ = document.position(proposal.start)
    return Claim(id=proposal_id(document, proposal, index), quote=proposal.quote, location=Location(document.shown, line), formula=proposal.formula, stated=parse_stated(proposal.stated), given=given)


def proposal_id(document: Document, proposal: Proposal, index: int) -> str:
    line, _ = document.position(proposal.start)
    slug = re.sub(r"[^a-z0-9]+", "-", proposal.stated.lower()).strip("-")[:24]
    return f"{re.sub(r'[^a-z0-9]+', '-', document.path.stem.lower())}-l{line}-{slug or index}"


def audit_proposals(proposals: list[Proposal], document: Document, project) -> None:
    """Attach a finding to every proposal whose formula and inputs resolve."""
    from dataclasses import replace

    from .audit import audit_claim

    for index, proposal in enumerate(proposals):
        if proposal.formula is None:
            continue
        try:
            finding = audit_claim(proposal_claim(proposal, document, index), project)
        except AuditorError:
            continue
        if finding.verdict != Verdict.UNDERDETERMINED:
            proposal.finding = replace(finding, document_location=document.span(proposal.start, proposal.end))


def proposals_yaml(proposals: list[Proposal], document: Document, path_text: str) -> str:
    """A claims file for review: matched proposals as claims, the rest as comments."""
    lines = [f"# Proposed by `auditor scan {path_text}`: review each claim before keeping it.", "document:", f"  path: {json.dumps(path_text)}", "claims:"]
    unmatched = []
    for index, proposal in enumerate(proposals):
        line, column = document.position(proposal.start)
        if proposal.formula is None:
            unmatched.append(f"#   {document.shown}:{line}:{column} {proposal.stated!r} in {proposal.quote!r}")
            continue
        given = "{" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in proposal.given.items()) + "}"
        lines += [
            f"  - id: {proposal_id(document, proposal, index)}",
            f"    quote: {json.dumps(proposal.quote, ensure_ascii=False)}  # {document.shown}:{line}:{column}",
            f"    formula: {proposal.formula}",
            f"    given: {given}",
            f"    stated: {json.dumps(proposal.stated, ensure_ascii=False)}",
        ]
    if len(lines) == 4:
        lines[-1] = "claims: []"
    if unmatched:
        lines += ["# Numbers with units that name no quantity the catalogue knows:"] + unmatched
    return "\n".join(lines) + "\n"
