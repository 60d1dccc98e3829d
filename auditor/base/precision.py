"""The precision rules, each declared once in ``units/precision.yaml`` with its reason.

Reading a printed number and comparing a value with it both ask here which
rules are in force. Every rule is on; ``rules_off`` turns some off for the
length of a ``with`` block, which is how the calibration measures what each
rule saves and what it lets through, one rule at a time.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import lru_cache
from typing import Iterator

from .errors import InputError, Location
from .resources import builtin

RULES = ("printed-digits", "truncation", "shown-rounding", "qualifier-band", "qualified-trailing-zeros", "input-precision")
_OFF: ContextVar[frozenset] = ContextVar("precision_rules_off", default=frozenset())


@lru_cache(maxsize=1)
def _data() -> dict:
    from .yamlio import load_yaml

    path = builtin("units") / "precision.yaml"
    data = load_yaml(path)
    declared = set(data.get("rules") or {})
    if declared != set(RULES):
        raise InputError(Location(str(path)), f"precision rules must be exactly {', '.join(RULES)}; got {', '.join(sorted(declared))}")
    return data


def reasons() -> dict[str, str]:
    """Each rule and why it exists, as declared."""
    return {name: " ".join(str(_data()["rules"][name]["reason"]).split()) for name in RULES}


def rule_on(name: str) -> bool:
    if name not in RULES:
        raise KeyError(name)
    return name not in _OFF.get()


@contextmanager
def rules_off(*names: str) -> Iterator[None]:
    """Audit with the named rules switched off (for calibration); they are on again after."""
    unknown = set(names) - set(RULES)
    if unknown:
        raise KeyError(", ".join(sorted(unknown)))
    token = _OFF.set(_OFF.get() | frozenset(names))
    try:
        yield
    finally:
        _OFF.reset(token)


@lru_cache(maxsize=1)
def trailing_zeros_cap(unitless: bool = False) -> Fraction:
    """The widest relative band insignificant trailing zeros may give (rule qualified-trailing-zeros): wider for a
    number with no unit, which no binary prefix can have slipped into."""
    return _fraction("trailing_zeros_cap_unitless" if unitless else "trailing_zeros_cap")


@lru_cache(maxsize=1)
def exact_input_chance() -> Fraction:
    """How unlikely a document's agreement with a printed input's point value must be to show it computed with that value."""
    return _fraction("exact_input_chance")


@lru_cache(maxsize=1)
def derivation_chance() -> Fraction:
    """How unlikely a match of a page's number by two of its earlier numbers must be to count as its derivation."""
    return _fraction("derivation_chance")


@lru_cache(maxsize=1)
def share_chance() -> Fraction:
    """The same bound for a percent its sentence calls a share (MBU, "of peak") and works out of two numbers beside it."""
    return _fraction("share_chance")


@lru_cache(maxsize=1)
def rounding_witnesses() -> int:
    """How many numbers printed above their value show a document rounds (rule shown-rounding)."""
    path = builtin("units") / "precision.yaml"
    found = _data().get("rounding_witnesses")
    if isinstance(found, bool) or not isinstance(found, int) or not 1 <= found <= 100:
        raise InputError(Location(str(path)), f"precision.yaml must give rounding_witnesses, a whole number from 1 to 100; got {found!r}")
    return found


def _fraction(name: str) -> Fraction:
    path = builtin("units") / "precision.yaml"
    try:
        found = Fraction(str(_data()[name]))
    except (KeyError, ValueError, TypeError):
        raise InputError(Location(str(path)), f"precision.yaml must give {name}, a fraction between 0 and 1") from None
    if not 0 < found < 1:
        raise InputError(Location(str(path)), f"{name} must be between 0 and 1; got {found}")
    return found


@lru_cache(maxsize=1)
def words() -> tuple[list[tuple[str, Fraction]], list[tuple[str, str]]]:
    """Qualifiers with their relative bands and comparators with their meaning, longest first."""
    data = _data()
    quals = sorted(((k.lower(), Fraction(str(v))) for k, v in data["qualifiers"].items()), key=lambda kv: -len(kv[0]))
    comps = sorted(((k.lower(), v) for k, v in data["comparators"].items()), key=lambda kv: -len(kv[0]))
    return quals, comps
