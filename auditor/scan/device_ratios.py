"""Ratios of two accelerators' figures: "Compute rose ~3.2×; bandwidth only ~1.65×" after "A100 ... H100".

Pages compare cards all the time, and the comparison is arithmetic on two spec sheets: one card's
peak compute, memory bandwidth or memory over the other's. No catalogue formula takes two cards,
and the derivation search cannot take it either: a ratio is printed to one or two figures, so two
printed numbers that happen to give it are too likely to be a coincidence. The words are the
evidence here instead: the number is printed as a ratio ("3×", "1.7x", "43% more"), its clause
(or else its sentence) names what is compared (compute, bandwidth, memory), and its sentence, or
else its paragraph up to it, names exactly two accelerators; a ratio to the card it names ("~2.3×
H100") under a section of another card compares those two.

Each card's figure is the one the page wrote for it ("H100 (989 TFLOPS, 3.35 TB/s)",
``gpu_figures``) or else its sheet's. The larger figure goes over the smaller for a ratio of one
or more, the smaller over the larger below one, and a percent "more" is the ratio less one. The
scan proposes the ratio only where it holds as printed: a comparison the cards' figures do not
give is left unproposed, for a measured speed-up ("H100 trains ~1.5× faster") is no ratio of
sheets, and the rule must never accuse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .derivations import decimal

RATIO = re.compile(r"(?:×|x|\\times|\s*times)\W*$")
"""How a ratio is printed: the number's own text ends with its sign or word ("~3×", "1.7x", "2.4\\times")."""
MORE = re.compile(r"(?i)^\W{0,3}(?:more|higher|faster|greater|larger|increase)\b")
"""What makes a percent a ratio less one: "43% more bandwidth"."""

FIGURES = (
    ("mem_bandwidth", re.compile(r"(?i)bandwidth|\bhbm\b|\b[tg]b/s\b|memory[^.;,]{0,24}\bfaster\b|\bstream|\bdecod")),
    ("peak_flops", re.compile(r"(?i)\bcompute\b|\bflop|\btflops?\b|\bpflops?\b|\btensor\b|\bmatmul|\bpeak\b")),
    ("gpu_memory", re.compile(r"(?i)\bcapacity\b|\bvram\b|\bmemory\b")),
)
"""What a clause compares, by its words, in this order: "memory bandwidth" is a bandwidth before it is memory."""

COLUMNS = {"mem_bandwidth": "memory_bandwidth", "gpu_memory": "memory_capacity"}
FLOP_COLUMNS = (("fp8", "fp8_dense"), ("fp4", "fp4_dense"), ("fp16", "fp16_dense"), ("int8", "int8_dense"), ("tf32", "tf32_dense"))
"""A compute comparison at the format its sentence names; bf16 dense, what ``peak_flops`` stands for, otherwise."""
UNITS = {"mem_bandwidth": "(B/s)", "peak_flops": "(FLOP/s)", "gpu_memory": "(B)"}


@dataclass(frozen=True)
class Comparison:
    """What a printed ratio compares: the figure, its sheet column, and the two cards in the order named."""

    figure: str
    column: str
    cards: tuple[str, str]


def compared(stated: str, after: str, clause_text: str, sentence_text: str, cards: list[str]) -> Comparison | None:
    """The comparison a number printed as a ratio makes, or None: not a ratio, no figure named, or not two cards.

    ``cards`` are the accelerators named in the number's sentence, or else its paragraph up to it, in page order."""
    if not printed_as_ratio(stated, after):
        return None
    distinct = list(dict.fromkeys(cards))
    if len(distinct) != 2:
        return None
    figure = next((name for name, words in FIGURES if words.search(clause_text)), None)
    if figure is None:  # "Peak BF16 TFLOPs: 2,250 (tensor cores, ~2.3× H100)": the clause only compares, its sentence names
        figure = next((name for name, words in FIGURES if words.search(sentence_text)), None)
    if figure is None:
        return None
    column = COLUMNS.get(figure) or next((c for fmt, c in FLOP_COLUMNS if re.search(rf"(?i)\b{fmt}\b", sentence_text)), "bf16_dense")
    return Comparison(figure, column, (distinct[0], distinct[1]))


def printed_as_ratio(stated: str, after: str) -> bool:
    """A number printed as a ratio: with its sign ("~3×"), or as a percent "more" ("43% more bandwidth")."""
    return bool(RATIO.search(stated) or (stated.rstrip().endswith("%") and MORE.match(after)))


def ratio_expression(first: Fraction, second: Fraction, figure: str, printed: Fraction, percent: bool) -> str | None:
    """The ratio of the two figures (base units) as the safe parser reads it, the way round the printed value reads."""
    if first <= 0 or second <= 0 or first == second:
        return None
    high, low = max(first, second), min(first, second)
    top, bottom = (high, low) if percent or printed >= 1 else (low, high)
    unit = UNITS[figure]
    expression = f"({decimal(top)}*{unit}) / ({decimal(bottom)}*{unit})"
    return f"{expression} - 1" if percent else expression
