"""One claims file and each of its claims as a cached run sees them: what is known of each, and how it is stored.

A claim's outcome is what the claim alone decides: that it cannot be read
(the located error), that auditing it raised an input error, or its finding
with that finding placed in its document. Outcomes are stored as plain JSON
data (``audit.stored`` for findings) and read back strictly; a record of the
wrong shape is a miss.
"""

from __future__ import annotations

import time
from dataclasses import replace

from auditor.audit.stored import Unreadable, finding_record, read_finding
from auditor.base.errors import InputError, Location

UNREADABLE, PROBLEM, FINDING = "unreadable", "problem", "finding"
SAME = "same"  # a located finding that is the finding itself


class Entry:
    """One claim of a file: its YAML (when read), its cache key, and its outcome once known."""

    def __init__(self, raw, key: str | None, outcome: tuple | None = None, index: int = 0):
        self.raw, self.key, self.outcome, self.index = raw, key, outcome, index
        self.fresh = False  # decided by this run, so worth storing
        self._claim = None
        self.record = None

    @property
    def problem(self) -> InputError | None:
        return self.outcome[-1] if self.outcome and self.outcome[0] in (UNREADABLE, PROBLEM) else None

    @property
    def finding(self):
        return self.outcome[1] if self.outcome and self.outcome[0] == FINDING else None

    @property
    def located(self):
        return self.outcome[2] if self.outcome and self.outcome[0] == FINDING else None

    @located.setter
    def located(self, finding) -> None:
        self.outcome = (FINDING, self.outcome[1], finding)

    def claim(self, claims_file):
        if self._claim is None:
            raw = claims_file.load_raw()
            self._claim = raw.claim(self.raw if self.raw is not None else raw.entries[self.index], self.index)
        return self._claim

    def check_readable(self, claims_file) -> None:
        if self.outcome is None:
            try:
                self.claim(claims_file)
            except InputError as exc:
                self.outcome, self.fresh = (UNREADABLE, exc), True

    def identity(self, claims_file) -> tuple[str, Location]:
        if self.finding is not None:
            return self.finding.claim_id, self.finding.location
        if self.outcome and self.outcome[0] == PROBLEM:
            return self.outcome[1], self.outcome[2]
        claim = self.claim(claims_file)
        return claim.id, claim.location

    def audit(self, claims_file, project) -> None:
        """The claim audited now, timed as ``collect`` times it."""
        from auditor.audit.pipeline import audit_claim

        claim = self.claim(claims_file)
        started = time.perf_counter()
        try:
            finding = audit_claim(claim, project)
        except InputError as exc:
            self.outcome = (PROBLEM, claim.id, claim.location, exc)
        else:
            self.outcome = (FINDING, replace(finding, seconds=time.perf_counter() - started), None)
        self.fresh = True


class File:
    """One claims file of a run: its outcomes from a pack, or its claims read."""

    def __init__(self, path, key: str | None):
        self.path, self.key = path, key
        self.raw = None
        self.error: InputError | None = None  # the file as a whole cannot be read
        self.entries: list[Entry] = []
        self.dependencies: list | None = None
        self.packed = False
        self.table: dict = {}  # the outcomes an earlier run stored for this file's claims, by claim key

    def load_raw(self):
        if self.raw is None:
            from auditor.claims.files import read_raw_claim_file

            self.raw = read_raw_claim_file(self.path)
        return self.raw

    def unpack(self, pack: dict, table: dict) -> bool:
        """Take the file's outcomes, by the keys its pack lists, from the table of its claims' outcomes.

        False (and nothing taken) for a pack of the wrong shape, or one whose
        claims the table no longer holds all of (a later version of the file
        has been audited since).
        """
        try:
            error = None if pack["error"] is None else read_problem(pack["error"])
            keys = pack["keys"]
            if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
                return False
            outcomes = [table[k] for k in keys]
            entries = [Entry(None, keyed, read_outcome(record), index) for index, (keyed, record) in enumerate(zip(keys, outcomes))]
        except (Unreadable, TypeError, KeyError, ValueError):
            return False
        self.error, self.entries, self.dependencies, self.packed = error, entries, pack["dependencies"], True
        return True

    def release(self) -> None:
        """Drop the file's YAML and claims once every finding is placed: what is kept from here on is findings."""
        self.raw, self.table = None, {}
        for entry in self.entries:
            entry.raw = entry._claim = None

    def read_problems(self) -> list[InputError]:
        """The file's own error, else each claim that cannot be read, in order."""
        if self.error is not None:
            return [self.error]
        for entry in self.entries:
            entry.check_readable(self)
        return [entry.problem for entry in self.entries if entry.outcome is not None and entry.outcome[0] == UNREADABLE]

    def readable(self) -> list[Entry]:
        return [] if self.error is not None else [e for e in self.entries if e.outcome is None or e.outcome[0] != UNREADABLE]


def problem_record(problem: InputError) -> list:
    where = problem.location
    return [None if where is None else where.path, None if where is None else where.line, problem.message]


def read_problem(record) -> InputError:
    path, line, message = record
    if not isinstance(message, str) or not (path is None or isinstance(path, str)) or not (line is None or type(line) is int):
        raise Unreadable("not a stored input error")
    return InputError(None if path is None else Location(path, line), message)


def outcome_record(entry: Entry) -> dict:
    kind = entry.outcome[0]
    if kind == UNREADABLE:
        return {UNREADABLE: problem_record(entry.problem)}
    if kind == PROBLEM:
        return {PROBLEM: problem_record(entry.problem), "id": entry.outcome[1], "location": [entry.outcome[2].path, entry.outcome[2].line]}
    if entry.record is None:  # written once, for the claim's entry and its file's pack alike
        finding = finding_record(entry.finding)
        if entry.located is entry.finding:  # no document to place it in: the same finding, not stored twice
            entry.record = {FINDING: finding, "located": SAME}
        else:
            shared = finding["trace"] if entry.located.trace is entry.finding.trace else None
            entry.record = {FINDING: finding, "located": finding_record(entry.located, shared)}
    return entry.record


def read_outcome(record) -> tuple:
    if not isinstance(record, dict):
        raise Unreadable("not a stored outcome")
    if UNREADABLE in record:
        return (UNREADABLE, read_problem(record[UNREADABLE]))
    if PROBLEM in record:
        claim_id, (path, line) = record["id"], record["location"]
        if not isinstance(claim_id, str) or not isinstance(path, str) or not (line is None or type(line) is int):
            raise Unreadable("not a stored claim's place")
        return (PROBLEM, claim_id, Location(path, line), read_problem(record[PROBLEM]))
    finding = read_finding(record[FINDING])
    return (FINDING, finding, finding if record["located"] == SAME else read_finding(record["located"]))
