"""Numbers a page works out in words from two numbers it printed before them, and the chance bound that keeps
coincidences out (auditor/scan/derivations.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from auditor.scan import derivations
from test_scan import development_number, scanned_text as _page

BUDGET = """# Serving on one node

An 8-GPU node has 1,536 GB of HBM in all. The weights take 500 GB, which leaves 1,036 GB for everything else.
With 956 GB free for the cache and 2.80 GB per user, about 341 users fit at once.
"""


def test_a_difference_and_a_quotient_said_in_words_are_the_pages_own_arithmetic_and_hold(tmp_path):
    """1,536 - 500 = 1,036 GB; 956 / 2.80 = 341.4, printed as the whole users 341."""
    found = _page(tmp_path, BUDGET)
    left, users = found["1,036 GB"], found["about 341"]
    assert left.arithmetic == "(1536*(GB)) - (500*(GB))"
    assert users.arithmetic == "(956*(GB)) / (2.80*(GB))"
    assert left.finding.verdict.holds and users.finding.verdict.holds
    assert "1,536 GB and 500 GB" in left.evidence[0] and "chance" in left.evidence[0]


def test_a_number_no_pair_of_earlier_numbers_gives_is_left_unpriced_never_accused(tmp_path):
    """1,536 - 500 is 1,036, not 1,063: the search reproduces arithmetic, it does not guess at a slip."""
    found = _page(tmp_path, BUDGET.replace("1,036 GB", "1,063 GB"))
    assert found["1,063 GB"].arithmetic is None and found["1,063 GB"].finding is None


def test_operands_must_be_printed_before_the_number(tmp_path):
    """"341 users fit in 956 GB at 2.80 GB each" states the count first: it is not worked out from what follows."""
    found = _page(tmp_path, "# Users\n\nAbout 341 users fit, given 956 GB free for the cache and 2.80 GB per user.\n")
    assert found["About 341"].arithmetic is None


def test_a_configuration_size_is_not_derived_from_other_sizes(tmp_path):
    """5120 = 40 * 128 by construction of the model, not by the page's arithmetic; a context of 4096 tokens is
    32768 / 8 by the powers of two both are, not because the page divided."""
    found = _page(tmp_path, "# Geometry\n\nThe model has 40 heads of 128 dimensions and a hidden size of 5120.\n")
    assert "5120" not in found or found["5120"].arithmetic is None  # a setting the sentence ends with is read as one
    found = _page(tmp_path, "# Context\n\nAt 32768 tokens 8 requests fit. When reduced to 4096 tokens, each request needs less.\n")
    assert found["4096 tokens"].arithmetic is None


def test_a_ratio_of_two_like_figures_earlier_in_its_paragraph_is_their_quotient(tmp_path):
    """"HBM is ~23x faster" two sentences after "217 GB/s" and "9.4 GB/s": figures with units give a plain ratio only
    as a quotient of two of a kind, so the paragraph's two bandwidths are tried; a ratio they do not give is left alone."""
    text = ("# Copies\n\nOn-device copies reach 217 GB/s at large sizes. Over PCIe the same copy reaches 9.4 GB/s. We ran"
            " 64 trials of 12 sizes on 3 hosts with 5 streams, 7 warm-ups and 9 repeats. HBM is ~23x faster for large transfers.\n")
    found = _page(tmp_path, text)
    assert found["~23x"].arithmetic == "(217*(GB/s)) / (9.4*(GB/s))" and found["~23x"].finding.verdict.holds
    assert _page(tmp_path, text.replace("~23x", "~31x"))["~31x"].arithmetic is None


def test_a_rate_that_is_one_over_a_time_printed_before_it_is_its_reciprocal(tmp_path):
    """"4.78 ms per token ... 209 tokens/s for one sequence": a rate one over the time printed just before it, whose own
    number (with its unit) is the operand; a rate of one figure ("200 tokens/s") is too loose for a single operand."""
    text = "# Decode\n\nWe ran 12 trials on 3 hosts. Each step takes 4.78 ms per token. That is 209 tokens/s for one sequence.\n"
    found = _page(tmp_path, text)["209 tokens/s"]
    assert found.arithmetic == "1 / (4.78*(ms/token))" and found.finding.verdict.holds and "own number: 4.78 ms" in found.evidence[0]
    assert _page(tmp_path, text.replace("209 tokens/s", "200 tokens/s"))["200 tokens/s"].arithmetic is None


def test_an_operand_priced_with_the_number_derived_from_it_carries_no_slip_into_it():
    """"17.5 GB per token ... At 10 tok/s: 175 GB/s" (a development page): whatever formula the words give "10 tok/s",
    priced with that very 175 GB/s, passes no slip on to the product it is an operand of, 17.5 GB a token ten times a
    second."""
    rate = development_number("held-out-26", "llm-inference-physics.md", 152, "- At 10 tok/s: `175 GB/s` (much more reasonable)", "175 GB/s")
    assert rate.finding is None or rate.finding.verdict.holds


def test_a_one_figure_number_among_many_small_ones_abstains(tmp_path):
    """"8" is 3 + 5, 2 * 4, 11 - 3 ...: with so many ways to meet a one-figure number, no one of them is evidence."""
    text = "# Counts\n\nWe ran 3 tests on 5 nodes with 2 GPUs and 4 streams, 11 requests, 7 retries and 6 workers; 8 of them failed.\n"
    found = _page(tmp_path, text)
    assert found["8"].arithmetic is None


def _operand(index, start, value, dimensions=(), term="x", percent=False, unit=False):
    return derivations.Operand(index, start, start + 3, value, dimensions, term, percent, unit)


def test_the_chance_grows_with_every_operand_tried_before_the_match():
    """The same exact match is weighed against all combinations of operands nearer than its farthest one."""
    target = _operand(99, 1000, 1036.0)
    proposal = SimpleNamespace(stated="1,036", unit="")
    near = [_operand(1, 900, 1536.0, term="1536"), _operand(2, 950, 500.0, term="500")]
    alone = derivations.search(target, proposal, near)
    assert alone and alone[0].expression == "1536 - 500"
    decoys = [_operand(10 + k, 960 + k * 4, 700.0 + 37 * k, term=str(700 + 37 * k)) for k in range(8)]
    crowded = derivations.search(target, proposal, near + decoys)
    assert not crowded or crowded[0].chance > alone[0].chance


@pytest.mark.parametrize(("stated", "half"), [("1,036", 0.5 / 1036), ("5,000", 500 / 5000), ("16", 0.5 / 16), ("2.80", 0.005 / 2.8)])
def test_the_band_is_half_the_last_significant_digit(stated, half):
    from auditor.base.quantity import parse_stated

    assert derivations._relative_half_digit(parse_stated(stated)) == pytest.approx(half)


def test_a_percent_is_multiplied_never_added():
    """"10%" beside "3,125 tok/s" may scale it; "3,125 + 10%" is no arithmetic a page does."""
    a, b = _operand(1, 0, 3125.0, term="3125"), _operand(2, 10, 0.10, term="0.1", percent=True)
    operators = [sign for _, sign, _, _ in derivations._combinations(a, b, derivations._operations(a.dimensions, b.dimensions, ()))]
    assert "*" in operators and "+" not in operators and "-" not in operators


RESTATED = """# Decode

Each token reads the active weights: 32e9 × 0.5 bytes = 16 GB.

At 50 TB/s, reading 16 GB takes 0.32 ms; the next step reads the same 16 GB again.
"""


def test_a_number_printed_again_is_the_claim_worked_out_where_it_first_appeared(tmp_path):
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    page = tmp_path / "page.md"
    page.write_text(RESTATED, encoding="utf-8")
    located = Scanner(Document.read(page), Project.load(tmp_path)).proposals()
    sixteen = [p for p in located if p.stated.endswith("16 GB")]
    assert len(sixteen) == 3
    assert sixteen[0].arithmetic is not None and all(p.arithmetic == sixteen[0].arithmetic for p in sixteen)
    assert all(p.evidence[0] == "restates the number worked out at line 3" for p in sixteen[1:])
    # and the time is the page's quotient of its own two numbers
    assert next(p for p in located if p.stated == "0.32 ms").arithmetic == "(16*(GB)) / (50*(TB/s))"


CONVERTED = """# KV cache per token

Each cached token keeps `2 × 80 × 8 × 128 × 2 bytes = 327,680 bytes`.

That is approximately 320 KiB, or {again}, per cached token.

Fifty requests of 8,000 tokens keep `50 × 8,000 × {glued} ≈ 131 GB`.
"""


@pytest.mark.parametrize(("again", "restated"), [("0.328 MB", True), ("0.33 MB", True), ("0.35 MB", False), ("0.3 MB", False)])
def test_a_sum_printed_again_in_another_unit_is_that_sum_rounded(tmp_path, again, restated):
    """327,680 bytes is 0.328 MB and, to two figures, 0.33 MB; 0.35 MB is another number, and a one-figure
    "0.3 MB" could be any of many."""
    glued = again.replace(" ", "")
    found = _page(tmp_path, CONVERTED.format(again=again, glued=glued))
    for converted in (found[again], found[glued]):  # said in words, and an operand of the product below
        assert (converted.arithmetic == "2 * 80 * 8 * 128 * (2*bytes)") == restated
        assert not restated or converted.evidence[0] == "restates the number worked out at line 3"
    assert not restated or found[again].finding.verdict.holds
    # the product then reads it at the exact 327,680 bytes: 131.07 GB, not the 131.2 or 132 the rounded figure gives
    assert ("taken at its exact value" in " ".join(found["≈ 131 GB"].evidence)) == restated


@pytest.mark.parametrize(
    ("first", "again", "repeat"),
    [("16 GB", "16 GB", True), ("140 GB", "140 GB", True), ("12 GB", "12 GB", True), ("22 ms", "22.0 ms", False), ("8GB", "8GB", False), ("208", "208", True), ("16", "16", False), ("512", "512", False)],
)
def test_only_a_number_recognisable_again_is_a_repeat(first, again, repeat):
    """Two figures and a unit, or three figures bare, and never more figures than the first printing;
    a bare multiple of 32 is a width again, not the first one's sum."""
    one, two = SimpleNamespace(stated=first, unit=""), SimpleNamespace(stated=again, unit="")
    key = derivations.same_number_key(two)
    same = key is not None and key == derivations.same_number_key(one) and not derivations.printed_finer(two, one)
    assert same == repeat


def test_what_a_percent_leaves_is_an_operand_of_its_own(tmp_path):
    """570 GB less the 10% kept for activations: 570 * (1 - 10/100) = 513 GB."""
    text = "# Budget\n\nAfter the weights 570 GB remain. We keep 10% of that for activations, which leaves about 513 GB for the cache.\n"
    found = _page(tmp_path, text)
    assert found["about 513 GB"].arithmetic == "(570*(GB)) * (1 - (10/100))"
    assert found["about 513 GB"].finding.verdict.holds


def test_a_formula_the_words_chose_that_does_not_hold_gives_way_to_the_pages_own_subtraction(tmp_path):
    """"weights" beside "9.5 GB" made the words choose the weights' formula (14.5 GB): the page subtracted 14.5 from 24."""
    text = "# Fit\n\nMistral 7B has 7.24B parameters. In FP16 its weights take 14.5 GB, so a 24 GB RTX 4090 holds the FP16 weights with 9.5 GB to spare.\n"
    spare = _page(tmp_path, text)["9.5 GB"]
    assert spare.formula is None and spare.arithmetic == "(24*(GB)) - (14.5*(GB))" and spare.worked_out
    assert spare.finding.verdict.holds and "in place of weight_bytes" in spare.evidence[1]


def test_a_count_the_page_sets_by_name_is_an_operand(tmp_path):
    """"TP=4" is no claim, but 145.4 GB over it is the 36.4 GB each GPU holds."""
    text = "# Sharding\n\nIn BF16 the weights are 145.4 GB, so we shard them with TP=4, which puts 36.4 GB on each GPU.\n"
    each = _page(tmp_path, text)["36.4 GB"]
    assert each.arithmetic == "(145.4*(GB)) / 4" and each.finding.verdict.holds


def test_a_number_a_later_sum_in_its_sentence_takes_as_an_operand_is_that_sums_input(tmp_path):
    """"32,768 tokens need 327,680 × 32,768 ≈ 10.7 GB": the 32,768 is what the sum multiplies, no capacity to check."""
    text = ("# Llama 3 70B\n\nThe KV cache per token is $2 \\cdot 80 \\cdot 8 \\cdot 128 \\cdot 2 = 327{,}680$ bytes, so\n"
            "$32{,}768$ tokens need $327{,}680 \\times 32{,}768 \\approx 10.7\\,\\text{GB}$.\n")
    found = _page(tmp_path, text)
    assert not found["32,768 tokens"].proposed and "operand of the sum" in found["32,768 tokens"].evidence[0]
    assert found["≈ 10.7 GB"].arithmetic == "327680 * 32768" and found["≈ 10.7 GB"].finding.verdict.holds


def test_a_unit_in_latex_text_with_a_space_inside_its_braces_is_the_numbers_unit(tmp_path):
    """"= 291.49 \\text{ TFLOPs}" closes a chain of conversions: the number is 291.49e12 FLOPs, not a bare 291.49."""
    text = "# Prefill\n\n$$\\begin{align}\n&\\approx 2.9149 \\times 10^{14}\\\\\n&= 291.49 \\times 10^{12}\\\\\n&= 291.49 \\text{ TFLOPs}\n\\end{align}$$\n"
    found = _page(tmp_path, text)
    last = next(p for s, p in found.items() if s.startswith("291.49") and "TFLOPs" in s)
    assert last.finding is None or last.finding.verdict.holds


def test_a_words_formula_only_a_storage_format_paired_with_another_slip_explains_is_held_back():
    """Two guesses on top of the words' guess: "32 heads for 8 and a 0.625-byte cache" meets a 1.25x miss by chance.
    "32 heads for 8 and GiB printed as GB" is how pages go wrong, and a rounding paired with a slip too."""
    from auditor.claims.verdicts import Verdict
    from auditor.scan.proposals import coincident_pair

    def finding(*kinds):
        return SimpleNamespace(verdict=Verdict.MISMATCH, diagnoses=[SimpleNamespace(kind=k) for k in kinds])

    words = SimpleNamespace(formula="kv_read_time")
    assert coincident_pair(finding("swap+dtype"), words).startswith("held back")
    assert coincident_pair(finding("dtype+dtype", "swap+dtype"), words).startswith("held back")
    assert coincident_pair(finding("swap+unit"), words) == ""
    assert coincident_pair(finding("dtype+rounding"), words) == ""
    assert coincident_pair(finding("swap+dtype", "unit"), words) == ""
    assert coincident_pair(finding("swap+dtype"), SimpleNamespace(formula=None)) == ""  # a printed sum is the page's own


CARRIED = r"""# The cache of one request

For a model with 40 layers, 8 KV heads and head dimension 128 in FP16, the cache of T tokens is

$$\text{cache} = 2 \times 40 \times 8 \times 128 \times T \times 2 = 163{,}840 \times T \text{ bytes}$$

At the end of a long conversation (T = 6,100):

$$\text{cache} \approx 999 \text{ MB}$$
"""


def test_a_result_carried_with_a_name_keeps_its_unit_and_a_value_set_for_the_name_is_an_operand(tmp_path):
    """163,840 bytes a token, times the T = 6,100 the page sets: 999.4 MB. A line that ends in a colon leads
    into its display; it is no heading, so the sum above it stays in the number's section."""
    found = _page(tmp_path, CARRIED)
    per_token = next(p for k, p in found.items() if k.startswith("163,840"))
    assert per_token.unit == "bytes" and per_token.finding.verdict.holds
    cache = next(p for k, p in found.items() if k.endswith("999 MB"))
    assert cache.arithmetic == "(163840*(bytes)) * 6100"
    assert cache.finding.verdict.holds


def test_a_short_line_ending_in_a_colon_is_not_a_heading():
    from auditor.scan.propose import HEADING

    assert [m.group(0).strip() for m in HEADING.finditer("Intro text.\n\nThe setup\n\nAt the end (T = 6,100):\n\nmore\n")] == ["The setup"]


def test_a_bare_sum_read_in_its_results_unit_is_not_copied_to_a_printing_in_another_unit(tmp_path):
    """"241.9 × 5.5 = 1,330 ms" is read in milliseconds; its "(1.3 seconds)" would read the same sum in seconds.
    The bracket converts the printed result instead, milliseconds into seconds, and that holds."""
    found = _page(tmp_path, "# Prefill\n\nThe wait is `TTFT = 241.9 × 5.5 = 1,330 ms (1.3 seconds)` at ten users.\n")
    assert found["1,330 ms"].arithmetic == "241.9 * 5.5" and found["1,330 ms"].finding.verdict.holds
    seconds = found["1.3 seconds"]
    assert seconds.arithmetic == "(1330*ms)" and seconds.finding.verdict.holds


BARE_AGAIN = """# The machine number

For an H100 that number is `990 ÷ 3.35 ≈ 295 flops per byte`.

### What 295 means

The tensor cores could do 29 more.
"""


def test_a_bare_number_just_after_the_same_digits_with_a_unit_prints_that_number_again(tmp_path):
    """"What 295 means" under "≈ 295 flops per byte" is the quotient again, read in flops per byte; a number two
    figures long is recognised by its digits nowhere."""
    found = _page(tmp_path, BARE_AGAIN)
    again = found["295"]
    assert again.arithmetic == "990 / 3.35" and again.unit == "flops per byte"
    assert again.evidence[0] == "restates the number worked out at line 3" and again.finding.verdict.holds
    assert not found["29"].proposed


@pytest.mark.parametrize(("sentence", "derived"), [
    ("The card's roof is 70 TFLOPS BF16 and 600 GB/s, so `I_peak ≈ 117`.", True),  # FLOPs per byte, printed bare
    ("The card's roof is 70 TFLOPS BF16 and 600 GB/s, so we ran 117 trials.", False),  # no word of an intensity
])
def test_a_ridge_point_printed_bare_is_the_pages_quotient_in_flops_per_byte(tmp_path, sentence, derived):
    found = _page(tmp_path, f"# Setup\n\n{sentence}\n")
    number = next(p for s, p in found.items() if "117" in s)
    assert (number.arithmetic == "(70*(TFLOPS)) / (600*(GB/s))") == derived
    assert not derived or number.finding.verdict.holds


def test_a_sum_on_a_figure_a_formula_flags_carries_the_slip(tmp_path):
    """Llama-3-70B's fp16 cache of 8,192 tokens is 2.68e9 bytes (2.5 GiB, printed as GB). "50 × 2.5 GB = 125 GB"
    holds on the printed figure, but carries the slip: fifty such caches are 134.2 GB."""
    from test_scan import scanned_text

    page = ("# KV\n\nFor Llama-3-70B in fp16, an 8k-token conversation keeps 2.5 GB of KV cache.\n\n"
            "Fifty such conversations: 50 × 2.5 GB = 125 GB.\n")
    total = scanned_text(tmp_path, page)["125 GB"]
    assert "the slip there is carried here" in " ".join(total.evidence)
    assert not total.finding.verdict.holds and abs(float(total.finding.computed_base) - 50 * 2 * 80 * 8 * 128 * 2 * 8192) < 1


def test_a_share_its_sentence_names_is_the_quotient_of_two_numbers_beside_it(tmp_path):
    """166 / 208 = 79.8%: "~80% MBU" is that quotient. Printed to one figure, it is too likely a coincidence for the
    general search; its words (MBU) and its two numbers in one sentence make it the page's share. Two percents
    multiplied are no share: "82% and 71% ... 58% of peak" is left alone."""
    from test_scan import scanned_text

    page = ("# Decode\n\nBatch 1: 166 tok/s vs ~208 tok/s bandwidth ceiling (~80% MBU).\n\n"
            "The runs reach 82% and 71% of peak, and the third 58% of peak.\n")
    found = scanned_text(tmp_path, page)
    assert found["~80%"].arithmetic == "(166*(tok/s)) / (208*(tok/s))" and found["~80%"].finding.verdict.holds
    assert found["58%"].arithmetic is None


def test_a_ratio_its_sentence_compares_is_the_quotient_of_two_numbers_beside_it(tmp_path):
    """14 GB over 3.5 GB is 4: "4x less" to move, in the sentence that prints both sizes."""
    from test_scan import scanned_text

    page = "# Quantizing\n\nGoing from 14 GB of FP16 weights to 3.5 GB of INT4 moves 4x less data per token.\n"
    ratio = scanned_text(tmp_path, page)["4x"]
    assert ratio.arithmetic == "(14*(GB)) / (3.5*(GB))" and ratio.finding.verdict.holds


def test_a_percent_its_sentence_calls_a_saving_is_one_less_the_smaller_over_the_larger(tmp_path):
    """Going from 64 KV heads to 8 cuts the cache by 87.5%: 1 - 8 / 64."""
    from test_scan import scanned_text

    page = "# GQA\n\nSharing 64 KV heads down to 8 cuts the cache by 87.5%, at the same context.\n"
    saving = scanned_text(tmp_path, page)["87.5%"]
    assert saving.arithmetic == "1 - 8 / 64" and saving.finding.verdict.holds


@pytest.mark.parametrize(("line", "number", "derived"), [
    # 140 GB / 2 TB/s = 70 ms: two figures, both on the number's line
    ("At 2 TB/s bandwidth, 140 GB of weights is a minimum 70ms per token.", "70ms per token", "(140*(GB)) / (2*(TB/s))"),
    # 32 / 4 = 8: one figure, which two numbers a paragraph away would meet by chance
    ("Each request can reserve up to ~4GB of KV cache, so a 32GB cache holds 8 requests at once.", "8", "(32*(GB)) / (4*(GB))"),
])
def test_two_numbers_on_the_numbers_own_line_give_it_at_the_share_bound(tmp_path, line, number, derived):
    """A short number from two others on its own line is the page's step: the line's few numbers are all the
    combinations there are, so the looser share bound applies; the same two numbers in another paragraph do not count."""
    found = _page(tmp_path, f"# Step\n\n{line}\n")
    assert found[number].arithmetic == derived and found[number].finding.verdict.holds
    setup, _, rest = line.partition(number.split()[0])
    apart = _page(tmp_path, f"# Step\n\n{setup}many.\n\nElsewhere, with other inputs, it is {number}{rest}\n")
    assert apart[number].arithmetic is None


def test_a_sum_that_carries_a_slip_names_it_among_its_causes(tmp_path):
    """2.5 GB is Llama-3-70B's 8k-token fp16 cache, 2.68e9 bytes, printed in GiB; "2.5 GB + 4 GB = 6.5 GB" is then
    6.68 GB, and no slip of its own explains the miss: its cause is the one it carries, named with where it was made."""
    page = ("# KV\n\nFor Llama-3-70B in fp16, an 8k-token conversation keeps 2.5 GB of KV cache.\n\n"
            "With 4 GB of adapters beside it: 2.5 GB + 4 GB = 6.5 GB.\n")
    total = _page(tmp_path, page)["6.5 GB"]
    carried = [d for d in total.finding.diagnoses if d.description.startswith("carried from line 3")]
    assert not total.finding.verdict.holds and carried and carried[0].parts == ("GiB printed as GB",)


WORKED_ABOVE = """# KV cache of a 7B model

### Llama-style 7B

Per token across all layers:

```
16,384 x 32 = 524,288 bytes (512 KB)
```

For 1024 tokens: **{printed}**

The next paragraph says something else entirely.
"""


def test_a_product_that_lands_on_the_number_through_a_unit_slip_is_its_working_and_names_the_slip(tmp_path):
    """524,288 bytes a token times 1024 tokens is 536,870,912 bytes: 512 MiB, printed "512 MB". The line set apart
    under the working opens no section of its own, so the working above it is in reach; the product misses by exactly
    the factor MiB and MB stand apart, so it is the number's working and the miss is that slip."""
    found = _page(tmp_path, WORKED_ABOVE.format(printed="512 MB"))["512 MB"]
    assert found.arithmetic == "(524288*(bytes)) * (1024*(tokens))"
    assert found.finding.verdict.value == "mismatch" and any("MiB printed as MB" in d.parts for d in found.finding.diagnoses)
    holds = _page(tmp_path, WORKED_ABOVE.format(printed="537 MB"))["537 MB"]
    assert holds.arithmetic == "(524288*(bytes)) * (1024*(tokens))" and holds.finding.verdict.holds


def test_a_slip_never_joins_cells_of_other_rows_of_a_table_of_measurements(tmp_path):
    """4.1 GB and 5.8 GB in the rows above add to 9.9 GB, which is 9.2 GiB: a column of measured peaks lands near a
    third through a slip by chance, so the third is not priced as their sum."""
    table = ("# Benchmarks\n\n| Model | Context | Max VRAM |\n|---|---|---|\n| 4B | 2K | 4.1 GB |\n| 4B | 8K | 5.8 GB |\n"
             "| 12B | 2K | 9.2 GB |\n")
    found = _page(tmp_path, table)["9.2 GB"]
    assert found.arithmetic is None and found.finding is None


def test_a_percent_faster_in_a_table_row_is_what_the_larger_figure_gains_over_the_smaller(tmp_path):
    """"| 8 | 718.6 tok/s | 770.2 tok/s | 1.07× | 7% faster |": 770.2 / 718.6 - 1 = 7.2%, the row's own two rates, even
    where the table's arithmetic reads them as its inputs. Two numbers that happen to give a third are the page's
    working only where they hold, so "700% faster" for 760% is left unpriced, never accused by a coincidence."""
    table = ("# Speed-up\n\n| Batch | Without | With | Speedup | Gain |\n|---|---|---|---|---|\n"
             "| 8 | 718.6 tok/s | 770.2 tok/s | 1.07× | 7% faster |\n| 16 | 712.4 tok/s | 1,613.5 tok/s | 2.26× | 126% faster |\n"
             "| 32 | 710.7 tok/s | 3,123.8 tok/s | 4.40× | 340% faster |\n| 64 | 721.6 tok/s | 6,203.5 tok/s | 8.60× | 700% faster |\n")
    found = _page(tmp_path, table)
    assert found["7%"].arithmetic == "(770.2*(tok/s)) / (718.6*(tok/s)) - 1" and found["7%"].finding.verdict.holds
    assert found["340%"].arithmetic == "(3123.8*(tok/s)) / (710.7*(tok/s)) - 1" and found["340%"].finding.verdict.holds
    assert found["700%"].arithmetic is None and found["700%"].finding is None


BUDGET_LINES = """# Sizing one replica

Weights come to 140 GB in BF16. The cache for fifty users needs 104 GB, activations take 28 GB and the runtime's
own overhead 15 GB. Altogether that is 287 GB, which takes `ceil(287 / 80) = 4` cards of 80 GB.
"""


def test_a_total_of_the_like_figures_printed_just_before_it_is_their_sum(tmp_path):
    """140 + 104 + 28 + 15 = 287 GB: no pair of them gives it, the four in a row do; and the ceiling a page rounds a
    card count up with is a function the parser evaluates, not a name the page leaves unset."""
    found = _page(tmp_path, BUDGET_LINES)
    total = found["287 GB"]
    assert total.arithmetic == "(140*(GB)) + (104*(GB)) + (28*(GB)) + (15*(GB))" and total.finding.verdict.holds
    assert "140 GB, 104 GB, 28 GB and 15 GB" in total.evidence[0]
    assert found["4"].arithmetic == "ceil(287 / 80)" and found["4"].finding.verdict.holds


def test_a_total_the_figures_do_not_add_up_to_is_left_alone(tmp_path):
    """287 is the sum; 297 is no run of the four: the search does not accuse a total it cannot reproduce."""
    found = _page(tmp_path, BUDGET_LINES.replace("287 GB", "297 GB"))
    assert found["297 GB"].arithmetic is None and found["297 GB"].finding is None


def test_a_line_that_names_its_figure_a_total_adds_the_two_figures_just_above(tmp_path):
    """"Total: ~5 TB" under "Weights: 1.6 TB" and "Optimizer: 3.2 TB" is their sum (4.8 TB, rounded to one figure):
    a figure printed that coarsely lands near too many pairs to be read as one, unless its line says it is a total."""
    text = "# One checkpoint\n\n```\nWeights: 1.6 TB\nOptimizer: 3.2 TB\n{label}: ~5 TB\n```\n"
    total = _page(tmp_path, text.format(label="Total"))["~5 TB"]
    assert total.arithmetic == "(1.6*(TB)) + (3.2*(TB))" and total.finding.verdict.holds
    assert _page(tmp_path, text.format(label="Peak"))["~5 TB"].arithmetic is None


def test_what_is_left_after_the_later_figures_is_the_first_less_the_rest(tmp_path):
    """80 GB less 35 GB of weights and 7 GB of activations leaves 38 GB: the first figure of the run less the others."""
    found = _page(tmp_path, "# Free memory\n\nThe card has 80 GB. Loading the weights takes 35 GB and the warm-up pass 7 GB of"
                            " activations, so the pool that is left is 38 GB.\n")
    assert found["38 GB"].arithmetic == "(80*(GB)) - (35*(GB)) - (7*(GB))" and found["38 GB"].finding.verdict.holds


def test_a_bill_of_parts_in_dollars_adds_up_though_a_dollar_has_no_dimensions(tmp_path):
    """$1,600 + $700 + $200 + $150 + $150 = $2,800 under "Total": dollars are a unit of their own, and counts printed
    among them (24 GB, 64 GB, 850 W) are not added in."""
    text = ("# Workstation\n\n```\nGPU 24GB      $1,600\nCPU 16 cores  $700\nRAM 64GB      $200\nDisk 2TB      $150\n"
            "PSU 850W      $150\nTotal:        $2,800\n```\n")
    found = _page(tmp_path, text)
    total = next(p for k, p in found.items() if "2,800" in k)
    assert total.arithmetic == "1600 + 700 + 200 + 150 + 150" and total.finding.verdict.holds


YEARLY_BILL = """# Cloud bill

```
Compute: 3 × $32.77 × 24 × 365 = {compute}/year
Egress:  ~$2/GB × 500GB = $1,000/month = $12,000/year
Storage: $0.12/GB × 500GB = $60/month = $720/year
Support:                               $1,000/year
TOTAL YEAR 1:      {total}

Three years:
  Year 1: {total}
  3-YEAR TOTAL: 3 × {total} = {three}
```
"""


def test_a_total_printed_as_a_plain_price_adds_a_bills_lines_priced_per_year(tmp_path):
    """$861,196 + $12,000 + $720 + $1,000 per year is $874,916 in the year the total names: the monthly figures on the
    lines are their working, not more lines of the bill."""
    found = _page(tmp_path, YEARLY_BILL.format(compute="$861,196", total="$874,916", three="$2,624,748"))
    total = next(p for k, p in found.items() if k.startswith("874,916"))
    assert total.arithmetic == ("((861196*(USD/year)) + (12000*(USD/year)) + (720*(USD/year)) + (1000*(USD/year))) * (1*year)")
    assert total.finding.verdict.holds


def test_a_bills_total_carries_the_slip_of_a_line_whose_sum_does_not_hold_and_passes_it_on(tmp_path):
    """3 × 32.77 × 24 × 365 is $861,196, not the $361,656 printed: the total adds the printed figure, so it is checked
    at what the line really gives ($874,916), and so is the three-year total worked from it; each names where the
    slip came from."""
    found = _page(tmp_path, YEARLY_BILL.format(compute="$361,656", total="$375,376", three="$1,126,128"))
    total = next(p for k, p in found.items() if k.startswith("375,376"))
    assert "861195.6*(USD/year)" in total.arithmetic and not total.finding.verdict.holds
    assert float(total.finding.computed_base) == pytest.approx(874_915.6)
    three = next(p for k, p in found.items() if k.startswith("1,126,128"))
    assert not three.finding.verdict.holds and float(three.finding.computed_base) == pytest.approx(3 * 874_915.6)
    assert any("carried" in e for e in three.evidence)


def test_a_line_that_holds_passes_its_printed_figure_on_unchanged(tmp_path):
    """Every line holds: the totals are the page's own arithmetic, checked on the figures it printed."""
    found = _page(tmp_path, YEARLY_BILL.format(compute="$861,196", total="$874,916", three="$2,624,748"))
    three = next(p for k, p in found.items() if k.startswith("2,624,748"))
    assert three.finding.verdict.holds and "carried" not in " ".join(three.evidence)


def test_a_row_total_adds_its_own_rows_cells_not_the_column_above(tmp_path):
    """| 70 GB | 52 GB | 28 GB | 150 GB |: the row's own figures add up to its total; the rows above are other setups."""
    text = ("# Budgets\n\n| setup | weights | cache | other | total |\n|---|---|---|---|---|\n"
            "| FP16 | 140 GB | 104 GB | 43 GB | 287 GB |\n| FP8 | 70 GB | 52 GB | 43 GB | 165 GB |\n")
    found = _page(tmp_path, text)
    assert found["165 GB"].arithmetic == "(70*(GB)) + (52*(GB)) + (43*(GB))" and found["165 GB"].finding.verdict.holds


AHEAD = """# KV caching at batch 93: a 10.73x speedup

The headline: caching made decoding 10.73x faster at batch 93, and the card's 3.35 TB/s was the limit throughout.

## How the speedup was measured

Without the cache the batch ran at 843.8 tok/s; with it, at 9,055.8 tok/s.
The speedup is `9,055.8 / 843.8 = 10.73x`.

## Where the bandwidth comes from

The H100's ridge point is 295 FLOP/byte at 989 TFLOP/s, so its bandwidth is `989 / 295 ≈ 3.35 TB/s`.
"""


def _audited(tmp_path, text: str) -> list:
    """Every located number of ``text`` as a Markdown page, in page order, audited, with its line: a page printing
    one number twice."""
    from auditor.documents.locate import Document
    from test_scan_figures_in_context import _located

    located = _located(tmp_path, text)
    document = Document.read(tmp_path / "page.md")
    return [(document.position(p.raw[0])[0], p) for p in located]


def test_a_number_stated_ahead_of_its_working_takes_the_claim_worked_out_below(tmp_path):
    """The title's and the lead's 10.73x are the quotient printed a section below: each takes that sum's claim,
    as a later printing takes one worked out above."""
    ahead = [p for line, p in _audited(tmp_path, AHEAD) if "10.73x" in p.stated and line < 8]
    assert len(ahead) == 2 and all(p.arithmetic == "9055.8 / 843.8" for p in ahead)
    assert all(p.evidence[0] == "restates the number worked out at line 8" and p.finding.verdict.holds for p in ahead)


def test_a_cards_own_figure_stated_ahead_is_an_input_not_a_claim_worked_out_below(tmp_path):
    """The card's 3.35 TB/s, named the H100 and recovered from its ridge point only below, was the page's input all
    along: the H100's sheet says so."""
    first, = [p for line, p in _audited(tmp_path, AHEAD) if "3.35 TB/s" in p.stated and line == 3]
    assert first.arithmetic is None and first.formula is None


def test_a_repeat_printed_with_its_own_unit_keeps_it_over_the_unit_its_first_took_from_a_header(tmp_path):
    """A "736" under "Total (ms)" worked out as 317 + 419 in its row, then "736 ms" in a sentence: the same claim,
    audited with the unit it prints (not "736 ms ms")."""
    page = ("# Timing\n\n| Config | Prefill (ms) | Decode (ms) | Total (ms) |\n|---|---|---|---|\n| Baseline | 317 | 419 | 736 |\n"
            "| Drafted | 317 | 404 | 721 |\n| Cached | 120 | 404 | 524 |\n\nThe saving is small against a 736 ms sample.\n")
    again = [p for line, p in _audited(tmp_path, page) if line == 9 and p.stated == "736 ms"]
    assert again and again[0].arithmetic is not None and again[0].finding is not None and again[0].finding.verdict.holds


def test_a_figure_over_its_own_twin_is_no_working_of_a_one(tmp_path):
    """"0.90 ... 0.90 ... 1.00x": any figure over an equal one is 1, so a "1.00x" is not derived from two of them."""
    found = _page(tmp_path, "# Ratio\n\nThe draft scores 0.90 and the target 0.90, so the ratio is 1.00x at this threshold.\n")
    assert found["1.00x"].arithmetic is None


@pytest.mark.parametrize(("line", "stated", "arithmetic"), [
    ("**Result**: +2x speedup (242 -> 530 tok/s at position 1)", "2x", "530 / 242"),
    ("**Result**: +3.5% (1.904ms -> 1.838ms)", "3.5%", "1 - 1.838 / 1.904"),  # holds as printed, the gain (3.59%) only by rounding
    ("Today's decline is 41% (160.2 → 94.6).", "41%", "1 - 94.6 / 160.2"),
])
def test_a_change_followed_by_the_two_figures_it_compares_is_their_ratio(tmp_path, line, stated, arithmetic):
    found = _page(tmp_path, f"# Results\n\n{line}\n")
    assert found[stated].arithmetic == arithmetic and found[stated].finding.verdict.holds


def test_a_change_its_two_figures_do_not_give_is_left_alone(tmp_path):
    """242 -> 530 is 2.19 times: a "+3x" is no reading of that pair, and is not accused either."""
    found = _page(tmp_path, "# Results\n\n**Result**: +3x speedup (242 -> 530 tok/s at position 1)\n")
    assert found["3x"].arithmetic is None and found["3x"].finding is None


def test_a_share_column_is_its_lines_figure_over_the_total_line(tmp_path):
    """"| Weights | 140 GB | 82% |" over "| Total | 170 GB | 100% |": each share is its line's size over the total's, the
    table's own arithmetic in every line. A rule through one figure must hold in every line, so a table where one
    share breaks it (8% for 10 GB of 170) gives no rule, and no share is accused on it."""
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    def shares(activations: str) -> dict:
        page = tmp_path / "budget.md"
        page.write_text("# Budget\n\n| Component | Size | Share |\n|---|---|---|\n| Weights | 140 GB | 82% |\n| KV cache | 20 GB | 12% |\n"
                        f"| Activations | 10 GB | {activations} |\n| Total | 170 GB | 100% |\n", encoding="utf-8")
        document = Document.read(page)
        project = Project.load(Path(__file__).resolve().parent.parent)
        proposals = Scanner(document, project).proposals()
        audit_proposals(proposals, document, project)
        return {p.stated: p for p in proposals if p.stated.endswith("%")}

    right = shares("6%")
    assert all(right[s].proposed and right[s].finding.verdict.holds for s in ("82%", "12%", "6%"))
    assert "Total" in " ".join(right["6%"].evidence) or "k = 170 GB" in " ".join(right["6%"].evidence)
    broken = shares("8%")
    assert all(p.finding is None or p.finding.verdict.holds for p in broken.values())


def test_a_cell_is_the_same_quantity_as_a_cell_before_it_in_another_unit(tmp_path):
    """Under "bytes", "GB" and "GiB", a row's 166.9 and 155.4 are its 166,886,718,583 bytes converted, and hold; a
    "GB" cell that is the bytes in GiB (15.0 for 16,106,127,360) is that conversion with its label slipped, and the
    slip is named; a cell no unit of the row reaches (712.5 GiB for 753,375,793,584 bytes, 701.6) is left unpriced."""
    found = _page(tmp_path, "# Sizes\n\n| model | bytes | GB | GiB |\n|---|---|---|---|\n| a | 166,886,718,583 | 166.9 | 155.4 |\n"
                            "| b | 16,106,127,360 | 15.0 | 15.00 |\n| c | 753,375,793,584 | 753.4 | 712.5 |\n")
    for stated in ("166.9", "155.4", "15.00", "753.4"):
        assert found[stated].arithmetic is not None and found[stated].finding.verdict.holds, stated
    assert found["166.9"].arithmetic == "(166886718583*(bytes))"
    slipped = found["15.0"].finding
    assert slipped.verdict.name == "MISMATCH" and any("GiB printed as GB" in d.parts for d in slipped.diagnoses)
    assert found["712.5"].arithmetic is None and found["712.5"].finding is None


def test_a_ratio_before_two_figures_it_compares_reads_a_unit_and_its_plural_as_one(tmp_path):
    """"2x memory reduction (2 bytes → 1 byte)": bytes and byte are one unit, so the pair gives the ratio."""
    found = _page(tmp_path, "# Formats\n\n- 2x memory reduction (2 bytes → 1 byte)\n")
    assert found["2x"].arithmetic is not None and found["2x"].finding.verdict.holds


def test_a_column_of_items_sizes_is_no_working_of_one_another_but_a_label_and_value_list_is(tmp_path):
    """"| AX102 | 24 | 256 GB |" under two rows of 128 GB: powers of two add up to one another by chance, so no cell of a
    column of items is the sum of the others; "| Total VRAM | 96 GB |" under "| GPUs | 2 |" and "| VRAM per GPU |
    48 GB |" is a worked list, read down its one column."""
    items = ("# Servers\n\n| Server | Cores | RAM | Price |\n|---|---|---|---|\n| AX52 | 12 | 128 GB | $82 |\n"
             "| AX62 | 16 | 128 GB | $99 |\n| AX102 | 24 | 256 GB | $154 |\n")
    assert _page(tmp_path, items)["256 GB"].arithmetic is None
    worked = "# Node\n\n| Item | Value |\n|---|---|\n| GPUs | 2 |\n| VRAM per GPU | 48 GB |\n| Total VRAM | 96 GB |\n"
    total = _page(tmp_path, worked)["96 GB"]
    assert total.arithmetic is not None and total.finding.verdict.holds


@pytest.mark.parametrize("sentence, ratio, derived", [
    ("Using 8 KV heads in place of 32 is a built-in 4× cut.", "4×", "32 / 8"),
    ("That is a 4× cut, from 32 KV heads down to 8.", "4×", "32 / 8"),
    ("Going from 48 layers to 32 gives a 1.5x smaller model.", "1.5x", "48 / 32"),
])
def test_a_ratio_is_the_quotient_of_two_counts_in_its_own_sentence(tmp_path, sentence, ratio, derived):
    """A printed ratio compares two figures: only their quotients are weighed, so two bare counts beside it suffice."""
    found = _page(tmp_path, f"# Heads\n\n{sentence}\n")
    assert found[ratio].arithmetic == derived and found[ratio].finding.verdict.holds


def test_a_ratio_no_quotient_of_its_sentence_gives_or_among_many_counts_abstains(tmp_path):
    """32 / 8 is 4, not 5: no accusation from a guess. Among five counts, twenty quotients land near any small ratio."""
    wrong = _page(tmp_path, "# Heads\n\nUsing 8 KV heads in place of 32 is a built-in 5× cut.\n")
    assert wrong["5×"].arithmetic is None and wrong["5×"].finding is None
    many = _page(tmp_path, "# Heads\n\nOn 2 nodes of 8 GPUs, 12 users and 48 layers, we saw a 3× gain over 36 ms.\n")
    assert many["3×"].arithmetic is None
    coarse = _page(tmp_path, "# Layers\n\nHalving 64 layers to 32 gives a 2x smaller model.\n")
    assert coarse["2x"].arithmetic is None  # a one-figure 2 is within its band of too many quotients
