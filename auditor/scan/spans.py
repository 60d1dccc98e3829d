"""Finding many names in a long page in time proportional to the page.

Two costs grew faster than the page. Refusing a match that starts inside an
earlier one was decided by asking every earlier match in turn, so a page
naming a GPU ten thousand times took minutes; ``Covered`` answers in one
look-up. And a name list was searched either one name at a time or as one
alternation of every name, which the regular-expression engine tries in turn
at every character; ``longest_first`` writes the same alternation as a tree
of shared prefixes, so each character is tried against the few names that
can still match there.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from functools import lru_cache


class Covered:
    """The characters of a text that accepted matches cover."""

    def __init__(self, length: int):
        self._marks = bytearray(length + 1)

    def covers(self, position: int) -> bool:
        return bool(self._marks[position])

    def take(self, start: int, end: int) -> None:
        if end > start:
            self._marks[start:end] = b"\x01" * (end - start)


def around(pattern: re.Pattern, text: str, start: int, end: int, within: tuple[int, int]) -> tuple[int, int]:
    """From the end of the last ``pattern`` match before ``start`` to the first one after ``end``, inside ``within``.

    Looked up among the page's matches, found once: searching outwards from
    each number crossed the whole sentence again for every number in it.
    """
    starts, ends = _matches(pattern, text)
    before = bisect_right(ends, start) - 1
    after = bisect_left(starts, end)
    low = ends[before] if before >= 0 and starts[before] >= within[0] else within[0]
    high = starts[after] if after < len(starts) and ends[after] <= within[1] else within[1]
    return low, high


@lru_cache(maxsize=4)
def _matches(pattern: re.Pattern, text: str) -> tuple[list[int], list[int]]:
    found = [(m.start(), m.end()) for m in pattern.finditer(text)]
    return [a for a, _ in found], [b for _, b in found]


def covering(length: int, spans: Iterable[tuple]) -> Covered:
    """The characters that ``(start, end, ...)`` spans cover."""
    covered = Covered(length)
    for start, end, *_ in spans:
        covered.take(start, end)
    return covered


def longest_first(names: Iterable[str], space: str | None = None, end: str = "") -> str:
    """A pattern matching what ``"|".join(longest names first)`` would, written as a prefix tree.

    ``space``, when given, is the pattern a space in a name stands for (the
    names' other characters are literal). ``end`` is checked where a name
    ends, so a longer name that fails it gives way to a shorter one, as the
    plain alternation would. At each fork the continuation is tried before
    the name that ends there, which is the longest-first order; ties cannot
    arise, since two different names never match the same characters. A
    tree forking more than ``MAX_FORKS`` deep (names nested in each other
    hundreds of times) is written as the plain alternation instead, which the
    regular-expression parser can always nest.
    """
    tree: dict = {}
    for name in names:
        node = tree
        for character in name:
            node = node.setdefault(character, {})
        node[""] = {}
    if not tree:
        return "(?!)"
    if _forks(tree) > MAX_FORKS:
        ordered = sorted(_names(tree), key=lambda n: (-len(n), n))
        return "(?:" + "|".join(_literal(n, space) + end for n in ordered) + ")"
    return _pattern(tree, space, end)


MAX_FORKS = 60


def _literal(name: str, space: str | None) -> str:
    return "".join(space if space is not None and c == " " else re.escape(c) for c in name)


def _chain(node: dict) -> tuple[str, dict]:
    """The characters below ``node`` up to the next fork or name end, and the node there."""
    run = []
    while len(node) == 1 and "" not in node:
        (character, node), = node.items()
        run.append(character)
    return "".join(run), node


def _pattern(node: dict, space: str | None, end: str) -> str:
    run, node = _chain(node)
    branches = [_literal(c, space) + _pattern(node[c], space, end) for c in sorted(k for k in node if k)]
    if "" in node:
        branches.append(end)
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return _literal(run, space) + body


def _forks(node: dict) -> int:
    """How many forks deep the tree goes (iteratively: a hostile tree may be thousands of characters deep)."""
    deepest, stack = 0, [(node, 0)]
    while stack:
        node, depth = stack.pop()
        run, node = _chain(node)
        children = [node[k] for k in node if k]
        depth += len(node) > 1
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in children)
    return deepest


def _names(tree: dict) -> list[str]:
    found, stack = [], [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for key, child in node.items():
            if key:
                stack.append((child, prefix + key))
            else:
                found.append(prefix)
    return found
