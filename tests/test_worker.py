"""A cold run's second process changes how fast claims are audited, never what is concluded.

The worker proves the property claims (importing SymPy while the claims are
read) and takes claims off the end of the queue when it runs out of work.
Whatever it does, dies, or answers, every finding equals the one a run in a
single process makes; a run with nothing to audit, or told ``AUDITOR_JOBS=1``,
forks nothing.
"""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stdout

import pytest

from auditor.cli import main
from auditor.documents import run as run_module
from auditor.documents import worker
from auditor.documents.worker import Worker

pytestmark = pytest.mark.skipif(not worker.available(), reason="needs fork and a second core")


def _findings(*args: str) -> list:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["check", "--builtin", "--format", "json", *args])
    assert code == 0, out.getvalue()[-2000:]
    return _untimed(json.loads(out.getvalue()))


def _untimed(data):
    """How long a claim took is no part of what it concludes."""
    if isinstance(data, dict):
        return {k: _untimed(v) for k, v in data.items() if k != "seconds"}
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    return data


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """The shipped claims audited in one process, without the cache."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("alone"))
    try:
        return _findings("--no-cache")
    finally:
        os.chdir(here)


@pytest.fixture
def answers(monkeypatch, tmp_path):
    """How many outcomes the worker returned in the run, by call (it is started only on a cold run)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(worker.JOBS, raising=False)
    returned = []
    outcomes = Worker.outcomes

    def counted(self):
        found = outcomes(self)
        returned.append(len(found))
        return found

    monkeypatch.setattr(Worker, "outcomes", counted)
    return returned


def test_a_cold_run_with_the_worker_concludes_what_one_process_does(alone, answers):
    assert _findings() == alone
    assert answers and answers[0] >= 41  # the 41 property claims at least, and what it took off the end


def test_a_worker_that_dies_leaves_its_claims_to_this_process(alone, answers, monkeypatch):
    monkeypatch.setattr(worker, "_serve", lambda *args: os._exit(3))
    assert _findings() == alone
    assert answers == [0]


def test_answers_that_do_not_read_are_audited_here(alone, answers, monkeypatch):
    monkeypatch.setattr(worker, "_audited", lambda claim, project, audit_claim: {"finding": {"claim_id": claim.id}})
    assert _findings() == alone
    assert answers == [0]


def test_a_worker_whose_files_changed_under_it_answers_none_of_their_claims(alone, monkeypatch, tmp_path):
    """The worker is forked before any claims file is read and reads each file it is sent itself; a file that
    reads differently there than here (here: every file, as each process hashes it) gets no answer, and every
    claim is audited here instead, to the same findings."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(worker.JOBS, raising=False)
    monkeypatch.setattr(worker, "file_hash", lambda path: f"as process {os.getpid()} reads it")
    answered, sent = [], []
    outcomes = Worker.outcomes

    def recorded(self):
        found = outcomes(self)
        answered.extend(path for path, _ in found)
        sent.extend(self.sent)
        return found

    monkeypatch.setattr(Worker, "outcomes", recorded)
    assert _findings() == alone
    assert len(sent) >= 41 and answered == []


def _no_fork(*args, **kwargs):
    raise AssertionError("no worker should be started")


def test_a_warm_run_starts_no_worker(alone, answers, monkeypatch):
    assert _findings() == alone
    monkeypatch.setattr(Worker, "start", classmethod(_no_fork))
    assert _findings() == alone


def test_jobs_1_keeps_every_claim_in_this_process(alone, answers, monkeypatch):
    monkeypatch.setenv(worker.JOBS, "1")
    monkeypatch.setattr(Worker, "start", classmethod(_no_fork))
    assert _findings() == alone


def test_a_small_run_without_properties_starts_no_worker(answers, monkeypatch, tmp_path):
    from pathlib import Path

    shipped = Path(__file__).resolve().parent.parent / "claims" / "derivations.yaml"
    monkeypatch.setattr(Worker, "start", classmethod(_no_fork))
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["check", str(shipped)]) == 0


def test_a_large_cold_run_shares_its_claims_with_a_worker_that_imports_nothing_first(answers, monkeypatch, tmp_path):
    from auditor.documents import run

    (tmp_path / "claims").mkdir()
    rows = "".join(
        f"  - id: layers-{i}\n    quote: \"{i} layers\"\n    formula: kv_bytes_per_token_gqa\n"
        f"    given: {{model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}}\n    stated: \"{128 if i % 2 else 512} KiB/token\"\n"
        for i in range(run.SHARED_FROM + 16)
    )
    (tmp_path / "claims" / "many.yaml").write_text("document: {title: many}\nclaims:\n" + rows, encoding="utf-8")
    started = []
    start = Worker.start.__func__

    def recorded(cls, project, prefetch=True, read=None):
        started.append((prefetch, len(read or {})))
        return start(cls, project, prefetch, read)

    monkeypatch.setattr(Worker, "start", classmethod(recorded))

    def findings(*args):
        out = io.StringIO()
        with redirect_stdout(out):
            main(["check", "--format", "json", *args])
        return _untimed(json.loads(out.getvalue()))

    alone = findings("--no-cache")
    assert findings() == alone
    assert started == [(False, run.SHARED_FROM + 16)]  # forked once the claims were read, holding every one of them
    assert len(alone["findings"]) == run.SHARED_FROM + 16


def test_with_a_worker_the_main_process_imports_no_sympy(tmp_path):
    import subprocess
    import sys

    probe = (
        "import sys, io, contextlib\n"
        "from auditor.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = main(['check', '--builtin'])\n"
        "print(code, 'sympy' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != worker.JOBS}
    cold = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env={**env, "HF_HUB_OFFLINE": "1"}, capture_output=True, text=True, check=True)
    assert cold.stdout.split() == ["0", "False"]  # the 41 proofs were the worker's


def test_a_slow_worker_has_its_shared_claims_taken_back(alone, answers, monkeypatch):
    import time

    audited = worker._audited
    taken = []

    def slow(claim, project, audit_claim):
        if claim.property is None:
            time.sleep(0.05)  # far slower than this process: the claims it was handed are audited here too
        return audited(claim, project, audit_claim)

    take_back = run_module._take_back

    def counted(second, shared, project):
        found = take_back(second, shared, project)
        taken.append(len(found))
        return found

    monkeypatch.setattr(worker, "_audited", slow)
    monkeypatch.setattr(run_module, "_take_back", counted)
    assert _findings() == alone
    assert taken and taken[0] >= 1


def test_an_idle_said_before_the_latest_request_was_taken_is_not_idle():
    """The worker says how many requests it had taken when it ran out; one said before the last share arrived is stale."""
    requests_read, requests_write = os.pipe()
    answers_read, answers_write = os.pipe()
    try:
        beside = Worker(os.getpid(), requests_write, answers_read)
        beside.send([("a.yaml", 0), ("a.yaml", 1)])
        os.write(answers_write, b'["idle", 0]\n')
        assert not beside.idle()
        os.write(answers_write, b'["idle", 2]\n')
        assert beside.idle()
        beside.send([("a.yaml", 2)])
        assert not beside.idle()
    finally:
        for fd in (requests_read, requests_write, answers_read, answers_write):
            os.close(fd)
