"""How a number's neighbours bear on it: a sum's operand printed again, a "B" that is bytes, the number's own
second printing, a before-and-after arrow, a 1× reference (auditor/scan/propose.py, given.py, sums.py)."""

from __future__ import annotations

from pathlib import Path

from auditor.claims.verdicts import Verdict
from auditor.scan.sums import find_sums


def _located(tmp_path, text: str) -> list:
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    document, project = Document.read(page), Project.load(tmp_path)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    return proposals


def _one(found: list, stated: str):
    (match,) = [p for p in found if p.stated == stated]
    return match


def test_a_glued_b_is_bytes_where_billions_would_put_the_sum_a_billionfold_off(tmp_path):
    """2 × 4096 × 128 × 2 bytes = 2.1 MB, where 2 billion would give 2.1 PB; "7B × 2 = 14 GB" stays seven billion."""
    found = _located(tmp_path, "# Cache\n\nPer head, per layer: 2 × 4096 × 128 × 2B = 2 MB of cache.\n\nWeights: 7B × 2 = 14 GB.\n")
    head = _one(found, "2 MB")
    assert head.arithmetic == "2 * 4096 * 128 * (2*B)" and head.finding.verdict.holds
    assert "2B read as bytes" in head.evidence[-1]
    weights = _one(found, "14 GB")
    assert weights.arithmetic == "7e9 * 2" and weights.finding.verdict.holds


def test_a_b_set_apart_before_a_counted_noun_is_billions_and_before_anything_else_bytes(tmp_path):
    """"= 2.10 B parameters" is 2.1 billion of them, as "2.10B parameters" is; "= 576 B" alone stays 576 bytes."""
    found = _located(tmp_path, "# Tail\n\nThe tail is 2 × 128,256 × 8,192 = **2.10 B parameters** in BF16.\n\n"
                               "Per token: (512 + 64) × 1 = 576 B of cache.\n")
    tail = _one(found, "2.10 billion")
    assert tail.arithmetic == "2 * 128256 * 8192" and tail.finding.verdict.holds
    assert _one(found, "576 B").finding.verdict.holds


def test_a_sums_operand_that_restates_a_number_worked_above_carries_its_claim_any_other_is_an_input(tmp_path):
    found = _located(tmp_path, "# Cache\n\nOne head needs 2 × 4096 × 128 × 2 bytes = 2.1 MB.\n\nEight heads need 8 × 2.1 MB = 16.8 MB.\n")
    restated = [p for p in found if p.stated == "2.1 MB"]
    assert len(restated) == 2 and restated[1].evidence[0] == "restates the number worked out at line 3"
    assert restated[1].arithmetic == restated[0].arithmetic
    assert "8" not in [p.stated for p in found]  # the count is the second sum's input, not a claim


def test_a_number_printed_again_is_no_input_of_itself(tmp_path):
    """'leaves 500 GB ... 500 GB at 1.31 GB each': the second 500 GB is the first one again, not the cache it is made of."""
    found = _located(tmp_path, "# Budget\n\nAn 8-GPU node has 640 GB in all. The weights take 140 GB, which leaves 500 GB for the KV cache"
                               " serving the batch, so about 381 sequences fit, 500 GB at 1.31 GB each.\n")
    printings = [p for p in found if p.stated.endswith("500 GB")]
    assert len(printings) == 2 and not any("500 GB" in p.given.values() for p in printings)


def test_an_arrow_joins_one_quantity_before_and_after_neither_an_input_of_the_other():
    from types import SimpleNamespace

    from auditor.scan.given import _before_and_after

    text = "# 10.7 GB → 1.34 GB per sequence; 10.7 GB and 1.34 GB"
    before, after = SimpleNamespace(start=2, end=9), SimpleNamespace(start=12, end=19)
    assert _before_and_after(text, after, before) and _before_and_after(text, before, after)
    apart = SimpleNamespace(start=text.rindex("1.34"), end=len(text))
    assert not _before_and_after(text, apart, SimpleNamespace(start=text.rindex("10.7"), end=text.rindex("10.7") + 7))


def test_a_one_times_reference_is_located_and_never_audited(tmp_path):
    found = _located(tmp_path, "# Cache size\n\n- MHA: Baseline (1×)\n- GQA with 8 query heads a group: 8× smaller\n")
    reference = _one(found, "1×")
    assert not reference.proposed and "reference" in reference.evidence[0]


def test_a_line_that_sets_a_name_starts_a_new_sum():
    """'seq=4096' under '... = 727 sequences' sets seq; it does not go on from the line above."""
    text = "seq=2048:  480 / 0.66  = 727 sequences\nseq=4096:  480 / 1.31  = 366 sequences\n"
    assert [(s.expression, text[s.result_start : s.result_start + 3]) for s in find_sums(text)] == [("480 / 0.66", "727"), ("480 / 1.31", "366")]


def test_an_operand_restating_a_number_worked_above_is_taken_at_its_exact_value(tmp_path):
    """40 × 16.8 MB is 672 MB, but the 16.8 MB is 16,777,216 bytes worked out above: 40 of them are the 671 MB printed."""
    found = _located(tmp_path, "# Cache\n\nOne layer holds 2 × 4096 × 1024 × 2 bytes = 16.8 MB.\n\nForty layers hold 40 × 16.8 MB = 671 MB.\n")
    total = _one(found, "671 MB")
    assert total.arithmetic == "40 * (16.777216*MB)" and total.finding.verdict.holds
    assert "16.8 MB taken at its exact value, as worked out at line 3" in total.evidence


def test_a_step_on_a_figure_printed_to_its_rounding_holds_as_printed_and_an_exact_product_is_held_to_every_digit(tmp_path):
    """The page works on what it prints: 18,600 / 22.04 is 843.8 for a time anywhere in 22.035-22.045, and
    107,527 × 22.04 s is the 2,369,895 s printed, though the 22.04 worked out above is 22.0431; but a product of
    counts prints every digit it has, and 12,249 × 262,144 is 3,211,001,856, not the 3,210,665,856 printed."""
    page = ("# Cost\n\nTime per batch: 93,000 / 4,219 = 22.04 s\n\nThroughput: 18,600 / 22.04 = 843.8 tok/s\n\n"
            "Daily GPU time: 107,527 × 22.04 s = 2,369,895 s\n\nBlocks: 12,249 × 262,144 = 3,210,665,856 bytes\n")
    found = _located(tmp_path, page)
    assert _one(found, "843.8 tok/s").finding.verdict.holds
    daily = _one(found, "2,369,895 s")
    assert daily.finding.verdict.holds and any("holds on its operands as printed" in e for e in daily.evidence)
    assert not _one(found, "3,210,665,856 bytes").finding.verdict.holds


def test_an_operand_printed_to_two_figures_led_by_a_5_to_9_is_a_rounding_and_a_coarser_one_is_not(tmp_path):
    """"(74 - 0.82) / 0.50 = 145": 0.50 is printed to 1%, and at 0.5038 (164 KB × 3072 worked out before) the quotient
    is 145; "73.18 / 2.5 = 30" is printed to 2% and stays exact: 29.3 is what it gives, a miss to report."""
    found = _located(tmp_path, "# Pool\n\nSequences: (74 - 0.82) / 0.50 = 145 at most.\n\nCards: 73.18 / 2.5 = 30 in all.\n")
    pool = _one(found, "145")
    assert pool.finding.verdict.holds and "printed_" in pool.arithmetic  # the operands as printed figures, with their precision
    assert not _one(found, "30").finding.verdict.holds


def test_a_unit_after_a_bracket_prices_the_brackets_sum_as_one_factor(tmp_path):
    """"(65.4 + 65.4) GB / 0.224 GB" is 130.8 GB over 0.224 GB, and "190GB / (8*10**3) GBps" divides by 8,000 GB/s:
    the unit belongs to the bracket, not to whatever the division left."""
    found = _located(tmp_path, "# Budget\n\n```\nt = 190GB / (8*10**3) GBps = 0.02375 seconds\n```\n\n"
                               "(65.4 + 65.4) GB / 0.224 GB ≈ 584 concurrent requests\n")
    assert _one(found, "0.02375 seconds").arithmetic == "(190*GB) / ((8*10**3) *GBps)"
    assert _one(found, "0.02375 seconds").finding.verdict.holds and _one(found, "≈ 584").finding.verdict.holds


def test_a_bare_number_worked_with_a_sized_figure_is_in_that_figures_unit(tmp_path):
    """"372 / 2.62 GB/seq = 143 sequences" divides the 372 GB left for the cache by 2.62 GB each: 142, not 143;
    read bare, the quotient would be per byte and flagged a billionfold off."""
    found = _located(tmp_path, "# Batch\n\nAvailable for KV: 512GB - 140GB = 372GB\n\nMax batch: 372 / 2.62 GB/seq = 143 sequences\n")
    batch = _one(found, "143")
    assert batch.arithmetic == "(372*GB) / (2.62*(GB/seq))"
    assert not batch.finding.verdict.holds and round(float(batch.finding.computed_base)) == 142


def test_a_sum_of_bare_numbers_printed_again_in_another_unit_keeps_the_unit_it_was_worked_in(tmp_path):
    """"72,000 - 35,000 - 10,000 = 27,000 MB" works in megabytes; "about 27 GB" below restates it, and is 27,000 MB,
    not 27,000 GB. "131,072 × 512 = 67.1 MB" works in bytes, and its "0.067 GB" again is 67,108,864 bytes."""
    page = ("# Budget\n\nAvailable: 72,000 - 35,000 - 10,000 = 27,000 MB\n\nThe cache holds 131,072 × 512 = 67.1 MB.\n\n"
            "So the pool is about 27 GB, and the cache takes 0.067 GB of it.\n")
    found = _located(tmp_path, page)
    pool = _one(found, "about 27 GB")
    assert pool.arithmetic == "(72000 - 35000 - 10000) * (MB)" and pool.finding.verdict.holds
    assert _one(found, "0.067 GB").arithmetic == "131072 * 512"


def test_a_capital_glued_to_an_operand_and_printed_after_the_result_is_a_symbol_not_a_trillion(tmp_path):
    """"F_Q = 2T · 5120 · 8192 = 83,886,080 T" counts FLOPs per token T: both sides carry T, so the sum holds at T = 1;
    "2T" is no two trillion here."""
    found = _located(tmp_path, "# FLOPs\n\nThe query projection: F_Q = 2T · 5120 · 8192 = 83,886,080 T.\n")
    flops = _one(found, "83,886,080")
    assert flops.arithmetic == "(2*T) * 5120 * 8192" and flops.given == {"T": 1} and flops.finding.verdict.holds


def test_a_name_given_to_a_sums_result_is_that_result_in_a_later_sum_and_stays_a_claim_itself(tmp_path):
    """"F_Q = 2T · 5120 · 8192 = 83,886,080 T" names its result; "F_Q + F_K = 94,371,840 T" adds the results printed for
    the names, and each named result is still checked as the sum it is."""
    page = ("# FLOPs\n\nF_Q = 2T · 5120 · 8192 = 83,886,080 T\n\nF_K = 2T · 5120 · 1024 = 10,485,760 T\n\n"
            "F_QK = F_Q + F_K = 94,371,840 T\n")
    found = _located(tmp_path, page)
    both = _one(found, "94,371,840")
    assert both.given == {"F_Q": 83886080, "F_K": 10485760} and both.finding.verdict.holds
    assert _one(found, "83,886,080").finding.verdict.holds and _one(found, "10,485,760").finding.verdict.holds


def test_words_in_brackets_after_an_operand_say_what_it_is_and_the_sum_is_read_without_them(tmp_path):
    """"2 (for K and V) × 64 (layers) × 1024 (KV width) × 2 (bytes) × 2,048 (tokens) = 536,870,912 bytes" is one product."""
    page = "# KV\n\n2 (for K and V) × 64 (layers) × 1024 (KV width) × 2 (bytes for bf16) × 2,048 (token length) = 536,870,912 bytes.\n"
    total = _one(_located(tmp_path, page), "536,870,912 bytes")
    assert total.arithmetic == "2 * 64 * 1024 * 2 * 2048" and total.finding.verdict.holds


def test_a_power_printed_as_a_superscript_is_a_power(tmp_path):
    """"4096 × 4096 × 2 × 2 / (1024³) = 0.125 GB": 1024³ is 2^30, so the sum gives 0.0625 of the page's GB, not 0.125,
    and a miss is checked at the bytes it counts (67,108,864)."""
    found = _located(tmp_path, "# Memory\n\nContext memory: 4096 × 4096 × 2 × 2 / (1024³) = 0.125 GB\n")
    context = _one(found, "0.125 GB")
    assert context.arithmetic == "(4096 * 4096 * 2 * 2) * B" and not context.finding.verdict.holds
    assert float(context.finding.computed_base) == 4096 * 4096 * 4 and "1024**3" in context.evidence[0]


def test_a_short_figure_is_one_step_of_a_chain_when_its_sum_is_just_above(tmp_path):
    """"2 MB" is too short to recognise anywhere, but printed as the result of the line above it is that result:
    8 × 2,097,152 B is 16.8 MB, and 80 of those are 1.34 GB, not the 1.28 GB the rounded chain prints."""
    chain = ("# Memory (FP16, seq=4096)\n\n```\nPer head, per layer: 2 × 4096 × 128 × 2B = 2 MB\n"
             "Per layer (8 heads):  8 × 2 MB = 16 MB\nAll 80 layers:        80 × 16 MB = 1.28 GB\n```\n")
    found = _located(tmp_path, chain)
    assert [p.arithmetic for p in found if p.stated == "16 MB"][0] == "8 * (2.097152*MB)"
    total = _one(found, "1.28 GB")
    assert total.arithmetic == "80 * (16.777216*MB)" and not total.finding.verdict.holds
    prose = "```\n\n" + "The figure above is one head of one layer; the rest of this section is about other things. " * 5 + "\n\n```\n"
    far = _located(tmp_path, chain.replace("Per layer (8 heads)", prose + "Per layer (8 heads)"))
    assert [p.arithmetic for p in far if p.stated == "16 MB"][0] == "8 * (2*MB)"  # far below, "2 MB" is any 2 MB


def test_a_step_on_a_figure_whose_own_working_misses_carries_that_slip(tmp_path):
    """8 × 2,097,152 B is 16.8 MB, not the 20 MB printed; 80 of the 20 MB are the 1.6 GB printed, but 80 of what
    the step above really gives are 1.34 GB: the slip above is carried into the total, which is flagged with it."""
    chain = ("# Memory\n\n```\nPer head: 2 × 4096 × 128 × 2B = 2 MB\nPer layer: 8 × 2 MB = 20 MB\n"
             "All 80 layers: 80 × 20 MB = 1.6 GB\n```\n")
    total = _one(_located(tmp_path, chain), "1.6 GB")
    assert total.arithmetic == "80 * (16.777216*MB)" and not total.finding.verdict.holds
    assert any("the slip there is carried here" in e for e in total.evidence)


def test_a_bare_operand_read_in_its_sums_unit_is_the_step_above_and_carries_its_slip(tmp_path):
    """4096 × 4096 × 2 × 2 bytes are 67.1 MB, not the 0.125 GB printed; "3.5 + 0.125 + 2.0 = 5.625 GB" reads its
    bare numbers in GB, so its 0.125 is that step and the total carries the slip. A step a thousandfold off its
    working ("52e12 × 2 = 104e12 bytes ≈ 104 GB") printed the figure its writer meant: "120 − 104 = 16 GB" holds."""
    chain = ("# Sizing\n\n```\nWeights: 7B × 0.5 bytes = 3.5 GB\nContext: 4096 × 4096 × 2 × 2 bytes = 0.125 GB\n"
             "Total: 3.5 + 0.125 + 2.0 = 5.625 GB\n```\n")
    total = _one(_located(tmp_path, chain), "5.625 GB")
    assert total.arithmetic == "3.5 + 0.067108864 + 2.0" and not total.finding.verdict.holds
    assert any("the slip there is carried here" in e for e in total.evidence)
    typo = ("# Fit\n\nThe weights: 52e12 × 2 = 104e12 bytes ≈ 104 GB on three cards.\n\nThat leaves 120 − 104 = 16 GB"
            " for the cache.\n")
    assert _one(_located(tmp_path, typo), "16 GB").finding.verdict.holds


def test_an_operand_from_a_bare_conversion_that_misses_is_taken_as_printed(tmp_path):
    """"= 5.2 GB" printed after a lone "4096" is a misreading of the page, not a working whose value could be carried."""
    found = _located(tmp_path, "# Cache\n\nseq = 4096 = 5.2 GB for one sequence.\n\nA batch of 128 holds 128 × 5.2 GB = 665 GB.\n")
    assert _one(found, "665 GB").arithmetic == "128 * (5.2*GB)"


def test_a_unit_after_a_number_before_an_equals_sign_is_no_name_the_page_sets():
    from auditor.scan.settings import find_settings

    settings = find_settings('as "72B params × 2 bytes = 144 GB FP16", with d = 8192')
    assert [(s.name, s.value) for s in settings] == [("d", 8192)]


def test_a_name_set_far_below_a_sum_is_another_examples(tmp_path):
    """'d × d × bytes ≈ 134 MB' in one section, 'd=12288' for another model two sections down: not the sum's d."""
    text = "# Widths\n\n| Output proj | d × d × bytes ≈ 134 MB |\n|---|---|\n| x | y |\n\n" + "Some prose. " * 60 + "\n\n# Qwen\n\nIt projects from d = 12288.\n"
    found = _located(tmp_path, text)
    size = _one(found, "≈ 134 MB")
    assert size.arithmetic is None and any("does not set" in e for e in size.evidence)


def test_a_sum_counting_things_with_a_size_it_does_not_print_is_not_proposed(tmp_path):
    """6144 floats × 80 layers is 491,520 floats; the 2 MB needs the four bytes of a float the page leaves out."""
    found = _located(tmp_path, "# Biases\n\nMemory cost: 6144 floats × 80 layers ≈ 2 MB total.\n")
    total = _one(found, "≈ 2 MB")
    assert not total.proposed and "size in bytes it does not print" in total.evidence[-1]


def test_a_formula_a_thousandfold_off_is_not_the_numbers_for_a_prefix_slip_alone(tmp_path):
    """2.5B parameters in FP16 over two ranks are 2.5 GB a rank; "about 2 MB" of biases is another quantity, not "GB
    printed as MB"."""
    found = _located(tmp_path, "# Biases\n\nThe model has 2.5B parameters, stored in FP16 and split over TP=2 ranks; each rank stores"
                               " about 2 MB of QKV bias parameters.\n")
    assert not _one(found, "about 2 MB").proposed


def test_the_embedding_and_the_lm_head_together_are_two_tables_unless_tied(tmp_path):
    """Qwen 2.5 72B: 152,064 × 8,192 × 2 tables × 2 bytes = 4.98 GB, printed ~4.9 GB (truncated)."""
    from auditor.audit.project import Project

    text = "# Weights in FP16\n\n| Tensor | Qwen 2.5 72B |\n|---|---|\n| Embed + LM head | ~4.9 GB |\n| × 80 layers | ~139 GB |\n"
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    project = Project.load(Path(__file__).resolve().parent.parent)
    document = Document.read(page)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    head = _one(proposals, "~4.9 GB")
    assert head.formula == "embedding_and_head_bytes" and head.given["model"] == "Qwen/Qwen2.5-72B"
    assert head.finding.verdict.holds


def test_a_conversion_of_a_result_its_own_sum_does_not_give_carries_that_slip_and_is_not_flagged_again(tmp_path):
    """'52 billion * 2 = 104e12 =~ 104 gb': 52e9 * 2 is 104e9; the e12 is the slip, and 104 GB follows the intent."""
    found = _located(tmp_path, "# Size\n\nTo get size in bytes, multiply params by 2: 52 billion * 2 = 104e12 =~ 104 gb\n")
    assert not found[-1].proposed and "the slip is that sum's" in found[-1].evidence[-1]
    assert _one(found, "104e12").finding is not None and not _one(found, "104e12").finding.verdict.holds


def test_a_rounding_of_a_result_its_own_sum_does_not_give_is_checked_against_what_the_sum_gives(tmp_path):
    """"58 GB / 128 KB = 474,317 tokens ≈ 470K tokens": 58e9 / 128,000 is 453,125 (or 442,505 with KB read as 1,024),
    so the sum misses, and "≈ 470K" prints that wrong result again, rounded: it is checked against the sum's value and
    flagged, the sum's slip carried. A rounding of a sum that holds is no such link."""
    found = _located(tmp_path, "# Budget\n\nKV token budget = 58 GB / 128 KB = 474,317 tokens ≈ 470K tokens\n")
    link = _one(found, "≈ 470K")
    assert link.arithmetic == _one(found, "474,317 tokens").arithmetic and link.carried
    assert link.finding is not None and link.finding.verdict.value == "mismatch"
    holding = _located(tmp_path, "# Budget\n\nKV token budget = 58 GB / 128 KB = 453,125 tokens ≈ 450K tokens\n")
    assert not _one(holding, "≈ 450K").carried


def test_sizes_printed_beside_a_size_are_not_a_cards_memory_unless_the_context_gives_one(tmp_path):
    """Three caches in one sentence: the other two sizes make a budget formula look complete by name, but no card's
    memory is given, so the cache formulas it outranked are weighed without that bonus (2.5 GiB = 327,680 x 8,192)."""
    found = _located(tmp_path, "# Lengths\n\nFor Llama 3.1 70B at BF16, 1 8,192-token history uses 2.5 GiB, 1 32,768-token"
                               " history uses 10 GiB, and 1 full 131,072-token history uses 40 GiB.\n")
    for stated in ("2.5 GiB", "10 GiB", "40 GiB"):
        size = _one(found, stated)
        assert size.formula and size.formula.startswith("kv_bytes") and size.finding.verdict.holds, (stated, size.evidence)


def test_a_bare_number_in_words_of_a_ratio_is_proposed_only_where_its_formula_holds(tmp_path):
    """An H100 SXM's ridge point is 989 TFLOPS / 3.35 TB/s = 295 FLOPs per byte: printed bare, it is proposed as
    that; a bare 400 in the same words is left located, never flagged, for a bare number's words are too few to accuse."""
    ridge = _one(_located(tmp_path, "# Roofline\n\nAn H100 SXM's ridge point, 295, is far above a batch-1 decode.\n"), "295")
    assert ridge.formula == "ridge_intensity" and ridge.finding.verdict.holds
    off = _one(_located(tmp_path, "# Roofline\n\nAn H100 SXM's ridge point, 400, is far above a batch-1 decode.\n"), "400")
    assert off.formula is None and off.finding is None


def test_a_cells_context_is_its_own_columns_not_the_first_header_that_names_one(tmp_path):
    """Under "| 128K Context KV | 1M Context KV |" the second cell is 12 KiB x 1,048,576 tokens = 12 GiB, not 1.5 GiB."""
    found = _located(tmp_path, "# Qwen2-0.5B cache\n\n| Model | KV per Token (FP16) | 128K Context KV | 1M Context KV |\n"
                               "| --- | --- | --- | --- |\n| Qwen2-0.5B | 12 KiB | 1.5 GiB | 12 GiB |\n")
    long = _one(found, "12 GiB")
    assert long.given.get("seq_len") == 1048576 and long.finding.verdict.holds
    assert _one(found, "1.5 GiB").given.get("seq_len") == 131072


FORMATS = ("# Formats\n\nEach parameter is a number stored in some numeric format, which sets the memory it takes:\n\n"
           "| Format | Bits per value | Bytes per value | 11.6B params |\n| --- | --- | --- | --- |\n| FP32 | 32 | 4 | 46.4 GB |\n"
           "| BF16 | 16 | 2 | {bf16} |\n")


def test_a_formula_the_words_rank_lower_is_taken_where_the_context_feeds_it_in_full_and_it_holds(tmp_path):
    """Words of formats and bits rank a grouped-quantisation formula first, but no group size is given: the weights
    of 11.6B parameters at each row's width (23.2 GB in BF16) are fed in full and hold. The column's header prints
    the count ("11.6B params") and the row the format, so the table itself sets every input: a size off them (25 GB)
    is that table's slip, and is flagged at the 23.2 GB they give."""
    held = _one(_located(tmp_path, FORMATS.format(bf16="23.2 GB")), "23.2 GB")
    assert held.given.get("weight_dtype") == "bf16" and float(held.given.get("n_params")) == 11.6e9 and held.finding.verdict.holds
    off = _one(_located(tmp_path, FORMATS.format(bf16="25 GB")), "25 GB")
    assert off.finding is not None and not off.finding.verdict.holds and float(off.finding.computed_base) == 23.2e9


def test_a_size_whose_words_rank_a_budget_first_is_priced_by_the_cache_formula_the_context_feeds(tmp_path):
    """"The KV of one request" ranks a memory budget first, with no card's memory given; the cache of one
    2,048-token request of the lead's Llama 3.1 8B in BF16 (2,048 x 128 KiB = 0.268 GB) is fed in full and holds."""
    found = _located(tmp_path, "# Scheduling\n\nWe keep Llama 3.1 8B, BF16 and a context of 2048 tokens.\n\n## Capacity\n\n"
                               "The KV of one request is about 0.268 GB, its workspace aside.\n")
    size = _one(found, "about 0.268 GB")
    assert size.formula and size.formula.startswith("kv_bytes") and size.finding.verdict.holds


def test_a_per_token_size_multiplied_by_a_length_is_that_size_again(tmp_path):
    """"= 327,680 bytes = 320 KB per token", then "8,192 × 320 KB = 2.62 GB": the 320 KB is the 327,680 bytes worked
    out above, so the product is 2.68 GB and the printed 2.62 GB took the rounded 320 KB as 320,000 bytes."""
    found = _located(tmp_path, "# Cache\n\nPer token: 2 × 80 × 8 × 128 × 2 = 327,680 bytes = 320 KB per token.\n\n"
                               "At 8K context: 8,192 × 320 KB = 2.62 GB.\n")
    total = _one(found, "2.62 GB")
    assert any("taken at its exact value" in e for e in total.evidence) and not total.finding.verdict.holds


def test_a_conversion_thousands_of_times_off_is_two_quantities_not_a_slip(tmp_path):
    """"INT4 = 4 bits = 35 GB for the same model": 4 bits is the width, 35 GB the weights; no unit slip makes one the
    other, so nothing is flagged as a conversion, and the number is read as any other is: here the weights of the
    70B the sentence names at 4 bits, 70e9 x 0.5 B = 35 GB."""
    weights = _one(_located(tmp_path, "# Widths\n\nQuantization: INT4 = 4 bits = 35 GB for the same model.\n"), "35 GB")
    assert weights.arithmetic is None and (weights.finding is None or weights.finding.verdict.holds)
    named = _one(_located(tmp_path, "# Widths\n\nQuantization: INT4 = 4 bits = 35 GB for a 70B model's weights.\n"), "35 GB")
    assert named.formula in ("weight_bytes", "weight_rule_bytes") and named.finding.verdict.holds


def test_a_proposal_audited_at_the_end_is_its_draft_with_its_own_id_and_place(tmp_path):
    """The choice of a formula audits drafts; the final audit reuses them, each finding then named and placed as its
    own claim, with the verdict and diagnoses a fresh audit of that claim gives."""
    from auditor.audit.pipeline import audit_claim
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.proposals import proposal_claim, proposal_ids

    page = tmp_path / "page.md"
    page.write_text("# Cache\n\nFor Llama 3.1 8B in BF16 the KV cache takes 128 KiB per token, so an 8,192-token request"
                    " holds 1.07 GB, and 2 × 80 × 8 × 128 × 2 = 327,680 bytes.\n", encoding="utf-8")
    found = [p for p in _located(tmp_path, page.read_text(encoding="utf-8")) if p.finding is not None]
    document, project = Document.read(page), Project.load(tmp_path)
    ids = proposal_ids(found, document)
    assert found
    for index, proposal in enumerate(found):
        fresh = audit_claim(proposal_claim(proposal, document, ids[index]), project)
        assert proposal.finding.claim_id != "draft" and proposal.finding.location.path == document.shown
        assert (proposal.finding.verdict, proposal.finding.diagnoses) == (fresh.verdict, fresh.diagnoses)


def test_weights_printed_to_a_decimal_beside_a_named_model_are_its_own_counts_not_the_names(tmp_path):
    """Mistral-7B has 7,241,732,096 parameters: 14.48 GB at two bytes, so "14.0" is the name's 7B priced (the engine
    names the nominal count); "14 GB" for the same model holds at its own precision."""
    table = "# Weights\n\n| Model | FP16 (GB) | INT8 (GB) |\n| --- | --- | --- |\n| Mistral-7B | 14.0 | 7.0 |\n"
    found = _located(tmp_path, table)
    fp16 = _one(found, "14.0")
    assert fp16.given == {"model": "mistralai/Mistral-7B-v0.1", "weight_dtype": "fp16"} and not fp16.finding.verdict.holds
    assert any("n_params_nominal" in str(d.parts) for d in fp16.finding.diagnoses[:1])
    whole = _one(_located(tmp_path, "# Weights\n\nMistral-7B takes 14 GB in FP16.\n"), "14 GB")
    assert whole.finding.verdict.holds


def test_weights_a_named_models_size_gives_within_a_sheets_rounding_hold_on_that_count(tmp_path):
    """"Weights: 140 GB" for Llama-3.1-70B (70.55 B, 141.1 GB at two bytes): the page priced the 70B of the name, which
    is all that separates the two, so the claim is checked on that count and holds; Mistral-7B's "14.0" above, 3% off
    the config, stays the name's slip."""
    found = _located(tmp_path, "# Serving Llama-3.1-70B\n\nFor Llama-3.1-70B in BF16:\n\n- Weights: 140 GB\n")
    weights = _one(found, "140 GB")
    assert weights.given.get("n_params") == "70000000000" and weights.finding.verdict.holds


def test_a_clause_that_names_a_format_the_scan_cannot_price_takes_no_format_from_the_next_clause(tmp_path):
    """"in Q5 about 45 GB; in Q8 about 70 GB; in FP16 about 140 GB": each size has its own format before it, and the
    shorthand "Q5" and "Q8" price no one width; the FP16 that opens the last clause is that clause's alone."""
    found = _located(tmp_path, "# Weights\n\nA 70B model in Q4 is about 70 x 0.5 = 35 GB; in Q5 about 45 GB; in Q8 about 70 GB;"
                               " in FP16 about 140 GB.\n")
    assert all(p.finding is None or p.finding.verdict.holds for p in found if p.proposed)
    assert _one(found, "about 140 GB").finding.verdict.holds


def test_a_column_header_sets_the_parameter_count_and_two_widths_in_one_header_set_no_format(tmp_path):
    """"| Precision | Bytes | Example (7B params) |" prices each row's weights at the 7B its header prints, not the named
    model's 6.74 B; "| FP32/FP16 | ~18 GB |" could be either width, so it takes none, where FP32 would accuse it."""
    found = _located(tmp_path, "# Llama 2 7B\n\nFor Llama 2 7B:\n\n| Precision | Bytes per Parameter | Example (7B params) |\n|---|---|---|\n"
                               "| FP32 | 4 bytes | 28 GB |\n| FP16 | 2 bytes | 14 GB |\n| INT4 | 0.5 bytes | 3.5 GB |\n")
    for stated in ("28 GB", "14 GB", "3.5 GB"):
        cell = _one(found, stated)
        assert cell.given.get("n_params") in ("7000000000", 7000000000) and cell.finding.verdict.holds, (stated, cell.given)
    mixed = _located(tmp_path, "# Sizes (batch_size=1, seq_len=2048)\n\n| Model | Parameters | FP32/FP16 | FP8/INT8 |\n|---|---|---|---|\n"
                               "| Llama 2 7B | 7B | ~18 GB | ~10 GB |\n")
    assert all(p.finding is None or p.finding.verdict.holds for p in mixed if p.stated == "~18 GB")
    assert all("weight_dtype" not in p.given for p in mixed if p.stated == "~18 GB")


def test_both_addends_of_a_printed_sum_are_located_and_a_factor_is_not(tmp_path):
    """"9.6 + 1.4 = 11 GB" adds two quantities of the total's kind (weights and cache): each is found, as an operand of
    the sum; "2 × 80 = 160" multiplies, and its first factor is an input, not a number to recompute."""
    found = _located(tmp_path, "# Memory\n\n| Model | 4K |\n| --- | --- |\n| 4B @ FP16 | 9.6 + 1.4 = 11 GB |\n\nLayers: 2 × 80 = 160.\n")
    assert _one(found, "9.6").evidence == ("an operand of a printed sum",)
    assert _one(found, "1.4").evidence == ("an operand of a printed sum",)
    assert not [p for p in found if p.stated == "2"]


def test_a_ridge_at_a_compute_format_takes_the_cards_rate_at_that_format(tmp_path):
    """H100 SXM: 1,979 TFLOP/s fp8 over 989 bf16 is a rate multiple of 2, so the FP8 ridge is 591 FLOPs/byte where the
    FP16 one is 295; a peak the page prints at fp8 already is not doubled again."""
    table = "# Ridges\n\n| GPU | FP16 Ridge | FP8 Ridge |\n| --- | --- | --- |\n| H100 SXM | 295 | 591 |\n"
    fp8 = _one(_located(tmp_path, table), "591")
    assert fp8.formula == "ridge_intensity" and fp8.given["tensor_rate_multiple"] == 2.0001 and fp8.finding.verdict.holds
    written = _one(_located(tmp_path, "# Ridge\n\nAn H100 SXM at 1979 TFLOPS of FP8 over 3350 GB/s has a ridge of 590 FLOP/byte.\n"),
                   "590 FLOP/byte")
    assert "tensor_rate_multiple" not in written.given


def test_a_size_after_a_bound_on_model_sizes_is_no_models_weights(tmp_path):
    """"Small models (<1B): reserve 1 GB": the 1B bounds the models spoken of, so 1 GB is no 1B model's weights."""
    found = _located(tmp_path, "# Overhead\n\nSmall models (<1B): reserve 1 GB of fixed buffer.\n\nA 1B model takes 2 GB in BF16.\n")
    assert _one(found, "1 GB").formula != "weight_bytes"
    assert _one(found, "2 GB").formula == "weight_bytes" and _one(found, "2 GB").finding.verdict.holds


def test_a_printed_sum_on_a_swapped_variable_is_flagged_by_the_named_models_config(tmp_path):
    """Qwen3-30B-A3B keeps head_dim 128 where its hidden size over its heads is 64: "2 × 48 × 4 × 64 × 2 = 49,152
    bytes" is right arithmetic on the wrong width, and the engine names the swap; a sum whose model sets nothing else
    stays the claim where it holds."""
    found = _located(tmp_path, "# KV\n\nFor Qwen3-30B-A3B the KV cache per token in BF16 is 2 × 48 × 4 × 64 × 2 = 49,152 bytes.\n")
    swapped = _one(found, "49,152 bytes")
    assert swapped.formula == "kv_bytes_per_token_gqa" and swapped.arithmetic is None
    assert not swapped.finding.verdict.holds and "head_dim <- hidden_over_heads" in swapped.evidence[0]
    right = _one(_located(tmp_path, "# KV\n\nFor Qwen3-30B-A3B the KV cache per token in BF16 is 2 × 48 × 4 × 128 × 2 = 98,304 bytes.\n"),
                 "98,304 bytes")
    assert right.arithmetic is not None and right.finding.verdict.holds


def test_a_sum_of_the_models_own_counts_is_no_swap_whatever_parallel_degree_the_page_set_before(tmp_path):
    """"KV per token is 2 × 32 × 8 × 128 × 2 = 131 KB" under "Worked: Llama-3-8B on one H100", on a page that set TP=4
    for another setup sections before: Llama 3 8B's own 32 layers, 8 KV heads and head_dim 128. The per-rank formula at
    TP=4 misses it, and the engine would name KV heads for heads (2 × 32 × 32 × 128 × 2 / 4 is 131 KB too), but a sum
    of the model's real counts is the page's own arithmetic, and it holds (a saved page, as published)."""
    page = Path(__file__).parent / "data" / "scan" / "held-out-43" / "sizing-a-deployment.md"
    kv = next(p for p in _located(tmp_path, page.read_text(encoding="utf-8")) if p.stated == "131 KB")  # its first printing
    assert kv.formula is None and kv.arithmetic == "2 * 32 * 8 * 128 * 2" and kv.finding.verdict.holds


def test_a_section_that_sets_up_a_model_before_its_swapped_sum_flags_it_but_not_a_count_the_page_states(tmp_path):
    """A section headed by the model prices its list's sum with the model's config, whatever it compares it with after
    ("a 13B-class model"); a page that writes the swapped count down itself ("h = 64" used as the KV heads of a
    64-head, 8-KV-head model) states its scenario, which is not flagged."""
    page = ("# KV\n\n### Example: Qwen3-30B-A3B per token\n\nTake Qwen3-30B-A3B:\n\n- L = 48\n"
            "- per token KV cache in BF16: 2 × 48 × 4 × 64 × 2 = 49,152 bytes\n\nA 13B-class model needs 0.8 MB.\n")
    swapped = _one(_located(tmp_path, page), "49,152 bytes")
    assert swapped.formula == "kv_bytes_per_token_gqa" and not swapped.finding.verdict.holds
    assert "head_dim <- hidden_over_heads" in swapped.evidence[0]
    stated = ("# KV\n\n**Example.** For a Llama-3-70B model (L = 80, h = 64, d = 128):\n\n"
              "The KV cache per token in BF16 is 2 × 80 × 64 × 128 × 2 = 2,621,440 bytes.\n")
    own = _one(_located(tmp_path, stated), "2,621,440 bytes")
    assert own.arithmetic is not None and own.finding.verdict.holds


def test_a_swapped_sum_is_named_by_a_formula_its_words_rank_below_their_first_choice(tmp_path):
    """"Read: 80 × 10000 × 8192 × 2 × 2 = 26.2 GB" under a lead that prices the weights read too: the words' first
    choice (the whole step's bytes) misses by far, but a KV formula the config gives exactly but for the hidden size
    taken as the K and V width names the swap; a sum that holds for its formula is still no finding."""
    page = ("# Decode bandwidth\n\n### KV cache streaming\n\n**Read existing KV**: layers * context * hidden * 2 * bytes, read"
            " with the weights every step\n\n**Example (Llama 3.1 70B BF16, 10K ctx)**:\n- Read: 80 × 10000 × 8192 × 2 × 2 = 26.2 GB\n")
    swapped = _one(_located(tmp_path, page), "26.2 GB")
    assert swapped.arithmetic is None and swapped.formula.startswith("kv_") and not swapped.finding.verdict.holds
    assert "n_kv_heads <- n_heads" in swapped.evidence[0]
    right = _one(_located(tmp_path, page.replace("8192", "1024").replace("26.2 GB", "3.28 GB")), "3.28 GB")
    assert right.arithmetic is not None and right.finding.verdict.holds


def test_a_list_items_label_says_what_its_number_is_and_the_leads_words_only_break_a_tie(tmp_path):
    """"- Weights: 140 GB" and "- KV cache: 26 GB" under a lead that names the whole budget (weights + KV cache +
    workspace): each item is its label's part, not the budget the lead's words add up to."""
    page = ("# Sizing\n\n### Total VRAM\n**Formula**: `weights + KV_cache + workspace`\n\n**Example (Llama 3.1 70B, 10K ctx,"
            " batch=1)**:\n- Weights: 140 GB\n- KV cache: 26 GB\n- Workspace: 17 GB\n")
    found = _located(tmp_path, page)
    assert _one(found, "140 GB").formula == "weight_bytes"
    assert _one(found, "26 GB").formula.startswith("kv_")


def test_a_size_printed_again_in_brackets_in_another_unit_is_a_conversion_of_it(tmp_path):
    """"15,360 MiB (15 GB)": the bracket restates the size before it, which is 16.1 GB, so it is a GiB printed as GB;
    "16 GB (14.9 GiB)" holds. The size before the bracket is not made an operand: it stays what the page makes it."""
    found = _located(tmp_path, "# The card\n\n- VRAM: 15,360 MiB (15 GB) GDDR6\n- Weights: 16 GB (14.9 GiB) in FP16\n")
    slip = _one(found, "15 GB")
    assert slip.arithmetic == "(15360*MiB)" and slip.finding.diagnoses[0].parts == ("GiB printed as GB",)
    assert _one(found, "14.9 GiB").finding.verdict.holds
    assert not any("operand" in e for e in _one(found, "16 GB").evidence)


def test_a_percent_of_the_figure_printed_after_it_is_that_figure_over_it(tmp_path):
    """"~217 GB/s at large transfers (68% of 320 GB/s theoretical)": the figure named after "of" is the denominator and
    a figure of its kind before it in the sentence the numerator; a share of no printed figure is left alone."""
    found = _located(tmp_path, "# Copies\n\nOn-device HBM reaches ~217 GB/s at large transfers (68% of 320 GB/s theoretical)."
                               " The T4 peaks at ~23 TFLOPS FP16 (41% of theoretical 65 TFLOPS). Most of the time, 90% of requests are short.\n")
    share = _one(found, "68%")
    assert share.arithmetic == "(217*(GB/s)) / (320*(GB/s))" and share.finding.verdict.holds
    assert _one(found, "41%").arithmetic is None  # a derivation is found only where it holds: 35% is no 41%
    assert not _one(found, "90%").proposed


def test_a_cards_sheet_figure_right_after_its_name_is_an_input_the_page_cites(tmp_path):
    """"GPUs: 8× RTX 4090 24GB" in a build list: the card's own memory, cited, not a claim a formula is chosen for
    (the words of the list would read it as memory held back on eight cards)."""
    page = ("# Build\n\n**8x RTX 4090 Workstation**:\n```\nGPUs:            8× RTX 4090 24GB\n"
            "RAM:             512 GB DDR4 ECC\nMemory:     192 GB (8 × 24GB)\n```\n\nThe KV cache of a 70B model then fits.\n")
    card = next(p for p in _located(tmp_path, page) if p.stated == "24GB")  # the list's, before the product's operand
    assert not card.proposed and card.formula is None and "the sheet's gpu_memory" in card.evidence[0]


def test_the_time_to_read_the_weights_once_is_the_floor_of_a_decode_step(tmp_path):
    """140 GB / 2 TB/s = 70 ms (t_mem of W / BW at a small batch)."""
    found = _located(tmp_path, "# Decode\n\nAn A100 has 2 TB/s bandwidth. A 70B model in FP16 is 140 GB. Reading the full model once"
                               " takes 70ms -- that is your floor for a single decode step.\n")
    floor = _one(found, "70ms")
    assert floor.formula == "weight_read_time" and floor.finding.verdict.holds


def test_a_derivation_on_a_slipped_figure_carries_the_slip(tmp_path):
    """"320 KB * 4,096 = 1.28 GB" is 1,342,177,280 bytes (1.34 GB; 1.28 is its bytes over 1024 x 1024 x 1000); "100 users
    ... 128 GB" is 100 times the printed 1.28, so it carries the slip: 134.2 GB."""
    page = ("# KV\n\n```\nper token: 2 * 80 * 8 * 128 * 2 bytes = 327,680 bytes = 320 KB\nat 4,096 tokens: 320 KB * 4,096 = 1.28 GB\n```\n\n"
            "With 100 concurrent users at 4K tokens each, KV cache alone requires 128 GB.\n")
    found = _located(tmp_path, page)
    total = _one(found, "128 GB")
    assert any("the slip there is carried here" in e for e in total.evidence)
    assert not total.finding.verdict.holds and abs(float(total.finding.computed_base) - 134217728000) < 1e6


def test_a_step_priced_at_an_efficiency_the_page_never_states_is_audited_as_a_floor(tmp_path):
    """Llama-3.1-8B in BF16 with 2,048 tokens of context reads 16.33 GB a step: 4.87 ms at the H100 SXM's full
    3.35 TB/s. "10 ms" is what 49% of the bandwidth gives, which the page never rules out; "3 ms" is faster than
    the card can read the bytes at all; "4.9 ms" is the floor itself, which holds at full bandwidth."""
    page = "# Decode\n\nLlama-3.1-8B in BF16 on one H100 SXM at batch 1 with 2048 tokens of context: each decode step takes {} ms.\n"
    slower = _one(_located(tmp_path, page.format(10)), "10 ms")
    assert slower.formula == "t_step" and slower.finding is None and "4.874 ms" in slower.evidence[-1]
    faster = _one(_located(tmp_path, page.format(3)), "3 ms")
    assert faster.formula == "t_step" and faster.finding.verdict.value == "mismatch"
    floor = _one(_located(tmp_path, page.format(4.9)), "4.9 ms")  # the floor itself: the page prints the ideal
    assert floor.finding.verdict.holds and floor.given["mbu"] == 1


def test_a_size_per_single_token_after_a_figure_caption_is_the_sections_models_kv_cache(tmp_path):
    """"Figure 1: ..." is a caption, not a heading, so the section's Mistral 7B and its "FP 16" still apply; "a single
    token would take 0.125MB of VRAM" is per token, and no card's memory: 2 x 2 B x 32 x 8 x 128 = 131,072 B, which
    is 0.125 MiB printed as MB."""
    page = ("# Serving\n\n## Setup\n\nWe deploy a Mistral 7B model at half-precision (FP 16, each parameter taking 2 bytes)."
            "\n\n![layout](image1.png)\nFigure 1: Memory layout of the GPU\n\nIn our scenario a single token would take 0.125MB"
            " of VRAM to be stored in the KV cache.\n")
    per_token = _one(_located(tmp_path, page), "0.125MB")
    assert per_token.formula == "kv_bytes_per_token_gqa" and per_token.given["model"] == "mistralai/Mistral-7B-v0.1"
    assert per_token.given["kv_dtype"] == "fp16" and ("MiB printed as MB",) in [d.parts for d in per_token.finding.diagnoses]


def test_a_product_of_like_units_giving_one_of_them_is_a_chain_of_conversions(tmp_path):
    """"365 days × 24 hours × 3,600 sec = 31,536,000 seconds" counts the seconds of a year: read with its units the
    product is a time cubed, read as the page converts it, 365 × 24 × 3,600 seconds; a chain that misses is flagged."""
    found = _located(tmp_path, "# A year\n\nA year of operation is 365 days × 24 hours × 3,600 sec = 31,536,000 seconds.\n")
    year = _one(found, "31,536,000 seconds")
    assert year.arithmetic == "365 * 24 * 3600" and year.finding.verdict.holds
    assert "a chain of conversions" in year.evidence[-1]
    found = _located(tmp_path, "# A year\n\nA year of operation is 365 days × 24 hours × 3,600 sec = 31,356,000 seconds.\n")
    assert _one(found, "31,356,000 seconds").finding.verdict.value == "mismatch"


def test_a_figure_set_equal_to_itself_in_another_unit_is_a_conversion_to_check(tmp_path):
    """"29,688,662,589,440 FLOPs = 29.6887 TFLOPs" holds; "17,179,869,184 bytes = 16 GB" is 17.2 GB, the GiB count
    printed as GB, and is flagged as that slip; "1 GB = 1024 MB" defines a unit and is no sum to check."""
    found = _located(tmp_path, "# Sizes\n\nPrefill takes 29,688,662,589,440 FLOPs = 29.6887 TFLOPs.\n\n"
                               "The cache holds 17,179,869,184 bytes = 16 GB.\n\nHere 1 GB = 1024 MB.\n")
    flops, cache = _one(found, "29.6887 TFLOPs"), _one(found, "16 GB")
    assert flops.arithmetic == "(29688662589440*FLOPs)" and flops.finding.verdict.holds
    assert cache.arithmetic == "(17179869184*bytes)" and cache.finding.verdict.value == "mismatch"
    assert cache.finding.diagnoses[0].hypothesis == "GiB printed as GB"
    assert not any(p.arithmetic for p in found if p.stated.startswith("1024"))


def test_an_input_printed_again_after_its_conversion_is_the_input_not_the_conversion(tmp_path):
    """"3.35 TB/s = 3350 GB/s" converts the card's bandwidth; a later "3.35 TB/s" prints that input again, not a
    result worked out above."""
    found = _located(tmp_path, "# Decode\n\nThe bandwidth is 3.35 TB/s = 3350 GB/s.\n\nAt 3.35 TB/s a 14 GB read takes 4.2 ms.\n")
    again = [p for p in found if p.stated == "3.35 TB/s"]
    assert len(again) == 2 and not any(p.arithmetic for p in again)


def test_a_signed_figure_is_a_change_the_page_reports_not_a_quantity_a_formula_gives(tmp_path):
    """"| cp.async double-buffering | +1% |" in a table of optimizations on a Qwen3-0.6B page: a gain over the step
    before, which no share of one model's attention prices; "+2x" likewise is no model's GQA group."""
    found = _located(tmp_path, "# Optimizations for Qwen3-0.6B at a 200-token context\n\n| Optimization | Gain | Notes |\n|---|---|---|\n"
                               "| Block divergence + L2 prefetch | +2x | idle blocks during attention |\n"
                               "| cp.async double-buffering | +1% | minor overlap of attention and KV-cache reads |\n")
    for stated in ("1%", "2x"):
        signed = _one(found, stated)
        assert signed.formula is None and signed.finding is None and "a change the page reports" in signed.evidence[0]


def test_a_short_figure_printed_again_below_a_result_that_holds_restates_it(tmp_path):
    """"≈ 14" sequences worked out above, then "14 sequences" in a later paragraph: the same result, proposed with its
    sum. A one-figure "2" is any small count, and a table cell is its own column's: neither takes the sum."""
    text = ("# Pool\n\nThe pool is 74 GB / 5.37 GB ≈ 14 sequences, and the draft 7 ms / 3.5 ms = 2 times faster.\n\n"
            "Some prose between them.\n\nWith FP8 the same card keeps 14 sequences and 2 drafts in flight.\n\n"
            "| Setup | Sequences |\n|---|---|\n| TP=2 | 14 |\n")
    found = _located(tmp_path, text)
    later = [p for p in found if p.stated.startswith("14") and p.start > text.index("With FP8")]
    prose, cell = sorted(later, key=lambda p: p.start)
    assert prose.arithmetic == "(74*GB) / (5.37*GB)" and prose.finding.verdict.holds
    assert "restates the number worked out at line 3" in prose.evidence[0]
    assert not cell.proposed
    (two,) = [p for p in found if p.stated == "2" and p.start > text.index("With FP8")]
    assert not two.proposed


def test_a_mean_in_brackets_glued_to_what_it_is_per_is_located_and_worked_from_the_total_before_it(tmp_path):
    """"3,942,154 (788 avg/request)" under "5K requests": a mean count, located though its words are no unit, and the
    total over the requests gives it; "(3 of them)" in brackets stays no claim."""
    text = ("# Tokens\n\n**Gemma 3 4B - 5K requests:**\n- Prompt tokens: 3,942,154 (788 avg/request)\n"
            "- Completion tokens: 1,540,218 (308 avg/request)\n\nThe runs (3 of them) were alike.\n")
    found = _located(tmp_path, text)
    mean = _one(found, "788")
    assert mean.proposed and mean.finding.verdict.holds and "3942154" in mean.arithmetic.replace(",", "")
    assert not any(p.stated == "3" for p in found)


def test_a_percent_in_brackets_on_a_figure_is_its_share_of_a_like_figure_above_it(tmp_path):
    """"Model weights: 3,000 MB (26%)" under "Reserved by vLLM: 11,514 MB (50%)": the weights' share of the line they
    hang under (3,000 / 23,028 would be 13%); the engine named in a label sets no input, so its figure is located."""
    text = ("# Memory\n\n```\nTotal VRAM:              23,028 MB (100%)\nReserved by vLLM:        11,514 MB (50%)\n"
            "  ├─ Model weights:       3,000 MB (26%)\n  ├─ KV cache:            8,000 MB (69%)\n```\n")
    found = _located(tmp_path, text)
    weights = _one(found, "26%")
    assert weights.arithmetic == "(3000*(MB)) / (11514*(MB))" and weights.finding.verdict.holds
    assert _one(found, "69%").finding.verdict.holds
    reserved = _one(found, "11,514 MB")
    assert reserved.start > text.index("vLLM")


def test_a_size_said_of_a_length_is_that_many_tokens_times_the_size_per_token_above(tmp_path):
    """"164 kB/token" worked above, then "an 8K conversation ≈ 1.3 GB, a 32K conversation ≈ 5.2 GB": each length read
    as a context length is (32K is 32,768 tokens) times the exact 163,840 B, so 5.2 GB misses (5.37 GB), and the
    finding says 32,000 tokens give it. A per-token size in the clause is no length's size, nor is a sum's operand."""
    text = ("# Cache\n\nPer token: `2×40×8×128×2 = 163,840 bytes ≈ 164 kB/token` (bf16).\n\n"
            "- An 8K conversation ≈ 1.3 GB, a 32K conversation ≈ 5.2 GB, and a 128K conversation ≈ 21 GB.\n"
            "- A 2,048-token chat holds 2048 × 0.5 MB ≈ 1.0 GB.\n")
    found = _located(tmp_path, text)
    assert _one(found, "≈ 1.3 GB").arithmetic == "(163840*B) * 8192" and _one(found, "≈ 1.3 GB").finding.verdict.holds
    assert _one(found, "≈ 21 GB").finding.verdict.holds
    slip = _one(found, "≈ 5.2 GB")
    assert slip.arithmetic == "(163840*B) * 32768" and slip.finding.verdict is Verdict.MISMATCH
    assert any("32,000 tokens give the number" in e for e in slip.evidence)
    assert not _one(found, "0.5 MB").proposed


def test_a_table_rows_label_names_the_length_its_cell_is_the_size_of(tmp_path):
    """"| For 1M tokens | Fixed 140GB | ≈ 32GB |" under "| Size | 70B params × 2 bytes ≈ 140GB | ~32KB / token |": the
    row's label is the length, the size per token is the column's above (its "/ token" set apart), and the weights in
    the other column are no size of that length. A million tokens is 1,000,000, as pages count tokens."""
    text = ("# Memory\n\n| | Model Weights | KV Cache |\n|---|---|---|\n| **Size** | Fixed: 70B params × 2 bytes ≈ 140GB | Dynamic: ~32KB / token |\n"
            "| **For 1M tokens** | Fixed 140GB | ≈ 32GB |\n")
    cache = _one(_located(tmp_path, text), "≈ 32GB")
    assert cache.arithmetic == "(32*(KB)) * 1000000" and cache.finding.verdict.holds


def test_a_count_of_users_or_of_active_parameters_is_no_models_parameter_count(tmp_path):
    """"(70B params, MoE, 13B activated per token)" and, far below, "Registered users: 100M": the weights "~35GB
    (INT4)" are the 70B at half a byte, not the 13B activated nor the 100M users."""
    text = ("# Serving\n\nUsing a MoE model (70B params, MoE, 13B activated per token):\n\n## Layout\n\nModel weights ~35GB (INT4), shared by all.\n\n"
            + "Filler text. " * 80 + "\n\n## Users\n\n- Registered users: 100M\n- Daily active users (DAU): 10M (10%)\n")
    weights = _one(_located(tmp_path, text), "~35GB")
    assert weights.given.get("n_params") == 70_000_000_000 and weights.finding.verdict.holds


def test_a_contexts_count_in_the_table_is_no_other_models_size(tmp_path):
    """"| 1M | 320 GB |" under "Context" is a million tokens, not a million-parameter model that would contradict the
    Llama 3.1 70B its heading names: the 8K row is that model's cache, 8,192 x 327,680 B = 2.68 GB."""
    text = ("# Memory\n\n#### 70B Model (Llama 3.1 70B with GQA-8)\n\n| Context | KV Cache (FP16) |\n|---|---|\n| 8K | 2.6 GB |\n"
            "| 32K | 10 GB |\n| 1M | 320 GB |\n")
    cache = _one(_located(tmp_path, text), "2.6 GB")
    assert cache.given.get("model") == "meta-llama/Llama-3.1-70B" and cache.finding.verdict.holds


def test_a_queues_wait_in_service_times_is_rho_over_one_less_rho_at_the_utilization_printed(tmp_path):
    """"At 80% utilization: wait time ≈ 4× service time" is M/M/1's 0.8 / 0.2; "residence ~2× service time" at 50% is
    1 / 0.5; a wait of "5×" at 90% (9 service times) is not passed."""
    text = ("# Queues\n\nAt 50% utilization residence is already ~2× service time.\n\n- At 80% utilization: wait time ≈ 4× service time\n"
            "- At 90% utilization: wait time ≈ 5× service time\n")
    found = _located(tmp_path, text)
    residence, wait, wrong = _one(found, "~2×"), _one(found, "≈ 4×"), _one(found, "≈ 5×")
    assert residence.formula == "mm1_time_in_system_ratio" and residence.finding.verdict.holds
    assert wait.formula == "mm1_wait_ratio" and wait.given == {"busy_fraction": "80%"} and wait.finding.verdict.holds
    assert wrong.finding is None or not wrong.finding.verdict.holds


def test_a_bound_a_formula_meets_only_by_going_below_zero_is_not_proposed(tmp_path):
    """"loads in under 3 seconds" holds for any value below three; a formula whose inputs make it negative (a budget
    overdrawn) says nothing of the page's three seconds."""
    from auditor.scan import plausibility
    from auditor.scan.locate import Proposal
    from auditor.audit.project import Project
    from pathlib import Path

    project = Project.load(Path(__file__).resolve().parent.parent)
    bound = Proposal(0, 1, "under 3 GB", "under 3 GB", "under 3 GB", raw=(0, 1))
    reason = plausibility.far_from(project, bound, "kv_budget", {"gpu": "h100_sxm", "weight_dtype": "fp16", "n_params": 70_000_000_000}, "")
    assert "below zero" in reason


def test_a_count_made_a_lengths_adjective_is_an_input_and_a_held_back_figure_carries_nothing(tmp_path):
    """"A 2K-token chat holds 24 MB": the 2K is the length the page sets, no count a formula may price. "Weights · 14
    GB KV cache · 8 GB Acts · 2GB Total ~24 GB": a formula only pairs of slips with another format explain is held
    back, so the total is the page's own three figures, which give it."""
    text = ("# Memory\n\nInference (7B fp16, 8k ctx, batch=8) Weights · 14 GB KV cache · 8 GB Acts · 2GB Total ~24 GB\n\n"
            "For Qwen2-0.5B (FP16 KV cache): 12 KB per token of context. A 2K-token chat holds 24 MB.\n")
    found = _located(tmp_path, text)
    assert not any(p.stated == "2K" for p in found)
    total = _one(found, "~24 GB")
    assert total.finding.verdict.holds and not total.carried


def test_a_cache_priced_alone_takes_no_dtype_the_page_names_for_the_weights(tmp_path):
    """"FP8 weights 71 GB" two lines above "a 4k context holds 1.34 GB": Llama-3.3-70B's BF16 cache of 4,096 tokens
    (2 × 80 × 8 × 128 × 2 × 4096 = 1.34 GB); the FP8 is the weights', and the cache stays in the page's BF16."""
    text = ("# Budget\n\nLlama-3.3-70B, KV cache in BF16 throughout.\n\n- Weights FP8: 70.6B × 1 byte ≈ 71 GB.\n\n"
            "Two cards give 144 GB; FP8 weights 71 GB. For Llama-3.3-70B a 4k context conversation holds 1.34 GB of KV cache.\n")
    cache = _one(_located(tmp_path, text), "1.34 GB")
    assert cache.given.get("kv_dtype") == "bf16" and cache.finding.verdict.holds


def test_a_percent_sets_an_efficiency_with_a_default_only_where_the_page_names_it():
    """"at 70% MBU" is the page's MBU; a "30%" beside "memory" and "workspace" is some other share, never the memory
    utilisation (whose default the formula keeps); a stated utilisation with no default is read by its words."""
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.scan.quantities import Written, _fits, _symbol_words

    symbols = Project.load(Path(__file__).resolve().parent.parent).catalogue.symbols

    def percent(*words):
        return Written(0, 3, 0.3, (), "30%", frozenset(words), "30%")

    def fits(name, written):
        return _fits(written, symbols[name], _symbol_words(symbols[name]))

    assert fits("mbu", percent("mbu", "decod"))
    assert not fits("gpu_memory_utilization", percent("memory", "workspac", "cuda"))
    assert fits("busy_fraction", percent("utilisation"))


def test_a_ratio_in_brackets_that_a_word_explains_is_located_and_a_name_multiplied_is_not(tmp_path):
    """"70 GB (2× smaller)": the sign glued to the number and a word before the bracket closes make a ratio a reader
    recomputes; "(2 × d)" multiplies by a name, a factor of a product and no claim."""
    found = [p.stated for p in _located(tmp_path, "# Formats\n\nFP16 takes 140 GB.\n\n- INT8: 70 GB (2× smaller)\n- Width: (2 × d) per layer.\n")]
    assert found.count("2×") == 1 and "2" not in found


def test_comparison_words_in_chinese_korean_and_japanese_read_as_the_english_the_scan_keys_on(tmp_path):
    """"节省 75%" (saving), "35GB (4× 절감)" (reduction), "合計" (total): the page's own words in the view the scan reads."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    page = tmp_path / "page.md"
    page.write_text("# 量化\n\nINT4 节省 75% 显存。\n\n- INT4: 35GB (4배 절감)\n- 合計: 40GB\n", encoding="utf-8")
    text = Scanner(Document.read(page), Project.load(tmp_path)).view.text
    assert " saving " in text and " reduction " in text and " total " in text


def test_a_number_glued_to_chinese_japanese_or_korean_text_is_located_and_one_glued_to_a_latin_name_is_not(tmp_path):
    """"有1400GB的数据量", "データは128GB", "메모리는80GB": no space sets a number apart in these scripts, so a CJK
    character before it is no part of a name; "A100" and "x86" stay names."""
    found = [p.stated for p in _located(tmp_path, "# 显存\n\n大概一共有1400GB的数据量。データは128GBです。메모리는80GB입니다。A100 和 x86。\n")]
    assert {"1400GB", "128GB", "80GB"} <= set(found) and not {"100", "86"} & set(found)


def test_a_quantity_said_at_its_price_or_a_share_after_an_amount_is_no_sum(tmp_path):
    """"1B tokens/month = $250 revenue = 50% margin": a volume at a price and the margin it makes, not arithmetic that
    turns tokens a month into dollars nor dollars into a percent; "16 GB/s = 128 Gb/s" is still a conversion."""
    from auditor.scan.sums import find_sums

    assert find_sums("  1B tokens/month = $250 revenue = 50% margin\n") == []
    (conversion,) = find_sums("  link: 16 GB/s = 128 Gb/s\n")
    assert conversion.expression == "(16*(GB/s))"


def test_bare_operands_that_are_the_named_cards_sheet_figures_are_read_in_the_sheets_units(tmp_path):
    """"For H100 ... 989 / 3,350 ≈ 295 FLOP/byte": 989 is its dense BF16 peak in TFLOPS and 3,350 its bandwidth in GB/s, to
    every printed digit, so the quotient is read in those units and holds; a lone "2" stays a factor. Without a card the
    sum is located and not proposed, and where the sheet's reading misses it is not taken."""
    found = _located(tmp_path, "# Ridge\n\nFor H100, using the dense figure:\n\n`AI_ridge = 989 / 3,350 ≈ 295 FLOP/byte`\n\n"
                               "With its FP8 peak, 1979 / (2 * 3.35e12 / 2) ≈ 590.\n")
    ridge = _one(found, "≈ 295 FLOP/byte")
    assert ridge.arithmetic == "(989*(TFLOP/s)) / (3350*(GB/s))" and ridge.finding.verdict.holds
    assert "989 as h100_sxm's peak_flops in TFLOP/s" in ridge.evidence[-1]
    fp8 = _one(found, "≈ 590")
    assert fp8.arithmetic == "(1979*(TFLOP/s)) / (2 * (3.35e12*(B/s)) / 2)" and fp8.finding.verdict.holds
    unnamed = _located(tmp_path, "# Ridge\n\nThe ridge is 989 / 3,350 ≈ 295 FLOP/byte.\n")
    assert _one(unnamed, "≈ 295 FLOP/byte").arithmetic is None
    missed = _located(tmp_path, "# Ridge\n\nFor H100 the ridge is 989 / 3,350 ≈ 395 FLOP/byte.\n")
    assert not any("sheet" in e for e in _one(missed, "≈ 395 FLOP/byte").evidence)


def test_a_b_set_apart_in_a_sum_is_billions_where_only_that_reading_lands_near_the_result(tmp_path):
    """"27 B × 0.61 ≈ 17 GB": as 27 bytes the product is 10^9 off, as 27 billion parameters at 0.61 bytes it lands,
    and holds within the printed 0.61; "2 × 4 × 2 B = 16 B" stays bytes, as it holds so."""
    found = _located(tmp_path, "# Weights\n\n| Term | Value |\n|---|---|\n| Weights | 27 B × 0.61 ≈ **17 GB** |\n\n"
                               "Per value: 2 × 4 × 2 B = 16 B.\n")
    weights = _one(found, "≈ 17 GB")
    assert "27e9" in weights.arithmetic and weights.finding.verdict.holds
    assert "27 B read as billions" in weights.evidence[-1]
    assert _one(found, "16 B").arithmetic == "2 * 4 * (2*B)"


def test_a_lowercase_k_set_apart_is_thousands_and_a_unit_cut_from_its_number_starts_no_sum(tmp_path):
    """"128 k tokens ÷ 25 tok/s ≈ 85 min" is 128,000 tokens; were the number unreadable, "tokens ÷ 25 tok/s" would be one
    token's 40 ms, flagged against 85 minutes: a unit right after a number is that number's, never "1 token"."""
    found = _located(tmp_path, "# Prefill\n\n128 k tokens ÷ 25 tok/s ≈ **85 min** just to ingest.\n")
    minutes = _one(found, "≈ 85 min")
    assert minutes.arithmetic == "(128e3*tokens) / (25*(tok/s))" and minutes.finding.verdict.holds
    assert find_sums("  128 xk tokens ÷ 25 tok/s ≈ 85 min") == []


def test_a_width_in_bits_on_a_page_serving_a_gguf_mix_is_that_mix_and_not_priced_at_its_nominal_bits(tmp_path):
    """"Memory math (4-bit, 27 B): weights ~17 GB" on a page whose model file is Q4_K_M: the mix stores more than 4
    bits a weight, so int4's 13.5 GB is no reading of it and nothing is flagged; a page with no such mix is priced."""
    mixed = _located(tmp_path, "# Gemma-3 27B\n\nWe run the Q4_K_M file.\n\n**Memory math** (4-bit, 27 B):\n"
                               "> Active RAM ≈ weights (~17 GB) on one Mac.\n")
    weights = _one(mixed, "~17 GB")
    assert weights.formula is None and weights.finding is None
    assert any("Q4_K_M is a mix of formats" in e for e in weights.evidence)
    plain = _located(tmp_path, "# Gemma-3 27B\n\n**Memory math** (4-bit, 27 B):\n> Active RAM ≈ weights (~17 GB) on one Mac.\n")
    assert not any("mix of formats" in e for e in _one(plain, "~17 GB").evidence)


def test_a_machines_size_that_names_it_is_an_input_never_a_sum_of_the_sizes_above(tmp_path):
    """"| 128GB Mac |" under "| 64GB Mac |": a configuration a buyer picks, not 64 GB + 64 GB; "a 64 GB machine" too."""
    found = _located(tmp_path, "# RAM\n\n| RAM Configuration | Context |\n|---|---|\n| 64GB Mac | 8K |\n| 128GB Mac | 32K |\n"
                               "| 192GB+ Mac | 128K |\n\nOn a 64 GB machine it swaps.\n")
    for size in ("128GB", "192GB", "64 GB"):
        assert _one(found, size).arithmetic is None and _one(found, size).finding is None
    assert "a device's size the page names it by" in _one(found, "64 GB").evidence[0]


def test_a_parameter_count_the_page_sets_equal_to_a_size_is_its_count_and_a_context_length_is_none(tmp_path):
    """"For Llama-2-7B (Π = 7B)" sets the count the page works with: "2Π = 14 GB" a section on holds at 7e9, not
    flagged against the config's 6.74e9; "200 k – 2 M context windows" between them counts tokens, no parameters."""
    found = _located(tmp_path, "# Model\n\nEvery parameter is 2 bytes wide. For Llama-2-7B (`Π = 7B`), a 2Π weight read.\n\n"
                               "# Context\n\nModels ship with 200 k – 2 M context windows.\n\n"
                               "# Decode\n\n**Llama-2-7B (MHA, fp16) on H100:**\n\n- weight bytes `2Π = 14 GB`\n")
    weights = _one(found, "14 GB")
    assert weights.formula in ("weight_bytes", "streamed_weight_bytes") and weights.given.get("n_params") == 7_000_000_000
    assert weights.finding.verdict.holds


def test_a_value_given_as_a_settings_default_is_an_input(tmp_path):
    """"默认 16 tokens/block", "(default: 16 tokens per block)": the page states a setting, it works nothing out, so no
    formula is tried on it and nothing is flagged; the same figure with no such word is read as usual."""
    for line in ("以固定大小 blocks 组织（默认 16 tokens/block，每块约 64 KiB）", "Blocks hold (default: 16 tokens/block) of KV cache."):
        found = _located(tmp_path, f"# Paging\n\n{line}\n")
        block = _one(found, "16 tokens/block")
        assert block.formula is None and block.finding is None and block.evidence[0].startswith("a default the page states")
    plain = _located(tmp_path, "# Paging\n\nBlocks hold 16 tokens/block of KV cache.\n")
    assert not _one(plain, "16 tokens/block").evidence or not _one(plain, "16 tokens/block").evidence[0].startswith("a default")


def test_a_factor_named_before_its_figure_is_read_without_its_name_and_a_formats_width_in_b_is_bytes(tmp_path):
    """"배치 16 × 토큰 1 × hidden 4096 × 2B(FP16) ≈ 128 KB": each figure named before it, and 2B beside FP16 is two bytes,
    so the sum is the whole product and holds; "7B(FP16)" is still a model's seven billion, "2× EPYC 9654" a part's name."""
    parsed = [f.expression for f in find_sums("데이터 = 배치 16 × 토큰 1 × hidden 4096 × 2B(FP16) ≈ 128 KB\n")]
    assert parsed == ["16 * 1 * 4096 * (2*B)"]
    assert [f.expression for f in find_sums("w = 7B(FP16) × 2 = 14 GB\n")] == ["7e9 * 2"]
    assert find_sums("2× EPYC 9654 = 192 cores\n") == []
    found = _located(tmp_path, "# Link\n\n```\n# all-reduce = 배치 16 × 토큰 1 × hidden 4096 × 2B(FP16) ≈ 128 KB\n```\n")
    (result,) = [p for p in found if p.stated.endswith("128 KB")]
    assert result.arithmetic == "16 * 1 * 4096 * (2*B)" and result.finding.verdict.holds


def test_a_letter_carried_past_its_result_leaves_the_result_in_the_scale_after_it(tmp_path):
    """"S × 2 × 512 × 16384 = 16.8S M FLOPs" is 16.8 million a unit of S: the M after S is the result's scale."""
    found = _located(tmp_path, "# Decompress\n\n$$F = S \\times 2 \\times 512 \\times 16384 = 16.8S \\text{M FLOPs}$$\n")
    result = _one(found, "16.8")
    assert result.given.get("S") == 1 and result.finding.verdict.holds


def test_a_units_letter_opening_a_product_on_its_own_is_the_pages_symbol_not_the_unit(tmp_path):
    """"Δ = s × 2^{-3} = 3.2 × 10^{-5}" scales the page's s (a quantisation scale), not a second: with no value for s
    the sum is not checked, where read as seconds it was flagged."""
    found = _located(tmp_path, "# Scale\n\nQuantization step size: $\\Delta = s \\times 2^{-3} = 3.2 \\times 10^{-5}$\n")
    step = [p for p in found if p.stated.startswith("3.2")]
    assert step and all(p.finding is None for p in step)
    assert any("names the page does not set: s" in e for p in step for e in p.evidence)


def test_a_links_own_figure_is_no_restatement_of_a_sum_that_prints_the_same_digits(tmp_path):
    """"PCIe Gen5 128GB/s" is the link's figure (32 GT/s × 16 lanes, both ways); "900÷7 = 128GB/s" below is a share of
    NVLink that happens to print the same digits. The link's figure is an input, not a restatement of that sum."""
    found = _located(tmp_path, "# Tiers\n\nHBM 3.35TB/s, then NVLink 900GB/s, then PCIe Gen5 128GB/s.\n\n"
                               "# Point to point\n\nEach GPU splits its 900GB/s over 7 peers: 900÷7 = 128GB/s per link.\n")
    link = [p for p in found if p.stated.replace(" ", "") == "128GB/s"]
    assert len(link) == 2 and link[0].arithmetic is None and link[0].finding is None
    assert link[1].arithmetic == "900/7"


def test_a_column_of_one_figure_beside_a_column_that_varies_is_no_product_of_it(tmp_path):
    """"| 4 | 3 × 128 GB/s | 900 GB/s |" in a column of 900s beside 128, 3 × 128 and 7 × 128: the 900 is another
    setup's figure, not the cell before it worked out (which it would miss)."""
    found = _located(tmp_path, "# Topology\n\n| GPUs | Point to point | With NVSwitch |\n| --- | --- | --- |\n"
                               "| 2 | 128 GB/s | 900 GB/s |\n| 4 | 3 × 128 GB/s | 900 GB/s |\n| 8 | 7 × 128 GB/s | 900 GB/s |\n")
    assert all(p.finding is None or p.finding.verdict.holds for p in found if p.stated == "900 GB/s")
    assert not any(p.arithmetic for p in found if p.stated == "900 GB/s")


def test_the_number_that_opens_a_table_row_is_its_setting_and_no_formula_is_chosen_for_it(tmp_path):
    """A sweep's "| 70% | 4 | 2.77 | 1.54× |" under "Acceptance Rate": the 60%, 70% and 80% that open the rows are what
    each row is worked for, not rates derived from one another (which flagged them); a figure later in a cell's words
    ("attends 2,049 keys") is no row's key."""
    found = _located(tmp_path, "# Drafts\n\nWith a 70% acceptance rate and k = 4 the draft pays off.\n\n"
                               "| Acceptance Rate | K | Expected Tokens | Speedup |\n|---|---|---|---|\n"
                               "| 60% | 4 | 2.13 | 1.18× |\n| 70% | 4 | 2.77 | 1.54× |\n| 80% | 4 | 3.59 | 2.00× |\n\n"
                               "| Step | FLOPs |\n|---|---|\n| First decode call P = 2048; attends 2,049 keys | 16 GFLOPs |\n")
    keys = [p for p in found if p.stated in ("60%", "80%")] + [p for p in found if p.stated == "70%"][1:]
    assert len(keys) == 3 and all(not p.proposed and p.evidence[0].startswith("the number that opens its table row") for p in keys)
    assert not _one(found, "2,049").evidence or not _one(found, "2,049").evidence[0].startswith("the number that opens")


def test_a_share_written_again_is_the_number_itself_printed_again():
    """"70%" written elsewhere is the very figure a "70%" prints, so it is no input of it (the "%" is the share's sign)."""
    from fractions import Fraction

    from auditor.scan.given import _printed_again
    from auditor.scan.quantities import Written

    written = Written(0, 3, Fraction(7, 10), (), "70%", frozenset(), "70%")
    assert _printed_again(written, (Fraction(7, 10), (), "70"))
    assert not _printed_again(written, (Fraction(7, 10), (), "0.70"))


BATCH_SWEEP = """# Decode at long context

Every decode step reads the weights once for the whole batch, and each sequence's own KV bytes: the memory time is the
bytes read over the HBM bandwidth (BW). Work it for Llama-3-70B, FP8 weights and FP8 KV, on one H200 (141 GB, 4.8 TB/s),
8,192 tokens of context a sequence.

```
  B    KV bytes   memory time   compute time   t_step    aggregate tok/s
  ───  ─────────  ───────────   ────────────   ──────    ───────────────
    1     1.3 GB     14.9 ms        0.08 ms    14.9 ms         67
    8    10.7 GB     16.8 ms        0.65 ms    16.8 ms        476
   16    21.5 GB     19.1 ms        1.31 ms    19.1 ms        840
   32    42.9 GB     23.5 ms        2.61 ms    23.5 ms      1,360
   49    65.8 GB     28.3 ms        4.00 ms    28.3 ms      1,732   ← CAPACITY WALL
```

One sequence at 67 tok/s makes 67 tok/s × 3,600 = 241,200 tokens/hr.
"""


def test_a_formula_that_gives_every_row_of_a_varying_column_one_value_is_no_reading_of_it(tmp_path):
    """The memory time grows with the batch (14.9 to 28.3 ms) because the KV bytes do; the weights' read time the words
    chose gives each row the same 14.7 ms, so it is not what the column prints, and no cell is flagged with it. The row
    with a note pointed at it ("← CAPACITY WALL") is still a row of the table."""
    found = _located(tmp_path, BATCH_SWEEP)
    times = [p for p in found if p.stated in ("14.9 ms", "16.8 ms", "19.1 ms", "23.5 ms", "28.3 ms")]
    assert len(times) == 10
    assert not any(p.formula == "weight_read_time" for p in times)
    assert not any(p.finding is not None and not p.finding.verdict.holds for p in times)


def test_a_bare_period_count_turns_a_rate_into_one_over_the_longer_period(tmp_path):
    """"67 tok/s × 3,600 = 241,200 tokens/hr": 3,600 is the seconds in an hour, so the sum holds in tokens an hour."""
    found = _located(tmp_path, BATCH_SWEEP)
    (hourly,) = [p for p in found if p.stated.startswith("241,200")]
    assert hourly.arithmetic == "(67*(tok/s)) * (3600*s/hour)" and hourly.finding.verdict.holds
    assert any("seconds in an hour" in e for e in hourly.evidence)


def test_a_printed_line_of_settings_sets_each_name_whatever_the_spaces_after_its_sign(tmp_path):
    """" kv=  7.04 GiB  users=   0": users is set to 0, not 7.04 GiB converted into it; "x = 2 × 4 GB= 8 GB" still sums."""
    assert find_sums(" RTX 4090 24GB  ctx=131072  kv=  7.04 GiB  users=   0\n") == []
    assert [f.expression for f in find_sums("x = 2 × 4 GB= 8 GB\n")] == ["2 * (4*GB)"]


def test_units_that_multiply_a_quantity_by_itself_say_the_sum_is_misread(tmp_path):
    """"6.58e13 FLOP" and on the next line "at 989e12 FLOP/s × 0.5 achieved = 133 ms": read as a product the units are
    FLOP squared a second, which a time is not; the page divides, and the scan does not flag its own misreading."""
    found = _located(tmp_path, "# Prefill\n\n```\n  FLOPs      = 2 × 8.03e9 × 4096                      = 6.58e13 FLOP\n"
                               "  at 989e12 FLOP/s × 0.5 achieved                     = 133 ms of GPU\n```\n")
    (time,) = [p for p in found if p.stated.startswith("133 ms")]
    assert time.arithmetic is None and time.finding is None
    assert any("squared" in e for e in time.evidence)


def test_a_sum_whose_letter_comes_back_after_its_result_is_a_formula_rewritten(tmp_path):
    """"(1.606e10 + B × 5.704e8) / 2.245e12 seconds = 7.15 ms + B × 0.254 ms" holds for every batch B: no sum to check,
    where reading B as bytes flagged it; "= 163,840 × T bytes" carries T as a factor and is still read."""
    (identity,) = find_sums("  ITL(B)  =  (1.606e10 + B × 5.704e8) / 2.245e12  seconds\n          =  7.15 ms  +  B × 0.254 ms\n")
    assert identity.unreadable.startswith("an identity in B")
    (carried,) = find_sums("c = 2 × 40 × T × 2 = 163,840 × T bytes\n")
    assert not carried.unreadable


def test_formats_a_heading_lists_side_by_side_set_no_format_for_a_number_under_it(tmp_path):
    """"fp16 vs int8 vs int4" heads a comparison of weights: the 128 KiB a token of Llama-3.1-8B's cache under it is at
    the cache's own 16 bits, not the last format the heading lists (which read it as a 4-bit cache and flagged it)."""
    found = _located(tmp_path, "# Worked example: VRAM and concurrency, fp16 vs int8 vs int4\n\n"
                               "Capacity is the budget divided by 128 KiB per token, Llama-3.1-8B's KV cost.\n")
    (cache,) = [p for p in found if p.stated.startswith("128 KiB")]
    assert cache.given.get("kv_dtype") != "int4"
    assert cache.finding is None or cache.finding.verdict.holds


def test_an_exact_working_of_the_pages_own_numbers_outweighs_a_slip_the_words_formula_needs(tmp_path):
    """"484.6 GiB of aggregate KV" over "320 KiB" a token is the table's 1,587,937 tokens to the token: the page worked it
    so. The cluster formula the words chose reaches it only through a factor of two it calls a slip; the quotient is
    the claim, and it holds."""
    found = _located(tmp_path, "# GQA at 70B\n\nBudget: $8 \\times 80 - 131.4 - 8 \\times 1 - 8 \\times 2 = 484.6$ GiB of aggregate KV.\n\n"
                               "| Variant | $H_{kv}$ | $B_{\\text{tok}}$ | One 4k conversation | Aggregate tokens | Concurrent users |\n"
                               "| --- | --- | --- | --- | --- | --- |\n| MHA | 64 | 2.50 MiB | 10.00 GiB | 198,492 | 48 |\n"
                               "| GQA, $g=8$ | 8 | 320 KiB | 1.25 GiB | 1,587,937 | 387 |\n\n"
                               "This is Llama-3.1-70B, its cache in bf16, across tp = 2 ranks per replica.\n")
    tokens = _one(found, "1,587,937")
    assert tokens.formula is None and tokens.arithmetic == "(484.6*(GiB)) / (320*(KiB))" and tokens.finding.verdict.holds


def test_a_working_the_table_lays_out_in_the_numbers_row_and_header_outweighs_a_slip(tmp_path):
    """"| 70B FP16 | 140 GB | 14.6 tok/s |" under "A100 (2.039 TB/s)": the header's bandwidth over the row's 140 GB is
    the cell, where the words' formula reaches it only by calling the page's 70B a slip for the config's 70.6B."""
    found = _located(tmp_path, "# Decode ceiling\n\nEach decoded token reads every weight once: the ceiling is bandwidth over model bytes.\n\n"
                               "| Model / precision | model_bytes | A100 (2.039 TB/s) | H100 (3.35 TB/s) |\n|---|---|---|---|\n"
                               "| Llama-3-8B FP16 | 16 GB | 127 tok/s | 209 tok/s |\n| Llama-3-70B FP16 | 140 GB | 14.6 tok/s | **23.9 tok/s** |\n")
    ceiling = _one(found, "14.6 tok/s")
    assert ceiling.finding is not None and ceiling.finding.verdict.holds


def test_a_counters_name_before_its_sign_sets_it_and_converts_nothing(tmp_path):
    """"DRAM_ACTIVE ≈ 0.90   TENSOR_ACTIVE ≈ 0.005": each counter reads its own value, so 0.90 is not converted into 0.005;
    a field's name after a product's sign ("L × d_model ≈ 131,072") is still an operand."""
    assert find_sums("batch 1,  8k ctx:  DRAM_ACTIVE ≈ 0.90   TENSOR_ACTIVE ≈ 0.005   → memory-bound\n") == []
    assert [f.expression for f in find_sums("For it, L × d_model ≈ 131,072.\n")] == ["L * d_model"]


def test_a_size_said_as_the_cards_own_memory_is_an_input(tmp_path):
    """"14.96 GiB of the card's 24 GiB" and "The 4090 has 24 GiB of GDDR6X": the card's memory, which no weights formula
    works out (the words beside it named weights, and flagged it)."""
    found = _located(tmp_path, "# Fit\n\nYou put Llama-3.1-8B on an RTX 4090. The weights are 14.96 GiB of the card's 24 GiB, "
                               "which sounds comfortable.\n\n# Card\n\nThe 4090 has 24 GiB of GDDR6X. Llama-3.1-8B's bf16 weights are 14.96 GiB.\n")
    cards = [p for p in found if p.stated == "24 GiB"]
    assert len(cards) == 2 and all(p.formula is None and p.finding is None for p in cards)
    assert all("a device's size" in p.evidence[0] for p in cards)


def test_a_figure_alone_in_brackets_is_located_where_a_list_or_note_number_is_not(tmp_path):
    """"경계(419)의 절반" and "the ridge (419)" recall a figure worked above; "(1)", "(12)" number notes and "(2023)" is a year."""
    from auditor.documents.locate import Document
    from auditor.scan.locate import find_numbers

    for text, expected in (("경계(419)의 절반\n", ["419"]), ("the ridge (419) is\n", ["419"]), ("see (1), (12) and (2023)\n", [])):
        page = tmp_path / "brackets.md"
        page.write_text(text, encoding="utf-8")
        assert [p.stated for p in find_numbers(Document.read(page), [])] == expected


def test_a_figure_printed_again_keeps_the_working_that_holds_on_its_operands_as_printed(tmp_path):
    """"0.15 × 302,350,789 / 1,000,000 = $45.35261835" holds on the count as printed (its exact value 302,350,789.26 moves
    the tenth digit); the same figure again in a total is that working, and holds as the first does."""
    found = _located(tmp_path, "# API cost\n\n$$ \\text{Input Tokens} = 21 \\times 2048 \\times \\left(\\frac{24\\cdot60\\cdot60}{12.29}\\right) = 302,350,789 $$\n\n"
                               "$$ \\text{Input Cost} = 0.15 \\times \\frac{302,350,789}{1,000,000} = \\\\$45.35261835 $$\n\n"
                               "$$ \\text{Total Cost} = \\\\$45.35261835 + \\\\$1.0 = \\\\$46.35261835 $$\n")
    costs = [p for p in found if p.stated.startswith("45.35261835")]
    assert len(costs) == 2 and all(p.finding is not None and p.finding.verdict.holds for p in costs)


def test_a_line_that_adds_figures_of_its_own_is_no_single_term_of_a_sum_down_the_lines(tmp_path):
    """"[System: 500 tokens] + [Tools: 2000 tokens] + [User msg 1: 50 tokens]" then "+ [...: 100 tokens] + [...: 30
    tokens]" then "= 2,680 tokens": each line adds several terms, so the last figure of each (50 + 30) is no reading of
    it; the scan reads no sum there rather than flag 2,680 against 80."""
    found = _located(tmp_path, "# Prefix\n\n```\nRequest 2:\n  [System: 500 tokens] + [Tools: 2000 tokens] + [User msg 1: 50 tokens]\n"
                               "  + [Assistant resp 1: 100 tokens] + [User msg 2: 30 tokens]\n  = 2,680 tokens total\n```\n")
    total = [p for p in found if p.stated.startswith("2,680")]
    assert total and all(p.finding is None or p.finding.verdict.holds for p in total)
