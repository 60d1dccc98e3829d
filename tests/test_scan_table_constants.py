"""Table columns worked from one figure printed above the table (auditor/scan/table_constants.py), or from the line above
(a running total, auditor/scan/table_relations.py)."""

from __future__ import annotations

from auditor.scan import table_constants
from test_scan import scanned_text

BUDGET = """# Concurrency

KV token budget = 58 GB / 128 KiB = 442,505 tokens.

| Scenario | Tokens per request | Max concurrency |
|---|---|---|
| Short | 512 | {short} |
| Q&A | 2,048 | 216 |
| Chat | 4,096 | 108 |
| Docs | 8,192 | 60 |
"""


def test_a_column_of_counts_is_the_budget_above_over_each_rows_length(tmp_path):
    """442,505 tokens over 512, 2,048 and 4,096 tokens a request are 864, 216 and 108 requests: the column is the
    budget over the row's length, and the row that prints 60 where 54 fit breaks it and is flagged."""
    found = scanned_text(tmp_path, BUDGET.format(short="864"))
    for stated, length in (("864", 512), ("216", 2048), ("108", 4096)):
        assert found[stated].arithmetic == f"(442505*(tokens)) / {length}" and found[stated].finding.verdict.holds
    assert found["60"].arithmetic == "(442505*(tokens)) / 8192" and found["60"].finding.verdict.value == "mismatch"


def test_two_misses_in_a_column_leave_it_unread(tmp_path):
    """With a second row off ("850" for 864), the budget explains too few rows to be the column's rule."""
    found = scanned_text(tmp_path, BUDGET.format(short="850"))
    assert not any("the table's column" in " ".join(found[s].evidence) for s in ("850", "216", "108", "60"))


def test_only_a_column_the_table_varies_in_order_and_a_figure_of_the_cells_kind_make_a_column_rule():
    """Peak figures of cards side by side ("1979, 1979, 1513") are no quantity a table sweeps, and a size in bytes
    times a count is no bare count."""
    rows = [table_constants.Target(k, v, 0.005) for k, v in enumerate((989.5, 989.5, 756.5))]
    assert table_constants.constant_column(rows, {0: 1979, 1: 1979, 2: 1513}, [(0.5, ())]) is None
    rows = [table_constants.Target(k, v, 0.005) for k, v in enumerate((256.0, 512.0, 1024.0))]
    assert table_constants.constant_column(rows, {0: 512, 1: 1024, 2: 2048}, [(0.5, ())]) == (0, "*")
    assert table_constants.constant_column(rows, {0: 512, 1: 1024, 2: 2048}, [(0.5, (("[information]", 1),))]) is None


def test_a_column_on_a_figure_whose_own_working_misses_carries_that_slip_into_each_cell(tmp_path):
    """The budget above prints 474,317 tokens where its own sum gives 442,505 (58e9 / 131,072): each row, worked on
    the figure printed (474,317 / 2,048 = 231), is flagged at what the working gives (216), the slip carried."""
    page = ("# Concurrency\n\nKV token budget = 58 GB / 128 KiB = 474,317 tokens.\n\n| Scenario | Tokens per request | Max concurrency |\n"
            "|---|---|---|\n| Short | 512 | 926 |\n| Q&A | 2,048 | 231 |\n| Chat | 4,096 | 115 |\n| Docs | 8,192 | 57 |\n")
    found = scanned_text(tmp_path, page)
    assert not found["474,317 tokens"].finding.verdict.holds
    for stated in ("231", "115", "57"):
        cell = found[stated]
        assert not cell.finding.verdict.holds and any("the slip there is carried here" in e for e in cell.evidence)
        assert round(float(cell.finding.computed_base)) == round(442505 / {"231": 2048, "115": 4096, "57": 8192}[stated])


def test_a_price_per_million_tokens_in_a_header_prices_each_rows_tokens(tmp_path):
    """"Input cost (at $0.14/M tokens)" over rows of 100, 400 (worked out in its cell), 700, 1,000 and 1,300 tokens:
    each cost is the row's tokens at $0.14 a million, 1,000 x 0.14e-6 = $0.00014; a row of words prices nothing, and
    the row that prints $0.000200 for 1,300 tokens ($0.000182) is flagged."""
    page = ("# Billing\n\n| Turn | Input tokens | Input cost (at $0.14/M tokens) |\n|---|---|---|\n| 1 | 100 | $0.000014 |\n"
            "| 2 | 100+200+100=400 | $0.000056 |\n| 3 | 700 | $0.000098 |\n| 4 | 1000 | $0.000140 |\n| 5 | 1300 | $0.000200 |\n"
            "| n | ~300n - 200 | ~(300n-200) × unit price |\n")
    found = scanned_text(tmp_path, page)
    for stated in ("0.000014 USD", "0.000056 USD", "0.000098 USD", "0.000140 USD"):
        assert "1e6" in found[stated].arithmetic and found[stated].finding.verdict.holds, stated
    assert found["0.000200 USD"].finding.verdict.value == "mismatch"


def test_a_cumulative_column_is_its_line_above_plus_the_lines_own_figure(tmp_path):
    """"| New input tokens | Cumulative input tokens |": 500 + 3,000 = 3,500, + 200 = 3,700, + 500 = 4,200, and the
    row that prints 9,900 where 4,200 + 5,000 = 9,200 breaks the running total and is flagged; a row of dots adds
    nothing and the row after it, whose line above prints no total, is left alone."""
    page = ("# Agent\n\n| Turn | Event | New input tokens | Cumulative input tokens |\n|---|---|---|---|\n| 1 | prompt | 500 | 500 |\n"
            "| 2 | read a file | 3000 | 3500 |\n| 3 | run bash | 200 | 3700 |\n| 4 | analyse | 500 | 4200 |\n| 5 | read another | 5000 | 9900 |\n"
            "| ... | (repeats) | ... | ... |\n| 20 | reply | ~500 | ~15000 |\n")
    found = scanned_text(tmp_path, page)
    for stated in ("3500", "3700", "4200"):
        assert found[stated].arithmetic == "previous + New_input_tokens" and found[stated].finding.verdict.holds, stated
    assert found["9900"].finding.verdict.value == "mismatch"
    assert found["~15000"].arithmetic is None


def test_a_figure_of_one_or_cells_of_one_digit_make_no_column_rule():
    """Times 1.0 every cell is its row's input, a copy and no rule of the figure; and cells printed to one digit
    ("$0.008", "$0.006", "$0.005") land within 6% of anything near them, so they cannot make a rule alone."""
    rows = [table_constants.Target(k, v, 0.005) for k, v in enumerate((1.0, 1.5, 6.0, 46.9))]
    assert table_constants.constant_column(rows, {0: 1, 1: 1.5, 2: 6, 3: 48}, [(1.0, ())]) is None
    coarse = [table_constants.Target(k, v, 0.0005 / v) for k, v in enumerate((0.008, 0.006, 0.005))]
    assert table_constants.constant_column(coarse, {0: 125, 1: 167, 2: 200}, [(0.98, ())]) is None
    fine = [table_constants.Target(k, v, 0.0000005 / v) for k, v in enumerate((0.000014, 0.000140, 0.000182))]
    assert table_constants.constant_column(fine, {0: 100, 1: 1000, 2: 1300}, [(0.14e-6, ())]) == (0, "*")
