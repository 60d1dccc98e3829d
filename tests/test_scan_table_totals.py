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
