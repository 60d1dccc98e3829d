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
from auditor.audit.pipeline import audit_files
from auditor.base.errors import InputError, Location
from auditor.base.quantity import Stated, parse_printed
from auditor.base.resources import display_path
from auditor.base.textio import read_text
from auditor.claims.verdicts import Verdict

from .paths import document_path
from .quotes import QuoteIndex

NUMBER_TOKEN = re.compile(
    r"(?<![\w.,])(?P<mantissa>[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?)"
    r"(?:\s*[×x*]\s*10(?:\^|\*\*)?\s*(?P<exponent>[-−⁻]?[\d⁰¹²³⁴⁵⁶⁷⁸⁹]+))?(?![\d,]\d)"
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

    def find_number(self, start: int, end: int, stated: Stated) -> tuple[int, int] | None:
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
    """The exact value a matched number token prints."""
    return parse_printed(match["mantissa"], match["exponent"]).value


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


def locate(finding: Finding, claim, document: Document) -> Finding:
    """The finding with its place in the document, or ``stale`` when the quote is gone."""
    quote = document.find_quote(claim.quote, claim.location)
    if quote is None:
        message = f"quote not found in {document.shown}" + (f"; {finding.message}" if finding.message else "")
        return replace(finding, verdict=Verdict.STALE, message=message)
    number = document.find_number(*quote, claim.stated) if claim.stated is not None else None
    return replace(finding, document_location=document.span(*(number or quote)))


def attach_documents(files: list, findings: list[Finding], documents_dir: Path | None = None, root: Path | None = None) -> list[Finding]:
    """Place every finding in its document; ``findings`` are in the claims' order across ``files``."""
    cache = DocumentCache(documents_dir, root)
    claims = [(claim_file, claim) for claim_file in files for claim in claim_file.claims]
    placed = []
    for (claim_file, claim), finding in zip(claims, findings):
        document = cache.for_claims_file(claim_file.path, claim_file.document)
        placed.append(finding if document is None else locate(finding, claim, document))
    return placed


def audit_paths(paths: list[Path], project) -> list[Finding]:
    """Audit the claim files under ``paths`` and place each finding in its document."""
    files, findings = audit_files(paths, project)
    return attach_documents(files, findings, project.documents, project.root)
