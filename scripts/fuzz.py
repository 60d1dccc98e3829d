"""The long fuzz profile: many generated cases through every command, and the summary the README quotes.

    python scripts/fuzz.py                      # 100,000 cases, 2 workers, 10 s CPU and 500 MB per run
    python scripts/fuzz.py --cases 5000 --seed 7 --jobs 1
    python scripts/fuzz.py --replay fuzz-failures/case-000.json

Cases are built by the strategies in ``tests/fuzz/`` (the short profile in
the test suite draws from the same ones, fewer and with other seeds). Each
run is classified: clean exit 0/1, located exit 2, traceback, unlocated
error, over time, over memory, a write outside the project (or a temporary
file left, or a payload that executed), a crash. One example case per
distinct failure is saved under ``--save`` for ``--replay``. Exit 0 when no
run failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "fuzz"))

from fuzz_case import Case  # noqa: E402
from fuzz_pool import BAD, Summary, Worker, batches, run_cases  # noqa: E402

from auditor.base.textio import write_atomic  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1_000, help="first seed; each batch of 250 cases takes the next one")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10, help="CPU seconds per run")
    parser.add_argument("--megabytes", type=int, default=500, help="peak resident memory per run")
    parser.add_argument("--save", type=Path, default=Path("fuzz-failures"), help="folder for one example case per failure")
    parser.add_argument("--status", type=Path, help="rewrite this file with the summary so far every 1,000 cases")
    parser.add_argument("--state", type=Path, help="keep the run's counts here after each batch, and resume from them: a run stopped and started again with the same arguments goes on where it stopped")
    parser.add_argument("--replay", type=Path, help="run one saved case and print its report")
    parser.add_argument("--extract", type=Path, metavar="DIR", help="with --replay: write the case's project into DIR (and DIR/../outside files) instead")
    args = parser.parse_args()
    if args.replay:
        return replay(args)
    started = time.monotonic()

    resumed = Summary.from_json(args.state.read_text(encoding="utf-8")) if args.state and args.state.exists() else None
    todo = [b for b in batches(args.cases, args.seed) if not resumed or b["seed"] not in resumed.done]

    def progress(summary) -> None:
        if args.state:
            write_atomic(args.state, summary.to_json())
        if summary.total % 1000 == 0:
            print(f"{summary.total:,} cases, {time.monotonic() - started:,.0f} s", file=sys.stderr, flush=True)
            if args.status:  # the counts so far, for a run that may be stopped before it ends
                args.status.write_text(summary.text() + "\n", encoding="utf-8")

    summary = run_cases(iter(todo), args.jobs, args.seconds, args.megabytes, progress, resumed)
    print(summary.text())
    print(f"wall time {time.monotonic() - started:,.0f} s with {args.jobs} workers; bounds {args.seconds:g} s CPU, {args.megabytes} MB per run")
    if summary.bad:
        saved = summary.save_examples(args.save)
        print(f"{len(saved)} example cases saved in {args.save}/")
    return 1 if summary.bad else 0


def replay(args) -> int:
    saved = json.loads(args.replay.read_text(encoding="utf-8"))
    case = Case.from_json(saved["case"])
    print(f"recorded: {saved['failure']}\nargv: {case.argv}")
    if args.extract:
        from fuzz_run import write_project

        write_project(case, args.extract)
        print(f"written to {args.extract}/project: cd there and run auditor {' '.join(case.argv)}")
        return 0
    for path, data in case.files.items():
        print(f"--- {path} ({len(data)} bytes)\n{data[:1500].decode('utf-8', 'replace')}")
    worker = Worker(args.seconds, args.megabytes)
    reports = list(worker.run({"case": saved["case"]}))
    worker.stop()
    for report in reports:
        report.pop("case", None)
        print(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if any(report["outcome"] in BAD for report in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
