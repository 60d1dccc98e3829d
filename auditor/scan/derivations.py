"""Numbers a page works out in words from numbers it printed just before: "1,536 GB ... 500 GB of weights ... 1,036 GB left".

Most of a serving post's numbers are arithmetic the page does in front of the reader without
printing the sum: a subtraction of two figures above it, a quotient of a budget by a per-user
size. No catalogue formula describes "what is left after the weights", but the page's own two
numbers do. So, for a number nothing else proposes, the scan tries every product, quotient, sum
and difference of two numbers printed before it in its section, and one over each figure printed
with a unit (a rate over a time), of the number's dimensions (a count noun such as "tokens" set
aside, as the readings do).

Two printed numbers meet almost any value now and then, and a false "the page derived this"
would hide the number from a reviewer, so a match counts only when a coincidence is unlikely.
Operands are taken nearest first; a match whose farthest operand is the k-th nearest is weighed
against every combination of the k nearest that lands within a hundredfold range of the number,
each covering the band the number's printed digits allow (rounded or truncated: from half a last
digit below to a whole digit above). Their share of that range must be under ``derivation_chance``
(``units/precision.yaml``). A number printed to one figure ("5,000", "16") is thus rarely matched
unless its operands sit right beside it; a four-figure one ("1,036 GB") is matched across a paragraph.
The engine then audits the match as a printed sum, and it is proposed only when it holds: the
search reproduces a page's arithmetic, it never accuses it.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from auditor.base.errors import AuditorError
from auditor.base.precision import derivation_chance
from auditor.base.quantity import Stated, parse_stated, with_unit
from auditor.base.units import multiply, parse_unit, scale

from .sums import plain_number

WINDOW = 1500  # characters before the number, within its section, where its operands may be printed
NEAREST = 16  # operands tried, nearest first: a match through a farther one is past the chance bound anyway
RANGE = math.log(100)  # the hundredfold range a chance is a share of
GROWTH_REACH = 1000  # the largest gain, as a share, a percent "faster" is read as (100,000%)
COUNT_DIMENSIONS = frozenset({"[token]", "[request]"})  # what a count counts: "80K" tokens and "80K" alike
CONFIG_SIZE = 32  # a whole count divisible by this is a size a configuration chooses (5120, 8192, 4096 tokens)


@dataclass(frozen=True)
class Operand:
    """One printed number as an operand: its place, value in base units, dimensions and expression term."""

    index: int
    start: int
    end: int
    value: float
    dimensions: tuple
    term: str
    percent: bool
    unit: bool
    label: str = ""  # the printed unit as the registry reads it: "USD" is dimensionless, yet a unit all the same


@dataclass(frozen=True)
class Derivation:
    """Two printed numbers and the operation that gives the number, with the chance of a coincidence."""

    expression: str
    left: Operand
    right: Operand
    chance: float
    slip: float | None = None  # the factor a unit slip puts between the sum and the printed number, where one does
    between: tuple = ()  # the operands of a longer sum printed between the first and the last (``totals``)
    note: str = ""  # what a reviewer needs besides the operands: another reading of one that gives the number

    @property
    def operands(self) -> tuple:
        """Every operand, in the order the expression reads them."""
        return (self.left,) + self.between + ((self.right,) if self.right is not self.left else ())


def operand(index: int, proposal) -> Operand | None:
    """A located number as an operand, or None for a bound, a range or a printed fraction."""
    stated = _single(proposal)
    if stated is None:
        return None
    if re.search(r"\d\s*/\s*\d", proposal.stated):
        return None  # "1/6", "16/32": a fraction printed whole, not a number to combine
    value = float(stated.value * stated.unit.factor)
    return Operand(index, proposal.start, proposal.end, value, _dimensions(stated.unit.dimensions), _term(stated),
                   proposal.stated.rstrip().endswith("%"), not stated.unit.dimensionless, stated.unit.text)


def setting_operands(assignments, settings=(), located=frozenset()) -> list[Operand]:
    """Counts the page sets in words or by name ("TP=4", "80 layers", "a batch of 16", "S = 4,608"): operands too,
    though no claim. A setting printed where a number is located is that number's operand already."""
    found = []
    for k, assignment in enumerate(assignments):
        if len(assignment.values) != 1 or len(assignment.spans) != 1 or assignment.values[0] <= 0:
            continue
        value = assignment.values[0]
        (start, end), = assignment.spans
        found.append(Operand(-SETTINGS_BASE - k, start, end, float(value), (), _decimal(value), False, False))
    taken = {o.start for o in found} | set(located)
    for k, setting in enumerate(settings):
        if setting.start in taken or not setting.value or setting.value <= 0:
            continue
        value = Fraction(str(setting.value))
        found.append(Operand(-2 * SETTINGS_BASE - k, setting.start, setting.end, float(value), (), _decimal(value), False, False))
    return found


CONVERSION_CHANCE = 0.001  # a row's cell meeting another of its cells in another unit to every printed digit
SETTINGS_BASE = 1_000_000  # settings' operand indices sit apart from located numbers' (and their complements')


def complement(o: Operand) -> Operand | None:
    """What a percent leaves ("keep 10% for activations, leaving ..." multiplies by 90%): an operand of its own."""
    if not o.percent or not 0 < o.value < 1:
        return None
    return Operand(-1 - o.index, o.start, o.end, 1 - o.value, (), f"(1 - {o.term})", True, False)


def search(target: Operand, proposal, pool: list[Operand], limit: Fraction | None = None, named_after: Operand | None = None,
           slips: tuple[float, ...] = ()) -> list[Derivation]:
    """Derivations of the target from the pool (operands printed before it), most convincing first, each less likely
    a coincidence than ``limit`` (``derivation_chance`` unless given). ``named_after``: an operand printed after the
    number that its words name as one ("68% of 320 GB/s"), taken too. ``slips``: the factors the unit slips of the
    number's printed label put between a value and its printing ("512 KB × 1024 = 512 MB" is 1.048576 apart): a
    derivation that lands on the number through one is found too, each slip one more window a coincidence may land
    in, so its chance counts them all."""
    half = _relative_half_digit(printed_stated(proposal))
    printed = printed_stated(proposal).value  # "2,680M" prints 2,680: a count in millions, no size a configuration chooses
    if half is None or target.value <= 0 or (not target.percent and configuration_size(target.value, target.dimensions)
                                             and configuration_size(printed, target.dimensions)):
        return []
    pool = sorted((o for o in pool if _fit_operand(o, target, half) or o is named_after), key=lambda o: abs(target.start - o.end))[:NEAREST]
    low, high = target.value / 10, target.value * 10  # the hundredfold range
    depths: list[int] = []  # the farthest operand's rank, for every combination that lands in the range
    hits = []
    kinds: dict[tuple[int, int], tuple[bool, bool, bool]] = {}  # by the operands' dimensions, which operations give the target's
    for a_rank, a in enumerate(pool):
        if a.unit and not a.percent and _inverse(a.dimensions) == target.dimensions:
            # "at least 50 ms ... caps the output at 20 tokens/s": a rate one over a time printed before it
            if low <= 1 / a.value <= high:
                depths.append(a_rank)
                if -half <= 1 / (a.value * target.value) - 1 < 2 * half:
                    hits.append((a_rank, "1/", a, a, None))
        for depth in range(a_rank + 1, len(pool)):  # the pool is nearest first: the second operand is the farther
            b = pool[depth]
            key = (id(a.dimensions), id(b.dimensions))  # one shared tuple per kind of dimensions (``_dimensions``)
            if key not in kinds:
                kinds[key] = _operations(a.dimensions, b.dimensions, target.dimensions)
            for value, sign, left, right in _combinations(a, b, kinds[key]):
                if low <= value <= high:
                    depths.append(depth)
                    if -half <= value / target.value - 1 < 2 * half:
                        hits.append((depth, sign, left, right, None))
                    hits += [(depth, sign, left, right, f) for f in slips if -half <= value / (target.value * f) - 1 < 2 * half]
    depths.sort()
    width = 3 * half / RANGE  # from half a digit below to a whole digit above, as a share of the range
    limit = float(derivation_chance() if limit is None else limit)
    found = []
    for depth, sign, left, right, slip in hits:
        chance = bisect_right(depths, depth) * width * (1 if slip is None else 1 + len(slips))
        if chance < limit:
            found.append(Derivation(f"1 / {left.term}" if sign == "1/" else f"{left.term} {sign} {right.term}", left, right, chance, slip))
    return sorted(found, key=lambda d: d.chance)


TOTAL_LONGEST = 8  # figures a total adds up: a budget's lines, a bill of parts


def totals(target: Operand, proposal, pool: list[Operand], limit: Fraction | None = None, pairs: bool = False) -> list[Derivation]:
    """A figure that adds up the like figures printed just before it, three or more of them, or takes the later ones
    from the first: "weights 140 GB ... KV 104 GB ... activations 28 GB ... overhead 15 GB. Total: 287 GB", "80 GB
    ... weights 35 GB ... activations 5 GB ... 40 GB free". Only runs that end at the figure printed last before the
    number are tried, each longer than the one before, so the candidates are few and a coincidence is weighed
    against them all (the two-figure runs among them) as ``search`` weighs its pairs. A price printed with no
    period adds up prices of one period too ("$361,656/year ... $12,000/year ... $720/year ... TOTAL YEAR 1:
    $375,376"): a bill's lines priced per year total one year (``PERIODS``). With ``pairs`` (a total its line names as
    one: "Total: 400 GB" under "Parameters: 350 GB" and "Activations: 50 GB"), the two figures just above count too."""
    half = _relative_half_digit(printed_stated(proposal))
    if half is None or target.value <= 0 or target.percent or not (target.unit or target.label):
        return []
    groups = [(lambda o: (o.unit if target.unit else o.label == target.label) and o.dimensions == target.dimensions, 1, "")]
    if not target.unit and "/" not in target.label:
        groups += [(lambda o, label=f"{target.label}/{period}": o.label == label, float(parse_unit(period).factor), period)
                   for period in PERIODS]
    landing, hits = 0, []
    for fits, length_of_period, period in groups:
        like = sorted((o for o in pool if fits(o) and not o.percent and o.value > 0 and _fit_operand(o, target, half)),
                      key=lambda o: o.start)[-TOTAL_LONGEST:]
        for length in range(2, len(like) + 1):
            run = like[-length:]
            total = math.fsum(o.value for o in run) * length_of_period
            for sign, value in (("+", total), ("-", 2 * run[0].value * length_of_period - total)):
                if not target.value / 10 <= value <= target.value * 10:
                    continue
                landing += 1
                if (length > 2 or pairs) and -half <= value / target.value - 1 < 2 * half:
                    hits.append((landing, sign, run, period))
    width, limit = 3 * half / RANGE, float(derivation_chance() if limit is None else limit)
    found = [Derivation(_over_period(f" {sign} ".join(o.term for o in run), period), run[0], run[-1], count * width, between=tuple(run[1:-1]))
             for count, sign, run, period in hits if count * width < limit]
    return sorted(found, key=lambda d: d.chance)


PERIODS = ("year", "month", "week", "day", "hour")
"""The periods a bill's lines are priced per, for a total printed as a plain price (``totals``)."""


def _over_period(expression: str, period: str) -> str:
    """A sum of prices per ``period`` taken over one of it; the sum itself where there is no period."""
    return f"({expression}) * (1*{period})" if period else expression


def reductions(target: Operand, proposal, pool: list[Operand], limit: Fraction, growth: bool = False, before: bool = True) -> list[Derivation]:
    """A percent that is what one of two like numbers saves against the other, 1 - smaller / larger ("cuts the
    cache by 87.5%": 8 KV heads against 64), each less likely a coincidence than ``limit``; or (``growth``) what one
    gains over the other, larger / smaller - 1 ("| 718.6 tok/s | 770.2 tok/s | 7% faster |"), or loses, where the change
    is printed with its minus sign: smaller / larger - 1 ("| 579.86 | 561.44 | -3.2% |"). Not ``before``, the two
    may stand after the percent too (a table's baseline row under the row that prints its change)."""
    half = _relative_half_digit(printed_stated(proposal))
    falls = growth and target.percent and target.value < 0
    size = -target.value if falls else target.value
    if half is None or not target.percent or not 0 < size < (GROWTH_REACH if growth and not falls else 1):
        return []
    fits = (lambda o: _fit_operand(o, target, half)) if before else (lambda o: abs(o.value / target.value - 1) > 1.5 * half)
    pool = sorted((o for o in pool if fits(o) and not o.percent and o.value > 0), key=lambda o: abs(target.start - o.end))[:NEAREST]
    landing, hits = 0, []
    for k, a in enumerate(pool):
        for b in pool[k + 1 :]:
            if a.dimensions != b.dimensions or a.value == b.value:
                continue
            small, large = (a, b) if a.value < b.value else (b, a)
            value = large.value / small.value - 1 if growth and not falls else 1 - small.value / large.value
            if size / 10 <= value <= size * 10:
                landing += 1
                if -half <= value / size - 1 < 2 * half:
                    hits.append((small, large))
    chance = landing * 3 * half / RANGE
    if chance >= float(limit):
        return []
    if falls:
        return [Derivation(f"{small.term} / {large.term} - 1", small, large, chance) for small, large in hits]
    if growth:
        return [Derivation(f"{large.term} / {small.term} - 1", large, small, chance) for small, large in hits]
    return [Derivation(f"1 - {small.term} / {large.term}", small, large, chance) for small, large in hits]


def quotients(target: Operand, proposal, pool: list[Operand], limit: Fraction) -> list[Derivation]:
    """A ratio printed with its sign ("a built-in 4× decrease", "8 heads in place of 32") as one of two like numbers of
    its sentence over the other, each less likely a coincidence than ``limit``. A printed ratio compares two figures,
    so only their quotients are weighed, the way round its side of one says, where ``search`` weighs every sum and
    product of bare counts too: two counts in a sentence give a "4×" by coincidence about once in twelve, five of them
    nearly always; a "2×" or "3×" is too coarse for two counts to tell from chance. The operands may stand after the
    ratio, in its sentence ("a 4× cut, from 32 heads to 8")."""
    half = _relative_half_digit(printed_stated(proposal))
    if half is None or target.value <= 0 or target.percent or target.dimensions:
        return []
    like = [o for o in pool if not o.percent and o.value > 0 and abs(o.value / target.value - 1) > 1.5 * half]
    landing, hits = 0, []
    for k, a in enumerate(like):
        for b in like[k + 1 :]:
            if a.dimensions != b.dimensions or a.value == b.value:
                continue
            for top, bottom in ((a, b), (b, a)):
                value = top.value / bottom.value
                if (value >= 1) != (target.value >= 1):
                    continue  # "4× smaller" is the larger over the smaller: the printed side of one says which way round
                if target.value / 10 <= value <= target.value * 10:
                    landing += 1
                    if -half <= value / target.value - 1 < 2 * half:
                        hits.append((top, bottom))
    chance = landing * 3 * half / RANGE
    if chance >= float(limit):
        return []
    return [Derivation(f"{top.term} / {bottom.term}", top, bottom, chance) for top, bottom in hits]


def same_number_key(proposal) -> tuple | None:
    """What two printings of one number share: value in base units and dimensions. None for a number too
    short to be recognised again ("16", "2x"): only a unit or three significant figures make a repeat evidence."""
    stated = _single(proposal)
    if stated is None:
        return None
    half = _relative_half_digit(stated)
    if half is None or half > (REPEAT_HALF_DIGIT if stated.unit.dimensionless else REPEAT_HALF_DIGIT_UNIT):
        return None
    if stated.unit.dimensionless and configuration_size(stated.value, ()):
        return None  # "512" again is a width again, not the first one's sum
    return (stated.value * stated.unit.factor, stated.unit.dimensions)


@lru_cache(maxsize=1)
def bandwidth_dimensions() -> tuple:
    """Bytes a second's dimensions, as a printed figure carries them."""
    return _dimensions(parse_unit("GB/s").dimensions)


@lru_cache(maxsize=1)
def intensity_dimensions() -> tuple:
    """FLOPs per byte's dimensions, as operands carry them: what a ridge point printed bare is."""
    return _dimensions(parse_unit("FLOP/B").dimensions)


def bare_key(proposal) -> Fraction | None:
    """The number's printed digits as a value, its unit aside, for a number of three figures or more: what a bare
    printing of it elsewhere ("295") shares with it ("295 flops per byte")."""
    stated = _single(proposal)
    half = _relative_half_digit(stated)
    return stated.value if half is not None and half <= REPEAT_HALF_DIGIT and not configuration_size(stated.value, ()) else None


def printed_unit(proposal) -> str:
    """The unit the number is printed with ("flops per byte"), as the registry reads it."""
    stated = _single(proposal)
    return stated.unit.text if stated is not None else ""


def printed_value(proposal) -> tuple | None:
    """The number's value in base units, its dimensions and its printed digits, as a written figure carries
    them: what a second printing of it matches exactly ("600 Gbit/s" is not a printing of "75 GB/s")."""
    stated = _single(proposal)
    return None if stated is None else (stated.value * stated.unit.factor, stated.unit.dimensions, plain_number(stated.low.text))


def printed_precision(proposal) -> tuple[float, float, tuple] | None:
    """(value in base units, half its last printed digit over that value, dimensions as operands key them) of a number
    printed as one value; None for a bound, a range or a number that cannot be read."""
    stated = printed_stated(proposal)
    half = _relative_half_digit(stated)
    if stated is None or half is None or stated.comparator != "=":
        return None
    return float(stated.value * stated.unit.factor), half, _dimensions(stated.unit.dimensions)


def unit_factor(proposal) -> Fraction | None:
    """The printed unit's factor to base units ("GB": 10^9)."""
    stated = _single(proposal)
    return None if stated is None else Fraction(stated.unit.factor)


def half_width(proposal) -> Fraction:
    """Half the number's last printed digit, in base units (0 for a number that cannot be read)."""
    stated = _single(proposal)
    relative = _relative_half_digit(stated)
    return Fraction(relative) * abs(stated.low.value * stated.unit.factor) if stated is not None and relative is not None else Fraction(0)


def plain_digits(proposal) -> str | None:
    """The number's digits as the safe parser's syntax writes them ("1,536" as "1536")."""
    stated = _single(proposal)
    return None if stated is None else plain_number(stated.low.text)


def decimal(value: Fraction) -> str:
    """A value as the safe parser reads it: an integer, a short decimal or a fraction."""
    return _decimal(value)


def relative_half_digit(proposal) -> float | None:
    """Half the number's last printed digit over its value: the band its value may lie in."""
    return _relative_half_digit(_single(proposal))


def printed_finer(repeat, first) -> bool:
    """A repeat printed to more figures than the first printing ("22.0 ms" after "22 ms") is a new figure."""
    return (_relative_half_digit(printed_stated(repeat)) or 1) < (_relative_half_digit(printed_stated(first)) or 1) * 0.99


REPEAT_HALF_DIGIT = 0.005  # "208", "1.25": three figures; a bare "16" or "2.5" is no recognisable number
REPEAT_HALF_DIGIT_UNIT = 0.05  # "16 GB", "2.8 ms", "14 GB": two figures and a unit; "8GB" alone is any 8 GB


def _operations(a: tuple, b: tuple, dimensions: tuple) -> tuple[bool, bool, bool, bool]:
    """Whether a * b, a / b, b / a and a ± b have the target's dimensions."""
    quotient = _product(a, b, Fraction(-1))
    return (_product(a, b, Fraction(1)) == dimensions, quotient == dimensions, _inverse(quotient) == dimensions, a == b == dimensions)


def _combinations(a: Operand, b: Operand, operations: tuple[bool, bool, bool, bool]) -> list[tuple[float, str, Operand, Operand]]:
    """(value, operator, left, right) for each operation of the two whose dimensions are the target's."""
    found = []
    times, over, under, plus = operations
    if times and not (_is_one(a) or _is_one(b)):
        first, second = (a, b) if a.start <= b.start else (b, a)  # in the order the page printed them
        found.append((a.value * b.value, "*", first, second))
    if a.value == b.value:
        over = under = False  # "0.90 / 0.90": a figure over its own twin is 1 whatever it is, no working of a "1.00x"
    if over and not _is_one(b):
        found.append((a.value / b.value, "/", a, b))
    if under and not _is_one(a):
        found.append((b.value / a.value, "/", b, a))
    if plus and not (a.percent or b.percent):
        first, second = (a, b) if a.value > b.value else (b, a)
        found += [(a.value + b.value, "+", a, b), (first.value - second.value, "-", first, second)]
    return found


def _fit_operand(candidate: Operand, target: Operand, half: float) -> bool:
    """An operand is printed before the number and is not the number itself restated."""
    return candidate.end <= target.start and abs(candidate.value / target.value - 1) > 1.5 * half


def _is_one(o: Operand) -> bool:
    return abs(o.value - 1) < 1e-12 and not o.unit


def configuration_size(value, dimensions: tuple) -> bool:
    """A whole count such as 8192, 5120 or "4096 tokens": a size a configuration chooses (a width, a context
    length, a block), which products and quotients of other such sizes meet by construction."""
    return not dimensions and value == int(value) and int(value) % CONFIG_SIZE == 0


def _single(proposal) -> Stated | None:
    """The number as one printed value: not a bound, a range or a zero."""
    stated = printed_stated(proposal)
    return stated if stated is not None and stated.comparator == "=" and stated.high is None and stated.low.value else None


def printed_stated(proposal) -> Stated | None:
    """The number as printed, in the unit the scan gave it; None where it cannot be read."""
    return _parsed(proposal.stated, proposal.unit)


@lru_cache(maxsize=8192)
def _parsed(text: str, unit: str) -> Stated | None:
    """A number's printed text parsed once: the search asks it of every number, as operand and as target."""
    try:
        stated = parse_stated(text)
        return with_unit(stated, unit) if unit else stated
    except (AuditorError, ArithmeticError, ValueError):
        return None


def _relative_half_digit(stated: Stated | None) -> float | None:
    """Half the number's last significant digit over its value: "1,036" 0.05%, "5,000" 10%, "16" 3%."""
    if stated is None or not stated.low.value:
        return None
    printed = stated.low
    half = printed.half_ulp
    if printed.decimals == 0 and printed.exponent is None:
        digits = re.sub(r"\D", "", printed.text.split(".")[0])
        zeros = len(digits) - len(digits.rstrip("0"))
        if zeros and digits.strip("0"):
            half = Fraction(10**zeros, 2)
    return float(half / abs(printed.value))


_DIMENSIONS: dict[tuple, tuple] = {}


def _dimensions(dimensions: tuple) -> tuple:
    """An operand's dimensions, counts of tokens set aside, as one shared tuple per kind (the search keys on it)."""
    plain = tuple(sorted((name, power) for name, power in dimensions if name not in COUNT_DIMENSIONS))
    return _DIMENSIONS.setdefault(plain, plain)


_product = lru_cache(maxsize=4096)(multiply)  # the dimensions of a * b**power, asked of the same few pairs thousands of times


@lru_cache(maxsize=4096)
def _inverse(a: tuple) -> tuple:
    return scale(a, Fraction(-1))


def _term(stated: Stated) -> str:
    """The operand in the safe parser's syntax, with its printed digits ("(2.80*(GB))", "80e3" for "80K", "(10/100)" for "10%")."""
    number = plain_number(stated.low.text)
    if stated.low.exponent is not None and "e" not in number.lower():
        number = f"{number}e{stated.low.exponent}"  # "0.990 × 10^15"
    try:
        printed = Fraction(number) == stated.value
    except ValueError:  # "−16.75": a sign the parser reads, Fraction does not
        printed = False
    if not printed:
        number = _decimal(stated.value)
    if not stated.unit.dimensionless:
        return f"({number}*({re.sub(r' per ', '/', stated.unit.text)}))"  # "ms per token" as the parser writes it, ms/token
    factor = stated.unit.factor
    power = round(math.log10(factor)) if factor > 0 else 0
    if factor == 1 or Fraction(10) ** power != factor:
        return _decimal(stated.value * factor) if factor != 1 else number
    return f"{number}e{power}" if power > 0 else f"({number}/{10 ** -power})"


def _decimal(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.12g}"
    return text if Fraction(text) == value else f"({value.numerator}/{value.denominator})"
