"""The console script ends without tearing the interpreter down, and loses nothing by it.

``auditor.cli.run`` flushes both streams, runs the exit handlers and leaves
with ``main``'s status; what a run prints or writes must be whole, and each
status (a failing claim, a usage error, help) the one ``main`` returns.
"""

from __future__ import annotations

import subprocess
import sys


def _auditor(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "auditor", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_a_failing_claim_exits_1_with_its_finding_printed_whole(tmp_path):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "one.yaml").write_text(
        "document: {title: one}\nclaims:\n  - id: wrong\n    quote: \"512 KiB a token\"\n    formula: kv_bytes_per_token_gqa\n"
        "    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}\n    stated: \"512 KiB/token\"\n", encoding="utf-8")
    done = _auditor("check", "--no-cache", "-o", "out.txt", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "1 claims: 1 mismatch" in (tmp_path / "out.txt").read_text(encoding="utf-8")
    printed = _auditor("check", "--no-cache", cwd=tmp_path)
    assert printed.returncode == 1 and printed.stdout.splitlines()[-1].startswith("1 claims: 1 mismatch"), printed.stdout


def test_usage_errors_and_help_keep_their_status(tmp_path):
    bad = _auditor("check", "--select", "nonsense", cwd=tmp_path)
    assert bad.returncode == 2 and "unknown verdict 'nonsense'" in bad.stderr
    shown = _auditor("--help", cwd=tmp_path)
    assert shown.returncode == 0 and "usage: auditor" in shown.stdout
