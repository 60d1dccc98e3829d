"""What an oversized input costs `auditor check`: time and peak memory, as ratios to an ordinary run.

Run by hand (not by the tests):  python benchmarks/bench_hostile.py

Each run is a fresh `auditor check` process in a throwaway project, so its
peak resident memory is its own (os.posix_spawn, os.wait4). The baseline is one shipped-shape
claim; the others are the inputs tests/test_input_limits.py refuses (a 50 MB
claims file, a million given values, an alias bomb, 5,000 claims in one
file) and 1,000 claims, the most one file may hold, which are audited.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_input_limits import CLAIM, alias_bomb, claims_of_bytes, given_list  # noqa: E402

RUNS = [
    ("one claim (baseline)", lambda: claims_of_bytes(1)),
    ("a 50 MB claims file", lambda: claims_of_bytes(50 * 2**20)),
    ("a million given values", lambda: given_list(10**6)),
    ("an alias standing for 10^9 nodes", lambda: alias_bomb(9)),
    ("5,000 claims in one file", lambda: claims_of_bytes(5_000 * len(CLAIM % 0))),
    ("1,000 claims (the most one file holds), audited", lambda: claims_of_bytes(999 * len(CLAIM % 0))),
]


def measured(index: int) -> tuple[int, float, float, int]:
    """(exit code, wall s, CPU s, peak MB) of `auditor check` on a project holding input ``index`` as its claims.

    A child writes the input, so this process stays small: a child's peak
    memory counts what it held before it ran Python, a copy of this process.
    """
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "claims").mkdir()
        write = [sys.executable, __file__, "--write", str(index), str(Path(folder) / "claims" / "input.yaml")]
        os.waitpid(os.posix_spawn(sys.executable, write, os.environ), 0)
        script = f"import os, sys; os.chdir({folder!r}); from auditor.cli import main; sys.exit(main(['check']))"
        quiet = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
        started = time.perf_counter()
        pid = os.posix_spawn(sys.executable, [sys.executable, "-c", script], os.environ, file_actions=quiet)
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - started
    return os.waitstatus_to_exitcode(status), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024


def main() -> None:
    base = None
    print(f"{'input':42} {'exit':>4} {'wall s':>8} {'CPU s':>7} {'peak MB':>8}  ratios to the baseline (CPU, memory)")
    for index, (name, _) in enumerate(RUNS):
        code, wall, cpu, megabytes = measured(index)
        base = base or (cpu, megabytes)
        print(f"{name:42} {code:>4} {wall:8.2f} {cpu:7.2f} {megabytes:8}  {cpu / base[0]:6.2f}x {megabytes / base[1]:6.2f}x")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        Path(sys.argv[3]).write_text(RUNS[int(sys.argv[2])][1](), encoding="utf-8")
    else:
        main()
