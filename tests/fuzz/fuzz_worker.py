"""The fuzz worker: a warm process that runs each case in a forked child, within time and memory bounds.

Started by the pool (``python fuzz_worker.py SECONDS MEGABYTES``), it imports
the auditor once, then reads cases as JSON lines and answers each with one
JSON line. Cases run in children forked from this warm process, a batch's
cases several to a child (``fuzz_shared``), and every case that fails is run
again alone in a child of its own, so no failure is another case's leftover
state. Time is CPU time, since the machine may be
shared: the child's CPU limit is the bound (the kernel ends it past that),
and a child still alive at three times the bound in wall time (asleep, or
starved) is killed, so a hang never hangs the harness. The child's address
space is capped well above the memory bound, so a runaway allocation fails
in the child instead of starving the machine. The child runs ``auditor.cli.main``
in-process, in a fresh project folder, and reports what happened.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import io
import json
import os
import pkgutil
import resource
import select
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_case import Case  # noqa: E402
from fuzz_run import run_case  # noqa: E402
from fuzz_shared import run_shared  # noqa: E402

ADDRESS_SPACE_HEADROOM = 1536 * 2**20  # a runaway fails here, three times the memory bound over the warm process
WALL_FACTOR = 3


def warm(scratch: Path) -> None:
    """Import and load everything a run needs once, so each forked child starts warm."""
    os.environ.update({"HF_HUB_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1", "HF_HOME": str(scratch / "hf-home")})
    from fuzz_run import memoize_catalogue

    import auditor
    import auditor.cli
    from auditor.audit.project import Project
    from auditor.commands import register_all  # noqa: F401

    for module in pkgutil.walk_packages(auditor.__path__, "auditor."):  # children must not import code edited since
        if not module.name.endswith("__main__"):  # running it would run the command line
            importlib.import_module(module.name)
    memoize_catalogue()
    Project.load(scratch)
    parsers = {flag: auditor.cli.build_parser(completion=flag) for flag in (False, True)}
    auditor.cli.build_parser = lambda completion=True: parsers[completion]  # argparse keeps no state between parses; building it costs a tenth of a case
    import huggingface_hub  # noqa: F401  the fetch path imports it; children inherit it loaded
    _rehearse(scratch)
    gc.collect()
    gc.freeze()  # the warm heap is never collected in a child, so forking does not copy its pages


def _rehearse(scratch: Path) -> None:
    """Run each command once on the shipped claims, in this process, before any child forks.

    Importing is not all of warming: the first run also loads the built-in
    catalogue and the unit registry, compiles formulas and reads the inputs,
    which together cost a child more than a second; every child would pay
    it again. Those caches are keyed by file contents or by objects built
    from them, so what the shipped claims fill is what an unmutated case
    would have filled itself.
    """
    from auditor.cli import main
    from fuzz_shipped import REPO, shipped

    project = scratch / "rehearsal"
    shutil.copytree(REPO / "claims", project / "claims")
    first = next(c for source in shipped().claims for c in source.claims if isinstance(c, dict) and c.get("formula"))
    model = shipped().configs[0][0]
    home = os.getcwd()
    os.chdir(project)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for argv in (["check"], ["explain", str(first["id"])], ["solve", str(first["id"]), "--for", "batch"],
                         ["models", "show", model], ["update", "--check"], ["scan", str(REPO / "docs" / "worked-example.md"), "--audit"]):
                try:
                    main(argv)
                except SystemExit:
                    pass
    finally:
        os.chdir(home)
        shutil.rmtree(project, ignore_errors=True)


def run_forked(case: Case, scratch: Path, seconds: float, megabytes: int) -> dict:
    """Run ``case`` in a child; kill it at ``seconds``; return its report with wall time and peak memory."""
    base = Path(tempfile.mkdtemp(dir=scratch))
    read_end, write_end = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        _child(case, base, write_end, seconds)
    os.close(write_end)
    data, timed_out = _read_until(read_end, started + WALL_FACTOR * seconds)
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, status, usage = os.wait4(pid, 0)
    os.close(read_end)
    _remove(base)
    report = _report(data, timed_out, status)
    cpu = usage.ru_utime + usage.ru_stime
    report.update(seconds=round(time.monotonic() - started, 3), cpu=round(cpu, 3), megabytes=usage.ru_maxrss // 1024)
    if report["outcome"] not in ("over-time", "over-memory"):
        if cpu > seconds:
            report["outcome"] = "over-time"
        elif report["megabytes"] > megabytes:
            report["outcome"] = "over-memory"
    return report


def _child(case: Case, base: Path, write_end: int, seconds: float) -> None:
    code = 0
    try:
        _bounds(seconds)
        report = run_case(case, base)
        payload = json.dumps(report).encode()
        for offset in range(0, len(payload), 65536):
            os.write(write_end, payload[offset : offset + 65536])
    except BaseException:  # pragma: no cover - the report itself could not be made
        code = 70
    finally:
        os._exit(code)


def _bounds(seconds: float) -> float:
    """Bound the next case run in this process; the CPU seconds used before it.

    The address space is capped above what is mapped now and the CPU time
    above what is used now (soft limits only, so a later case may be given
    its own), and the peak resident size is reset so it measures this case.
    """
    soft = _address_space() + ADDRESS_SPACE_HEADROOM
    resource.setrlimit(resource.RLIMIT_AS, (soft, resource.getrlimit(resource.RLIMIT_AS)[1]))
    used = resource.getrusage(resource.RUSAGE_SELF)
    cpu = int(used.ru_utime + used.ru_stime + seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, resource.getrlimit(resource.RLIMIT_CPU)[1]))
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass
    return used.ru_utime + used.ru_stime


def _read_line(fd: int, buffer: bytes, deadline: float) -> tuple[bytes | None, bytes, bool]:
    """(the next line, what is left of the buffer, whether the deadline passed); no line at the end of the pipe."""
    while b"\n" not in buffer:
        remaining = deadline - time.monotonic()
        ready = select.select([fd], [], [], remaining)[0] if remaining > 0 else []
        if not ready:
            return None, buffer, True
        chunk = os.read(fd, 65536)
        if not chunk:
            return None, buffer, False
        buffer += chunk
    line, _, rest = buffer.partition(b"\n")
    return line, rest, False


def _remove(base: Path) -> None:
    """The case's folder, even where the case made parts of it read-only."""
    for folder, _, _ in os.walk(base):
        os.chmod(folder, 0o755)
    shutil.rmtree(base, ignore_errors=True)


def _address_space() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[0]) * resource.getpagesize()


def _read_until(fd: int, deadline: float) -> tuple[bytes, bool]:
    chunks = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return b"".join(chunks), True
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            return b"".join(chunks), True
        chunk = os.read(fd, 65536)
        if not chunk:
            return b"".join(chunks), False
        chunks.append(chunk)


def _report(data: bytes, timed_out: bool, status: int) -> dict:
    if timed_out:
        return {"outcome": "over-time", "detail": "killed at the wall-clock deadline"}
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        return {"outcome": "over-time", "detail": "ended by its CPU limit"}
    try:
        return json.loads(data.decode())
    except ValueError:
        signal_number = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        return {"outcome": "crash", "detail": f"child ended without a report (status {status}, signal {signal_number})"}


def serve(seconds: float, megabytes: int) -> None:
    """Answer each request line: ``{"case": ...}`` runs one case; ``{"seed": n, "count": m}`` draws and runs a batch.

    For a batch, one line per case (its kind, command and report; the case
    itself only when the run failed, for replay), then ``{"done": true}``.
    """
    from fuzz_pool import BAD, generate

    scratch = Path(tempfile.mkdtemp(prefix="auditor-fuzz-"))
    warm(scratch)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        request = json.loads(line) if line.strip() else {}
        cases = [Case.from_json(request["case"])] if "case" in request else generate(request.get("count", 0), request.get("seed", 0), request.get("count", 0) or 1)
        cases = list(cases)
        alone = lambda case: run_forked(case, scratch, seconds, megabytes)  # noqa: E731
        reports = run_shared(cases, scratch, seconds, megabytes, alone) if len(cases) > 1 else [alone(c) for c in cases]
        for case, report in zip(cases, reports):
            report.update(kind=case.kind, command=case.command)
            if report["outcome"] in BAD:
                report["case"] = case.to_json()
            print(json.dumps(report), flush=True)
        print(json.dumps({"done": True}), flush=True)
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    serve(float(sys.argv[1]), int(sys.argv[2]))
