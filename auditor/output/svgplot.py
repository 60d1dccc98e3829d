"""A small SVG line chart, written by hand so a report needs no plotting library.

Enough for the decode roofline: panels sharing a batch axis, lines, dashed
vertical markers, a shaded region past a wall, a legend naming each, and
linear or logarithmic axes (a batch sweep over three decades reads better on
a log axis). Every piece of text goes through XML escaping; coordinates are
plain floats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

FONT = 'font-family="system-ui, sans-serif" font-size="11"'
LEGEND_ROW = 16


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2, 5 times a power of ten) covering [low, high]."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step + 1e-9) + 1)]


def log_ticks(low: float, high: float) -> list[float]:
    """Powers of ten in [low, high], with 2 and 5 between them when the range spans under three decades."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    steps = (1,) if last - first >= 3 else (1, 2, 5)
    ticks = [m * 10.0**k for k in range(first, last + 1) for m in steps]
    return [t for t in ticks if low * (1 - 1e-9) <= t <= high * (1 + 1e-9)]


def tick_label(value: float) -> str:
    if value == 0:
        return "0"
    if abs(value) >= 1e7 or abs(value) < 1e-3:
        return f"{value:.0e}"
    return f"{value:,.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Scale:
    """Maps data values in [low, high] to pixels in [start, end], linearly or by logarithm."""

    low: float
    high: float
    start: float
    end: float
    log: bool = False

    def __call__(self, value: float) -> float:
        if self.log:
            span = math.log10(self.high) - math.log10(self.low)
            fraction = (math.log10(max(value, self.low)) - math.log10(self.low)) / span
        else:
            fraction = (value - self.low) / (self.high - self.low)
        return self.start + fraction * (self.end - self.start)

    def ticks(self, count: int) -> list[float]:
        return log_ticks(self.low, self.high) if self.log else nice_ticks(self.low, self.high, count)


@dataclass
class Panel:
    """One plot area: title, axis labels, and what is drawn in it."""

    title: str
    y_label: str
    lines: list[tuple[list[tuple[float, float]], str, str]] = field(default_factory=list)
    y_log: bool = False

    def line(self, points: list[tuple[float, float]], label: str, colour: str) -> None:
        keep = [(x, y) for x, y in points if math.isfinite(y) and (y > 0 or not self.y_log)]
        self.lines.append((keep, label, colour))

    def y_range(self) -> tuple[float, float]:
        ys = [y for points, _, _ in self.lines for _, y in points]
        if self.y_log:
            positive = [y for y in ys if y > 0] or [1.0]
            return (10 ** math.floor(math.log10(min(positive))), 10 ** math.ceil(math.log10(max(positive))))
        return (0.0, max(ys) * 1.1 if ys and max(ys) > 0 else 1.0)


@dataclass
class Chart:
    """Panels stacked over one x axis, with vertical markers shared by all panels and one legend."""

    x_label: str
    x_range: tuple[float, float]
    panels: list[Panel] = field(default_factory=list)
    markers: list[tuple[float, str, str]] = field(default_factory=list)
    shade_from: float | None = None
    shade_label: str = ""
    notes: list[str] = field(default_factory=list)
    x_log: bool = False
    width: int = 640
    panel_height: int = 220
    margin: tuple[int, int, int, int] = (28, 20, 40, 70)  # top, right, bottom, left

    def x_scale(self) -> Scale:
        top, right, bottom, left = self.margin
        low = max(self.x_range[0], 1e-9) if self.x_log else self.x_range[0]
        return Scale(low, self.x_range[1], left, self.width - right, self.x_log)

    def x_pixel(self, x: float) -> float:
        return self.x_scale()(x)

    def legend_entries(self) -> list[tuple[str, str, str]]:
        """(kind, colour, label): each line once, each marker, and the shaded region."""
        seen, entries = set(), []
        for panel in self.panels:
            for _, label, colour in panel.lines:
                if label not in seen:
                    seen.add(label)
                    entries.append(("line", colour, label))
        entries += [("marker", colour, label) for _, label, colour in self.markers]
        if self.shade_from is not None and self.shade_label:
            entries.append(("shade", "#ddd", self.shade_label))
        return entries + [("note", "", note) for note in self.notes]

    def to_svg(self, title: str) -> str:
        entries = self.legend_entries()
        legend_top = self.panel_height * len(self.panels)
        height = legend_top + LEGEND_ROW * len(entries) + 12
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{height}" viewBox="0 0 {self.width} {height}" role="img">',
            f"<title>{escape(title)}</title>",
            f'<rect x="0" y="0" width="{self.width}" height="{height}" fill="#fff"/>',
        ]
        for index, panel in enumerate(self.panels):
            parts.extend(self._panel(panel, index * self.panel_height))
        parts.extend(self._legend(entries, legend_top))
        parts.append("</svg>")
        return "\n".join(parts)

    def _legend(self, entries: list[tuple[str, str, str]], top: float) -> list[str]:
        left = self.margin[3]
        out = ['<g class="legend">']
        for row, (kind, colour, label) in enumerate(entries):
            y = top + row * LEGEND_ROW + 10
            if kind == "note":
                pass
            elif kind == "shade":
                out.append(f'<rect x="{left}" y="{y - 6}" width="24" height="10" fill={quoteattr(colour)} opacity="0.6"/>')
            else:
                dash = ' stroke-dasharray="5,4"' if kind == "marker" else ""
                out.append(f'<line x1="{left}" y1="{y}" x2="{left + 24}" y2="{y}" stroke={quoteattr(colour)} stroke-width="2"{dash}/>')
            out.append(f'<text x="{left + 32}" y="{y + 4}" {FONT}>{escape(label)}</text>')
        return out + ["</g>"]

    def _panel(self, panel: Panel, offset: float) -> list[str]:
        top, right, bottom, left = self.margin
        plot_top, plot_bottom = offset + top, offset + self.panel_height - bottom
        y_scale = Scale(*panel.y_range(), plot_bottom, plot_top, panel.y_log)
        x_scale = self.x_scale()
        out = [f'<text x="{left}" y="{offset + 16}" {FONT} font-weight="bold">{escape(panel.title)}</text>']
        if self.shade_from is not None and self.shade_from < self.x_range[1]:
            x0 = x_scale(max(self.shade_from, x_scale.low))
            out.append(f'<rect x="{x0:.1f}" y="{plot_top:.1f}" width="{self.width - right - x0:.1f}" height="{plot_bottom - plot_top:.1f}" fill="#ddd" opacity="0.6"/>')
        out += self._axes(x_scale, y_scale, plot_top, plot_bottom, panel.y_label)
        for points, label, colour in panel.lines:
            path = " ".join(f"{x_scale(x):.1f},{y_scale(y):.1f}" for x, y in points)
            out.append(f'<polyline fill="none" stroke={quoteattr(colour)} stroke-width="2" points="{path}"><title>{escape(label)}</title></polyline>')
        for row, (x, label, colour) in enumerate(sorted(self.markers)):
            if x_scale.low <= x <= self.x_range[1]:
                px = x_scale(x)
                left_half = px < (self.margin[3] + self.width - right) / 2
                anchor, dx = ("start", 4) if left_half else ("end", -4)
                out.append(f'<line x1="{px:.1f}" y1="{plot_top:.1f}" x2="{px:.1f}" y2="{plot_bottom:.1f}" stroke={quoteattr(colour)} stroke-dasharray="5,4"/>')
                out.append(f'<text x="{px + dx:.1f}" y="{plot_top + 12 + 13 * row:.1f}" text-anchor="{anchor}" {FONT} fill={quoteattr(colour)}>{escape(label)}</text>')
        return out

    def _axes(self, x_scale: Scale, y_scale: Scale, plot_top, plot_bottom, y_label) -> list[str]:
        top, right, bottom, left = self.margin
        out = [f'<line x1="{left}" y1="{plot_bottom:.1f}" x2="{self.width - right}" y2="{plot_bottom:.1f}" stroke="#333"/>']
        out.append(f'<line x1="{left}" y1="{plot_top:.1f}" x2="{left}" y2="{plot_bottom:.1f}" stroke="#333"/>')
        for x in x_scale.ticks(8):
            out.append(f'<text x="{x_scale(x):.1f}" y="{plot_bottom + 14:.1f}" text-anchor="middle" {FONT}>{escape(tick_label(x))}</text>')
        for y in y_scale.ticks(4):
            if y <= y_scale.high:
                out.append(f'<text x="{left - 6}" y="{y_scale(y) + 4:.1f}" text-anchor="end" {FONT}>{escape(tick_label(y))}</text>')
                out.append(f'<line x1="{left}" y1="{y_scale(y):.1f}" x2="{self.width - right}" y2="{y_scale(y):.1f}" stroke="#eee"/>')
        middle = (plot_top + plot_bottom) / 2
        scale_note = " (log)" if y_scale.log else ""
        out.append(f'<text x="14" y="{middle:.1f}" transform="rotate(-90 14 {middle:.1f})" text-anchor="middle" {FONT}>{escape(y_label + scale_note)}</text>')
        x_note = " (log)" if x_scale.log else ""
        out.append(f'<text x="{(left + self.width - right) / 2:.1f}" y="{plot_bottom + 30:.1f}" text-anchor="middle" {FONT}>{escape(self.x_label + x_note)}</text>')
        return out
