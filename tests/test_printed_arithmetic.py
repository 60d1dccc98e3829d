"""Printed arithmetic is a claim in itself: the sum a page prints, checked as written, no formula needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_claim
from auditor.claims.files import load_claim_file

CASES = load_claim_file(Path(__file__).parent / "cases" / "printed_arithmetic.yaml").claims


@pytest.fixture(scope="module")
def project():
    from auditor.audit.project import Project

    return Project.load(Path(__file__).resolve().parent.parent)


@pytest.mark.parametrize("claim", CASES, ids=[c.id for c in CASES])
def test_a_printed_sum_gives_its_recorded_verdict_and_cause(claim, project):
    finding = audit_claim(claim, project)
    assert finding.verdict == claim.expect.verdict, finding.message
    if claim.expect.cause:
        assert set(claim.expect.cause) in [set(d.parts) for d in finding.diagnoses]
    assert finding.passed


def test_the_reading_that_decided_is_named(project):
    finding = audit_claim(next(c for c in CASES if c.id == "pa-bare-numbers-in-the-stated-unit"), project)
    assert finding.notes == ("the expression's numbers read in GB",)


def test_a_unit_read_another_way_says_so(project):
    finding = audit_claim(next(c for c in CASES if c.id == "pa-uppercase-kb-read-as-kib"), project)
    assert finding.unit == "KiB" and any("KiB" in remark for remark in finding.remarks)


def test_explain_shows_the_sum_and_its_given_names(run_cli):
    code, out, _ = run_cli("explain", "pa-names-given-by-the-page", str(Path(__file__).parent / "cases" / "printed_arithmetic.yaml"))
    assert code == 0
    assert "printed arithmetic: 12*2*n_layers*d_model**2/1.5e12" in out
    assert "n_layers = 64  [given]" in out
    assert "[holds, as recorded]" in out


def test_a_sum_held_by_its_inputs_precision_says_so_with_the_range(project):
    finding = audit_claim(next(c for c in CASES if c.id == "pa-given-inputs-carry-their-printed-precision"), project)
    assert finding.remarks[0].startswith("holds within its inputs' printed precision (step = 12.13 ms)")
    assert "659.3 to 659.8 tokens/s" in finding.remarks[0]


def test_a_count_read_in_binary_millions_names_the_reading(project):
    finding = audit_claim(next(c for c in CASES if c.id == "pa-a-count-in-binary-millions-exactly-holds"), project)
    assert any("'M' read as 1,048,576" in remark and "exactly" in remark for remark in finding.remarks)


def test_a_whole_count_said_right_after_a_sum_is_its_result_rounded_down_or_up(tmp_path):
    """"10 / 1.28 = 7.8 -- so 7": seven requests fit, the quotient rounded down; "140 / 80 = 1.75 GPUs, rounded up to 2":
    two cards are needed. A count that is neither ("so 9") is no rounding the scan can name, and is left located."""
    document, proposals = _audited_page(tmp_path / "fit.md", "# Fit\n\n- How many concurrent requests? `10 / 1.28 = 7.8` -- so **7**.\n\n"
                                        "Weights need 140 / 80 = 1.75 GPUs, rounded up to 2.\n\nThe pool holds 69 / 10.7 = 6.4, so 9 conversations.\n")
    by_line = {(document.position(p.start)[0], p.stated): p for p in proposals}
    assert by_line[(3, "7")].arithmetic == "floor(10 / 1.28)" and by_line[(3, "7")].finding.verdict.holds
    assert by_line[(5, "2")].arithmetic == "ceil(140 / 80)" and by_line[(5, "2")].finding.verdict.holds
    assert not by_line[(7, "9")].proposed


def test_a_slip_is_carried_down_a_chain_of_worked_lines_whose_factor_opens_the_next_line(tmp_path):
    """"KV memory: ... = 0.25 GB" where the product is 0.125 GB, then "Base total: 4.0 + 0.25 + 2.0 = 6.25 GB",
    "Safety margin: 6.25 × 0.2 = 1.25 GB" and "Total VRAM needed: 7.5 GB": the margin's factor opens its line and is
    the result the line above ends on (a factor is never located on its own), so the slip reaches the margin, and the
    total the page adds from the two lines above carries it on."""
    _, proposals = _audited_page(tmp_path / "budget.md", "# Budget\n\n```\nModel size: 8B × 0.5 bytes = 4.0 GB\n"
                                 "KV memory: 8192 × 4096 × 2 × 2 / (1024³) = 0.25 GB\nBase total: 4.0 + 0.25 + 2.0 = 6.25 GB\n"
                                 "Safety margin: 6.25 × 0.2 = 1.25 GB\nTotal VRAM needed: 7.5 GB\n```\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    assert by_stated["0.25 GB"].finding.verdict.name == "MISMATCH"
    for stated in ("6.25 GB", "1.25 GB", "7.5 GB"):
        finding = by_stated[stated].finding
        assert finding is not None and finding.verdict.name == "MISMATCH", stated
        assert any("carried" in " ".join(d.parts) for d in finding.diagnoses), (stated, finding.diagnoses)


def test_a_count_at_a_price_or_a_figure_each_is_that_many_times_it(tmp_path):
    """"2 FTE at $15,000/month = $30,000/month": "at" between a count and a price multiplies, so the sum holds (read
    without the count it was a false alarm), and a wrong product is still flagged; so does "at" before a sized
    figure ("4,096 tokens at 0.5 MB each = 2 GB"), its "each" said by the product already."""
    _, proposals = _audited_page(tmp_path / "team.md", "# Team\n\nPlatform: 2 FTE at $15,000/month = $30,000/month.\n\n"
                                 "Rent 8 GPUs at $2/hr = $18/hr.\n\nThe cache is 4,096 tokens at 0.5 MB each = 2 GB.\n\n"
                                 "The pool is 8,192 tokens at 0.5 MB each = 3 GB.\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    assert by_stated["30,000 USD/month"].arithmetic == "2 * (15000*(usd/month))" and by_stated["30,000 USD/month"].finding.verdict.holds
    assert by_stated["18 USD/hour"].finding.verdict.name == "MISMATCH"
    assert by_stated["2 GB"].arithmetic == "(4096*tokens) * (0.5*MB)" and by_stated["2 GB"].finding.verdict.holds
    assert by_stated["3 GB"].finding.verdict.name == "MISMATCH"


def test_a_total_with_its_named_parts_in_brackets_is_their_sum(tmp_path):
    """"$12,729 (amortisation $10,278 + energy $1,251 + hosting $1,200)": each part's name is left out and the total
    checked on the parts, in prose and in a program's printed output ("22 (21 serving + 1 redundant)" in a code
    block); a total its parts miss is flagged."""
    _, proposals = _audited_page(tmp_path / "node.md", "# Node\n\nThe node costs $12,729 a month (amortisation $10,278 + energy "
                                 "$1,251 + hosting $1,200).\n\n```\nNodes required     22 (21 serving + 1 redundant)\n"
                                 "Monthly cost       $5,100 (power $1,000 + space $4,000)\n```\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    assert by_stated["12,729 USD"].arithmetic == "(10278*usd) + (1251*usd) + (1200*usd)" and by_stated["12,729 USD"].finding.verdict.holds
    assert by_stated["22"].arithmetic == "21 + 1" and by_stated["22"].finding.verdict.holds
    assert by_stated["5,100 USD"].finding.verdict.name == "MISMATCH"


def test_a_ratio_beside_its_two_figures_holds_within_their_rounding(tmp_path):
    """"84 / 25 (3.33x)": a measured figure over an ideal one, the ratio taken before both were rounded for print.
    Each figure, whole or not, is read to its last digit (84/25.2 gives 3.33), so the cell holds; a ratio no
    rounding of its figures reaches ("3,387 / 908 (3.90x)", 3.73) is flagged."""
    _, proposals = _audited_page(tmp_path / "ratios.md", "# Ratios\n\n| run | TTFT m/i (r) | E2E m/i (r) |\n|---|---|---|\n"
                                 "| chat | 84 / 25 (3.33x) | 3,387 / 908 (3.90x) |\n| code | 7.1 / 1.8 (3.90x) | 493 / 126 (3.93x) |\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    for stated in ("3.33x", "3.93x"):
        assert by_stated[stated].finding.verdict.holds, stated
    wrong = [p for p in proposals if p.proposed and p.stated == "3.90x"]
    assert sorted(p.finding.verdict.name for p in wrong) == ["HOLDS", "MISMATCH"]


def test_a_unit_per_counted_thing_cancels_against_the_count_per_time(tmp_path):
    """"100 MB/batch × 500 batches/sec = 50 GB/sec": batches are counted on both sides and cancel, so the rate is a
    size over time; a wrong one is flagged."""
    _, proposals = _audited_page(tmp_path / "link.md", "# Link\n\n```\n100 MB/batch × 500 batches/sec = 50 GB/sec\n"
                                 "10 MB/batch × 200 batches/s = 3 GB/s\n```\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    assert by_stated["50 GB/sec"].arithmetic == "(100*MB) * (500/sec)" and by_stated["50 GB/sec"].finding.verdict.holds
    assert by_stated["3 GB/s"].finding.verdict.name == "MISMATCH"


def test_a_count_printed_to_its_scale_is_no_figure_with_its_prefix_left_out(tmp_path):
    """"828M / (312 TFLOPS × 0.9) = 2.95 ms" is 2.95 µs: 828M is so many FLOPs, not a figure in a prefix the page left
    unprinted, so the slip is named. Plain bare numbers ("80 × 32 − 530 = 2 TB") are still left unproposed: they may
    be gigabytes."""
    _, proposals = _audited_page(tmp_path / "time.md", "# Time\n\n```\nTime: 828M / (312 TFLOPS × 0.9 efficiency) = 2.95 ms\n```\n\n"
                                 "The pool is 80 × 32 − 530 = 2 TB.\n")
    by_stated = {p.stated: p for p in proposals}
    finding = by_stated["2.95 ms"].finding
    assert finding.verdict.name == "MISMATCH" and any("µs printed as ms" in d.parts for d in finding.diagnoses)
    assert not by_stated["2 TB"].proposed


def _audited_page(page: Path, text: str):
    """The page written, scanned and each proposal audited, as `auditor scan --audit` leaves them."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    page.write_text(text, encoding="utf-8")
    document = Document.read(page)
    project = Project.load(Path(__file__).resolve().parent.parent)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    return document, proposals


def test_a_sum_written_down_the_lines_one_signed_term_a_line_is_that_sum(tmp_path):
    """A budget laid out in a code block: a line's term is its last figure before any comment, so "175B × 2 bytes =
    350 GB" adds 350 GB and "batch 32" in a label adds nothing; 350 + 60 + 90 = 500 holds, 0.5 + 34 + 0.1 + 0.4 = 35.0
    holds, and a result the terms miss (36 GB for 35.0) is flagged like any printed sum."""
    _, proposals = _audited_page(tmp_path / "budget.md", "# Budget\n\n```\nParameters: 175B × 2 bytes = 350 GB\n+ Activations: ~60 GB\n"
                                 "+ KV cache (batch 32): ~90 GB\n= 500 GB in all\n```\n\n```\ntotal = (\n    0.5 GB  # embeddings (FP16)\n"
                                 "    + 34 GB  # layers (INT4)\n    + 0.1 GB  # norms\n    + 0.4 GB  # head\n    = 35.0 GB\n)\n```\n\n"
                                 "```\n  2.5 GB\n- 0.5 GB\n= 3 GB\n```\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    assert by_stated["500 GB"].arithmetic == "(350*GB) + (60*GB) + (90*GB)" and by_stated["500 GB"].finding.verdict.holds
    assert by_stated["35.0 GB"].arithmetic == "(0.5*GB) + (34*GB) + (0.1*GB) + (0.4*GB)" and by_stated["35.0 GB"].finding.verdict.holds
    assert by_stated["3 GB"].arithmetic == "(2.5*GB) - (0.5*GB)" and by_stated["3 GB"].finding.verdict.name == "MISMATCH"


def test_lines_of_unlike_things_under_a_figure_are_a_list_not_a_sum(tmp_path):
    """"+ 2 GPUs" under "140 GB": a count is no size; the "= 142" after them is no sum of the two."""
    _, proposals = _audited_page(tmp_path / "list.md", "# Plan\n\n```\nWeights: 140 GB\n+ 2 GPUs\n= 142 total\n```\n")
    assert all(p.arithmetic is None or "GPU" not in p.arithmetic for p in proposals)
    assert not any(p.stated.startswith("142") and p.arithmetic for p in proposals)


def test_floor_division_as_code_writes_it_is_the_quotient_rounded_down(tmp_path):
    """"num_heads_per_gpu = 30 // 4 = 7" in a code block and "30 // 4 = 8" in prose: the quotient rounded down, so 7
    holds and 8 is flagged; "2 * 30 // 4" floors the product, which is not read as 2 * floor(30 / 4)."""
    _, proposals = _audited_page(tmp_path / "heads.md", "# Heads\n\n```python\nnum_heads_per_gpu = 30 // 4 = 7\n```\n\n"
                                 "Per rank: 30 // 4 = 8 is a slip. Doubled: 2 * 30 // 4 = 15.\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    assert by_stated["7"].arithmetic == "floor(30 / 4)" and by_stated["7"].finding.verdict.holds
    assert by_stated["8"].arithmetic == "floor(30 / 4)" and by_stated["8"].finding.verdict.name == "MISMATCH"
    assert not any(p.arithmetic and "floor" in p.arithmetic for p in proposals if p.stated == "15")


def test_a_count_a_printed_sum_works_out_is_its_result_not_an_input_the_page_sets(tmp_path):
    """"36 / 4 = 9 heads": "9 heads" reads like a count the page sets, but a sum gives it, so it is the sum's claim."""
    _, proposals = _audited_page(tmp_path / "share.md", "# Heads\n\nEach of the 4 ranks gets 36 / 4 = 9 heads.\n")
    nine = next(p for p in proposals if p.stated == "9")
    assert nine.arithmetic == "36 / 4" and nine.finding.verdict.holds


def test_a_bound_the_page_takes_with_min_or_max_of_listed_figures_is_that_sum(tmp_path):
    """"min(107, 80) = 80 users": the comma parts the call's arguments and ends no clause, so 80 holds and a 90 after the
    same call is flagged; a comma outside such a call ("3, 4 + 5 = 9") still ends what comes before it."""
    _, proposals = _audited_page(tmp_path / "bound.md", "# Users\n\nActual = min(107, 80) = 80 users. Link: max(16, 64) GB/s "
                                 "is not it.\n\nCombined: min(128, 64) = 64 GB/s\n\nOr min(107, 80) = 90 users.\n\nThen 3, 4 + 5 = 9.\n")
    by_stated = {p.stated: p for p in proposals if p.proposed}
    assert by_stated["80"].arithmetic == "min(107, 80)" and by_stated["80"].finding.verdict.holds
    assert by_stated["64 GB/s"].arithmetic == "min(128, 64)" and by_stated["64 GB/s"].finding.verdict.holds
    assert by_stated["90"].finding.verdict.name == "MISMATCH"
    assert by_stated["9"].arithmetic == "4 + 5"


def test_a_field_name_after_a_figure_labels_it_and_is_no_factor(tmp_path):
    """"32 kv_heads × 128 head_dim": each name says what the figure before it counts, as "32 layers" does."""
    _, proposals = _audited_page(tmp_path / "kv.md", "# KV\n\n```\nper token = 2 × 32 layers × 32 kv_heads × 128 head_dim × 2 bytes\n"
                                 "          = 524,288 bytes\n```\n")
    result = next(p for p in proposals if p.stated.startswith("524,288"))
    assert result.arithmetic == "2 * 32 * 32 * 128 * (2*bytes)" and result.finding.verdict.holds


def test_a_sum_of_dollars_under_a_header_that_prices_by_the_hour_is_per_hour(tmp_path):
    """"| $0.35 + $0.35 = $0.70 |" under "Cost/Hour": the result is 0.70 USD an hour, as a lone "$3.67" there is."""
    _, proposals = _audited_page(tmp_path / "hourly.md", "# Instances\n\n| Instance | Cost/Hour |\n|---|---|\n"
                                 "| n1-standard-4 + T4 | $0.35 + $0.35 = $0.70 |\n| a2-highgpu-1g | $3.67 |\n")
    result = next(p for p in proposals if p.stated == "0.70")
    assert result.unit == "USD/hour" and result.arithmetic and result.finding.verdict.holds
    assert next(p for p in proposals if p.stated == "3.67").unit == "USD/hour"


def test_a_width_in_bits_joined_by_a_non_breaking_hyphen_is_that_many_bits(tmp_path):
    """"4‑bit ×70 B ≈ 35 GB" (U+2011 between 4 and bit): four bits a weight, times 70 billion, is 35 GB."""
    _, proposals = _audited_page(tmp_path / "bits.md", "# Weights\n\n**\"4\u2011bit ×70 B ≈ 35 GB, so it fits.\"**\n")
    weights = next(p for p in proposals if p.stated == "≈ 35 GB")
    assert weights.arithmetic == "(4*bit) *70e9" and weights.finding.verdict.holds


def test_a_number_grouped_by_spaces_is_one_operand_and_a_result_so_grouped_is_not_misread(tmp_path):
    """"100 000 / 2048 ≈ 49": SI style groups thousands with a space, one operand; "2 × 4 096 = 8 192" prints a result
    the located "8" does not hold whole, so no sum is read against the "8"; "at 8 128 = 3" sets no two numbers side by side."""
    _, proposals = _audited_page(tmp_path / "si.md", "# Chunks\n\nA prompt prefills in `100 000 / 2048 ≈ 49` iterations.\n\n"
                                 "Sizes: 2 × 4 096 = 8 192 bytes.\n")
    chunks = next(p for p in proposals if p.stated == "≈ 49")
    assert chunks.arithmetic == "100000 / 2048" and chunks.finding.verdict.holds
    assert not any(p.arithmetic and p.stated in ("8", "8 bytes") for p in proposals)


def test_a_remainder_as_code_writes_it_is_no_sum_and_no_share(tmp_path):
    """"10000 % 4096 = 1808" is a remainder: the "%" between two numbers is no percent, and the 4096 alone is not read as
    the result converted, so 1808 is not flagged; a share before a factor ("20% × 50 = 10") still is one."""
    _, proposals = _audited_page(tmp_path / "mod.md", "# Pages\n\n```\n页号 = 10000 / 4096 = 2, 偏移 = 10000 % 4096 = 1808\n```\n\n"
                                 "At 20% × 50 = 10 of them.\n")
    remainder = next(p for p in proposals if p.stated == "1808")
    assert remainder.arithmetic is None and remainder.finding is None
    assert next(p for p in proposals if p.stated == "10").arithmetic == "(20/100) * 50"
