"""Many cases in one forked child, each within its own time and memory bounds; a failure confirmed alone.

A fork per case cost more than most cases: copying the warm process's page
tables, then a copy of every page a case touches. Here one child runs a run
of cases in turn, each in its own project folder, and reports each as it
ends. The bounds stay per case: before each, the child's CPU limit is set to
what it has used plus the bound, and its peak resident memory is reset
(``/proc/self/clear_refs``), so a report's CPU time and peak are that case's
alone. A child the kernel ends (its CPU limit, or killed at the wall-clock
deadline) ended during the first case with no report; the cases after it run
in a new child. Cases share a process here, so one could in principle leave
state that trips a later one: every case that fails is run again alone, in a
fork of its own (``fuzz_worker.run_forked``), and that run is its report.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import time
from pathlib import Path

from fuzz_case import Case
from fuzz_run import run_case

CASES_PER_CHILD = 40


def run_shared(cases: list[Case], scratch: Path, seconds: float, megabytes: int, alone) -> list[dict]:
    """One report per case, in order; ``alone(case)`` reruns a failing case in a fork of its own."""
    from fuzz_pool import BAD

    reports: list[dict] = []
    while len(reports) < len(cases):
        chunk = cases[len(reports) : len(reports) + CASES_PER_CHILD]
        reports += _one_child(chunk, scratch, seconds, megabytes)
    return [alone(case) if report["outcome"] in BAD else report for case, report in zip(cases, reports)]


def _one_child(cases: list[Case], scratch: Path, seconds: float, megabytes: int) -> list[dict]:
    """Reports for the cases one child finished, and for the one it died in; never more than one failure."""
    from fuzz_worker import WALL_FACTOR, _bounds, _read_line, _remove

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        _child(cases, scratch, write_end, seconds, _bounds)
    os.close(write_end)
    reports, buffer, timed_out = [], b"", False
    while len(reports) < len(cases):
        line, buffer, timed_out = _read_line(read_end, buffer, time.monotonic() + WALL_FACTOR * seconds)
        if line is None:
            break
        reports.append(_bounded(json.loads(line), seconds, megabytes))
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, status, _ = os.wait4(pid, 0)
    os.close(read_end)
    for folder in scratch.glob("shared-*"):
        _remove(folder)
    if len(reports) < len(cases):
        reports.append(_death(status, timed_out))
    return reports


def _child(cases: list[Case], scratch: Path, write_end: int, seconds: float, bounds) -> None:
    code = 0
    try:
        home = os.getcwd()
        for number, case in enumerate(cases):
            base = scratch / f"shared-{number}"
            base.mkdir()
            used, started = bounds(seconds), time.monotonic()
            report = run_case(case, base)
            os.chdir(home)
            after = resource.getrusage(resource.RUSAGE_SELF)
            cpu = after.ru_utime + after.ru_stime - used
            report.update(seconds=round(time.monotonic() - started, 3), cpu=round(cpu, 3), megabytes=_peak_megabytes())
            os.write(write_end, (json.dumps(report) + "\n").encode())
    except BaseException:  # pragma: no cover - the report itself could not be made
        code = 70
    finally:
        os._exit(code)


def _peak_megabytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    return 0


def _bounded(report: dict, seconds: float, megabytes: int) -> dict:
    if report["outcome"] not in ("over-time", "over-memory"):
        if report.get("cpu", 0) > seconds:
            report["outcome"] = "over-time"
        elif report.get("megabytes", 0) > megabytes:
            report["outcome"] = "over-memory"
    return report


def _death(status: int, timed_out: bool) -> dict:
    if timed_out:
        return {"outcome": "over-time", "detail": "killed at the wall-clock deadline"}
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        return {"outcome": "over-time", "detail": "ended by its CPU limit"}
    return {"outcome": "crash", "detail": f"child ended without a report (status {status})"}
