"""The hypothesis kinds diagnosis tries, in one registry.

Each kind reads catalogue data (``confused_with``, ``slips``, ``fallacy_of``,
``unit_slips``, the dtype table, the degrees and powers of
``hypothesis_kinds.yaml``) or the derivation itself, so a project's own
``formulas/`` extends every kind without code. Each kind's prior, which
ranks the explanations, is data too.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .counting import counts_off_by_one, doubted_defaults
from .hypotheses import Context, Hypothesis, factor_slips, fallacies, symbol_swaps, unit_slips, wrong_dtypes
from .rounding import rounded_values
from .scaled import group_degrees, per_model_terms_per_layer, powers_of_ten
from .spec_rows import spec_rows
from .widths import hidden_for_kv_width, sliding_as_full

KINDS: dict[str, Callable[[Context], Iterable[Hypothesis]]] = {
    "swap": symbol_swaps,
    "unit": unit_slips,
    "dropped": factor_slips,  # yields the dropped and the doubled factor, two kinds with their own priors
    "fallacy": fallacies,
    "dtype": wrong_dtypes,
    "rounding": rounded_values,
    "default": doubted_defaults,
    "kv-width": hidden_for_kv_width,
    "sliding": sliding_as_full,
    "scope": group_degrees,
    "exponent": powers_of_ten,
    "per-layer": per_model_terms_per_layer,
    "off-by-one": counts_off_by_one,
    "spec-row": spec_rows,
}
