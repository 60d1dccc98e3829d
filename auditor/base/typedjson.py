"""Frozen dataclasses to JSON and back, the way back checked against the fields' declared types.

A built form (the compiled catalogue, a table of parsed units) is read back
from a cache folder or from the installed package, and a cache folder is as
untrusted as any file: so nothing is restored that does not have exactly the
shape its dataclass declares. Decoding is driven by the type hints, so a new
field needs no new code here, and a value of the wrong shape is a
``BuiltFormError`` (the caller treats it as a miss and rebuilds), never an
object half made of the wrong thing.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from fractions import Fraction
from functools import lru_cache

MAX_DEPTH = 12


class BuiltFormError(ValueError):
    """A stored form that does not have the declared shape."""


def encode(value):
    """JSON data for a dataclass tree of text, numbers, Fractions, tuples and dicts."""
    if dataclasses.is_dataclass(value):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Fraction):
        return [value.numerator, value.denominator]
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    raise TypeError(f"cannot store a {type(value).__name__}")


@lru_cache(maxsize=None)
def _hints(cls) -> dict:
    return typing.get_type_hints(cls)


def decode(kind, data, depth: int = 0):
    """``data`` as a value of ``kind`` (a class or a type hint), or BuiltFormError."""
    if depth > MAX_DEPTH:
        raise BuiltFormError("nested too deep")
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) != 1:
            raise BuiltFormError(f"no single type in {kind}")
        return decode(options[0], data, depth + 1)
    if dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise BuiltFormError(f"{kind.__name__} must be a mapping")
        hints = _hints(kind)
        fields = {f.name for f in dataclasses.fields(kind)}
        if set(data) - fields:
            raise BuiltFormError(f"{kind.__name__} has no field {sorted(set(data) - fields)[0]!r}")
        try:
            return kind(**{name: decode(hints[name], value, depth + 1) for name, value in data.items()})
        except TypeError as exc:  # a required field missing
            raise BuiltFormError(f"{kind.__name__}: {exc}") from None
    if kind is Fraction:
        if not (isinstance(data, list) and len(data) == 2 and all(type(x) is int for x in data) and data[1] > 0):
            raise BuiltFormError("a fraction must be [numerator, positive denominator]")
        return Fraction(data[0], data[1])
    if origin is tuple:
        if not isinstance(data, list):
            raise BuiltFormError("a tuple must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, depth + 1) for v in data)
        if len(args) != len(data):
            raise BuiltFormError(f"a tuple of {len(args)} must have {len(args)} items")
        return tuple(decode(a, v, depth + 1) for a, v in zip(args, data))
    if origin is dict or kind is dict:
        if not isinstance(data, dict):
            raise BuiltFormError("a mapping must be a mapping")
        if not args:
            return _plain(data, depth + 1)
        return {decode(args[0], k, depth + 1): decode(args[1], v, depth + 1) for k, v in data.items()}
    if kind in (str, int, bool, float):
        if type(data) is not kind and not (kind is float and type(data) is int):
            raise BuiltFormError(f"expected {kind.__name__}, got {type(data).__name__}")
        return data
    raise BuiltFormError(f"cannot restore a {kind}")


def _plain(data, depth: int):
    """Plain JSON data (a mapping declared only as ``dict``), bounded in depth."""
    if depth > MAX_DEPTH:
        raise BuiltFormError("nested too deep")
    if isinstance(data, dict):
        return {k: _plain(v, depth + 1) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain(v, depth + 1) for v in data]
    return data
