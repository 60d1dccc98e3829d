"""What the words around a number name: a quantity the catalogue knows, a model, a GPU, a dtype.

Formulas are chosen by the catalogue's own words (``scan.words``); a
formula's ``scan_phrases:`` in its YAML add the phrases documents use for
its quantity that its title and symbols do not ("/token", "calculator",
"returns"), as a bonus on top, so a project's own formula can declare its
own. Models, GPUs and dtypes are
matched by names derived from the bundled inputs, so a new config.json in
``inputs/models`` is recognised without touching this file; a bare size
("70B") goes to the family the document names in full.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .spans import Covered, longest_first

GEOMETRY_ONLY = {"n_params", "n_params_active", "kv_values_per_token", "hidden_over_heads"}
COUNT_WORDS = ("sequences", "sequence", "requests", "request")
DTYPES = ("bf16", "fp16", "fp32", "fp8", "int8", "int4", "nf4")
DTYPE_PHRASES = {"4-bit": "int4", "8-bit": "int8", "16-bit": "fp16", "FP 16": "fp16", "FP 32": "fp32", "FP 8": "fp8", "BF 16": "bf16",
                 "INT 8": "int8", "INT 4": "int4", "4 bit": "int4", "8 bit": "int8", "16 bit": "fp16"}
"""Formats named apart as some pages print them ("FP 16", "2 (16 bit)"); each read only as a whole word ("64-bit" is no
"4-bit")."""
SUFFIXES = ("-instruct", "-base", "-it", "-thinking", "-hf", "-chat", "-8k")


def normalise(text: str) -> str:
    """Lower case, with '-', '_' and runs of spaces made one space, for name matching."""
    return re.sub(r"[\s_\-]+", " ", text.lower())


RELEASE_SUFFIX = re.compile(r"(?:-v\d+(?:\.\d+)*|-\d+k)+$")
"""A release or context-length tail pages leave off a model's name: "Mistral-7B-v0.1" is "Mistral 7B", "Phi-3-mini-4k" "Phi-3 mini"."""


FAMILY_VERSION = re.compile(r"(?<=[a-z])(?=\d)")
FAMILY_SPACE = re.compile(r"(?<=[a-z]) (?=\d)")


def model_aliases(model_ids: list[str]) -> list[tuple[str, str]]:
    """(alias, model id) pairs, longest alias first: "meta llama 3 8b", "llama 3 8b"...

    A name without its release tail is an alias only while it names one bundled
    model: with two releases of one model bundled, a page must say which.
    """
    pairs, short = set(), {}
    for model_id in model_ids:
        name = model_id.split("/")[-1].lower()
        for suffix in SUFFIXES:
            name = name.removesuffix(suffix)
        pairs.add((normalise(name), model_id))
        if name.startswith("meta-"):
            pairs.add((normalise(name[5:]), model_id))
        bare = RELEASE_SUFFIX.sub("", name)
        if bare != name and bare:
            short.setdefault(normalise(bare), set()).add(model_id)
    full = {alias for alias, _ in pairs}
    pairs |= {(alias, ids.pop()) for alias, ids in short.items() if len(ids) == 1 and alias not in full}
    # "Qwen 2.5 72B" for "Qwen2.5-72B": a family's name and its version written apart
    pairs |= {(spaced, model_id) for alias, model_id in pairs if (spaced := FAMILY_VERSION.sub(" ", alias)) != alias}
    # "llama3 8B" for "Llama-3-8B": the version glued to the family's name
    pairs |= {(glued, model_id) for alias, model_id in pairs if (glued := FAMILY_SPACE.sub("", alias, count=1)) != alias}
    return sorted(pairs, key=lambda p: (-len(p[0]), p[1]))


def gpu_aliases(gpus: dict[str, dict]) -> list[tuple[str, str]]:
    """(alias, gpu id) pairs from ids and names: "h100 sxm", "a100 80gb"; bare family names go to the first entry."""
    pairs: dict[str, str] = {}
    for gpu_id, entry in gpus.items():
        pairs.setdefault(normalise(gpu_id), gpu_id)
        name = normalise(str(entry.get("name", ""))).replace("nvidia ", "").replace("amd ", "")
        words = name.split()
        for length in range(len(words), 0, -1):
            pairs.setdefault(" ".join(words[:length]), gpu_id)
    return sorted(pairs.items(), key=lambda p: (-len(p[0]), p[1]))


def find_named(text: str, aliases: list[tuple[str, str]]) -> list[tuple[int, int, str]]:
    """(start, end, id) in ``text`` for each alias found as whole words, longest alias first.

    Every place where some alias starts is found in one pass (the longest
    alias there); places are then accepted in alias order, longest first,
    unless inside a place already accepted, which is what searching alias by
    alias gives.
    """
    ids: dict[str, str] = {}
    for alias, item in aliases:
        ids.setdefault(alias, item)
    names = list(ids)
    rank: dict[str, int] = {}
    for number, alias in enumerate(names):
        rank.setdefault(normalise(alias), number)
    places = []
    for match in _alias_pattern(tuple(names)).finditer(text):
        alias = normalise(match["alias"])
        number = rank.get(alias, rank.get(alias[:-1]) if alias.endswith("s") else None)
        if number is not None:
            places.append((number, match.start(), match.end("alias")))
    covered, found = Covered(len(text)), []
    for number, start, end in sorted(places):
        if not covered.covers(start):
            covered.take(start, end)
            found.append((start, end, ids[names[number]]))
    return sorted(found)


@lru_cache(maxsize=8)
def _alias_pattern(names: tuple[str, ...]) -> re.Pattern:
    """Where any alias starts, as a zero-width match whose group is the longest alias there.

    A count may be glued on before ("8xH100", "8×A100", "32H100s") and a plural after ("TPU v5es", "H100s")."""
    tree = longest_first(names, space=WORD_GAP, end=WORD_END)
    return re.compile(rf"(?:(?<![\w.])|(?<=\d[x×])|(?<=\d)(?=[A-Za-z]))(?=(?P<alias>{tree}))", re.IGNORECASE)


WORD_GAP, WORD_END = r"[\s_\-]+", r"(?:(?!\w|\.\w)|s(?!\w|\.\w))"  # a full stop ends a name ("... with Llama-7B."), ".1" does not


def nearest(found: list[tuple[int, int, str]], position: int) -> str | None:
    if not found:
        return None
    return min(found, key=lambda f: (abs(f[0] - position), f[0]))[2]


def find_dtypes(text: str, table_names=()) -> list[tuple[int, int, str]]:
    """(start, end, dtype) for every dtype the text names: "bf16", "FP8", "4-bit", and any name of the dtype table.

    Only a table name with a digit in it is looked for ("q6_k", "mxfp4"):
    one without ("half", "float") is an English word far more often.
    """
    lowered = text.casefold()  # a name not in the page at all costs one scan in C, not a regular expression's
    found = [(m.start(), m.end(), dtype) for phrase, dtype in DTYPE_PHRASES.items() if phrase.casefold() in lowered
             for m in re.finditer(rf"(?<![\w.]){re.escape(phrase)}(?!\w)", text, re.IGNORECASE)]
    names = dict.fromkeys(DTYPES)
    names.update(dict.fromkeys(n for n in table_names if re.search(r"\d", n) and re.fullmatch(r"[\w.]+", n)))
    for dtype in names:
        if dtype.casefold() in lowered:
            found += [(m.start(), m.end(), dtype) for m in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(dtype)}(?![0-9_])", text, re.IGNORECASE)]
    if "int4_g128" in names or "int4_g128" in table_names:
        grouped = [(m.start(), m.end(), "int4_g128") for m in GROUPED_INT4.finditer(text)]
        # "INT4, group size 128": the grouped format, not the bare "INT4" it opens with
        found = [f for f in found if not any(g[0] <= f[0] < g[1] and f[2] != g[2] for g in grouped)] + grouped
    return sorted(set(found))


GROUPED_INT4 = re.compile(r"(?i)(?<![A-Za-z0-9])int[ -]?4[ \t]*(?:,|\(|-|_)?[ \t]*(?:group(?:[ _-]?size)?[ \t]*=?[ \t]*|g)128\b")
"""How pages name int4 with one scale per 128 weights: "INT4, group size 128", "int4 (group size 128)", "INT4 g128"."""


def find_dtype(text: str) -> str | None:
    """The first dtype the text names, if any."""
    found = find_dtypes(text)
    return found[0][2] if found else None


CONTEXT_WORD = r"(?:tokens?|context|ctx|sequences?|prompts?|input|output|conversations?|chats?|windows?)"
SEQ_LEN_K = re.compile(
    rf"(?<![\w.])(\d+)\s?([kKM])(?:[- ]{CONTEXT_WORD}\b|(?=\s+(?:\w+\s+)?{CONTEXT_WORD}\b))"
    rf"|(?:\b(?:context|sequence|prompt)(?:[ _]length|_len)?(?: of| =|:| to|[ \t]*\|)?\s+|@\s*)(\d+)\s?([kKM])\b",
    re.IGNORECASE,
)
SEQ_LEN_SCALE = {"k": 1024, "m": 1024 * 1024}  # "128K context" is 131,072 tokens and "1M context" 1,048,576, as lengths are


def seq_len_count(count: int, suffix: str) -> int:
    """A length of ``count`` thousands or millions ("k", "m"; "" for a plain count): binary for a power of two
    ("32K" is 32,768, the size a model is built to), decimal for any other ("10K context", "100K tokens": round
    figures a page chose)."""
    suffix = suffix.lower()
    if not suffix:
        return count
    binary = count > 0 and count & (count - 1) == 0
    return count * (SEQ_LEN_SCALE[suffix] if binary else DECIMAL_SCALE[suffix])


DECIMAL_SCALE = {"k": 1000, "m": 1000 * 1000}
SEQ_LEN_TOKENS = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d{3,})[- ](?i:tokens?)\b(?!\s*(?:/|per\b|a\s+second|an?\s+hour|each\s+second))")  # not a rate ("141 tokens/s")


@lru_cache(maxsize=1024)
def find_seq_len(text: str) -> int | None:
    """A context length written nearby: "8K-token", "at 4k context", "a 32k prompt", "1M context", "8,192 tokens".

    A "k" count is a length only beside a word of context ("D and F > 10k" is a width)."""
    match = SEQ_LEN_K.search(text) or SEQ_LEN_TOKENS.search(text)
    return written_length(match).tokens if match else None


@dataclass(frozen=True)
class Length:
    """A context length as written: where its digits are, the tokens it is read as (``seq_len_count``), and the
    tokens its letter gives read in thousands ("32K": 32,768 and 32,000)."""

    start: int
    end: int
    tokens: int
    decimal: int


def written_length(match: re.Match) -> Length:
    """The length a ``SEQ_LEN_K`` or ``SEQ_LEN_TOKENS`` match writes."""
    group = 1 if match.re is SEQ_LEN_TOKENS or match[1] else 3
    count, suffix = int(match[group].replace(",", "")), (match[group + 1] or "") if match.re is SEQ_LEN_K else ""
    return Length(match.start(group), match.end(group), seq_len_count(count, suffix), count * DECIMAL_SCALE.get(suffix.lower(), 1))


def lengths_in(text: str, low: int, high: int) -> list[tuple[re.Match, Length]]:
    """Every context length written in ``text[low:high]``, in page order."""
    found = list(SEQ_LEN_K.finditer(text, low, high)) + list(SEQ_LEN_TOKENS.finditer(text, low, high))
    return [(m, written_length(m)) for m in sorted(found, key=lambda m: m.start())]


GENERIC_BEFORE = re.compile(r"(?i)\b(?:a|an|any|each|every|one)\s+$")


def find_models(text: str, model_ids: list[str]) -> list[tuple[int, int, str]]:
    """Models named in full ("Llama-3-8B", "DeepSeek-V3"), then bare sizes ("70B") of a family named in full.

    A bare size goes to the model of that size the document names most: in a
    text about Llama 3, "320 KiB/token for 70B" means Llama-3-70B. Of two named as often, the one
    named first: the choice must not depend on the order of a set.
    """
    found = find_named(text, model_aliases(model_ids))
    named = {model_id for _, _, model_id in found}
    covered = Covered(len(text))
    for start, end, _ in found:
        covered.take(start, end)
    several = [(name, ids) for name, ids in unversioned_aliases(tuple(model_ids)).items() if len(ids) > 1]  # one may be a release not bundled
    for start, end, candidates in find_named(text, several):
        if not covered.covers(start):  # "Llama 70B": the one of its versions the page names, else the first (``ambiguous``)
            found.append((start, end, next((c for c in candidates if c in named), candidates[0])))
            covered.take(start, end)
    found.sort()
    by_size: dict[str, list[str]] = {}
    for _, _, model_id in found:
        size = re.search(r"(?<![\w.])(\d+(?:\.\d+)?[bB])(?![\w])", model_id.split("/")[-1].replace("-", " "))
        if size:
            by_size.setdefault(size[1].upper(), []).append(model_id)
    family = _family_named(text, model_ids)
    for match in re.finditer(r"(?<![\w.\-])(\d+(?:\.\d+)?)B(?![\w\-])", text):
        named = by_size.get(match[1] + "B") or ([family[match[1] + "B"]] if match[1] + "B" in family else None)
        generic = GENERIC_BEFORE.search(text, max(0, match.start() - 8), match.start())  # "a 7B model": any model of that size
        generic = generic or SET_TO_BEFORE.search(text, max(0, match.start() - 8), match.start())  # "(Π = 7B)": a count the page sets
        if named and not generic and not covered.covers(match.start()):
            found.append((match.start(), match.end(), max(dict.fromkeys(named), key=named.count)))  # a tie: the first named
            covered.take(match.start(), match.end())
    return sorted(found)


SET_TO_BEFORE = re.compile(r"[=≈][ \t]*~?[ \t]*$")
"""A size set equal to a name ("Π = 7B", "P ≈ 70B"): the parameter count the page works with, not the model's name again."""
PLAIN_FAMILY = re.compile(r"(?:meta )?([a-z]+) ?v?\d+(?:\.\d+)?")
"""A family's name and its version alone ("llama 3.1", "qwen2.5", "gemma 3"), no other word or size in it."""


@lru_cache(maxsize=8)
def unversioned_aliases(model_ids: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """A family's name and a size with no version ("llama 70b", "qwen 72b"), each the bundled models it may mean, in
    the order of their ids: "Llama 70B" is Llama 2 70B or Llama 3's, and a page that names one of them means that one.
    A name a bundled model already goes by ("llama 13b", "mistral 7b") is that model's."""
    taken = {alias for alias, _ in model_aliases(list(model_ids))}
    found: dict[str, set[str]] = {}
    for alias, model_id in model_aliases(list(model_ids)):
        match = FAMILY_SIZE.match(alias)
        base = PLAIN_FAMILY.fullmatch(match["family"]) if match else None  # "llama 3.1", not "llama 3 3 nemotron super"
        if base and (name := f"{base[1]} {match['size']}") not in taken:
            found.setdefault(name, set()).add(model_id)
    return {name: tuple(sorted(ids)) for name, ids in found.items()}


def ambiguous(text: str, model_ids: list[str], models: list[tuple[int, int, str]]) -> dict[str, tuple[str, ...]]:
    """The models the page names only by a family and a size that several bundled versions share, each with those
    versions: a formula may take such a name only where every version gives it the same inputs (``given``)."""
    full = {alias for alias, _ in model_aliases(list(model_ids))}
    named = {m for start, end, m in models if normalise(text[start:end]) in full}  # "Llama 3 70B", not a bare "70B" after "Llama 70B"
    found = {}
    for start, end, model_id in models:
        candidates = unversioned_aliases(tuple(model_ids)).get(normalise(text[start:end]))
        if candidates and len(candidates) > 1 and not named & set(candidates):
            found[model_id] = candidates
    return found


FAMILY_SIZE = re.compile(r"^(?P<family>.*\d.*?) (?P<size>\d+(?:\.\d+)?b)$")
"""An alias that is a versioned family and a size: "llama 3.1 70b", "gemma 3 27b", "qwen2.5 7b"."""


def _family_named(text: str, model_ids: list[str]) -> dict[str, str]:
    """The sizes of the one versioned family the text names without a size ("Gemma 3", "Llama 3.1"), each its
    bundled model: "the 27B" of a page about Gemma 3 is gemma-3-27b. Empty where the text names no such family, or
    two: a bare size is then any model's."""
    families = _families(tuple(model_ids))
    lowered = normalise(text)
    named = {name for name in families if name in lowered  # a substring search first: most families are not on the page
             and re.search(rf"(?<![\w.]){re.escape(name)}(?!\w|\.\d)", lowered)}  # not "llama 3" of "llama 3.1"
    return families[named.pop()] if len(named) == 1 else {}


@lru_cache(maxsize=8)
def _families(model_ids: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Each versioned family's sizes, each its bundled model: {"gemma 3": {"27B": "google/gemma-3-27b-it", ...}}."""
    families: dict[str, dict[str, str]] = {}
    for alias, model_id in model_aliases(list(model_ids)):
        match = FAMILY_SIZE.match(alias)
        if match and not match["family"].endswith((" x", "x")):
            families.setdefault(match["family"], {}).setdefault(match["size"].upper(), model_id)
    return families


def model_supplies(project) -> dict[str, set[str]]:
    """For each bundled model, the symbols it supplies: the values its geometry derives, and its config keys."""
    from auditor.inputs.models import model_geometry

    supplies = {}
    for model_id in project.inputs.model_ids():
        geometry, _, config = model_geometry(model_id, project.inputs, None)
        keys = set(config or {}) | set((config or {}).get("text_config") or {})
        from_config = {n for n, s in project.catalogue.symbols.items() if s.config in keys}
        supplies[model_id] = from_config | (set(geometry.values) if geometry is not None else set())
    return supplies


def model_symbols(project, supplies: dict[str, set[str]]) -> set[str]:
    """Symbols some model supplies: a formula using one needs a model."""
    names = {n for n, s in project.catalogue.symbols.items() if s.config}
    return names.union(*supplies.values()) | GEOMETRY_ONLY


RATIO_TITLE_WORDS = ("times", "ratio", " over ", "reduction", "gain", "speed", "multiplier", "factor", "smaller", "larger", "relative")
SHARE_TITLE_WORDS = ("share", "fraction", "percent", "utilisation", "utilization", "efficiency", "saving", "rate", "waste", "ratio", "relative", "gap", "error")


PRINTED_TIMES = re.compile(r"\d\s?[x×]$")
"""A number printed with its times sign ("roughly 100x"), however the unit parser reads the sign."""


def printed_times(stated) -> bool:
    """Whether the number is a ratio by its printed sign: its unit is "×", or it ends in one ("roughly 100x")."""
    return stated.unit.text in ("×", "x") or bool(PRINTED_TIMES.search(stated.text))


def unit_fits(stated, formula, bare: bool) -> bool:
    """A number with a unit fits formulas of its dimensions; a bare number any.

    A plain number's printed sign says what kind it is: "57×" is a ratio of two
    quantities, "26.1%" a share of one, so each fits only formulas whose title
    says so (RATIO_TITLE_WORDS, SHARE_TITLE_WORDS); a count fits the rest.
    """
    if bare:
        return True
    if formula.unit.dimensions != stated.unit.dimensions and formula.unit.dimensions != per_request_aside(stated.unit.dimensions) and not (
            stated.unit.dimensions == TOKENS and not formula.unit.dimensions and "tokens per" in formula.title.lower()):
        return False  # "≈ 3.36 tokens" per verify pass: a count of tokens fits a plain count its title says is of tokens per something
    if ("usd" in stated.unit.text.lower()) != ("usd" in formula.unit.text.lower()):
        return False  # dollars are a count to the registry: a price fits the formulas priced in them, and only a price does
    title = f" {formula.title.lower()} "
    if printed_times(stated):
        return any(w in title for w in RATIO_TITLE_WORDS)
    if stated.unit.text == "%":
        return any(w in title for w in SHARE_TITLE_WORDS)
    return True


TOKENS = (("[token]", 1),)


def per_request_aside(dimensions: tuple) -> tuple:
    """A size or time "per request" read as one request's (its sequence's): "~1.28 GB per request" is a KV cache of
    one sequence, as "per sequence" and "per user" already read, whose nouns the registry counts as no dimension."""
    return tuple(d for d in dimensions if d != ("[request]", -1))


def fits_per(stated, formula, per: str) -> bool:
    """A size under a "per token" header fits a per-token formula ("324kB" in the "KV size / token" column)."""
    from auditor.base.units import multiply, parse_unit

    return formula.unit.dimensions == multiply(stated.unit.dimensions, parse_unit(per).dimensions, -1)


def spec_lookups(catalogue) -> set[str]:
    """Formulas that only read a GPU's spec sheet: a number they match is a figure the page cites, not a claim."""
    found = set()
    for formula_id in catalogue.formulas:
        leaves = leaf_symbols(catalogue, formula_id)
        if leaves and all(catalogue.symbols[n].gpu or catalogue.symbols[n].value is not None for n in leaves):
            found.add(formula_id)
    return found


def leaf_symbols(catalogue, formula_id: str, given=frozenset()) -> set[str]:
    """Every symbol the formula reaches through the formulas it uses, short of those given outright."""
    found, queue, seen = set(), [formula_id], set()
    while queue:
        name = queue.pop()
        seen.add(name)
        for dep in catalogue.depends_on(name):
            if dep in catalogue.symbols:
                found.add(dep)
            elif dep not in seen and dep not in given:
                queue.append(dep)
    return found


def phrase_score(phrases: tuple[str, ...], context: str, near: str) -> float:
    """A formula's ``scan_phrases`` found in the paragraph, those right beside the number counting three times."""
    lowered, beside = context.lower(), near.lower()
    return sum(phrase in lowered for phrase in phrases) + 3 * sum(phrase in beside for phrase in phrases)
