"""Whole-process timings for the goals table: paired runs, medians, peak memory, and a claims corpus of any size.

A run's wall time and its peak memory (the kernel's own account of the
finished child, ``wait4``) are read by a small launcher process that starts
the command, so that neither counts this benchmark's own size. A goal's
command and its yardstick run in turn, A B A B ..., and the ratio is taken
pair by pair, so a machine whose speed drifts (it is shared) moves both.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
AUDITOR = shutil.which("auditor", path=str(Path(sys.executable).parent)) or "auditor"
PYTHON = sys.executable


# A child forked from this process starts with this process's resident pages, and the kernel's peak for
# the child counts them until it execs: this benchmark holds SymPy, numpy and a million-point sweep, so
# every child would seem to peak at this process's size. So each command is started by a small launcher
# (a fresh interpreter, a few MiB), which forks, execs the command, and reports its wall time and peak.
LAUNCHER = """
import os, sys, time
start = time.perf_counter()
report, command = int(sys.argv[1]), sys.argv[2:]
pid = os.fork()
if pid == 0:
    os.close(report)
    os.execvp(command[0], command)
_, status, usage = os.wait4(pid, 0)
os.write(report, f"{time.perf_counter() - start} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}".encode())
"""


def byte_compiled() -> None:
    """The package's modules compiled to bytecode, as ``pip install`` leaves them.

    SymPy, the yardstick, is timed from its installed bytecode; an editable
    install under ``PYTHONDONTWRITEBYTECODE`` would compile every module of
    the auditor from source on every run instead, a tenth of a cold check.
    """
    import compileall

    compileall.compile_dir(str(REPO / "auditor"), quiet=1)


def run_once(command: list[str], cwd: Path) -> tuple[float, float, int]:
    """(wall seconds, peak MiB, exit code) of one run of ``command``, as its launcher measured them."""
    read, write = os.pipe()
    try:
        child = subprocess.Popen([PYTHON, "-c", LAUNCHER, str(write), *command], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 env={**os.environ, "HF_HUB_OFFLINE": "1"}, pass_fds=(write,))
        os.close(write)
        write = None
        report = b""
        while chunk := os.read(read, 4096):
            report += chunk
        child.wait()
    finally:
        os.close(read)
        if write is not None:
            os.close(write)
    elapsed, peak, code = report.split()
    return float(elapsed), int(peak) / 1024, int(code)


def paired(command: list[str], yardstick: list[str], cwd: Path, runs: int, before=None) -> dict:
    """Median of the pairwise ratios command/yardstick, with both medians and the command's peak memory."""
    ratios, mine, theirs, peaks = [], [], [], []
    for _ in range(runs):
        if before is not None:
            before()
        a, peak, code = run_once(command, cwd)
        if code not in (0, 1):
            raise SystemExit(f"{' '.join(command)} exited {code} in {cwd}")
        b, _, _ = run_once(yardstick, cwd)
        ratios.append(a / b)
        mine.append(a)
        theirs.append(b)
        peaks.append(peak)
    return {"ratio": statistics.median(ratios), "seconds": statistics.median(mine), "yardstick": statistics.median(theirs), "peak": max(peaks)}


def emptied(folder: Path):
    """A ``before`` hook: the project's cache removed, so the next run is cold."""
    return lambda: shutil.rmtree(folder / ".auditor_cache", ignore_errors=True)


def without_stored_runs(folder: Path):
    return lambda: shutil.rmtree(folder / ".auditor_cache" / "runs", ignore_errors=True)


# --- a corpus of distinct claims whose numbers are worked out here, by hand ---

DTYPES = {"fp16": 2, "bf16": 2, "fp8": 1, "fp32": 4}
MODELS = ["meta-llama/Meta-Llama-3-8B", "meta-llama/Llama-3.1-70B", "meta-llama/Llama-3.2-1B", "mistralai/Mistral-7B-v0.1", "Qwen/Qwen3-8B"]
SEQ_LENS = [128, 512, 1000, 2048, 4096, 8192, 16384, 32768, 65536, 131072]


def kv_values_per_token(model: str) -> int:
    """2 (K and V) x layers x KV heads x head width, read from the bundled config.json."""
    config = json.loads((REPO / "inputs" / "models" / (model.replace("/", "--") + ".json")).read_text())
    head_dim = config.get("head_dim") or config["hidden_size"] // config["num_attention_heads"]
    return 2 * config["num_hidden_layers"] * config["num_key_value_heads"] * head_dim


PER_FILE = 1000  # claims per file: the reader's claims_per_file limit


def corpus(size: int, start: int = 0) -> str:
    """Claims ``start`` to ``start + size``, each distinct: KV-cache sizes and accepted lengths that hold, one in 50 printed GiB as GB."""
    per_token = {m: kv_values_per_token(m) for m in MODELS}
    lines = [f"document: {{title: \"generated benchmark corpus, from claim {start}\"}}", "claims:"]
    for i in range(start, start + size):
        if i % 50 == 49:
            lines.append(_gib_as_gb(i, per_token))
        elif i % 5 == 4:
            lines.append(_accepted_length(i))
        else:
            lines.append(_kv_cache(i, per_token))
    return "\n".join(lines) + "\n"


def _kv_case(i: int, per_token: dict):
    model = MODELS[i % len(MODELS)]
    dtype = list(DTYPES)[(i // 5) % len(DTYPES)]
    seq_len = SEQ_LENS[(i // 20) % len(SEQ_LENS)]
    batch = 1 + (i // 200) % 256
    return model, dtype, seq_len, batch, per_token[model] * DTYPES[dtype] * seq_len * batch


def _kv_cache(i: int, per_token: dict) -> str:
    model, dtype, seq_len, batch, total = _kv_case(i, per_token)
    given = f"{{model: {model}, kv_dtype: {dtype}, seq_len: {seq_len}, batch: {batch}}}"
    return f'  - {{id: kv-{i}, quote: q, formula: kv_cache_bytes, given: {given}, stated: "{total:,} B"}}'


def _gib_as_gb(i: int, per_token: dict) -> str:
    model, dtype, seq_len, batch, total = _kv_case(i, per_token)
    given = f"{{model: {model}, kv_dtype: {dtype}, seq_len: {seq_len}, batch: {batch}}}"
    printed = f"{total / 2**30:.4f} GB"
    return (f'  - {{id: kv-slip-{i}, quote: q, formula: kv_cache_bytes, given: {given}, stated: "{printed}", '
            f'expect: {{verdict: mismatch, cause: [GiB printed as GB]}}}}')


def _accepted_length(i: int) -> str:
    """(1 - a^(g+1)) / (1 - a): the expected tokens per speculative step, printed to 6 significant figures."""
    alpha = Fraction(1 + (i // 5) % 998, 1000)
    gamma = 1 + (i // 4990) % 12
    value = (1 - alpha ** (gamma + 1)) / (1 - alpha)
    return f'  - {{id: tau-{i}, quote: q, formula: accepted_length, given: {{alpha: "{float(alpha)}", gamma: {gamma}}}, stated: "{float(value):.6g}"}}'


def project_of(size: int, root: Path) -> Path:
    folder = root / f"corpus-{size}"
    (folder / "claims").mkdir(parents=True, exist_ok=True)
    for start in range(0, size, PER_FILE):
        (folder / "claims" / f"generated-{start // PER_FILE:03d}.yaml").write_text(corpus(min(PER_FILE, size - start), start), encoding="utf-8")
    return folder
