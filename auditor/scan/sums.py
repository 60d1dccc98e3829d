"""Printed arithmetic in a page's text: "162e3 * 32,768 = 5.3GB", "3,350 ÷ 140 = 23.9", "44x4=176ms".

A sum is the longest run of numbers, names, units and operators before an "=" or "≈" that the
project's safe parser accepts, and the number after it is its result. Chains ("2 * K * H * L = 2 *
8 * 128 * 80 = 160kB") give a sum per link: the numbers between two signs are the expression of the
second; a lone number between two signs is a conversion ("2,097,152 bytes ≈ 0.002 GB"). A name in
a sum takes the value the page sets for it ("d_model = 8192"); a name the page never sets leaves the
sum unresolved. A run with no operator and no earlier link ("BS=240") is a setting, not a sum.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache

from auditor.base.errors import ExpressionError, QuantityError
from auditor.base.expressions import SymbolFactory, parse_expression
from auditor.base.units import parse_unit, same_dimensions, unit_or_none

from .host_links import LINK_NAME
from .locate import PRICE_SCALES

NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:_\d{3})+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+)"
MODULO = re.compile(r"\d[ \t]*%[ \t]*\d")
"""A remainder as code writes it ("10000 % 4096"): the "%" between two numbers is no share."""
SPACED_THOUSANDS = r"\d{1,3}(?:[ \u202f\u2009]\d{3})+(?![\d,.]|[ \u202f\u2009]\d)"
"""A number grouped by spaces, as SI style writes it ("100 000 / 2048", "80 × 14 336"): one operand of a sum, never two,
since a sum sets no two numbers side by side."""
TIMES_TEN = re.compile(r"(\d+(?:\.\d+)?)\s*[×·]\s*10\^(?:\(([-+]?\d+)\)|([-+]?\d+))")
SCIENTIFIC = r"\d+(?:\.\d+)?\s*[×·]\s*10\^(?:\([-+]?\d+\)|[-+]?\d+)"  # "10^(15)" or "10^15": a closing bracket only for its own opening one
"""A number written times a power of ten ("0.990 × 10^(15)", LaTeX's "0.990 \\times 10^{15}"): one number, not a product."""
UNIT_WORD = r"[A-Za-zµμ]+(?:/[A-Za-z]+)?"
# a factor's name in brackets a space after it ("2 (K+V)"): a label; letters glued to it ("4nhb(s+o)") are algebra
PRICE_PERIODS = {"hour": r"(?:hr|hour|h)\b", "month": r"(?:month|mo)\b", "year": r"(?:year|yr)\b", "week": r"(?:week|wk)\b",
                 "day": r"day\b", "minute": r"(?:minute|min)\b", "second": r"(?:second|sec|s)\b"}
"""The periods a price in a sum may be per, each as the page may spell it."""
PER = r"[ \u00a0]?/[ \u00a0]?"
PRICE = (r"\$[ \u00a0]?(?P<amount>" + NUMBER + r")(?P<scale>[KkMB](?![A-Za-z0-9]))?(?:"
         + "|".join(f"(?P<per_{name}>{PER}{pattern})" for name, pattern in PRICE_PERIODS.items()) + ")?")
"""A price as a sum prints it: "$2.50", "$2/hr" (dollars an hour), "$24,800/month", "$297,600/year", "$375k" (thousands),
"$0.000833/second" (a serverless card's rate)."""
TOKEN = re.compile(
    rf"(?P<price>{PRICE})|(?P<number>{SCIENTIFIC}|{SPACED_THOUSANDS}|{NUMBER})(?:(?:(?<=\))[ \u00a0]{{0,2}}|[ \u00a0]{{0,2}}|[-\u2010\u2011](?=(?:bit|byte)s?\b))(?!x(?![A-Za-z]))(?P<unit>{UNIT_WORD}(?!\w)|%(?![\w(])))?(?:\s*\((?P<label>[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){{0,2}}|[A-Za-z]{{3,}}\w*(?:\+[A-Za-z]{{3,}}\w*){{1,2}})\)|[ \u00a0]+\((?P<pair>[A-Za-z]\w*(?:\+[A-Za-z]\w*){{1,2}})\))?"
    r"|(?P<op>\*\*|//|[-+*/×·÷^−]|x(?=\s*[\d(.$]))"
    r"|(?P<name>[A-Za-z][A-Za-z0-9_]*)"
    r"|(?P<open>[({\[])|(?P<close>[)}\]])"
    r"|(?P<comma>,[ \t]*)"
    r"|(?P<power>[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
    r"|(?P<space>\s+)"
)
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")  # "1024³": the power printed as a superscript
RELATION = re.compile(r"(?<![<>=!])(=|≈|~=|≃)(?!=)")
SIZE_GOES_ON = rf"[ \u00a0]?{UNIT_WORD}[ \t]*(?:[*×·÷+]|/[ \t]*[\d(.]|-[ \t]*\d)"
"""A sized number the line goes on from with a sign: "= 200 GB / 25 TB/s"."""
RESULT_NUMBER = (
    rf"\s*(?:\*\*)?\s*(?:(?:[~≈]|(?i:about|roughly|approximately|approx\.|around|nearly)[ \t])\s?)?\$?(?P<number>{SCIENTIFIC}|{NUMBER})"
    rf"(?!\s+×|×(?![ \t]+[a-z]|[ \t]*(?:\n|$|[.,;:)\]|*]))|\s*(?:[*·÷^+]|\((?!\s*[A-Za-z]{{2}})|/\s*[\d(.]|x\s*\d|-\s*\d)|\.?\d|(?:,\d{{3}})+[ \t]*[-+*×·÷/][ \t]*\d"
    rf"|[ \u202f\u2009]\d{{3}}(?!\d))"  # "= 8 192": a result grouped by spaces, which the located number does not print whole
)
RESULT = re.compile(RESULT_NUMBER + rf"(?!{SIZE_GOES_ON})")  # "= 200 GB / 25 TB/s" goes on: a sum, not a result
# "= 31,125 - 1,225": a result the line goes on from is no result, and no shorter reading of its digits ("31") is either;
# "= 12.5× the warm read", "= 12×.": a sign glued to the result and then a lowercase word or the clause's end is the
# ratio's, not a product going on ("= 16× INT32" is sixteen of them)
# a list item starts afresh, and so does a line that sets a name ("seq=4096: 480 / 1.31 = 366" under "... = 727",
# "Activations ≈ 0.3 GB" under "... ≈ 1 GB");
# a host link's name ends what comes before it: "PCIe 4.0 x8 manages ≈14 GB/s" prints no sum of 4.0 and 8
BOUNDARY = re.compile(r"(?:(?i:" + LINK_NAME + r")|[.!?:;](?=\s)|\n\s*\n|\n(?=[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t])|\n(?=[ \t]*[A-Za-z_]\w*(?:[ \t]+[A-Za-z_]\w*){0,3}[ \t]*(?:=[^=]|≈|~=))|[|`,](?!\d{3})|\$(?![ \u00a0]?\d))")
MAX_SPAN = 240
PAGE_FUNCTIONS = frozenset({"ceil", "ceiling", "floor", "min", "max", "sqrt", "log2"})  # what pages round and bound with
NUMBER_AT = re.compile(NUMBER)
ALGEBRA = re.compile(r"\d\s*[A-Za-z]{1,3}\s*(?:\^|²|³)")  # "2h^2", "6h^2", "24nh²": a coefficient of a letter's power, not a quantity


@dataclass
class Sum:
    """One printed sum: where its expression and result are, the expression as the parser reads it."""

    start: int
    end: int
    result_start: int
    expression: str
    names: tuple[str, ...]
    relation: str
    operators: int
    operand_spans: list[tuple[int, int]] = field(default_factory=list)
    unreadable: str = ""  # why the expression is not the page's whole sum, when it is not


def find_sums(text: str) -> list[Sum]:
    """Every printed sum in ``text``, in order, each with the span of its result's first digit."""
    found: list[Sum] = []
    previous_end, previous_result, result_end = 0, None, 0
    rewritten, unfinished = [], None  # the sum before an "=" the chain goes on from, to read the next link against
    read = REMARK.sub(lambda m: " " * len(m[0]), text) if "(" in text else text  # the same offsets, remarks blanked
    read = FACTOR_LABEL.sub(lambda m: " " * len(m[0]), read)  # "× hidden 4096": the factor's name, blanked likewise
    if "[" in read:  # "[System: 500 tokens] + [Tools: 2000 tokens]": each term in brackets with its name, read without them
        read = TERM_CLOSE.sub(" ", TERM_LABEL.sub(lambda m: " " * len(m[0]), read))
    for relation in RELATION.finditer(text):
        if _a_setting(text, relation):
            previous_end, previous_result, unfinished = relation.end(), None, None
            continue
        result = RESULT.match(text, relation.end()) or _result_going_nowhere(text, relation.end())
        low = max(previous_end, relation.start() - MAX_SPAN, _boundary_before(text, relation.start()))
        chained = previous_result is not None and previous_result >= low
        # "10000 % 4096 = 1808": a remainder, which no reading of its digits as a sum or a share gives
        parsed = None if MODULO.search(text, low, relation.start()) else _longest_sum(
            read, low, relation.start(), chained or _period_conversion(text, relation) or _unit_conversion(text, relation))
        symbol = SYMBOL_AFTER.match(text, result.end()) if result is not None and parsed is not None else None
        if symbol is not None and symbol[1] in COUNT_SUFFIXES and re.search(rf"\d{symbol[1]}\b", text[parsed[0] : parsed[1]]):
            # "F_Q = 2T · 5120 · 8192 = 83,886,080 T": the T after the result is the symbol glued to "2T", no trillion
            parsed = _longest_sum(read, low, relation.start(), chained or _period_conversion(text, relation), symbol[1]) or parsed
        if parsed is not None and chained and not parsed[4] and re.search(r"\d", text[result_end : parsed[0]]):
            parsed = None  # "= 4 GPUs / 10 adapters × ~700 MB each = 7 GB": a lone number is a conversion only right after the last result
        if parsed is not None and not parsed[5] and all(_is_unit(name) for name in parsed[3]):
            parsed = None  # "tokens/s = 1000 / TPOT_ms": units and no number, a conversion rule written out, not a sum
        if (parsed is not None and len(parsed[5]) == 1 and parsed[5][0][0] == parsed[0] and parsed[3] and all(_is_unit(name) for name in parsed[3])
                and not RATE_SIGNS.search(text, parsed[0], parsed[1]) and not (chained or _period_conversion(text, relation) or _unit_conversion(text, relation))):
            parsed = None  # "1B tokens/month = $250 revenue": one quantity (a number, then its rate's units) said at its price
        if parsed is not None and not parsed[4] and result is not None and _counts_differ(text, parsed[5], result):
            parsed = None  # "1 token ≈ 4 characters ≈ 0.75 words": one thing said in two counts, no conversion
        if (parsed is not None and not parsed[4] and result is not None and "*" in parsed[2]
                and re.match(r"[ \t]*%", text[result.end("number") : result.end("number") + 3])):
            parsed = None  # "$500 revenue = 50% margin": a share is no amount restated in another unit
        if unfinished is not None and parsed is not None and not text[unfinished[1] : parsed[0]].strip(" \t~≈"):
            rewritten.extend(_rewrite(read, unfinished[0], parsed))
        unfinished = (parsed, relation.end()) if parsed is not None and parsed[4] and result is None else None
        previous_end = relation.end()
        previous_result = None
        if result is None:
            continue
        previous_result, result_end = result.start("number"), result.end()
        if parsed is not None:
            unreadable = (_unreadable(text, parsed[0], relation.start(), result.start("number")) or _solved_for(text, result.end(), parsed[3])
                          or _counted_again(text, parsed, result) or _factors_named(text, parsed, result) or _identity_in(text, parsed, result))
            found.append(Sum(*parsed[:2], result.start("number"), parsed[2], parsed[3], relation.group(1), parsed[4], parsed[5], unreadable))
    found = _with_ratios_beside(text, _with_breakdowns(text, _with_bracketed_results(text, _with_parenthesized(text, [_numerator_restated(text, f) for f in found]))))
    if rewritten:
        results = {f.result_start for f in found}
        found = sorted(found + [r for r in rewritten if r.result_start not in results], key=lambda f: f.start)
    return _with_bracketed_conversions(text, found) if "(" in text else found


RESULT_GOING_ON = re.compile(RESULT_NUMBER)
CLAUSE_END = re.compile(r"[()\[\]|]|\n[ \t]*\n|[.;!?](?=\s|$)")  # a chain's next link may stand on the next line


def _result_going_nowhere(text: str, at: int) -> re.Match | None:
    """A sized result the clause goes on from with a sum that comes to no sign of its own ("72−16−2 ≈ 54 GB ÷ 0.54 GB)",
    its quotient printed elsewhere): the number is that link's result, where "= 200 GB / 25 TB/s = 8 ms" goes on to one."""
    found = RESULT_GOING_ON.match(text, at)
    if found is None or not GOES_ON.match(text, found.end()):
        return None
    return None if RELATION.search(text, found.end(), _clause_end(text, found.end())) else found


def _clause_end(text: str, at: int) -> int:
    """Where the clause from ``at`` ends: a bracket closing one opened before it, a table cell's edge, a blank line or a
    sentence's end; brackets opened after it are the sum's own ("54 GB ÷ (2 × 0.27 GB)")."""
    depth = 0
    for found in CLAUSE_END.finditer(text, at):
        mark = found[0]
        if mark in "([":
            depth += 1
        elif mark in ")]" and depth:
            depth -= 1
        else:
            return found.start()
    return len(text)


GOES_ON = re.compile(SIZE_GOES_ON)
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "**": 3}


def _rewrite(text: str, before, after) -> list[Sum]:
    """The step of a chain that works out one part of the link before it and keeps the rest ("200 GB / (50 TB/s × 0.50)
    = 200 GB / 25 TB/s", "4 × 80 × 64 × 128 × 4096 = 4 × 80 × 33,554,432"): the number that stands where the part stood
    is that part's result, a sum the page prints without a sign of its own. The two links must agree token for token
    outside the part, and the part must be a whole operand where it stands, or the rewrite says nothing about it."""
    first, second = _solid_tokens(text, before[0], before[1]), _solid_tokens(text, after[0], after[1])
    keys_first, keys_second = [_token_key(t) for t in first], [_token_key(t) for t in second]
    head = 0
    while head < min(len(first), len(second)) and keys_first[head] == keys_second[head]:
        head += 1
    tail = 0
    while tail < min(len(first), len(second)) - head and keys_first[-1 - tail] == keys_second[-1 - tail]:
        tail += 1
    part, stands = first[head : len(first) - tail], second[head : len(second) - tail]
    if len(stands) == 1 and _whole_operand(keys_first[:head], [_token_key(t) for t in part], keys_first[len(first) - tail :]):
        worked = _worked_part(text, part, stands[0])
        return [worked] if worked is not None else []
    terms_first, terms_second = _terms(first), _terms(second)  # "(a × b) - (c × d) = 31,125 - 1,225": each term its own part
    if len(terms_first) < 2 or [t[0] for t in terms_first] != [t[0] for t in terms_second]:
        return []
    pairs = [(a[1], b[1]) for a, b in zip(terms_first, terms_second) if [_token_key(t) for t in a[1]] != [_token_key(t) for t in b[1]]]
    worked = [_worked_part(text, _unbracketed(a), b[0]) for a, b in pairs if len(b) == 1]
    return worked if len(worked) == len(pairs) and None not in worked else []


def _worked_part(text: str, part: list[re.Match], stands: re.Match) -> Sum | None:
    """The sum ``part`` with the number ``stands`` as its result, when the part is numbers and signs that parse whole."""
    if _kind(stands) != "number" or not any(_kind(t) == "op" for t in part):
        return None
    parsed = _longest_sum(text, part[0].start(), part[-1].end(), False)
    if parsed is None or parsed[0] != part[0].start() or parsed[3] or len(parsed[5]) < 2:
        return None
    return Sum(parsed[0], parsed[1], stands.start("number"), parsed[2], parsed[3], "=", parsed[4], parsed[5], "")


def _terms(tokens: list[re.Match]) -> list[tuple[str, list[re.Match]]]:
    """The tokens split at their weakest signs outside brackets, each term with the sign before it."""
    depth, weakest = 0, 4
    for token in tokens:
        depth += {"open": 1, "close": -1}.get(_kind(token), 0)
        if _kind(token) == "op" and depth == 0 and token is not tokens[0]:
            weakest = min(weakest, PRECEDENCE[OPERATORS[token.group(0)]])
    terms, depth = [("", [])], 0
    for token in tokens:
        depth += {"open": 1, "close": -1}.get(_kind(token), 0)
        if _kind(token) == "op" and depth == 0 and terms[-1][1] and PRECEDENCE[OPERATORS[token.group(0)]] == weakest:
            terms.append((OPERATORS[token.group(0)], []))
        else:
            terms[-1][1].append(token)
    return terms if weakest < 4 and all(t[1] for t in terms) else []


def _unbracketed(tokens: list[re.Match]) -> list[re.Match]:
    """A term without the brackets around the whole of it: "(49 × 50 / 2)" as "49 × 50 / 2"."""
    if len(tokens) > 2 and _kind(tokens[0]) == "open" and _kind(tokens[-1]) == "close" and _whole_operand([], [_token_key(t) for t in tokens[1:-1]], []):
        return tokens[1:-1]
    return tokens


def _solid_tokens(text: str, start: int, end: int) -> list[re.Match]:
    return [t for t in TOKEN.finditer(text, start, end) if _kind(t) != "space"]


def _token_key(token: re.Match) -> tuple:
    """What a token says, whatever its spacing or separators: a number's value and unit, an operator's meaning."""
    kind = _kind(token)
    if kind == "number":
        return kind, plain_number(token.group("number")).lstrip("0") or "0", (token.group("unit") or "").lower()
    if kind == "op":
        return kind, OPERATORS[token.group(0)]
    return kind, token.group(0)


def _whole_operand(head: list[tuple], part: list[tuple], tail: list[tuple]) -> bool:
    """Whether ``part`` reads the same alone as between ``head`` and ``tail``: bracketed, or bound tighter than the
    signs either side of it ("a + b × c" holds "b × c"; "a / b × c" does not hold "b × c")."""
    depth, weakest = 0, 4
    for kind, *value in part:
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
            if depth < 0:
                return False
        elif kind == "op" and depth == 0:
            weakest = min(weakest, PRECEDENCE[value[0]])
    if depth:
        return False
    if head and head[-1][0] == "op":
        left = head[-1][1]
        if PRECEDENCE[left] > weakest or (PRECEDENCE[left] == weakest and left in ("-", "/", "**")):
            return False
    if tail and tail[0][0] == "op":
        right = tail[0][1]
        if PRECEDENCE[right] > weakest or (PRECEDENCE[right] == weakest == 3):
            return False
    return True


PERIOD_PRICE = r"\$[ \u00a0]?" + NUMBER + PER + f"(?:{'|'.join(PRICE_PERIODS.values())})"
PERIOD_PRICE_BEFORE = re.compile(PERIOD_PRICE + r"[ \t]*$")
PERIOD_PRICE_AFTER = re.compile(r"[ \t]*[~≈]?[ \t]*" + PERIOD_PRICE)


def _period_conversion(text: str, relation: re.Match) -> bool:
    """A price per one period set equal to a price per another ("$24,800/month = $297,600/year"): one operand, no
    operator, and still a sum, the periods' ratio being its arithmetic."""
    return bool(PERIOD_PRICE_BEFORE.search(text[max(0, relation.start() - 40) : relation.start()])
                and PERIOD_PRICE_AFTER.match(text, relation.end()))


RATE_SIGNS = re.compile(r"[×*·÷+^−]|\s-\s")
"""Signs that make a run of a number and units a product or a sum, where "/" alone makes a rate ("tokens/month")."""
SIZED_BEFORE = re.compile(rf"(?<![\w.,])(?P<number>{NUMBER})[ \u00a0]?(?P<unit>[A-Za-zµ]+(?:/[A-Za-z]+)?)[ \t]*$")
SIZED_AFTER = re.compile(rf"[ \t]*[~≈]?[ \t]*(?P<number>{NUMBER})[ \u00a0]?(?P<unit>[A-Za-zµ]+(?:/[A-Za-z]+)?)\b")


def _unit_conversion(text: str, relation: re.Match) -> bool:
    """A figure set equal to itself in another unit of its kind ("29,688,662,589,440 FLOPs = 29.6887 TFLOPs",
    "17,179,869,184 bytes = 16 GB"): one operand, no operator, and still a sum, the units' ratio being its arithmetic,
    and the place a size in GiB printed as GB shows. Not a definition of one unit in another ("1 GB = 1024 MB", "8 bits =
    1 byte")."""
    before = SIZED_BEFORE.search(text[max(0, relation.start() - 48) : relation.start()])
    after = SIZED_AFTER.match(text, relation.end())
    if before is None or after is None or before["unit"] == after["unit"] or {plain_number(before["number"]), plain_number(after["number"])} & {"1", "1.0"}:
        return False
    first, second = unit_or_none(before["unit"]), unit_or_none(after["unit"])
    return first is not None and second is not None and not first.dimensionless and first.dimensions == second.dimensions


def _numerator_restated(text: str, found: Sum) -> Sum:
    """A step that prints its numerator's value and keeps the division for the next ("(2 × 8192 × 80) / 1,073,741,824
    = 20,401,094,656 bytes / 1,073,741,824 ≈ 19 GB"): the result is the numerator's, so the sum is the numerator alone."""
    if len(found.operand_spans) < 2:
        return found
    low, high = found.operand_spans[-1]
    divisor = text[low:high]
    slash = text.rfind("/", found.start, low)
    if slash < 0 or text[slash + 1 : low].strip() or text[high : found.end].strip():
        return found  # the sum does not end in "/ divisor"
    result = NUMBER_AT.match(text, found.result_start)  # the result as printed, where the sum's parse begins
    after = text[result.end() : result.end() + 48] if result else ""
    if not re.match(rf"[ \t]*(?:[A-Za-z]{{1,8}}[ \t]*)?/[ \t]*{re.escape(divisor)}(?![\d,.])", after):
        return found
    parsed = _longest_sum(text, found.start, len(text[:slash].rstrip()), False)
    if parsed is None or parsed[0] != found.start:
        return found
    return Sum(parsed[0], parsed[1], found.result_start, parsed[2], parsed[3], found.relation, parsed[4], parsed[5], found.unreadable)


PARENTHESIZED = re.compile(
    rf"(?<![\w.,])(?P<number>{NUMBER})(?:[ \u00a0]?{UNIT_WORD})?(?:[ \u00a0]+[A-Za-z][\w-]*){{0,3}}[ \u00a0]+"
    r"\((?P<inner>[^()=≈\n]{3,120}?(?:\([^()=≈\n]{1,60}\)[^()=≈\n]{0,60})?)\)"
)
"""A number followed by the sum that gives it, in brackets set apart: "about 381 sequences (500 GB / 1.31 GB)"
("2h(s+o)" is algebra)."""


def _with_parenthesized(text: str, found: list[Sum]) -> list[Sum]:
    """The sums printed in brackets after their result, added to those printed before an "=", in order."""
    return _added_sums(text, found, PARENTHESIZED, "inner", _parenthesized)


def _parenthesized(text: str, match: re.Match, parsed) -> Sum | None:
    low, high = match.span("inner")
    if text[low : parsed[0]].strip() or not parsed[4] or parsed[3] or len(parsed[5]) < 2:
        return None  # the whole bracket must be one sum of two printed numbers or more, with no name in it
    unreadable = "algebra in the page's letters, not a sum of quantities" if ALGEBRA.search(text, low, high) else ""
    return Sum(parsed[0], parsed[1], match.start("number"), parsed[2], parsed[3], "=", parsed[4], parsed[5], unreadable)


BREAKDOWN_LABEL = r"(?:[A-Za-z][\w-]*:?[ \t]+){1,3}"
BREAKDOWN_TERM = rf"\$?[ \u00a0]?{NUMBER}(?:[ \u00a0]?{UNIT_WORD})?"
BREAKDOWN = re.compile(
    rf"(?<![\w.,])(?P<number>{NUMBER})(?:[ \u00a0]?{UNIT_WORD})?(?:[ \u00a0]+[A-Za-z][\w-]*){{0,3}}[ \u00a0]+\("
    rf"(?P<inner>{BREAKDOWN_LABEL}{BREAKDOWN_TERM}(?:[ \t]*\+[ \t]*{BREAKDOWN_LABEL}{BREAKDOWN_TERM}){{1,7}})[ \t]*\)"
)
"""A total followed by its parts in brackets, each named before its figure: "$12,729 (amortisation $10,278 + energy
$1,251 + hosting $1,200)". The names say what each part is; the sum is read without them."""
LABEL_WORDS = re.compile(BREAKDOWN_LABEL + r"(?=\$|\d)")
LEADING_LABEL = re.compile(rf"[ \t]*(?:{BREAKDOWN_LABEL})?")


def _with_breakdowns(text: str, found: list[Sum]) -> list[Sum]:
    """The named breakdowns a page prints after their totals, added to the other sums, in order."""
    if "+" not in text or "(" not in text:
        return found
    return _added_sums(text, found, BREAKDOWN, "inner", _breakdown, _masked_labels(text))


def _masked_labels(text: str) -> str:
    """The text with the names inside each breakdown's brackets blanked, one space a character, so every offset stays."""
    parts, last = [], 0
    for match in BREAKDOWN.finditer(text):
        low, high = match.span("inner")
        parts += [text[last:low], LABEL_WORDS.sub(lambda m: " " * len(m.group(0)), text[low:high])]
        last = high
    return "".join(parts) + text[last:] if parts else text


def _breakdown(text: str, match: re.Match, parsed) -> Sum | None:
    low = match.start("inner")
    if not LEADING_LABEL.fullmatch(text, low, parsed[0]) or parsed[3] or len(parsed[5]) < 2:
        return None  # the whole bracket one sum of named parts
    return Sum(parsed[0], parsed[1], match.start("number"), parsed[2], parsed[3], "=", parsed[4], parsed[5], "")


RATIO_BESIDE = re.compile(
    rf"(?<![\w.,])(?P<inner>{NUMBER}(?:[ \u00a0]?{UNIT_WORD})?[ \t]*/[ \t]*{NUMBER}(?:[ \u00a0]?{UNIT_WORD})?)[ \t]*"
    rf"\([ \t]*[~≈]?[ \t]*(?P<number>{NUMBER})[ \t]?[x×][ \t]*\)"
)
"""Two figures and their ratio in brackets after them: "3,387 / 908 (3.73x)", a measured value over an ideal one."""


def _with_ratios_beside(text: str, found: list[Sum]) -> list[Sum]:
    """The ratios printed in brackets after the two figures they divide, added to the other sums, in order."""
    return _added_sums(text, found, RATIO_BESIDE, "inner", _ratio_beside) if "/" in text and "(" in text else found


def _ratio_beside(text: str, match: re.Match, parsed) -> Sum | None:
    if text[match.start("inner") : parsed[0]].strip() or parsed[3] or len(parsed[5]) != 2:
        return None
    return Sum(parsed[0], parsed[1], match.start("number"), parsed[2], parsed[3], "=", parsed[4], parsed[5], "")


BRACKETED_RESULT = re.compile(
    rf"(?<![\w.])[A-Za-z_]\w{{0,30}}[ \t]*=[ \t]*(?P<expression>[^=()\n#|]{{3,160}}?)[ \t]*"
    rf"\([ \t]*[~≈]?[ \t]*(?P<number>{NUMBER})[ \t]*{UNIT_WORD}[ \t]*\)"
)
"""A name set to a sum whose value follows in brackets: "W_q = d_model × d_model (32MB)"."""


def _with_bracketed_results(text: str, found: list[Sum]) -> list[Sum]:
    """The sums a page prints as "name = sum (result)", added to the others, in order."""
    return _added_sums(text, found, BRACKETED_RESULT, "expression", _bracketed) if "(" in text else found


def _bracketed(text: str, match: re.Match, parsed) -> Sum | None:
    if text[match.start("expression") : parsed[0]].strip() or not parsed[4]:
        return None  # the whole of it one sum, with an operator
    return Sum(parsed[0], parsed[1], match.start("number"), parsed[2], parsed[3], "=", parsed[4], parsed[5], "")


def _added_sums(text: str, found: list[Sum], pattern: re.Pattern, group: str, build, reading: str = "") -> list[Sum]:
    """``found`` and the sums ``pattern`` finds in its ``group`` that no found sum covers, each as ``build`` reads it;
    ``reading``: the text the sums are parsed from, where it differs from the page's by blanks only."""
    results = {f.result_start for f in found}
    covered = [(f.start, f.end) for f in found]
    extra = []
    for match in pattern.finditer(text):
        low, high = match.span(group)
        if match.start("number") in results or any(a < high and low < b for a, b in covered):
            continue
        parsed = _longest_sum(reading or text, low, high, False)
        added = build(text, match, parsed) if parsed is not None else None
        if added is not None:
            extra.append(added)
    return sorted(found + extra, key=lambda f: f.start) if extra else found


BRACKETED_CONVERSION = re.compile(
    rf"(?P<result>{NUMBER})[ \u00a0]?(?P<unit>{UNIT_WORD})[ \t]*\([ \t]*[~≈]?[ \t]*(?P<number>{NUMBER})[ \u00a0]?(?P<again>{UNIT_WORD})[ \t]*\)"
)
"""A number with its unit, then the same amount in another unit in brackets: "= 3,072 bytes (3 KB)", "15,360 MiB (15 GB)"."""


def lone_term(text: str, start: int, end: int) -> tuple[str, list[tuple[int, int]]] | None:
    """The one number (with its unit) printed from ``start`` to ``end`` as a sum's operand reads it: its expression
    and span; None where the span holds anything else, a name included."""
    parsed = _longest_sum(text, start, end, True)
    if parsed is None or (parsed[0], parsed[1]) != (start, end) or parsed[3] or parsed[4]:
        return None
    return parsed[2], parsed[5]


def bracketed_conversion(text: str, start: int) -> Sum | None:
    """The number at ``start`` printed again in brackets in another unit of its dimension ("15,360 MiB (15 GB)"), as a
    conversion of it whose result is the bracket's number; None where no such bracket follows."""
    match = BRACKETED_CONVERSION.match(text, start)
    if match is None or match["unit"] == match["again"] or not same_dimensions(match["unit"], match["again"]):
        return None
    if parse_unit(match["unit"]).dimensionless:
        return None  # "8 x (2 times)": no quantity to convert
    parsed = _longest_sum(text, start, match.end("unit"), True)
    if parsed is None or parsed[4] or parsed[0] != start:
        return None
    return Sum(parsed[0], parsed[1], match.start("number"), parsed[2], parsed[3], "≈", 0, parsed[5], "")


def _with_bracketed_conversions(text: str, found: list[Sum]) -> list[Sum]:
    """A result printed again in brackets in another unit of its dimension ("16,384 x 32 = 524,288 bytes (512 KB)"),
    as a conversion of it, like "≈ 512 KB" after it would be. The bracket's place, right behind the result, is
    what makes it a restatement, whatever its figures; a bracket in another dimension ("= 140 GB (2 GPUs)") is
    another quantity, and is left alone."""
    results = {f.result_start for f in found}
    conversions = [bracketed_conversion(text, start) for start in sorted(results)]
    extra = [c for c in conversions if c is not None and c.result_start not in results]
    return sorted(found + extra, key=lambda f: f.start) if extra else found


LITERAL = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w.])")
"""A number as the expression writes it ("4096", "2.5e9"): one per printed operand."""


def operand_literals(found: Sum) -> list[re.Match] | None:
    """The expression's numbers, one for each printed operand in order; None where they do not pair up one for
    one ("10^9" writes two numbers for one operand)."""
    literals = list(LITERAL.finditer(found.expression))
    return literals if len(literals) == len(found.operand_spans) else None


def with_literal(expression: str, literal: re.Match, text: str) -> str:
    """``expression`` with the number ``literal`` (a match in it) written as ``text``."""
    return expression[: literal.start()] + text + expression[literal.end() :]


def _unreadable(text: str, start: int, end: int, result: int) -> str:
    """Why the parsed expression is not the page's sum ('' when it is)."""
    if ALGEBRA.search(text, start, end) or ALGEBRA.match(text, result):
        return "algebra in the page's letters (\"3*2h^2 = 6h^2\"), not a sum of quantities"
    if start > 0 and text[start - 1].isalnum():
        return "the sum goes on to the left in letters the parser cannot read (\"4nhb(s+o)\")"
    if OPERATOR_BEFORE.search(text, max(0, start - 8), start):
        return "the sum goes on to the left of what the parser can read (\"(2 × 70B params × 8192 tokens) / (16 × ...)\")"
    return ""


OPERATOR_BEFORE = re.compile(r"[*/×÷·^][ \t\u00a0]*$")
"""A product's or quotient's sign right before the part of a sum that parses: the sum began farther left."""


SOLVED = re.compile(r"[^\S\n]*(?:[A-Za-z/]{1,12}[^\S\n]*)?[,;]?[^\S\n]*(?:⇒|⟹|→|=>|\bso\b|\bhence\b|\bgives\b)[^\S\n]*(?P<name>(?P<stem>[A-Za-z][A-Za-z0-9]*)\w*)(?:_\{?\w+\}?)?[^\S\n]*(?:=|≈|~)")


def _solved_for(text: str, result_end: int, names: tuple[str, ...]) -> str:
    """An equation the page goes on to solve for one of its names ("B/2 = 156 ⇒ B ≈ 312"): the printed number is
    given, the name is what follows from it, so the line is no sum to check."""
    solved = SOLVED.match(text, result_end)
    named = solved and next((n for n in (solved["name"], solved["stem"]) if n in names), None)
    if named:
        return f"an equation solved for {named}, not a sum"  # "⇒ B_A100 ≈ 312" solves for B
    return ""


COUNTED_AS = re.compile(r"[ \u00a0]*([A-Za-z]{3,})")


def _counts_differ(text: str, spans: list, result: re.Match) -> bool:
    """Whether a lone number and the number it is equated with count different things ("4 characters ≈ 0.75
    words"): two nouns that are no units, and not the same word."""
    if len(spans) != 1:
        return False
    before, after = COUNTED_AS.match(text, spans[0][1]), COUNTED_AS.match(text, result.end("number"))
    if before is None or after is None or _is_unit(before[1]) or _is_unit(after[1]):
        return False
    return before[1].lower().rstrip("s") != after[1].lower().rstrip("s")


GLUED_NAME = re.compile(r"(?<![\w.])[A-Za-z_]\w*$")
FIELD_NAME = re.compile(r"(?<![\w.])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+[ \t]*$")
"""A program's or a counter's name with its underscores ("TENSOR_ACTIVE", "kv_bytes") right before a sign: it sets
that name, so no number before it is converted into the value after."""


def _a_setting(text: str, relation: re.Match) -> bool:
    """A name glued to its "=" and its value glued after it ("TP=2 / B=8192", "min=12.54s med=13.31s"), or set apart
    after a name that is no unit ("users=   0"): each sets a name, so the text before it is no sum the value is the
    result of."""
    field = FIELD_NAME.search(text, max(0, relation.start() - 48), relation.start())
    if field is not None and not re.search(r"[×*·/÷+\-−(^][ \t]*$", text[max(0, field.start() - 8) : field.start()]):
        return True  # "DRAM_ACTIVE ≈ 0.90   TENSOR_ACTIVE ≈ 0.005": a counter's name, then what it reads; "L × d_model ≈" sums
    if relation.group(1) != "=" or (name := GLUED_NAME.search(text, max(0, relation.start() - 48), relation.start())) is None:
        return False
    # "kv=  7.04 GiB  users=   0": a printed line of settings sets each name, its value set apart to line up the columns
    return text[relation.end() : relation.end() + 1].strip() != "" or not _is_unit(name.group(0))


NAMED_FACTORS = re.compile(r"\s*\d[\d,.]*[ \u00a0]+[A-Za-z]+(?:\s*[×x*·]\s*\d[\d,.]*[ \u00a0]+[A-Za-z]+)+\s*")
"""A product each of whose factors is a count with the noun it counts ("32 layers × 8 batch × 3000 frames")."""


def _identity_in(text: str, parsed, result: re.Match) -> str:
    """Why a sum is a formula rewritten, not worked: a letter of its left side comes back in terms after its "result"
    ("(1.606e10 + B × 5.704e8) / 2.245e12 = 7.15 ms + B × 0.254 ms" holds for every B); '' otherwise."""
    letters = set(re.findall(r"(?<![\w.])([A-Za-z])(?![\w.])", text[parsed[0] : parsed[1]]))
    line_end = text.find("\n", result.end())
    after = text[result.end() : line_end if line_end >= 0 else len(text)]
    again = re.match(r"[^=\n]*?[ \t][-+−][ \t][^=\n]*?(?<![\w.])([A-Za-z])(?![\w.])", after)  # a term of its own, not "× T"
    return f"an identity in {again[1]}: the letter comes back after the result, which is no number" if again and again[1] in letters else ""


def _factors_named(text: str, parsed, result: re.Match) -> str:
    """Why a product of named counts is no sum of a size ("32 layers × 8 batch × 3000 frames ≈ 3.93 GB"): it names
    what the size grows with, and leaves out the bytes each element takes; '' where it is a sum."""
    after = UNIT_AFTER_RESULT.match(text, result.end("number"))
    unit = unit_or_none(after[1]) if after else None
    if unit is None or not unit.dimensions or not NAMED_FACTORS.fullmatch(text, parsed[0], parsed[1]):
        return ""
    if re.search(rf"(?i)\b{SIZED_NOUN}\b", text[parsed[0] : parsed[1]]):
        return ""  # "6144 floats × 80 layers ≈ 2 MB": a count of sized things, which the proposal says of its own
    if any((named := unit_or_none(word)) is not None and named.dimensions == unit.dimensions for word in re.findall(r"[A-Za-z]+", text[parsed[0] : parsed[1]])):
        return ""  # "4 layers × 2 MB" prints the size it multiplies
    return "it names the counts the size grows with, not the bytes each element takes"


SIZED_NOUN = r"(?:floats?|values?|elements?|param(?:eter)?s?|weights?|numbers?|entries|scalars?)"
"""What a count may count whose size in bytes a page leaves unsaid: "6144 floats"."""
UNIT_AFTER_RESULT = re.compile(rf"[ \u00a0]?({UNIT_WORD})")


def _counted_again(text: str, parsed, result: re.Match) -> str:
    """A count times a name printed again as that count of what the name stands for ("τ = 35 × B = 35
    max-num-batched-tokens chunks"): the same product in words, not a value to check."""
    names, spans = parsed[3], parsed[5]
    noun = re.match(r"[ \u00a0]?([A-Za-z][\w-]*)", text[result.end("number") :])
    if not names or len(spans) != 1 or noun is None or _is_unit(noun[1]):
        return ""
    if plain_number(text[slice(*spans[0])]) == plain_number(result["number"]):
        return "the product said again in words, as so many of what its name stands for"
    return ""


def _boundary_before(text: str, position: int) -> int:
    # a little past the position, for a boundary's lookahead ("\nseq=" sees its "=")
    ends = [m.end() for m in BOUNDARY.finditer(text, max(0, position - MAX_SPAN), position + 2)
            if m.end() <= position and not (m[0] == "," and _between_arguments(text, m.start()))]
    return ends[-1] if ends else max(0, position - MAX_SPAN)


CALL_OPEN = re.compile(r"\b(?:" + "|".join(sorted(PAGE_FUNCTIONS)) + r")[ \t]*\([^()\n]*$")
"""A page function's bracket still open before a comma: "min(107, 80) = 80" parts its arguments, no clause."""


def _between_arguments(text: str, comma: int) -> bool:
    """Whether the comma at ``comma`` parts two arguments of a function the page bounds or rounds with."""
    return bool(CALL_OPEN.search(text, max(0, text.rfind("\n", 0, comma) + 1, comma - MAX_SPAN), comma))


REMARK = re.compile(r"(?<=[\d}])[ \t]*\([A-Za-z]{2,}[A-Za-z0-9 ,'_/-]*\)(?=[ \t]*(?:[×*·/÷+=]|x[ \t]))")
"""Words in brackets after an operand, before the next sign: "2 (for K and V) × 64 (layers) × ... = 536,870,912 bytes" says
what each figure is; the sum is read without them."""
FACTOR_LABEL = re.compile(r"(?<=[×*·])[ \t]+(?:[a-z][a-z_-]*|[^\W\d_A-Za-z]+)(?=[ \t]+\d)")
"""A factor's name between a product's sign and its figure: "배치 16 × 토큰 1 × hidden 4096 × 2B" names what each figure
is. A word there parses as no sum, so the sum is read without it; a capital's word is a product's name ("2× EPYC 9654")."""
TERM_LABEL = re.compile(r"\[[^\[\]\n:]{1,40}:[ \t]*(?=\$?\d)")
TERM_CLOSE = re.compile(r"(?<=[\w%])\](?=[ \t]*(?:[-+×*/÷=≈]|\n[ \t]*[-+=≈]))")
"""A term a page writes in brackets with its name ("[User msg 1: 50 tokens] + ..."): the name and the brackets go."""
DTYPE_AFTER = re.compile(r"[ \t]?\((?:fp|bf|int|float)(?P<bits>4|8|16|32)\b", re.IGNORECASE)
"""A number format in brackets right after a figure with its B ("2B(FP16)"): the format's bytes a value, where the
figure is that width ("7B(FP16)" is a model of seven billion parameters)."""
SYMBOL_AFTER = re.compile(r"[ \t\u2009\u202f]+([A-Z])(?![\w/]|[ \t]+[a-z])")
"""A lone capital set apart after a result, no count's noun after it ("= 83,886,080 T", not "= 8,935M tokens"): the
symbol both sides of the sum carry."""


def _longest_sum(text: str, low: int, high: int, chained: bool, symbol: str = ""):
    """(start, end, expression, names, operators, operand spans) of the longest parseable run ending at ``high``."""
    tokens = [m for m in TOKEN.finditer(text, low, high)]
    if not tokens or text[tokens[-1].end() : high].strip():
        return None
    covered = _contiguous(tokens)
    for index in range(len(covered)):
        run = covered[index:]
        if _kind(run[0]) in ("space", "op", "close") and run[0].group(0) not in ("-", "−"):
            continue
        if run[0].group(0) in ("-", "−") and _bullet(text, run[0]):
            continue
        if _kind(run[0]) == "name" and re.search(r"\bper\s+$", text[max(0, run[0].start() - 8) : run[0].start()]):
            continue  # "48 tokens/s per request × 16": the word ends a rate's unit, no sum starts in it
        if _kind(run[0]) == "name" and _is_unit(run[0].group(0)) and CUT_QUANTITY.search(text, max(0, run[0].start() - 12), run[0].start()):
            continue  # "128 xk tokens ÷ 25 tok/s": the unit of a number the run cannot read, no "1 token" of its own
        built = _expression(run, symbol)
        if built is None:
            continue
        expression, names, operators, spans = built
        if operators or (chained and len(spans) == 1):
            return run[0].start(), run[-1].end(), expression, names, operators, spans
    return None


CUT_QUANTITY = re.compile(r"\d[ \t\u00a0\u2010\u2011-]*(?:[A-Za-z]{1,2}[ \t\u00a0]+)?$")
"""A number, and at most a short word, right before a unit: the unit is that number's, whatever the number's reading."""


def _bullet(text: str, token: re.Match) -> bool:
    """A dash that opens a list item ("- 4096 * 32000 = 131M"): nothing before it on its line, a space after."""
    line_start = text.rfind("\n", 0, token.start()) + 1
    return not text[line_start : token.start()].strip() and text[token.end() : token.end() + 1] in (" ", "\t")


def _contiguous(tokens: list[re.Match]) -> list[re.Match]:
    """The tokens that touch one another up to ``high``: a gap of other text ends the run."""
    run: list[re.Match] = []
    for token in reversed(tokens):
        if run and token.end() != run[0].start():
            break
        run.insert(0, token)
    return [t for t in run if _kind(t) != "space" or t is not run[-1]]


def _kind(token: re.Match) -> str:
    if token.group("number") is not None:
        return "number"
    return "price" if token.group("price") is not None else token.lastgroup


DESCRIPTOR = re.compile(r"[A-Za-z]{3,}|[A-Za-z]+(?:_[A-Za-z]+)+")  # "8 GPUs", and a field's name as a label: "32 kv_heads × 128 head_dim"
SCALE_WORDS = frozenset({"thousand", "million", "billion", "trillion"})
"""Count words that scale the number before them: a factor of the sum, unlike a count's noun ("8 GPUs")."""
CONNECTIVES = frozenset({"and", "but", "the", "are", "was", "for", "with", "from", "then", "than", "into", "while", "where", "which", "that"})
"""Words that join clauses, never a count's noun: "β = 3.35 TB/s and Π = 1,979 TFLOPS" is two settings, not a sum."""
"""A word after a number that is not a unit ("8 GPUs", "32B active", the "KV" of "8 KV heads"): what the number counts, not a factor."""


def _expression(run: list[re.Match], symbol: str = ""):
    """The run as the safe parser's syntax, if it parses: (text, names, operator count, number spans).

    A count glued to its number and then a unit ("32K tok/s") is that many of the unit; a word
    after a number that is neither a unit nor a name with a digit or underscore ("8 GPUs × 10
    PFLOPS", "32B active × 0.5 byte") says what the number counts, and is left out.
    """
    parts, names, spans, operators = [], [], [], 0
    previous, number_at, per = None, 0, False  # the last token that was not a space; where the last number's part is
    floored = False  # "32 // 4": the quotient rounded down, as code writes it, until the divisor is read
    for token in run:
        kind = _kind(token)
        if floored and kind not in ("space", "number"):
            return None  # "n // (a + b)": only a number's floor division is read
        if per and kind == "name" and not _is_unit(token.group(0)):
            per, previous = False, token  # "128 numbers per head": what each of the count is of, no factor
            continue
        per = per and kind == "space"
        if kind == "name" and token.group(0) == "per" and previous is not None and _kind(previous) in ("number", "name"):
            per, previous = True, token
            continue
        if kind == "number" and (token.group("unit") or "").lower() in CONNECTIVES:
            return None  # "affinityThreshold=0.8 and maxTokens=...": a clause ends at the number, no unit follows it
        if kind == "price":
            number_at = len(parts)
            period = next((name for name in PRICE_PERIODS if token.group(f"per_{name}")), None)
            per = f"(usd/{period})" if period else "usd"
            scale = PRICE_SCALES[token.group("scale")] if token.group("scale") else ""
            parts.append(f"({plain_number(token.group('amount'))}{scale}*{per})")
            spans.append(token.span("amount"))
        elif kind == "number":
            number_at = len(parts)
            operand = _operand(token, symbol)
            if symbol and operand.endswith(f"*{symbol})"):
                names.append(symbol)
            if previous is not None and previous.group(0) in ("^", "**") and operand.startswith("(") and "*" in operand:
                number, unit = operand[1:-1].split("*", 1)
                operand = f"({number})*{unit}"  # "10^9 bytes": the unit is the power's, not the exponent's
            parts.append(operand + (")" if floored else ""))
            spans.append((token.start("number"), token.end("number")))
            floored = False
        elif kind == "name" and previous is not None and _kind(previous) == "number" and _counted(previous) and _is_unit(token.group(0)):
            parts[number_at] = f"({parts[number_at]}*{_unit_name(token.group(0))})"  # "32K tok/s"
        elif kind == "name" and previous is not None and _kind(previous) == "close" and _is_unit(token.group(0)):
            opened = _opening(parts)  # "(65.4 + 65.4) GB": the bracket's sum in that unit, one factor ("a / (b) GBps")
            if opened is None:
                return None
            parts.insert(opened, "(")
            parts.append(f"*{_unit_name(token.group(0))})")
        elif kind == "name" and token.group(0) == "at" and previous is not None and _kind(previous) == "number" and AT_FIGURE.match(token.string, token.end()):
            parts.append("*")  # "2 FTE at $15,000/month", "4,096 tokens at 0.5 MB each": that many at that figure each
            operators += 1
        elif kind == "name" and token.group(0) == "each" and previous is not None and _kind(previous) in ("number", "price"):
            previous = token  # "at 0.5 MB each": the figure is one of them's, and the product says so already
            continue
        elif kind == "name" and token.group(0).lower() in CONNECTIVES:
            return None
        elif kind == "name" and previous is not None and _kind(previous) == "number" and DESCRIPTOR.fullmatch(token.group(0)) and not _is_unit(token.group(0)):
            pass  # "32B active", "8 GPUs": the count's noun
        elif kind == "name":
            parts.append(token.group(0))
            if not (token.group(0) in PAGE_FUNCTIONS and re.match(r"\s*\(", token.string[token.end():])):
                names.append(token.group(0))  # "ceil(287 / 80)": a function the parser evaluates, no name to set
            else:
                operators += 1  # "min(107, 80)": the call is the sum's one operation
        elif kind == "op" and token.group(0) == "//":
            before = [p for p in parts[:number_at] if p.strip()]
            if previous is None or _kind(previous) != "number" or floored or (before and before[-1] in ("*", "/", "**")):
                return None  # "2 * 30 // 4" floors the product, (2 * 30) // 4: only a term's first factor is read
            parts[number_at:number_at] = ["floor("]
            parts.append("/")
            floored, operators = True, operators + 1
        elif kind == "op":
            parts.append(OPERATORS[token.group(0)])
            operators += 1
        elif kind == "power" and previous is not None and _kind(previous) in ("number", "close"):
            parts.append(f"**{token.group(0).translate(SUPERSCRIPTS)}")
            operators += 1
        elif kind in ("open", "close"):
            parts.append("(" if kind == "open" else ")")
        elif kind == "comma":
            parts.append(", ")  # an argument list's, once the parser has it: anywhere else a tuple it refuses
        else:
            parts.append(" ")
        if kind != "space":
            previous = token
    text = re.sub(r"\s{2,}", " ", "".join(parts)).strip()  # a count's noun left out leaves its space
    if not _parses(text):
        return None
    return text, tuple(dict.fromkeys(names)), operators, spans


AT_FIGURE = re.compile(r"[ \t]+(?:\$[ \u00a0]?\d|\d[\d,]*(?:\.\d+)?[ \u00a0]?[A-Za-zµ])")
""""at" before a price or a sized figure, after a count: each of the count at that figure ("8 GPUs at $2/hr = $16/hr",
"4,096 tokens at 0.5 MB each = 2 GB")."""


def _opening(parts: list[str]) -> int | None:
    """Where the bracket the parts end with opens; None when it does not close there."""
    depth = 0
    for index in range(len(parts) - 1, -1, -1):
        if not parts[index].strip() and depth == 0:
            continue  # the space between the bracket and its unit
        depth += parts[index].count(")") - parts[index].count("(")
        if depth <= 0:
            return index if depth == 0 and parts[index] == "(" else None
    return None


def _parses(text: str) -> bool:
    """Cheap syntax first (most runs fail it), then the project's allow-list parser."""
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    try:
        parse_expression(text, SymbolFactory())
    except ExpressionError:
        return False
    return True


OPERATORS = {"*": "*", "**": "**", "×": "*", "·": "*", "x": "*", "/": "/", "÷": "/", "+": "+", "-": "-", "−": "-", "^": "**"}


def plain_number(text: str) -> str:
    """'0.990 × 10^(15)' as '0.990e15'; any other number as written, its separators dropped."""
    ten = TIMES_TEN.fullmatch(text)
    return f"{ten[1]}e{ten[2] or ten[3]}" if ten else re.sub(r"[,_ \u202f\u2009]", "", text)


COUNT_SUFFIXES = {"K": "e3", "k": "e3", "M": "e6", "B": "e9", "T": "e12"}
SPACED_SUFFIXES = frozenset({"K", "k", "M"})  # "18 M tok/hr", "128 k tokens": thousands and millions set apart too; "2 B" is two bytes
"""A count glued to its number in a sum ("7B × 12 = 84 GB", "7.6B * 2"): thousands, millions, billions, as "70B" is
parameters elsewhere on a page; a byte in a sum is spelled apart ("2 B") or as a word."""


def _counted(token: re.Match) -> bool:
    """A number with a count suffix glued on ("7B", "32K"), or with its count's noun ("8 GPUs")."""
    unit = token.group("unit")
    if not unit:
        return False
    glued = token.end("number") == token.start("unit")
    return (unit in COUNT_SUFFIXES and (glued or unit in SPACED_SUFFIXES)) or (_describes(unit, glued) and not _is_unit(unit))


def _describes(word: str, glued: bool) -> bool:
    """A count's noun: a word of three letters or more, or two capitals set apart ("8 KV heads"; "2BD" is algebra)."""
    return DESCRIPTOR.fullmatch(word) is not None or (not glued and re.fullmatch(r"[A-Z]{2}", word) is not None)


def _operand(token: re.Match, symbol: str = "") -> str:
    number = plain_number(token.group("number"))
    unit = token.group("unit")
    glued = token.end("number") == token.start("unit") if unit else False
    if unit == "%":
        return f"({number}/100)"  # "15% × (14 + 1 + 0.3)": a share as the factor it is
    if unit and unit == symbol and glued:
        return f"({number}*{symbol})"  # "2T" where T is the sum's symbol, printed after its result too
    if unit == "B" and glued and (dtype := DTYPE_AFTER.match(token.string, token.end("unit"))) and float(number) * 8 == int(dtype["bits"]):
        return f"({number}*B)"  # "× 2B(FP16)": two bytes a value
    if unit in COUNT_SUFFIXES and (glued or unit in SPACED_SUFFIXES) and "e" not in number.lower():
        return f"{number}{COUNT_SUFFIXES[unit]}"
    if unit and _is_unit(unit):
        return f"({number}*{_unit_name(unit)})"
    if unit and _describes(unit, glued):
        return number  # "8 GPUs": the count's noun
    if unit and (per_count := _per_count(unit)):
        return f"({number}{per_count})"
    if unit:
        return f"{number} {unit}"
    return number


def _per_count(unit: str) -> str:
    """A unit over a count's noun or a count's noun over a unit, as the factor the unit alone gives ("MB/batch": "*MB",
    "batches/sec": "/sec"), or "": "100 MB/batch × 500 batches/sec" counts batches on both sides, and they cancel."""
    top, _, bottom = unit.partition("/")
    if not bottom:
        return ""
    if _is_unit(top) and DESCRIPTOR.fullmatch(bottom) and not _is_unit(bottom):
        return f"*{_unit_name(top)}"
    if _is_unit(bottom) and DESCRIPTOR.fullmatch(top) and not _is_unit(top):
        return f"/{_unit_name(bottom)}"
    return ""


def _unit_name(unit: str) -> str:
    text = unit.replace("µ", "u").replace("μ", "u")
    return text.replace("/", "/") if "/" not in text else "(" + text + ")"


@lru_cache(maxsize=4096)
def _is_unit(word: str) -> bool:
    if word.lower() in ("x", "e") or len(word) > 14:
        return False
    try:
        unit = parse_unit(word.replace("µ", "u").replace("μ", "u"))
    except QuantityError:
        return False
    return not unit.dimensionless or (unit.factor != 1 and word.lower() in SCALE_WORDS)  # "70 billion x 2 bytes" is 7e10 of them
