"""What a scan hands back: proposals as a claims file, or as claims audited at once.

The claims file is one ``auditor check`` runs unchanged: it names its document (relative to where
the file is written), every proposal is a claim with a unique id, its quote from the file as
published, its sum (``arithmetic:``) or its formula and inputs, the number as printed, and a
comment with its score and the evidence for it. Numbers located but not proposed are listed as
comments, so a reviewer sees what the scan passed over and why. ``audit_proposals`` audits the
proposals, never the numbers that were only located.
"""

from __future__ import annotations

import json
import os
import re
import weakref
from pathlib import Path

from auditor.base.errors import AuditorError, Location
from auditor.base.quantity import parse_stated, with_unit
from auditor.claims.verdicts import Verdict
from auditor.documents.locate import Document

from .derivations import printed_precision, printed_stated
from .device_ratios import RATIO
from .locate import Proposal


def proposal_claim(proposal: Proposal, document: Document, claim_id: str):
    """The proposal as a Claim the engine can audit, located at its document line."""
    from auditor.base.yamlio import Located
    from auditor.claims.files import Claim

    given = Located(proposal.given)
    given.line, given.key_lines = 0, {}
    line = document.position(proposal.raw[0])[0] if document is not None else 0
    stated = parse_stated(proposal.stated)
    if proposal.unit:
        stated = with_unit(stated, proposal.unit)
    return Claim(id=claim_id, quote=proposal.quote, location=Location(document.shown if document is not None else "scan", line), formula=proposal.formula, stated=stated, given=given, arithmetic=proposal.arithmetic)


def draft_claim(proposal: Proposal, formula: str, given: dict, unit: str):
    """The claim a formula choice would make, to see what it computes before proposing it."""
    from dataclasses import replace

    draft = replace(proposal, formula=formula, arithmetic=None, given=dict(given), unit=unit, raw=proposal.raw or (0, 0))
    return proposal_claim(draft, None, "draft")


def audited_draft(claim, project, audits: dict | None, single: bool = False):
    """The engine's finding for a draft claim, kept in ``audits`` by what the claim says: a page restates its
    numbers, and the scan asks of one draft from several places (a formula's plausibility, whether it stands).

    ``single``: the caller counts one slip at a time only, so pairs are not searched (``audit_claim``). Where one
    slip is found the finding is the whole search's (it stops at singles that reproduce), kept as that; where none
    is, it is kept apart, so a later whole audit of the same draft still searches the pairs.
    """
    from auditor.audit.pipeline import audit_claim

    if audits is None:
        return audit_claim(claim, project, single=single)
    key = _said(claim)
    if key in audits:
        return audits[key]
    if single and (key, "single") in audits:
        return audits[key, "single"]
    if len(audits) >= AUDITS_KEPT:
        audits.clear()  # a long-lived project scanning page after page keeps the recent ones only
    finding = audit_claim(claim, project, single=single)
    audits[(key, "single") if single and not finding.diagnoses and finding.verdict in SEARCHED else key] = finding
    return finding


def draft_audits(project) -> dict:
    """The findings the scans of ``project`` have drafted, by what each claim says: a proposal audited at the end is
    a draft the choice of its formula already audited, so its finding is that one, with its own id and place."""
    return _AUDITS.setdefault(project, {})


def _said(claim) -> tuple:
    return (claim.formula, claim.arithmetic, repr(claim.stated), repr(sorted((k, str(v)) for k, v in claim.given.items())))


_AUDITS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
AUDITS_KEPT = 20_000
SEARCHED = (Verdict.MISMATCH, Verdict.UNIT_ERROR)  # the verdicts the diagnosis search explains (``_diagnosed``)


def draft_sum(proposal: Proposal, expression: str):
    """The claim a sum of the page's own numbers would make, to see whether it holds before proposing it."""
    from dataclasses import replace

    draft = replace(proposal, formula=None, arithmetic=expression, given={}, raw=proposal.raw or (0, 0))
    return proposal_claim(draft, None, "draft")


def proposal_ids(proposals: list[Proposal], document: Document) -> dict[int, str]:
    """A unique claim id for every proposal, from the document name, the line and the number: note-l3-128-kib-token."""
    stem = re.sub(r"[^a-z0-9]+", "-", document.path.stem.lower()).strip("-") or "doc"
    ids, used, last = {}, set(), {}
    for index, proposal in enumerate(proposals):
        line, _ = document.position(proposal.raw[0])
        slug = re.sub(r"[^a-z0-9]+", "-", (proposal.stated + " " + proposal.unit).lower()).strip("-")[:24].strip("-")
        base = f"{stem}-l{line}-{slug or index}"
        candidate, count = base, last.get(base, 1)  # counting on from the last number given: a line of a thousand 1s stays linear
        if count > 1:
            candidate = f"{base}-{count}"
        while candidate in used:
            count += 1
            candidate = f"{base}-{count}"
        used.add(candidate)
        last[base] = count
        ids[index] = candidate
    return ids


def audit_proposals(proposals: list[Proposal], document: Document, project) -> None:
    """Attach a finding to every proposal whose formula or sum and inputs resolve.

    An underdetermined finding (inputs the text does not give) is kept apart,
    as ``pending``: it names what a reviewer must add, but it is no verdict.
    So is a mismatch that a figure the page never prints, rounded, explains
    (``sheet_rounding``).
    """
    from dataclasses import replace

    ids, audits = proposal_ids(proposals, document), draft_audits(project)
    for index, proposal in enumerate(proposals):
        if not proposal.proposed:
            continue
        try:
            claim = proposal_claim(proposal, document, ids[index])
            drafted = audited_draft(claim, project, audits)
        except AuditorError:
            continue
        finding = replace(drafted, claim_id=claim.id, location=claim.location, quote=claim.quote)
        ideal = ideal_efficiencies(finding, proposal, project)
        if ideal and (at_ideal := _audited_at(proposal, ideal, document, ids[index], project, audits)) is not None and at_ideal.verdict.holds:
            # "~24 tokens/s" where full bandwidth gives 23.9: the page prints the ceiling, which the default's 70% missed
            proposal.given.update(ideal)
            proposal.evidence += (f"{', '.join(ideal)} = 1, the ideal: the number is the ceiling the formula gives at full efficiency",)
            finding = at_ideal
        if finding.verdict == Verdict.MISMATCH and proposal.formula is None:
            finding = _as_printed(proposal, finding, document, ids[index], project, audits)
        if (nominal := _nominal_meant(finding, proposal)) and (at_nominal := _audited_at(proposal, nominal, document, ids[index], project, audits)) is not None \
                and at_nominal.verdict.holds:
            # "Weights: 140 GB" for Llama-3.1-70B: the page multiplied the 70B its name gives, and holds on that count
            proposal.given.update(nominal)
            proposal.evidence += (f"n_params = {nominal['n_params']}, the size the model's name gives: the page's count, which only that "
                                  "rounding of the config's separates from the number",)
            finding = at_nominal
        rounded = (sheet_rounding(finding, proposal) or peak_meant(finding) or coincident_pair(finding, proposal) or unexplained(finding, proposal)
                   or ranged_alone(finding, proposal) or efficiency_unstated(finding, proposal, project, audits) or on_assumed_defaults(finding, proposal, project)
                   or counted_its_own_way(finding, proposal)
                   or another_figure(finding, proposal, project))
        if finding.verdict == Verdict.UNDERDETERMINED or rounded:
            proposal.pending = finding
            proposal.evidence += (rounded,) if rounded else ()
        else:
            proposal.finding = replace(finding, document_location=document.span(*proposal.raw))
    _name_carried_slips(proposals, document)


def _name_carried_slips(proposals: list[Proposal], document: Document) -> None:
    """A flagged number whose working took an earlier figure at the value that figure's own slip gives ("80 × 16 MB =
    1.28 GB" over a 16 MB that is 16 MiB) names that slip among its causes: the page's figure is off because the
    figure it was worked from is. Page order, so a slip carried twice ("= 1.28 GB", then "× 64") reaches the end."""
    from dataclasses import replace

    from auditor.diagnosis.result import Diagnosis

    for proposal in proposals:
        finding = proposal.finding
        if not proposal.carried or finding is None or finding.verdict not in (Verdict.MISMATCH, Verdict.UNIT_ERROR):
            continue
        try:
            stated = parse_stated(proposal.stated).value
        except (AuditorError, ArithmeticError, ValueError):
            continue
        extra, unexplained_upstream = [], []
        for source in proposal.carried:
            upstream = source.finding or source.pending
            line = document.position(source.raw[0])[0] if source.raw else 0
            if upstream is not None and not upstream.diagnoses and upstream.verdict == Verdict.MISMATCH and source.arithmetic is not None:
                # "= 20,401,094,656 bytes" where the product is 21,474,836,480, then "/ 1,073,741,824 ≈ 19 GB": the step holds
                # on the figure printed, so the miss is that figure's; a unit story that lands near 19 is a coincidence
                unexplained_upstream.append(Diagnosis(
                    f"carried from line {line}", "carried", f"carried from line {line}: the printed arithmetic there does not "
                    f"give the {source.stated} it prints, and this step is worked on that figure", stated, 1, (f"carried from line {line}",)))
            if upstream is None or not upstream.diagnoses:
                continue
            first = upstream.diagnoses[0]
            if not any(d.parts == first.parts for d in finding.diagnoses + tuple(extra)):
                extra.append(replace(first, description=f"carried from line {line}: {first.description}", reproduced=stated))
        if unexplained_upstream:
            proposal.finding = finding = replace(finding, diagnoses=tuple(unexplained_upstream) + finding.diagnoses)
        if extra:
            proposal.finding = replace(finding, diagnoses=finding.diagnoses + tuple(extra))


DECIMAL_OPERAND = re.compile(r"(?<![\w.])(?=(?:0\.0*)?[1-9](?:\.?\d){2}|(?:0\.0*)?[5-9]\.?\d(?![\d.]))\d+\.\d+(?:e[+-]?\d+)?(?![\w.])")
"""A decimal operand printed to 1% or finer: three significant digits or more ("22.04", "13.4"), or two led by a 5 to
9 ("0.50", "7.5"): a figure rounded to its last digit. A coarser one ("0.002", "0.5", "2.5") is as often a setting or a
unit's restatement ("0.015 TFLOPs" for 15 GFLOPs) as a rounding, and its half digit is so wide (25% for "0.002")
that any near miss would fall inside it."""
MAX_ROUNDED_OPERANDS = 6  # the engine prices each at both ends: 2^6 corners
FIGURE_OPERAND = re.compile(r"(?<![\w.])(?:\d+\.\d+|[1-9]\d+)(?:e[+-]?\d+)?(?![\w.])")
"""An operand of a ratio of two figures ("84 / 25 (3.33x)", "7.1 / 1.8 (3.90x)"): each is a measured figure rounded to
its last digit, a whole one of two digits or more too, not a count (the ratio was taken before the two were rounded
for print)."""
RATIO_OF_TWO = re.compile(r"[\d.]+ / [\d.]+")


def _as_printed(proposal: Proposal, finding, document: Document, claim_id: str, project, audits):
    """The finding of a printed sum that misses, read again as the page wrote it: its decimal operands as
    printed figures with their precision ("18,600 / 22.04 = 843.8" holds for a time anywhere in 22.035-22.045,
    as measured times printed to two decimals are), and, where the scan took an operand at the exact value
    worked out above it and that value only rounds to the figure printed, on the figure the page printed
    ("107,527 × 22.04s" over a "22.04" that is 22.0431; not "320 KB × 4096" over a 320 KB that is 327,680 B).

    A page computes on what it shows; that reading holding is no slip of the page's. An integer operand
    is a count and stays exact, as a claim's inputs do (rule input-precision). The proposal is rewritten
    to the reading that holds, so the claims file ``scan -o`` writes (after this audit) gives ``auditor check``
    the same verdict."""
    from dataclasses import replace

    readings = [proposal.arithmetic] + ([proposal.printed_sum] if proposal.printed_sum and not proposal.carried else [])
    for expression in readings:
        lifting = FIGURE_OPERAND if RATIO_OF_TWO.fullmatch(expression) and RATIO.search(proposal.stated) else DECIMAL_OPERAND
        operands = lifting.findall(expression)
        if expression == proposal.arithmetic and not operands or len(operands) > MAX_ROUNDED_OPERANDS:
            continue
        names, given, count = {}, dict(proposal.given), 0
        for literal in operands:
            if literal in names:
                continue
            count += 1
            while f"printed_{count}" in given:
                count += 1
            names[literal], given[f"printed_{count}"] = f"printed_{count}", _rounded_figure(literal)
        lifted = lifting.sub(lambda m: names[m.group(0)], expression)
        trial = replace(proposal, arithmetic=lifted, given=given)
        try:
            claim = proposal_claim(trial, document, claim_id)
            drafted = audited_draft(claim, project, audits)
        except AuditorError:
            continue
        if not drafted.verdict.holds:
            continue
        proposal.arithmetic, proposal.given = lifted, given
        if expression != readings[0]:
            proposal.evidence += (f"holds on its operands as printed ({expression}), not only at the exact values worked out above",)
        return replace(drafted, claim_id=claim.id, location=claim.location, quote=claim.quote)
    return finding


def _rounded_figure(literal: str) -> str:
    """The operand as an input with the precision it was printed to: a whole figure ("908") in scientific notation
    ("9.08e2"), which carries half its last digit as a decimal does; an integer input is otherwise an exact setting."""
    if "." in literal or "e" in literal:
        return literal
    return f"{literal[0]}.{literal[1:]}e{len(literal) - 1}"


EXACT_HALF_DIGIT = 5e-6  # half a unit in the sixth significant figure: a count a page worked out to the unit itself


def counted_its_own_way(finding, proposal) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): the words chose a formula, no slip explains
    the miss, and the page prints its number to every figure ("29,688,662,589,440 FLOPs"): a count worked out to the
    unit by a model of the page's own (what it counts, which positions), which the catalogue's formula need not share."""
    if finding.verdict != Verdict.MISMATCH or proposal.formula is None or finding.diagnoses:
        return ""
    printed = printed_precision(proposal)
    if printed is None or printed[1] > EXACT_HALF_DIGIT:
        return ""
    return "held back: printed to every figure, a count the page works out by a model of its own, and the words' formula misses it with no slip: not audited"


def _round_figure(finding, proposal) -> bool:
    """Whether the printed number is a round figure with no qualifier whose trailing zeros alone would cover the
    miss ("200 MB" for 201,326,592 B): the engine reads its zeros as printed digits, the page as a rounding."""
    from auditor.base.quantity import zeros_half

    stated = printed_stated(proposal)
    if stated is None or stated.qualifier is not None or stated.high is not None or finding.computed_base is None:
        return False
    miss = abs(stated.value * stated.unit.factor - finding.computed_base)
    return miss <= zeros_half(stated.low) * stated.unit.factor


def unexplained(finding, proposal) -> str:
    """Why a mismatch is held back ('' when it is not): a ratio's formula is the words' guess, and no slip explains the miss.

    A printed sum, a table's rule or a parameter count's ratio is the page's own arithmetic, and its
    mismatch is the page's. A formula the words chose for a bare ratio ("roughly 4x faster") is the
    scan's weakest reading of a page: a ratio may compare any two of its figures, and when the formula
    misses and no slip of the catalogue reproduces the number, the reading is as likely wrong as the page.
    """
    if not _words_formula_missed(finding, proposal):
        return ""
    if finding.base_unit not in ("", "dimensionless") or "USD" in (proposal.unit or "") + proposal.stated:
        return ""  # "45GB" of int4 weights, "$0.34" a million tokens: a size or a price is the page's claim, and its miss a finding
    if not finding.diagnoses:
        return "held back: the words' formula for this ratio misses it and no slip explains the miss, which as often means the formula is not the page's"
    if all(d.kind == "dtype" for d in finding.diagnoses):
        # the catalogue's formats have so many widths that one of them meets a ratio's near miss by chance
        return "held back: the words' formula for this ratio misses it and only another storage format explains the miss: not audited"
    return ""


SHEET_SLACK = 0.01  # below every unit slip the catalogue names (KiB for kB is 2.4%): a page's rounding of a sheet figure
ROUNDED = re.compile(r"^(\w+) rounded to |^(\w+) <- \2_nominal$")  # "mem_bandwidth rounded to 2 significant figures", "n_params <- n_params_nominal"


def sheet_rounding(finding, proposal) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): the number is within
    ``SHEET_SLACK`` of what figures the scan took from spec sheets and configs give, and nothing but
    roundings of those figures explains it (a sheet figure to two or three digits, a model's count
    as its name gives it: "13B" for 13.016e9).

    A page that computes with "8.2e11 B/s" for a sheet's 819 GB/s is exact about its own arithmetic;
    the scan cannot tell that rounding from a slip, and a false alarm costs a reviewer more than a miss.
    """
    if finding.verdict != Verdict.MISMATCH or finding.computed_base is None or not finding.stated:
        return ""
    if proposal.arithmetic is not None and not proposal.given and not _round_figure(finding, proposal):
        return ""  # "12,249 × 262,144 = 3,210,665,856": every figure is printed, so the miss is the page's own
    first = finding.diagnoses[0] if finding.diagnoses else None
    if first is not None:
        rounded = [ROUNDED.match(part) for part in first.parts]
        if not all(rounded) or any((m[1] or m[2]) in proposal.page_inputs for m in rounded):
            return ""
    stated = printed_stated(proposal)
    if stated is None:
        return ""
    printed, computed = float(stated.value * stated.unit.factor), float(finding.computed_base)
    if not computed or abs(printed - computed) > SHEET_SLACK * abs(computed):
        return ""
    why = first.description if first is not None else f"the number is {abs(printed / computed - 1):.2%} from the formula's value"
    return f"held back: {why}, on figures the page does not print: a rounding of its own, not audited"


def peak_meant(finding) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): an explanation of it takes
    an efficiency at its peak where the scan used the catalogue's default ("mbu = 1 for the default").

    A default is the scan's assumption, not the page's: a page that prices the ideal step ("at most
    380 steps a second") wrote no efficiency, and the scan cannot tell that figure from a slip.
    """
    if finding.verdict != Verdict.MISMATCH:
        return ""
    for diagnosis in finding.diagnoses:
        defaults = [part for part in diagnosis.parts if part.endswith(" for the default")]
        if defaults:
            return f"held back: it holds at {defaults[0].removesuffix(' for the default')} (peak), where the scan assumed the catalogue's default: not audited"
    return ""


DEFAULT_USED = re.compile(r"^default used: (\w+) = ")
LEAST_EFFICIENCY = 0.2  # below a fifth of the ideal, a figure is no efficiency a page leaves unsaid but a slip


def ideal_efficiencies(finding, proposal, project) -> dict:
    """The efficiencies a mismatch was priced at by the catalogue's default, which the page never states, each at its
    ideal ({"mbu": 1.0}); {} for any other finding."""
    if finding.verdict != Verdict.MISMATCH or proposal.formula is None or finding.computed_base is None:
        return {}
    symbols = project.catalogue.symbols
    return {m[1]: float(symbols[m[1]].ideal) for r in finding.remarks
            if (m := DEFAULT_USED.match(r)) and m[1] in symbols and symbols[m[1]].ideal is not None}


def _nominal_meant(finding, proposal) -> dict:
    """{"n_params": the count the model's name gives} where taking that count for the config's is the one explanation
    of a miss within a sheet's rounding (``sheet_rounding``), the page's words alone telling it; {} otherwise (or
    where the page sets a count of its own)."""
    from auditor.inputs.names import nominal_parameters

    if finding.verdict != Verdict.MISMATCH or proposal.formula is None or "n_params" in proposal.given or not finding.diagnoses:
        return {}
    if finding.diagnoses[0].parts != ("n_params <- n_params_nominal",) or not isinstance(proposal.given.get("model"), str):
        return {}
    if not sheet_rounding(finding, proposal):
        return {}  # "14.0 GB" for Mistral-7B's 7.24 B: a name's size 3% short is a slip the page prints, not its rounding
    nominal = nominal_parameters(proposal.given["model"])
    return {"n_params": str(int(nominal))} if nominal is not None and nominal == int(nominal) else {}


def _audited_at(proposal, ideal: dict, document, claim_id: str, project, audits):
    """The proposal's finding with the efficiencies ``ideal`` sets, as its own claim; None where it cannot be read."""
    from dataclasses import replace

    try:
        claim = proposal_claim(replace(proposal, given={**proposal.given, **ideal}), document, claim_id)
        return replace(audited_draft(claim, project, audits), claim_id=claim.id, location=claim.location, quote=claim.quote)
    except AuditorError:
        return None


def efficiency_unstated(finding, proposal, project, audits) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): the scan priced it at the catalogue's
    default efficiency ("mbu = 0.7"), which the page never states, and the number lies on the side of the ideal
    (100%) that some efficiency gives: a step time above its floor, a rate below its ceiling. A figure past the
    ideal ("28 ms" where reading the bytes takes 36 at full bandwidth) is impossible at any efficiency, and stays."""
    unstated = ideal_efficiencies(finding, proposal, project)
    if not unstated:
        return ""
    stated = printed_stated(proposal)
    if stated is None:
        return ""
    try:
        ideal = audited_draft(draft_claim(proposal, proposal.formula, {**proposal.given, **unstated}, proposal.unit), project, audits)
        printed, at_ideal, at_default = float(stated.value * stated.unit.factor), float(ideal.computed_base), float(finding.computed_base)
    except (AuditorError, ArithmeticError, TypeError, ValueError):
        return ""
    if not printed or not at_ideal or ideal.verdict.holds:
        return ""
    share = at_ideal / printed if at_default > at_ideal else printed / at_ideal  # the efficiency the printed figure implies
    if not LEAST_EFFICIENCY <= share <= 1:
        return ""
    return (f"held back: at {', '.join(unstated)} = 1 the formula gives {float(ideal.computed):.4g} {ideal.unit}; the number is what an efficiency"
            f" of {share:.0%} gives, and the page states none: not audited")


def _words_formula_missed(finding, proposal) -> bool:
    """A mismatch of a formula the words chose, not one the page's own arithmetic or a count beside it gave."""
    return finding.verdict == Verdict.MISMATCH and proposal.formula is not None and not proposal.worked_out


def on_assumed_defaults(finding, proposal, project) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): the words' formula misses, no slip explains
    the miss, and the formula was priced with a share the scan assumed and the page never states ("weights 16 GB,
    overhead 8 GB → 56 GB" priced at vLLM's 0.9 memory share). The page may have meant another share or efficiency,
    or another sum of its figures altogether: the miss says as much about the scan's reading as about the page. (A
    count's default, one device, is how a page that names no more is read, and stays audited.)"""
    from .plausibility import NAMED_SLIPS

    if not _words_formula_missed(finding, proposal) or any(set(d.kind.split("+")) <= NAMED_SLIPS for d in finding.diagnoses):
        return ""  # a slip that names what the page confused explains it; a sheet's other row or a power of ten may not
    symbols = project.catalogue.symbols
    assumed = [m[1] for r in finding.remarks if (m := DEFAULT_USED.match(r)) and m[1] in symbols and symbols[m[1]].domain == "fraction"]
    if not assumed:
        return ""
    return f"held back: the words' formula misses it on defaults the page never states ({', '.join(assumed)}), and no slip explains the miss: not audited"


def another_figure(finding, proposal, project) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): the words' formula is one quantity under another
    name (``weight_bytes_on_rank = weight_bytes_per_rank``) fed another figure of the page's sentence, so it says only
    that two printed figures differ ("returns 4.8 GB for a deployment whose weights alone are 5.74 GB"), which the page
    may well be saying itself."""
    if not _words_formula_missed(finding, proposal):
        return ""
    formula = project.catalogue.formulas.get(proposal.formula)
    name = formula.expr_text.strip() if formula is not None else ""
    if not re.fullmatch(r"[A-Za-z_]\w*", name) or name not in proposal.given:
        return ""
    return f"held back: the words' formula is {name} under another name, set to another figure the page prints ({proposal.given[name]}): not audited"


def ranged_alone(finding, proposal) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): the page prints a range ("31.2 – 78.1
    GB") and the words' formula gives one value. A range on a page is most often the range of an input it does
    not hold still (a row's "200K – 500K" tokens), which a formula fed one value cannot meet."""
    if not _words_formula_missed(finding, proposal):
        return ""
    try:
        ranged = parse_stated(proposal.stated).comparator == "range"
    except AuditorError:
        return ""
    return "held back: the page prints a range and the words' formula gives one value: its inputs' own ranges are not read" if ranged else ""


def coincident_pair(finding, proposal) -> str:
    """Why a mismatch is no finding against the page ('' when it is one): the words chose the formula, and
    only pairs of slips with another storage format in them explain it ("32 heads for 8 and a 0.625-byte
    cache", "int4 weights and an int4 cache for fp8"). The catalogue's formats have so many widths that a
    format paired with any other slip meets a near miss by coincidence about as often as it explains it;
    pairs of the commonest slips ("32 heads for 8 and GiB printed as GB") and a rounding paired with a
    slip are how pages go wrong, and stay."""
    if finding.verdict != Verdict.MISMATCH or proposal.formula is None or not finding.diagnoses:
        return ""
    if not all(map(coincidental, finding.diagnoses)):
        return ""
    return "held back: a formula the words chose, and only pairs of slips with another storage format in them explain the difference: not audited"


def coincidental(diagnosis) -> bool:
    """A pair of slips with another storage format in it and no rounding: what ``coincident_pair`` does not trust."""
    kinds = diagnosis.kind.split("+")
    return len(kinds) > 1 and "dtype" in kinds and "rounding" not in kinds


def document_reference(document_path: Path, output: Path | None) -> str:
    """The document's path as a claims file written to ``output`` names it: relative to that file's folder."""
    folder = output.parent if output is not None else Path.cwd()
    return Path(os.path.relpath(Path(document_path).resolve(), Path(folder).resolve())).as_posix()


def proposals_yaml(proposals: list[Proposal], document: Document, reference: str) -> str:
    """A claims file: proposals as claims, each with its score, the rest as comments."""
    lines = [f"# Proposed by `auditor scan {document.shown}`: review each claim before keeping it.", "document:", f"  path: {json.dumps(reference)}", "claims:"]
    ids = proposal_ids(proposals, document)
    located = []
    for index, proposal in enumerate(proposals):
        line, column = document.position(proposal.raw[0])
        if not proposal.proposed:
            why = f" (score {proposal.score:.2f}: {'; '.join(proposal.evidence)})" if proposal.evidence else ""
            located.append(f"#   {document.shown}:{line}:{column} {proposal.stated!r}{why}")
            continue
        lines += _claim_lines(proposal, ids[index], f"{document.shown}:{line}:{column}")
    if len(lines) == 4:
        lines[-1] = "claims: []"
    if located:
        lines += ["# Numbers located but not proposed (no sum, or words under the threshold):"] + located
    return "\n".join(lines) + "\n"


def _claim_lines(proposal: Proposal, claim_id: str, where: str) -> list[str]:
    lines = [
        f"  - id: {claim_id}",
        f"    # score {proposal.score:.2f}: {'; '.join(proposal.evidence)}",
        f"    quote: {json.dumps(proposal.quote, ensure_ascii=False)}  # {where}",
    ]
    if proposal.arithmetic is not None:
        lines.append(f"    arithmetic: {json.dumps(proposal.arithmetic)}")
    else:
        lines.append(f"    formula: {proposal.formula}")
    if proposal.given:
        lines.append("    given: {" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in proposal.given.items()) + "}")
    lines.append(f"    stated: {json.dumps(proposal.stated, ensure_ascii=False)}")
    if proposal.unit:
        lines.append(f"    unit: {json.dumps(proposal.unit, ensure_ascii=False)}")
    return lines
