"""The project's one pint registry, and exact conversion to base units.

Pint is used for what it is good at: parsing unit strings and knowing
dimensions. Magnitudes never travel through pint during evaluation: every
value is held as an exact ``Fraction`` in base units (byte, second, token,
FLOP, request), so ``2**30`` stays ``2**30`` and 52.2 GiB is not a float.
"""

from __future__ import annotations

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


@lru_cache(maxsize=512)
def parse_unit(text: str) -> Unit:
    """Parse a unit string such as ``KiB/token``, ``TFLOPS`` or ``\\text{GB}``."""
    cleaned = re.sub(r"\s+per\s+", "/", normalise(text))
    if cleaned in ("", "×", "x", DIMENSIONLESS, "1"):
        return Unit(DIMENSIONLESS, Fraction(1), ())
    ureg = registry()
    try:
        quantity = ureg.Quantity(Fraction(1), cleaned).to_base_units()
    except Exception as exc:  # pint raises many unrelated types for bad units
        raise UnitError(f"unknown unit {text!r} ({type(exc).__name__})") from None
    dims = tuple(sorted((str(k), Fraction(v)) for k, v in quantity.dimensionality.items()))
    return Unit(text.strip(), Fraction(quantity.magnitude), dims)


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
    names = {"[information]": "byte", "[time]": "s", "[token]": "token", "[compute]": "FLOP", "[request]": "request"}
    top = [_power(names[n], e) for n, e in dimensions if e > 0]
    bottom = [_power(names[n], -e) for n, e in dimensions if e < 0]
    if not top and not bottom:
        return DIMENSIONLESS
    return (" * ".join(top) or "1") + "".join(f"/{b}" for b in bottom)
