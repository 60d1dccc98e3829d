"""Numbers that are not quantities: dates, versions, identifiers, list numbering, parameter counts.

"2022-03-30", "CUDA 12.2", "535.129.03", "v5e", "Qwen3-8B", "arXiv 2205.14135", "1. Read the Q
activations", "[3]": a reader does not recompute these, and a scan that proposes them buries the
numbers that matter. A size written like a model's ("a 70B-parameter model", "671B parameters",
"7B") counts parameters, not bytes: it is an input the page sets, never a claim in itself, unless
it is the result of a sum the page prints ("4096 * 32000 = 131M parameters") or a total it adds up
("Attention total: ~151M").
"""

from __future__ import annotations

import re

DATE = re.compile(r"\b(?:19|20)\d\d-[01]\d-[0-3]\d\b|\b[0-3]?\d/[01]?\d/(?:19|20)\d\d\b")
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
MONTH_DATE = re.compile(rf"\b(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,\s*\d{{4}})?|\b\d{{1,2}}\s+(?:{MONTHS})\b|\b(?:{MONTHS})\s+(?:19|20)\d\d\b")
VERSION = re.compile(r"\b[vV]?\d+\.\d+\.\d+(?:[.-]\w+)*\b|\b[vV]\d+(?:\.\d+)?\b")
VERSION_WORDS = re.compile(
    r"(?:\b(?:version|versions|cuda|python|pytorch|torch|driver|release|rocm|pcie|nccl|ubuntu|sm|compute capability|gen|"
    r"section|part|chapter|question|appendix|figure|fig\.|table|step|equation|eq\.|issue|pr|rfc|arxiv|page|line|item)\s*:?\s*#?|#)$",
    re.IGNORECASE,
)
PARAMETERS = re.compile(r"\d+(?:\.\d+)?\s?[BMT](?![A-Za-z/\d])(?:[- ](?:parameters?|params?|models?|dense|MoE|LLMs?|drafter)\b)?")
LIST_ITEM = re.compile(r"(?:^|\n)[ \t]*(?:[-*•]\s+)?$")
OPERAND_AFTER = re.compile(r"\s*[*×·÷^+]\s*(?:\d|\((?![ \t]*[A-Za-z]{3}[A-Za-z \t,!?'-]*(?:\)|$))|\.\d|[A-Za-z]\w{0,12}\s*[*×·÷^+/=)])|\s*/\s*\(")
"""What makes a number a product's factor: an operator, then a number, a bracket that is no remark in words ("0.97×
(slower)", "0.97× (slower!)" are ratios), or a name another operator follows."""
RATIO_OF_NAME = re.compile(r"[×x][ \t]+[A-Z][A-Za-z]*\d")
"""A sign glued to the number, then a name with a digit: "~2.3× H100" compares with that card or model."""
RATIO_IN_WORDS = re.compile(r"[×x][ \t]+[a-z]{4,}[ \t]*\)")
"""A sign glued to the number, then a word and the bracket's end: "(2× reduction)", "(4× smaller)" say what the ratio
is, where "(2 × d)" multiplies by a name."""
COUNTED = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?(?:[eE]\d+)?)\s+(?:total\s+)?(?:parameters|params)\b")
TOTAL_BEFORE = re.compile(r"(?i)(?:\btotal|\blayers|\bsum)\s*:\s*[~≈]\s*$")
"""A line's label ending in a total, and an approximate count after it: the count is worked out, not set."""
CITATION = re.compile(r"\[\d+(?:,\s*\d+)*\]|\b\d+ min read\b")


def not_a_quantity(text: str, match: re.Match) -> bool:
    """Whether the number at ``match`` is a date, a version, part of an identifier, a list number or a parameter count."""
    start, end = match.start(), match.end()
    window = text[max(0, start - 40) : end + 40]
    offset = start - max(0, start - 40)
    if _covers(DATE, window, offset) or _covers(MONTH_DATE, window, offset) or _covers(VERSION, window, offset):
        return True
    if _covers(CITATION, window, offset):
        return True
    before, after = text[max(0, start - 24) : start], text[end : end + 24]
    if VERSION_WORDS.search(before):
        return True
    if _glued_to_name(before, after):
        return True
    if LIST_ITEM.search(before) and re.match(r"[.)]\s", after):
        return True
    if (OPERAND_AFTER.match(after) and not (RATIO_OF_NAME.match(after) and "." in text[start:end]) and not RATIO_IN_WORDS.match(after)
            and not _an_addend(before, after)):
        return True  # "2 × d)" is a factor; "~2.3× H100" a ratio to a card (no card comes in tenths)
    if re.search(r"[=≈]\s*~?\s*$", before):  # "4096 * 32000 = 131M parameters": the result of a printed sum, a claim
        return False
    if LENGTH_ADJECTIVE.match(after):
        return True  # "a 2K-token chat", "a 4096-token context": the length the page sets for what follows, an input
    if TOTAL_BEFORE.search(before):  # "Attention total: ~151M", "× 80 layers: ~68.5B": a count the page adds up, a claim
        return False
    if before.endswith("$"):  # "$1.1M over 3 years": dollars in millions, never a model's size
        return False
    if PRODUCT_CELL_BEFORE.search(text, max(0, start - 80), start):
        return False  # "| W_up | 8192 × 28672 | 234.9M |": the product its row prints beside it, a claim
    return bool(PARAMETERS.match(text, start)) and _is_parameter_count(text, start)


PRODUCT = r"[\d,.]+(?:[ \t]*[×x*·][ \t]*[\d,.]+)+"
"""A product of numbers and nothing else ("8192 × 1024"): a table cell of one gives the cell after it in its row."""
PRODUCT_CELL_BEFORE = re.compile(rf"\|[ \t]*{PRODUCT}[ \t]*\|[ \t*~≈]*\Z")


LENGTH_ADJECTIVE = re.compile(r"[kKmM]?-tokens?\b")
"""A count made an adjective of a length by a hyphen: "2K-token", "4096-token"."""
ADDEND_AFTER = re.compile(r"[ \t]*\+[ \t]*~?\d")
FACTOR_BEFORE = re.compile(r"[*×·÷^/(][ \t]*~?\Z")


def _an_addend(before: str, after: str) -> bool:
    """Whether the number is the first of two quantities added ("9.6 + 1.4 = 11 GB": weights plus cache), not a
    factor: an addend is a quantity of the sum's own kind, which a page works out as it works out the sum."""
    return bool(ADDEND_AFTER.match(after)) and not FACTOR_BEFORE.search(before)


def parameter_counts(text: str) -> list[tuple[int, int, float]]:
    """(start, end, parameters) of every size printed like a model's ("70B", "52B parameter", "336M param") or counted ("70e9 parameters")."""
    found = [(m.start(), m.end(), float(m[1].replace(",", ""))) for m in COUNTED.finditer(text)]
    for match in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?)\s?([BMT])(?![A-Za-z/\d])", text):
        if _is_parameter_count(text, match.start()):
            found.append((match.start(), match.end(), float(match[1]) * {"B": 1e9, "M": 1e6, "T": 1e12}[match[2]]))
    return found


NAMED_SIZE_AFTER = re.compile(r"\s*[=≈~]\s*~?\d[\d.,]*\s?[KMGT]i?B\b")
COUNTED_NOUNS = (r"(?:tok(?:en)?s?|users?|requests?|reqs?|queries|sequences?|seqs?|samples?|steps?|images?|words?|rows?|visits?|visitors?"
                 r"|sessions?|customers?|subscribers?|conversations?|chats?|calls?|documents?|docs|pages?|DAU|MAU|context(?:s|[- ]windows?)?)")
OTHER_COUNT = re.compile(
    r"\s*(?:proc(?:essed)?\s+|input\s+|output\s+|prompt\s+|generated\s+|daily\s+|monthly\s+|weekly\s+|active\s+|concurrent\s+|registered\s+)?"
    rf"{COUNTED_NOUNS}\b",
    re.IGNORECASE,
)
"""Words after a "115M" that say it counts something other than parameters ("100M daily visits")."""
COUNTED_BEFORE = re.compile(rf"(?i)\b{COUNTED_NOUNS}(?:\s*\([A-Za-z]{{2,5}}\))?\s*[:=]\s*~?\Z")
"""A label before a "100M" that names what it counts: "Registered users: 100M", "Daily active users (DAU): 10M"."""


def _is_parameter_count(text: str, start: int) -> bool:
    """"70B" is parameters unless a unit word follows it ("100B flops" counts FLOPs, "8 B" after a size is bytes)."""
    match = PARAMETERS.match(text, start)
    if match is None:
        return False
    after = text[match.end() : match.end() + 20]
    if re.search(r"(?i)param|model", match.group(0)) and (NAMED_SIZE_AFTER.match(after) or re.match(r"\s+of\s", after)):
        return True  # "7B model = 14GB", "1557.61M parameters of four bytes each": a model's count, whatever follows
    if re.match(r"\s*(?:flops?|FLOPs?|tokens?|bytes?|of\b|per\b|/|[<>=≤≥*+^·×-]\s*[\d(])", after):
        return False
    if OTHER_COUNT.match(after) or COUNTED_BEFORE.search(text, max(0, start - 40), start):
        return False  # "115M proc tok/hour", "5M users", "users: 100M": a count of something else
    if re.search(r"[÷×*/]\s*$", text[max(0, start - 3) : start]) or re.match(r"\s*[≈=]", after):
        return False  # "$48 ÷ 115M ≈ $0.42": an operand of a sum, not a model's size
    if re.search(r"\d\s+[MT]$", match.group(0)) and re.match(r"\s*\|", after):
        return False  # "| 2.6 T |": a prefix set apart in a table's cell, of the unit its header prints
    return not re.search(r"\d\s+B$", match.group(0)) or bool(re.search(r"parameters?|params?|models?", match.group(0)))


def _covers(pattern: re.Pattern, window: str, offset: int) -> bool:
    return any(m.start() <= offset < m.end() for m in pattern.finditer(window))


def _glued_to_name(before: str, after: str) -> bool:
    """Part of a name: "A100", "v5e", "Llama-3.1-8B", "gpt-oss-20b", "4x4" topologies, "H100s"."""
    if re.search(r"[A-Za-z]-?\Z", before) and not re.search(r"(?:^|\s)[xX×]\Z", before):  # \Z: "$" would also match before a line's end
        return True
    if re.match(r"[A-Za-z]\d|-[A-Za-z]|x\d", after) or re.match(r"-\d+(?:\.\d+)?[A-Za-z]", after):
        return True
    return bool(re.match(r"[a-z]{1,2}\d", after))
