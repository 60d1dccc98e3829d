#!/usr/bin/env python3
"""Check that the HTML formula sheet's equations display in a real browser.

Renders ``auditor sheet --format html`` (or the HTML file given), then asks a
headless Chromium three things: its DOM after parsing must hold one
``<math>`` element per formula, each with MathML children; every equation
must fit its column at a 1280-pixel window (none clipped, none hidden behind
a scrollbar); and a screenshot of a page made of the sheet's first equations
must not be blank. Without Chromium the check is skipped with a message and
exit code 0, except under CI (``CI`` set), where a skipped check fails.

    python scripts/render_check.py [SHEET.html]
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
MEASURE = """<script>
addEventListener('load', () => {
  const wide = [...document.querySelectorAll('math')].filter(m => {
    const column = m.parentElement.getBoundingClientRect();
    return m.scrollWidth > m.clientWidth + 1 || m.getBoundingClientRect().right > column.right + 1;
  }).map(m => (m.closest('article') || m).id);
  const out = document.createElement('pre');
  out.id = 'fit';
  out.textContent = ['WIDE', wide.join(','), 'END'].join('|');
  document.body.appendChild(out);
});
</script>"""
MATH = re.compile(r"<math\b[^>]*>.*?</math>", re.S)
EXCERPT_EQUATIONS = 6
MIN_INK = 0.002  # fraction of pixels that must differ from the background


def chromium() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def run(browser: str, *args: str) -> str:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=180)
    if done.returncode != 0:
        raise RuntimeError(f"chromium exited {done.returncode}: {done.stderr.strip()[-300:]}")
    return done.stdout


def render_sheet(target: Path) -> None:
    from auditor.cli import main

    if main(["--project", str(Path(__file__).resolve().parents[1]), "sheet", "--format", "html", "-o", str(target)]) != 0:
        raise RuntimeError("auditor sheet failed")


def check_dom(browser: str, page: Path) -> str:
    """Every formula's article holds a parsed <math> element with MathML inside."""
    source = page.read_text(encoding="utf-8")
    dom = run(browser, "--dump-dom", page.as_uri())
    formulas = source.count("<article")
    maths = MATH.findall(dom)
    laid_out = [m for m in maths if re.search(r"<(mi|mn|mo)\b", m)]
    if formulas == 0 or len(laid_out) != formulas:
        raise AssertionError(f"{formulas} formulas but {len(laid_out)} MathML equations in the parsed DOM")
    return f"{len(laid_out)} MathML equations in the DOM, one per formula"


def check_fit(browser: str, page: Path, folder: Path) -> str:
    """No equation wider than its column: measured in the page itself, by a copy that may run one script."""
    source = page.read_text(encoding="utf-8")
    probe = folder / "measure.html"
    probe.write_text(re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", source).replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    dom = run(browser, "--window-size=1280,900", "--virtual-time-budget=10000", "--dump-dom", probe.as_uri())
    found = re.search(r"WIDE\|([^|<]*)\|END", dom)
    if found is None:
        raise RuntimeError("the measuring script did not run")
    wide = [name for name in found.group(1).split(",") if name]
    if wide:
        raise AssertionError(f"{len(wide)} equations are wider than their column at 1280 px: {', '.join(wide)}")
    return "every equation fits its column at 1280 px"


def check_pixels(browser: str, page: Path, folder: Path) -> str:
    """A page of the sheet's first equations, screenshotted, has ink on it."""
    equations = MATH.findall(page.read_text(encoding="utf-8"))[:EXCERPT_EQUATIONS]
    excerpt = folder / "equations.html"
    excerpt.write_text('<!DOCTYPE html><meta charset="utf-8"><body style="background:#fff">' + "".join(equations), encoding="utf-8")
    shot = folder / "equations.png"
    run(browser, f"--screenshot={shot}", "--window-size=900,700", excerpt.as_uri())
    ink = ink_fraction(shot.read_bytes())
    if ink < MIN_INK:
        raise AssertionError(f"the equations screenshot is blank ({ink:.4%} of pixels differ from the background)")
    return f"{len(equations)} equations rendered, {ink:.2%} of the screenshot inked"


def ink_fraction(png: bytes) -> float:
    """Fraction of pixels that differ from the top-left pixel, for an 8-bit RGB or RGBA PNG."""
    width, height, rows = decode_png(png)
    channels = len(rows[0]) // width
    background = rows[0][:3]
    inked = sum(row[x * channels:x * channels + 3] != background for row in rows for x in range(width))
    return inked / (width * height)


def decode_png(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and unfiltered scanlines of a non-interlaced 8-bit RGB(A) PNG."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat, header = 8, b"", None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        data = png[position + 8:position + 8 + length]
        header = data if kind == b"IHDR" else header
        idat += data if kind == b"IDAT" else b""
        position += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    if depth != 8 or colour not in (2, 6):
        raise ValueError(f"unsupported PNG (bit depth {depth}, colour type {colour})")
    return width, height, _unfilter(zlib.decompress(idat), width, 3 if colour == 2 else 4, height)


def _unfilter(raw: bytes, width: int, channels: int, height: int) -> list[bytes]:
    stride, rows, previous = width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            line[i] = (line[i] + _predict(kind, left, up, corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return rows


def _predict(kind: int, left: int, up: int, corner: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    estimate = left + up - corner
    distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
    return (left, up, corner)[distances.index(min(distances))]


def main(argv: list[str]) -> int:
    browser = chromium()
    if browser is None:
        if os.environ.get("CI"):
            print("render_check: FAILED: chromium not found, and under CI the browser checks must run (.ci/run installs it)")
            return 1
        print("render_check: skipped, chromium not found (apt-get install chromium, or set CHROMIUM)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        page = Path(argv[0]).resolve() if argv else folder / "sheet.html"
        if not argv:
            render_sheet(page)
        try:
            for line in (check_dom(browser, page), check_fit(browser, page, folder), check_pixels(browser, page, folder)):
                print(f"render_check: {line}")
        except (AssertionError, RuntimeError, ValueError) as exc:
            print(f"render_check: FAILED: {exc}")
            return 1
    print("render_check: the equations display")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
