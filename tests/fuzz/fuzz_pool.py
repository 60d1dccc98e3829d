"""Generating cases and running them through a pool of warm workers; the summary of a run.

``generate`` draws cases from the hypothesis strategies in seeded batches
(deterministic for a seed); each worker draws its own batches, so drawing
runs in parallel too. ``run_cases`` keeps ``jobs`` workers busy, one thread
feeding each; a worker that dies is replaced and its case recorded as a
crash. ``Summary`` counts outcomes by class, command and kind, keeps the
slowest and largest run, and for each distinct failure place one example
case to replay.
"""

from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from fuzz_case import Case
from hypothesis import HealthCheck, Phase, given, seed, settings

WORKER = Path(__file__).resolve().parent / "fuzz_worker.py"
BAD = ("traceback", "unlocated", "over-time", "over-memory", "escaped", "crash")


def generate(count: int, first_seed: int = 0, batch: int = 500) -> Iterator[Case]:
    """``count`` cases, drawn ``batch`` at a time, each batch from its own seed."""
    from fuzz_strategies import CASES

    made = 0
    for number in range(first_seed, first_seed + 10**6):
        wanted = min(batch, count - made)
        if wanted <= 0:
            return
        drawn: list[Case] = []

        @seed(number)
        @settings(max_examples=wanted, database=None, phases=[Phase.generate], deadline=None, suppress_health_check=list(HealthCheck))
        @given(CASES)
        def collect(case: Case) -> None:
            drawn.append(case)

        collect()
        made += len(drawn)
        yield from drawn


class Worker:
    def __init__(self, seconds: float, megabytes: int):
        self.args = [sys.executable, str(WORKER), str(seconds), str(megabytes)]
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.process.stdout.readline()  # {"ready": true}

    def run(self, request: dict) -> Iterator[dict]:
        """The reports for one request, one per case; a worker that dies is replaced, and its case is a crash."""
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        while line := self.process.stdout.readline():
            report = json.loads(line)
            if report.get("done"):
                return
            yield report
        self.process.kill()
        self.process.wait()
        self.start()
        yield {"outcome": "crash", "detail": "the worker died", "kind": "?", "command": "?", "case": request.get("case")}

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def run_cases(requests: Iterator[dict], jobs: int = 2, seconds: float = 10, megabytes: int = 500,
              progress: Callable[[Summary], None] | None = None, summary: Summary | None = None) -> Summary:
    """Run every request (a batch ``{"seed", "count"}`` or one ``{"case"}``) on ``jobs`` workers; the summary.

    ``summary``, when given, is a stopped run's, to add to; ``progress`` is
    called after each request, with every case of it counted.
    """
    summary, lock = summary or Summary(), threading.Lock()
    todo: queue.Queue = queue.Queue()
    for request in requests:
        todo.put(request)
    for _ in range(jobs):
        todo.put(None)

    def feed() -> None:
        worker = Worker(seconds, megabytes)
        while (request := todo.get()) is not None:
            reports = list(worker.run(request))
            with lock:  # a request counts whole or not at all, so a run stopped between requests can resume
                for report in reports:
                    summary.add(report)
                summary.done.append(request.get("seed"))
                if progress:
                    progress(summary)
        worker.stop()

    threads = [threading.Thread(target=feed) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return summary


def batches(count: int, first_seed: int, size: int = 250) -> list[dict]:
    """``count`` cases as requests of ``size`` cases, each batch with its own seed."""
    return [{"seed": first_seed + number, "count": min(size, count - start)} for number, start in enumerate(range(0, count, size))]


@dataclass
class Summary:
    total: int = 0
    outcomes: Counter = field(default_factory=Counter)
    commands: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    places: dict = field(default_factory=dict)
    slowest: tuple = (0.0, 0.0, "")
    largest: tuple = (0, "")
    done: list = field(default_factory=list)  # the seeds of the batches counted

    def to_json(self) -> str:
        fields = {name: getattr(self, name) for name in ("total", "outcomes", "commands", "kinds", "places", "slowest", "largest", "done")}
        return json.dumps(fields)

    @classmethod
    def from_json(cls, text: str) -> Summary:
        data = json.loads(text)
        counters = {name: Counter(data[name]) for name in ("outcomes", "commands", "kinds")}
        places = {key: tuple(value) for key, value in data["places"].items()}
        return cls(data["total"], **counters, places=places, slowest=tuple(data["slowest"]), largest=tuple(data["largest"]), done=list(data["done"]))

    def add(self, result: dict) -> None:
        self.total += 1
        outcome = result["outcome"]
        self.outcomes[outcome] += 1
        self.commands[result["command"]] += 1
        self.kinds[result["kind"]] += 1
        self.slowest = max(self.slowest, (result.get("cpu", 0.0), result.get("seconds", 0.0), result["command"]))
        self.largest = max(self.largest, (result.get("megabytes", 0), result["command"]))
        if outcome in BAD:
            key = f"{outcome}: {result.get('place') or _first_error(result) or result.get('detail', '')}"
            count, example = self.places.get(key, (0, result.get("case")))
            self.places[key] = (count + 1, example)

    @property
    def bad(self) -> int:
        return sum(self.outcomes[o] for o in BAD)

    def text(self) -> str:
        lines = [f"{self.total:,} cases: " + ", ".join(f"{self.outcomes[o]:,} {o}" for o in ("clean", "located", "usage", *BAD))]
        lines.append("by command: " + ", ".join(f"{n} {c:,}" for n, c in sorted(self.commands.items())))
        lines.append("by kind: " + ", ".join(f"{n} {c:,}" for n, c in sorted(self.kinds.items())))
        cpu, wall, command = self.slowest
        lines.append(f"slowest run {cpu:.2f} s CPU ({wall:.2f} s wall, {command}); largest peak {self.largest[0]} MB ({self.largest[1]})")
        for key, (count, _) in sorted(self.places.items(), key=lambda item: -item[1][0]):
            lines.append(f"  {count:6,} {key}")
        return "\n".join(lines)

    def save_examples(self, folder: Path) -> list[Path]:
        """One case per failure place, as JSON a replay can read."""
        folder.mkdir(parents=True, exist_ok=True)
        saved = []
        for number, (key, (_, case)) in enumerate(sorted(self.places.items())):
            path = folder / f"case-{number:03d}.json"
            path.write_text(json.dumps({"failure": key, "case": case}), encoding="utf-8")
            saved.append(path)
        return saved


def _first_error(result: dict) -> str:
    """The first error line, with quoted values and numbers blanked so one kind of failure is one key."""
    lines = [line for line in result.get("stderr", "").splitlines() if line.startswith("error:")]
    text = lines[0] if lines else result.get("stderr", "").strip()[:120]
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    return re.sub(r"\d+", "N", text)[:160]
