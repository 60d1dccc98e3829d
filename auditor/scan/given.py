"""The inputs of a formula a number is matched to, from the number's own context, nearest first.

A model, GPU or dtype named in the clause, sentence, paragraph or section (or a heading above it);
values the page writes with their units (``quantities``) or by name ("TP=8": ``inputs``), which
beat a config or spec sheet the page never quoted; an efficiency's ``ideal`` value where the page
calls its figure theoretical; defaults and constants from the catalogue. What none of these
supplies is missing, and a proposal with missing inputs is not made.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from . import inputs as inputs_in_text
from . import match as words
from .choose import FAR_CARD, LEAD, LOOSE_FORMAT, PAGE_WIDE, not_other_rows, written_value
from .derivations import printed_value
from .gpu_figures import figure_for
from .match import leaf_symbols
from .quantities import within
from .quantities import written_value as page_value
from .settings import setting_at
from .sums import plain_number
from .tables import row_quantities

IDEAL = re.compile(
    r"\b(?:theoretical(?:ly)?|ideal(?:ly)?|perfectly efficient(?:ly)?|perfect efficiency|speed[- ]of[- ]light|best[- ]case"
    r"|(?:lower|upper) bound|100\s?% (?:mbu|mfu|efficiency|utili[sz]ation))\b",
    re.IGNORECASE,
)
"""Words that make a figure the ideal one: every efficiency at its ``ideal`` value, not its default."""
PAGE_COUNTS = frozenset({"n_params", "n_params_active"})
COUNT_SLACK = 0.15  # "7B" for 6.74e9, "70B" for 70.6e9, "8B" for 8.03e9: a name's size is this close to its count
SMALLEST_MODEL = 50_000_000  # "| 1M | 24 GB |" under "Context": a count this small is a length or a tally, no model's size


def given_for(scanner, proposal, formula: str, scopes) -> tuple[dict, list[str], str]:
    """Model, GPU and dtypes named nearest the number, the values the text writes, and what is still missing.

    Where these leave inputs missing, sizes the page prints on the way
    (``page_sizes``) are tried in their place.
    """
    found = _given_for(scanner, proposal, formula, scopes, with_sizes=False)
    if not found[1] or not _sizes_on_the_way(scanner, proposal, formula, scopes):
        return found  # no size on the way to try: the second reading would be the first again
    return _given_for(scanner, proposal, formula, scopes, with_sizes=True)


def _sizes_on_the_way(scanner, proposal, formula: str, scopes) -> bool:
    """Whether the page prints near the number a size the formula computes on the way (``page_sizes``)."""
    page_inputs: dict = {}
    page_sizes(scanner, proposal, formula, scopes, written_formulas(scanner, proposal, formula, scopes), page_inputs, set())
    return bool(page_inputs)


def _given_for(scanner, proposal, formula: str, scopes, with_sizes: bool) -> tuple[dict, list[str], str]:
    catalogue = scanner.project.catalogue
    given = written_formulas(scanner, proposal, formula, scopes)
    page_inputs: dict = {}
    taken: set[int] = set()  # where the figures given sit: one printed size is one quantity ("~19.7 GB for model weights" is not also the KV cache)
    if with_sizes:
        page_sizes(scanner, proposal, formula, scopes, given, page_inputs, taken)
    leaves = leaf_symbols(catalogue, formula, set(given))
    symbols = [catalogue.symbols[n] for n in sorted(leaves)]  # in one order on every run: a printed size goes to one input only
    model_scope, card_by_lead = _named_inputs(scanner, proposal, formula, scopes, leaves, given)
    set_by_lead, far = False, set()
    missing = []
    ideal = any(s.ideal is not None for s in symbols) and is_ideal(scanner, proposal, scopes)
    row = scopes[:2] if scanner.place(proposal.start) is not None else ()
    for symbol in symbols:
        if row and symbol.name in PAGE_COUNTS and (value := inputs_in_text.value_for(symbol.name, scanner.assignments, row, proposal.start, None)) is not None:
            given[symbol.name] = int(value)  # the cell's own row sets it ("| 7B |" under "Params"), before any count farther off
            continue
        if page_sets(scanner, proposal, symbol, scopes, given, page_inputs, taken, far) or stated_for_gpu(scanner, proposal, symbol, given, page_inputs):
            continue
        if ideal and symbol.ideal is not None:
            given[symbol.name] = int(symbol.ideal) if symbol.ideal.denominator == 1 else float(symbol.ideal)
            continue
        if not needs_text(symbol, given, scanner.model_symbols):
            continue
        # asked once per formula the number may be: the text's answer is one
        value = _kept(scanner.written_values, (proposal.start, proposal.end, symbol.name, tuple(scopes)),
                      lambda: written_value(scanner, proposal, symbol, scopes))
        if value is None and symbol.name in scanner.symbol_settings:
            setting = setting_at(scanner.symbol_settings[symbol.name], symbol.name, proposal.start, any_name=True)
            value = Fraction(str(setting.value)) if setting is not None else None
            if setting is not None and _outside(setting.start, scopes):
                far.add(symbol.name)  # "batch=128" two sections up: the page's setting there, perhaps not here
        if value is None and scanner.past_lead(proposal.start):
            # what the page's opening sets ("context L = 2048") and nothing nearer does: it may confirm, not accuse
            value = inputs_in_text.value_for(symbol.name, scanner.assignments, [scanner.lead], proposal.start, None)
            set_by_lead = set_by_lead or value is not None
        if value is None:
            missing.append(symbol.name)
        else:
            given[symbol.name] = int(value) if value.denominator == 1 else float(value)
    if missing:
        missing = row_inputs(scanner, proposal, missing, given, page_inputs)
    if "tensor_rate_multiple" in leaves and "tensor_rate_multiple" not in given and "gpu" in given and "peak_flops" not in page_inputs:
        # "| FP8 Ridge |" of an H100 row, priced from the sheet's bf16 peak: the sheet's fp8 rate over its bf16 one
        dtype = _kept(scanner.dtypes_named, (proposal.start, proposal.end, tuple(scopes), False), lambda: scanner.dtype_set_up(proposal, scopes))
        if dtype and (multiple := rate_multiple(scanner, given["gpu"], dtype)) is not None:
            given["tensor_rate_multiple"] = multiple
    proposal.page_inputs = page_inputs
    from_sheet = any(s.gpu and s.name not in page_inputs and s.name not in given for s in symbols)  # a figure of the card from its sheet
    if set_by_lead or (card_by_lead == "lead" and from_sheet):
        model_scope = LEAD  # an input, or a figure of the lead's card from its sheet, comes from the page's opening only
    elif loose_format(scanner, proposal, scopes, given):
        model_scope = LOOSE_FORMAT
    elif far and not model_scope:
        model_scope = PAGE_WIDE  # a count or a rate the page prints only far from the number
    elif card_by_lead == "far" and from_sheet:
        model_scope = FAR_CARD
    return given, missing, model_scope


def loose_format(scanner, proposal, scopes, given: dict) -> str | None:
    """A narrow format ("FP8", "INT4") the number is priced at that neither its table's headers, its sentence nor its
    setup before it names: the page's most-named format, or one named only after the number. A page that weighs "FP8
    cache" as a lever and prints its 16-bit sizes bare names FP8 most, not as its numbers' format, so such a format
    may confirm a number, not accuse it. None where the format is the number's own, or 16-bit."""
    priced = {value for key, value in given.items() if key.endswith("_dtype")}
    firm = _kept(scanner.dtypes_named, (proposal.start, proposal.end, tuple(scopes), "firm"),
                 lambda: scanner.dtype_set_up(proposal, scopes, or_main=False, or_after=False))
    for name in sorted(priced - {firm}):
        dtype = scanner.project.inputs.dtypes.get(str(name).lower())
        if dtype is not None and dtype.bits < 16:
            return name
    return None


def rate_multiple(scanner, gpu: str, dtype: str) -> float | None:
    """The card's dense tensor rate at a compute format over its bf16 rate, from its sheet (1,979 / 989 = 2 for fp8 on
    an H100), for a number its context prices at that format; None where the sheet lacks either figure."""
    if dtype in ("bf16", "fp16"):
        return None
    rate, base = scanner.project.inputs.gpu_value(gpu, f"{dtype}_dense"), scanner.project.inputs.gpu_value(gpu, "bf16_dense")
    if rate is None or base is None or not rate.value or not base.value:
        return None
    ratio = Fraction(rate.value) / Fraction(base.value)
    return round(float(ratio), 4)


def _outside(position: int, scopes) -> bool:
    """Whether ``position`` lies outside every scope of the number (its clause up to its section and the headings above)."""
    return not any(low <= position < high for low, high in scopes)


def _kept(store: dict, key, compute):
    """``compute()``, once per key: what the text gives a number is the same for every formula it is tried as."""
    if key not in store:
        store[key] = compute()
    return store[key]


def _named_inputs(scanner, proposal, formula: str, scopes, leaves: set[str], given: dict) -> tuple[str, bool]:
    """The model, GPU and dtypes the number's own context names; returns where the model was named, and whether
    the GPU is only the page's lead's."""
    symbols = [scanner.project.catalogue.symbols[n] for n in leaves]
    model, model_scope, index = scanner.model_for(formula, scopes, proposal.start)
    if model and not scanner.releases_agree(model, leaves & scanner.model_symbols):
        model = None  # "Llama 70B" for a weights formula: Llama 2's count or Llama 3's, the page does not say
    if model and leaves & scanner.model_symbols and not count_contradicts(scanner, model, scopes[: index + 1], proposal.start):
        changed = scenario_counts(scanner, model, proposal, scopes) | as_multi_head(scanner, model, proposal, scopes[1] if len(scopes) > 1 else scopes[0], scopes[3] if len(scopes) > 3 else scopes[-1])
        if set(changed) <= leaves:  # the formula takes the counts the page changes itself: the model with them
            given["model"] = model
            given.update(changed)
        elif (derived := scanner.variant_values(model, changed)) and leaves & set(derived):
            # it takes what the config derives from them: derived anew from the config with the page's counts
            given["model"] = model
            given.update({n: v for n, v in changed.items() if n in leaves})
            given.update({n: int(v) if getattr(v, "denominator", 1) == 1 else float(v) for n, v in derived.items() if n in leaves})
    visible_gpus = scanner.visible(scanner.gpus, proposal.start)
    gpu = scanner.table_gpu(proposal.start) or nearest(visible_gpus, scopes[:3], proposal.start)
    given_far = False
    if gpu is None and (gpu := nearest(visible_gpus, scopes[3:], proposal.start)) is not None and scanner.place(proposal.start) is None:
        # "a 40 GB budget" three paragraphs under "two 80 GB H100s": the section's card, perhaps not this number's
        given_far = not any(low <= start < high for low, high in scopes[4:] for start, _, _ in visible_gpus)  # a heading's card is the section's
    if gpu is None and scanner.setup_gpu and scanner.past_lead(proposal.start):
        gpu = scanner.setup_gpu  # the card the page's opening alone names: it may confirm a number, not accuse it
        given_by_lead = True
    else:
        given_by_lead = False
    if gpu and any(s.gpu for s in symbols):
        given["gpu"] = gpu
        count = device_count(scanner, gpu, scopes, proposal.start)
        if count and "n_devices" in leaves:
            given["n_devices"] = count
    keys = sorted({s.dtype_key or s.dtype_nominal for s in symbols if s.dtype_key or s.dtype_nominal})
    cache = keys == ["kv_dtype"]  # a cache priced alone: a dtype named for the weights is not its own
    dtype = _kept(scanner.dtypes_named, (proposal.start, proposal.end, tuple(scopes), cache), lambda: scanner.dtype_set_up(proposal, scopes, cache=cache))
    for key in keys:
        if dtype:
            given[key] = dtype
    width = (row_width(scanner.tables, proposal.start) or bits_per_weight(scanner.view.text, scopes, proposal.start)
             if any(s.name == "bytes_per_param" for s in symbols) else None)
    if width is not None:  # "~4.5 bits/weight": what a quantized checkpoint really stores beats the format's name
        given["bytes_per_param"] = width
        if not any("weight_dtype" in (s.dtype_key, s.dtype_nominal) for s in symbols if s.name != "bytes_per_param"):
            given.pop("weight_dtype", None)  # a dtype given beside it would set the width again
    return (model_scope if "model" in given else ""), ("lead" if given_by_lead else "far" if given_far else "") if "gpu" in given else ""


def count_contradicts(scanner, model: str, scopes, position: int) -> bool:
    """Whether a parameter count printed no farther off than the model's name is another model's ("~35B parameters" beside "Llama 7B").

    A page that names one model and then writes up another it has no config for
    ("Cohere's Command-R ... ~35B parameters") computes with that other one: the
    named model's geometry would price a model the number is not about.
    """
    count = scanner.model_count(model)
    if not count:
        return False
    for low, high in scopes:
        printed = [w for w in within(scanner.written, low, high) if not w.dimensions and not w.text.endswith("%") and w.value >= SMALLEST_MODEL]
        if printed:
            nearest_one = min(printed, key=lambda w: abs(w.start - position))
            return abs(float(nearest_one.value) - count) > COUNT_SLACK * count
    return False


def another_models_count(scanner, model: str, count) -> bool:
    """Whether a parameter count the page prints is another model's than the one the number's context names:
    "70e9" is the page's count of a 70.6e9 model and is used; "an 8B model" two sentences on is not its count."""
    own = scanner.model_count(model)
    return bool(own) and abs(float(count) - own) > COUNT_SLACK * own


def row_inputs(scanner, proposal, missing: list[str], given: dict, page_inputs: dict) -> list[str]:
    """Fill what is missing from the other cells of a table cell's row, each by its unit's dimension,
    where exactly one cell has it: "Intensity (FLOPs/Byte)" beside "GFLOPs" and "GB" is their ratio.
    Returns what is still missing."""
    cells = row_quantities(scanner.tables, proposal.start)
    if not cells:
        return missing
    from auditor.base.units import parse_unit

    catalogue = scanner.project.catalogue
    left = []
    for name in missing:
        dimensions = catalogue.symbols[name].unit.dimensions
        fits = [text for _, text in cells if parse_unit(text.split(" ", 1)[1]).dimensions == dimensions]
        if len(fits) == 1 and dimensions:
            given[name] = page_inputs[name] = fits[0]
        else:
            left.append(name)
    return left


def scenario_counts(scanner, model: str, proposal, scopes) -> dict[str, int]:
    """The counts of the model's geometry the page's scenario sets otherwise: the number's sentence,
    paragraph or table lead-in writes another value ("magically make the KV cache 5x smaller ... 8 KV
    heads shared over the 40 Q heads" of a 40-KV-head model). A formula taking those counts prices the
    model with them; one taking what the config derives from them (KV values per token) cannot."""
    spans = tuple(span for span in (scopes[1], scopes[2], lead_in(scanner, proposal.start)) if span)
    key = (model, spans)
    if key not in scanner.scenario_cache:
        changed = {}
        counts = scanner.model_geometry_counts(model)
        assignments = not_other_rows(scanner, proposal.start)
        for name, config_value in counts.items():
            # what the page sets by name or count ("8 KV heads", an "n_layers" column), nearest scope first
            value = next((v for low, high in spans
                          if (v := inputs_in_text.value_for(name, assignments, [(low, high)], proposal.start, None)) is not None), None)
            if value is not None and value != config_value and value.denominator == 1 and not _width_of_other(name, value, counts):
                changed[name] = int(value)
        scanner.scenario_cache[key] = changed
    return dict(scanner.scenario_cache[key])


MULTI_HEAD = re.compile(
    r"(?i)\b(?:without|instead of|no|minus|drop(?:ping)?|before)\s+(?:gqa|grouped[- ]query(?: attention)?)\b"
    r"|\b(?:plain|standard|vanilla|full|classic|ordinary|regular)\s+(?:mha\b|multi-?head attention)"
    r"|\b(?:with|using|under|as)\s+(?:mha\b|multi-?head attention)"
)
"""Words that price the model as if every query head kept its own K and V: "with plain multi-head attention
instead of GQA", "without GQA"."""
MULTI_HEAD_SETUP = re.compile(r"(?i)\bkv heads?\W{0,6}(?:same as|equal(?:s| to)?|as many as|=)\s*(?:the )?(?:query|attention|q) heads\b")
"""A paragraph's setup that every query head keeps its own K and V (a list of an attention variant's traits)."""
GROUPED = re.compile(r"(?i)\b(?:gqa|mqa|grouped|multi-query|shared kv)\b")
"""Words of shared KV heads: after them, a section's multi-head setup no longer speaks of the number."""
SIZE = re.compile(r"(?i)\d\s*(?:[kmgt]i?b|bytes?)\b")
"""Another size between the words and the number: the words price that one."""
MULTI_HEAD_AFTER = 32  # characters after the number where "(without GQA)" still speaks of it


def as_multi_head(scanner, model: str, proposal, sentence: tuple[int, int], section: tuple[int, int]) -> dict[str, int]:
    """The model's KV heads as its attention heads where the number's sentence prices it without GQA: the
    words right before the number, with no other size between them ("Without GQA, the cache would be
    about 2.5 MB per token"), or right after it ("2.5 MB (without GQA)"). A number the words do not lead
    to keeps the config's heads ("from 2.5 MB without GQA down to 320 KB": the 320 KB is the real cache). Or the
    section sets it up ("KV heads: same as query heads"), and no word of shared heads comes after; or the number's
    table row is labelled MHA."""
    printed = printed_value(proposal)
    if printed is None or not any(d == "[information]" for d, _ in printed[1]):
        return {}  # a ratio of the two caches ("With MHA (64 heads): 8× larger") compares the heads, it does not take MHA's
    text = scanner.view.text
    before = [m for m in MULTI_HEAD.finditer(text, sentence[0], proposal.start)]
    led = bool(before) and not SIZE.search(text, before[-1].end(), proposal.start)
    set_ups = list(MULTI_HEAD_SETUP.finditer(text, section[0], proposal.start))  # "KV heads: same as query heads", items above
    set_up = bool(set_ups) and not GROUPED.search(text, set_ups[-1].end(), proposal.start)
    place = scanner.place(proposal.start)
    if place is not None and MHA_ROW.match(re.sub(r"[*`_]", "", place.row)):
        # "| MHA | 0.5 MB |" beside "| GQA (8 groups) | 0.125 MB |": the row's own attention, whatever the section sets
        heads = scanner.model_geometry_counts(model).get("n_heads")
        return {"n_kv_heads": heads} if heads else {}
    if not led and not set_up and not MULTI_HEAD.search(text[proposal.end : min(sentence[1], proposal.end + MULTI_HEAD_AFTER)]):
        return {}
    counts = scanner.model_geometry_counts(model)
    heads, kv_heads = counts.get("n_heads"), counts.get("n_kv_heads")
    return {"n_kv_heads": heads} if heads and kv_heads and heads != kv_heads else {}


MHA_ROW = re.compile(r"(?i)\s*(?:mha|multi-?head(?: attention)?)\b(?!\s*[-/+]|\s*(?:with|and)\b)")
"""A table row labelled as plain multi-head attention ("| MHA |", "| Multi-head attention |"): each query head keeps its K and V."""


WIDTHS = {"hidden_size": "head_dim", "head_dim": "hidden_size"}
"""The two widths pages both call "d": a model's width and a head's."""


def _width_of_other(name: str, value, counts: dict) -> bool:
    """A width the page sets that is the model's other width: "the same d = 128" of a 128-wide head is its head
    dimension, not a model 128 wide."""
    other = WIDTHS.get(name)
    return other is not None and counts.get(other) == value


def lead_in(scanner, position: int) -> tuple[int, int] | None:
    """For a table cell, the paragraph before its table, which sets the table's scenario up."""
    place = scanner.place(position)
    if place is None:
        return None
    text = scanner.view.text
    end = len(text[: text.rfind("\n", 0, place.table[0]) + 1].rstrip())
    start = text.rfind("\n\n", max(0, end - 1500), end)
    return (start + 2 if start >= 0 else max(0, end - 1500), end)


def is_ideal(scanner, proposal, scopes) -> bool:
    """Whether the number's sentence, or for a table cell its row, column and the table's lead-in,
    calls it theoretical, ideal or perfectly efficient ("Theoretical Step Time (ms)")."""
    text = scanner.view.text
    sentence = scopes[1]
    if IDEAL.search(text, sentence[0], sentence[1]):
        return True
    place = scanner.place(proposal.start)
    if place is None:
        return False
    before = text[slice(*lead_in(scanner, proposal.start))]
    return bool(IDEAL.search(f"{place.corner} {place.column} {place.row} {before}"))


DEVICE_COUNT = re.compile(r"(?<![\w.])(\d{1,4})\s*(?:[x×]\s*)?$")
GLUED_COUNT = re.compile(r"(?<![\w.])(\d{1,4})(?:[x×]\s*|(?=[A-Za-z]))\Z")  # "8x TPU v5es", "32H100s": a setting, never the claim


def device_count(scanner, gpu: str, scopes, position: int) -> int | None:
    """The count the page puts before the accelerator's nearest name ("8xTPU v5es", "8 x H100", "4 H100s"), if more than one.

    Not the number's own: in "at least 5 H100 GPUs" the 5 is the claim, not its setting."""
    for low, high in scopes:
        named = [f for f in scanner.gpus if f[2] == gpu and low <= f[0] < high]
        if named:
            start = min(named, key=lambda f: abs(f[0] - position))[0]
            match = DEVICE_COUNT.search(scanner.view.text, max(0, start - 8), start)
            if match is None or match.start(1) <= position < match.end(1):
                return None
            return int(match[1]) if int(match[1]) > 1 else None
    return None


def sheet_instead(scanner, symbol, found, given: dict) -> bool:
    """Whether the accelerator's sheet figure stands for one the page writes for it: the page's is the
    sum over its devices ("8x TPU v5es gives us 6.5TiB/s"), another card's sheet figure the page also
    names, or the sheet's under a binary prefix it printed for a decimal one ("0.82TiB/s each" for 819
    GB/s), to a percent."""
    if "gpu" not in given or not found.dimensions or found.value <= 0:
        return False
    sheet = scanner.project.inputs.gpu_value(given["gpu"], symbol.gpu)
    if sheet is None or not sheet.value:
        return False
    written, single = float(found.value), float(sheet.value)
    count = given.get("n_devices", 1)
    if count > 1 and abs(math.log(written / (count * single))) < abs(math.log(written / single)):
        return True
    if abs(written / single - 1) > OTHER_CARD_GAP and _another_cards(scanner, symbol, written, given["gpu"]):
        return True  # "3.35 TB/s" under "| A100 tokens/s |" on a page that also names the H100: the H100's, not the A100's
    return any(abs(written / single / factor - 1) < 0.01 for factor in BINARY_FOR_DECIMAL)


OTHER_CARD_GAP = 0.05  # how far a written figure may sit from the card's sheet before another card's sheet may claim it


def _another_cards(scanner, symbol, written: float, gpu: str) -> bool:
    """Whether a figure the page writes is, to a percent, the sheet figure of another card the page names."""
    for other in {name for _, _, name in scanner.gpus if name != gpu}:
        sheet = scanner.project.inputs.gpu_value(other, symbol.gpu)
        if sheet is not None and sheet.value and abs(written / float(sheet.value) - 1) < 0.01:
            return True
    return False


BINARY_FOR_DECIMAL = tuple((1024 / 1000) ** power for power in (1, 2, 3, 4))


def stated_for_gpu(scanner, proposal, symbol, given: dict, page_inputs: dict) -> bool:
    """The rate the page itself states for the accelerator the number is about (``gpu_figures``) beats its sheet;
    a figure written with the words of the input near the number (``page_sets``) is asked first."""
    if not symbol.gpu or "gpu" not in given:
        return False
    found = figure_for(scanner.gpu_figures, given["gpu"], symbol.name, proposal.start)
    if found is None or _printed_again(found, printed_value(proposal)) or sheet_instead(scanner, symbol, found, given):
        return False
    given[symbol.name] = found.given
    page_inputs[symbol.name] = found.text
    return True


def page_sets(scanner, proposal, symbol, scopes, given: dict, page_inputs: dict, taken: set[int], far: set | None = None) -> bool:
    """A value the page writes for the symbol, with its unit, beats a config or spec sheet the page never quoted.

    Only the kinds of input a page sets up rather than derives: an accelerator's figures, a
    parameter count, a size in bytes, and what a price is worked out from (an hourly rate, a token
    rate: ``Scanner.price_inputs``); a time or a share written nearby is more often another claim.
    """
    if not (symbol.gpu or symbol.name in PAGE_COUNTS or symbol.domain == "fraction" or ("[information]", 1) in symbol.unit.dimensions
            or symbol.name in scanner.price_inputs):
        return False
    if symbol.name in scanner.price_inputs and (cell := _row_price_input(scanner, proposal, symbol)) is not None:
        given[symbol.name] = page_inputs[symbol.name] = cell  # "| A10G | ... | 1,389 tok/s | $1.00 | $0.20 |": the row's own
        return True
    # an accelerator's rate or a parameter count is the page's wherever written; a capacity only near the number
    # ("can exceed 60 GB, nearly an entire A100's memory" is no A100 of the page's)
    anywhere = symbol.name in PAGE_COUNTS or (symbol.gpu and any(k == "[time]" for k, _ in symbol.unit.dimensions))
    wide = list(scopes) + ([(0, len(scanner.view.text))] if anywhere else [])
    found = _kept(scanner.page_values, (symbol.name, proposal.start, proposal.end, tuple(wide)),
                  lambda: page_value(symbol, scanner.written, wide, (proposal.start, proposal.end), symbol.name in scanner.price_inputs))
    if found is not None and _printed_again(found, printed_value(proposal)):
        return False  # the number printed again is no input of itself
    if found is None or (symbol.gpu and sheet_instead(scanner, symbol, found, given)):
        return False
    if symbol.name in PAGE_COUNTS and "model" in given and another_models_count(scanner, given["model"], found.value):
        return False
    if symbol.name in PAGE_COUNTS and not found.dimensions:
        found = stated_count(scanner, found, proposal.start)
    if found.dimensions and found.start in taken:
        return False
    taken.add(found.start)
    given[symbol.name] = found.given if found.dimensions or found.text.endswith("%") else int(found.value)
    page_inputs[symbol.name] = found.text
    if far is not None and anywhere and _outside(found.start, scopes):
        far.add(symbol.name)  # a count or a rate the page prints only outside the number's section
    return True


def _row_price_input(scanner, proposal, symbol) -> str | None:
    """The one cell of a table cell's row that prints what a price is worked out from (an hourly rate under "$/hr", a
    token rate), by its unit: the row is the cell's case, nearer than any rate the page prints elsewhere."""
    from auditor.base.units import unit_or_none

    priced = "usd" in symbol.unit.text.lower()
    fits = []
    for _, text in row_quantities(scanner.tables, proposal.start, own_units=True):
        unit = unit_or_none(text.split(" ", 1)[1])
        if unit is not None and unit.dimensions == symbol.unit.dimensions and ("usd" in unit.text.lower()) == priced:
            fits.append(text)
    return fits[0] if len(fits) == 1 else None


STATED = re.compile(r"(?i)[\s*_]{0,4}(?:total\s+)?(?:parameters|params)\b")
"""What follows a count the page states as a count ("11.6B parameters"), not as the size in a model's name."""


def stated_count(scanner, found, position: int):
    """The count the page states for the model whose name gives ``found`` ("Gemma 4 12B has 11.6 billion parameters"):
    a name's size rounds the count, so the page's own count, as close as a name's size is, is the one its sums use."""
    text = scanner.view.text
    if STATED.match(text, found.end):
        return found
    stated = [w for w in scanner.written if not w.dimensions and w.value != found.value and STATED.match(text, w.end)
              and abs(float(w.value) - float(found.value)) <= COUNT_SLACK * float(found.value)]
    before = [w for w in stated if w.start < position]
    return before[-1] if before else stated[0] if stated else found


def _printed_again(written, printed: tuple | None) -> bool:
    """Whether a written figure is the number itself printed again: its value, dimensions and digits."""
    return printed is not None and (written.value, written.dimensions, plain_number(written.given.split(" ")[0]).removesuffix("%")) == printed


def _before_and_after(text: str, written, proposal) -> bool:
    """Whether an arrow joins the figure and the number ("10.7 GB → 1.34 GB"): one quantity before and after a
    change, neither an input of the other."""
    low, high = (written.end, proposal.start) if written.end <= proposal.start else (proposal.end, written.start)
    return high - low < 12 and bool(re.fullmatch(r"\s*(?:→|->|⟶|=>)\s*", text[low:high]))


def page_sizes(scanner, proposal, formula: str, scopes, given: dict, page_inputs: dict, taken: set[int]) -> None:
    """Sizes the formula computes on the way that the page writes near the number ("100 kB/token" of KV cache, "70GB" of weights).

    A page that prints the KV cache per token and then sizes a batch with it,
    naming no model whose config would give it, computes from its own figure;
    tried only where the context leaves inputs missing, so a model the page
    names still prices what it can. Only sizes
    (bytes, bytes per token), as for the inputs of ``page_sets``, and only
    within the number's sentence and paragraph.
    """
    from .quantities import _distinctive_words, interned

    catalogue = scanner.project.catalogue
    itself = printed_value(proposal)  # the number printed again is no input of itself ("leaves 500 GB ... 500 GB at 1.31 GB each")
    for used in catalogue.tree(formula)[1:]:
        defined = catalogue.formulas.get(used)
        if used in given or defined is None or ("[information]", 1) not in defined.unit.dimensions:
            continue
        wanted = _distinctive_words(defined.title, (), defined.unit.text)
        dimensions = interned(defined.unit.dimensions)
        for low, high in scopes[1:3]:
            fits = [w for w in within(scanner.written, low, high) if w.dimensions is dimensions and w.words & wanted
                    and not (w.start < proposal.end and proposal.start < w.end) and w.start not in taken
                    and not _printed_again(w, itself) and not _before_and_after(scanner.view.text, w, proposal)]
            if fits:
                found = min(fits, key=lambda w: abs(w.start - proposal.start))
                given[used], page_inputs[used] = found.given, found.text
                taken.add(found.start)
                break



def written_formulas(scanner, proposal, formula: str, scopes) -> dict:
    """Intermediate quantities the text sets by their notation ("At r=0.5" sets kv_traffic_ratio)."""
    given = {}
    for used in scanner.project.catalogue.tree(formula)[1:]:
        value = inputs_in_text.value_for(used, scanner.assignments, scopes[:3], proposal.start, None)
        if value is not None:
            given[used] = int(value) if value.denominator == 1 else float(value)
    return given


def needs_text(symbol, given: dict, model_symbols: set[str]) -> bool:
    """A symbol no named model, GPU, dtype, constant or default supplies."""
    if symbol.value is not None or symbol.default is not None or symbol.dtype_key or symbol.dtype_nominal:
        return False
    return not (symbol.gpu and "gpu" in given) and not (symbol.name in model_symbols and "model" in given)


def nearest(found, scopes, position: int) -> str | None:
    """The item of ``found`` (sorted by where it starts) nearest ``position`` within the nearest scope holding one."""
    for low, high in scopes:
        item = words.nearest(found[bisect_left(found, low, key=_first) : bisect_left(found, high, key=_first)], position)
        if item:
            return item
    return None


def _first(item) -> int:
    return item[0]


WIDTH_HEADER = re.compile(r"(?i)^\W*bytes?\s*(?:/|per)\s*(?:param(?:eter)?|weight)s?\W*$")
WIDTH_CELL = re.compile(r"^[\s~≈]*(\d+(?:\.\d+)?)(?!\S*\d)")


def row_width(tables, position: int) -> str | None:
    """The bytes per parameter the number's table row prints for itself under a "Bytes per parameter" header ("| AWQ
    4-bit | ~0.55 (overhead) | ~4.4 GB |"): what the row's weights were worked at, which its format's name only
    rounds. The cell stays a figure of its own, not an input taken out of the page's claims."""
    from .tables import row_cells, table_at

    table = table_at(tables, position)
    if table is None or not table.header:
        return None
    row = row_cells(tables, position)
    for index, header in enumerate(table.header):
        if index < len(row) and WIDTH_HEADER.match(re.sub(r"[*`_]", "", header.text)) and not row[index].start <= position < row[index].end:
            found = WIDTH_CELL.match(re.sub(r"[*`_]", "", row[index].text))
            if found:
                return f"{found[1]} B"
    return None


BITS_PER_WEIGHT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*-?\s*bits?\s*(?:/|per)\s*(?:weight|param(?:eter)?)s?\b", re.IGNORECASE)


def bits_per_weight(text: str, scopes, position: int) -> str | None:
    """The bytes per parameter a page writes as bits per weight ("~4.5 bits/weight"), set up in the sentence or before the number."""
    sentence, *wider = scopes
    every = _bits_per_weight(text)
    for low, high in [sentence] + [(low, min(high, position)) for low, high in wider]:
        found = [m for m in every if low <= m[0] and m[1] <= high]
        if found:
            nearest_one = min(found, key=lambda m: abs(m[0] - position))
            return f"{Decimal(nearest_one[2]) / 8} B"
    return None


@lru_cache(maxsize=4)
def _bits_per_weight(text: str) -> tuple[tuple[int, int, str], ...]:
    """Every "N bits per weight" of the text, (start, end, N), found once per text and asked of at every number."""
    return tuple((m.start(), m.end(), m[1]) for m in BITS_PER_WEIGHT.finditer(text))


WEIGHTS_AFTER = re.compile(r"(?i)[ \t]*(?:\([^()\n]{0,30}\)[ \t]*)?(?:weights?\b|權重|权重)")
WEIGHTS_BEFORE = re.compile(r"(?i)(?:weights?|權重|权重)[ \t:：]*\Z")
"""A dtype named for the weights: "FP8 weights", "FP8 (ch07) weights", "FP8 權重", "weights FP8"."""


def named_for_weights(text: str, dtype: tuple[int, int, str]) -> bool:
    """Whether the page names this printing of a dtype for the weights (``WEIGHTS_AFTER``, ``WEIGHTS_BEFORE``)."""
    start, end, _ = dtype
    return bool(WEIGHTS_AFTER.match(text, end) or WEIGHTS_BEFORE.search(text, max(0, start - 16), start))


def set_up(found, scopes, position: int, text: str = "", after: bool = True) -> str | None:
    """The dtype the number's own sentence names, else the nearest one its paragraph or section names before it, else after it.

    A page sets a scenario up before its numbers ("If the model is using FP16 ... ~14.2 GB"); a
    dtype named after the number, in another sentence, usually opens the next scenario ("If we
    use 8-bit weights, we need to read 7.1 GB"). A sentence that goes "from" one dtype "to" another
    pairs its numbers the same way ("from FP16 to INT4, the weights drop from 140 GB to 35 GB").
    """
    sentence, *wider = scopes
    for low, high in scopes[:2]:  # the clause "the weights drop from 140 GB to 35 GB" and the sentence around it
        paired = _paired([f for f in found if low <= f[0] < high], text, position)
        if paired:
            return paired
    own = words.nearest([f for f in found if sentence[0] <= f[0] < sentence[1]], position)
    if own:
        return own
    listed = _listed(found, text) if text else set()
    for low, high in wider:
        before = [f for f in found if low <= f[0] < min(high, position) and f[0] not in listed]
        if before:
            return max(before)[2]
    return nearest([f for f in found if f[0] not in listed], wider, position) if after else None


LIST_JOIN = re.compile(r"[ \t]*(?:vs\.?|versus|,|and|or|/|→|->)[ \t]*(?:and[ \t]+|or[ \t]+)?", re.IGNORECASE)
"""What joins formats a page lists side by side: "fp16 vs int8 vs int4", "FP16, INT8 and INT4", "FP8/BF16"."""


def _listed(found, text: str) -> set[int]:
    """Where the dtypes a page names in a list of several stand ("fp16 vs int8 vs int4" in a heading): such a list
    compares formats, and none of them is the format of a number under it."""
    ordered = sorted(found)
    listed = set()
    for a, b in zip(ordered, ordered[1:]):
        if a[2] != b[2] and LIST_JOIN.fullmatch(text, a[1], b[0]):
            listed |= {a[0], b[0]}
    return listed


FROM_TO = re.compile(r"\b(from|to)\s+(?:about\s+|roughly\s+|around\s+|~|≈\s*)?$", re.IGNORECASE)


def _paired(in_sentence, text: str, position: int) -> str | None:
    """The dtype that follows the same "from" or "to" as the number, where the sentence names both ends."""
    if not text or len({f[2] for f in in_sentence}) < 2:
        return None
    role = FROM_TO.search(text, max(0, position - 16), position)
    if role is None:
        return None
    ends = {f[2] for f in in_sentence if (r := FROM_TO.search(text, max(0, f[0] - 16), f[0])) and r[1].lower() == role[1].lower()}
    return ends.pop() if len(ends) == 1 else None


def most_named(found: list[tuple[int, int, str]]) -> str | None:
    counted = Counter(item for _, _, item in found)
    return counted.most_common(1)[0][0] if counted else None


def main_dtype(found: list[tuple[int, int, str]], table: dict) -> str | None:
    """The page's main storage format: its 16-bit names counted as one ("BF16" three times and "FP16" twice are
    one 16-bit page that mentions "FP8" four times as an option), then the most named. Eight- and four-bit
    names stay apart: "FP8" and "INT8" on one page are two options weighed, not one width."""
    kinds = Counter(_kind(name, table) for _, _, name in found)
    if not kinds:
        return None
    kind = kinds.most_common(1)[0][0]
    return most_named([item for item in found if _kind(item[2], table) == kind])


def _kind(name: str, table: dict) -> str:
    dtype = table.get(name.lower())
    return "16-bit" if dtype is not None and dtype.bits == 16 else name
