"""The short fuzz profile: a few thousand generated cases through every command, none of them a failure.

Each case is a throwaway project built from shipped files by mutation (or
from scratch) and one command run in it, in a warm worker, within 10 s of
CPU and 500 MB. A failure is a traceback, an error with no ``file:line``, a
run over either bound, a write outside the project (or a temporary file
left, or a payload that executed), or a crash. The long profile
(``scripts/fuzz.py``, 100,000 cases, other seeds) draws from the same
strategies.
"""

from __future__ import annotations

import os

from fuzz_pool import batches, run_cases

CASES = int(os.environ.get("AUDITOR_FUZZ_CASES", "2000"))
SEED = 1  # the long profile starts at 1,000


def test_no_generated_input_crashes_hangs_escapes_or_goes_unlocated(tmp_path):
    summary = run_cases(iter(batches(CASES, SEED)), jobs=2, seconds=10, megabytes=500)
    assert summary.total == CASES
    if summary.bad:
        saved = summary.save_examples(tmp_path / "failures")
        raise AssertionError(f"{summary.text()}\nreplay one with: python scripts/fuzz.py --replay {saved[0]}")
    assert summary.outcomes["located"] and summary.outcomes["clean"]  # the cases reach both the refusals and the audit


def test_a_stopped_run_resumes_from_its_saved_counts():
    from fuzz_pool import Summary

    summary = Summary()
    for outcome, command in (("clean", "check"), ("located", "scan"), ("traceback", "update")):
        summary.add({"outcome": outcome, "command": command, "kind": "claims", "cpu": 0.5, "megabytes": 90, "case": "{}", "place": "KeyError at x.py:1 in f"})
    summary.done += [1000, 1001]
    again = Summary.from_json(summary.to_json())
    assert again.text() == summary.text() and again.done == [1000, 1001] and again.bad == 1
