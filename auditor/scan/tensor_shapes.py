"""A tensor's size beside its shape in a table row: "| `attn_q.weight` | (8192, 8192) | 134 MB |".

A page that lays out a model's tensors prints each one's shape and, beside it, its size in bytes:
the product of the shape at the storage format's width. The row says it all, so the size is
reproduced from the row alone: the shape's product times a plain format's width must give the size
at its printed precision (rounded or truncated), the format the section names preferred, or
nothing is proposed. Like the weights beside a parameter count, the rule reproduces a page's
arithmetic; it never accuses it.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .derivations import decimal

SHAPE = re.compile(r"\(\s*(\d[\d,_]*(?:\s*[,×x]\s*\d[\d,_]*){1,3})\s*\)")
"""A shape of two to four sizes in brackets: "(8192, 8192)", "(12288 × 49152)"."""


def shape_in(texts: list[str]) -> list[int] | None:
    """The sizes of the first shape printed in ``texts`` (a row's other cells), if any."""
    for text in texts:
        match = SHAPE.search(text)
        if match:
            sizes = [int(re.sub(r"[,_\s]", "", part)) for part in re.split(r"\s*[,×x]\s*(?=\d)", match.group(1))]
            if all(sizes) and len(sizes) >= 2:
                return sizes
    return None


def sized(value: float, half: float, sizes: list[int], widths: dict[Fraction, str]) -> tuple[str, str] | None:
    """(expression, format) when the shape's product at one of ``widths`` gives ``value`` bytes at its printed precision."""
    product = 1
    for size in sizes:
        product *= size
    for width, name in widths.items():
        if -half <= value / float(product * width) - 1 < 2 * half:
            return " * ".join(map(str, sizes)) + f" * ({decimal(width)}*B)", name
    return None
