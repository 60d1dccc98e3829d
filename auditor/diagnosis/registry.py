"""The hypothesis kinds diagnosis tries, in one registry.

Each kind reads catalogue data (``confused_with``, ``slips``, ``fallacy_of``,
``unit_slips``, the dtype table) or the derivation itself, so a project's own
``formulas/`` extends every kind without code.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .hypotheses import Context, Hypothesis, factor_slips, fallacies, symbol_swaps, unit_slips, wrong_dtypes
from .rounding import rounded_values

KINDS: dict[str, Callable[[Context], Iterable[Hypothesis]]] = {
    "swap": symbol_swaps,
    "unit": unit_slips,
    "factor": factor_slips,
    "fallacy": fallacies,
    "dtype": wrong_dtypes,
    "rounding": rounded_values,
}
