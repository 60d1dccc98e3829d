"""The inputs of a formula a number is matched to, from the number's own context, nearest first.

A model, GPU or dtype named in the clause, sentence, paragraph or section (or a heading above it);
values the page writes with their units (``quantities``) or by name ("TP=8": ``inputs``), which
beat a config or spec sheet the page never quoted; defaults and constants from the catalogue. What
none of these supplies is missing, and a proposal with missing inputs is not made.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from fractions import Fraction

from . import inputs as inputs_in_text
from . import match as words
from .choose import written_value
from .match import leaf_symbols
from .quantities import written_value as page_value
from .settings import setting_for

PAGE_COUNTS = frozenset({"n_params", "n_params_active"})
COUNT_SLACK = 0.15  # "7B" for 6.74e9, "70B" for 70.6e9, "8B" for 8.03e9: a name's size is this close to its count


def given_for(scanner, proposal, formula: str, scopes) -> tuple[dict, list[str], str]:
    """Model, GPU and dtypes named nearest the number, the values the text writes, and what is still missing.

    Where these leave inputs missing, sizes the page prints on the way
    (``page_sizes``) are tried in their place.
    """
    found = _given_for(scanner, proposal, formula, scopes, with_sizes=False)
    return found if not found[1] else _given_for(scanner, proposal, formula, scopes, with_sizes=True)


def _given_for(scanner, proposal, formula: str, scopes, with_sizes: bool) -> tuple[dict, list[str], str]:
    catalogue = scanner.project.catalogue
    given = written_formulas(scanner, proposal, formula, scopes)
    page_inputs: dict = {}
    if with_sizes:
        page_sizes(scanner, proposal, formula, scopes, given, page_inputs)
    leaves = leaf_symbols(catalogue, formula, set(given))
    symbols = [catalogue.symbols[n] for n in leaves]
    model_scope = _named_inputs(scanner, proposal, formula, scopes, leaves, given)
    missing = []
    for symbol in symbols:
        if page_sets(scanner, proposal, symbol, scopes, given, page_inputs) or not needs_text(symbol, given, scanner.model_symbols):
            continue
        value = written_value(scanner, proposal, symbol, scopes)
        if value is None and symbol.name in scanner.symbol_settings:
            value = Fraction(str(setting_for(scanner.symbol_settings[symbol.name], symbol.name, proposal.start, any_name=True)))
        if value is None:
            missing.append(symbol.name)
        else:
            given[symbol.name] = int(value) if value.denominator == 1 else float(value)
    proposal.page_inputs = page_inputs
    return given, missing, model_scope


def _named_inputs(scanner, proposal, formula: str, scopes, leaves: set[str], given: dict) -> str:
    """The model, GPU and dtypes the number's own context names; returns where the model was named."""
    symbols = [scanner.project.catalogue.symbols[n] for n in leaves]
    model, model_scope, index = scanner.model_for(formula, scopes, proposal.start)
    if model and leaves & scanner.model_symbols and not count_contradicts(scanner, model, scopes[: index + 1], proposal.start):
        given["model"] = model
    gpu = scanner.table_gpu(proposal.start) or nearest(scanner.gpus, scopes, proposal.start)
    if gpu and any(s.gpu for s in symbols):
        given["gpu"] = gpu
    dtype = scanner.table_dtype(proposal.start) or set_up(scanner.dtypes, scopes, proposal.start) or scanner.main_dtype
    for key in sorted({s.dtype_key or s.dtype_nominal for s in symbols if s.dtype_key or s.dtype_nominal}):
        if dtype:
            given[key] = dtype
    width = bits_per_weight(scanner.view.text, scopes, proposal.start) if any(s.name == "bytes_per_param" for s in symbols) else None
    if width is not None:  # "~4.5 bits/weight": what a quantized checkpoint really stores beats the format's name
        given["bytes_per_param"] = width
        if not any("weight_dtype" in (s.dtype_key, s.dtype_nominal) for s in symbols if s.name != "bytes_per_param"):
            given.pop("weight_dtype", None)  # a dtype given beside it would set the width again
    return model_scope if "model" in given else ""


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
        printed = [w for w in scanner.written if low <= w.start < high and not w.dimensions and not w.text.endswith("%")]
        if printed:
            nearest_one = min(printed, key=lambda w: abs(w.start - position))
            return abs(float(nearest_one.value) - count) > COUNT_SLACK * count
    return False


def page_sets(scanner, proposal, symbol, scopes, given: dict, page_inputs: dict) -> bool:
    """A value the page writes for the symbol, with its unit, beats a config or spec sheet the page never quoted.

    Only the kinds of input a page sets up rather than derives: an accelerator's figures, a
    parameter count, a size in bytes; a time or a share written nearby is more often another claim.
    """
    if not (symbol.gpu or symbol.name in PAGE_COUNTS or symbol.domain == "fraction" or ("[information]", 1) in symbol.unit.dimensions):
        return False
    wide = list(scopes) + ([(0, len(scanner.view.text))] if symbol.gpu or symbol.name in PAGE_COUNTS else [])
    found = page_value(symbol, scanner.written, wide, (proposal.start, proposal.end))
    if found is None:
        return False
    given[symbol.name] = found.given if found.dimensions or found.text.endswith("%") else int(found.value)
    page_inputs[symbol.name] = found.text
    return True


def page_sizes(scanner, proposal, formula: str, scopes, given: dict, page_inputs: dict) -> None:
    """Sizes the formula computes on the way that the page writes near the number ("100 kB/token" of KV cache, "70GB" of weights).

    A page that prints the KV cache per token and then sizes a batch with it,
    naming no model whose config would give it, computes from its own figure;
    tried only where the context leaves inputs missing, so a model the page
    names still prices what it can. Only sizes
    (bytes, bytes per token), as for the inputs of ``page_sets``, and only
    within the number's sentence and paragraph.
    """
    from .quantities import _distinctive_words

    catalogue = scanner.project.catalogue
    for used in catalogue.tree(formula)[1:]:
        defined = catalogue.formulas.get(used)
        if used in given or defined is None or ("[information]", 1) not in defined.unit.dimensions:
            continue
        wanted = _distinctive_words(defined.title, (), defined.unit.text)
        for low, high in scopes[1:3]:
            fits = [w for w in scanner.written if low <= w.start < high and w.dimensions == defined.unit.dimensions and w.words & wanted
                    and not (w.start < proposal.end and proposal.start < w.end)]
            if fits:
                found = min(fits, key=lambda w: abs(w.start - proposal.start))
                given[used], page_inputs[used] = found.given, found.text
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
    for low, high in scopes:
        item = words.nearest([f for f in found if low <= f[0] < high], position)
        if item:
            return item
    return None


BITS_PER_WEIGHT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*-?\s*bits?\s*(?:/|per)\s*(?:weight|param(?:eter)?)s?\b", re.IGNORECASE)


def bits_per_weight(text: str, scopes, position: int) -> str | None:
    """The bytes per parameter a page writes as bits per weight ("~4.5 bits/weight"), set up in the sentence or before the number."""
    sentence, *wider = scopes
    for low, high in [sentence] + [(low, min(high, position)) for low, high in wider]:
        found = [m for m in BITS_PER_WEIGHT.finditer(text, low, high)]
        if found:
            nearest_one = min(found, key=lambda m: abs(m.start() - position))
            return f"{Decimal(nearest_one[1]) / 8} B"
    return None


def set_up(found, scopes, position: int) -> str | None:
    """The dtype the number's own sentence names, else the nearest one its paragraph or section names before it, else after it.

    A page sets a scenario up before its numbers ("If the model is using FP16 ... ~14.2 GB"); a
    dtype named after the number, in another sentence, usually opens the next scenario ("If we
    use 8-bit weights, we need to read 7.1 GB").
    """
    sentence, *wider = scopes
    own = words.nearest([f for f in found if sentence[0] <= f[0] < sentence[1]], position)
    if own:
        return own
    for low, high in wider:
        before = [f for f in found if low <= f[0] < min(high, position)]
        if before:
            return max(before)[2]
    return nearest(found, wider, position)


def most_named(found: list[tuple[int, int, str]]) -> str | None:
    counted = Counter(item for _, _, item in found)
    return counted.most_common(1)[0][0] if counted else None
