"""A table that tabulates a sum the page worked above it, over the operand its first column varies
(auditor/scan/table_sweeps.py)."""

from __future__ import annotations

from fractions import Fraction

from auditor.scan import table_sweeps
from test_scan import scanned_text as _page

SWEPT = """# Cache by context

A model with 24 layers and a width of 2048 in FP16 needs, at 2,048 tokens of context:

```
24 × 2 × 2048 × 2048 × 2 bytes ≈ 403 MB
```

| Context | Cache |
|---------|-------|
| 1,024   | ~201 MB |
| 2,048   | ~403 MB |
| 4,096   | ~805 MB |
| 8,192   | ~1.6 GB |
| 16,384  | ~4.2 GB |
"""


def test_each_row_is_the_worked_sum_with_the_swept_operand_set_to_the_rows_value(tmp_path):
    """24·2·2048·1024·2 B = 201 MB; ·4096 = 805 MB; ·8192 = 1.6 GB; ·16384 = 3.2 GB, not the 4.2 GB printed."""
    found = _page(tmp_path, SWEPT)
    for cell in ("~201 MB", "~805 MB", "~1.6 GB"):
        assert found[cell].finding.verdict.holds, cell
        assert "the table sweeps it" in found[cell].evidence[0]
    assert "1024" in found["~201 MB"].arithmetic
    wrong = found["~4.2 GB"]
    assert "16384" in wrong.arithmetic and not wrong.finding.verdict.holds


def test_a_table_the_worked_sum_does_not_reproduce_is_left_to_other_rules(tmp_path):
    """The worked value must be in its own row, and the varied sum must hold in two more rows."""
    found = _page(tmp_path, SWEPT.replace("~201 MB", "~150 MB").replace("~805 MB", "~700 MB").replace("~1.6 GB", "~2.9 GB"))
    assert not any("the table sweeps it" in p.evidence[0] for p in found.values() if p.evidence)


def test_a_sum_is_varied_only_where_its_literals_are_its_printed_operands():
    from auditor.scan.sums import find_sums

    (found,) = find_sums("24 × 2 × 2048 × 4096 × 2 bytes ≈ 805 MB")
    assert table_sweeps.operand_positions(found, {Fraction(4096), Fraction(512)}) == [(3, Fraction(4096))]
    assert table_sweeps.varied(found, 3, Fraction(512)) == found.expression.replace("4096", "512")


SHAPES = """# One layer's tensors, in BF16

| Tensor | Shape | Size |
|--------|-------|------|
| `attn_q.weight` | (8192, 8192) | 134 MB |
| `attn_k.weight` | (8192, 1024) | 17 MB |
| `ffn_up.weight` | (8192 × 28672) | 470 MB |
| `norm.weight` | (8192, 3) | 9 MB |
"""


def test_a_size_beside_a_tensors_shape_is_the_shapes_product_at_the_sections_format(tmp_path):
    """8192 × 8192 × 2 bytes = 134.2 MB; 8192 × 1024 × 2 = 16.8 MB, printed 17; 8192 × 28672 × 2 = 469.8 MB."""
    found = _page(tmp_path, SHAPES)
    for size, expression in (("134 MB", "8192 * 8192 * (2*B)"), ("17 MB", "8192 * 1024 * (2*B)"), ("470 MB", "8192 * 28672 * (2*B)")):
        assert found[size].arithmetic == expression and found[size].finding.verdict.holds, size
    assert not found["9 MB"].proposed  # no format's width gives it: nothing proposed, nothing accused


def test_a_shape_is_two_to_four_sizes_in_brackets():
    from auditor.scan.tensor_shapes import shape_in

    assert shape_in(["`attn_q.weight`", "(12288, 8192) — but project from d=12288"]) == [12288, 8192]
    assert shape_in(["(12288 × 49152)"]) == [12288, 49152]
    assert shape_in(["(see 2024)", "plain"]) is None
