"""Choosing a catalogue formula for a number the page states in words, and its inputs, with a score.

The catalogue's formulas are scored against the words around the number (``words``: the clause,
the words beside it, the sentence, the heading, the paragraph, the section, nearest weighing most),
among formulas whose unit fits. The inputs come from the number's own context, nearest first: the
values the text writes ("TP=8", "batch 1": ``inputs``), a model only when the sentence, paragraph or
section names it, the GPU and dtypes named nearest. The score says how sure the choice is: the
strength of the words, less for inputs the context does not give and for a bare number. Below the
threshold the number is located but no formula is proposed, so ``--audit`` does not audit it.
"""

from __future__ import annotations

import re

from auditor.base.quantity import parse_stated

from . import inputs as inputs_in_text
from . import match as words
from . import plausibility
from .match import leaf_symbols
from .spans import around
from .tables import HEADER_BATCH, row_cells
from .words import sections

PER_LAYER = re.compile(r"(?i)\bper[ \t-]+layer\b|/[ \t]*layer\b|\beach[ \t]+layer\b|每层|每層|레이어당")
"""A column of one layer's figures: "per layer", "/layer", "每層" (Chinese), "레이어당" (Korean)."""
LAYER_COUNTS = frozenset({"n_layers", "n_kv_layers"})
BYTES = (("[information]", 1),)
PER_ONE = re.compile(r"(?i)\bper[ \t-]+(?:request|sequence|user|session|conversation|token)\b|/[ \t]*(?:req(?:uest)?|seq(?:uence)?|user|session|token)\b|每个|每個")
"""A column of one request's figures ("KV per request", "GB/user"), though its row sets a batch."""

NEAR = 40
THRESHOLD_WORDS = 1.6
BARE_THRESHOLD = 3.0
NOTATION_BONUS = 4.0
DEVICE_SIZE = "a device's size the page names it by"  # a card's own memory beside its name: an input, never weights
SET_INPUT_BONUS = 1.5  # per input of the formula the sentence or table row sets by name
COMPLETE_BONUS = 4.0  # every input the formula has no default for is set or printed in the sentence
SECTION_COMPLETE_BONUS = 2.0  # every model count the formula needs is set in the section above the number
RESOLVE_MARGIN = 0.8
RESOLVE_CHOICES = 5
TIED = 0.9  # a formula the words rank this close to the best is as much the words' choice: not held to the runner-up's test
PROPOSE_AT = 0.5
FAR_FACTOR = 0.4
SET_BEFORE = re.compile(r"(?:[=≈]|\bis about|\bis roughly|\bof about)\s*(?:about |roughly |around |~)?$")
NAMED_BEFORE = re.compile(r"([A-Za-z][\w*]{0,5})\s*(?:=|≈|~)\s*(?:about |roughly )?$")
CLAUSE_END = re.compile(r"[;:→(){}\[\]`$—=|]|,(?!\d{3}(?!\d))|\s[–-]\s|\.\s")  # not the comma of "4,096"
SCOPE_WEIGHTS = (6.0, 2.5, 2.0, 2.0, 1.0, 0.5)  # clause, beside the number, sentence, heading, paragraph, section
OBSERVED = re.compile(
    r"\b(?:seeing|observed?|measured?|benchmark(?:ed|s)?|achiev(?:es|ed|ing)|albeit at|runs? at|running at|"
    r"you can run\b[^.;:]{0,60}\bat)\b[^.;:]{0,40}$",
    re.IGNORECASE,
)
"""Words that report a measurement before the number ("we're currently seeing ~0.1 tokens/s", "calm achieves ~15.4 ms/tok")."""
POINTING_BACK = re.compile(r"\b(?:[Tt]hat|[Tt]his|[Tt]hose|[Tt]hese)\s+(?:~|≈|about |roughly )?$")
DEFAULT_BEFORE = re.compile(r"(?i)(?:\bdefaults?(?:[ \t]+value)?(?:[ \t]+(?:is|of|to))?|\(default|默认(?:值)?(?:为|是)?|デフォルト(?:は|で)?|기본값(?:은)?)"
                            r"[ \t]*[:=：]?[ \t]*[~≈]?[ \t]*\Z")
"""A value the page gives as a setting's default ("default 16 tokens/block", "默认 16 tokens/block", "(default: 0.9)"): an
input the page sets, not a figure it works out."""
DEFAULT = "a default the page states ('default 16 tokens/block'): an input, not a claim"
AVAILABLE_AFTER = re.compile(r"[ \u00a0]+(?:of\s+(?:\w+\s+)?)?(?:free|available|spare)\b", re.IGNORECASE)
"""A size followed by what it is free for ("10 GB free for KV cache", "40 GB of memory available"): a budget the page sets."""
SIGNED = re.compile(r"(?<![\w)\]])\+[~≈]?\Z")  # "+3.5%", "+2x": the sign before the number, a change the page reports
RESULT_BEFORE = re.compile(r"(?i)\b(?:leav(?:es|ing)|left\s+with|remain(?:s|ing)?|frees?(?:\s+up)?|spares?|"
                           r"(?:reduced|reduces|cut|cuts|drops?|dropped|shrinks?|shrunk|falls?|fell|down)\s+to)\s+(?:(?:about|roughly|around|only|just|~|≈)\s*)?$")
"""Words before a size that say it is what remains ("leaves about 10 GB") or what a change comes to ("reduced to ~5.5%"):
a result the page works out, not an input."""
DEVICE_AFTER = re.compile(r"\+?[ \u00a0]?(?:of\s+)?(?:(?:consumer|gaming|desktop|laptop|workstation|data[- ]?cent(?:er|re)|server|discrete|PCIe|SXM)\s+)?"
                          r"(?:HBM\w*\s+|VRAM\s+|memory\s+|RAM\s+|unified\s+memory\s+)?"
                          r"(?:GPUs?|cards?|devices?|accelerators?|Macs?\b(?:\s+(?:Studio|mini|Pro))?|MacBooks?|laptops?|machines?)\b", re.IGNORECASE)
"""A size printed as the name of the device that has it: "two 80 GB GPUs", "a 24 GB card", "a 64GB Mac", "a 128 GB machine"."""
DEVICE_BEFORE = re.compile(r"(?i)\b(?:card|GPU|device|accelerator|board|Mac|machine)(?:['’]s|s['’])[ \t]+(?:(?:total|full|whole|own|entire)[ \t]+)?(?:~|≈|about[ \t]+)?[ \t]*$")
"""A size printed as what the device has: "14.96 GiB of the card's 24 GiB", "the GPU's 80 GB"."""
MEMORY_KIND_AFTER = re.compile(r"[ \u00a0]+(?:of[ \t]+)?(?:GDDR\d\w*|HBM\d?[eE]?|LPDDR\d\w*)\b")
"""A size followed by the memory technology it is built of ("24 GiB of GDDR6X", "141 GB HBM3e"): a card's own memory."""
ITS_OWN_INPUT = "at its defaults"  # how ``restated_input`` begins: the words' formula is one of its own inputs
FED_CHOICES = 6  # how far down the words' ranking a formula the context feeds in full is still tried, held to holding
MISSED_CHOICES = 3  # the same, below a first formula that misses with no slip: the words' next few, the rest a coincidence
MISSED_MARGIN = 0.65  # and only those the words rank at this share of that formula's score or more
FED_EVIDENCE = "the words' first formulas lack inputs; this one the context feeds in full, and the number holds by it"
MISSED_EVIDENCE = "the words' first formula misses the number with no slip to explain it; this one the context feeds in full, and the number holds by it"
BARE = "a bare number: no unit, and no sum printed for it"
BARE_WORDS = re.compile(r"(?i)\b(?:intensity|ridge|flops?\s*/\s*byte|flops? per byte|ratio|sequences|requests|users|concurren\w*|fit)\b")
"""A bare number's sentence in these words may be a ratio or a count a formula computes: it is tried, held to holding,
if it has two figures or more ("4 query heads per KV head" in a sentence about groups holds too easily to say anything)."""
BARE_HOLDS = "a bare number: proposed as its words' formula holds by it"  # weaker than any arithmetic the page itself shows
LEAD = "page's lead"  # where ``Scanner.model_for`` found a model only the page's opening names
LEAD_EVIDENCE = "model or card set up only in the page's lead"
PAGE_WIDE = "page as a whole"  # a count or a rate the page prints only far from the number: it may confirm, not accuse
PAGE_WIDE_EVIDENCE = "a count or a rate the page prints only outside the number's section"
FAR_CARD = "card named farther off"  # a card the number's section names, but not its paragraph: it may confirm, not accuse
FAR_CARD_EVIDENCE = "a card its section names only outside the number's paragraph"
LOOSE_FORMAT = "format named farther off"  # a narrow format the number's setup does not name: it may confirm, not accuse
LOOSE_FORMAT_EVIDENCE = "a narrow format only the page's most-named one, or named only after the number"
WEAK_EVIDENCE = {LEAD: LEAD_EVIDENCE, PAGE_WIDE: PAGE_WIDE_EVIDENCE, FAR_CARD: FAR_CARD_EVIDENCE, LOOSE_FORMAT: LOOSE_FORMAT_EVIDENCE}
WEAK_HELD = {LEAD: "model or card is only the page's lead's", PAGE_WIDE: "count or rate is printed only far from the number",
             FAR_CARD: "card is named only outside the number's paragraph",
             LOOSE_FORMAT: "format is only the page's most-named one, or named only after the number"}
PRINTED_SIZE = re.compile(r"\d\s?(?:[kKMGTP]i?B|bytes?)$")
RESTATED_WITHIN = 2000  # characters back a number pointed back to ("that ~956 GB") is looked for, as printed


def score_of(total: float, missing: list[str], bare: bool) -> float:
    """A 0..1 confidence: the words' strength, halved when inputs are missing, less for a bare number."""
    strength = total / (total + 2.0)
    return round(strength * (0.5 if missing else 1.0) * (0.85 if bare else 1.0), 2)


ONE_REQUEST_AFTER = re.compile(r"(?i)\s*(?:/|per|for\s+(?:each|one|a|every))\s*(?:user|request|sequence|conversation|seq|req)\b")
"""A size said of one request, printed after it: "0.25 GB per user", "1.3 GB/request", "2 GB for each sequence"."""
ZERO = re.compile(r"[~≈]?\s*0(?:\.0+)?")
NOTHING = "zero: the page says there is none, which no formula derives"


class FormulaChooser:
    """Proposes a formula and inputs for one located number, using a scanner's indexes of the page."""

    def __init__(self, scanner):
        self.scanner = scanner
        self.text = scanner.document.text
        self._reasons: dict[tuple, str] = {}
        self._leaf_cache: dict[str, set[str]] = {}
        self._candidates: dict[tuple, list[str]] = {}  # the formulas a number of one unit (and bareness, per-header) may be
        self._given_of, self._givens = None, {}  # the number being chosen, and what the context gives each formula for it
        self._far: set[tuple[int, str]] = set()  # (number, formula) pairs found to miss the number far, with no slip

    def choose(self, proposal, scopes, texts) -> None:
        if ZERO.fullmatch(proposal.stated.strip()):
            proposal.evidence = (NOTHING,)  # "| NVLink (GB/s) | 0 |": the part has none, there is nothing to recompute
            return
        if proposal.bare and not SET_BEFORE.search(self.text, max(0, proposal.start - 16), proposal.start):
            proposal.evidence = (BARE,)
            if (BARE_WORDS.search(texts[2][0]) or BARE_WORDS.search(texts[0][0])) and len(re.sub(r"\D", "", proposal.stated).strip("0")) >= 2:
                self._bare(proposal, scopes, texts)
            return
        if DEFAULT_BEFORE.search(self.text, max(0, proposal.start - 24), proposal.start):
            proposal.evidence = (DEFAULT,)
            return
        if PRINTED_SIZE.search(proposal.stated) and (DEVICE_AFTER.match(self.text, proposal.end) or self._gpu_named_at(proposal.end)
                                                     or MEMORY_KIND_AFTER.match(self.text, proposal.end)
                                                     or DEVICE_BEFORE.search(self.text, max(0, proposal.start - 32), proposal.start)):
            proposal.evidence = (f"{DEVICE_SIZE} ('80 GB GPUs', '24GB A10G'): an input, not a claim",)
            return
        if (named := self.scanner.gpu_named_before(proposal.start)) and (cited := self.scanner.sheet_figure(named, proposal)):
            proposal.evidence = (cited,)  # "8× RTX 4090 24GB", "H100 3.35 TB/s": the card's figure right after its name
            return
        if (PRINTED_SIZE.search(proposal.stated) and AVAILABLE_AFTER.match(self.text, proposal.end)
                and not RESULT_BEFORE.search(self.text, max(0, proposal.start - 30), proposal.start)):
            proposal.evidence = ("memory the page says is free or available ('You have 10 GB free'): an input, not a claim",)
            return
        if self._restated(proposal):
            proposal.evidence = ("the page points back to this number printed above ('that', 'this'): the claim is where it was worked out",)
            return
        if SIGNED.search(self.text, max(0, proposal.start - 2), proposal.start):
            proposal.evidence = ("a change the page reports ('+3.5%', '+2x'): a gain over what came before, which no formula of one quantity gives",)
            return
        observed = OBSERVED.search(self.text, max(scopes[1][0], proposal.start - 100), proposal.start)
        if observed:
            proposal.evidence = (f"a measurement the page reports ({observed.group(0).strip()!r}): a formula gives a bound on it, not its value",)
            return
        set_here = self._set_in(scopes[1], proposal) | self._printed_in(proposal, scopes[1]) | self._dtype_in_headers(proposal)
        section = scopes[3] if len(scopes) > 3 else scopes[-1]  # clause, sentence, paragraph, section
        ranked, complete = self._ranked(proposal, texts, set_here, self._set_in((section[0], proposal.start), proposal))
        if not ranked or ranked[0][0] < (BARE_THRESHOLD if proposal.bare else THRESHOLD_WORDS):
            return
        best, given, missing, model_scope, far = self._plausible(proposal, ranked, scopes, complete)
        if missing and best.formula in complete and (reweighed := self._unearned_aside(proposal, ranked, scopes, complete, best)):
            ranked, complete = reweighed
            best, given, missing, model_scope, far = self._plausible(proposal, ranked, scopes, complete)
        missed = far.startswith(plausibility.FAR_PREFIX)
        if (missing or far.startswith(ITS_OWN_INPUT) or missed) and parse_stated(proposal.stated).comparator in ("=", "range") and (
                fed := self._fed_and_holding(proposal, ranked, scopes, MISSED_CHOICES if missed and not missing else FED_CHOICES)) is not None:
            # not a bound: "> 240" holds by too many formulas to say which
            best, given = fed
            proposal.evidence = (f"words {', '.join(best.matched) or 'its phrases'}", MISSED_EVIDENCE if missed and not missing else FED_EVIDENCE)
            proposal.score = score_of(next(total for total, score in ranked if score is best), [], proposal.bare)  # as the words rank it
            self._propose(proposal, best.formula, given)
            return
        proposal.score = score_of(ranked[0][0], missing, proposal.bare)
        evidence = [f"words {', '.join(best.matched) or 'its phrases'}"] + ([f"owner §{best.section}"] if best.section else [])
        evidence += [WEAK_EVIDENCE.get(model_scope) or f"model named in the {model_scope}"] if model_scope else []
        evidence += [f"missing {', '.join(missing)}"] if missing else []
        if far:
            proposal.score = round(proposal.score * FAR_FACTOR, 2)
            evidence.append(far)
        proposal.evidence = tuple(evidence)
        from .given import loose_format  # with the inputs it reads; that module imports this one

        if model_scope == LOOSE_FORMAT and not missing and (loose := loose_format(self.scanner, proposal, scopes, given)):
            # a 16-bit format, which a page leaves unsaid, is as likely its numbers' as a narrow one named only farther off
            plain = {k: ("bf16" if k.endswith("_dtype") and v == loose else v) for k, v in given.items()}
            if plain != given and self.holds(proposal, best.formula, plain):
                given = plain
        if model_scope in WEAK_EVIDENCE and not missing and not self.holds(proposal, best.formula, given, misses_only=model_scope == FAR_CARD):
            # a model the page set up at its top, or a count it prints in another section, may be one the section
            # has left: it may confirm, not accuse
            proposal.evidence += (f"held back: the {WEAK_HELD[model_scope]}, and the number does not hold by it",)
            return
        wrapper = self._built_on(ranked, best, proposal)
        if wrapper is not None and not missing and not self.holds(proposal, best.formula, given):
            proposal.evidence += (f"held back: the words rank {wrapper} first, which builds on {best.formula}: the number may be that one",)
            return
        self._propose(proposal, best.formula, given)

    def _built_on(self, ranked, best, proposal) -> str | None:
        """A formula the words rank above the chosen one that takes it as an input ("≈14 GB/s effective": the words'
        effective bandwidth is the theoretical one times the page's efficiency, which its context does not give): the
        chosen formula is the number's only if it holds. A number said of one request ("0.25 GB per user") is no
        batch's total, so a wrapper that only multiplies by the batch is no rival to it."""
        catalogue = self.scanner.project.catalogue
        one_request = ONE_REQUEST_AFTER.match(self.text, proposal.end) is not None
        for _, score in ranked:
            if score is best:
                return None
            if best.formula in catalogue.tree(score.formula)[1:] and not (one_request and "batch" in catalogue.depends_on(score.formula)):
                return score.formula
        return None

    def _propose(self, proposal, formula_id: str, given: dict) -> None:
        """The formula and its inputs, proposed where the number's score is high enough to propose at all."""
        if proposal.score >= PROPOSE_AT:
            proposal.formula, proposal.given, proposal.unit = formula_id, given, self._unit_for_bare(proposal, formula_id)

    def _unearned_aside(self, proposal, ranked, scopes, complete: set[str], best):
        """(ranked, complete) again where the best formula was "complete" only by the names its sentence prints ("10 GiB"
        taken as a card's memory) and the context gives it no value: that bonus was never earned, so it, and every other
        formula's so unearned, is taken off, and the formulas they outranked are weighed without it. None where nothing
        is left above the words' threshold."""
        unearned = {f for f in complete if f == best.formula or self._given_for(proposal, f, scopes)[1]}
        rest = [(total - COMPLETE_BONUS if score.formula in unearned else total, score) for total, score in ranked if score.formula != best.formula]
        rest.sort(key=lambda pair: pair[0], reverse=True)
        if rest and rest[0][0] >= (BARE_THRESHOLD if proposal.bare else THRESHOLD_WORDS):
            return rest, complete - unearned
        return None

    def _given_for(self, proposal, formula_id: str, scopes):
        """``Scanner.given_for``, kept for the number being chosen: the ranking's passes ask it of one formula again."""
        if self._given_of is not proposal:
            self._given_of, self._givens = proposal, {}
        if formula_id not in self._givens:
            given, missing, model_scope = self.scanner.given_for(proposal, formula_id, scopes)
            self._givens[formula_id] = (dict(given), list(missing), model_scope, dict(proposal.page_inputs))
        given, missing, model_scope, page_inputs = self._givens[formula_id]
        proposal.page_inputs = dict(page_inputs)  # what the chosen formula's inputs came from, as its own call left it
        return dict(given), list(missing), model_scope

    def _fed_and_holding(self, proposal, ranked, scopes, choices: int = 0):
        """(Score, inputs) of the first formula, of the words' first few above their threshold, that the context feeds
        in full and the number holds by, for a number whose words' best formula lacks inputs: "46.4 GB" under "| Format | BF16 |" beside
        "11.6B parameters" is the weights, though the words of a quantized format rank a grouped one first. Only where
        it holds: a formula the words rank below others may confirm a number, never accuse it."""
        # what the context gave no formula, a model's or a card's figures aside (a model may feed one formula, not another)
        supplied = self.scanner.model_symbols | {symbol.name for symbol in self.scanner.gpu_symbols}
        lacking = {name for _, missing, _, _ in self._givens.values() for name in missing} - supplied
        floor = max(THRESHOLD_WORDS, MISSED_MARGIN * ranked[0][0] if choices == MISSED_CHOICES else 0.0)
        for total, score in ranked[: choices or FED_CHOICES]:
            if total < floor:
                break  # below the words' threshold, or (under a first formula that misses) far below that formula
            if score.formula not in self._givens and lacking & self._leaves(score.formula):
                continue  # it needs an input the context gave no formula before it
            if self.scanner.project.catalogue.formulas[score.formula].fallacy_of or (id(proposal), score.formula) in self._far:
                continue  # a rule the catalogue keeps to name a slip ("P x Q / 8"): holding by it confirms nothing; or one that misses
            given, missing, _ = self._given_for(proposal, score.formula, scopes)
            if not missing and not restated_input(self.scanner.project.catalogue, score.formula, given) and self.holds(proposal, score.formula, given):
                return score, given
        return None

    def _bare(self, proposal, scopes, texts) -> None:
        """A bare number whose clause speaks of a ratio of a kind the catalogue computes ("an arithmetic intensity of
        32", "the ridge point, 206"): proposed only where the best formula the words name holds by it, for a bare
        number's words are too few to accuse it."""
        ranked, complete = self._ranked(proposal, texts, self._set_in(scopes[1], proposal))
        if not ranked or ranked[0][0] < BARE_THRESHOLD:
            return
        best, given, missing, model_scope, far = self._plausible(proposal, ranked, scopes, complete)
        if missing or far or not self.holds(proposal, best.formula, given):
            return
        proposal.score = score_of(ranked[0][0], missing, True)
        proposal.evidence = (f"words {', '.join(best.matched) or 'its phrases'}", BARE_HOLDS)
        self._propose(proposal, best.formula, given)

    def _gpu_named_at(self, position: int) -> bool:
        """Whether an accelerator's name follows right after ``position`` ("80GB A100")."""
        return any(position < start <= position + 2 for start, _, _ in self.scanner.gpus)

    def _restated(self, proposal) -> bool:
        """Whether the number follows a demonstrative and was printed, as it is here, not far above ("That ~956 GB is the budget")."""
        if not POINTING_BACK.search(self.text, max(0, proposal.start - 16), proposal.start):
            return False
        number = re.search(r"\d[\d,.]*\d|\d", proposal.stated)
        if number is None or len(number.group(0)) < 2:
            return False  # "that 4" may point anywhere
        earlier = re.compile(rf"(?<![\d.,]){re.escape(number.group(0))}(?![\d]|[.,]\d)")
        return earlier.search(self.text, max(0, proposal.start - RESTATED_WITHIN), proposal.start) is not None

    def _plausible(self, proposal, ranked, scopes, complete: set[str]):
        """The best formula whose inputs the context gives and whose value can be the number's; else the best, and why not.

        ``complete``: the formulas whose every needed input the number's row or sentence sets.
        """
        first, near = None, None
        # below the margin, a formula whose every input the row or sentence sets is still tried, held to the runner-up's test
        choices = [(total, score) for total, score in ranked[:RESOLVE_CHOICES] if total >= RESOLVE_MARGIN * ranked[0][0] or score.formula in complete]
        choices += [(total, score) for total, score in ranked[RESOLVE_CHOICES:] if score.formula in complete]  # set in full, however worded
        for index, (total, score) in enumerate(choices):
            given, missing, model_scope = self._given_for(proposal, score.formula, scopes)
            if missing:
                first = first or (score, given, missing, model_scope, "")
                continue
            strict = total < TIED * ranked[0][0] or near is not None
            far = self._why_not(proposal, score.formula, given, runner_up=strict)
            if far:
                if far.startswith(plausibility.FAR_PREFIX):
                    self._far.add((id(proposal), score.formula))  # it misses the number far: no fallback need try it again
                first = first or (score, given, missing, model_scope, far)
                continue
            if strict or index == len(choices) - 1 or not self._why_not(proposal, score.formula, given, runner_up=True):
                # it holds, a named slip explains it, or no other formula is left; a formula the words rank alike that
                # the number holds by exactly is the page's over one that needs a slip ("per GPU" of 320 KiB is 80)
                holding = None if self.holds(proposal, score.formula, given) else self._holding(proposal, ranked, choices[index + 1 :], scopes)
                return holding or (score, given, missing, model_scope, "")
            near = (score, given, missing, model_scope, "")  # only near: a formula the number fits better may follow
        return near or first

    def _holding(self, proposal, ranked, rest, scopes):
        """The first of ``rest`` the words rank alike with the best that the context feeds and the number holds by, if any."""
        for total, score in rest:
            if total < TIED * ranked[0][0]:
                continue
            given, missing, model_scope = self._given_for(proposal, score.formula, scopes)
            if not missing and self.holds(proposal, score.formula, given):
                return score, given, missing, model_scope, ""
        return None

    def holds(self, proposal, formula_id: str, given: dict, misses_only: bool = False) -> bool:
        """Whether the number holds by the formula with these inputs (no diagnosis search); with ``misses_only``, whether
        it does anything but miss (a verdict the inputs leave open is no accusation to hold back)."""
        from auditor.base.errors import AuditorError

        from auditor.claims.verdicts import Verdict

        from .proposals import draft_claim

        try:
            verdict, _ = plausibility.evaluated(draft_claim(proposal, formula_id, given, self._unit_for_bare(proposal, formula_id)), self.scanner.project)
        except AuditorError:
            return misses_only
        return verdict.holds or (misses_only and verdict not in (Verdict.MISMATCH, Verdict.UNIT_ERROR))

    def _why_not(self, proposal, formula_id: str, given: dict, runner_up: bool) -> str:
        """Why a formula fed by the context is still not the number's ('' when it may be).

        Kept per draft claim: a page restates its numbers, and the answer costs a diagnosis search.
        """
        project = self.scanner.project
        unit = self._unit_for_bare(proposal, formula_id)
        key = (formula_id, repr(sorted(given.items())), proposal.stated, unit, runner_up, repr(sorted(proposal.page_inputs.items())))
        if key not in self._reasons:
            self._reasons[key] = restated_input(project.catalogue, formula_id, given) or plausibility.far_from(
                project, proposal, formula_id, given, unit, runner_up=runner_up, audits=self.scanner.draft_audits)
        return self._reasons[key]

    def _unit_for_bare(self, proposal, formula_id: str) -> str:
        """The unit the number's table header gives it, or for a bare number after "=" its formula's ("the ridge = 295" is 295 FLOP/byte)."""
        if proposal.unit:
            return proposal.unit
        unit = self.scanner.project.catalogue.formulas[formula_id].unit
        return "" if not proposal.bare or unit.dimensionless else unit.text

    def _set_in(self, scope: tuple[int, int], proposal) -> frozenset[str]:
        """The symbols the number's sentence (a table cell's row) sets by name: "seq_len = 4096", an "n_layers" column;
        not those the number itself sets ("**32** heads")."""
        low, high = scope
        own = (proposal.start, proposal.end)
        return frozenset(name for a in self.scanner.assignments if low <= a.start < high and not any(b > own[0] and a_ < own[1] for a_, b in a.spans) for name in a.symbols)

    def _dtype_in_headers(self, proposal) -> frozenset[str]:
        """The symbols a dtype in the cell's column header or row label sets ("| Model | FP16 | INT4 |"): its widths."""
        if self.scanner.table_dtype(proposal.start) is None:
            return frozenset()
        return frozenset(s.name for s in self.scanner.project.catalogue.symbols.values() if s.dtype_key or s.dtype_nominal)

    def _printed_in(self, proposal, scope: tuple[int, int]) -> frozenset[str]:
        """The accelerator figures the number's sentence prints beside it, by dimension: "67 GB/s memory bandwidth
        and 2735 GFLOPS, for a 40:1 FLOP:byte ratio" sets the bandwidth and the FLOP rate the ratio divides.

        In a table whose headers name a dtype per column, a cell of the number's own dimension is its sibling
        (the same size at another dtype), not an input it is computed from.
        """
        low, high = scope
        own = None
        if self.scanner.table_dtype(proposal.start) is not None:
            own = next((w.dimensions for w in self.scanner.written if proposal.start <= w.start < proposal.end), None)
        dimensions = {
            w.dimensions for w in self.scanner.written
            if low <= w.start < high and w.dimensions and not (proposal.start <= w.start < proposal.end) and w.dimensions != own
        }
        if not dimensions:
            return frozenset()
        return frozenset(s.name for s in self.scanner.gpu_symbols if s.unit.dimensions in dimensions)

    def _leaves(self, formula_id: str) -> set[str]:
        if formula_id not in self._leaf_cache:
            self._leaf_cache[formula_id] = leaf_symbols(self.scanner.project.catalogue, formula_id)
        return self._leaf_cache[formula_id]

    def ranked(self, proposal, texts) -> list[tuple[float, object]]:
        """(total score, Score) for the formulas whose unit fits the number, best first, as its words alone rank them."""
        return self._ranked(proposal, texts)[0]

    def _ranked(self, proposal, texts, set_here: frozenset[str] = frozenset(),
                set_above: frozenset[str] = frozenset()) -> tuple[list[tuple[float, object]], set[str]]:
        """(total score, Score) for the formulas whose unit fits, best first: words, owner, phrases, notation,
        and the inputs the sentence or row sets by name (a row of geometry is its cell's formula's inputs);
        and the formulas among them whose every needed input ``set_here`` holds.

        ``set_above``: what the section sets before the number. A formula whose model geometry the section sets
        in full ("80 layers, 8 KV heads, head dimension 128" a paragraph up), its storage format aside, is the
        page's own setup: it gains a smaller bonus and is tried as a complete one."""
        stated = parse_stated(proposal.stated)
        if proposal.unit:
            from auditor.base.quantity import with_unit

            stated = with_unit(stated, proposal.unit)
        scanner = self.scanner
        catalogue = scanner.project.catalogue
        fitting = (stated.unit.text, stated.unit.dimensions, proposal.bare, proposal.per, words.printed_times(stated))  # all ``_fits`` reads
        candidates = self._candidates.get(fitting)
        if candidates is None:
            candidates = self._candidates[fitting] = [
                f.id for f in catalogue.formulas.values() if f.id not in scanner.spec_formulas and _fits(stated, f, proposal) and scanner.feedable(f.id)
            ]
        ranked = scanner.index.rank(texts, candidates, sections(texts[3][0] + " " + texts[4][0]))[:40]
        named = NAMED_BEFORE.search(self.text, max(0, proposal.start - 12), proposal.start)
        of_a_gpu = self.scanner.gpu_named_before(proposal.start) is not None
        totals, complete = [], set()
        sentence = texts[2][0].lower()
        ranked = [s for s in ranked if _named_in(catalogue.formulas[s.formula].scan_requires, sentence)]
        if (place := scanner.place(proposal.start)) is not None and (batch := HEADER_BATCH.search(place.column)) and int(batch[1]) > 1:
            # "| 8 Concurrent Users |": the column's figures are eight sequences' worth, which a formula of one cannot give
            ranked = [s for s in ranked if "batch" in self._leaves(s.formula)] or ranked
        elif (place is not None and not proposal.per and stated.unit.dimensions == BYTES and not PER_ONE.search(place.column)
              and self._row_batch(proposal) > 1):
            # "| 16 × 4K | 20 GB |": a row its label sets for sixteen sequences, whose sizes a formula of one cannot give
            ranked = [s for s in ranked if "batch" in self._leaves(s.formula)] or ranked
        if place is not None and PER_LAYER.search(place.column):
            # "| 每 token 每層 | 32 KiB |": one layer's figure, which no formula counting every layer gives
            ranked = [s for s in ranked if not LAYER_COUNTS & self._leaves(s.formula)]
        for position, score in enumerate(ranked):
            total = score.score + words.phrase_score(catalogue.formulas[score.formula].scan_phrases, texts[4][0], texts[0][0])
            total += NOTATION_BONUS if named and scanner.notation.get(score.formula) == named[1] else 0.0
            if of_a_gpu and self._sheet_only(score.formula):
                total += COMPLETE_BONUS  # "even H100 (295 FLOPs/byte)": a figure of the card, from its sheet alone
                complete.add(score.formula)
            if set_here:
                leaves = self._leaves(score.formula)
                total += SET_INPUT_BONUS * len(set_here & leaves)
                needed = {n for n in leaves if catalogue.symbols[n].default is None and catalogue.symbols[n].value is None}
                if needed and needed <= set_here:
                    total += COMPLETE_BONUS
                    complete.add(score.formula)
            if set_above and score.formula not in complete and self._set_up_above(score.formula, set_here | set_above):
                total += SECTION_COMPLETE_BONUS
                complete.add(score.formula)
            totals.append((total, -position, score))
        return [(total, score) for total, _, score in sorted(totals, key=lambda t: (t[0], t[1]), reverse=True)], complete

    def _row_batch(self, proposal) -> int:
        """The batch another cell of the number's table row sets ("16 × 4K" under "Concurrency × Context"), or 0."""
        row = row_cells(self.scanner.tables, proposal.start)
        if not row:
            return 0
        low, high = row[0].start, row[-1].end
        own = next((c for c in row if c.start <= proposal.start < c.end), None)
        return max((int(a.values[0]) for a in self.scanner.assignments if low <= a.start < high and "batch" in a.symbols
                    and len(a.values) == 1 and not (own is not None and own.start <= a.start < own.end)), default=0)

    def _sheet_only(self, formula_id: str) -> bool:
        """Whether every input the formula has no default for is an accelerator's sheet figure."""
        catalogue = self.scanner.project.catalogue
        needed = {n for n in self._leaves(formula_id) if catalogue.symbols[n].default is None and catalogue.symbols[n].value is None}
        return bool(needed) and all(catalogue.symbols[n].gpu for n in needed)

    def _set_up_above(self, formula_id: str, set_by_page: frozenset[str]) -> bool:
        """Whether the page sets every model count the formula needs (two or more); the rest is looked up as ever."""
        catalogue = self.scanner.project.catalogue
        needed = {n for n in self._leaves(formula_id) if catalogue.symbols[n].default is None and catalogue.symbols[n].value is None}
        counts = {n for n in needed if n in self.scanner.model_symbols and not (catalogue.symbols[n].dtype_key or catalogue.symbols[n].dtype_nominal)}
        return len(counts) >= 2 and counts <= set_by_page


def restated_input(catalogue, formula_id: str, given: dict) -> str:
    """Why a formula that, with its defaults, is one of its own inputs says nothing of the number ('' when it says something).

    "Memory bandwidth summed over the devices" at its default of one device is
    the GPU's bandwidth: matched to "1935 GB/s" beside an A100's name it is the
    page citing the sheet, and matched to "1008 GB/s" beside another GPU's name a
    false alarm. A spec figure the page cites is an input, not a claim.
    """
    leaves = leaf_symbols(catalogue, formula_id, set(given))
    defaulted = sorted(n for n in leaves if catalogue.symbols[n].default is not None and n not in given)
    informative = [n for n in leaves if n not in defaulted and catalogue.symbols[n].value is None]
    if not defaulted or len(informative) != 1:
        return ""
    only = catalogue.symbols[informative[0]]
    if only.unit.dimensions != catalogue.formulas[formula_id].unit.dimensions:
        return ""
    shown = ", ".join(f"{n} = {catalogue.symbols[n].default}" for n in defaulted)
    return f"{ITS_OWN_INPUT} ({shown}) the formula is {only.name} itself: a figure the page cites, not a claim"


def _named_in(required: tuple[str, ...], sentence: str) -> bool:
    """A formula normalised by what no unit shows ("bytes per unit LoRA rank") is the number's only where its
    sentence names that ("per rank"): "a 50-200 MB adapter" is a whole adapter, not its size per rank."""
    return not required or any(phrase in sentence for phrase in required)


def _fits(stated, formula, proposal) -> bool:
    """The formula's unit is the number's; under a "per token" header, the number's per token."""
    if proposal.per:
        return words.fits_per(stated, formula, proposal.per)
    return words.unit_fits(stated, formula, proposal.bare)


def clause(text: str, proposal, sentence: tuple[int, int]) -> tuple[int, int]:
    """The clause holding the number: "weights 16 GB" in "weights 16 GB, overhead 8 GB"."""
    return around(CLAUSE_END, text, proposal.start, proposal.end, sentence)


SEQ_SETTING = re.compile(r"\bseq(?:_len|len)?\s*=\s*(\d{1,7})\b")
"""A context length as code names it ("seq=4096", "seq_len = 8192"): read in the number's clause or sentence."""


def not_other_rows(scanner, position: int) -> list:
    """The page's settings but those in another row of the table the number sits in: "| GQA (8 groups) |" is its own
    row's scenario, not that of "| MHA | 0.5 MB |" above it (its own row's cells and the header row do set it)."""
    place = scanner.place(position)
    if place is None:
        return scanner.assignments
    row = row_cells(scanner.tables, position)
    low, high = (row[0].start, row[-1].end) if row else (position, position)
    header_end = place.headers[0][1] if place.headers else place.table[0]  # the column header's cell: the header row
    return [a for a in scanner.assignments if not (place.table[0] <= a.start < place.table[1]) or low <= a.start < high or a.start < header_end]


def written_value(scanner, proposal, symbol, scopes):
    """A value the text writes for ``symbol`` near the number: "TP=8", "batch 1", "8k context", "330 launches"."""
    text = scanner.document.text
    place = inputs_in_text.list_position(text, proposal.start, proposal.end, *scopes[1])
    # the number's clause and sentence first, whichever way they write it ("16 sequences"), then wider scopes
    assignments = not_other_rows(scanner, proposal.start)  # another row's batch is no setting of this one's
    for near, part in ((True, scopes[:2]), (False, scopes[2:])):
        value = inputs_in_text.value_for(symbol.name, assignments, part, proposal.start, place)
        if value is None and symbol.name == "seq_len":
            value = next((s for low, high in part if (s := words.find_seq_len(text[low : proposal.start] + " " + text[proposal.end : high]))), None)
        if value is None and symbol.name == "seq_len" and near:
            # "seq=4096: 1.31 GB/seq": a program's own name for the length, on the number's own line only
            value = next((int(m[1]) for low, high in part if (m := SEQ_SETTING.search(text, low, high))), None)
        if value is None and symbol.unit.dimensionless and near:
            value = inputs_in_text.counted_value(symbol, text, *scopes[1], (proposal.start, proposal.end))
        if value is not None:
            return value
    return None
