"""How the scan reads a page as published: views of Markdown, LaTeX, HTML and MDX, printed sums, and what is not a quantity."""

from __future__ import annotations

import re

from pathlib import Path

import pytest
import yaml

from auditor.documents.locate import Document
from auditor.scan.locate import find_numbers
from auditor.scan.sums import find_sums
from auditor.scan.views import read_view

CASES = yaml.safe_load((Path(__file__).parent / "cases" / "scan_reading.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["views"], ids=[c["name"] for c in CASES["views"]])
def test_a_page_is_read_as_its_reader_sees_it(case):
    view = read_view(case["raw"], case["suffix"])
    flat = " ".join(view.text.split())
    for wanted in case["contains"]:
        assert " ".join(wanted.split()) in flat, flat
    for unwanted in case["lacks"]:
        assert unwanted not in view.text, view.text


@pytest.mark.parametrize("case", CASES["views"], ids=[c["name"] for c in CASES["views"]])
def test_every_character_of_the_reading_points_into_the_file(case):
    view = read_view(case["raw"], case["suffix"])
    assert len(view.origin) == len(view.text)
    assert all(0 <= o < len(case["raw"]) for o in view.origin)
    assert list(view.origin) == sorted(view.origin)


@pytest.mark.parametrize("case", CASES["sums"], ids=[c["text"] for c in CASES["sums"]])
def test_a_printed_sum_is_its_expression_and_its_result(case):
    found = find_sums(case["text"])
    if case["expression"] is None:
        assert found == []
        return
    last = found[-1]
    assert last.expression == case["expression"]
    assert case["text"][last.result_start :].startswith(case["result"])


@pytest.mark.parametrize("case", CASES["noise"], ids=[c["text"] for c in CASES["noise"]])
def test_dates_versions_identifiers_and_parameter_counts_are_not_quantities(case):
    text = case["text"]
    found = [p for p in find_numbers(Document(Path("x.md"), text), []) if text[p.start :].startswith(case["number"])]
    assert bool(found) == case["located"], [p.stated for p in find_numbers(Document(Path("x.md"), text), [])]


def test_a_number_in_html_keeps_its_place_in_the_file():
    raw = "<html><body><p>The <b>cache</b> holds 5.3&nbsp;GB now.</p></body></html>"
    view = read_view(raw, ".html")
    start = view.text.index("5.3")
    assert raw[slice(*view.raw_span(start, start + 3))] == "5.3"


def test_an_html_row_whose_cells_sit_on_lines_of_their_own_is_one_pipe_row():
    raw = ("<table><thead><tr><th>Model</th><th>KV per Token (FP16)</th></tr></thead><tbody>\n  <tr>\n"
           "    <td>Llama-3-8B</td>\n    <td>128 KB</td>\n  </tr>\n</tbody></table>")
    view = read_view(raw, ".html")
    assert re.search(r"\|[ \t]+Llama-3-8B \|[ \t]+128 KB \|", view.text) and raw[slice(*view.raw_span(view.text.index("128"), view.text.index("128") + 3))] == "128"


@pytest.mark.parametrize("suffix", [".md", ".html"])
def test_an_html_row_whose_cell_text_sits_in_a_paragraph_of_its_own_is_one_pipe_row_and_its_next_cell_its_unit(suffix, tmp_path):
    """"<td><p>0.125</p></td><td>MB</td>", each on lines of its own, as a word processor exports a table into a post."""
    from auditor.scan.tables import find_tables, unit_beside

    raw = ("<table>\n  <tr>\n   <td>Memory per token\n   </td>\n   <td><p style=\"text-align: right\">\n0.125</p>\n\n"
           "   </td>\n   <td>MB\n   </td>\n  </tr>\n</table>\n")
    view = read_view(raw, suffix)
    rows = [[c.text.strip() for c in row] for table in find_tables(view.text) for row in table.rows]
    assert rows == [["Memory per token", "0.125", "MB"]]
    at = view.text.index("0.125")
    assert unit_beside(find_tables(view.text), at) == "MB" and raw[slice(*view.raw_span(at, at + 5))] == "0.125"


@pytest.mark.parametrize("suffix", [".md", ".html"])
def test_an_html_tables_first_row_set_in_bold_is_its_header(suffix, tmp_path):
    """"<td><strong>FP8</strong></td>" across the first row, as a word processor exports a header: the row heads the
    table, so each cell below takes its column's format; a bold row further down, or a first row with a plain cell,
    heads nothing."""
    from auditor.scan.tables import find_tables

    def table(first: str) -> str:
        return (f"<table>\n  <tr>\n   <td>{first}\n   </td>\n   <td><strong>FP8</strong>\n   </td>\n  </tr>\n"
                "  <tr>\n   <td>8B\n   </td>\n   <td><strong>8 GB</strong>\n   </td>\n  </tr>\n</table>\n")

    headed = find_tables(read_view(table("<strong>Model Size</strong>"), suffix).text)
    assert [c.text.strip() for c in headed[0].header] == ["Model Size", "FP8"] and len(headed[0].body) == 1
    assert find_tables(read_view(table("Model Size"), suffix).text)[0].header is None


def test_a_word_of_inference_arithmetic_in_chinese_script_is_read_in_english_at_the_same_place():
    """"上下文 L=2048" reads "context L=2048" (units/cjk_words.yaml), spaced, each English character at the Chinese
    word's own; a context written before a letter makes the letter a length, not a layer count."""
    from auditor.audit.project import Project
    from auditor.scan.inputs import find_assignments, symbol_aliases

    raw = "口径：Llama 3.1 8B、BF16、上下文 $L=2048$；权重约 15.0 GB。"
    found = read_view(raw, ".md")
    assert " context " in found.text and " weights " in found.text
    start = found.text.index("context")
    assert raw[slice(*found.raw_span(start, start + len("context")))] == "上下文"
    (length,) = find_assignments(found.text, symbol_aliases(Project.load(Path(".")).catalogue))
    assert length.symbols == {"seq_len"} and length.values == (2048,)


def test_traditional_chinese_spellings_read_as_the_simplified_ones_do():
    """"權重" (weights), "記憶體" (memory), "頻寬" (bandwidth), "快取" (cache): a Taiwanese page's words rank formulas
    as a mainland one's do."""
    raw = "FP8 權重 71 GB；記憶體頻寬 3.35 TB/s；KV 快取每層 4 KiB。"
    found = read_view(raw, ".md")
    assert all(f" {word} " in found.text for word in ("weights", "memory", "bandwidth", "cache"))
    start = found.text.index("weights")
    assert raw[slice(*found.raw_span(start, start + len("weights")))] == "權重"


@pytest.mark.parametrize(
    ("text", "why"),
    [("FLOPs: $3*2h^2 = 6h^2$.", "algebra"), ("the cache takes $4nhb(s+o) = 42,949,672,960$ bytes", "goes on to the left"),
     ("Crossover: $B/2 = 591 \\Rightarrow B_{\\text{H100}} \\approx 1182$.", "an equation solved for B"),
     ("so n * 2 = 8 GB, hence n = 4 GB", "an equation solved for n"),
     ("τ = 35 × B = 35 max-num-batched-tokens chunks of work", "the product said again in words")],
)
def test_a_sum_in_the_pages_letters_is_read_but_not_taken_for_its_whole_sum(text, why):
    """"2h^2" is two times h squared, no quantity; "4nhb(s+o)" multiplies letters the parser cannot read; "B/2 = 591
    ⇒ B ≈ 1182" is an equation the page solves for B, where the 591 is given."""
    sums = find_sums(read_view(text, ".md").text)
    assert sums and all(why in s.unreadable for s in sums)
    assert not any(s.unreadable for s in find_sums("it takes 2 * 80 * 8 * 128 * 2 = 327,680 bytes"))


def test_a_unit_written_in_chinese_script_is_read_in_its_latin_spelling_at_the_same_place():
    """"8.4 毫秒" is 8.4 ms; the replacement's characters point at the unit's own in the file."""
    raw = "每生成一个 token，耗时 $8.4$ 毫秒，实际为 476 微秒的两倍。"
    found = read_view(raw, ".md")
    assert "8.4 ms " in found.text and "476 µs " in found.text
    start = found.text.index("ms")
    assert raw[slice(*found.raw_span(start, start + 2))] == "毫秒"
    assert [n.stated for n in find_numbers(Document(Path("page.md"), found.text), [])][:2] == ["8.4 ms", "476 µs"]


@pytest.mark.parametrize(
    ("text", "stated"),
    [("F(t) ≈ (3.1 × 10^5) t^2 + 1.6 × 10^8", "3.1 × 10^5"), ("the flops grow 64 times, and", "64×"), ("it takes 1.5 times as long", "1.5×"), ("a 40:1 ratio", "40×"), ("8 times 4 is 32", "8")],
)
def test_a_ratio_in_words_or_as_n_to_1_is_a_ratio_a_product_is_not_and_a_power_of_ten_is_one_number(text, stated):
    found = [p.stated for p in find_numbers(Document(Path("x.md"), text), [])]
    assert found[0] == stated, found


@pytest.mark.parametrize(
    ("text", "stated"),
    [("compute grew roughly eightfold since", ["roughly 8×"]), ("it is about five times faster", ["about 5×"]),
     ("would need eight times the cache", ["8×"]), ("twice as fast as bf16", ["2×"]), ("half the size of bf16", ["0.5×"]),
     ("moves a quarter of the bytes", ["0.25×"]), ("doing the same math twice sounds wasteful", []), ("half an hour later", [])],
)
def test_a_ratio_spelled_out_is_located_as_the_n_times_a_reader_takes_it_for(text, stated):
    assert [p.stated for p in find_numbers(Document(Path("x.md"), text), [])] == stated


def test_the_words_beside_a_printed_figure_stop_at_the_next_number():
    from auditor.scan.quantities import written_quantities

    text = "It needs 8 NVIDIA H200 GPUs (141 GB each). We get to ~19.7 GB for model weights and ~65 GB for KV-cache, read each step."
    words = {w.text: w.words for w in written_quantities(text)}
    assert "weight" in words["19.7 GB"] and not {"kv", "cach"} & words["19.7 GB"]
    assert {"kv", "cach"} <= words["65 GB"]
    assert "h200" in words["141 GB"]  # a name's digits are no number


@pytest.mark.parametrize(
    ("text", "count"),
    [("a 70B model on 8 GPUs", 70e9), ("DeepSeek-V3 has 671B total", 671e9), ("we serve 5M users a day", None),
     ("about 115M proc tok/hour", None), ("costs $48 ÷ 115M ≈ $0.42 per million", None), ("2.5M requests", None)],
)
def test_a_suffixed_count_is_a_parameter_count_unless_it_counts_something_else_or_is_a_sums_operand(text, count):
    from auditor.scan.noise import parameter_counts

    found = [value for _, _, value in parameter_counts(text)]
    assert found == ([] if count is None else [count])


def test_a_units_denominator_before_an_equals_sign_is_no_name_the_page_sets():
    """"26.8 TB/s = 2.6 ms" sets no "s" (a sequence length's letter): the s is the unit's; "s = 4096" does."""
    from auditor.audit.project import Project
    from auditor.scan.inputs import find_assignments, symbol_aliases
    from auditor.scan.settings import find_settings

    aliases = symbol_aliases(Project.load(Path(__file__).resolve().parent.parent).catalogue)
    text = "the weights over 26.8 TB/s = 2.6 ms a step"
    assert find_settings(text) == [] and not [a for a in find_assignments(text, aliases) if "seq_len" in a.symbols]
    assert [s.name for s in find_settings("at s = 4096 tokens")] == ["s"]


def test_a_phrase_names_its_value_after_of_and_a_single_word_does_not():
    """"a batch size of 64" sets the batch; "heads of 128 dims" sets no head count."""
    from auditor.audit.project import Project
    from auditor.scan.inputs import find_assignments, symbol_aliases

    aliases = symbol_aliases(Project.load(Path(__file__).resolve().parent.parent).catalogue)
    found = {s for a in find_assignments("at a batch size of 64 the step", aliases) for s in a.symbols}
    assert "batch" in found
    assert not [a for a in find_assignments("8 KV heads of 128 dims each", aliases) if "n_heads" in a.symbols or "n_kv_heads" in a.symbols]


def test_a_lone_number_is_a_conversion_only_right_after_the_last_result():
    """"= 4 GPUs" then "10 adapters × ~700 MB each = 7 GB": the 700 MB is no conversion of 4 GPUs into 7 GB."""
    text = "  1 base model × 4 GPUs = 4 GPUs\n  10 LoRA adapters × ~700 MB each = 7 GB\n"
    assert [text[s.result_start : s.result_start + 4] for s in find_sums(text)] == ["4 GP"]
    chained = "2 * 8 * 128 * 80 = 163840 bytes = 160 KiB"
    assert [(s.expression, s.operators) for s in find_sums(chained)] == [("2 * 8 * 128 * 80", 3), ("(163840*bytes)", 0)]


def test_a_ratio_sign_glued_to_a_result_ends_the_sum():
    """"1.25 ÷ 0.1 = 12.5× the warm read": the sign glued to the result and then a word is the ratio's; "= 16× INT32"
    is sixteen of a thing, and "2048 × L" a product going on, neither a result."""
    text = "A dead TTL pays a fresh write: 1.25 ÷ 0.1 = 12.5× the warm read.\n"
    assert [(s.expression, text[s.result_start : s.result_start + 4]) for s in find_sums(text)] == [("1.25 / 0.1", "12.5")]
    assert find_sums("A 512-bit vector = 16× INT32 lanes.\n") == [] and find_sums("bytes = 2 × 8 × 128 = 2048 × L\n") == []


def test_units_set_equal_to_a_number_are_a_rule_written_out_not_a_sum():
    """"tokens/s = 1000 / TPOT_ms" prints no number before its sign: units named, a conversion rule, nothing to check."""
    assert find_sums("The handy conversion: tokens/s = 1000 / TPOT_ms, in milliseconds.") == []
    assert len(find_sums("Batched: 8 × 25 tokens/s = 200 tokens/s, on one card.")) == 1


@pytest.mark.parametrize(("raw", "suffix"), [
    ("Text\n\n```\nFP32  ####  28 GB\nINT8  #  7 GB\n```\n", ".md"),
    ("<p>Text</p><pre><code>FP32  ####  28 GB\nINT8  #  7 GB</code></pre>", ".html"),
    ("Text\n\n```\n显存  16.8 毫秒 = 1 × 16.8 ms\nINT8  #  7 GB\n```\n", ".md"),
])
def test_each_line_kept_from_a_code_block_is_marked_where_the_reading_holds_it(raw, suffix):
    view = read_view(raw, suffix)
    lines = [view.text[a:b].strip() for a, b in view.code_lines]
    assert len(lines) == 2 and lines[1] == "INT8  #  7 GB" and all("\n" not in line for line in lines)
    assert lines[0].startswith(("FP32", "GPU memory")) and lines[0].endswith(("28 GB", "16.8 ms"))  # whole, after a unit's respelling too


def test_a_code_block_that_works_numbers_gives_its_settings_and_a_program_alone_gives_none():
    """"    seq_len=4096," beside "# → approximately 5.2GB per request!": the keyword arguments a worked example calls
    with are its inputs, and the comment on one says of it ("# float16"); a block of program text alone is not read."""
    worked = ("Text\n\n```python\nprint(kv_cache_size_gb(\n    num_layers=80,\n    seq_len=4096,\n"
              "    dtype_bytes: int = 2  # float16\n))\n# → approximately 5.2GB per request!\n```\n")
    text = read_view(worked, ".md").text
    assert "num_layers=80" in text and "seq_len=4096" in text and "float16" in text and "print(" not in text
    program = "Text\n\n```python\nseq_len = 4096\nbatch = 8\nrun(seq_len, batch)\n```\n"
    assert "4096" not in read_view(program, ".md").text


@pytest.mark.parametrize(("text", "stated"), [
    ("the node serves ~768 output tokens/s at batch 16", "~768 tokens/s"),  # which tokens, then the unit
    ("prefill runs at 14,000 input tokens/s", "14,000 tokens/s"),
    ("we kept 768 outputs in the log", "768"),  # a word that is no qualifier of a unit: no unit taken
])
def test_a_word_that_says_which_of_a_unit_it_counts_does_not_hide_the_unit(tmp_path, text, stated):
    page = tmp_path / "page.md"
    page.write_text(f"# Rates\n\n{text}.\n", encoding="utf-8")
    found = find_numbers(Document.read(page), [])
    assert stated in [p.stated for p in found]


def test_a_step_that_prints_its_numerators_value_and_keeps_the_division_is_a_sum_of_the_numerator():
    """"(2 × 8192 × 80) / 1,073,741,824 = 1,310,720 bytes / 1,073,741,824": A / d = X / d says X is A, so the first
    step's sum is the numerator alone (and 2 × 8192 × 80 is 1,310,720); the next step divides as printed."""
    text = "KV = (2 × 8192 × 80) / 1,073,741,824 = 1,310,720 bytes / 1,073,741,824 ≈ 0.0012 GiB"
    first, second = find_sums(text)
    assert first.expression == "(2 * 8192 * 80)" and text[first.result_start :].startswith("1,310,720 bytes")
    assert second.expression == "(1310720*bytes) / 1073741824"
    plain = find_sums("x = 4096 / 4 = 1024 tokens, then 2048 / 4 = 512 / 2 per head")
    assert [f.expression for f in plain][:1] == ["4096 / 4"]  # no divisor printed again after the result: as printed


def test_a_result_printed_again_in_brackets_in_another_unit_of_its_dimension_is_a_conversion_of_it():
    """"= 3,072 bytes (3 KB)": the bracket right behind the result restates it, however few its figures."""
    text = "2 x 12 x 64 x 2 = 3,072 bytes (3 KB)\n"
    first, second = find_sums(text)
    assert (first.expression, second.expression, second.operators) == ("2 * 12 * 64 * 2", "(3072*bytes)", 0)
    assert text[second.result_start :].startswith("3 KB")
    for other in ("70e9 x 2 = 140 GB (2 GPUs)\n", "2 x 8 = 16 GB (16 GB)\n", "2 x 8 = 16 GB (see below)\n"):
        assert len(find_sums(other)) == 1, other  # another dimension, the same unit, or no number: not a conversion


def test_a_sum_whose_left_part_the_parser_cannot_read_is_not_taken_for_its_right_part():
    """"(2 × 70B params × the prompt)/(16 × 1.97e14 × 0.4) = 0.91 second": the denominator parses alone, but a
    quotient's sign before it says the sum began farther left, so it is not checked as 1.26e15 = 0.91."""
    text = "T_prefill = (2 × 70B params × the prompt)/(16 × 1.97e14 × 0.4) = 0.91 seconds\n"
    (found,) = find_sums(text)
    assert found.expression == "(16 * 1.97e14 * 0.4)" and "goes on to the left" in found.unreadable
    (whole,) = find_sums("T_prefill = (2 × 70e9 × 8192)/(16 × 1.97e14 × 0.4) = 0.91 second\n")
    assert whole.unreadable == "" and whole.expression.startswith("(2 * 70e9")


def test_a_unit_two_spaces_after_its_number_is_its_unit_as_a_latex_fraction_reads():
    """"\\frac{2 \\times 70\\text{B params} \\times 8192 \\text{ tokens}}{...}" reads "8192  tokens": still 8192 tokens."""
    (found,) = find_sums("T_prefill = (2  ×  70B params  ×  8192  tokens)/(16  ×  1.97e14  ×  0.4) = 0.91 seconds\n")
    assert found.expression == "(2 * 70e9 * (8192*tokens))/(16 * 1.97e14 * 0.4)" and found.unreadable == ""


@pytest.mark.parametrize(("line", "ratios"), [
    ("| 2K | ~115 | ~230 | x2 |", ["2×"]),  # a "Change" column prints its ratio sign first
    ("| 4K | ~57 | ~115 | **×2** |", ["2×"]),
    ("Batching gives a speedup of x1.5.", ["1.5×"]),
    ("80 ×2 = 160 and 80 × 2 = 160", []),  # a product's factor
    ("Total: ×80 layers", []),  # a factor of a counted noun
    ("x2 = 5", []),  # a variable
])
def test_a_ratio_printed_sign_first_is_the_ratio_it_reads_as(line, ratios):
    found = find_numbers(Document(Path("page.md"), f"# Ratios\n\n{line}\n"), [])
    assert [p.stated for p in found if p.stated.endswith("×")] == ratios


@pytest.mark.parametrize(("line", "stated"), [
    ("For seq_len=1: 11.3 billion FLOPs", "11.3 billion FLOPs"),  # a scale spelled out before the unit is the number's
    ("For seq_len=100: 1.13 trillion FLOPs", "1.13 trillion FLOPs"),
    ("About 5 million tokens a day", "About 5 million tokens"),
    ("from 1 million users", "1"),  # users are no unit: the scale word stays out
])
def test_a_scale_spelled_out_before_a_unit_is_part_of_the_number(line, stated):
    found = find_numbers(Document(Path("page.md"), f"# Scale\n\n{line}\n"), [])
    assert stated in [p.stated for p in found]


@pytest.mark.parametrize(("line", "stated"), [
    ("- **0.97× (slower)** at batch size 1", "0.97×"),  # a remark in words after a ratio is no bracket of a product
    ("- batch_size=1: 0.97× (slower!)", "0.97×"),  # nor is one that exclaims
    ("speed: 1.07× (transition - small benefit)", "1.07×"),
    ("2× (d_model × layers) = 5", None),  # a product's factor before a bracket that computes
    ("2 × (8192 + 128) = 16,640", None),
])
def test_a_ratio_before_a_remark_in_brackets_is_still_a_ratio(line, stated):
    found = [p.stated for p in find_numbers(Document(Path("page.md"), f"# Ratios\n\n{line}\n"), [])]
    assert (stated in found) if stated else not any(s.endswith("×") for s in found)


def test_a_result_the_next_step_goes_on_from_is_no_result_nor_are_its_leading_digits():
    """"Sum = (249 × 250 / 2) - (49 × 50 / 2)" then "= 31,125 - 1,225" then "= 29,900": the second line rewrites the
    first, so 31,125 is no result of the whole first line (nor is "31", the digits before its comma), only of the
    term it stands for; 29,900 is the rewrite's result."""
    text = "    Sum = (249 × 250 / 2) - (49 × 50 / 2)\n        = 31,125 - 1,225\n        = 29,900 token-attention operations\n"
    found = {text[f.result_start : f.result_start + 6]: f.expression for f in find_sums(text)}
    assert found == {"31,125": "249 * 250 / 2", "1,225\n": "49 * 50 / 2", "29,900": "31125 - 1225"}


@pytest.mark.parametrize("text, worked", [
    ("t = 200 GB / (50 TB/s × 0.50) = 200 GB / 25 TB/s ≈ 8.0 ms", {"25": "((50*(TB/s)) * 0.50)"}),
    ("KV = 4 × 80 × 64 × 128 × 4096 = 4 × 80 × 33,554,432 ≈ 10.7 GB", {"33,554,432": "64 * 128 * 4096"}),
    ("x = 2 × 3 × 4 + 5 × 6 = 24 + 30 = 54", {"24": "2 * 3 * 4", "30": "5 * 6"}),
    ("x = 2 + 3 × 4 = 2 + 12 = 14", {"12": "3 * 4"}),
    ("y = 2 × 3 + 4 = 2 × 7 = 14", {}),  # "3 + 4" is no operand of "2 × 3 + 4": the step regroups, it works out nothing
    ("z = 10 / 2 × 5 = 10 / 10 = 1", {}),  # nor is "2 × 5" of "10 / 2 × 5"
    ("w = 10 - 2 - 3 = 10 - 5 = 5", {}),
    ("v = 2 × a × 4 = 2 × 12 = 24", {}),  # a part with a name in it is no sum of printed numbers
])
def test_a_step_that_works_out_one_part_of_the_link_before_it_prints_that_parts_result(text, worked):
    """"200 GB / (50 TB/s × 0.50) = 200 GB / 25 TB/s": what stands where the bracket stood is the bracket's value, a
    sum the page prints with no sign of its own, and a slip there is the page's as much as one after an "="."""
    *steps, last = find_sums(text)
    assert {text[f.result_start :].split()[0]: f.expression for f in steps} == worked
    assert text[last.result_start :].split()[0] == text.split()[-2 if text.endswith("ms") or text.endswith("GB") else -1]


def test_a_sized_result_the_clause_goes_on_from_with_a_sum_that_reaches_no_sign_is_that_links_result():
    """"(72−16−2 ≈ 54 GB ÷ 0.54 GB)": the division's quotient is printed elsewhere, so 54 GB is the first link's result;
    "= 200 GB / 25 TB/s = 8 ms" goes on to a sign of its own, and "15 GFLOPs / (600 × 10^6 bytes)" on the next line."""
    found = find_sums("| ~100 | KV pool full (72−16−2 ≈ 54 GB ÷ 0.54 GB) |")
    assert [(s.expression, s.relation) for s in found] == [("72-16-2", "≈")]
    chained = "time = 200 GB / (50 TB/s × 0.50) = 200 GB / 25 TB/s = 8 ms"
    assert [s.expression for s in find_sums(chained)] == ["((50*(TB/s)) * 0.50)", "(200*GB) / (25*(TB/s))"]
    lines = "ai = 15 GFLOPs / (600 * 10^6 bytes)\n   = 0.015 TFLOPs / (600 * 10^6 bytes)\n   ≈ 24 FLOPs/byte\n"
    assert [lines[s.result_start : s.result_start + 5] for s in find_sums(lines)] == ["24 FL"]


def test_a_chinese_measure_word_after_a_number_or_a_units_slash_reads_as_what_it_counts():
    """"69 GB ÷ 10.7 GB/條 ≈ 6 條": six conversations of 10.7 GB each, a printed sum the scan can check."""
    raw = "KV 池 69 GB ÷ 10.7 GB/條 ≈ 6 條 32k 對話；8 張 H100"
    found = read_view(raw, ".md")
    assert "GB/sequence " in found.text and "6 sequence " in found.text and "8 card " in found.text
    start = found.text.index("sequence")
    assert raw[slice(*found.raw_span(start, start + len("sequence")))] == "條"
    (quotient,) = find_sums(found.text)
    assert quotient.expression == "(69*GB) / (10.7*(GB/sequence))"
    assert "3 nodes " in read_view("Cenário recomendado (3 nós, 43.5 kW); nós calculamos", ".md").text  # Portuguese nodes, after a number only
    assert "nós calculamos" in read_view("Cenário recomendado (3 nós, 43.5 kW); nós calculamos", ".md").text


def test_a_multiple_written_in_korean_chinese_or_japanese_after_a_number_is_a_ratio():
    """"8배" and "8 倍" are eight times, read as "8×"; "32배치" is a batch of 32, not a multiple; "24세션" counts sessions."""
    found = read_view("KV 캐시는 8배 작고 32배치, 24세션; 缓存减少 8 倍", ".md").text
    assert "8× " in found and "32batch " in found and "24sequence " in found and "8 × " in found


PORTUGUESE = """# Memória do cache KV

Gerando 32.000 tokens em FP16, o cache ocupa cerca de 13,4 GB; o Llama 3.1 cabe numa GPU de 24 GB.

O cache por token é 2 × 32 × 4096 × 2 = 524.288 bytes, ou 0,5 MiB, e 1.073.741.824 bytes fazem 1 GiB.

Com lote de 8, são 8 × 2,15 GB = 17,2 GB.

```
1.5 * 8 = 12.0
```
"""


def test_a_page_that_writes_decimal_commas_is_read_with_its_marks_swapped_and_its_code_as_written():
    """"13,4 GB" is thirteen point four and "32.000 tokens" thirty-two thousand on a page whose prose marks decimals
    with a comma; its code prints a point, as code does in every language, and every character stays in place."""
    found = read_view(PORTUGUESE, ".md")
    assert "32,000 tokens" in found.text and "13.4 GB" in found.text and "0.5 MiB" in found.text
    assert "1,073,741,824 bytes" in found.text and "1.5 * 8 = 12.0" in found.text and "Llama 3,1" in found.text
    start = found.text.index("13.4 GB")
    assert PORTUGUESE[slice(*found.raw_span(start, start + 7))] == "13,4 GB"
    stated = [n.stated for n in find_numbers(Document(Path("pagina.md"), found.text), [])]
    assert "about 13.4 GB" in stated and "524,288 bytes" in stated  # "cerca de": about, as units/translated_words.yaml reads it
    assert [(s.expression, found.text[s.result_start : s.result_start + 4]) for s in find_sums(found.text) if "2.15" in s.expression] == [
        ("8 * (2.15*GB)", "17.2")]


@pytest.mark.parametrize("text", [
    "It holds 1,000 tokens at 13.4 GB, or 2,048 at 0.5 MiB.",  # English: a point for decimals, commas for thousands
    "Qwen2.5 and v0,6 and arxiv.org/abs/2309,06180 and 1,2 and 3,4 and 5,6 against 7.1, 8.2, 9.3 and 10.4.",
    "Only 13,4 GB and 0,5 MiB: two signs are too few to read a page the other way.",
])
def test_a_page_is_read_with_decimal_commas_only_when_its_prose_clearly_writes_them(text):
    """Two commas before one or two digits are a list as often as decimals; names glued to digits say nothing."""
    assert read_view(text, ".md").text == text


@pytest.mark.parametrize(("raw", "read", "written"), [
    ("O modelo tem 7 bilhões de parâmetros e 32 camadas; cerca de 13,4 GB", "7 billion parameters e 32 layers", "bilhões de parâmetros"),
    ("Mô hình 70 tỷ tham số, 80 lớp; bộ nhớ KV mỗi token; tỷ lệ 0.5", "70 billion parameters, 80 layers; memory KV per token; ratio 0.5", "tỷ tham số"),
    ("Ein Modell mit 7 Milliarden Parameter braucht 14 GB Speicher.", "7 billion parameters braucht 14 GB memory", "Milliarden Parameter"),
    ("El modelo tiene 8 mil millones de parámetros y 32 capas.", "8 billion parameters y 32 layers", "mil millones de parámetros"),
])
def test_a_word_of_inference_arithmetic_in_another_language_is_read_in_english_at_the_same_place(raw, read, written):
    """"70 tỷ tham số" reads "70 billion parameters" (units/translated_words.yaml), a whole word in any case; "tỷ lệ"
    is a ratio, not a billion, and a word inside a longer one ("capaz") is left alone."""
    found = read_view(raw, ".md")
    assert read in found.text
    start = found.text.index("billion parameters")
    assert raw[slice(*found.raw_span(start, start + len("billion parameters")))] == written
    assert read_view("Es capaz de servir 4 peticiones.", ".md").text == "Es capaz de servir 4 requests."


def test_korean_and_japanese_words_read_as_the_chinese_ones_do():
    """"가중치" and "重み" (weights), "메모리" and "メモリ" (memory), "토큰당" (per token): units/cjk_words.yaml."""
    korean = read_view("가중치 140 GB, 메모리 80 GB, 토큰당 320 KB", ".md").text
    japanese = read_view("重み 140 GB、メモリ帯域幅 3.35 TB/s", ".md").text
    assert all(f" {w} " in korean for w in ("weights", "memory", "per token"))
    assert all(f" {w} " in japanese for w in ("weights", "memory", "bandwidth"))


@pytest.mark.parametrize(("text", "stated"), [
    ("An 8B 4-bit GGUF takes about 4.5~5 GB on disk.", ["about 4.5~5 GB"]),
    ("The setting moved between 0.90~0.92 over releases.", ["0.90", "0.92"]),
    ("重みは 4〜8GB です。", ["4〜8GB"]),
    ("It takes ~5 GB on disk.", ["~5 GB"]),
])
def test_a_tilde_between_two_numbers_spans_them_and_does_not_make_the_second_approximate(text, stated):
    """"4.5~5 GB" is a span, as "4.5-5 GB" is: its ends are not "about 5 GB", which a 4.0 GB weight would flag."""
    from auditor.base.quantity import parse_stated

    found = [n.stated for n in find_numbers(Document(Path("x.md"), read_view(text, ".md").text), [])]
    assert found == stated
    assert parse_stated("4.5~5 GB").comparator == "range" and parse_stated("~5 GB").comparator != "range"


@pytest.mark.parametrize(("text", "stated"), [
    ("The spread: 8.75 GiB at TP1, 5.88 at TP2, 4.44 at TP4 and 3.72 at TP8.", ["8.75 GiB", "5.88 GiB", "4.44 GiB", "3.72 GiB"]),
    ("Intensity is 0.5 FLOP/byte for float32, 1.0 for float16, 2.0 for int8.", ["0.5 FLOP/byte", "1.0 FLOP/byte", "2.0 FLOP/byte"]),
    ("We ran 8 GPUs at 700 W for 3 hours at a time.", ["8", "700 W", "3 hours"]),
    ("It holds 14 GB at FP16; at FP8 it holds 7 for a batch.", ["14 GB", "7"]),
])
def test_a_bare_number_in_a_list_whose_first_item_prints_the_unit_is_in_that_unit(text, stated):
    """"8.75 GiB at TP1, 5.88 at TP2": the items after the first leave the unit unsaid, told by the same word after
    each; a bare number not listed so ("for 3 hours", "holds 7 for a batch" after a semicolon) is left as printed."""
    assert [n.stated for n in find_numbers(Document(Path("x.md"), text), [])] == stated


@pytest.mark.parametrize(("text", "sums"), [
    ("Overhead ≈ 15% × (14 + 1 + 0.3) = 2.3 GB", [("(15/100) * (14 + 1 + 0.3)", "")]),
    ("x = 5.6 × 20% = 1.12 GB", [("5.6 * (20/100)", "")]),
    ("KV = 2 × 32 × 4096 × 2\n     ≈ 1 GB\nActivations ≈ 0.3 GB\n", [("2 * 32 * 4096 * 2", "")]),
    ("Ví dụ: 32 layers × 8 batch × 3000 frames ≈ 3.93 GB", [("32 * 8 * 3000", "it names the counts")]),
    ("it is 80 layers × 8 heads × 128 × 2 × 2 = 327,680 bytes", [("80 * 8 * 128 * 2 * 2", "")]),
])
def test_a_share_is_a_factor_a_named_line_starts_afresh_and_named_counts_are_no_size(text, sums):
    """"15% × (...)" multiplies by the share; "Activations ≈ 0.3 GB" under "≈ 1 GB" is a line of its own, no conversion
    of the 1 GB; "32 layers × 8 batch × 3000 frames ≈ 3.93 GB" names what a size grows with, not its bytes."""
    assert [(s.expression, s.unreadable[: len(why)]) for s, (_, why) in zip(find_sums(text), sums)] == sums
    assert len(find_sums(text)) == len(sums)


def test_a_configuration_block_reads_each_figure_its_key_names_the_unit_of_and_the_counts_beside_it():
    """'"total_hbm_gb": 2304' in a README's JSON reads "total_hbm_gb: 2304 GB", and '"gpus": 8' beside it a count; a
    block with no such key stays code, unread."""
    block = '# Node\n\n```json\n{\n  "gpus": 8,\n  "hbm_per_gpu_gb": 288,\n  "total_hbm_gb": 2304,\n  "name": "x"\n}\n```\n'
    text = read_view(block, ".md").text
    assert "total_hbm_gb: 2304 GB" in text and "hbm_per_gpu_gb: 288 GB" in text and "gpus: 8" in text
    plain = read_view('# Node\n\n```json\n{\n  "gpus": 8,\n  "port": 8080\n}\n```\n', ".md").text
    assert "8080" not in plain and "gpus" not in plain


def test_a_programs_printed_table_in_a_code_block_is_read_as_a_table():
    """A command's output that lines its columns up two spaces apart ("Devs/node   light  medium" over "80   57,001
    17,031") is a table: each cell is located under its column's header, with the rule a pipe table takes after the
    header, in a Markdown fence and an HTML <pre> alike. Aligned program statements ("x  =  1") are no table."""
    from auditor.scan.tables import find_tables

    output = "Devs/node   light  medium\n---------  ------  ------\n20          never   never\n80         57,001  17,031\n120         5,143   1,662\n"
    for raw, suffix in ((f"# Grid\n\n```\n{output}```\n", ".md"), (f"<html><body><pre>{output}</pre></body></html>", ".html")):
        text = read_view(raw, suffix).text
        assert "| Devs/node | light | medium |\n|---|---|---|" in text and "| 80 | 57,001 | 17,031 |" in text, suffix
        (table,) = find_tables(text)
        assert [c.text.strip() for c in table.header] == ["Devs/node", "light", "medium"] and len(table.body) == 3
    code = read_view("# Code\n\n```python\nbatch_size   = 32\nseq_len      = 4096\nlayers       = 80\n```\n", ".md").text
    assert "|" not in code


def test_a_pipe_table_pasted_in_a_code_block_without_its_outer_pipes_is_read_as_a_table():
    """"Operation | Time (ms) | % Total" ruled with "-----|-----", and a total line under a second rule: a pipe table
    without its outer pipes, read whole with its total, so "45%" is its line's time over the total's."""
    from auditor.scan.tables import find_tables

    block = ("# Profile\n\n```\nApplied: fusion\n\nOperation  | Time (ms) | % Total\n-----------|-----------|--------\n"
             "Attention  | 8.2       | 45%\nFFN        | 10.0      | 55%\n-----------|-----------|--------\nTotal      | 18.2      | 100%\n```\n")
    text = read_view(block, ".md").text
    (table,) = find_tables(text)
    assert [c.text.strip() for c in table.header] == ["Operation", "Time (ms)", "% Total"]
    assert [r[0].text.strip() for r in table.body] == ["Attention", "FFN", "Total"]
