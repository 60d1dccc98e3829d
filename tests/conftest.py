"""Shared helpers: run the CLI in-process, and build throwaway projects."""

from __future__ import annotations

import os
import shutil
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


def find_browser() -> str | None:
    return shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


def require_browser(find=find_browser) -> None:
    """Skip a browser check where no Chromium is installed, except under CI, where a skipped check is a failure.

    .ci/run installs Debian's chromium when it is absent, so the HTML report,
    the sheet and the roofline are rendered on every submission; a check that
    quietly skipped there would let a broken page land.
    """
    if find():
        return
    if os.environ.get("CI"):
        pytest.fail("chromium is not installed, and under CI the browser checks must run (.ci/run installs it)")
    pytest.skip("chromium is not installed")


@pytest.fixture
def drop_packs():
    """Remove every claims file's pack from a project's cache, keeping its claims' outcomes (a run must then read each file)."""
    from auditor.base.cache import Store

    def drop(root):
        store, dropped = Store(root / ".auditor_cache"), 0
        for path in sorted((root / ".auditor_cache" / "claims").glob("*.json")):
            payload = store.get("claims", path.stem)
            dropped += payload.get("pack") is not None
            store.put("claims", path.stem, {**payload, "pack": None})
        assert dropped, "no claims file had a pack to drop"

    return drop
