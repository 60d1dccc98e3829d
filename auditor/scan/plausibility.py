"""Whether a formula the words chose can be what the number means: its value must be near the number.

Words alone mislead: "8 KV heads" reads like a KV formula, "we have 1 byte per parameter" like the
weight footprint. A number a formula describes is near the formula's value, or off by a slip the
diagnosis can name (a unit read wrongly, a factor dropped); a published number off by more than a
few times, with no slip to explain it, is far more often a number the words do not describe than
an error. Such a choice is not proposed: a false alarm costs a reviewer more than a miss.
"""

from __future__ import annotations

import math

import re
from fractions import Fraction

from auditor.base.errors import AuditorError
from auditor.claims.verdicts import Verdict

NEAR = Fraction(2)  # within half to twice the number, a formula's value may be the number's without a slip to show
PREFIX_SCALE = Fraction(100)  # a unit slip this many times off is a prefix's, not a confusion of two units' readings
WITHIN_PAIR = Fraction(4)  # up to 4x off, a pair of named slips may explain it (32 heads for 8 and GiB printed as GB); farther, only one
# explanations that name what the page confused (a variable, a unit, a dtype, a factor of the formula);
# a power of ten or a default doubted fits almost any far value, so it does not make a formula the number's
NAMED_SLIPS = frozenset({"swap", "unit", "dropped", "doubled", "fallacy", "dtype", "kv-width", "sliding", "per-layer"})


def far_from(project, proposal, formula: str, given: dict, unit: str, runner_up: bool = False, audits: dict | None = None) -> str:
    """'' when the formula's value is within NEAR times the number, or one named slip explains it; else why not.

    Two slips at once explain a far value by coincidence too often ("64 heads for 8 and
    bf16 for int4" is 32x): beyond ``WITHIN_PAIR`` only one counts.

    A runner-up (a formula the words rank below one the context cannot feed) must
    hold or be off by a named slip: being merely near is what the words' second
    guess gives for a number it does not describe (the KV read time for a step
    time), and a mismatch there is a false alarm far more often than an error.
    The diagnosis search, the costly part, runs only for a value that is not near, and for one beyond
    ``WITHIN_PAIR`` tries single slips alone, the only ones that count there.
    """
    from .proposals import audited_draft, draft_claim

    claim = draft_claim(proposal, formula, given, unit)
    try:
        verdict, computed = evaluated(claim, project)
    except AuditorError:
        return "the formula cannot be evaluated with these inputs"
    if verdict == Verdict.UNIT_ERROR:
        return "the formula's unit is not the number's"
    if computed is not None and computed < 0 < claim.stated.low.value:
        # "under 3 seconds" holds for any value below three, a negative one too: a time or size the formula makes
        # negative says its inputs are another quantity's (a budget overdrawn), so no bound the page states is checked
        return f"the formula gives {float(computed):.4g}, below zero where the page prints a positive figure"
    if verdict.holds or computed is None:
        return ""
    if not isinstance(computed, Fraction) and not math.isfinite(computed):
        return "the formula gives no finite value with these inputs"  # a zero divisor ("0 tokens in flight")
    near = _nearness(computed, claim.stated.low.value, proposal.page_inputs)
    if near is not None and not (runner_up and near == ""):
        return near
    ratio = abs(Fraction(computed) / claim.stated.low.value) if claim.stated.low.value else None
    pairs = ratio is not None and 1 / WITHIN_PAIR < ratio < WITHIN_PAIR
    # a prefix off by a thousand ("GB printed as MB") fits any value a thousandfold off, as a power of ten does
    prefix_scale = ratio is not None and not 1 / PREFIX_SCALE < ratio < PREFIX_SCALE
    if any(set(d.kind.split("+")) <= NAMED_SLIPS and (pairs or "+" not in d.kind) and not (prefix_scale and "unit" in d.kind.split("+"))
           for d in audited_draft(claim, project, audits, single=not pairs).diagnoses):
        return ""
    if runner_up and near == "":
        return f"a runner-up formula, which gives {float(computed):.4g}, and no slip explains the difference"
    return f"{FAR_PREFIX} {float(computed):.4g}, far from the number, and no slip explains it"


FAR_PREFIX = "the formula gives"
"""How a reason for a formula that misses the number far, with no slip, begins."""


def _nearness(computed, stated, page_inputs: dict) -> str | None:
    """'' for a value near the number, a reason for one inside the inputs' own precision, None for one far from it."""
    ratio = abs(Fraction(computed) / stated) if stated else None
    if ratio is None:
        return None
    if abs(ratio - 1) <= input_precision(page_inputs):
        return f"within the printed precision of the page's inputs ({', '.join(page_inputs.values())}): not decidable"
    return "" if 1 / NEAR < ratio < NEAR else None


def evaluated(claim, project):
    """(verdict, value in the stated unit) of a draft claim, without the diagnosis search."""
    from auditor.base.errors import UnderdeterminedError
    from auditor.claims.readings import compare_readings
    from auditor.evaluate.evaluation import Evaluation
    from auditor.evaluate.resolve import resolve

    catalogue = project.catalogue
    try:
        value = Evaluation(catalogue, resolve(claim, catalogue, project.inputs)).value(claim.formula)
    except (UnderdeterminedError, ZeroDivisionError, ValueError, OverflowError):
        return Verdict.UNDERDETERMINED, None
    result, _ = compare_readings(claim.stated, value, catalogue.dims(claim.formula))
    return result.verdict, result.computed


def input_precision(page_inputs: dict) -> Fraction:
    """The relative width the page's own inputs are printed to, added up: "13B" is good to 3.8%, "1.5e12" to 3.3%."""
    from auditor.base.quantity import parse_stated

    total = Fraction(0)
    for text in page_inputs.values():
        try:
            stated = parse_stated(re.sub(r"(\d)\s?[BMT]\b.*$", r"\1", text))
        except AuditorError:
            continue
        if stated.low.value:
            total += stated.low.half_ulp / abs(stated.low.value)
    return total

