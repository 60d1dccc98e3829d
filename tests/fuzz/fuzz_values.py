"""Hostile values: what a stranger's file may hold in any field.

Types changed, huge and odd numbers, number-like text the unit parser and the
expression parser must bound, unicode (lone surrogates included), deep
nesting, and payloads that would execute code or a template if anything ever
evaluated them (each would create the file ``MARKER``, which the worker
checks for).
"""

from __future__ import annotations

import datetime

from hypothesis import strategies as st

MARKER = "EXECUTED-MARKER"

PAYLOADS = (
    f"__import__('os').system('touch {MARKER}')",
    f"().__class__.__base__.__subclasses__()",
    "{{ 7*7 }}{% for x in range(9**9) %}{% endfor %}",
    "${HOME}",
    f"$(touch {MARKER})",
    "<script>alert(1)</script>",
    f"!!python/object/apply:os.system ['touch {MARKER}']",
    "lambda: 1",
    "x.__dict__",
    "[1, 2][0]",
)

NUMBER_TEXTS = (
    "3 10**10**10*byte", "1e999 GB", "1/0", "0/0 GB", "1 + 2/0", "10^1000 B", "1 × 10^99999 B", "−5 GB",
    "~57×", "< 1%", "2–16×", "over 200%", "about 15 tokens", "1,2,3", "52.2 GiB/token/s**99", "1 GB**1000000",
    "1 byte**(1/3)", "5 meter", "3 degC", "7 furlong/fortnight", "1e5", "1e12", "-1", "0", "nan", "inf", "1e-999",
    "9" * 70, "1." + "0" * 80 + "1 GB", "(((((1)))))", "1 + 1 + 1 + 1 GB", "2**64", "10**10**10", "245k tokens",
    "1.6M", "8.03 billion", "1/3 GiB", "12 GB/s/s/s", "4.00 GiB per token per token", "x GB", "GB", "", " ",
    "binomial(n_heads*10**9, 10**8)", "harmonic(10**12)", "((2**64)**64)**64", "9**9**9", "n_heads**n_heads**n_heads",
    "exp(exp(exp(100)))", "log(0)", "sqrt(-1)", "min()", "if_else(1, 2, 3)", "infinity()", "ceiling(1e308)",
)

INTEGERS = st.one_of(
    st.sampled_from([0, -1, 1, 2, 10**5, 10**9, 10**12, 2**63, 2**64 + 1, 10**40, 10**100, -(10**30)]),
    st.integers(min_value=-(10**30), max_value=10**30),
)
FLOATS = st.one_of(st.sampled_from([1e5, 1e12, 1e308, -0.0, 5e-324, 0.1, float("inf"), float("-inf"), float("nan")]), st.floats())
TEXTS = st.one_of(
    st.sampled_from(NUMBER_TEXTS),
    st.sampled_from(PAYLOADS),
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec=None), max_size=12),
    st.sampled_from(["\ud800", "a\udfffb", "\x00", "\x07bell", "\u202etxt", "\ufeff", "é" * 3, "日本語", "🚀" * 4]),
    st.builds(lambda c, n: c * n, st.sampled_from("x9 /."), st.sampled_from([300, 5000, 20000])),
)
SCALARS = st.one_of(
    INTEGERS, FLOATS, TEXTS, st.booleans(), st.none(),
    st.just(datetime.date(2024, 1, 1)), st.just(datetime.datetime(2024, 1, 1, 12, 0)),
)


def nested(depth: int, leaf) -> object:
    """``depth`` levels of lists (or mappings) around ``leaf``."""
    for level in range(depth):
        leaf = [leaf] if level % 2 else {"k": leaf}
    return leaf


HOSTILE = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=5),
    st.dictionaries(st.one_of(st.text(max_size=10), st.integers()), SCALARS, max_size=4),
    st.builds(nested, st.integers(min_value=5, max_value=60), SCALARS),
    st.builds(lambda n: list(range(n)), st.sampled_from([200, 3000, 12000])),
)
"""Any value at all, for any field."""
