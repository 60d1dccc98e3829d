"""Names and spans on a long page: the prefix-tree alternation finds what the plain one does, in time the page's length allows.

``longest_first`` replaces ``"|".join(names, longest first)`` in the scan's
name and input searches; every property here is checked against that plain
alternation, which is the specification. ``Covered`` and ``around`` replace
scans over earlier matches; they must give what those scans gave.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.scan.match import find_named
from auditor.scan.spans import Covered, around, covering, longest_first

GAP, END = r"[\s_\-]+", r"(?![\w.])"
NAMES = st.sets(st.text("abc .", min_size=1, max_size=6).map(str.strip).filter(bool), min_size=1, max_size=8)
TEXTS = st.text("abcAB .-_\n", max_size=60)


def plain(names, space=None, end=""):
    ordered = sorted(names, key=lambda n: (-len(n), n))
    body = "|".join("".join(space if space and c == " " else re.escape(c) for c in n) + end for n in ordered)
    return f"(?:{body})"


@settings(max_examples=400, deadline=None)
@given(NAMES, TEXTS)
def test_the_prefix_tree_matches_where_and_what_the_longest_first_alternation_does(names, text):
    for space, end, flags in ((None, "", 0), (GAP, END, re.IGNORECASE)):
        expected = [m.span() for m in re.finditer(r"(?<![\w.])" + plain(names, space, end), text, flags)]
        found = [m.span() for m in re.finditer(r"(?<![\w.])" + longest_first(names, space, end), text, flags)]
        assert found == expected


@settings(max_examples=200, deadline=None)
@given(NAMES, TEXTS)
def test_a_backtracking_suffix_gives_way_to_a_shorter_name_as_the_alternation_does(names, text):
    suffix = r"\s*=\s*(?P<n>\d+)"
    text = re.sub(r"\.", " = 1 ", text)
    expected = [m.span() for m in re.finditer(plain(names) + suffix, text)]
    assert [m.span() for m in re.finditer(longest_first(names) + suffix, text)] == expected


def test_names_nested_in_each_other_hundreds_deep_fall_back_to_the_plain_alternation():
    names = ["a" * n for n in range(1, 400)]
    pattern = re.compile(longest_first(names))
    assert pattern.match("a" * 500).end() == 399


def old_find_named(text, aliases):
    """The search alias by alias, as the scan did it: the specification of ``find_named``."""
    found = []
    for alias, item in aliases:
        pattern = GAP.join(re.escape(word) for word in alias.split())
        for match in re.finditer(rf"(?<![\w.]){pattern}(?!\w|\.\w)", text, re.IGNORECASE):
            if not any(start <= match.start() < end for start, end, _ in found):
                found.append((match.start(), match.end(), item))
    return sorted(found)


ALIASES = [("llama 3 8b instruct", "m1"), ("llama 3 8b", "m2"), ("3 8b", "m3"), ("h100 sxm", "g1"), ("h100", "g1"), ("a100", "g2"), ("b", "m4")]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Llama-3-8B", "llama 3 8b Instruct", "H100", "h100_sxm", "A100.", "3 8B", "b", " ", "-", "x", "\n"]), max_size=14))
def test_find_named_accepts_the_places_the_alias_by_alias_search_accepted(words):
    text = " ".join(words)
    assert find_named(text, ALIASES) == old_find_named(text, ALIASES)


def test_a_name_ends_at_a_full_stop_but_not_at_a_version_point():
    aliases = [("llama 3", "m3"), ("llama 3.1", "m31"), ("a100", "g2")]
    assert find_named("We ran it on an A100.", aliases) == [(16, 20, "g2")]
    assert find_named("Compare with Llama 3. Then Llama 3.1 and Llama 3.2.", aliases) == [(13, 20, "m3"), (27, 36, "m31")]


def test_covered_answers_whether_a_position_lies_inside_an_accepted_span():
    covered = covering(10, [(2, 4, "x"), (6, 6, "empty")])
    assert [covered.covers(i) for i in range(8)] == [False, False, True, True, False, False, False, False]
    alone = Covered(3)
    alone.take(0, 3)
    assert alone.covers(2) and not alone.covers(3)


@settings(max_examples=300, deadline=None)
@given(st.text(",; ab", max_size=40), st.integers(0, 40), st.integers(0, 40))
def test_around_finds_the_last_match_before_and_the_first_after_as_searching_outwards_does(text, a, b):
    start = min(a, len(text))
    end = min(max(start, b), len(text))
    pattern = re.compile(r"[,;]")
    within = (0, len(text))
    before = [m.end() for m in pattern.finditer(text, within[0], start)]
    after = pattern.search(text, end, within[1])
    assert around(pattern, text, start, end, within) == ((before[-1] if before else 0), (after.start() if after else len(text)))


def test_a_models_version_may_be_glued_to_its_family_name():
    from auditor.scan.match import find_models

    ids = ["meta-llama/Meta-Llama-3-8B", "meta-llama/Llama-3.1-8B", "Qwen/Qwen2.5-72B"]
    found = find_models("the llama3 8B numbers, then llama3.1 8b, Qwen 2.5 72B and qwen2.5 72B.", ids)
    assert [model for _, _, model in found] == ["meta-llama/Meta-Llama-3-8B", "meta-llama/Llama-3.1-8B", "Qwen/Qwen2.5-72B", "Qwen/Qwen2.5-72B"]


def test_a_bare_size_goes_to_the_one_versioned_family_the_page_names_without_a_size():
    """A page about "Gemma 3" that says "the 27B" means gemma-3-27b; a page naming two families, or none with a
    version ("Llama"), leaves a bare size any model's."""
    from auditor.scan.match import find_models

    ids = ["google/gemma-3-27b-it", "google/gemma-3-1b-it", "meta-llama/Llama-3.1-70B", "meta-llama/Meta-Llama-3-70B"]
    assert [m for _, _, m in find_models("Google's Gemma 3 models: the 27B needs 54 GB.", ids)] == ["google/gemma-3-27b-it"]
    assert [m for _, _, m in find_models("We use Llama 3.1. The 70B is big.", ids)] == ["meta-llama/Llama-3.1-70B"]
    assert find_models("Llama 3 and Llama 3.1: the 70B is big.", ids) == []
    assert find_models("Llama models: the 70B is big.", ids) == []
