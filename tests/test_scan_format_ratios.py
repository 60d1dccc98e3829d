"""Ratios of two storage formats' widths that a page prints in words (auditor/scan/format_ratios.py): proposed as
the widths' ratio where it holds, never where it does not."""

from __future__ import annotations

import pytest

from test_scan import scanned_text as _page

from auditor.scan.format_ratios import pairs, width_ratio


def test_a_ratio_beside_two_formats_is_the_ratio_of_their_widths(tmp_path):
    """int4 reads a quarter of bf16's bytes: "4× better QPS/chip than bf16" is 16 / 4 bits, and holds."""
    ratio = _page(tmp_path, "# Quantized serving\n\nOn a memory-bound decode, int4 gives 4× better QPS/chip than bf16.\n")["4×"]
    assert ratio.arithmetic == "16 / 4" and ratio.finding.verdict.holds
    assert "the widths in bits of int4 and bf16" in ratio.evidence[0]


def test_a_ratio_whose_clause_names_one_format_compares_it_with_the_sentences_other(tmp_path):
    """"int8 gives 2x over float16, int4 gives 4x": the 4x is int4 against float16, the only pair that gives it."""
    found = _page(tmp_path, "# Speed\n\nThe speedup is linear: int8 gives 2x over fp16, int4 gives 4x.\n")
    assert found["2x"].arithmetic == "16 / 8" and found["4x"].arithmetic == "16 / 4"
    assert found["2x"].finding.verdict.holds and found["4x"].finding.verdict.holds


def test_a_list_items_ratio_compares_the_formats_the_line_heading_its_list_names(tmp_path):
    """"**FP16 → INT4**" over "- 4x memory reduction": the two formats the list's heading compares (16 / 4); "### FP8"
    over "- 2x memory saving vs FP16": the list's format against the one the item names (16 / 8); an item under a
    heading naming no two formats ("- 3x smaller") is left alone."""
    found = _page(tmp_path, "# Quantization\n\n**FP16 → INT4 (4-bit)**\n\n- 4x memory reduction\n- Calibration needed\n\n"
                            "### FP8 (H100)\n- Native on Hopper\n- 2x memory saving vs FP16\n\n### Pruning\n- 3x smaller\n")
    assert found["4x"].arithmetic == "16 / 4" and found["4x"].finding.verdict.holds
    assert found["2x"].arithmetic == "16 / 8" and found["2x"].finding.verdict.holds
    assert found["3x"].arithmetic is None


def test_a_group_scaled_format_counts_its_scales(tmp_path):
    """NVFP4 stores 4 bits and an 8-bit scale per 16 values, 4.5 bits: FP16 → NVFP4 is 16 / 4.5 = 3.56, "~3.6×"."""
    ratio = _page(tmp_path, "# Formats\n\nFP16 → NVFP4 cuts the bytes read by ~3.6× at batch 1.\n")["~3.6×"]
    assert ratio.arithmetic == "16 / 4.5" and ratio.finding.verdict.holds


def test_a_saving_is_one_less_the_narrower_over_the_wider(tmp_path):
    """"INT8 saves 50% of the memory compared with FP16": 1 - 8 / 16."""
    saving = _page(tmp_path, "# Memory\n\nStoring the cache in INT8 saves 50% of its memory compared with FP16.\n")["50%"]
    assert saving.arithmetic == "1 - 8 / 16" and saving.finding.verdict.holds


@pytest.mark.parametrize("sentence", [
    "On the H100, FP8 runs about 1.6× faster than BF16 in our benchmark.",  # a measured gain, not the widths' 2×
    "Tensor cores make INT8 ~2×, INT4 ~3.5× faster.",  # each format's gain over a third the sentence leaves unnamed
])
def test_a_ratio_the_widths_do_not_give_or_no_comparison_of_two_formats_is_left_alone(tmp_path, sentence):
    found = _page(tmp_path, f"# Benchmarks\n\n{sentence}\n")
    ratios = [p for k, p in found.items() if k.rstrip().endswith("×")]
    assert ratios and all(p.arithmetic is None and p.finding is None for p in ratios)


def test_the_pairs_tried_are_the_clauses_two_formats_or_its_one_with_each_other_of_the_sentence():
    assert pairs(["int4", "bf16"], ["int4", "bf16"], "int4 than bf16") == [("int4", "bf16")]
    assert pairs(["int4"], ["int8", "fp16", "int4"], "int8 over fp16, int4") == [("int4", "int8"), ("int4", "fp16")]
    assert pairs(["int8"], ["int8", "int4"], "INT8 ~2×, INT4 ~3.5× faster") == []
    assert width_ratio("2×", "", "", 1, 1) is None  # one width: no ratio
    assert width_ratio("2 GB", "", "", 2, 1) is None  # a size, not a ratio


def test_a_ratio_cell_compares_its_rows_format_with_the_baseline_rows():
    """"| FP16 | 1× (baseline) |" over "| INT8 | 2× |" and "| INT4 | 4× |": each row's format against the baseline
    row's; a "3×" no pair of widths gives is left alone."""
    import tempfile
    from pathlib import Path

    found = _page(Path(tempfile.mkdtemp()), "# Cache formats\n\n| Precision | Memory Reduction | Quality |\n|---|---|---|\n"
                                            "| FP16 | 1× (baseline) | None |\n| INT8 | 2× | Minimal |\n| INT4 | 3× | Small |\n")
    assert found["2×"].arithmetic == "16 / 8" and found["2×"].finding.verdict.holds
    assert "baseline row" in found["2×"].evidence[0] and found["3×"].arithmetic is None
