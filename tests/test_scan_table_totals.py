"""A table's total row is the sum of the rows above it (auditor/scan/table_totals.py)."""

from __future__ import annotations

from test_scan import scanned_text as _page

BUDGET = """# Training memory

| Component | Size |
|-----------|------|
| Model params (FP16) | 14 GB |
| Optimizer states (FP32 m + v + master) | 84 GB |
| Gradients (FP16) | 14 GB |
| Activations (estimated) | ~60 GB |
| Buffers | ~2 GB |
| **Total** | **~174 GB** |

| Component | Calculation | Size |
|-----------|-------------|------|
| Model weights (FP16) | 7.6B * 2 | 15.2 GB |
| KV Cache (B=16, N=32K) | (see above) | 32.8 GB |
| Buffers | — | ~2 GB |
| **Total** | | **~55 GB** |
"""


def test_a_total_row_is_the_sum_of_the_rows_above_it_in_its_column(tmp_path):
    """14 + 84 + 14 + 60 + 2 = 174 GB; 15.2 + 32.8 + 2 = 50 GB, not the 55 printed."""
    found = _page(tmp_path, BUDGET)
    total = found["~174 GB"]
    assert total.given == {"Model_params": "14 GB", "Optimizer_states": "84 GB", "Gradients": "14 GB", "Activations": "60 GB", "Buffers": "2 GB"}
    assert total.finding.verdict.holds
    assert not found["~55 GB"].finding.verdict.holds
    assert not found["84 GB"].proposed  # an addend is the table's input


def test_a_total_far_from_its_rows_or_over_a_column_of_text_is_no_sum(tmp_path):
    """A "total" twice the rows is a budget with parts not listed; the calculation column holds no figures."""
    found = _page(tmp_path, BUDGET.replace("~174 GB", "~348 GB"))
    assert "sum of the" not in " ".join(found["~348 GB"].evidence)
    one_row = _page(tmp_path, "# One\n\n| Part | Size |\n|---|---|\n| Weights | 14 GB |\n| **Total** | 14 GB |\n")
    assert all("sum of the" not in " ".join(p.evidence) for p in one_row.values())


def test_a_blank_line_ends_a_table():
    from auditor.scan.tables import find_tables

    tables = find_tables(BUDGET)
    assert [len(t.header) for t in tables] == [2, 3]


def test_a_subtotal_row_is_the_sum_above_it_whatever_words_its_label_shares_with_a_formula(tmp_path):
    """"Subtotal (parameters)" under five copies of a 7B model's parameters: 2 + 4 + 2 + 4 + 4 = 16 bytes, 14 + 28 +
    14 + 28 + 28 = 112 GB. "parameters" would make the words choose the weights formula, which gives 14 GB; the label
    says the row is the column's sum, so it is read as one."""
    page = ("# Training\n\n| Component | Bytes per Parameter | 7B Model |\n|---|---:|---:|\n| FP16 model weights | 2 | 14 GB |\n"
            "| FP32 master copy | 4 | 28 GB |\n| FP16 gradients | 2 | 14 GB |\n| AdamW first moment (FP32) | 4 | 28 GB |\n"
            "| AdamW second moment (FP32) | 4 | 28 GB |\n| **Subtotal (parameters)** | **16** | **~112 GB** |\n")
    found = _page(tmp_path, page)
    for stated in ("16", "~112 GB"):
        assert found[stated].formula is None and "the sum of the 5 rows above it" in found[stated].evidence[0]
        assert found[stated].finding.verdict.holds
