"""Finding a claim's quote, and the number inside it, in the document it came from.

Where the document is, and the rule that it lies inside the project, is
``auditor.documents.paths``. A quote is matched with any run of whitespace
standing for any other, because documents re-wrap lines; a quote that is no
longer there makes the claim ``stale``, since its number can no longer be
trusted to be the one the claim records.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace
from pathlib import Path

from auditor.audit.findings import DocumentSpan, Finding
from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.textio import read_text
from auditor.claims.verdicts import Verdict

from .paths import document_path
from .quotes import QuoteIndex

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef"
"""Kana, CJK ideographs, Hangul and full-width forms: a script that sets no space between a word and a number ("有1400GB")."""
NUMBER_TOKEN = re.compile(
    rf"(?<![.,])(?<!(?![{CJK}])\w)(?P<mantissa>[-−]?(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?)"
    r"(?:\s*[×x*·⋅]\s*10(?:\^|\*\*)?\s*(?P<exponent>[-−⁻]?[\d⁰¹²³⁴⁵⁶⁷⁸⁹]+))?(?![\d,]\d)"
)


class Document:
    """One document's text, read exactly (line endings kept) so spans can be rewritten."""

    def __init__(self, path: Path, text: str):
        self.path = path
        self.text = text
        self.shown = display_path(path)
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self._quotes: QuoteIndex | None = None

    @classmethod
    def read(cls, path: Path) -> "Document":
        return cls(path, read_text(path, "document_bytes", exact=True))

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column of a character offset."""
        index = bisect_right(self._line_starts, offset) - 1
        return index + 1, offset - self._line_starts[index] + 1

    def span(self, start: int, end: int) -> DocumentSpan:
        line, column = self.position(start)
        end_line, end_column = self.position(end)
        return DocumentSpan(self.shown, line, column, end_line, end_column)

    def find_quote(self, quote: str, where: Location | None = None) -> tuple[int, int] | None:
        """Offsets of the quote in the text, whitespace runs matching any whitespace; found twice is an error."""
        if self._quotes is None:
            self._quotes = QuoteIndex(self.text)
        spans = self._quotes.find(quote)
        if len(spans) > 1:
            (first, _), (second, _) = spans
            places = f"{self.shown}:{self.position(first)[0]} and {self.shown}:{self.position(second)[0]}"
            raise InputError(where, f"quote {_shown(quote)} is found more than once ({places}); lengthen it so it names one place")
        return spans[0] if spans else None

    def locate_quote(self, quote: str, where: Location | None = None) -> tuple[int, int] | None:
        """The quote as written, else (its number edited) by its words alone."""
        from .edited import find_by_words

        return self.find_quote(quote, where) or find_by_words(self.text, quote, NUMBER_TOKEN)

    def find_number(self, start: int, end: int, stated) -> tuple[int, int] | None:
        """Offsets of the stated number inside ``[start, end)``: the token whose value it prints."""
        if stated.exact:
            found = self.text.find(stated.low.text, start, end)
            return (found, found + len(stated.low.text)) if found >= 0 and stated.low.text else None
        for match in NUMBER_TOKEN.finditer(self.text, start, end):
            if token_value(match) == stated.low.value:
                return match.start(), match.end()
        return None


def _shown(quote: str) -> str:
    return repr(quote) if len(quote) <= 60 else repr(quote[:57] + "...")


def token_value(match: re.Match):
    """The exact value a matched number token prints; None for one too long to read.

    A document is not an input the auditor refuses: a 120-digit number in it
    is simply no number a claim can state, so it matches nothing.
    """
    from auditor.base.errors import QuantityError
    from auditor.base.quantity import parse_printed

    try:
        return parse_printed(match["mantissa"], match["exponent"]).value
    except QuantityError:
        return None


class DocumentCache:
    """Each document read once per run, however many claims quote it."""

    def __init__(self, documents_dir: Path | None = None, root: Path | None = None):
        self.documents_dir = documents_dir
        self.root = root
        self._read: dict[Path, Document] = {}

    def for_claims_file(self, claim_file: Path, document: dict) -> Document | None:
        path = document_path(claim_file, document, self.documents_dir, self.root)
        if path is None:
            return None
        if path not in self._read:
            self._read[path] = Document.read(path)
        return self._read[path]


def locate(finding: Finding, claim, document: Document, catalogue=None) -> Finding:
    """The finding with its place in the document; its edited number compared; ``stale`` when the words are gone."""
    quote = document.find_quote(claim.quote, claim.location)
    if quote is None:
        edited = _edited(finding, claim, document, catalogue)
        if edited is not None:
            return edited
        message = f"quote not found in {document.shown}" + (f"; {finding.message}" if finding.message else "")
        return replace(finding, verdict=Verdict.STALE, message=message)
    number = document.find_number(*quote, claim.stated) if claim.stated is not None else None
    return replace(finding, document_location=document.span(*(number or quote)))


def edited_number(claim, document: Document) -> re.Match | None:
    """The number the document prints where the claim's quote, found by its words alone, has the stated one."""
    from .edited import find_by_words, number_in_place

    span = find_by_words(document.text, claim.quote, NUMBER_TOKEN) if claim.stated is not None else None
    return number_in_place(document.text, span, claim.quote, claim.stated, NUMBER_TOKEN, token_value) if span else None


def _edited(finding: Finding, claim, document: Document, catalogue) -> Finding | None:
    """The claim compared with the number its document prints now, when only that number changed."""
    from auditor.claims.compare import compare

    from .edited import restated

    if catalogue is None or finding.computed_base is None or claim.formula not in catalogue.formulas:
        return None
    token = edited_number(claim, document)
    stated = restated(claim.stated, token) if token is not None else None
    if stated is None:
        return None
    result = compare(stated, finding.computed_base, catalogue.dims(claim.formula))
    message = f"the document now prints {token.group(0)} where the claim records {claim.stated.low.text}"
    return replace(finding, verdict=result.verdict, stated=stated.text, computed=result.computed, tolerance=result.tolerance,
                   message=message, diagnoses=(), document_location=document.span(token.start(), token.end()))


def attach_documents(files: list, findings: list[Finding], documents_dir: Path | None = None, root: Path | None = None, catalogue=None) -> list[Finding]:
    """Place every finding in its document; ``findings`` are in the claims' order across ``files``."""
    claims = [(claim_file, claim) for claim_file in files for claim in claim_file.claims]
    return place(claims, findings, documents_dir, root=root, catalogue=catalogue)


def place(claims: list, findings: list[Finding], documents_dir: Path | None = None, problems: list | None = None, root: Path | None = None,
          catalogue=None) -> list[Finding]:
    """Each finding located in its document, ``claims`` being (claims file, claim) pairs in the findings' order.

    With a ``problems`` list, a document that cannot be read is recorded there
    once and its claims stay unlocated; without one, it is raised.
    """
    cache, unreadable, placed = DocumentCache(documents_dir, root), set(), []
    for (claim_file, claim), finding in zip(claims, findings):
        document = None
        if claim_file.path not in unreadable:
            try:
                document = cache.for_claims_file(claim_file.path, claim_file.document)
            except InputError as exc:
                if problems is None:
                    raise
                unreadable.add(claim_file.path)
                problems.append(exc)
        placed.append(finding if document is None else _located(finding, claim, document, catalogue, problems))
    return placed


def _located(finding: Finding, claim, document: Document, catalogue, problems: list | None) -> Finding:
    """``locate``; with a ``problems`` list, a quote that names two places is recorded there and the finding stays unplaced."""
    try:
        return locate(finding, claim, document, catalogue)
    except InputError as exc:
        if problems is None:
            raise
        problems.append(exc)
        return finding


def audit_paths(paths: list[Path], project) -> list[Finding]:
    """Audit the claim files under ``paths`` and place each finding in its document; the first input problem is raised."""
    from auditor.audit.pipeline import audit_files

    files, findings = audit_files(paths, project)
    return attach_documents(files, findings, project.documents, project.root, project.catalogue)


def audit_run(paths: list[Path], project):
    """Audit and place every claim that can be read under ``paths``, collecting every input problem on the way.

    With a cache (``project.cache``), what the cache holds is read back
    instead of recomputed (``documents.run``), to the same effect.
    """
    if getattr(project, "cache", None) is not None:
        from .run import audit_run_cached

        return audit_run_cached(paths, project, project.cache)
    from auditor.audit.pipeline import collect

    run = collect(paths, project)
    run.findings = place(run.claims, run.findings, project.documents, run.problems, project.root, project.catalogue)
    return run
