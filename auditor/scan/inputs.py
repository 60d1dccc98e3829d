"""Input values a document writes out: "TP=8", "batch 1", "at s = 2560", "κ=3", "330 launches".

A formula's inputs that no model, GPU or dtype supplies must come from the
text. A symbol is recognised by its name ("tp", "batch"), its name in words
("group size"), the Greek letter its name spells or its meaning mentions
("gamma", "κ" for kappa) and the notation its meaning gives in parentheses or
after a noun ("(N)", "group size g"). A value is a number after such a name
and an "=" (or, for a word name, right after it: "batch 1"), or a number
followed by a word of the symbol's meaning ("330 launches"). Lists pair up:
"242, 30, 15 at TP = 1, 8, 16" gives the second number TP = 8.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from auditor.documents.locate import NUMBER_TOKEN, token_value

from . import words as scan_words
from .spans import Covered, longest_first

GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "kappa": "κ", "lambda": "λ",
    "mu": "μ", "rho": "ρ", "sigma": "σ", "tau": "τ", "theta": "θ", "pi": "π", "eta": "η",
}
NOTATION = re.compile(r"\(([A-Za-zα-ω][\w*]{0,4})[),]|\b(?:size|count|degree|rate|length|width|fraction)\s+([a-zA-Z])\b")
NOT_NOTATION = frozenset({"a", "an", "vllm", "sglang", "trt", "tgi"})
"""What a meaning puts where notation goes that is none: an article ("the count a model's name advertises"), an engine
named in brackets ("measured by a profiling run (vLLM)"), which a page's "Reserved by vLLM: 20,725 MB" does not set."""
TITLE_NOTATION = re.compile(r"(?:^|[\s,(])([A-Za-z][\w*]{0,5})\s*=\s")
NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
LIST = rf"{NUMBER}(?:\s*,\s*(?:and\s+)?{NUMBER})*"


@dataclass(frozen=True)
class Assignment:
    """One written input: which symbols its name may mean, where its values are, and the values."""

    start: int
    end: int
    symbols: frozenset[str]
    values: tuple[Fraction, ...]
    spans: tuple[tuple[int, int], ...]


DOCUMENT_NAMES: dict[str, tuple[str, ...]] = {
    # names documents give the catalogue's symbols, beyond the symbols' own names and notation
    "batch size": ("batch",), "bs": ("batch",), "sequence length": ("seq_len",), "context length": ("seq_len",),
    "d_qkv": ("head_dim",), "d_head": ("head_dim",), "head dim": ("head_dim",), "head dimension": ("head_dim",), "head size": ("head_dim",), "k_dim": ("head_dim",), "d_k": ("head_dim",), "n_kv heads": ("n_kv_heads",),
    "heads": ("n_heads",), "q heads": ("n_heads",), "query heads": ("n_heads",), "attention heads": ("n_heads",),
    "n_kv_heads": ("n_kv_heads",), "kv heads": ("n_kv_heads",), "num_kv_heads": ("n_kv_heads",), "kv_heads": ("n_kv_heads",),
    "num_key_value_heads": ("n_kv_heads",), "num_attention_heads": ("n_heads",), "q_heads": ("n_heads",),
    "num_hidden_layers": ("n_layers", "n_kv_layers"),
    # a plain transformer's every layer keeps a KV cache: the table's layer count is both
    "n_layers": ("n_layers", "n_kv_layers"), "layers": ("n_layers", "n_kv_layers"),
    "d_ff": ("intermediate_size",), "ffw": ("intermediate_size",), "n_embeddings": ("vocab_size",), "vocab": ("vocab_size",),
}


def symbol_aliases(catalogue) -> dict[str, set[str]]:
    """alias (lower case) -> symbols it may name, for symbols a text could set."""
    aliases: dict[str, set[str]] = {}
    for name, symbol in catalogue.symbols.items():
        if symbol.value is not None:
            continue
        found = {name, name.replace("_", " ")}
        for part in name.split("_") + re.findall(r"[a-z]+", symbol.meaning.lower()):
            if part in GREEK:
                found |= {part, GREEK[part], "\\" + part}
        for match in NOTATION.finditer(symbol.meaning):
            if (match[1] or match[2]).lower() not in NOT_NOTATION:
                found.add((match[1] or match[2]))
        found.update(symbol.notation)
        for alias in found:
            aliases.setdefault(alias.lower() if len(alias) > 1 else alias, set()).add(name)
    for name, notation in formula_notation(catalogue).items():
        aliases.setdefault(notation.lower() if len(notation) > 1 else notation, set()).add(name)
    for written, names in DOCUMENT_NAMES.items():
        aliases.setdefault(written, set()).update(n for n in names if n in catalogue.symbols)
    return aliases


def formula_notation(catalogue) -> dict[str, str]:
    """formula id -> the letter its title defines: "r" for "KV traffic over weight traffic, r = Q_KV / Q_W"."""
    found = {}
    for formula in catalogue.formulas.values():
        match = TITLE_NOTATION.search(formula.title)
        if match:
            found[formula.id] = match[1]
    return found


def find_assignments(text: str, aliases: dict[str, set[str]]) -> list[Assignment]:
    """Every "name = value(s)" and "word value" the text writes, the longest name at a place.

    One pass per kind of name, all names of a kind in one pattern (longest first): a name in words
    takes "=", ":" or a space before its value, a symbol only "=", a one-letter symbol its case too.
    """
    found: list[Assignment] = []
    covered = Covered(len(text))
    for pattern, fold in _alias_patterns(tuple(sorted(aliases, key=lambda a: (-len(a), a)))):
        for match in pattern.finditer(text):
            if covered.covers(match.start()):
                continue
            covered.take(match.start(), match.end())
            name = match["name"].lower() if fold else match["name"]
            spans = tuple((m.start(), m.end()) for m in NUMBER_TOKEN.finditer(text, match.start("list"), match.end("list")))
            values = tuple(token_value(m) for m in NUMBER_TOKEN.finditer(text, match.start("list"), match.end("list")))
            if None in values:
                continue  # a number too long to read sets nothing
            symbols = aliases[name]
            if len(name) == 1 and (word := WORD_BEFORE_LETTER.search(text, max(0, match.start() - 30), match.start())):
                symbols = _worded(word[1].lower(), aliases) or symbols
            found.append(Assignment(match.start(), match.end(), frozenset(symbols), values, spans))
    return sorted(found, key=lambda a: a.start)


WORD_BEFORE_LETTER = re.compile(r"([A-Za-z][A-Za-z ]{1,24}?)\s*[$\\(]*\s*\Z")
"""The words right before a letter's "L = 2048": "context L = 2048" is a length, whatever else L may name."""


def _worded(words: str, aliases: dict[str, set[str]]) -> set[str]:
    """The symbols the last one or two words before a letter name ("context" as "context length"); none if they name none."""
    parts = words.split()
    for phrase in (" ".join(parts[-2:]), parts[-1]):
        for name in (phrase, phrase + " length", phrase + " size"):
            if len(name) > 1 and name in aliases:
                return aliases[name]
    return set()


PARALLEL_DEGREES = (
    (re.compile(r"\b(?P<n>\d{1,3})-way\s+tensor[- ]parallel(?:ism)?\b", re.IGNORECASE), "tp"),
    (re.compile(r"\btensor[- ]parallel(?:ism)?\s+(?:size\s+)?(?:over|across|of|on|=)\s*(?P<n>\d{1,3})\b", re.IGNORECASE), "tp"),
    (re.compile(r"\bTP\s?(?P<n>\d{1,3})\b"), "tp"),
    (re.compile(r"\b(?P<n>\d{1,3})-way\s+pipeline[- ]parallel(?:ism)?\b", re.IGNORECASE), "pp"),
    (re.compile(r"\bpipeline[- ]parallel(?:ism)?\s+(?:size\s+)?(?:over|across|of|=)\s*(?P<n>\d{1,3})\b", re.IGNORECASE), "pp"),
)
"""How pages write a parallel degree in words: "4-way tensor parallel", "tensor parallelism over 4 H100s", "TP4"."""


BATCH_OF = re.compile(r"\bbatch\s+of\s+(?P<n>\d{1,5})\b", re.IGNORECASE)
CLAIMED_BATCH = re.compile(r"\b(?:max(?:imum)?|largest|biggest|bigger|larger|fits?|up\s+to)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
"""Words that make "batch of 104" the number a page works out ("a max batch of 104"), not the batch it sets."""


def worded_assignments(text: str) -> list[Assignment]:
    """Inputs the text sets in words rather than as "TP=4": the tensor and pipeline parallel degrees, and a batch
    set as "a batch of 16" (not "a max batch of 104", which is a claim)."""
    found = []
    for pattern, symbol in PARALLEL_DEGREES + ((BATCH_OF, "batch"),):
        for match in pattern.finditer(text):
            if symbol == "batch" and CLAIMED_BATCH.search(text, max(0, match.start() - 40), match.start()):
                continue
            span = (match.start("n"), match.end("n"))
            found.append(Assignment(match.start(), match.end(), frozenset({symbol}), (Fraction(match["n"]),), (span,)))
    return found


def counted_assignments(text: str, aliases: dict[str, set[str]], counts: set[str]) -> list[Assignment]:
    """A count written before its name ("8 KV heads", "80 layers"), for the names of a model's counts only:
    before any other name a number is more often something else ("2 bytes", "8192 tokens")."""
    names = [a for a, symbols in aliases.items() if len(a) > 2 and symbols and symbols <= counts and a.replace(" ", "").replace("_", "").isalpha()]
    if not names:
        return []
    pattern = re.compile(rf"(?<![\w.,])(?P<list>{NUMBER})[ \u00a0]+(?P<name>{longest_first(names)})(?![\w])", re.IGNORECASE)
    found = []
    for match in pattern.finditer(text):
        token = next(NUMBER_TOKEN.finditer(text, match.start("list"), match.end("list")), None)
        value = token_value(token) if token is not None else None
        if value is not None:
            found.append(Assignment(match.start(), match.end(), frozenset(aliases[match["name"].lower()]), (value,), ((match.start("list"), match.end("list")),)))
    return found


@lru_cache(maxsize=8)
def _alias_patterns(aliases: tuple[str, ...]) -> list[tuple[re.Pattern, bool]]:
    wordy = [a for a in aliases if len(a) > 2 and a.replace(" ", "").isalpha()]
    # "acceptance rate of 0.7", "batch size of 64": a quantity's name in words; a count's plural is not ("KV heads of 128 dims")
    phrases = [a for a in wordy if " " in a and not a.endswith("s")]
    words = [a for a in wordy if a not in phrases]
    symbolic = [a for a in aliases if a not in wordy and len(a) > 1]
    letters = [a for a in aliases if len(a) == 1]
    # a name right after a number is its unit ("30 s = 75 GB", "29,688,662,589,440 FLOPs = 29.6887 TFLOPs"), not a
    # name the page sets
    unit_of = r"(?<!\d[ \u00a0])(?<!\d)"
    kinds = (
        # "users per batch\n= 107,527" names no batch: what a quantity is per is no setting of it, and a line's "=" goes on the
        # line above's working
        (phrases, r"[ \t]*(?:=|:)\s*|\s+(?:of\s+)?", re.IGNORECASE, ""), (words, r"[ \t]*(?:=|:)\s*|\s+", re.IGNORECASE, unit_of),
        (symbolic, r"\s*=\s*", re.IGNORECASE, unit_of), (letters, r"\s*=\s*", 0, unit_of),
    )
    patterns = []
    for names, glue, flags, not_after in kinds:
        if names:
            alternatives = longest_first(names)
            # a value an operator continues ("FLOPs = 19.3 · 10^9 · batch_size") is an expression, not a setting;
            # a full stop after it ends the sentence ("context L = 2048."), one before a letter does not ("v = 1.x")
            patterns.append((re.compile(rf"(?<![\w\\/])(?<!per ){not_after}(?P<name>{alternatives})(?:{glue})(?P<list>{LIST})(?![\w%×]|\.\w|\s*[·⋅×*/^+]\s*[\d(A-Za-z])", flags), bool(flags)))
    return patterns


def list_position(text: str, start: int, end: int, low: int, high: int) -> tuple[int, int] | None:
    """(index, length) of the number at [start, end) in a comma list of numbers inside [low, high).

    A unit may follow the list's last number only ("41.8, 5.23 ms"), so only the start must fall inside it.
    """
    for match in re.finditer(LIST, text[low:high]):
        a, b = low + match.start(), low + match.end()
        if a <= start < b and "," in match.group(0):
            spans = [m.start() for m in NUMBER_TOKEN.finditer(text, a, b)]
            if start in spans:
                return spans.index(start), len(spans)
    return None


def value_for(symbol: str, assignments: list[Assignment], scopes, position: int, place) -> Fraction | None:
    """The value the nearest assignment of ``symbol`` gives, within the nearest scope that has one.

    ``place`` is the claim number's (index, length) in a list, if it sits in
    one: an assignment listing as many values gives the value at that index.
    """
    of_symbol, starts = _by_symbol(assignments).get(symbol, ((), ()))
    for low, high in scopes:
        near = of_symbol[bisect_left(starts, low) : bisect_left(starts, high)]
        if near:
            chosen = min(near, key=lambda a: abs(a.start - position))
            if place and len(chosen.values) == place[1]:
                return chosen.values[place[0]]
            return chosen.values[0]
    return None


_BY_SYMBOL: list = []  # the last three assignments lists indexed, each with its index: a scan asks of one list thousands of times


def _by_symbol(assignments: list[Assignment]) -> dict[str, tuple[list[Assignment], list[int]]]:
    """symbol -> (its assignments in order of place, their starts), for bisecting a scope's."""
    for position, (kept, index) in enumerate(_BY_SYMBOL):
        if kept is assignments:
            _BY_SYMBOL.insert(0, _BY_SYMBOL.pop(position))  # the most recently asked first: the page's own list stays
            return index
    found: dict[str, list[Assignment]] = {}
    for assignment in sorted(assignments, key=lambda a: a.start):
        for name in assignment.symbols:
            found.setdefault(name, []).append(assignment)
    index = {name: (listed, [a.start for a in listed]) for name, listed in found.items()}
    _BY_SYMBOL[:] = [(assignments, index)] + _BY_SYMBOL[:2]  # the page's own list and the last rows' filtered ones
    return index


def counted_value(symbol, text: str, low: int, high: int, skip: tuple[int, int]) -> Fraction | None:
    """A number followed by a word of the symbol's meaning: "for 330 launches" gives launches_per_step.

    Not a word the meaning counts per ("values cached per token", "a per-token cache"): "8192 tokens"
    is a length, not a number of values per token.
    """
    meaning = set(scan_words.words(symbol.meaning)) - set(scan_words.words(" ".join(re.findall(r"\bper[\s-]+(\w+)", symbol.meaning))))
    for match in NUMBER_TOKEN.finditer(text, low, high):
        if match.start() < skip[1] and skip[0] < match.end():
            continue
        after = re.match(r"\s+([A-Za-z][\w-]*)(?!\s+[~≈]?\d)", text[match.end() : match.end() + 30])
        # not a word that another number follows: "1 full 131,072-token history" counts histories, not full layers
        if after and set(scan_words.words(after[1])) & meaning:
            value = token_value(match)
            if value is not None:
                return value
    return None
