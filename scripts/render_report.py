#!/usr/bin/env python3
"""Render the HTML audit report in headless Chromium and check what the browser built.

    python scripts/render_report.py [CLAIM PATHS] [--out DIR]

Writes DIR/report.html (``auditor check --format html -v``), asks Chromium
for the DOM it parsed and a screenshot (DIR/report.png), and fails unless the
parsed page holds the findings table, MathML formulas and the SVG roofline,
with no script. Exits 77 (skipped) when no Chromium is installed (on Debian,
``apt-get install chromium``), except under CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SKIPPED = 77
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
WANTED = ("<table", "<math", "<svg", "<polyline")


def find_browser(explicit: str | None) -> str | None:
    if explicit:
        return explicit
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def headless(browser: str, profile: str, *args: str) -> subprocess.CompletedProcess:
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=180)


def render_report(paths: list[str], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    report = out / "report.html"
    audit = subprocess.run([sys.executable, "-m", "auditor.cli", "check", "--format", "html", "-v", *paths], capture_output=True, text=True)
    if audit.returncode not in (0, 1):
        sys.exit(f"auditor check failed ({audit.returncode}): {audit.stderr.strip()}")
    report.write_text(audit.stdout, encoding="utf-8")
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="claim files or folders (default: as auditor check)")
    parser.add_argument("--out", type=Path, default=Path("report-out"), help="folder for report.html and report.png")
    parser.add_argument("--chromium", help="the browser binary (default: the first Chromium on PATH)")
    args = parser.parse_args()
    browser = find_browser(args.chromium)
    if browser is None:
        if os.environ.get("CI"):
            print("failed: no Chromium on PATH, and under CI the browser checks must run (.ci/run installs it)")
            return 1
        print("skipped: no Chromium on PATH (apt-get install chromium)")
        return SKIPPED
    report = render_report(args.paths, args.out)
    with tempfile.TemporaryDirectory() as profile:
        dom = headless(browser, profile, "--dump-dom", report.resolve().as_uri())
        shot = headless(browser, profile, f"--screenshot={(args.out / 'report.png').resolve()}", "--window-size=1200,2400", report.resolve().as_uri())
    missing = [tag for tag in WANTED if tag not in dom.stdout]
    if dom.returncode != 0 or missing or "<script" in dom.stdout:
        print(f"Chromium did not render the report as expected (exit {dom.returncode}, missing {missing}):\n{dom.stderr[-2000:]}")
        return 1
    if shot.returncode != 0 or not (args.out / "report.png").is_file():
        print(f"Chromium could not take a screenshot (exit {shot.returncode}):\n{shot.stderr[-2000:]}")
        return 1
    print(f"rendered {report} in {browser}: {len(dom.stdout):,} characters of DOM; screenshot {args.out / 'report.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
