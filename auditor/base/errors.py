"""Errors a user can act on: each names the file, the line and what was expected.

Every problem with an input file is an ``InputError``; the CLI prints its
message and exits 2. Nothing else should reach the user as a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """A place in a file a user can open: ``path:line``."""

    path: str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


class AuditorError(Exception):
    """Base of every error the auditor raises on purpose."""


class InputError(AuditorError):
    """An input file cannot be used; the message says where and why."""

    def __init__(self, location: Location | None, message: str):
        self.location = location
        self.message = message
        super().__init__(f"{location}: {message}" if location else message)


class ExpressionError(AuditorError):
    """An expression is outside the allow-list or malformed."""

    def __init__(self, message: str, column: int | None = None):
        self.message = message
        self.column = column
        super().__init__(message if column is None else f"column {column}: {message}")


class QuantityError(AuditorError):
    """A printed quantity cannot be read."""


class UnitError(QuantityError):
    """A unit the registry does not know: a finding about one claim, never the end of a run."""


class UnreadableClaim(InputError):
    """One claim cannot be read (a unit the registry does not know): the claim is invalid, the run goes on."""


class DimensionError(AuditorError):
    """Two quantities of different dimensions were combined."""


class UnderdeterminedError(AuditorError):
    """An input a formula needs is not available; ``missing`` names it."""

    def __init__(self, missing: list[str], reason: str = ""):
        self.missing = missing
        self.reason = reason
        text = ", ".join(missing)
        super().__init__(f"missing {text}" + (f" ({reason})" if reason else ""))


def shown(value: object, width: int = 60) -> str:
    """A value as a message quotes it: its repr, cut to ``width`` (a hostile value may be huge)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer past the digit limit, a structure nested too deep
        text = f"a {type(value).__name__}"
    return text if len(text) <= width else text[: width - 3] + "..."


# Message templates, kept together so their wording stays consistent.
UNKNOWN_NAME = "unknown {kind} {name!r}{hint}"
DUPLICATE_KEY = "duplicate key {key!r} (first at line {first})"
EXPECTED_TYPE = "{what} must be {expected}, got {got}"
