"""Ratios of two storage formats' widths: "FP16 → FP8: 2× faster", "int4 gives 4× better QPS/chip than bf16".

A page on quantization compares formats the way a page on hardware compares cards: reading a
weight or a cache entry in a narrower format moves fewer bytes, and where a step is bound by the
bytes it moves, the speed-up, the memory saved and the capacity gained are all the ratio of the two
widths. No formula of the catalogue takes two formats, and the derivation search cannot find the
ratio either: a "2×" is printed to one figure, and two numbers that happen to give it are too
likely to be a coincidence. The words are the evidence instead: the number is printed as a ratio
(its sign or "times"), or as a percent a reduction word calls a saving; its clause names two formats,
or one that its sentence compares with another it names; and the sentence sets one against the
other ("than", "vs", "→", "as fast as"). In a table, a ratio cell compares its row's format with the
format of the row that prints the baseline ("| FP16 | 1× (baseline) |" over "| INT4 | 4× |").

Each format's width is the table's (``units/dtypes.yaml``), group scales included ("NVFP4" is 4.5
bits). The wider over the narrower gives a ratio, one less the narrower over the wider a saving.
The scan proposes the ratio only where it holds as printed: a measured speed-up that falls short of
the widths' ratio is no ratio of widths, and the rule must never accuse.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .derivations import decimal
from .device_ratios import RATIO

COMPARING = re.compile(r"(?i)\b(?:than|vs|versus|over|from|compared|against|relative|between|baseline)\b|\bas\s+\w+\s+as\b|→|->|比|相比")
"""What says a sentence sets one format against another: "than bf16", "FP16 → FP8", "twice as fast as bf16"."""
SAVING = re.compile(r"(?i)\b(?:cut|cuts|saves?|saving|savings|reduc(?:es|ed|tion|ing)|smaller|less|lower|fewer|shrinks?)\b|节省|减少")
"""What makes a percent a share saved: "INT8 saves 50% of the memory of FP16"."""


def pairs(own: list[str], around: list[str], sentence: str) -> list[tuple[str, str]]:
    """The pairs of formats a ratio may compare, most likely first: the two its clause names, or else each format its
    clause names with each other one its sentence names ("int8 gives 2x over float16, int4 gives 4x": int4 and
    float16 for the 4x, int4 and int8 after it); none where the sentence sets no format against another ("INT8 ~2×,
    INT4 ~3.5× faster" lists each format's gain over a third it leaves unnamed)."""
    if not COMPARING.search(sentence):
        return []
    own, around = list(dict.fromkeys(own)), list(dict.fromkeys(around))
    if len(own) == 2:
        return [(own[0], own[1])]
    if len(own) == 1:
        return [(own[0], other) for other in around if other != own[0]]
    return []


def width_ratio(stated: str, after: str, words: str, wide: Fraction, narrow: Fraction) -> str | None:
    """The widths' ratio as the safe parser reads it, the way the printed number reads: the wider over the narrower
    for a ratio ("2×"), one less the narrower over the wider for a percent saved ("50% less memory"); None for a
    number printed as neither, or two formats of one width."""
    if wide == narrow:
        return None
    wide, narrow = max(wide, narrow), min(wide, narrow)
    if RATIO.search(stated) or re.match(r"\s*times\b", after):
        return f"{decimal(wide * 8)} / {decimal(narrow * 8)}"
    if stated.rstrip().endswith("%") and SAVING.search(words):
        return f"1 - {decimal(narrow * 8)} / {decimal(wide * 8)}"
    return None
