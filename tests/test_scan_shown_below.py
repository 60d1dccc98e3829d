"""A number the page states and then works out just after it takes the sum printed there
(auditor/scan/shown_below.py); a table column that prints no unit takes the arithmetic of columns that do, read
in base units (auditor/scan/table_relations.py); a formula that gives infinity is passed over."""

from __future__ import annotations

from test_scan import scanned_text as _page

SAME_DIGITS = """# Two GPUs

The weights already take up 88% (`141/160=88%`) of that memory, leaving only 19GB (`160-141=19GB`) for the cache.
"""

ANNOUNCED = """# Decode

For a small batch, the time to generate each token is 22 ms:

$$
\\frac{2 \\cdot 260e9}{16 \\cdot 1.5e12} \\approx 22 \\text{ ms}
$$

On H100 NVL in FP16 the optimal batch size is equal to 160:

$$
\\frac{1671\\ \\mathrm{TFLOPS}}{3.9\\ TB/s} \\approx 430
$$
"""


def test_a_figure_followed_by_its_working_in_the_same_sentence_takes_that_working(tmp_path):
    found = _page(tmp_path, SAME_DIGITS)
    for stated, sum_ in (("88%", "141/160"), ("19GB", "160-141")):
        first = min((p for s, p in found.items() if s == stated), key=lambda p: p.start)
        assert first.arithmetic == sum_, (stated, first.evidence)
        assert first.finding.verdict.holds


def test_a_sentence_ending_in_a_colon_claims_the_displayed_sums_value_for_its_number(tmp_path):
    """22 ms is what 2·260e9 / (16·1.5e12) gives; 1671 TFLOPS over 3.9 TB/s is 428, not the 160 the sentence states."""
    found = _page(tmp_path, ANNOUNCED)
    assert found["22 ms"].arithmetic is not None and found["22 ms"].finding.verdict.holds
    stated = found["160"]
    assert "1671" in stated.arithmetic and "worked out by the sum printed just after it" in stated.evidence[0]
    assert not stated.finding.verdict.holds


def test_an_input_the_display_uses_is_not_its_result(tmp_path):
    """"the context is 4096 tokens:" introduces a sum that uses 4096; "with n_past=2048:" sets a name."""
    page = """# Cache

The context is 4096 tokens:

$$
2 \\times 80 \\times 8 \\times 128 \\times 4096 \\times 2 = 1.34 \\text{ GB}
$$

The decode step with n_past=2048:

$$
80 \\times (2.7e8 + 3.4e7 + 5.4e8) \\approx 6.7e10
$$
"""
    found = _page(tmp_path, page)
    assert "worked out by the sum printed just after it" not in " ".join(found["4096 tokens"].evidence)
    assert "worked out by the sum printed just after it" not in " ".join(found["2048"].evidence)


def test_prose_between_the_colon_and_the_sum_breaks_the_link(tmp_path):
    page = ANNOUNCED.replace("$$\n\\frac{1671", "Peak compute and bandwidth come from the sheet.\n\n$$\n\\frac{1671")
    assert "worked out by the sum" not in " ".join(_page(tmp_path, page)["160"].evidence)


RIDGES = """# Ridge points

| GPU | Peak FP16 | HBM BW | FP16 Ridge |
|-----|-----------|--------|------------|
| Orin | 67 TFLOPs | 102 GB/s | 657 |
| H100 SXM | 989 TFLOPs | 3.35 TB/s | 295 |
| H200 SXM | 989 TFLOPs | 4.80 TB/s | 206 |
| B200 SXM | 2,250 TFLOPs | 8.0 TB/s | 381 |
"""


def test_a_column_without_a_unit_is_the_ratio_of_columns_with_one_in_base_units(tmp_path):
    """67e12 / 102e9 = 657, 989 / 3.35 = 295, 989 / 4.8 = 206; 2250 / 8 = 281, not the 381 printed."""
    found = _page(tmp_path, RIDGES)
    for cell in ("657", "295", "206"):
        assert found[cell].finding.verdict.holds, cell
    assert found["295"].given == {"Peak_FP16": "989e12", "HBM_BW": "3.35e12"}
    assert not found["381"].finding.verdict.holds


def test_a_unit_that_is_not_a_power_of_ten_is_not_read_in_base_units(tmp_path):
    """GiB/s is 2^30 B/s: its digits times a power of ten are not its value, so no rule is given."""
    page = RIDGES.replace("102 GB/s", "95 GiB/s").replace("3.35 TB/s", "3120 GiB/s").replace("4.80 TB/s", "4470 GiB/s").replace("8.0 TB/s", "7450 GiB/s")
    found = _page(tmp_path, page)
    assert all(found[cell].arithmetic is None for cell in ("657", "295", "206"))


def test_a_formula_that_gives_infinity_is_no_candidate_and_no_crash(tmp_path):
    """At a 32,768-token context Llama-3-8B's decode never turns compute-bound on an H100: the knee formula gives
    infinity there, which is a reason to pass the formula over, not a value to compare."""
    page = "# Decode on an H100 SXM\n\nFor Meta-Llama-3-8B in BF16 with a 32768-token context, the compute-bound knee of decode sits at a batch of ≈ 0.491.\n"
    knee = _page(tmp_path, page)["≈ 0.491"]
    assert knee.formula is None and any("no finite value" in e for e in knee.evidence)


INTENSITY = """# Intensity by format

| Weight Dtype | Bytes per Weight | FLOPs per Weight | Arithmetic Intensity |
| --- | --- | --- | --- |
| float32 | 4 bytes | 2 (1 multiply + 1 add) | 0.5 FLOP/byte |
| float16 | 2 bytes | 2 | 1.0 FLOP/byte |
| int8 | 1 byte | 2 | 2.0 FLOP/byte |
| int4 | 0.5 bytes | 2 | 4.0 FLOP/byte |
| 1.58-bit | ~0.19 bytes | 2 | ~12.5 FLOP/byte |
"""


def test_a_header_of_a_unit_per_thing_gives_its_cells_that_unit(tmp_path):
    """"FLOPs per Weight" cells are FLOPs, "Bytes per Weight" bytes: their quotient is the intensity column,
    2 / 2 = 1.0 FLOP/byte, and 2 / 0.19 = 10.5, not the 12.5 printed."""
    found = _page(tmp_path, INTENSITY)
    assert found["1.0 FLOP/byte"].given == {"FLOPs_per_Weight": "2 FLOPs", "Bytes_per_Weight": "2 bytes"}
    assert found["1.0 FLOP/byte"].finding.verdict.holds
    assert not found["~12.5 FLOP/byte"].finding.verdict.holds
