"""Shared helpers: run the CLI in-process, and build throwaway projects."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from auditor.cli import main

os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

# Shared, noisy machines: a property test is judged on its examples, never on
# how long one took (speed is measured in benchmarks/, as ratios).
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")

REPO = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "cases"


@pytest.fixture
def run_cli(capsys):
    """Run ``auditor ARGS`` and return (exit code, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture
def project(tmp_path):
    """A throwaway project folder with empty claims/ and formulas/."""
    (tmp_path / "claims").mkdir()
    (tmp_path / "formulas").mkdir()
    return tmp_path
