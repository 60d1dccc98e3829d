"""Changes a page prints against a baseline: signed percents beside two figures, a table's line of changes
anchored where it prints 0%, a ratio line anchored where it prints 1x, and a change in brackets in a cell against
its column's baseline row, above or below it."""

from __future__ import annotations

from test_scan import scanned_text as _page

BEFORE_AFTER = """# Prefix cache on a miss

| Metric | Without cache | With cache | Change |
|--------|---------------|------------|--------|
| Output TPS | 820.50 | 790.10 | -3.7% |
| Total TPS | 6100.00 | 5880.00 | -3.6% |
| Mean TTFT (ms) | 5200.00 | 5460.00 | +5.0% |
| Mean TPOT (ms) | 3676.71 | 3656.30 | -0.6% |
"""


def test_a_fall_printed_with_its_minus_sign_is_the_smaller_over_the_larger_less_one(tmp_path):
    """"from 820.50 tok/s to 790.10 tok/s (-3.7%)": 790.10 / 820.50 - 1 = -3.705%; a rise keeps its reading, the larger
    over the smaller less one (5460 / 5200 - 1 = +5.0%)."""
    found = _page(tmp_path, "# Cache\n\nOutput fell from 820.50 tok/s to 790.10 tok/s (-3.7%). TTFT rose from 5200 ms to"
                            " 5460 ms (+5.0%).\n")
    fall, rise = found["-3.7%"], found["5.0%"]
    assert fall.arithmetic == "(790.10*(tok/s)) / (820.50*(tok/s)) - 1" and fall.finding.verdict.holds
    assert rise.arithmetic == "(5460*(ms)) / (5200*(ms)) - 1" and rise.finding.verdict.holds


def test_a_fall_no_pair_of_its_figures_gives_is_left_unpriced(tmp_path):
    """-9.9% is no change of 820.50 and 790.10: nothing is proposed for it, and nothing is accused."""
    found = _page(tmp_path, "# Cache\n\nOutput fell from 820.50 tok/s to 790.10 tok/s (-9.9%).\n")
    assert found["-9.9%"].arithmetic is None and found["-9.9%"].finding is None


def test_a_column_of_changes_is_the_later_column_over_the_earlier_less_one_in_every_row(tmp_path):
    """"Change" = "With cache" / "Without cache" - 1 in each row (790.10 / 820.50 - 1 = -3.705%, 5880 / 6100 - 1 =
    -3.607%, 5460 / 5200 - 1 = +5.0%), so the row printed too coarsely for a pair of figures to be told from a
    coincidence (3656.30 / 3676.71 - 1 = -0.555%, "-0.6%") takes the table's rule too, and "TPS" heads a throughput;
    a row that breaks the rule is flagged."""
    found = _page(tmp_path, BEFORE_AFTER)
    assert all(found[c].arithmetic == "With_cache / Without_cache - 1" and found[c].finding.verdict.holds
               for c in ("-3.7%", "-3.6%", "-0.6%"))
    assert _page(tmp_path, BEFORE_AFTER.replace("-3.6%", "-4.6%"))["-4.6%"].finding.verdict.value == "mismatch"


PERPLEXITY = """# Quality after quantization

| Format | Perplexity | Delta |
|--------|-----------|-------|
| FP16 | 6.10 | 0% |
| INT8 | 6.14 | +0.7% |
| INT4 (naive) | 8.05 | +32.0% ❌ |
| INT4 (GPTQ) | 6.19 | +1.5% ✅ |
| INT4 (AWQ) | 6.16 | +1.0% ✅ |
"""


def test_a_line_of_changes_is_each_rows_figure_against_the_row_that_prints_0_percent(tmp_path):
    """6.14 / 6.10 - 1 = +0.66%, 8.05 / 6.10 - 1 = +31.97%, 6.19 / 6.10 - 1 = +1.48%: the row printing 0% is the
    baseline every change is taken against, in a table of two lines of figures; a mark after a cell is no part of it.
    The one row that breaks the rule (6.16 / 6.10 - 1 = +0.98%, printed +1.0%, holds; +32.0% holds) is audited as the
    others are."""
    found = _page(tmp_path, PERPLEXITY)
    changes = {text: found[text] for text in ("0.7%", "32.0%", "1.5%", "1.0%")}
    assert all(p.arithmetic == "Perplexity / k - 1" and p.given["k"] == "6.10" for p in changes.values())
    assert all(p.finding.verdict.holds for p in changes.values())
    assert "where this one is 0%" in changes["0.7%"].evidence[0]


def test_a_change_the_baseline_row_does_not_give_is_flagged(tmp_path):
    """+2.5% for 6.19 against 6.10 (+1.48%): the line's rule holds in the three other rows, so the fourth is audited
    against it and flagged."""
    found = _page(tmp_path, PERPLEXITY.replace("+1.5% ✅", "+2.5% ✅"))
    assert found["2.5%"].arithmetic == "Perplexity / k - 1" and found["2.5%"].finding.verdict.value == "mismatch"


def test_two_lines_make_a_rule_through_the_place_a_line_of_ratios_prints_1(tmp_path):
    """"| FP16 | 40 | 1x |" over "| INT8 | 66 | 1.6x |": 66 / 40 = 1.65, 90 / 40 = 2.25, 101 / 40 = 2.525, each the
    rate over the baseline's; without the 1x there is no rule of two lines."""
    text = ("# Speed\n\n| Format | Tokens/sec | Speedup |\n|---|---|---|\n| FP16 | 40 | 1x |\n| INT8 | 66 | 1.7x |\n"
            "| INT4 (GPTQ) | 90 | 2.3x |\n| INT4 (AWQ) | 101 | 2.5x |\n")
    found = _page(tmp_path, text)
    assert all(found[r].arithmetic == "Tokens_sec / k" and found[r].finding.verdict.holds for r in ("1.7x", "2.3x", "2.5x"))
    unanchored = _page(tmp_path, text.replace("| 1x |", "| 1.1x |"))
    assert unanchored["1.7x"].arithmetic is None


THROUGHPUT = """# Throughput by method

| Method | Throughput (tok/s) | Mean TTFT (ms) |
|--------|-------------------|----------------|
| FP8 Static | 15010.40 (+18.2%) | 4300.20 (-15.3%) |
| FP8 Dynamic | 14460.90 (+13.9%) | 4610.70 (-9.2%) |
| Int4 | 12900.00 | 5390.00 |
| BF16 | 12700.00 | 5077.00 |
"""


def test_a_change_in_brackets_in_a_cell_is_its_figure_against_another_row_of_its_column_below_as_above(tmp_path):
    """15010.40 / 12700 - 1 = +18.19%, 4300.20 / 5077 - 1 = -15.30%: the baseline row (BF16) is under the rows that
    print their changes; the change is its own cell's figure against it, never two other rows' figures."""
    found = _page(tmp_path, THROUGHPUT)
    gain, fall = found["18.2%"], found["-15.3%"]
    assert gain.arithmetic == "(15010.40*(tok/s)) / (12700.00*(tok/s)) - 1" and gain.finding.verdict.holds
    assert fall.arithmetic == "(4300.20*(ms)) / (5077.00*(ms)) - 1" and fall.finding.verdict.holds
    assert found["13.9%"].arithmetic == "(14460.90*(tok/s)) / (12700.00*(tok/s)) - 1"  # 14460.90 / 12700 - 1 = +13.87%


def test_a_bracketed_change_is_its_own_cells_figure_never_two_other_rows(tmp_path):
    """+1.6% is 12900 against 12700, but the cell that prints it holds 15010.40: a change is its own cell's, so it is
    audited as 15010.40 against the baseline row and flagged; with no baseline row found it is left unpriced."""
    found = _page(tmp_path, THROUGHPUT.replace("(+18.2%)", "(+1.6%)"))
    assert found["1.6%"].arithmetic == "(15010.40*(tok/s)) / (12700.00*(tok/s)) - 1" and found["1.6%"].finding.verdict.value == "mismatch"
    alone = _page(tmp_path, THROUGHPUT.replace("(+18.2%)", "(+1.6%)").replace(" (-15.3%)", "").replace(" (-9.2%)", ""))
    assert alone["1.6%"].arithmetic is None


def test_a_row_label_that_names_a_format_prices_the_weights_of_the_sections_model(tmp_path):
    """"| FP32 | 280 |" under "Memory (GB)" after "Llama-70B:": 70e9 parameters at 4 bytes, and at 1 byte for INT8."""
    text = ("# Benchmarks\n\n### Memory\n\n**Llama-70B:**\n\n| Precision | Memory (GB) | GPU |\n|---|---|---|\n"
            "| FP32 | 280 | N/A |\n| FP16 | 140 | 2x A100 80GB |\n| INT8 | 70 | A100 80GB |\n")
    found = _page(tmp_path, text)
    assert found["280"].formula == "weight_bytes" and found["280"].given == {"n_params": 70_000_000_000, "weight_dtype": "fp32"}
    assert found["70"].given.get("weight_dtype") == "int8" and found["70"].finding.verdict.holds


def test_a_bracketed_change_the_tables_baseline_row_does_not_give_is_flagged_against_that_row(tmp_path):
    """The table's other changes all come from its BF16 row (15010.40 / 12700 - 1, 14460.90 / 12700 - 1, 4300.20 /
    5077 - 1, 4610.70 / 5077 - 1), so "+21.0%" beside 15010.40 is audited against it (+18.19%) and flagged, where no
    pair of the column's figures gives 21.0%."""
    found = _page(tmp_path, THROUGHPUT.replace("(+18.2%)", "(+21.0%)"))
    wrong = found["21.0%"]
    assert wrong.arithmetic == "(15010.40*(tok/s)) / (12700.00*(tok/s)) - 1" and wrong.finding.verdict.value == "mismatch"
    assert any("baseline row" in e for e in wrong.evidence) and not any("chance of 0.0%" in e for e in wrong.evidence)


def test_two_rows_that_both_give_a_tables_changes_leave_it_without_a_baseline(tmp_path):
    """With the Int4 row printing the BF16 row's figures again, either row gives every change: neither is the table's
    baseline, so a change no pair gives is left unpriced, not accused."""
    text = THROUGHPUT.replace("| Int4 | 12900.00 | 5390.00 |", "| Int4 | 12700.00 | 5077.00 |").replace("(+18.2%)", "(+21.0%)")
    assert _page(tmp_path, text)["21.0%"].finding is None
