"""The figures a page states for an accelerator it names: its own spec sheet, which its sums use.

"an H100 SXM (Π = 1,979 TFLOPS, β = 3.35 TB/s)" sets the page's H100 at 1,979 TFLOPS, the sparse
figure where the bundled sheet's dense one is 989. Every later number the page computes for the
H100 uses that figure, so a claim about the H100 is checked against what the page says the H100
does, and the page's choice of figure is a claim of its own (a quoted spec), not an error in every
sum that follows from it.

Only the two rates a page sizes with are read so, peak compute and memory bandwidth, and only a
figure close behind the name: in the same clause and line, before any other accelerator is named, and for
a bandwidth not one the words beside it call a link ("900 GB/s NVLink").
"""

from __future__ import annotations

import re
from bisect import bisect_left

from .quantities import Written

RATES = {(("[compute]", 1), ("[time]", -1)): "peak_flops", (("[information]", 1), ("[time]", -1)): "mem_bandwidth"}
"""The input each rate a page writes stands for, by its dimensions: its compute rate is its peak, whatever sheet
column it copied."""
LINK_WORDS = r"nvlink|\blinks?\b|pcie|interconnect|network|infiniband|ethernet|fabric|bidirectional|per direction"
LINK = re.compile(rf"(?i){LINK_WORDS}")
LINK_BEFORE = re.compile(rf"(?i)(?:{LINK_WORDS})\W{{0,3}}$")
REACH = 90  # characters after the name
CLAUSE_END = re.compile(r"[.;!?]\s|\n|[.;!?]$")  # a line ends it too: a table's header row names cards, not its figures


def gpu_figures(text: str, gpus: list[tuple[int, int, str]], written: list[Written]) -> dict[tuple[str, str], list[Written]]:
    """(accelerator id, input symbol) -> the figures the page writes for it, in page order."""
    found: dict[tuple[str, str], list[Written]] = {}
    starts = [w.start for w in written]
    ordered = sorted(gpus)
    for index, (_, end, gpu) in enumerate(ordered):
        limit = min(end + REACH, ordered[index + 1][0] if index + 1 < len(ordered) else len(text))
        stop = CLAUSE_END.search(text, end, limit)
        limit = stop.start() if stop else limit
        taken: set = set()
        for figure in written[bisect_left(starts, end) :]:
            if figure.start >= limit:
                break
            symbol = RATES.get(_normal(figure.dimensions))
            if symbol is None or symbol in taken or figure.value <= 0:
                continue
            if symbol == "mem_bandwidth" and _a_link(text, figure):
                continue
            taken.add(symbol)  # the first rate of each kind after the name is the name's
            found.setdefault((gpu, symbol), []).append(figure)
    return found


def _a_link(text: str, figure: Written) -> bool:
    """"900 GB/s NVLink", "900 GB/s of PCIe bandwidth", "NVLink: 900 GB/s": a link's rate, not the memory's."""
    after = re.split(r",|;|\band\b|[.!?]\s|\n", text[figure.end : figure.end + 28], maxsplit=1)[0]
    return bool(LINK.search(after) or LINK_BEFORE.search(text, max(0, figure.start - 16), figure.start))


def _normal(dimensions: tuple) -> tuple:
    return tuple(sorted((str(k), int(v)) for k, v in dimensions))


def figure_for(figures: dict, gpu: str, symbol: str, position: int) -> Written | None:
    """The page's figure for the accelerator's input ``symbol``: the last written before ``position``, else the first."""
    stated = figures.get((gpu, symbol))
    if not stated:
        return None
    before = [w for w in stated if w.start < position]
    return before[-1] if before else stated[0]
