"""Reference implementations of the softmax numerics the formula sheet owns (§3.1).

Plain Python, no arrays: these exist so the tests can check the sheet's
online-softmax recurrence, log-sum-exp merge and overflow threshold against
the direct definitions, and against the catalogue's own formulas. They are
not used on any auditing path.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

# struct format characters of IEEE formats Python can pack exactly
FORMATS = {"fp16": ("e", 65504.0), "fp32": ("f", struct.unpack("f", struct.pack("I", 0x7F7FFFFF))[0])}


def softmax_state(logits: Sequence[float]) -> tuple[float, float]:
    """(max, sum of exp(x - max)): the normaliser computed directly, in one pass over a known max."""
    peak = max(logits)
    return peak, math.fsum(math.exp(x - peak) for x in logits)


def online_softmax_step(state: tuple[float, float], logit: float) -> tuple[float, float]:
    """Fold one logit into (m, l): m' = max(m, x), l' = l e^(m - m') + e^(x - m')."""
    peak, total = state
    new_peak = max(peak, logit)
    return new_peak, total * math.exp(peak - new_peak) + math.exp(logit - new_peak)


def online_softmax(logits: Sequence[float]) -> tuple[float, float]:
    """The recurrence over a nonempty sequence, starting from the first logit."""
    state = (logits[0], 1.0)
    for logit in logits[1:]:
        state = online_softmax_step(state, logit)
    return state


def log_sum_exp(logits: Sequence[float]) -> float:
    peak, total = softmax_state(logits)
    return peak + math.log(total)


def merge_lse(lse_a: float, lse_b: float) -> float:
    """LSE of the union of two disjoint key ranges, from each range's LSE alone."""
    peak = max(lse_a, lse_b)
    return peak + math.log(math.exp(lse_a - peak) + math.exp(lse_b - peak))


def attend(logits: Sequence[float], values: Sequence[float]) -> tuple[float, float]:
    """(softmax-weighted value, LSE) over one key range; values are scalars for brevity."""
    lse = log_sum_exp(logits)
    return math.fsum(math.exp(x - lse) * v for x, v in zip(logits, values)), lse


def merge_partials(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """Combine two partial attention results: each output weighted by e^(lse_part - lse)."""
    (out_a, lse_a), (out_b, lse_b) = a, b
    lse = merge_lse(lse_a, lse_b)
    return math.exp(lse_a - lse) * out_a + math.exp(lse_b - lse) * out_b, lse


def overflow_threshold(fmt: str) -> float:
    """Largest x with exp(x) finite in the format: ln(max finite)."""
    return math.log(FORMATS[fmt][1])


def fits(value: float, fmt: str) -> bool:
    """Whether a value is representable (finite after rounding) in the format."""
    try:
        packed = struct.pack(FORMATS[fmt][0], value)
    except (OverflowError, struct.error):
        return False
    return math.isfinite(struct.unpack(FORMATS[fmt][0], packed)[0])
