"""A second process for a cold run: the claims that need SymPy first, then a share of the rest.

A property claim is proved with SymPy, and importing SymPy costs as much as
auditing a few hundred numeric claims; the numeric claims need neither
SymPy nor pint (DESIGN decision 13). On a machine with a second core a cold
run whose claims files mention a property therefore forks a worker before it
reads any of them: the worker imports SymPy while this process reads them
all, reads the file of each property claim it is sent itself, proves it,
and then audits whatever claims this process hands it off the end of its
queue each time it says it is idle, having taken every request sent (a
large cold run forks one for that alone, after reading). Each outcome comes
back as the cache would store it (``audit.stored``) and is read back as
strictly. The result is the same as auditing every claim here: a claim the
worker does not answer, for whatever reason (it died, its file changed
under it, its answer does not read), is audited here instead.
``AUDITOR_JOBS=1`` keeps every claim in this process.
"""

from __future__ import annotations

import gc
import json
import os
import select
import signal
import sys
from pathlib import Path

from auditor.audit.stored import Unreadable, finding_record, read_finding
from auditor.base.errors import InputError
from auditor.base.stamps import file_hash
from auditor.base.textio import write_all

from .entries import FINDING, PROBLEM, SAME, problem_record, read_outcome

JOBS = "AUDITOR_JOBS"


def wanted(paths: list[Path]) -> bool:
    """Whether a worker would have anything to do: a second core, ``fork``, and a file that mentions ``property``
    (such files are read before the fork, so the worker inherits their claims).

    A hint, read from the bytes: which claims go to the worker is decided
    from the parsed claims, and a worker sent nothing is stopped.
    """
    if not available():
        return False
    for path in paths:
        try:
            with open(path, "rb") as handle:
                if b"property" in handle.read():
                    return True
        except OSError:
            continue
    return False


def available() -> bool:
    """A second core this process may use, ``fork``, and no ``AUDITOR_JOBS=1``."""
    return hasattr(os, "fork") and os.environ.get(JOBS, "").strip() != "1" and _cores() >= 2


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Worker:
    """A forked process that audits the claims it is sent, by file and index, and returns their outcomes.

    Each answer comes back as a line as soon as it is made, and the worker
    says when it has run out of work, so this process can hand it more from
    the end of what it has left (``share``).
    """

    def __init__(self, pid: int, requests: int, answers: int):
        self.pid, self._requests, self._answers = pid, requests, answers
        self.sent: set[tuple[str, int]] = set()
        self._stamps: dict[str, str] = {}
        self._buffer, self._found, self._idle, self._open = b"", {}, False, True
        self._requested = 0  # request lines written; the worker's "idle" counts those it has taken

    @classmethod
    def start(cls, project, prefetch: bool = True, read: dict | None = None) -> Worker | None:
        """The worker, forked from this process, importing SymPy first when ``prefetch``; None where it cannot be.

        ``read`` maps (path, index) to a claim this process has already read,
        as a function that builds it: the worker, forked with this process's
        memory, builds it from there instead of reading the file again.
        """
        _import_for_both()
        sys.stdout.flush()
        sys.stderr.flush()
        request_read, request_write = os.pipe()
        answer_read, answer_write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            for fd in (request_read, request_write, answer_read, answer_write):
                os.close(fd)
            return None
        if pid == 0:  # the worker: it never returns into the caller's code
            code = 1
            try:
                os.close(request_write)
                os.close(answer_read)
                code = _serve(project, request_read, answer_write, prefetch, read or {})
            finally:
                os._exit(code)
        os.close(request_read)
        os.close(answer_write)
        return cls(pid, request_write, answer_read)

    def send(self, claims: list[tuple[Path, int]]) -> None:
        """Ask for each claim, by its file and index, as this process reads that file now."""
        lines = []
        for path, index in claims:
            self.sent.add((str(path), index))
            if str(path) not in self._stamps:  # once a file: hashing it costs more than most of its claims
                self._stamps[str(path)] = file_hash(str(path))
            lines.append(json.dumps([str(path), index, self._stamps[str(path)]]))
        self._idle = False
        self._requested += len(lines)
        try:
            write_all(self._requests, ("\n".join(lines) + "\n").encode())
        except OSError:
            self._open = False  # the worker is gone: its claims are audited here

    def idle(self) -> bool:
        """Whether the worker has said it has nothing left to do (answers read so far are kept); never waits."""
        if self._open and select.select([self._answers], [], [], 0)[0]:
            self._take(os.read(self._answers, 1 << 16))
        return self._idle and self._open

    def answered(self) -> dict[tuple[str, int], tuple]:
        """The outcomes returned so far; never waits."""
        self.idle()
        return self._found

    def outcomes(self) -> dict[tuple[str, int], tuple]:
        """Every outcome the worker returned, by (path, index), once it has finished; what it did not return is left out."""
        _close(self._requests)
        try:
            while self._open and (chunk := os.read(self._answers, 1 << 16)):
                self._take(chunk)
        except OSError:
            pass
        finally:
            _close(self._answers)
            self._reap(wait=False)  # it has closed its answers and is exiting: ``reap`` collects it later
        return self._found

    def stop(self) -> None:
        """End a worker that was sent nothing, without waiting for its import."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except (ProcessLookupError, TypeError):
            pass
        _close(self._requests)
        _close(self._answers)
        self._reap()

    def _take(self, chunk: bytes) -> None:
        if not chunk:
            self._open = False
            return
        *lines, self._buffer = (self._buffer + chunk).split(b"\n")
        for line in lines:
            try:
                answer = json.loads(line)
                if isinstance(answer, list) and len(answer) == 2 and answer[0] == "idle":
                    self._idle = answer[1] == self._requested  # an "idle" written before it took the latest requests is stale
                    continue
                path, index, record = answer
                if (path, index) in self.sent:
                    self._found[(path, index)] = _read(record)
            except (Unreadable, TypeError, KeyError, ValueError, RecursionError):
                continue  # audited here instead

    def reap(self) -> None:
        """Collect the finished worker's exit, waiting for it when it is still tearing itself down."""
        self._reap(wait=True)

    def _reap(self, wait: bool = True) -> None:
        if self.pid is None:
            return
        try:
            if os.waitpid(self.pid, 0 if wait else os.WNOHANG)[0] == 0:
                return  # still exiting (a process of SymPy's size takes milliseconds to free): collected by ``reap``
        except ChildProcessError:
            pass
        self.pid = None


def _import_for_both() -> None:
    """numpy, which the diagnosis of a wrong number in either process imports: once here, before the fork, not once in each.

    Measured both ways: importing it in each process after the fork costs a
    cold run more CPU and no less time.
    """
    import numpy  # noqa: F401


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _serve(project, requests: int, answers: int, prefetch: bool, read: dict) -> int:
    """The worker's whole life: audit each claim it is sent, answer each at once, say when it is idle."""
    gc.freeze()  # the parent's heap, inherited, is never garbage; scanning it would cost more than the proofs
    from auditor.audit.pipeline import audit_claim
    from auditor.claims.files import read_raw_claim_file

    if prefetch:
        from auditor.audit.properties import check_property  # noqa: F401  (imports SymPy while the parent reads)
    files, buffer, taken = {}, b"", 0
    while True:
        if b"\n" not in buffer:
            if buffer == b"":
                write_all(answers, json.dumps(["idle", taken]).encode() + b"\n")
            chunk = os.read(requests, 1 << 16)
            if not chunk:
                break
            buffer += chunk
            continue
        line, buffer = buffer.split(b"\n", 1)
        taken += 1
        try:
            path, index, stamp = json.loads(line)
            if (path, index) in read:
                claim = read[(path, index)]()
            else:
                if path not in files:
                    files[path] = read_raw_claim_file(Path(path)) if file_hash(path) == stamp else None
                raw = files[path]
                if raw is None:
                    continue  # the file changed since the parent read it: the parent audits its claims
                claim = raw.claim(raw.entries[index], index)
            answer = json.dumps([path, index, _audited(claim, project, audit_claim)])
        except Exception:  # noqa: BLE001  anything the worker cannot answer, the parent audits itself
            continue
        write_all(answers, answer.encode() + b"\n")
    os.close(answers)
    return 0


def _audited(claim, project, audit_claim) -> dict:
    import time
    from dataclasses import replace

    started = time.perf_counter()
    try:
        finding = audit_claim(claim, project)
    except InputError as exc:
        return {PROBLEM: problem_record(exc), "id": claim.id, "location": [claim.location.path, claim.location.line]}
    return {FINDING: finding_record(replace(finding, seconds=time.perf_counter() - started))}


def _read(record) -> tuple:
    """An entry's outcome from the worker's record, read as strictly as the cache reads its own."""
    if not isinstance(record, dict) or not (FINDING in record or PROBLEM in record):
        raise Unreadable("not an outcome")
    outcome = read_outcome({**record, "located": SAME} if FINDING in record else record)
    return (FINDING, outcome[1], None) if outcome[0] == FINDING else outcome
