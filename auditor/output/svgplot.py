"""A small SVG line chart, written by hand so a report needs no plotting library.

Enough for the decode roofline: one or more panels sharing a batch axis,
lines, dashed vertical markers with labels, a shaded region past a wall.
Every piece of text goes through XML escaping; coordinates are plain floats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

FONT = 'font-family="system-ui, sans-serif" font-size="11"'


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2, 5 times a power of ten) covering [low, high]."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step + 1e-9) + 1)]


def tick_label(value: float) -> str:
    if value == 0:
        return "0"
    if abs(value) >= 1e5 or abs(value) < 1e-3:
        return f"{value:.0e}"
    return f"{value:,.3f}".rstrip("0").rstrip(".")


@dataclass
class Panel:
    """One plot area: title, axis labels, and what is drawn in it."""

    title: str
    y_label: str
    lines: list[tuple[list[tuple[float, float]], str, str]] = field(default_factory=list)

    def line(self, points: list[tuple[float, float]], label: str, colour: str) -> None:
        self.lines.append(([(x, y) for x, y in points if math.isfinite(y)], label, colour))

    def y_range(self) -> tuple[float, float]:
        ys = [y for points, _, _ in self.lines for _, y in points]
        return (0.0, max(ys) * 1.1 if ys and max(ys) > 0 else 1.0)


@dataclass
class Chart:
    """Panels stacked over one x axis, with vertical markers shared by all panels."""

    x_label: str
    x_range: tuple[float, float]
    panels: list[Panel] = field(default_factory=list)
    markers: list[tuple[float, str, str]] = field(default_factory=list)
    shade_from: float | None = None
    width: int = 640
    panel_height: int = 220
    margin: tuple[int, int, int, int] = (28, 20, 40, 70)  # top, right, bottom, left

    def x_pixel(self, x: float) -> float:
        low, high = self.x_range
        top, right, bottom, left = self.margin
        return left + (x - low) / (high - low) * (self.width - left - right)

    def to_svg(self, title: str) -> str:
        height = self.panel_height * len(self.panels)
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{height}" viewBox="0 0 {self.width} {height}" role="img">',
            f"<title>{escape(title)}</title>",
        ]
        for index, panel in enumerate(self.panels):
            parts.extend(self._panel(panel, index * self.panel_height))
        parts.append("</svg>")
        return "\n".join(parts)

    def _panel(self, panel: Panel, offset: float) -> list[str]:
        top, right, bottom, left = self.margin
        y_low, y_high = panel.y_range()
        plot_top, plot_bottom = offset + top, offset + self.panel_height - bottom

        def y_pixel(y: float) -> float:
            return plot_bottom - (y - y_low) / (y_high - y_low) * (plot_bottom - plot_top)

        out = [f'<text x="{left}" y="{offset + 16}" {FONT} font-weight="bold">{escape(panel.title)}</text>']
        if self.shade_from is not None and self.shade_from < self.x_range[1]:
            x0 = self.x_pixel(max(self.shade_from, self.x_range[0]))
            out.append(f'<rect x="{x0:.1f}" y="{plot_top:.1f}" width="{self.width - right - x0:.1f}" height="{plot_bottom - plot_top:.1f}" fill="#ddd" opacity="0.6"/>')
        out += self._axes(y_pixel, y_low, y_high, plot_top, plot_bottom, panel.y_label)
        for points, label, colour in panel.lines:
            path = " ".join(f"{self.x_pixel(x):.1f},{y_pixel(y):.1f}" for x, y in points)
            out.append(f'<polyline fill="none" stroke={quoteattr(colour)} stroke-width="2" points="{path}"><title>{escape(label)}</title></polyline>')
        for x, label, colour in self.markers:
            if self.x_range[0] <= x <= self.x_range[1]:
                px = self.x_pixel(x)
                out.append(f'<line x1="{px:.1f}" y1="{plot_top:.1f}" x2="{px:.1f}" y2="{plot_bottom:.1f}" stroke={quoteattr(colour)} stroke-dasharray="5,4"/>')
                out.append(f'<text x="{px - 4:.1f}" y="{plot_top + 12:.1f}" text-anchor="end" {FONT} fill={quoteattr(colour)}>{escape(label)}</text>')
        return out

    def _axes(self, y_pixel, y_low, y_high, plot_top, plot_bottom, y_label) -> list[str]:
        top, right, bottom, left = self.margin
        out = [f'<line x1="{left}" y1="{plot_bottom:.1f}" x2="{self.width - right}" y2="{plot_bottom:.1f}" stroke="#333"/>']
        out.append(f'<line x1="{left}" y1="{plot_top:.1f}" x2="{left}" y2="{plot_bottom:.1f}" stroke="#333"/>')
        for x in nice_ticks(*self.x_range, count=8):
            out.append(f'<text x="{self.x_pixel(x):.1f}" y="{plot_bottom + 14:.1f}" text-anchor="middle" {FONT}>{escape(tick_label(x))}</text>')
        for y in nice_ticks(y_low, y_high, count=4):
            if y <= y_high:
                out.append(f'<text x="{left - 6}" y="{y_pixel(y) + 4:.1f}" text-anchor="end" {FONT}>{escape(tick_label(y))}</text>')
                out.append(f'<line x1="{left}" y1="{y_pixel(y):.1f}" x2="{self.width - right}" y2="{y_pixel(y):.1f}" stroke="#eee"/>')
        middle = (plot_top + plot_bottom) / 2
        out.append(f'<text x="14" y="{middle:.1f}" transform="rotate(-90 14 {middle:.1f})" text-anchor="middle" {FONT}>{escape(y_label)}</text>')
        out.append(f'<text x="{(left + self.width - right) / 2:.1f}" y="{plot_bottom + 30:.1f}" text-anchor="middle" {FONT}>{escape(self.x_label)}</text>')
        return out
