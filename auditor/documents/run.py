"""Auditing claim files through the content-addressed cache (DESIGN decision 13), to the same effect as without it.

What is stored is what a claim alone decides: whether it reads, its
finding as ``audit_claim`` makes it (or the input error it raises), and
that finding placed in its document. Each is keyed by everything it depends
on: the claim's own YAML (lines included, since findings carry them), its
file's ``document:`` header, the documents looked for and the run's
environment (``keys``). The outcomes of a claims file's claims are kept
as one entry under the file's path (an entry per claim would cost more to
write than most claims cost to audit): their outcomes by claim key, and
the file's pack, which names the hash of the file's bytes and lists its
claims' keys, so a run where nothing changed parses no YAML and reads one
entry a file. What depends on more than one claim is decided again on every run,
exactly as ``audit.pipeline.collect`` and ``locate.place`` decide it: which
ids are duplicates, the unstated inputs inferred across a file's claims, and
the inputs a document shows it computed with exactly (the few findings that
changes are placed again). A claim whose model would
be fetched from the Hub, and a claims file read from standard input, are
never stored.
"""

from __future__ import annotations

import functools

from auditor.audit.pipeline import Run
from auditor.audit.stored import Unreadable
from auditor.base.errors import InputError, Location
from auditor.base.stamps import file_hash, key
from auditor.claims.paths import STDIN, claim_files

from .entries import FINDING, Entry, File, outcome_record, problem_record, read_outcome
from .exact import exact, keep_exact
from .inferred import inferred, keep_groups
from .keys import canonical, claim_key, document_dependencies, needs_the_hub
from .locate import DocumentCache, locate
from .worker import Worker, available, wanted

SHARED_FROM = 64  # claims to audit before a second process pays for itself (a fork and the answers' JSON: about 20 claims' worth)
SHARE = 8  # the most claims handed to the worker at once: a smaller last share leaves less to wait for at the end


def audit_run_cached(paths: list, project, store) -> Run:
    """Every claim under ``paths`` audited and placed, from the cache where it holds them; every input problem collected."""
    environment = project.environment_key()
    if environment is None:  # no cache salt could be had: no cache
        store.complete = False
        return _uncached(paths, project)
    run = Run()
    reader = _Reader(project, store, environment)
    files = [reader.lookup(path) for path in claim_files(paths, run.problems)]
    # The worker is forked before any claims file is parsed, when one still to read mentions a property: it
    # imports SymPy while this process reads them all, and reads the files of the claims it is sent itself.
    worker = Worker.start(project) if any(f.key is not None and not f.packed and wanted([f.path]) for f in files) else None
    files = [f if f.packed else reader.read_claims(f) for f in files]
    for claims_file in files:
        run.problems.extend(claims_file.read_problems())
    audited = reader.audit(files, run.problems, worker)
    findings, known, pending = inferred(audited, project, store, environment)
    findings, known_exact, weighed = exact(audited, findings, project, store, environment)
    run.findings = reader.place(audited, findings, run.problems, known | known_exact)
    for claims_file in files:
        claims_file.release()  # a 10,000-claim run holds a fifth of its peak in the claims' YAML otherwise
    keep_groups(store, environment, pending, audited, findings, run.findings)
    keep_exact(store, environment, weighed, audited, findings, run.findings)
    for claims_file in files:
        reader.keep(claims_file)
    project.keep_catalogue()
    if reader.worker is not None:
        reader.worker.reap()
    return run


def _uncached(paths, project) -> Run:
    from auditor.audit.pipeline import collect

    from .locate import place

    run = collect(paths, project)
    run.findings = place(run.claims, run.findings, project.documents, run.problems, project.root, project.catalogue)
    return run


class _Reader:
    def __init__(self, project, store, environment: str):
        self.project, self.store, self.environment = project, store, environment
        self.worker: Worker | None = None  # the one this run forked, reaped once the run's entries are kept

    def read(self, path) -> File:
        """The file's outcomes from its pack, or its claims read and each looked up on its own."""
        claims_file = self.lookup(path)
        return claims_file if claims_file.packed else self.read_claims(claims_file)

    def lookup(self, path) -> File:
        """The file with its outcomes from its pack where one holds; else the file as yet unread, with its stored table."""
        if path == STDIN:
            return File(path, None)
        from auditor.base.resources import display_path

        claims_file = File(path, key("file", self.environment, str(path.resolve()), display_path(path), file_hash(str(path))))
        stored = self.store.get("claims", self._table_key(claims_file))
        table = stored.get("outcomes") if isinstance(stored, dict) else None
        table = table if isinstance(table, dict) else {}
        pack = stored.get("pack") if isinstance(stored, dict) else None
        if isinstance(pack, dict) and pack.get("file") == claims_file.key and _still_valid(pack) and claims_file.unpack(pack, table):
            return claims_file
        unread = File(path, claims_file.key)
        unread.table = table
        return unread

    def read_claims(self, claims_file: File) -> File:
        try:
            raw = claims_file.load_raw()
        except InputError as exc:
            claims_file.error, claims_file.dependencies = exc, []
            return claims_file
        try:
            claims_file.dependencies = document_dependencies(claims_file.path, raw.document, self.project.documents, self.project.root)
        except InputError:
            claims_file.dependencies = None  # raised again, in order, when the findings are placed
        table, document = claims_file.table, canonical(raw.document)
        for index, entry in enumerate(raw.entries):
            keyed = None
            if claims_file.key is not None and claims_file.dependencies is not None and not needs_the_hub(entry, self.project.inputs):
                keyed = claim_key(self.environment, raw, entry, claims_file.dependencies, document)
            claims_file.entries.append(_cached(Entry(entry, keyed, index=index), table))
        return claims_file

    def _table_key(self, claims_file: File) -> str | None:
        """The store key of the file's table, once a file: a run looks it up and writes it (resolving a path is a syscall each)."""
        if claims_file.key is None:
            return None
        known = self.__dict__.setdefault("_table_keys", {})
        if claims_file.path not in known:
            known[claims_file.path] = key("claims", self.environment, str(claims_file.path.resolve()))
        return known[claims_file.path]

    def audit(self, files: list[File], problems: list, worker: Worker | None = None) -> list[tuple[File, Entry]]:
        """Each readable, first-named claim with its finding (audited now when the cache had none), as ``collect`` orders them.

        With a ``worker`` (``documents.worker``), the property claims to audit
        are sent to it first, then a share of the end of the queue each time
        it is idle; each it does not answer is audited here at the end.
        """
        seen: dict[str, Location] = {}
        order: list = []  # (file, entry), or the duplicate's error, in file order
        for claims_file in files:
            for entry in claims_file.readable():
                claim_id, location = entry.identity(claims_file)
                if claim_id in seen:
                    order.append(InputError(location, f"duplicate claim id {claim_id!r} (first at {seen[claim_id]})"))
                    continue
                seen[claim_id] = location
                order.append((claims_file, entry))
        entries = [item for item in order if isinstance(item, tuple)]
        if worker is None and sum(e.outcome is None and e.key is not None for _, e in entries) >= SHARED_FROM and available():
            worker = Worker.start(self.project, prefetch=False, read=_readable(files))
        self.worker = worker
        beside = _send(worker, entries)
        pending = [(f, e) for f, e in entries if e.outcome is None and id(e) not in beside]
        # what only this process may audit (not keyed: stdin, the Hub) first, and last the claims of files the worker has read
        has = {str(f.path) for f, _ in beside.values()}
        pending.sort(key=lambda item: (item[1].key is not None, str(item[0].path) in has))
        low, high, shared = 0, len(pending), []
        while low < high:
            if worker is not None and pending[high - 1][1].key is not None and worker.idle():  # it has finished what it was sent: hand it some of the end
                start = max(low, high - max(1, min(SHARE, (high - low) // 3)))
                while pending[start][1].key is None:  # the unkeyed are all before the keyed
                    start += 1
                share, high = pending[start:high], start
                shared.extend(share)
                beside.update((id(e), (f, e)) for f, e in share)
                worker.send([(f.path, e.index) for f, e in share])
                continue
            pending[low][1].audit(pending[low][0], self.project)
            low += 1
        taken = _take_back(worker, shared, self.project)
        if beside:
            answered = worker.outcomes()
            for claims_file, entry in beside.values():
                if id(entry) in taken:
                    continue
                outcome = answered.get((str(claims_file.path), entry.index))
                if outcome is None:
                    entry.audit(claims_file, self.project)
                else:
                    entry.outcome, entry.fresh = outcome, True
        elif worker is not None:
            worker.stop()
        audited = []
        for item in order:
            if not isinstance(item, tuple):
                problems.append(item)
            elif item[1].problem is not None:
                problems.append(item[1].problem)
            else:
                audited.append(item)
        return audited

    def place(self, audited: list, findings: list, problems: list, known: dict) -> list:
        """Each finding in its document, as ``locate.place`` does; a stored placement is used where one is ``known``."""
        documents, unreadable, placed = DocumentCache(self.project.documents, self.project.root), set(), []
        for index, ((claims_file, entry), finding) in enumerate(zip(audited, findings)):
            if index in known or (entry.located is not None and finding is entry.finding):
                placed.append(known.get(index) or entry.located)
                continue
            document = None
            if claims_file.path not in unreadable:
                try:
                    document = documents.for_claims_file(claims_file.path, claims_file.load_raw().document)
                except InputError as exc:
                    unreadable.add(claims_file.path)
                    problems.append(exc)
            if document is None and claims_file.path in unreadable:
                entry.key = None  # placed without its document this time: not for the cache
            if entry.located is None:
                entry.located = self._located(entry.finding, entry.claim(claims_file), document)
            placed.append(entry.located if finding is entry.finding else self._located(finding, entry.claim(claims_file), document))
        return placed

    def _located(self, finding, claim, document):
        return finding if document is None else locate(finding, claim, document, self.project.catalogue)

    def keep(self, claims_file: File) -> None:
        """Store what this run computed; a file some part of which cannot be stored leaves the run unstorable."""
        if claims_file.packed:
            self.store.consulted.extend(tuple(row) for row in claims_file.dependencies)
            return
        kept = [e for e in claims_file.entries if e.key is not None and e.outcome is not None and (e.finding is None or e.located is not None)]
        changed = any(e.fresh for e in kept) or not all(e.key in claims_file.table for e in kept)
        pack, table_key = self._pack(claims_file), self._table_key(claims_file)
        if table_key is not None and (changed or pack is not None):
            # one entry per file: its claims' outcomes by claim key, and the pack listing them for these bytes of the file
            # (a write per claim, or a second one for the pack, costs more than most claims cost to audit)
            self.store.put("claims", table_key, {"outcomes": {e.key: outcome_record(e) for e in kept}, "pack": pack})
        for entry in claims_file.entries:
            entry.record = None  # written: no need to hold it while the other files are kept

    def _pack(self, claims_file: File) -> dict | None:
        """What a later run needs to take this file's outcomes without reading it; None where it must read it again."""
        storable = claims_file.key is not None and claims_file.dependencies is not None
        if not storable or not all(e.key is not None and e.outcome is not None for e in claims_file.entries):
            self.store.complete = False
            return None
        self.store.consulted.extend(tuple(row) for row in claims_file.dependencies)
        if any(e.finding is not None and e.located is None for e in claims_file.entries):
            return None  # a claim not placed this run (its document unread): no pack
        error = None if claims_file.error is None else problem_record(claims_file.error)
        return {"file": claims_file.key, "dependencies": claims_file.dependencies, "error": error, "keys": [e.key for e in claims_file.entries]}


def _take_back(worker: Worker | None, shared: list, project) -> set[int]:
    """The shared claims the worker has not yet answered, audited here from the last, until it has answered the rest.

    Both may audit the one claim they meet on; either outcome is the claim's
    own. Property claims are never taken back (this process would import SymPy).
    """
    taken: set[int] = set()
    for claims_file, entry in reversed(shared):
        answered = worker.answered()
        if len(answered) == len(worker.sent):
            break
        if (str(claims_file.path), entry.index) not in answered:
            entry.audit(claims_file, project)
            taken.add(id(entry))
    return taken


def _readable(files: list[File]) -> dict:
    """(path, index) to a function building each claim still to audit from these read files (what a forked worker inherits)."""
    return {(str(f.path), e.index): functools.partial(e.claim, f) for f in files for e in f.readable() if e.outcome is None and e.key is not None}


def _send(worker: Worker | None, items: list) -> dict:
    """The property claims still to audit, each sent to the worker, by entry."""
    if worker is None:
        return {}
    beside = {id(e): (f, e) for f, e in items if e.outcome is None and e.key is not None and e.claim(f).property is not None}
    if beside:
        worker.send([(claims_file.path, entry.index) for claims_file, entry in beside.values()])
    return beside


def _cached(entry: Entry, table: dict) -> Entry:
    """The entry with its outcome from ``table`` where the table holds one of the right shape under its key."""
    record = table.get(entry.key) if entry.key else None
    if record is not None:
        try:
            entry.outcome = read_outcome(record)
        except (Unreadable, TypeError, KeyError, ValueError):
            return entry
        entry.record = record if entry.outcome[0] == FINDING else None
    return entry


def _still_valid(pack) -> bool:
    """A pack holds while each file it read (the document, the copies looked for) reads the same."""
    dependencies = pack.get("dependencies") if isinstance(pack, dict) else None
    if not isinstance(dependencies, list):
        return False
    for row in dependencies:
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], str)) or file_hash(row[0]) != row[1]:
            return False
    return True

