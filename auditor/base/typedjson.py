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


def decode(kind, data):
    """``data`` as a value of ``kind`` (a class or a type hint), or BuiltFormError."""
    return _decoder(kind)(data, 0)


@lru_cache(maxsize=None)
def _decoder(kind):
    """A function (data, depth) -> value for ``kind``, worked out from the hint once."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) != 1:
            raise BuiltFormError(f"no single type in {kind}")
        inner, nullable = _decoder(options[0]), type(None) in args
        return lambda data, depth: None if data is None and nullable else inner(data, _deeper(depth))
    if dataclasses.is_dataclass(kind):
        return _dataclass_decoder(kind)
    if kind is Fraction:
        return _fraction
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda data, depth: tuple(item(v, _deeper(depth)) for v in _sequence(data))
        items = [_decoder(a) for a in args]

        def fixed(data, depth):
            data = _sequence(data)
            if len(data) != len(items):
                raise BuiltFormError(f"a tuple of {len(items)} must have {len(items)} items")
            return tuple(item(v, _deeper(depth)) for item, v in zip(items, data))

        return fixed
    if origin is dict or kind is dict:
        if not args:
            return lambda data, depth: _plain(_mapping(data), _deeper(depth))
        key, value = _decoder(args[0]), _decoder(args[1])
        return lambda data, depth: {key(k, depth): value(v, _deeper(depth)) for k, v in _mapping(data).items()}
    if kind in (str, int, bool, float):
        def scalar(data, depth):
            if type(data) is not kind and not (kind is float and type(data) is int):
                raise BuiltFormError(f"expected {kind.__name__}, got {type(data).__name__}")
            return data

        return scalar
    raise BuiltFormError(f"cannot restore a {kind}")


def _dataclass_decoder(kind):
    fields = {f.name: f for f in dataclasses.fields(kind)}
    decoders: dict = {}

    def decode_instance(data, depth):
        if not decoders:  # the hints resolved at first use: a field may name a class defined after this one
            decoders.update({name: _decoder(hint) for name, hint in typing.get_type_hints(kind).items() if name in fields})
        if not isinstance(data, dict):
            raise BuiltFormError(f"{kind.__name__} must be a mapping")
        try:
            values = {name: decoders[name](value, _deeper(depth)) for name, value in data.items()}
        except KeyError as exc:
            raise BuiltFormError(f"{kind.__name__} has no field {exc.args[0]!r}") from None
        try:
            return kind(**values)
        except TypeError as exc:  # a required field missing
            raise BuiltFormError(f"{kind.__name__}: {exc}") from None

    return decode_instance


def _deeper(depth: int) -> int:
    if depth >= MAX_DEPTH:
        raise BuiltFormError("nested too deep")
    return depth + 1


def _fraction(data, depth):
    if not (isinstance(data, list) and len(data) == 2 and type(data[0]) is int and type(data[1]) is int and data[1] > 0):
        raise BuiltFormError("a fraction must be [numerator, positive denominator]")
    return Fraction(data[0], data[1])


def _sequence(data) -> list:
    if not isinstance(data, list):
        raise BuiltFormError("a tuple must be a list")
    return data


def _mapping(data) -> dict:
    if not isinstance(data, dict):
        raise BuiltFormError("a mapping must be a mapping")
    return data


def _plain(data, depth: int):
    """Plain JSON data (a mapping declared only as ``dict``), bounded in depth."""
    if depth > MAX_DEPTH:
        raise BuiltFormError("nested too deep")
    if isinstance(data, dict):
        return {k: _plain(v, depth + 1) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain(v, depth + 1) for v in data]
    return data
