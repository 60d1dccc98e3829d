"""Tables that sweep a formula the page writes in one letter (auditor/scan/table_templates.py): each cell the formula
with the letter set to its row's value, in the column whose header names the formula."""

from __future__ import annotations

from fractions import Fraction

from test_scan import scanned_text

from auditor.scan.table_templates import column_template, header_letter, swept, templates

PAGE = """# KV cache

```
KV cache (local, BF16) = 40 layers × min(T, 1024) tokens × 4,096 bytes
KV cache (global, BF16) =  8 layers × T tokens × 2,048 bytes
```

| Context length (T) | Local KV cache | Global KV cache | Total KV |
|--------------------|----------------|-----------------|----------|
| 1,024 tokens       | 167 MB         | 16 MB           | 183 MB   |
| 4,096 tokens       | 167 MB         | 67 MB           | 234 MB   |
| 32,768 tokens      | 160 MB         | 536 MB          | 696 MB   |
"""


def test_each_cell_is_its_columns_formula_at_its_rows_letter(tmp_path):
    """40 × min(T, 1024) × 4,096 B is 167.8 MB from T = 1,024 on; 8 × T × 2,048 B is 16.8, 67.1 and 536.9 MB. The
    160 MB of the last row is that 167.8 MB in MiB printed as MB, and is flagged so."""
    found = scanned_text(tmp_path, PAGE)
    assert found["536 MB"].arithmetic == "8 * 32768 * (2048*B)" and found["536 MB"].finding.verdict.holds
    assert found["67 MB"].finding.verdict.holds
    slip = found["160 MB"]
    assert slip.arithmetic == "40 * min(32768, 1024) * (4096*B)" and not slip.finding.verdict.holds
    assert any("MiB printed as MB" in d.parts for d in slip.finding.diagnoses)


def test_a_formula_is_read_only_in_one_letter_with_a_unit_of_bytes():
    text = "M = 2 × L × d bytes\nN = 40 layers × T tokens\nKV = 2 × 80 × T × 2 bytes\n"
    found = templates(text, 0, len(text))
    assert [(t.label, t.letter, t.expression) for t in found] == [("KV", "T", "2 * 80 * T * (2*B)")]


def test_a_column_names_the_formula_its_header_shares_a_word_with_that_no_other_has():
    found = templates(PAGE, 0, len(PAGE))
    assert column_template("Local KV cache", found).label == "KV cache (local, BF16)"
    assert column_template("KV cache", found) is None  # every formula's label has these words
    assert header_letter("Context length (T)") == "T" and header_letter("Context length") is None
    assert swept(found[1], Fraction(4096)) == "8 * 4096 * (2048*B)"


def test_a_tables_own_sum_over_a_cell_its_formula_flags_carries_the_slip(tmp_path):
    """Total = Local + Global holds on the printed cells in every row, but the last row's 160 MB is 167.8 MB: the
    total of that row is 704.6 MB, not the 696 printed, while the rows above still hold."""
    found = scanned_text(tmp_path, PAGE)
    assert found["183 MB"].finding.verdict.holds and found["234 MB"].finding.verdict.holds
    total = found["696 MB"]
    assert "the slip there is carried here" in " ".join(total.evidence) and not total.finding.verdict.holds


def test_a_printed_sum_on_a_total_that_carries_a_slip_carries_it_on(tmp_path):
    """Below the table, "696 MB / 2 = 348 MB" halves a total whose 160 MB is 167.8 MB: the half is 352.3 MB, so the
    sum that holds on the printed figures is flagged with the slip carried, as the page's next step would be."""
    found = scanned_text(tmp_path, PAGE + "\nIn INT8 the longest row's total halves: 696 MB / 2 = 348 MB.\n")
    half = found["348 MB"]
    assert any("the slip there is carried here" in e for e in half.evidence) and not half.finding.verdict.holds


def test_a_first_column_in_thousands_of_tokens_is_read_as_lengths():
    """"2K tokens" is a length of 2,048, not 2: a sweep at 2 would price every row a thousandfold low."""
    from auditor.scan.table_templates import first_column_values
    from auditor.scan.tables import find_tables

    (table,) = find_tables("| Context (T) | KV |\n| --- | --- |\n| 2K tokens | 48 MB |\n| 8K tokens | 192 MB |\n| 1M tokens | 24 GB |\n")
    assert [value for value, _ in first_column_values(table)] == [2048, 8192, 1048576]
    (rounded,) = find_tables("| Context | KV |\n| --- | --- |\n| 10K | 3.3 GB |\n| 100K | 33 GB |\n")
    assert [value for value, _ in first_column_values(rounded)] == [10000, 100000]  # no power of two: a round figure
