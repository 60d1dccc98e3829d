#!/usr/bin/env python3
"""Check that `auditor roofline` writes an SVG a real browser displays, with what a reader needs.

    python scripts/render_roofline.py [MODEL GPU [SEQ [TP]]]

Writes the roofline (default: Llama-3.1-8B on an H100 SXM at a 256-token
context, whose sweep is log-scaled), opens the file in headless Chromium,
and fails unless the parsed DOM holds the two curves, both axes with their
units, the legend, the OOM wall and the compute knee, and a screenshot of
it is not blank. Without Chromium it says so and exits 0 (apt-get install
chromium, or set CHROMIUM).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from render_check import chromium, ink_fraction, run  # noqa: E402

WANTED = ("<polyline", "batch (live sequences)", "ms per step", "tokens/s", 'class="legend"', "OOM wall: max_batch", "compute knee B*")
MIN_INK = 0.02


def write_roofline(target: Path, model: str, gpu: str, seq: str, tp: str) -> None:
    from auditor.cli import main

    if main(["roofline", model, "--gpu", gpu, "--seq", seq, "--tp", tp, "-o", str(target)]) != 0:
        raise RuntimeError("auditor roofline failed")


def check(browser: str, svg: Path, folder: Path) -> str:
    dom = run(browser, "--dump-dom", svg.as_uri())
    missing = [w for w in WANTED if w not in dom]
    if "<svg" not in dom or missing:
        raise AssertionError(f"the parsed SVG lacks {missing or ['<svg']}")
    shot = folder / "roofline.png"
    run(browser, f"--screenshot={shot}", "--window-size=660,560", svg.as_uri())
    ink = ink_fraction(shot.read_bytes())
    if ink < MIN_INK:
        raise AssertionError(f"the roofline screenshot is blank ({ink:.4%} of pixels inked)")
    return f"{svg.name}: curves, axes, legend, wall and knee in the parsed DOM; {ink:.1%} of the screenshot inked"


def main(argv: list[str]) -> int:
    browser = chromium()
    if browser is None:
        print("render_roofline: skipped, chromium not found (apt-get install chromium, or set CHROMIUM)")
        return 0
    model, gpu, seq, tp = (argv + ["meta-llama/Llama-3.1-8B", "h100_sxm", "256", "1"][len(argv):])[:4]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        svg = folder / "roofline.svg"
        write_roofline(svg, model, gpu, seq, tp)
        print("render_roofline:", check(browser, svg, folder))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
