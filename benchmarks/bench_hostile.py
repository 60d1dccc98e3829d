"""What an oversized input costs `auditor check`: time and peak memory, as ratios to an ordinary run.

Run by hand (not by the tests):  python benchmarks/bench_hostile.py

Each run is a fresh `auditor check` process in a throwaway project, so its
peak resident memory is its own (os.wait4). The baseline is one shipped-shape
claim; the others are the inputs tests/test_input_limits.py refuses (a 50 MB
claims file, a million given values, an alias bomb) and one just under the
file limit, which is audited rather than refused.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_input_limits import alias_bomb, claims_of_bytes, given_list  # noqa: E402

from auditor.base.limits import limit  # noqa: E402

RUNS = [
    ("one claim (baseline)", lambda: claims_of_bytes(1)),
    ("a 50 MB claims file", lambda: claims_of_bytes(50 * 2**20)),
    ("a million given values", lambda: given_list(10**6)),
    ("an alias standing for 10^9 nodes", lambda: alias_bomb(9)),
    ("just under file_bytes, audited", lambda: claims_of_bytes(int(limit("file_bytes") * 0.95))),
]


def measured(text: str) -> tuple[int, float, float, int]:
    """(exit code, wall s, CPU s, peak MB) of `auditor check` on a project holding ``text`` as its claims."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "claims").mkdir()
        (Path(folder) / "claims" / "input.yaml").write_text(text, encoding="utf-8")
        command = [sys.executable, "-c", "import sys; from auditor.cli import main; sys.exit(main(['check']))"]
        started = time.perf_counter()
        child = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
    return os.waitstatus_to_exitcode(status), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024


def main() -> None:
    base = None
    print(f"{'input':36} {'exit':>4} {'wall s':>8} {'CPU s':>7} {'peak MB':>8}  ratios to the baseline (wall, memory)")
    for name, make in RUNS:
        code, wall, cpu, megabytes = measured(make())
        base = base or (wall, megabytes)
        print(f"{name:36} {code:>4} {wall:8.2f} {cpu:7.2f} {megabytes:8}  {wall / base[0]:6.2f}x {megabytes / base[1]:6.2f}x")


if __name__ == "__main__":
    main()
