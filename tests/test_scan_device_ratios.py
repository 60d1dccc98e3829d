"""Ratios of two accelerators' figures that a page prints in words (auditor/scan/device_ratios.py): proposed as
the ratio of the two cards' figures where it holds, never where it does not."""

from __future__ import annotations

from fractions import Fraction

from test_scan import scanned_text as _page

from auditor.scan.device_ratios import compared, ratio_expression


def test_a_ratio_whose_clause_names_bandwidth_is_the_two_named_cards_bandwidths(tmp_path):
    """The page's own figures first: 3.35 TB/s over 2 TB/s is 1.675, which "~1.7×" prints."""
    page = ("# Decode\n\nAn H100 SXM reads 3.35 TB/s of HBM and an A100 80GB SXM reads 2 TB/s. "
            "Memory-bound decode on the H100 is therefore ~1.7× faster, at batch 1.\n")
    ratio = _page(tmp_path, page)["~1.7×"]
    assert ratio.arithmetic == "(3350000000000*(B/s)) / (2000000000000*(B/s))"
    assert "the page's figures" in ratio.evidence[0] and ratio.finding.verdict.holds


def test_clauses_of_one_sentence_compare_what_each_names(tmp_path):
    """"Compute rose ~3.2×; bandwidth only ~1.65×": each ratio reads its own clause's figure from the sheets
    (989.4 / 312 = 3.17; 3.35 / 2.039 = 1.643 is not 1.65 as printed, so that one is left alone)."""
    page = "# Generations\n\nFrom A100 to H100, compute rose ~3.2×; bandwidth only ~1.6×.\n"
    found = _page(tmp_path, page)
    assert "bf16_dense" in found["~3.2×"].evidence[0] and found["~3.2×"].finding.verdict.holds
    assert "memory_bandwidth" in found["~1.6×"].evidence[0] and found["~1.6×"].finding.verdict.holds


def test_a_percent_more_is_the_ratio_less_one(tmp_path):
    """4.8 / 3.35 = 1.433: the H200 has 43% more bandwidth."""
    page = "# Cards\n\nThe H200 SXM has 43% more memory bandwidth than the H100 SXM.\n"
    more = _page(tmp_path, page)["43%"]
    assert more.arithmetic.endswith("- 1") and more.finding.verdict.holds


def test_a_comparison_the_cards_figures_do_not_give_is_not_proposed(tmp_path):
    """A measured speed-up is no ratio of sheets: 1.5× is not 989 / 312, so nothing is proposed, nothing flagged."""
    page = "# Training\n\nMoving the run from A100 to H100, the compute-bound steps ran only 1.5× faster.\n"
    speedup = _page(tmp_path, page)["1.5×"]
    assert speedup.arithmetic is None and speedup.finding is None


def test_a_ratio_needs_exactly_two_cards_and_a_figure():
    three = compared("2×", "", "bandwidth rose 2×", "bandwidth rose 2×", ["a100_80gb_sxm", "h100_sxm", "b200"])
    unnamed = compared("2×", "", "it rose 2×", "it rose 2×", ["a100_80gb_sxm", "h100_sxm"])
    not_a_ratio = compared("2", "", "bandwidth of 2", "bandwidth of 2", ["a100_80gb_sxm", "h100_sxm"])
    assert three is None and unnamed is None and not_a_ratio is None
    fp8 = compared("6×", "", "compute is 6×", "at fp8 compute is 6×", ["h100_sxm", "a100_80gb_sxm", "h100_sxm"])
    assert fp8.column == "fp8_dense" and fp8.cards == ("h100_sxm", "a100_80gb_sxm")


def test_a_ratio_below_one_puts_the_smaller_figure_over_the_larger():
    assert ratio_expression(Fraction(2), Fraction(4), "gpu_memory", Fraction(1, 2), False) == "(2*(B)) / (4*(B))"
    assert ratio_expression(Fraction(2), Fraction(4), "gpu_memory", Fraction(2), False) == "(4*(B)) / (2*(B))"
    assert ratio_expression(Fraction(3), Fraction(3), "gpu_memory", Fraction(1), False) is None


def test_a_ratio_that_ends_a_sentence_is_located_not_read_as_an_operand(tmp_path):
    """"rose 2×." is a ratio; only "× .5" or "× 2" would make it a factor of a product."""
    found = _page(tmp_path, "# Cards\n\nBandwidth rose 2×. Compute rose 3 × .5 of that.\n")
    assert "2×" in found and "3" not in found


def test_a_ratio_to_the_card_it_names_compares_the_card_of_its_section(tmp_path):
    """Under "B200 SXM", "2,250 (~2.3× H100)" is B200 over H100 dense BF16 peak: 2250 / 989.4 = 2.27."""
    page = "# Cards\n\n### B200 SXM\n\n* Peak BF16 TFLOPs: 2,250 (tensor cores, ~2.3× H100)\n"
    ratio = _page(tmp_path, page)["~2.3×"]
    assert "bf16_dense of b200 and h100_sxm" in ratio.evidence[0] and ratio.finding.verdict.holds


def test_two_of_a_card_glued_to_its_name_is_a_count_not_a_ratio(tmp_path):
    """"2× A100" is two cards: the sign glued to a whole number before a name stays a factor; "~2.3× H100" is a ratio."""
    found = _page(tmp_path, "# Cards\n\nA node of 2× A100 has 160 GB; the B200 has ~2.3× H100 compute.\n")
    assert "2×" not in found and "~2.3×" in found
