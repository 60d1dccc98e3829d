"""Auditing claim files through the content-addressed cache (DESIGN decision 13).

Each claim's located finding is stored under the hash of everything it
depends on: the claim's own YAML (lines included, since findings carry
them), its file's ``document:`` header, the text of the document it quotes,
and the run's environment (the engine's code, every catalogue, units and
inputs file, the working directory that paths are shown from). Each claims
file also gets a pack of its findings under the hash of its bytes, so a run
where nothing changed reads one entry per file and parses no YAML; with a
warm catalogue cache too it imports neither SymPy nor pint. A claim whose
model would be fetched from the Hub depends on more than the project holds,
so it is never stored.
"""

from __future__ import annotations

from pathlib import Path

from auditor.audit.findings import Finding
from auditor.audit.stored import Unreadable, finding_record, read_finding
from auditor.base.errors import InputError
from auditor.base.resources import display_path
from auditor.base.stamps import file_hash, key

from .keys import claim_key, document_dependencies, environment_key, needs_the_hub
from .locate import DocumentCache, locate


def audit_paths_cached(paths: list[Path], project, store) -> list[Finding]:
    """Every claim under ``paths``, audited and located, from the cache where it holds them."""
    from auditor.claims.paths import claim_files

    run = _Run(project, store)
    if run.environment is None:  # no cache salt could be had: no cache
        from auditor.audit.pipeline import audit_files

        from .locate import attach_documents

        files, findings = audit_files(paths, project)
        store.complete = False
        return attach_documents(files, findings, project.documents, project.root)
    files = [run.read(path) for path in claim_files(paths)]
    if not files:
        project.check_catalogue()
    _check_unique_ids(files)
    return [finding for claims_file in files for finding in run.complete(claims_file)]


class _File:
    """One claims file in a run: its findings from a pack, or its claims to look up and audit."""

    def __init__(self, path: Path, key: str):
        self.path, self.key = path, key
        self.findings: list[Finding] | None = None
        self.raw = None
        self.entries: list = []  # (key or None, its cached finding, else the claim to audit)
        self.dependencies: list | None = None

    def ids(self):
        if self.findings is not None:
            return [(f.claim_id, f.location) for f in self.findings]
        return [(f.claim_id, f.location) if isinstance(f, Finding) else (f.id, f.location) for _, f in self.entries]


class _Run:
    def __init__(self, project, store):
        self.project, self.store = project, store
        self.environment = environment_key(project)
        self.documents = DocumentCache(project.documents, project.root)

    def read(self, path: Path) -> _File:
        claims_file = _File(path, key("file", self.environment, str(path.resolve()), display_path(path), file_hash(str(path))))
        pack = self.store.get("files", claims_file.key)
        if pack is not None and _still_valid(pack):
            try:
                claims_file.findings = [read_finding(record) for record in pack["findings"]]
                self.store.consulted.extend(tuple(row) for row in pack["dependencies"])
                return claims_file
            except (Unreadable, TypeError, KeyError):
                claims_file.findings = None
        self._read_claims(claims_file)
        return claims_file

    def _read_claims(self, claims_file: _File) -> None:
        from auditor.claims.files import read_claim_file

        self.project.check_catalogue()  # before any claim is read, as without the cache
        raw = claims_file.raw = read_claim_file(claims_file.path)
        try:
            claims_file.dependencies = document_dependencies(claims_file.path, raw.document, self.project.documents, self.project.root)
        except InputError:
            claims_file.dependencies = None  # raised again, in order, when the findings are placed
        for entry in raw.entries:
            key = None
            if claims_file.dependencies is not None and not needs_the_hub(entry, self.project.inputs):
                key = claim_key(self.environment, raw, entry, claims_file.dependencies)
            cached = self._cached(key)
            claims_file.entries.append((key, cached or raw.claim(entry)))

    def _cached(self, key: str | None) -> Finding | None:
        record = self.store.get("claims", key) if key else None
        try:
            return None if record is None else read_finding(record)
        except Unreadable:
            return None

    def complete(self, claims_file: _File) -> list[Finding]:
        """The file's findings: cached ones as stored, the rest audited, placed and stored."""
        if claims_file.findings is not None:
            return claims_file.findings
        from auditor.audit.pipeline import audit_claim

        document = None
        findings = []
        for entry_key, found in claims_file.entries:
            if not isinstance(found, Finding):
                claim, finding = found, audit_claim(found, self.project)
                document = document or self.documents.for_claims_file(claims_file.path, claims_file.raw.document)
                found = finding if document is None else locate(finding, claim, document)
                if entry_key:
                    self.store.put("claims", entry_key, finding_record(found))
            findings.append(found)
        if claims_file.dependencies is None or not all(key for key, _ in claims_file.entries):
            self.store.complete = False
        else:
            self.store.consulted.extend(tuple(row) for row in claims_file.dependencies)
            self.store.put("files", claims_file.key, {"dependencies": claims_file.dependencies, "findings": [finding_record(f) for f in findings]})
        return findings


def _still_valid(pack) -> bool:
    """A pack holds while each file it read (the document, the copies looked for) reads the same."""
    dependencies = pack.get("dependencies") if isinstance(pack, dict) else None
    if not isinstance(dependencies, list):
        return False
    for row in dependencies:
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], str)) or file_hash(row[0]) != row[1]:
            return False
    return True


def _check_unique_ids(files: list[_File]) -> None:
    seen: dict = {}
    for claims_file in files:
        for claim_id, location in claims_file.ids():
            if claim_id in seen:
                raise InputError(location, f"duplicate claim id {claim_id!r} (first at {seen[claim_id]})")
            seen[claim_id] = location
