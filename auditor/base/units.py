"""The project's one pint registry, and exact conversion to base units.

Pint is used for what it is good at: parsing unit strings and knowing
dimensions. Magnitudes never travel through pint during evaluation: every
value is held as an exact ``Fraction`` in base units (byte, second, token,
FLOP, request), so ``2**30`` stays ``2**30`` and 52.2 GiB is not a float.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .errors import UnitError
from .resources import builtin

DIMENSIONLESS = "dimensionless"


@lru_cache(maxsize=1)
def registry():
    """Load the definitions file once per process (pint import is deferred to here)."""
    import pint

    ureg = pint.UnitRegistry(None, non_int_type=Fraction, autoconvert_offset_to_baseunit=False)
    ureg.load_definitions(str(builtin("units") / "definitions.txt"))
    return ureg


@dataclass(frozen=True)
class Unit:
    """A parsed unit: its text, its factor to base units and its dimensions."""

    text: str
    factor: Fraction
    dimensions: tuple[tuple[str, Fraction], ...]

    @property
    def dimensionless(self) -> bool:
        return not self.dimensions

    def describe_dimensions(self) -> str:
        return describe(self.dimensions)


def describe(dimensions: tuple[tuple[str, Fraction], ...]) -> str:
    """Dimensions as a reader writes them: ``[information] / [token]``."""
    if not dimensions:
        return "dimensionless"
    top = [_power(name, exp) for name, exp in dimensions if exp > 0]
    bottom = [_power(name, -exp) for name, exp in dimensions if exp < 0]
    text = " * ".join(top) or "1"
    return text + "".join(f" / {b}" for b in bottom)


def _power(name: str, exp: Fraction) -> str:
    return name if exp == 1 else f"{name}**{exp}"


# A unit is names joined by * and /, each with an optional small integer power: what pint is handed is
# bounded, since pint evaluates a unit expression exactly and "10**10**10*byte" would never finish.
_UNIT_TOKEN = re.compile(
    r"\s*(?:(?P<name>[^\W\d]\w*|%)|(?P<number>\d{1,6}(?:\.\d{1,6})?)"
    r"|(?P<power>\*\*|\^)\s*(?P<exponent>[-+]?\d{1,2})(?=$|[\s*/)])|(?P<op>\*(?!\*)|[/()]))"
)
MAX_UNIT_POWER = 12
MAX_UNIT_CHARS = 80


def _check_unit_text(text: str) -> None:
    """Refuse, before pint sees it, a unit that is not names and plain numbers joined by * and /, with small powers."""
    if len(text) > MAX_UNIT_CHARS:
        raise UnitError(f"unit text of {len(text)} characters is longer than the {MAX_UNIT_CHARS} a unit needs")
    position, depth, previous = 0, 0, None
    while position < len(text):
        match = _UNIT_TOKEN.match(text, position)
        if match is None:
            raise UnitError(f"unknown unit {text!r} (a unit is names joined by * and /, with powers of at most {MAX_UNIT_POWER})")
        kind = match.lastgroup if match.lastgroup != "exponent" else "power"
        if kind == "power" and (previous not in ("name", ")") or abs(int(match["exponent"])) > MAX_UNIT_POWER):
            raise UnitError(f"unit {text!r}: a power must be a whole number of at most {MAX_UNIT_POWER}, on a unit name")
        depth += {"(": 1, ")": -1}.get(match["op"] or "", 0)
        if depth > 4:
            raise UnitError(f"unit {text!r} nests parentheses more than 4 deep")
        previous = match["op"] if kind == "op" else kind
        position = match.end()


MAX_REMEMBERED = 4096
BUILT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "_built", "units.json")
BUILT_FORMAT = 2
_parsed: dict[str, Unit | str] = {}  # a text's unit, or the message it was refused with


def parse_unit(text: str) -> Unit:
    """Parse a unit string such as ``KiB/token``, ``TFLOPS`` or ``\\text{GB}``.

    Each text is parsed once per process; a text the built-in data uses is
    not parsed at all but read from the shipped table (``built_units``), so
    a run whose units are all known never loads pint.
    """
    found = _parsed.get(text)
    if found is None:
        found = _built_units().get(text)
        if found is None:
            try:
                found = _parse_with_pint(text)
            except UnitError as exc:
                found = str(exc)
        if len(_parsed) < MAX_REMEMBERED:
            _parsed[text] = found
    if isinstance(found, str):  # a text refused before: refused again, with the same message
        raise UnitError(found)
    return found


def unit_or_none(text: str) -> Unit | None:
    """The unit ``text`` spells, or None where it spells none: a word beside a number that may be a unit or not."""
    try:
        return parse_unit(text)
    except UnitError:
        return None


def same_dimensions(text: str, other: str) -> bool:
    """Whether two unit spellings both read and measure the same thing ("MiB" and "GB", not "GB" and "GPUs")."""
    first, second = unit_or_none(text), unit_or_none(other)
    return first is not None and second is not None and first.dimensions == second.dimensions


def other_prefix_factor(unit: Unit) -> Fraction | None:
    """The factor of the unit's counterpart in the other family of prefixes (MiB for MB, GB for GiB, Gibit for Gb);
    None for a unit that is no power of 1000 or 1024 of bytes or bits."""
    if dict(unit.dimensions).get("[information]") != 1:
        return None
    factor = Fraction(unit.factor)
    for power in range(1, 6):
        for width in (Fraction(1), Fraction(1, 8)):
            if factor == width * 1000**power:
                return width * 1024**power
            if factor == width * 1024**power:
                return width * 1000**power
    return None


def _parse_with_pint(text: str) -> Unit:
    cleaned = re.sub(r"\s+per\s+", "/", normalise(text))
    if cleaned in ("", "×", "x", DIMENSIONLESS, "1"):
        return Unit(DIMENSIONLESS, Fraction(1), ())
    _check_unit_text(cleaned)
    ureg = registry()
    try:
        quantity = ureg.Quantity(Fraction(1), cleaned).to_base_units()
    except Exception as exc:  # pint raises many unrelated types for bad units
        raise UnitError(f"unknown unit {text!r} ({type(exc).__name__})") from None
    dims = tuple(sorted((str(k), Fraction(v)) for k, v in quantity.dimensionality.items()))
    return Unit(text.strip(), Fraction(quantity.magnitude), dims)


@lru_cache(maxsize=1)
def _built_units() -> dict[str, Unit | str]:
    """The shipped table of parsed units, when its key is that of the units files and of this module; else empty."""
    try:
        if os.path.getsize(BUILT) > 2**22:
            return {}
        with open(BUILT, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict) or data.get("key") != built_units_key():
            return {}
        return {text: _restored(text, entry) for text, entry in data["units"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}


def _restored(text: str, entry) -> Unit | str:
    """A table entry: a refusal's message, or a unit decoded against ``Unit``'s fields (``typedjson``)."""
    from .typedjson import BuiltFormError, decode

    if isinstance(entry, str):
        return entry
    try:
        return decode(Unit, entry)
    except BuiltFormError as exc:
        raise ValueError(str(exc)) from None


def built_units_key() -> str:
    """What a parsed unit depends on: the units files (definitions, spellings) and this module."""
    from . import stamps

    folder = str(builtin("units"))
    rows = [[os.path.relpath(p, folder), stamps.file_hash(p)] for p in stamps.files_under(folder)]
    return stamps.key("built-units", BUILT_FORMAT, rows, stamps.file_hash(os.path.abspath(__file__)))


def built_units_form() -> dict:
    """The shipped table: every unit text parsed so far in this process, with its factor and dimensions."""
    from .typedjson import encode

    return {"key": built_units_key(), "units": {text: unit if isinstance(unit, str) else encode(unit) for text, unit in sorted(_parsed.items())}}


PREFIX = r"(?:[yzafpnµμumkKMGTPEZ]|Ki|Mi|Gi|Ti|Pi|Ei)"
LATEX = re.compile(r"\\(?:text|mathrm|textrm|mathit|rm)\s*\{([^{}]*)\}")


@lru_cache(maxsize=1)
def _spellings() -> tuple[tuple[re.Pattern, str], ...]:
    """The spellings table (``units/spellings.yaml``) as whole-word patterns."""
    from .yamlio import load_yaml

    rules = []
    for entry in load_yaml(builtin("units") / "spellings.yaml")["spellings"]:
        prefix = f"(?P<prefix>{PREFIX})?" if entry.get("prefixed") else "(?P<prefix>)"
        pattern = re.compile(rf"(?<![\w]){prefix}{re.escape(entry['written'])}(?![\w])")
        rules.append((pattern, entry["reads"]))
    return tuple(rules)


def normalise(text: str) -> str:
    """A unit as documents write it, in the registry's spelling: LaTeX dropped, ``TFLOPS`` as ``TFLOP/s``."""
    cleaned = LATEX.sub(r"\1", text.strip()).replace("\\,", " ").replace("$", "").replace("·", "*").replace("−", "-").strip()
    for pattern, reads in _spellings():
        cleaned = pattern.sub(lambda m, r=reads: (m["prefix"] or "") + r, cleaned)
    return cleaned


def multiply(a: tuple, b: tuple, power: Fraction = Fraction(1)) -> tuple:
    """Dimensions of ``a * b**power``."""
    merged: dict[str, Fraction] = dict(a)
    for name, exp in b:
        merged[name] = merged.get(name, Fraction(0)) + exp * power
    return tuple(sorted((k, v) for k, v in merged.items() if v != 0))


def scale(a: tuple, power: Fraction) -> tuple:
    return tuple((name, exp * power) for name, exp in a if exp * power != 0)


@lru_cache(maxsize=1024)
def base_unit_text(dimensions: tuple) -> str:
    """The base unit for a dimension tuple, for showing a computed value."""
    names = {"[information]": "byte", "[time]": "s", "[token]": "token", "[compute]": "FLOP", "[request]": "request", "[power]": "W"}
    top = [_power(names[n], e) for n, e in dimensions if e > 0]
    bottom = [_power(names[n], -e) for n, e in dimensions if e < 0]
    if not top and not bottom:
        return DIMENSIONLESS
    return (" * ".join(top) or "1") + "".join(f"/{b}" for b in bottom)
