"""The scenario a page sets up around its numbers: a table's rows and headers, a count of devices,
a figure called theoretical, a variant of a named model, and a sheet figure the page rounds."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from auditor.scan.match import find_seq_len, gpu_aliases, find_named
from auditor.scan.tables import column_symbols, header_unit
from test_scan import scanned


def _scanned(path):
    return scanned(path, proposed_only=False)


@pytest.mark.parametrize(
    ("header", "unit"),
    [("Total GB", "GB"), ("GFLOPs", "GFLOPs"), ("Theoretical TFLOPs/s", "TFLOPs/s"), ("Intensity (FLOPs/Byte)", "FLOPs/B"),
     ("KV Cache Memory (GiB)", "GiB"), ("**Latency ms**", "ms"), ("Min", ""), ("KV size", ""), ("Batch Size", ""), ("H100", ""),
     ("Google Cloud USD / hour", "USD/hour"), ("Time per step / ms", "ms"), ("Output tokens / hour", "tokens/hour"),
     # a unit beside a format or the header's symbol in the brackets, or before brackets that hold only a symbol
     ("Compute (TFLOPs, bf16/fp16)", "TFLOPs"), ("HBM BW (β, TB/s)", "TB/s"), ("FP16 TFLOPS (Π)", "TFLOPS"), ("Size (GB, MB)", ""),
     ("Model (7B)", ""), ("FLOPs per Weight", "FLOPs"), ("Bytes per Weight", "B"),
     # two units joined by "per": a quotient in words
     ("GB/s per Watt", "GB/s/Watt"), ("Power (W)", "W"),
     # a ratio named unit to unit; a row label's own quantity ("A100 80 GB") is no unit of its cells
     ("ops:byte", "ops/byte"), ("FLOPs:Byte", "flops/byte"), ("A100 80 GB", ""), ("2× A100 80GB", ""), ("7B 1.58-bit", ""), ("Time: ms", "ms"),
     # a price's header says what it is per: an hour, or a million tokens (read in dollars, as "$0.69/M" is)
     ("$/hr", "USD/hour"), ("Price ($/GPU-hr)", "USD/hour"), ("$/M tokens", "USD"), ("Cost per 1M Output", "USD"), ("Price", ""),
     # a last word after "per" says what each cell is per, not its unit
     ("Memory per token", "")],
)
def test_a_header_prints_its_cells_unit_in_parentheses_or_as_its_last_word(header, unit):
    assert header_unit(header) == unit


def test_a_column_header_names_its_input_by_code_name_or_words_never_by_a_lone_letter():
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.scan.inputs import symbol_aliases

    aliases = symbol_aliases(Project.load(Path(__file__).parents[1]).catalogue)
    assert column_symbols("H (kv_heads)", aliases) == {"n_kv_heads"}
    assert column_symbols("L (seq_len)", aliases) == {"seq_len"}
    assert column_symbols("Batch size", aliases) == {"batch"}
    assert column_symbols("n_layers", aliases) == {"n_layers", "n_kv_layers"}
    assert column_symbols("D (h_dim)", aliases) == frozenset()  # "D" alone could be any width
    assert column_symbols("Total GB", aliases) == frozenset()


GEOMETRY = """# KV cache of one sequence, by geometry

The KV cache of one sequence in fp16 for each geometry:

| Model | kv_heads | head_dim | n_layers | seq_len | Total GB |
|---|---|---|---|---|---|
| Llama-2-7B | 32 | 128 | 32 | 4096 | 2.15 |
| A narrow variant | 8 | 128 | 32 | 4096 | 0.54 |
| Another variant | 8 | 128 | 32 | 4096 | 0.50 |
"""


def test_a_table_row_sets_its_cells_inputs_and_another_rows_model_is_not_the_cells(tmp_path):
    """2 * 32 * 128 * 32 * 2 B * 4096 = 2.15 GB; with 8 KV heads 0.54 GB, which the third row prints in GiB (0.50)."""
    page = tmp_path / "geometry.md"
    page.write_text(GEOMETRY, encoding="utf-8")
    found = _scanned(page)
    first, narrow, wrong = found["2.15"], found["0.54"], found["0.50"]
    assert first.formula == narrow.formula == "kv_bytes_per_sequence_gqa"
    assert first.given.get("model") == "meta-llama/Llama-2-7b-hf" and first.finding.verdict.value == "holds"
    assert "model" not in narrow.given and narrow.given["n_kv_heads"] == 8 and narrow.finding.verdict.value == "holds"
    assert wrong.finding.verdict.value == "mismatch"


@pytest.mark.parametrize(
    ("text", "gpu"),
    [("on 8xTPU v5es", "tpu_v5e"), ("four H100s.", "h100_sxm"), ("8×A100 nodes", "a100_80gb_sxm"), ("the 32H100s but", "h100_sxm"), ("H100 SXMs", "h100_sxm"),
     ("h100sxm", None)],
)
def test_an_accelerator_is_named_with_a_count_glued_on_or_in_the_plural(text, gpu):
    from pathlib import Path

    from auditor.audit.project import Project

    found = find_named(text, gpu_aliases(Project.load(Path(__file__).parents[1]).inputs.gpus))
    assert (found[0][2] if found else None) == gpu


@pytest.mark.parametrize(
    ("text", "length"),
    [("an 8K-token prompt", 8192), ("at 4k context", 4096), ("a 32k prompt", 32768), ("8,192 tokens", 8192), ("context length of 128k", 131072),
     ("An 8k conversation is 2.5 GB", 8192), ("a 128k chat", 131072), ("a 4k window", 4096),
     ("1M Context KV", 1048576), ("a context of 1M", 1048576), ("Reduce context to 2k", 2048),
     ("at 10K context", 10000), ("a 100K context", 100000), ("a 200k-token prompt", 200000),  # no power of two: a round figure
     ("| context_length | 8k (assumed) |", 8192), ("sequence_len = 4k", 4096),  # a settings table's row, a program's name
     ("D and F > 10k", None), ("batch of 64", None), ("8k requests a day", None), ("$1M a year", None)],
)
def test_a_k_count_is_a_context_length_only_beside_a_word_of_context(text, length):
    assert find_seq_len(text) == length


STEP = """# Serving LLaMA 2-13B on a slice

Generating perfectly efficiently in bf16 at batch 1 with a 8192-token context on 8x TPU v5es
takes a theoretical 5.00 ms per decode step.

8x TPU v5es give us 6.5TiB/s of HBM bandwidth (0.82TiB/s each).
"""


def test_a_count_before_the_accelerator_spreads_the_model_and_a_theoretical_figure_is_at_full_efficiency(tmp_path):
    """(26.03e9 B of bf16 weights + 6.71e9 B of KV) / (8 * 819e9 B/s) = 5.00 ms: every chip, no efficiency below one.

    The page's "6.5TiB/s" is the eight chips' sum and its "0.82TiB/s" the sheet's 819 GB/s under a
    binary prefix: the sheet's figure stands for both, so neither prices one chip at 6.5 TiB/s or 0.90 TB/s."""
    page = tmp_path / "step.md"
    page.write_text(STEP, encoding="utf-8")
    step = _scanned(page)["5.00 ms"]
    assert step.formula == "t_step"
    assert step.given["gpu"] == "tpu_v5e" and step.given["n_devices"] == 8
    assert step.given["mbu"] == 1 and step.given["mfu"] == 1
    assert "mem_bandwidth" not in step.given
    assert step.finding.verdict.value == "holds", step.finding.message


def test_a_page_figure_is_the_sheets_when_it_is_the_devices_sum_or_the_sheets_under_a_binary_prefix():
    from auditor.scan.given import sheet_instead

    sheet = SimpleNamespace(value=Fraction(819 * 10**9))
    scanner = SimpleNamespace(project=SimpleNamespace(inputs=SimpleNamespace(gpu_value=lambda gpu, field: sheet)), gpus=[])
    symbol = SimpleNamespace(gpu="memory_bandwidth")

    def written(bytes_per_s):
        return SimpleNamespace(value=Fraction(bytes_per_s), dimensions=(("[information]", 1), ("[time]", -1)))

    eight = {"gpu": "tpu_v5e", "n_devices": 8}
    assert sheet_instead(scanner, symbol, written(6.5 * 2**40), eight)  # 8 chips' sum, printed in TiB/s
    assert sheet_instead(scanner, symbol, written(0.82 * 2**40), {"gpu": "tpu_v5e"})  # 0.82 "TiB/s" for 819 GB/s
    assert not sheet_instead(scanner, symbol, written(0.6e12), {"gpu": "tpu_v5e"})  # another figure: the page's own
    assert not sheet_instead(scanner, symbol, written(0.82e12), {"gpu": "tpu_v5e", "n_devices": 8})  # one chip's
    sheets = {"a100_80gb_sxm": SimpleNamespace(value=Fraction(2039 * 10**9)), "h100_sxm": SimpleNamespace(value=Fraction(3350 * 10**9))}
    both = SimpleNamespace(project=SimpleNamespace(inputs=SimpleNamespace(gpu_value=lambda gpu, field: sheets[gpu])),
                           gpus=[(0, 4, "h100_sxm"), (9, 13, "a100_80gb_sxm")])
    assert sheet_instead(both, symbol, written(3.35e12), {"gpu": "a100_80gb_sxm"})  # the H100's, on a page naming both
    assert not sheet_instead(both, symbol, written(1.6e12), {"gpu": "a100_80gb_sxm"})  # no card's: the page's own


VARIANT = """# A smaller cache for Llama-2-13B

Say the model keeps its 40 query heads but shares {kv} KV heads among them, for 4096-token sequences.

| Batch | 1 | 8 |
| --- | --- | --- |
| KV cache (GB) | 0.67 | 5.37 |
"""


@pytest.mark.parametrize(("kv", "changed"), [(8, {"n_kv_heads": 8}), (40, {})])
def test_a_page_that_changes_a_named_models_count_is_not_priced_with_its_config(tmp_path, kv, changed):
    """8 KV heads of Llama-2-13B's 40 is the page's scenario, which the config does not describe; 40 restates it."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.given import scenario_counts
    from auditor.scan.propose import Scanner

    page = tmp_path / "variant.md"
    page.write_text(VARIANT.format(kv=kv), encoding="utf-8")
    scanner = Scanner(Document.read(page), Project.load(tmp_path))
    cell = next(p for p in scanner.proposals() if p.stated == "0.67")
    assert scenario_counts(scanner, "meta-llama/Llama-2-13b-hf", cell, scanner._scopes(cell)) == changed


def test_what_the_config_derives_from_a_count_the_page_changes_is_derived_anew_with_the_pages_count(tmp_path):
    """8 KV heads for Llama-2-13B's 40: the KV values per token are 2 x 40 layers x 8 x 128, not the config's 2 x 40 x 40 x 128,
    and the parameter count stays the model's."""
    page = tmp_path / "variant.md"
    page.write_text(VARIANT.format(kv=8).replace("sequences.", "sequences, cached in fp16."), encoding="utf-8")
    cell = _scanned(page)["5.37"]
    assert cell.given.get("model") == "meta-llama/Llama-2-13b-hf"
    assert cell.given.get("kv_values_per_token") == 2 * 40 * 8 * 128
    assert not any(name.startswith("n_params") and name in cell.given for name in cell.given if name != "n_params_nominal")
    assert cell.finding.verdict.value == "holds"  # 8 x 4096 x 81,920 x 2 B = 5.37 GB


def test_a_count_written_before_its_name_sets_it():
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.scan.inputs import counted_assignments, symbol_aliases

    catalogue = Project.load(Path(__file__).parents[1]).catalogue
    aliases = symbol_aliases(catalogue)
    counts = {"n_heads", "n_kv_heads", "n_layers", "n_kv_layers"}
    found = counted_assignments("we have 8 KV heads shared over the 40 Q heads in 80 layers, 2 bytes each", aliases, counts)
    assert [(set(a.symbols), a.values) for a in found] == [({"n_kv_heads"}, (8,)), ({"n_heads"}, (40,)), ({"n_layers", "n_kv_layers"}, (80,))]


def test_a_mismatch_a_rounded_sheet_figure_explains_is_held_back_not_flagged():
    """A page computing with 8.2e11 B/s for the sheet's 819 GB/s is exact about its own arithmetic."""
    from auditor.claims.verdicts import Verdict
    from auditor.scan.proposals import sheet_rounding

    rounding = SimpleNamespace(kind="rounding", parts=("mem_bandwidth rounded to 2 significant figures",), description="mem_bandwidth = 819e9 rounded to 820e9")
    nominal = SimpleNamespace(kind="swap+rounding", parts=("n_params <- n_params_nominal", "mem_bandwidth rounded to 2 significant figures"), description="13B for 13.016e9, 820 GB/s for 819")
    slip = SimpleNamespace(kind="unit", parts=("GiB printed as GB",), description="GiB printed as GB")
    swap = SimpleNamespace(kind="swap+rounding", parts=("n_kv_heads <- n_heads", "mem_bandwidth rounded to 2 significant figures"), description="heads")

    def finding(diagnoses, computed=Fraction(49925, 10**7)):
        return SimpleNamespace(verdict=Verdict.MISMATCH, computed_base=computed, stated="4.98 ms", diagnoses=diagnoses)

    proposal = SimpleNamespace(stated="4.98 ms", unit="", page_inputs={}, arithmetic=None, given={})
    assert sheet_rounding(finding([rounding]), proposal).startswith("held back")
    assert sheet_rounding(finding([]), proposal).startswith("held back")  # 0.25% off, no slip: a rounding of its own
    assert sheet_rounding(finding([nominal]), proposal).startswith("held back")  # the name's 13B is a rounding too
    assert sheet_rounding(finding([slip]), proposal) == ""
    assert sheet_rounding(finding([swap]), proposal) == ""
    assert sheet_rounding(finding([], computed=Fraction(46, 10**4)), proposal) == ""  # 8% off: a finding
    assert sheet_rounding(finding([rounding]), SimpleNamespace(stated="4.98 ms", unit="", page_inputs={"mem_bandwidth": "820 GB/s"}, arithmetic=None, given={})) == ""


def test_a_printed_sum_that_misses_by_a_hair_is_the_pages_own_slip_unless_its_result_is_a_round_figure():
    """'12,249 × 262,144 = 3,210,665,856' prints every figure it uses, so a 0.01% miss is the page's; '200 MB' for
    201,326,592 B is a round figure whose zeros the page did not mean as digits."""
    from auditor.claims.verdicts import Verdict
    from auditor.scan.proposals import sheet_rounding

    def held(stated, computed, unit=""):
        finding = SimpleNamespace(verdict=Verdict.MISMATCH, computed_base=Fraction(computed), stated=stated, diagnoses=())
        return sheet_rounding(finding, SimpleNamespace(stated=stated, unit=unit, page_inputs={}, arithmetic="a * b", given={}))

    assert held("3,210,665,856", 3211001856) == ""
    assert held("200 MB", 201326592).startswith("held back")
    assert held("~53,600", 53406) == ""  # qualified: its zeros are already read as a rounding, and it still misses


def test_a_words_formula_that_misses_a_count_printed_to_every_figure_with_no_slip_is_held_back():
    """"29,688,662,589,440 FLOPs" is a count the page worked out by its own model (which positions, which matmuls);
    the catalogue's prefill formula missing it by 15% with no slip is no finding, but "30 TFLOPs" would be one, and so
    would a miss a slip explains."""
    from auditor.claims.verdicts import Verdict
    from auditor.scan.proposals import counted_its_own_way

    def held(stated, diagnoses=(), formula="prefill_flops"):
        finding = SimpleNamespace(verdict=Verdict.MISMATCH, diagnoses=diagnoses)
        return counted_its_own_way(finding, SimpleNamespace(stated=stated, unit="", formula=formula))

    assert held("29,688,662,589,440").startswith("held back")
    assert held("30e12") == "" and held("29.69 TFLOPs") == ""
    assert held("29,688,662,589,440", diagnoses=(SimpleNamespace(parts=("n_kv_heads <- n_heads",)),)) == ""
    assert held("29,688,662,589,440", formula=None) == ""  # a printed sum's miss is the page's own


SHARED_HEADS = """# KV cache per model

| Model (dtype) | heads / h_kv | Per-token KV | KV @ 4k |
| --- | --: | --: | --: |
| Llama-2-70B (FP16) | 64 / 8 | 320 KiB | 1.25 GiB |
| Llama-2-70B, no sharing (FP16) | 64 / 64 | 2.5 MiB | 10 GiB |
"""


def test_a_header_listing_two_inputs_sets_both_from_its_cells_which_are_inputs_not_claims(tmp_path):
    """2 * 80 * 8 * 128 * 2 B = 320 KiB a token; with 64 KV heads, 2.5 MiB."""
    page = tmp_path / "shared.md"
    page.write_text(SHARED_HEADS, encoding="utf-8")
    found = _scanned(page)
    assert "64 / 8" not in found and "64 / 64" not in found  # inputs of the row, not ratios to check
    assert found["320 KiB"].formula == found["2.5 MiB"].formula == "kv_bytes_per_token_gqa"
    assert "n_kv_heads" not in found["320 KiB"].given and found["2.5 MiB"].given["n_kv_heads"] == 64
    assert found["320 KiB"].finding.verdict.value == found["2.5 MiB"].finding.verdict.value == "holds"


def test_a_header_giving_a_context_length_sets_it_for_its_column(tmp_path):
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    page = tmp_path / "shared.md"
    page.write_text(SHARED_HEADS, encoding="utf-8")
    scanner = Scanner(Document.read(page), Project.load(tmp_path))
    text = scanner.view.text
    lengths = {text[a.start : a.start + 8].split(" |")[0]: a.values for a in scanner.assignments if a.symbols == {"seq_len"}}
    assert lengths == {"1.25 GiB": (4096,), "10 GiB": (4096,)}


ROW_DERIVATION = """# Arithmetic intensity of each kernel

| Kernel | GFLOPs | Memory traffic GB | Intensity (FLOPs/Byte) |
| --- | --- | --- | --- |
| Projection | 4.19 | 4.20 | 1.00 |
| Attention | 2.28 | 0.01 | 235 |
"""


def test_a_cell_takes_its_missing_inputs_from_the_cells_of_its_row_by_dimension(tmp_path):
    """4.19 GFLOPs over 4.20 GB is 1.00 FLOP/B; 2.28 over 0.01 is 228, and anything from 152 to 456 at
    the one digit "0.01" prints: the row cannot decide "235", so it is not proposed."""
    page = tmp_path / "intensity.md"
    page.write_text(ROW_DERIVATION, encoding="utf-8")
    found = _scanned(page)
    ratio = found["1.00"]
    assert ratio.formula == "arithmetic_intensity"
    assert ratio.given["work_flops"] == "4.19 GFLOPs" and ratio.given["traffic_bytes"] == "4.20 GB"
    assert ratio.finding.verdict.value == "holds"
    assert not found["235"].proposed and "not decidable" in " ".join(found["235"].evidence)


ROUNDED_STEP = """# Serving LLaMA 2-13B on a slice

Generating perfectly efficiently in bf16 at batch 1 with a 8192-token context on 8x TPU v5es
takes a theoretical 4.98 ms per decode step.
"""


def test_a_glued_count_is_a_setting_and_a_rounding_of_the_pages_own_is_held_back(tmp_path, monkeypatch, run_cli):
    """13e9 * 2 B + 6.71e9 B over 8 * 8.2e11 B/s is 4.98 ms: the page rounded the 13.016e9 and the 819 GB/s."""
    (tmp_path / "step.md").write_text(ROUNDED_STEP, encoding="utf-8")
    (tmp_path / "count.md").write_text("# Bigger models\n\nAt least 5 H100 GPUs would hold the weights of a 405B model.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    found = _scanned(tmp_path / "step.md")
    assert "8x" not in found  # "8x" sets n_devices
    assert "At least 5" in _scanned(tmp_path / "count.md")  # "at least 5 H100 GPUs" is a number the page claims
    assert found["4.98 ms"].finding is None and found["4.98 ms"].evidence[-1].startswith("held back")
    code, out, err = run_cli("scan", "step.md", "--audit")
    assert "4.98 ms" not in out and "1 held back" in err


def test_a_table_of_malformed_numbers_is_read_without_an_error(tmp_path):
    """Cells no number reads ("1.2.3", five thousand digits) set nothing; the page is still scanned."""
    long = "9" * 5000
    page = tmp_path / "odd.md"
    page.write_text(
        f"# KV\n\n| Batch | 1.2.3 | {long} |\n| --- | --- | --- |\n| KV (GB) | 1 | 2 |\n\n"
        f"| Model | n_layers | heads / h_kv | Total GB |\n| --- | --- | --- | --- |\n| Llama-2-7B | 1.2.3 | {long} / 8 | 2.15 |\n",
        encoding="utf-8",
    )
    found = _scanned(page)
    assert "2.15" in found and not any(p.given.get("n_layers") for p in found.values())


RATIOS = """# Hardware

- A desktop CPU has 67 GB/s memory bandwidth and 2735 GFLOPS, for a 40:1 FLOP:byte ratio.
- Its FP8 tensor cores at 1979 TFLOPS over 3350 GB/s bring the FLOP:byte ratio to 590:1.
- The cache shrinks 1:5 with grouped heads, and a 4:1 split of prefill to decode servers follows.
"""


def test_a_ratio_printed_n_to_1_is_a_ratio_of_the_terms_it_names_fed_by_its_sentences_figures(tmp_path):
    page = tmp_path / "ratios.md"
    page.write_text(RATIOS, encoding="utf-8")
    found = _scanned(page)
    forty, five_ninety = found["40"], found["590"]
    assert (forty.unit, five_ninety.unit) == ("FLOP/byte", "FLOP/byte")
    assert forty.formula == five_ninety.formula == "ridge_intensity"
    assert (forty.given["peak_flops"], forty.given["mem_bandwidth"]) == ("2735 GFLOPS", "67 GB/s")  # the sentence's only FLOP rate and bandwidth
    assert forty.finding.verdict.value.startswith("holds")  # 2735 / 67 = 40.8, printed truncated
    assert "4×" in found and not {"1×", "5×"} & set(found)  # "4:1" a plain ratio; "1:5" is no n:1


TABLE_RULES = """# FLOPs per pass

| t    | QKV                     | Attn                    | MLP                     | F(t)                    |
| ---- | ----------------------- | ----------------------- | ----------------------- | ----------------------- |
| 256  | $$1.89 \\times 10^{11}$$ | $$2.01 \\times 10^{10}$$ | $$5.03 \\times 10^{11}$$ | $$7.12 \\times 10^{11}$$ |
| 512  | $$3.77 \\times 10^{11}$$ | $$8.05 \\times 10^{10}$$ | $$1.01 \\times 10^{12}$$ | $$1.47 \\times 10^{12}$$ |
| 1024 | $$7.55 \\times 10^{11}$$ | $$3.22 \\times 10^{11}$$ | $$2.01 \\times 10^{12}$$ | $$3.09 \\times 10^{12}$$ |
| 2048 | $$1.51 \\times 10^{12}$$ | $$1.29 \\times 10^{12}$$ | $$4.03 \\times 10^{12}$$ | $$7.83 \\times 10^{12}$$ |

# Steps

| Batch Size                        |      1 |      8 |     16 |     32 |
| :-------------------------------- | -----: | -----: | -----: | -----: |
| Step Time (ms)                    |   4.98 |  12.13 |  20.30 |  36.65 |
| Throughput (tokens/s)             | 200.61 | 659.30 | 787.99 | 873.21 |
"""


def test_a_cell_takes_the_arithmetic_its_table_applies_in_its_other_lines_and_breaking_it_is_a_mismatch(tmp_path):
    page = tmp_path / "rules.md"
    page.write_text(TABLE_RULES, encoding="utf-8")
    found = _scanned(page)
    totals = {s: p for s, p in found.items() if p.arithmetic == "QKV + Attn + MLP"}
    assert sorted(totals) == ["1.47 × 10^12", "3.09 × 10^12", "7.12 × 10^11", "7.83 × 10^12"]
    assert totals["7.12 × 10^11"].given == {"QKV": "1.89e11", "Attn": "2.01e10", "MLP": "5.03e11"}
    assert totals["3.09 × 10^12"].finding.verdict.value == "holds"
    assert totals["7.83 × 10^12"].finding.verdict.value == "mismatch"  # the row's own sum is 6.83e12
    throughput = found["200.61"]
    assert throughput.arithmetic == "Batch_Size / Step_Time" and throughput.given == {"Batch_Size": "1", "Step_Time": "4.98 ms"}
    assert throughput.finding.verdict.value == "holds"  # 1 / 4.98 ms is 200.8, and 4.98 rounds from 4.975-4.985
    assert found["4.98"].arithmetic is None  # a table computes forward: the step time is not the batch over the throughput


def test_a_table_rule_needs_three_lines_that_keep_it_and_one_rule_only():
    from auditor.scan.table_relations import table_relations
    from auditor.scan.tables import find_tables

    two_rows = "| n | a | b | a+b |\n|---|---|---|---|\n| 1 | 1.5 | 2.5 | 4.0 |\n| 2 | 3.5 | 1.5 | 5.0 |\n"
    assert table_relations(find_tables(two_rows)) == []  # kept in two rows only: could be chance
    three_rows = "| n | a | b | a+b |\n|---|---|---|---|\n| 1 | 1.5 | 2.5 | 4.0 |\n| 2 | 3.5 | 1.5 | 5.0 |\n| 3 | 0.5 | 0.5 | 1.0 |\n"
    assert [r.expression for r in table_relations(find_tables(three_rows))] == ["a + b"] * 3
    scientific = "| chip | peak | price | peak per price |\n|---|---|---|---|\n| A | 9.9e14 | 10.8 | 9.1e13 |\n| B | 4.59e14 | 4.2 | 1.09e14 |\n| C | 1.97e14 | 1.2 | 1.64e14 |\n"
    rules = table_relations(find_tables(scientific))
    assert [r.expression for r in rules] == ["peak / price"] * 3  # 9.9e14 / 10.8 is 9.17e13, printed truncated
    assert rules[0].given == {"peak": "9.9e14", "price": "10.8"}
    sums_and_products = "| n | a | b | c |\n|---|---|---|---|\n| 1 | 2 | 2 | 4 |\n| 2 | 2 | 2 | 4 |\n| 3 | 2 | 2 | 4 |\n"
    assert table_relations(find_tables(sums_and_products)) == []  # a + b and a * b both fit: neither is the table's



def test_a_roofline_tables_runtime_is_the_larger_of_its_two_times_and_a_bare_prefix_takes_its_columns_unit():
    """Runtime = max(memory, compute) in every row, each time the larger somewhere: the rule of a roofline table.
    "10 G" under "Flops" is ten GFlops, so work per second is Flops over Runtime. The larger of two columns is no
    rule of sizes or counts (two cards' specs), nor of a copy of one column (the other never the larger)."""
    from auditor.scan.table_relations import table_relations
    from auditor.scan.tables import find_tables

    roofline = ("| Batch | Flops | Memory clock | Compute clock | Runtime | Work per second |\n|---|---|---|---|---|---|\n"
                "| 1 | 10 G | 2.99 ms | 0.01 ms | 2.99 ms | 3.3 TFLOP/s |\n| 16 | 160 G | 2.99 ms | 0.16 ms | 2.99 ms | 54 TFLOP/s |\n"
                "| 1024 | 10.2 T | 2.99 ms | 10.34 ms | 10.34 ms | 990 TFLOP/s |\n| 4096 | 41 T | 2.99 ms | 41.37 ms | 41.37 ms | 990 TFLOP/s |\n")
    rules = {r.cell.text.strip(): r for r in table_relations(find_tables(roofline))}
    assert rules["10.34 ms"].expression == "max(Memory_clock, Compute_clock)"
    assert rules["3.3 TFLOP/s"].given == {"a": "10 GFlops", "b": "2.99 ms"}
    specs = "| spec | A PCIe | A SXM | B SXM |\n|---|---|---|---|\n| memory (GB) | 40 | 40 | 80 |\n| links | 12 | 16 | 16 |\n| lanes | 8 | 4 | 8 |\n"
    assert not [r for r in table_relations(find_tables(specs)) if r.expression.startswith("max")]
    copy = ("| n | memory time | compute time | runtime |\n|---|---|---|---|\n"
            "| 1 | 3 ms | 1 ms | 3 ms |\n| 2 | 3 ms | 2 ms | 3 ms |\n| 3 | 4 ms | 2 ms | 4 ms |\n")
    assert not [r for r in table_relations(find_tables(copy)) if r.expression.startswith("max")]

NEARER = """# Llama-2-13B in bf16

Keep the parameters, but share 8 KV heads over the 40 query heads, for 8192-token sequences.

| Batch Size            |     32 |     64 |
| :-------------------- | -----: | -----: |
| KV Cache Memory (GB)  |  42.95 |  85.90 |
| Total Memory (GB)     |  68.98 | 111.93 |
"""


def test_of_two_formulas_the_words_rank_alike_the_one_the_number_fits_is_taken_over_one_merely_near(tmp_path):
    """Weights plus cache is 68.98 GB at batch 32, within twice the cache's 42.95 GB; the cache alone is the number."""
    page = tmp_path / "nearer.md"
    page.write_text(NEARER, encoding="utf-8")
    found = _scanned(page)
    assert {s: found[s].finding.verdict.value for s in ("42.95", "85.90", "68.98", "111.93")} == dict.fromkeys(("42.95", "85.90", "68.98", "111.93"), "holds")
    assert found["42.95"].formula != found["68.98"].formula
    assert found["68.98"].given["model"] == "meta-llama/Llama-2-13b-hf" and found["68.98"].given["kv_values_per_token"] == 81920


def test_one_printed_size_is_given_for_one_quantity_only(tmp_path):
    """"~19.7 GB for model weights" may stand for the weights or for the cache, never for both in one sum."""
    page = tmp_path / "sizes.md"
    page.write_text("# Memory\n\nWith 4-bit weights and an 8-bit KV-cache at 100K context, this gets us to ~19.7 GB for model weights "
                    "and ~65 GB for KV-cache, and we must read all of that to compute the last token.\n", encoding="utf-8")
    for proposal in _scanned(page).values():
        printed = [v for k, v in proposal.page_inputs.items()]
        assert len(printed) == len(set(printed)), proposal.page_inputs


TRAINING = """# Memory of training

For mixed-precision AdamW training of a 7B model:

| Component | Size |
|-----------|------|
| Model params (FP16) | 14 GB |

| Component | Formula | Size |
|-----------|---------|------|
| Model weights (FP16) | 7.6B * 2 | 15.2 GB |
| Layers offloaded | 32/50 | 10.2s |

## Serving

Llama-7B at 4K context, batch 1, holds about 2 GB of KV cache.
"""


def test_a_size_after_an_article_is_any_model_of_that_size_and_a_row_prints_its_sum_beside_its_result(tmp_path):
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    page = tmp_path / "training.md"
    page.write_text(TRAINING, encoding="utf-8")
    found = _scanned(page)
    assert "model" not in found["14 GB"].given  # "a 7B model" is no Llama-7B: 7e9 parameters, 14 GB, as the page has it
    assert found["14 GB"].finding.verdict.value == "holds"
    assert found["15.2 GB"].arithmetic == "7.6e9 * 2" and found["15.2 GB"].finding.verdict.value == "holds"
    assert found["10.2s"].arithmetic is None  # "32/50" heads a count of layers, not a division
    scanner = Scanner(Document.read(page), Project.load(tmp_path))
    assert [m for _, _, m in scanner.models] == ["huggyllama/llama-7b"]  # only the model named in full


def test_a_rows_label_written_as_a_product_is_its_setting_not_the_sum_of_the_cell_beside_it(tmp_path):
    """"| 1 × 2K | 0.625 GB |" under "Batch × Context": 2,000 is no size of 0.625 GB, nor anything a slip makes of it,
    so the label is the row's setting, not its working, and the size is read as any other cell is; "| 7.6B * 2 | 15.2 GB |"
    is a sum that holds, and a sum beside its number that misses by twice (a factor dropped) is still one, and flagged."""
    page = tmp_path / "settings.md"
    page.write_text("# KV\n\n| Batch × Context | KV cache | Total |\n|---|---|---|\n| 1 × 2K | 0.625 GB | 140.6 GB |\n"
                    "| 16 × 4K | 20 GB | 160 GB |\n\n| Part | Formula | Size |\n|---|---|---|\n| Weights | 7.6B * 2 | 15.2 GB |\n"
                    "| KV | 2 * 16 * 32768 * 8 * 128 * 32 * 2 | 32.8 GB |\n", encoding="utf-8")
    found = _scanned(page)
    for size in ("0.625 GB", "20 GB"):
        assert found[size].arithmetic is None and found[size].finding is None, size  # read as any other cell: no model named
    assert found["15.2 GB"].finding.verdict.value == "holds"
    assert found["32.8 GB"].finding.verdict.value == "mismatch"


def test_a_parameter_count_beside_the_shape_it_is_the_product_of_is_a_claim_not_an_input(tmp_path):
    """"| W_up | 8192 × 28672 | 234.9M |" under "Params": a count is an input the page sets, but this one is the product
    its row prints beside it (8,192 x 28,672 = 234,881,024), so it is located and checked; "9.4M" for 8,192 x 1,024
    (8,388,608) misses."""
    page = tmp_path / "tensors.md"
    page.write_text("# Tensors\n\n| Matrix | Shape | Params | Role |\n|---|---|---|---|\n| W_Q | 8192 × 8192 | 67.1M | query |\n"
                    "| W_K | 8192 × 1024 | 9.4M | key |\n| W_up | 8192 × 28672 | 234.9M | FFN |\n", encoding="utf-8")
    found = _scanned(page)
    for count, product in (("67.1M", "8192 * 8192"), ("234.9M", "8192 * 28672")):
        assert found[count].arithmetic == product and found[count].finding.verdict.holds, count
    assert found["9.4M"].finding.verdict.value == "mismatch"


NAPKIN = """# Napkin math

```
time spent computing
    = 190 * 2 * 6 / 4500 TFLOPs
    = 0.5ms
```

Weights of 52B parameters in fp16 take 2 * 52e9 = 104e12 bytes = 104 GB.
"""


def test_a_sum_that_holds_only_if_a_bare_number_has_a_prefix_the_page_left_out_is_not_proposed(tmp_path):
    """190 means 190e9 here, which the page never prints; 104e12 bytes printed as 104 GB is a slip the audit names."""
    page = tmp_path / "napkin.md"
    page.write_text(NAPKIN, encoding="utf-8")
    found = _scanned(page)
    assert found["0.5ms"].arithmetic is None and "print no unit" in found["0.5ms"].evidence[-1]
    assert found["104 GB"].arithmetic is not None and found["104 GB"].finding.verdict.value == "mismatch"


SIZES_BY_DTYPE = """# How much memory do the weights take?

Weights alone, by parameter count and storage format:

| Checkpoint | Params | BF16 | FP8 | INT4 |
|---|---|---|---|---|
| small | 3B | 6 GB | 3 GB | 1.5 GB |
| medium | 34B | 68 GB | 34 GB | 17 GB |
| large | 1.5T | 3000 GB | 1500 GB | 900 GB |

A dense model card lists Parameters: 8.2B for the same family.
"""


def test_a_params_column_and_a_dtype_header_price_each_cell_as_weights_of_that_row_at_that_dtype(tmp_path):
    """3e9 x 2 B = 6 GB, 34e9 x 1 B = 34 GB, 1.5e12 x 0.5 B = 750 GB (the page's 900 is wrong); the cells beside
    a cell, the same size at other dtypes, are not inputs to it; "Parameters: 8.2B" is a count, not bytes."""
    from auditor.scan.tables import cell_count

    page = tmp_path / "sizes.md"
    page.write_text(SIZES_BY_DTYPE, encoding="utf-8")
    found = _scanned(page)
    cells = {s: found[s] for s in ("6 GB", "3 GB", "1.5 GB", "68 GB", "34 GB", "17 GB", "3000 GB", "1500 GB")}
    assert {s: p.formula for s, p in cells.items()} == dict.fromkeys(cells, "weight_bytes")
    assert [cells[s].given["n_params"] for s in ("6 GB", "17 GB", "1500 GB")] == [3_000_000_000, 34_000_000_000, 1_500_000_000_000]
    assert [cells[s].given["weight_dtype"] for s in ("6 GB", "3 GB", "1.5 GB")] == ["bf16", "fp8", "int4"]
    assert {s: p.finding.verdict.value for s, p in cells.items()} == dict.fromkeys(cells, "holds")
    # the words rank a checkpoint formula first; weights, ranked below it, are taken only where the number fits them
    wrong = found["900 GB"]
    assert not wrong.proposed or wrong.finding.verdict.value == "mismatch"
    assert "8.2B" not in found  # a parameter count, not a size in bytes
    assert (cell_count("7B"), cell_count(" ~1.5T "), cell_count("13"), cell_count("7 B"), cell_count("B7")) == (7 * 10**9, 15 * 10**11, 13, None, None)  # "7 B" may be bytes


POINTED_BACK = """# Budget

| Item | GB |
|---|---|
| HBM on the node | 640 |
| Weights of a 70B model in bf16 | 140 |
| **Left for the KV cache** | **~490** |

That ~490 GB is what serving can spend; a 70B model in bf16 needs 140 GB of weights.
"""


def test_a_number_the_page_points_back_to_is_its_earlier_claim_not_a_new_one(tmp_path):
    """"That ~490 GB" restates the table's cell: the cell is where it was worked out, so the sentence proposes nothing."""
    page = tmp_path / "budget.md"
    page.write_text(POINTED_BACK, encoding="utf-8")
    found = _scanned(page)
    (restated,) = [p for p in found.values() if p.stated == "~490 GB"]
    assert not restated.proposed and "points back" in " ".join(restated.evidence)
    assert found["140 GB"].proposed and found["140 GB"].finding.verdict.value == "holds"


FACTOR_BOTH_SIDES = """# Optimizer memory

Mixed precision keeps $M = P \\times (2 + 2 + 12) = 16P$ bytes, and plain SGD keeps $M = P \\times (4 + 4) = 9P$.
A sum that is not one factor times the rest, $P \\times 4 + 4 = 8P$, says nothing without P.
"""


def test_a_name_multiplying_a_whole_sum_and_printed_with_its_result_cancels(tmp_path):
    """P(2 + 2 + 12) = 16P holds whatever P is; P(4 + 4) = 9P is wrong (8P); 4P + 4 = 8P depends on P."""
    page = tmp_path / "optimizer.md"
    page.write_text(FACTOR_BOTH_SIDES, encoding="utf-8")
    found = _scanned(page)
    assert found["16"].given == {"P": 1} and found["16"].finding.verdict.value == "holds"
    assert found["9"].finding.verdict.value == "mismatch"
    assert not found["8"].proposed and "does not set: P" in " ".join(found["8"].evidence)


CONTEXT_COLUMN = """# Llama 3 8B, one sequence

Llama 3 8B keeps its KV cache in bf16; at an 8192-token context that is 1 GiB.

| Context | KV cache per sequence (GiB) |
|---|---|
| 4096 | 0.5 |
| 16384 | 3 |
| 32768 | 4 |
"""


def test_a_first_column_that_names_an_input_sets_it_for_its_row_over_the_sentence_above(tmp_path):
    """131,072 B a token: 4096 tokens are 0.5 GiB, 32768 are 4 GiB; 16384 are 2 GiB, so the row's 3 is wrong.
    The sentence's 8192 is the sentence's own context, not the rows'."""
    page = tmp_path / "context.md"
    page.write_text(CONTEXT_COLUMN, encoding="utf-8")
    found = _scanned(page)
    assert [found[s].given.get("seq_len") for s in ("0.5", "3", "4")] == [4096, 16384, 32768]
    assert [found[s].finding.verdict.value for s in ("0.5", "3", "4")] == ["holds", "mismatch", "holds"]


def test_a_model_is_named_without_its_release_tail_while_that_names_one_bundled_model():
    """"Mistral 7B" is Mistral-7B-v0.1, "Phi-3 mini" Phi-3-mini-4k-instruct; with two releases of Foo bundled,
    "Foo 7B" names neither."""
    from auditor.scan.match import model_aliases

    aliases = dict(model_aliases(["mistralai/Mistral-7B-v0.1", "org/Foo-7B-v0.1", "org/Foo-7B-v0.3", "microsoft/Phi-3-mini-4k-instruct"]))
    assert aliases["mistral 7b"] == "mistralai/Mistral-7B-v0.1" and aliases["mistral 7b v0.1"] == "mistralai/Mistral-7B-v0.1"
    assert aliases["phi 3 mini"] == "microsoft/Phi-3-mini-4k-instruct"
    assert "foo 7b" not in aliases and aliases["foo 7b v0.3"] == "org/Foo-7B-v0.3"


def test_a_figure_that_holds_at_peak_where_the_scan_assumed_a_default_efficiency_is_the_pages_ideal(tmp_path, monkeypatch, run_cli):
    """(16.06 GB of weights + 1024 x 131,072 B of cache) / 3.35 TB/s = 4.83 ms at peak bandwidth; at the catalogue's
    default MBU of 0.7 it would be 6.9 ms. The page wrote no efficiency: the default is the scan's, not the page's,
    and the page's figure is the ideal, which the claim says by its inputs (mbu = 1), so a reviewer sees it; 9 ms,
    which some efficiency under 100% gives, is held back."""
    page = tmp_path / "step.md"
    page.write_text("# Decode on one H100\n\nFor Llama 3 8B in bf16 on an H100 SXM at batch 1 with a 1024-token context, "
                    "one decode step takes 4.8 ms.\n", encoding="utf-8")
    found = _scanned(page)
    assert found["4.8 ms"].finding.verdict.holds and found["4.8 ms"].given["mbu"] == 1 and "the ideal" in found["4.8 ms"].evidence[-1]
    page.write_text(page.read_text(encoding="utf-8").replace("4.8 ms", "9 ms"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("scan", "step.md", "--audit")
    assert code == 0 and "1 held back" in err


GPU_PICK = """# Picking a GPU for inference

| GPU | Memory | Bandwidth | BF16 TFLOPS | Ridge (FLOP/byte) |
|---|---|---|---|---|
| H100 SXM | 80 GB | 3.35 TB/s | 989 | 295 |
| L4 | 24 GB | 300 GB/s | 121 | 403 |

Meta-Llama-3-70B in fp16 needs 141 GB for its weights, so it needs two H100s. On one L4, an 8B model
in int8 takes 8 GB, leaving 16 GB for everything else. Batching gives a roughly 100x cut in cost per token.
"""


def test_a_count_printed_for_another_model_does_not_replace_the_named_models_and_a_times_sign_asks_a_ratio(tmp_path):
    """70.55e9 x 2 B = 141.1 GB: the "8B model" of the next sentence is another model, not Llama 3 70B's count;
    989 / 3.35 = 295 and 121 / 0.3 = 403 from the row's own figures; "100x" fits no count (a batch), only a ratio."""
    page = tmp_path / "gpus.md"
    page.write_text(GPU_PICK, encoding="utf-8")
    found = _scanned(page)
    assert found["141 GB"].given.get("model") == "meta-llama/Meta-Llama-3-70B" and "n_params" not in found["141 GB"].given
    assert found["141 GB"].finding.verdict.value == "holds"
    assert [found[s].finding.verdict.value for s in ("295", "403")] == ["holds", "holds"]
    ratio = found["roughly 100x"]
    assert ratio.formula is None or "batch" not in ratio.formula


MOE_NOTES = """# Mixtral 8x7B serving notes

Mixtral 8x7B has 46.7B parameters, of which 12.9B are active per token. In bf16 the weights need
93.4 GB, so two 80 GB GPUs.
"""


def test_a_wrapped_lines_first_number_the_total_not_the_active_count_and_a_devices_size_is_no_claim(tmp_path):
    """46.7e9 x 2 B = 93.4 GB: the number opens a wrapped line (no name glued to it), the count that prices the
    weights is the total, not the 12.9B active, and "80 GB GPUs" is the devices' size, an input."""
    page = tmp_path / "moe.md"
    page.write_text(MOE_NOTES, encoding="utf-8")
    found = _scanned(page)
    assert found["93.4 GB"].formula == "weight_bytes" and found["93.4 GB"].finding.verdict.value == "holds"
    assert not found["80 GB"].proposed and "device" in found["80 GB"].evidence[0]
    page.write_text("# Split\n\nThe 8 KV heads over 4 GPUs leave 2 per GPU.\n", encoding="utf-8")
    assert not any("device" in e for p in _scanned(page).values() for e in p.evidence)  # a count of GPUs is no size of one


HTML_PROMPTS = """<html><body><h1>Llama 3 8B's cache by prompt</h1>
<p>The KV cache of one prompt on Llama 3 8B in bf16, by its length:</p>
<table>
<tr><th>Prompt tokens</th><th>KV cache (MiB)</th></tr>
<tr><td>1,024</td><td>128</td></tr>
<tr><td>8,192</td><td>1024</td></tr>
</table></body></html>
"""


def test_an_html_tables_th_row_is_its_header_and_a_prompt_column_sets_each_rows_length(tmp_path):
    """131,072 B a token: 1,024 tokens are 128 MiB, 8,192 are 1024 MiB; the units come from the <th> row."""
    page = tmp_path / "prompts.html"
    page.write_text(HTML_PROMPTS, encoding="utf-8")
    found = _scanned(page)
    assert [found[s].given.get("seq_len") for s in ("128", "1024")] == [1024, 8192]
    assert [found[s].finding.verdict.value for s in ("128", "1024")] == ["holds", "holds"]


TP_SPLIT = """# Llama 3.1 70B across 4 GPUs

With tensor parallelism over 4 H100s, each GPU holds a quarter of the 141 GB of bf16 weights: 35.3 GB.
The KV cache is split by KV head too: 8 KV heads over 4 GPUs leaves 2 per GPU, so each GPU stores
80 KiB per token.
"""


def test_a_parallel_degree_in_words_reaches_per_gpu_figures_and_an_exact_formula_beats_one_a_slip_explains(tmp_path):
    """141.1 GB / 4 = 35.3 GB; 2 x 80 layers x 2 KV heads x 128 x 2 B = 80 KiB a token on each GPU. The whole
    model's 320 KiB, "explained" as an int4 cache, is not what the page means."""
    page = tmp_path / "tp.md"
    page.write_text(TP_SPLIT, encoding="utf-8")
    found = _scanned(page)
    assert found["35.3 GB"].given.get("tp") == 4 and found["35.3 GB"].finding.verdict.value == "holds"
    assert found["80 KiB per token"].formula == "kv_bytes_per_token_on_rank"
    assert found["80 KiB per token"].finding.verdict.value == "holds"
    from auditor.scan.inputs import worded_assignments

    degrees = [(sorted(a.symbols), a.values) for t in ("a 4-way tensor parallel run", "TP4 on", "pipeline parallelism over 2 nodes")
               for a in worded_assignments(t)]
    assert degrees == [(["tp"], (4,)), (["tp"], (4,)), (["pp"], (2,))]


BATCHES = """# The KV cache in one line

$$\\text{KV} = 2 \\cdot L \\cdot H_{kv} \\cdot d_h \\cdot b = 2 \\cdot 32 \\cdot 8 \\cdot 128 \\cdot 2 = 131{,}072 \\text{ bytes}$$

per token for Llama 3 8B in bf16. For a batch of 16 sequences of 4,096 tokens that is 8.6 GB.
At a batch of 64 it is 34.4 GB, and a decode step streams it at about 160 tokens/s.
"""


def test_a_grouped_numbers_comma_ends_no_clause_and_each_sentence_keeps_its_own_batch(tmp_path):
    """16 x 4,096 x 131,072 B = 8.6 GB and 64 x 4,096 x 131,072 B = 34.4 GB: the length is 4,096 (not the "096" after
    its comma), and each sentence's own batch prices it."""
    page = tmp_path / "batches.md"
    page.write_text(BATCHES, encoding="utf-8")
    found = _scanned(page)
    assert [found[s].given.get("seq_len") for s in ("8.6 GB", "34.4 GB")] == [4096, 4096]
    assert [found[s].given.get("batch") for s in ("8.6 GB", "34.4 GB")] == [16, 64]
    assert [found[s].finding.verdict.value for s in ("8.6 GB", "34.4 GB")] == ["holds", "holds"]
    from auditor.scan.inputs import worded_assignments
    from auditor.scan.match import find_seq_len

    assert [a.values for a in worded_assignments("a max batch of 104 fits, or a batch of 16")] == [(16,)]
    assert find_seq_len("about 160 tokens/s") is None and find_seq_len("8,192 tokens of context") == 8192


DTYPE_ROWS = """# How much VRAM does Mistral 7B need?

Mistral 7B has 7.24B parameters, 32 layers, 8 KV heads and a head dimension of 128.

| Precision | Weights | KV cache at 8K | Total |
|---|---|---|---|
| FP16 | 14.5 GB | 1.07 GB | 15.6 GB |
| INT8 | 7.24 GB | 1.07 GB | 8.31 GB |
| INT4 | 3.62 GB | 1.07 GB | 4.69 GB |

The KV cache per token is 2 × 32 × 8 × 128 × 2 bytes = 131,072 bytes, so an 8,192-token context needs 1.07 GB.
"""


def test_a_rows_dtype_is_not_a_column_that_prints_one_figure_for_every_dtype_nor_the_text_after_the_table(tmp_path):
    """The weights shrink with the row's dtype and the cache column does not: the cache is 16-bit in every row
    (2 * 32 * 8 * 128 * 2 B * 8192 = 1.07 GB), and the INT4 of the last row sets up nothing after the table."""
    page = tmp_path / "rows.md"
    page.write_text(DTYPE_ROWS, encoding="utf-8")
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    document = Document.read(page)
    located = Scanner(document, Project.load(tmp_path)).proposals()
    audit_proposals(located, document, Project.load(tmp_path))
    caches = [p for p in located if p.stated == "1.07 GB"]
    assert len(caches) == 4 and all(p.finding is not None and p.finding.verdict.holds for p in caches), [(p.given, p.finding) for p in caches]
    weights = {p.stated: p.given.get("weight_dtype") for p in located if p.stated in ("7.24 GB", "3.62 GB")}
    assert weights == {"7.24 GB": "int8", "3.62 GB": "int4"}


SYMBOLIC_RESULT = """# Cache size

A sequence of S = 4,608 tokens is the case below.

$$\\text{KV cache size} = 2 \\times 80 \\times 8 \\times 128 \\times S \\times 2 = 327{,}680 \\times S \\text{ bytes}$$
"""


def test_a_name_on_both_sides_of_a_printed_sum_is_carried_even_where_the_page_sets_it(tmp_path):
    """2 × 80 × 8 × 128 × S × 2 = 327,680 × S says the per-token coefficient is 327,680, whatever S the page sets."""
    page = tmp_path / "symbolic.md"
    page.write_text(SYMBOLIC_RESULT, encoding="utf-8")
    found = _scanned(page)
    coefficient = next(p for s, p in found.items() if s.startswith("327,680"))
    assert coefficient.given == {"S": 1} and coefficient.finding.verdict.holds


def test_a_sentence_going_from_one_dtype_to_another_pairs_its_numbers_the_same_way(tmp_path):
    """"from FP16 to INT4 ... from 140 GB to 35 GB": 140 GB is the FP16 weights, 35 GB the INT4 ones."""
    page = tmp_path / "from-to.md"
    page.write_text("# Quantization\n\nFor a 70B model, going from FP16 to INT4, the weight data drops from 140 GB to 35 GB.\n", encoding="utf-8")
    found = _scanned(page)
    assert found["140 GB"].given["weight_dtype"] == "fp16" and found["35 GB"].given["weight_dtype"] == "int4"
    assert found["140 GB"].finding.verdict.holds and found["35 GB"].finding.verdict.holds


QUANTIZED = """# Quantized weights

A 70B model stored in FP16 reads 140 GB of weights at every decode step.
If you quantize the weights from FP16 (2 bytes) to INT4 (0.5 bytes), the weight data drops from 140 GB to 35 GB.
The minimum decode step then drops about as much, roughly 4x faster, and the weight bytes are far below the rule's.
"""


def test_a_ratio_the_words_formula_misses_with_no_slip_to_explain_it_is_held_back_not_flagged(tmp_path):
    """"roughly 4x faster" compares two step times; the words read a weight rule's shortfall into it, which misses.
    A ratio may compare any two figures of a page, so that miss is never flagged: the ratio is the quotient of the
    paragraph's two like sizes (140 GB over 35 GB), or, without them, held back. A size the formula prices by its dtype
    ("45 GB" of INT4 weights, 35 GB by hand) is still the page's claim, and flagged."""
    page = tmp_path / "quantized.md"
    page.write_text(QUANTIZED, encoding="utf-8")
    found = _scanned(page)
    ratio = found["roughly 4x"]
    assert ratio.arithmetic == "(140*(GB)) / (35*(GB))" and ratio.finding.verdict.holds
    page.write_text(QUANTIZED.replace("from FP16 (2 bytes) to INT4 (0.5 bytes), the weight data drops from 140 GB to 35 GB",
                                      "from FP16 to INT4, the weight data drops to a quarter"), encoding="utf-8")
    ratio = _scanned(page)["roughly 4x"]
    assert ratio.finding is None and ratio.pending is not None and "held back" in ratio.evidence[-1]
    page.write_text("# Weights\n\nStored in INT4, the weights of a 70B model take 45 GB.\n", encoding="utf-8")
    found = _scanned(page)
    assert found["45 GB"].formula == "weight_bytes" and found["45 GB"].finding.verdict.value == "mismatch"


UNNAMED_MODEL = """# The cache of one request

Consider a model with 32 layers, 32 KV heads and a head dimension of 128, its cache kept in FP16.

For 8,192 tokens of context the KV cache is 4.3 GB per sequence.
"""


def test_a_model_the_page_describes_without_a_name_feeds_the_formula_its_counts_fit(tmp_path):
    """2 × 32 × 32 × 128 × 2 bytes a token, times 8,192 tokens: 4.29 GB. The counts are set a paragraph above, and no
    config names them: the formula whose every model count the section sets is the page's, and the context length is
    no count of layers, though a layer keeps a per-token cache."""
    page = tmp_path / "page.md"
    page.write_text(UNNAMED_MODEL, encoding="utf-8")
    cache = _scanned(page)["4.3 GB"]
    assert cache.formula == "kv_bytes_per_sequence_gqa"
    assert {k: cache.given[k] for k in ("n_kv_layers", "n_kv_heads", "head_dim", "seq_len")} == {"n_kv_layers": 32, "n_kv_heads": 32, "head_dim": 128, "seq_len": 8192}
    assert cache.finding.verdict.holds


def test_a_size_said_of_one_token_before_it_is_printed_is_per_token(tmp_path):
    """'the KV cache per token is 512 KB': 2 × 32 × 32 × 128 × 2 bytes = 524,288 bytes, 512 KiB, a token."""
    page = tmp_path / "page.md"
    page.write_text(UNNAMED_MODEL + "\nThe KV cache per token is 512 KB, and each token of a request needs it again.\n", encoding="utf-8")
    per_token = _scanned(page)["512 KB"]
    assert per_token.per == "token" and per_token.formula == "kv_bytes_per_token_gqa"
    assert per_token.finding.verdict.holds


@pytest.mark.parametrize(
    ("sentence", "formula"),
    [("An 8×A100 node has 640 GB of GPU memory in all.", "aggregate_gpu_memory"),
     ("An 8×A100 node has 700 GB of GPU memory in all.", None),  # not the sheet's sum: the page's own input, never accused
     ("A single A100 has 80 GB of GPU memory.", None)],
)
def test_a_device_figure_that_is_the_sheets_times_the_devices_counted_is_their_sum(tmp_path, sentence, formula):
    page = tmp_path / "page.md"
    page.write_text(f"# The node\n\n{sentence}\n", encoding="utf-8")
    (figure,) = [p for p in _scanned(page).values() if p.stated.endswith("GB")]
    assert figure.formula == formula
    assert formula is None or (figure.given["n_devices"] == 8 and figure.finding.verdict.holds)


@pytest.mark.parametrize(
    ("sentence", "stated", "per_rank"),
    [("Fine-tuning Llama-3-70B gives an adapter of typically 50-200 MB, against 140 GB for the base weights.", "50-200 MB", False),
     ("Each unit of LoRA rank on Llama-3-70B adds about 25.9 MB of fp16 adapter weights.", "about 25.9 MB", True)],
)
def test_a_size_per_unit_rank_is_proposed_only_where_the_sentence_speaks_of_rank(tmp_path, sentence, stated, per_rank):
    """A whole adapter's size is no formula's "bytes per unit rank": the unit cannot show the rank, the words must."""
    page = tmp_path / "page.md"
    page.write_text(f"# Serving adapters\n\n{sentence}\n", encoding="utf-8")
    found = _scanned(page)[stated]
    assert (found.formula or "").startswith("lora_") == per_rank
    assert not per_rank or (found.formula == "lora_bytes_per_rank" and found.finding.verdict.holds)


@pytest.mark.parametrize(
    ("sentence", "stated", "expression"),
    [("Monthly capacity: 12.24M × 730 hrs = 8.9B tokens.", "8.9 billion", "12.24e6 * 730"),  # tokens an hour, for 730 hours
     ("A run of 3 × 2 hours = 6 hours in all.", "6 hours", "3 * (2*hours)"),  # a time: the hours are the result's
     ("At 2.5 GB/s for 30 s the link moves 2.5 GB/s × 30 s = 75 GB.", "75 GB", "(2.5*(GB/s)) * (30*s)")],  # a rate per second
)
def test_a_span_of_time_is_a_count_where_the_rate_it_multiplies_prints_no_per_time(tmp_path, sentence, stated, expression):
    """"8.9B tokens" is billions of tokens, never 8.9 bytes; "730 hrs" times a bare hourly rate is 730 of them."""
    page = tmp_path / "page.md"
    page.write_text(f"# Capacity\n\n{sentence}\n", encoding="utf-8")
    found = _scanned(page)[stated]
    assert found.arithmetic == expression
    assert found.finding.verdict.holds


def test_a_range_the_words_formula_misses_is_held_back_not_flagged(tmp_path):
    """"31.2 – 78.1 GB" for "200K – 500K" tokens: the range is the tokens', which one formula value cannot meet."""
    page = tmp_path / "page.md"
    page.write_text("# Tiers\n\nFor Llama-3.1-70B the heavy tier keeps 200K – 500K tokens, a KV cache of 31.2 – 78.1 GB in fp8.\n", encoding="utf-8")
    ranged = _scanned(page)["31.2 – 78.1 GB"]
    assert ranged.finding is None or ranged.finding.verdict.holds
    assert ranged.pending is None or "range" in " ".join(ranged.evidence)


@pytest.mark.parametrize(("cell", "unit", "read"), [("160 G", "Flops", "GFlops"), ("2.6 T", "FLOPs", "TFLOPs"), ("160", "Flops", "Flops"),
                                                    ("3 G", "tokens", "Gtokens"), ("3 G", "%", "%"), ("16 GB", "GB", "GB")])
def test_a_cell_that_prints_a_lone_prefix_takes_it_onto_its_headers_unit(cell, unit, read):
    """"160 G" under "Flops" is 160 GFLOP, not 160 FLOP; a prefix the header's unit cannot take is no prefix."""
    from auditor.scan.tables import prefixed

    assert prefixed(cell, unit) == read


def test_a_table_inside_a_quote_or_a_callout_is_a_table():
    from auditor.scan.tables import find_tables

    (table,) = find_tables("Text\n\n> | Batch | GPU total |\n> |---:|---:|\n> | 1 | ~24 tokens/s |\n> | 64 | ~1,500 tokens/s |\n")
    assert [c.text for c in table.header] == ["Batch", "GPU total"]
    assert [[c.text for c in row] for row in table.rows[1:]] == [["1", "~24 tokens/s"], ["64", "~1,500 tokens/s"]]


LISTING = """# What fits where

```
 7 GB    INT8 7B    ->  fits  16 GB T4        (tighter)
35 GB    INT4 70B   ->  fits  40 GB A100
```
"""


def test_a_size_listed_with_its_format_and_count_is_those_weights_and_the_cards_size_is_not(tmp_path):
    """"35 GB   INT4 70B": the format between size and count says how the page read it, even where a KV budget of
    the line's words happens to hold; "40 GB A100" is the card's own size."""
    page = tmp_path / "page.md"
    page.write_text(LISTING, encoding="utf-8")
    found = _scanned(page)
    for stated, dtype in (("7 GB", "int8"), ("35 GB", "int4")):
        assert found[stated].formula == "weight_bytes" and found[stated].given["weight_dtype"] == dtype
        assert found[stated].finding.verdict.holds
    assert found["40 GB"].formula is None


BAR_CHART = """# Weights of a 7B model

The weights of a 7B model, by format:

```
FP32  ####################  28 GB
FP16  ##########  14 GB
INT8  #####  7 GB
INT4  ###  3.5 GB
```
"""


def test_each_line_of_a_code_block_is_a_sentence_of_its_own(tmp_path):
    """A bar chart's lines are four statements: "INT8  #####  7 GB" names its own format, not the FP32 of the first line."""
    page = tmp_path / "page.md"
    page.write_text(BAR_CHART, encoding="utf-8")
    found = _scanned(page)
    for stated, dtype in (("28 GB", "fp32"), ("14 GB", "fp16"), ("7 GB", "int8"), ("3.5 GB", "int4")):
        assert found[stated].formula == "weight_bytes" and found[stated].given["weight_dtype"] == dtype, stated
        assert found[stated].finding.verdict.holds


def test_a_code_blocks_line_that_names_a_models_size_sets_up_the_lines_below_it(tmp_path):
    """"70B WEIGHTS" over a bar chart prints no unit, yet says whose weights the sizes below are."""
    page = tmp_path / "page.md"
    page.write_text("# Sizes\n\nThe sizes by format:\n\n```\n70B WEIGHTS\nFP32  ####################  280 GB\nFP16  ##########  140 GB\n"
                    "INT8  #####  70 GB\n```\n", encoding="utf-8")
    found = _scanned(page)
    for stated, dtype in (("280 GB", "fp32"), ("140 GB", "fp16")):
        assert found[stated].formula == "weight_bytes" and found[stated].given == {"n_params": 70_000_000_000, "weight_dtype": dtype}
        assert found[stated].finding.verdict.holds


def test_a_code_blocks_line_that_works_bare_numbers_into_a_result_is_read_and_program_text_is_not(tmp_path):
    """"Ratio: 5,841 / 960 = 6.1x" prints no unit and no × sign, yet no program assigns to a sum: it is napkin math, a
    sum that holds; "x = 5841 / 960" and "assert 2 + 2 == 4" are program text, and nothing of theirs is read."""
    page = tmp_path / "page.md"
    page.write_text("# Extrapolation\n\n```\nRTX 5090 TFLOPS: 5,841\nRTX 6000 Ada TFLOPS: 960\nRatio: 5,841 / 960 = 6.1x\n```\n\n"
                    "```python\nx = 5841 / 960\nassert 2 + 2 == 4\n```\n", encoding="utf-8")
    found = _scanned(page)
    ratio = found["6.1x"]
    assert ratio.arithmetic == "5841 / 960" and ratio.finding.verdict.holds
    assert "4" not in found and "5841" not in found


def test_a_code_blocks_line_with_a_ratio_glued_to_its_sign_is_read(tmp_path):
    """"TOTAL: 545x ROI in Year 1" in a box drawn in a fence is a figure to check, as it is in prose; "0x1F" is no ratio."""
    page = tmp_path / "page.md"
    page.write_text("# Return\n\n```\n│ TOTAL: 545x ROI in Year 1 │\nmask = 0x1F\n```\n", encoding="utf-8")
    found = _scanned(page)
    assert "545x" in found and not any(k.startswith("0") for k in found)


def test_a_numbered_rows_setup_is_the_cell_after_its_number(tmp_path):
    """"| 4 | 4×H100, BF16 W | 140 GB |": the "#" column only counts the rows, so the weights' format is the BF16 the
    next cell names, not the FP8 of the rows around it."""
    page = tmp_path / "page.md"
    page.write_text("# Serving Llama-3-70B\n\nThe ladder, ranked:\n\n| # | Config | Weights |\n|---|---|---|\n"
                    "| 1 | 2×H100, FP8 W | 70 GB |\n| 2 | 4×H100, BF16 W | 140 GB |\n| 3 | 4×H100, FP8 W | 70 GB |\n", encoding="utf-8")
    found = _scanned(page)
    assert found["140 GB"].given.get("weight_dtype") == "bf16" and found["70 GB"].given.get("weight_dtype") == "fp8"


def test_a_size_priced_without_gqa_takes_the_models_attention_heads_for_its_kv_heads(tmp_path):
    """Llama-3-70B keeps 8 KV heads; "without GQA" it would keep all 64: 2 x 80 x 64 x 128 x 2 = 2,621,440 B,
    which is 2.5 MiB. So "2.5 MB" is that size with MiB printed as MB, while the 320 KB beside it, which the
    words do not lead to (another size stands between), keeps the config's 8 heads and holds."""
    from test_scan import scanned_text

    page = ("# KV cache\n\nLlama-3-70B caches 320 KB per token in fp16. Without GQA, the cache would be 8 times "
            "bigger: 2.5 MB per token.\n")
    found = scanned_text(tmp_path, page)
    mha, gqa = found["2.5 MB per token"], found["320 KB per token"]
    assert mha.given.get("n_kv_heads") == 64 and "n_kv_heads" not in gqa.given
    assert not mha.finding.verdict.holds and any("MiB printed as MB" in d.parts for d in mha.finding.diagnoses)
    assert gqa.finding.verdict.holds


def test_a_ratio_of_the_two_caches_keeps_the_models_heads(tmp_path):
    """"With MHA (64 heads): 8× larger": the ratio compares the heads; it is not a size priced without GQA."""
    from test_scan import scanned_text

    page = "# KV cache\n\nLlama-3-70B groups its 64 query heads over 8 KV heads. With MHA, the cache is 8× larger.\n"
    ratio = scanned_text(tmp_path, page)["8×"]
    assert "n_kv_heads" not in ratio.given or ratio.given["n_kv_heads"] == 8


def test_a_column_of_one_column_per_watt_is_checked_row_by_row(tmp_path):
    """Bandwidth over power, as the header says: 50 / 65 = 0.77 and 200 / 30 = 6.67 GB/s per watt, but 1,008 / 450
    is 2.24, not the 2.42 printed, which breaks the table's own rule."""
    from test_scan import scanned_text

    page = ("# Per watt\n\n| Hardware | Bandwidth | TDP | GB/s per Watt |\n|---|---|---|---|\n"
            "| CPU | 50 GB/s | 65W | 0.77 |\n| Laptop | 200 GB/s | ~30W | 6.67 |\n| Studio | 546 GB/s | ~40W | 13.65 |\n"
            "| RTX 4090 | 1,008 GB/s | 450W | 2.42 |\n")
    found = scanned_text(tmp_path, page)
    assert all(found[cell].arithmetic == "Bandwidth / TDP" and found[cell].finding.verdict.holds for cell in ("0.77", "6.67", "13.65"))
    assert found["2.42"].arithmetic == "Bandwidth / TDP" and not found["2.42"].finding.verdict.holds


def test_a_width_the_page_calls_d_that_is_the_models_head_width_changes_nothing(tmp_path):
    """Llama-3-70B is 8192 wide with 128-wide heads: "d = 128" names its head width, so the cache keeps the config's
    geometry (2 x 80 x 8 x 128 x 2 = 320 KiB), not a model 128 wide with 2-wide heads."""
    from test_scan import scanned_text

    page = "# KV cache\n\nTake Llama-3-70B, with d = 128 per head. In fp16 it caches 320 KiB per token.\n"
    cache = scanned_text(tmp_path, page)["320 KiB per token"]
    assert "hidden_size" not in cache.given and "head_dim" not in cache.given and cache.finding.verdict.holds


def test_a_programs_output_in_comments_reads_its_length_and_the_model_its_heading_comment_names(tmp_path):
    """Under "# Llama-2 70B ...", "# seq=  4096: 1.34 GB/seq" is Llama-2-70B's fp16 cache of 4,096 tokens:
    2 x 80 x 8 x 128 x 2 x 4096 = 1.342e9 bytes. The length is the program's own "seq=" on that line."""
    from test_scan import scanned_text

    page = ("# Sizes\n\n```python\n# Llama-2 70B (GQA: 8 KV heads) in fp16 at various sequence lengths\nfor seq in [2048, 4096]:\n"
            "    print(seq, kv(80, 8, 128, seq))\n\n# Output:\n# seq=  2048: 0.67 GB/seq\n# seq=  4096: 1.34 GB/seq\n```\n")
    found = scanned_text(tmp_path, page)
    for stated, length in (("1.34 GB/seq", 4096), ("0.67 GB/seq", 2048)):
        assert found[stated].given.get("seq_len") == length and found[stated].given.get("model") == "meta-llama/Llama-2-70b-hf"
        assert found[stated].finding.verdict.holds


def test_a_programs_arithmetic_whose_comment_is_one_figure_is_a_sum_with_that_result(tmp_path):
    """'"cost_per_million": 2.50 / (50 * 3600) * 1_000_000,  # $0.14' is $13.89 a million tokens, not $0.14, whose
    comment sets it out as the line's result; a comment that names the unit of a plain number ("# GB") is no result."""
    from test_scan import scanned_text

    from auditor.claims.verdicts import Verdict

    page = ("# Costs\n\n```python\nh100_spot = {\n    \"hourly_cost\": 2.50,\n"
            "    \"cost_per_million\": 2.50 / (50 * 3600) * 1_000_000,  # $0.14\n"
            "    \"a100\": 1.50 / (30 * 3600) * 1_000_000,  # $13.89\n}\nkv_budget = 480  # GB left\n```\n")
    found = scanned_text(tmp_path, page)
    wrong, right = found["0.14 USD"], found["13.89 USD"]
    assert wrong.arithmetic is not None and wrong.finding.verdict is Verdict.MISMATCH
    assert abs(float(wrong.finding.computed_base) - 2.5 / 180000 * 1e6) < 1e-9
    assert right.finding.verdict.holds


def test_a_section_that_sets_kv_heads_to_the_query_heads_prices_its_sizes_so(tmp_path):
    """A list of multi-head attention's traits, "KV heads: same as query heads", then "70B cache: 10.7 GB/seq":
    Llama-2-70B with all 64 heads cached, 2 x 80 x 64 x 128 x 2 x 4096 = 10.74e9 bytes."""
    from test_scan import scanned_text

    page = ("# Variants\n\n### Multi-head attention\n\n- KV heads: same as query heads (64)\n\n"
            "- Llama-2-70B fp16 cache (seq=4096): 10.7 GB/seq\n")
    size = scanned_text(tmp_path, page)["10.7 GB/seq"]
    every_head = size.given.get("n_kv_heads") == 64 or size.given.get("kv_values_per_token") == 2 * 80 * 64 * 128
    assert every_head and size.finding.verdict.holds  # the heads set, or the K and V values per token they make


def test_a_cell_with_a_remark_in_brackets_is_its_figure(tmp_path):
    """"2 (1 multiply + 1 add)" is 2 FLOPs: its row's intensity is 2 / 4 bytes = 0.5, as the other rows' are."""
    from test_scan import scanned_text

    page = ("# Intensity\n\n| Dtype | Bytes per Weight | FLOPs per Weight | Intensity |\n|---|---|---|---|\n"
            "| float32 | 4 bytes | 2 (1 multiply + 1 add) | 0.5 FLOP/byte |\n| float16 | 2 bytes | 2 | 1.0 FLOP/byte |\n"
            "| int8 | 1 byte | 2 | 2.0 FLOP/byte |\n| int4 | 0.5 bytes | 2 | 4.0 FLOP/byte |\n")
    cell = scanned_text(tmp_path, page)["0.5 FLOP/byte"]
    assert cell.arithmetic is not None and cell.finding.verdict.holds


def test_a_count_the_page_states_beats_the_size_in_the_models_name(tmp_path):
    """"Gemma 4 12B has 11.6 billion parameters": the name rounds the count, so BF16 weights are 23.2 GB, not 24."""
    from test_scan import scanned_text

    page = ("# Fit\n\nGemma 4 12B has approximately 11.6B parameters.\n\n"
            "BF16 Gemma 4 12B does not fit on an A10G: 23.2 GB weights plus overhead exceed 24 GB.\n")
    weights = scanned_text(tmp_path, page)["23.2 GB"]
    assert weights.given.get("n_params") == 11_600_000_000 and weights.finding.verdict.holds


def test_a_printed_shape_whose_result_is_in_bytes_is_the_shape_at_a_formats_width(tmp_path):
    """"[1 × 3,840] = 7,680 bytes" in a BF16 model: 3,840 values at 2 bytes each, not a product that misses."""
    from test_scan import scanned_text

    page = "# Activations\n\nIn BF16, one token's activation after embedding is [1 × 3,840] = 7,680 bytes.\n"
    size = scanned_text(tmp_path, page)["7,680 bytes"]
    assert size.arithmetic == "1 * 3840 * (2*B)" and size.finding.verdict.holds


def test_a_rounded_cell_takes_its_headers_ratio_unit_at_the_pages_16_bit_width_over_an_option_named_more(tmp_path):
    """"~32" under "ops:byte" on a BF16/FP16 page is 2 FLOPs per 2-byte weight at batch 32: the FP8 the page names
    four times as an option to weigh does not outnumber its five 16-bit names."""
    page = tmp_path / "intensity.md"
    page.write_text(
        "Llama weights are BF16 throughout. A 70B model in FP16 is 140 GB, and BF16 again below.\n\n"
        "Some engines use FP8; FP8 kernels help; FP8 KV too. FP16 stays the baseline, BF16 the storage.\n\n"
        "| Scenario | ops:byte | Optimize with |\n|---|---|---|\n| Decode, batch=32 | ~32 | FP8 |\n| Decode, batch=256 | ~256 | more batching |\n",
        encoding="utf-8")
    found = _scanned(page)
    for stated in ("~32", "~256"):
        assert found[stated].formula == "decode_weight_intensity", stated
        assert found[stated].finding.verdict.value == "holds", stated


SHORTHAND = """# Sizing

| Model Size | FP16 | INT4 |
|-----------|------|-----|
| 7-8B | 1 GPU | 1 GPU |
| 70B | 2-4 GPUs | 1 GPU (80GB) |

- Decode capacity: ~48 tokens/s per request × 16 batch = ~768 output tokens/s.

For this card: B_transition ≈ 1,979 / (2 × 3.35 × 10^12 / 2) ≈ 590 for FP16.

For H200 the same sum is B ≈ 1,979 / (2 × 3.35 / 2) ≈ 650, which is a slip.
"""


def test_shorthand_is_not_read_as_arithmetic_and_a_bare_sum_off_by_a_prefix_is_not_proposed(tmp_path):
    """"7-8B" and "2-4 GPUs" are spans, not subtractions; "per request × 16" starts no sum at "request"; a sum of
    bare numbers a power of a thousand from its result left a prefix out of the writing (1,979 is TFLOPS), and is
    not proposed, as a sum printing a unit already was not, while a bare sum that misses by any other factor is the
    page's slip."""
    page = tmp_path / "shorthand.md"
    page.write_text(SHORTHAND, encoding="utf-8")
    found = _scanned(page)
    assert not [p for s, p in found.items() if s.startswith("1") and p.arithmetic and "-" in p.arithmetic]
    assert not (found["~768 tokens/s"].arithmetic or "").startswith("request")
    ridge = next(p for s, p in found.items() if "590" in s)
    assert not ridge.proposed and ridge.evidence[0] == "printed arithmetic 1979 / (2 * 3.35e12 / 2)"
    assert "1000**-4 times smaller than the result" in ridge.evidence[-1]
    slip = next(p for s, p in found.items() if "650" in s)
    assert slip.finding is not None and slip.finding.verdict.value == "mismatch"


SCALED = """# Batches

Each weight does two flops per sequence, so a batch of N sequences needs 10 GFLOP × N, at 990 TFLOP/s.

| Batch | Flops | Compute clock |
|---|---|---|
| 1 | 10 G | 0.01 ms |
| 16 | 160 G | 0.16 ms |
| 64 | 640 G | 0.65 ms |
| 256 | 2.6 T | 2.59 ms |
"""


def test_a_table_line_that_is_another_times_a_figure_printed_before_it_is_that_product_and_never_an_accusation(tmp_path):
    """FLOPs = Batch × 10 GFLOP and compute = FLOPs / 990 TFLOP/s in every row: the figures above the table are
    the rule's constant. A figure the scan picked among several is no evidence against a row that breaks it: a
    rule through one must hold in every row, so a table that breaks it in one row gets no such rule at all."""
    page = tmp_path / "scaled.md"
    page.write_text(SCALED, encoding="utf-8")
    found = _scanned(page)
    assert found["160"].arithmetic == "Batch * k" and found["160"].given == {"Batch": "16", "k": "10 GFLOP"}
    assert found["0.65 ms"].arithmetic == "a / k" and found["0.65 ms"].given["k"] == "990 TFLOP/s"
    assert all(found[s].finding.verdict.holds for s in ("10", "160", "640", "2.6", "0.01 ms", "2.59 ms"))
    page.write_text(SCALED.replace("| 640 G |", "| 600 G |"), encoding="utf-8")
    broken = _scanned(page)
    assert not any(p.arithmetic == "Batch * k" for p in broken.values())


def test_a_size_per_request_is_one_sequences_kv_cache(tmp_path):
    """"~1.34 GB per request" after the geometry: the cache of one 4096-token sequence, 80 × 8 × 128 × 2 × 2 bytes
    a token, as "per sequence" already read; "per request" no longer leaves it without a formula."""
    page = tmp_path / "per-request.md"
    page.write_text("# KV cache\n\nA 70B model with GQA (8 KV heads, 128 head dim, 80 layers) at FP16 keeps about "
                    "0.33 MB per token.\n\nFor a 4096-token context: 1.34 GB per request.\n", encoding="utf-8")
    found = _scanned(page)
    request = found["1.34 GB per request"]
    assert request.formula == "kv_bytes_per_sequence_gqa" and request.given["seq_len"] == 4096
    assert request.finding.verdict.holds


def test_a_weights_tables_cell_is_its_rows_count_at_its_columns_format(tmp_path):
    """"| 13B | 26 GB | 13 GB | 6.5 GB |" under "| Model Size | FP16/BF16 | FP8 | INT4 |": each cell is the row's
    count at the format its header names, where the width gives it; a cell its header's format does not give is
    left alone (it reproduces, never accuses)."""
    page = tmp_path / "weights-table.md"
    page.write_text("# Model weights\n\n| Model Size | FP16/BF16 | FP8 | INT4 |\n|---|---|---|---|\n"
                    "| 13B | 26 GB | 13 GB | 6.5 GB |\n| 405B | 810 GB | 405 GB | ~200 GB |\n| 34B | 68 GB | 34 GB | 30 GB |\n",
                    encoding="utf-8")
    found = _scanned(page)
    assert found["6.5 GB"].formula == "weight_bytes" and found["6.5 GB"].given == {"n_params": 13_000_000_000, "weight_dtype": "int4"}
    assert found["405 GB"].given["weight_dtype"] == "fp8" and found["~200 GB"].finding.verdict.holds
    assert found["30 GB"].formula is None


def test_a_formula_that_misses_by_a_swap_the_page_sets_itself_is_its_scenario_not_a_slip(tmp_path):
    """LLaMA-3-70B caches 8 KV heads: 10.7 GB at 32,768 tokens in bf16. A page that sets h = 64 first and then prints
    85.9 GB prices every head, its own scenario: held back, not flagged. Without the setting, 85.9 GB is the classic
    slip, num_attention_heads for num_key_value_heads, and is flagged so."""
    setup = "For a LLaMA-3-70B model ($L = 80$, $h = 64$, $d_h = 128$) in bf16:\n\n"
    claim = "At S = 32768 tokens the KV cache alone is ≈ 85.9 GB.\n"
    page = tmp_path / "scenario.md"
    page.write_text("# KV cache\n\n" + setup + claim, encoding="utf-8")
    held = _scanned(page)["≈ 85.9 GB"]
    assert held.finding is None and "its own scenario" in held.evidence[-1]
    page.write_text("# KV cache\n\nFor a LLaMA-3-70B model in bf16:\n\n" + claim, encoding="utf-8")
    flagged = _scanned(page)["≈ 85.9 GB"]
    assert flagged.finding.verdict.value == "mismatch" and flagged.finding.diagnoses[0].parts == ("n_kv_heads <- n_heads",)


def test_a_context_column_cell_printed_with_k_is_that_many_thousand_and_twenty_four_tokens(tmp_path):
    """"| 2k | 1.6 GB |" under "| Context | KV Cache |": 2,048 tokens, as "2k context" reads in running text, so
    Llama-2-13B's fp16 cache there is 2,048 × 819,200 bytes = 1.68 GB (printed 1.6, truncated)."""
    page = tmp_path / "context-column.md"
    page.write_text("# Llama-2-13B in fp16\n\n| Context | KV Cache |\n|---|---|\n| 2k | 1.6 GB |\n| 4k | 3.4 GB |\n| 8K tokens | 6.7 GB |\n",
                    encoding="utf-8")
    found = _scanned(page)
    assert [found[s].given.get("seq_len") for s in ("1.6 GB", "3.4 GB", "6.7 GB")] == [2048, 4096, 8192]
    assert all(found[s].finding.verdict.holds for s in ("1.6 GB", "3.4 GB", "6.7 GB"))


def test_a_row_that_names_a_gguf_mix_of_formats_prices_no_weights_at_one_format(tmp_path):
    """"| Q4_K_M | 2k | 5 GB | ~48 GB |": Q4_K_M mixes block formats by tensor, so the page's "FP16 KV" is no width
    for these weights and no total is priced at one format; the same table with a plain format's rows is priced."""
    table = ("# Llama 3.1 70B Memory Requirements\n\nWeights, then an FP16 KV cache, batch 1.\n\n"
             "| Quant | Context | KV Cache | Total VRAM |\n|-------|---------|----------|------------|\n"
             "| **Q4_K_M** | 2k | 5 GB | ~48 GB |\n| **Q4_K_M** | 4k | 10 GB | ~53 GB |\n| **Q3_K_M** | 8k | 19 GB | ~54 GB |\n")
    page = tmp_path / "mix.md"
    page.write_text(table, encoding="utf-8")
    found = _scanned(page)
    priced = [s for s in ("~48 GB", "~53 GB", "~54 GB") if "weight_dtype" in found[s].given]
    assert not priced and any("mix of formats" in " ".join(found[s].evidence) for s in ("~48 GB", "~53 GB", "~54 GB"))
    page.write_text(table.replace("Q4_K_M", "FP16").replace("Q3_K_M", "FP16"), encoding="utf-8")
    plain = _scanned(page)
    assert not any("mix of formats" in " ".join(plain[s].evidence) for s in ("~48 GB", "~53 GB", "~54 GB"))


PARTS = """# Memory on one card

Some opening words.

## Part 2: context is the multiplier

### The formula

For Llama-3.1-8B with an FP16 cache, every token keeps a key and a value on every layer.

### Scaling by context length

| Context length | KV cache |
|---|---|
| 8K tokens | 1 GiB |
| 32K tokens | 4.0 GB |
"""


def test_a_table_takes_the_one_model_its_part_names_above_it_in_a_sibling_section(tmp_path):
    """The table's own section names no model, but the part both sections sit in names one, just above: the cells are
    that model's. Llama-3.1-8B keeps 131,072 bytes a token, so 8K tokens are 1 GiB and 32K tokens 4 GiB, which
    "4.0 GB" prints as GB."""
    page = tmp_path / "parts.md"
    page.write_text(PARTS, encoding="utf-8")
    found = _scanned(page)
    assert {s: found[s].given.get("model") for s in ("1 GiB", "4.0 GB")} == {s: "meta-llama/Llama-3.1-8B" for s in ("1 GiB", "4.0 GB")}
    assert found["1 GiB"].finding.verdict.holds
    assert any("GiB printed as GB" in d.parts for d in found["4.0 GB"].finding.diagnoses)


def test_a_model_only_the_pages_lead_names_is_not_the_parts_model(tmp_path):
    """The same table under a page whose opening alone names the model: the lead's model may confirm a number, never
    accuse one, so the wrong cell is held back rather than flagged."""
    page = tmp_path / "lead.md"
    page.write_text(PARTS.replace("Some opening words.", "We size Llama-3.1-8B throughout.").replace(
        "For Llama-3.1-8B with an FP16 cache, every", "With an FP16 cache, every"), encoding="utf-8")
    found = _scanned(page)
    assert found["4.0 GB"].finding is None


def test_a_k_quant_mix_names_no_width_so_weights_beside_it_are_not_priced_at_the_pages_format(tmp_path):
    """"Q3_K_M" mixes several block formats per tensor, so it stores no one width: the weights beside it are not
    priced at the FP16 the rest of the page uses (141 GB for a 70B), where the page's ~34 GB would be a false alarm;
    the cache beside "FP16 KV cache" keeps its format."""
    page = tmp_path / "quant.md"
    page.write_text("# Llama 3.1 70B on one card\n\nWeights in FP16 take 141 GB; the FP16 KV cache grows with context.\n\n"
                    "- Use Q3_K_M quant → Weights drop to ~34 GB\n", encoding="utf-8")
    found = _scanned(page)
    weights = found["~34 GB"]
    assert weights.finding is None and "Q3_K_M is a mix of formats" in weights.evidence[-1]


def test_a_rows_own_bytes_per_parameter_prices_its_weights(tmp_path):
    """"| **Q4_K_M** | ~4.8 | 0.6 | **42 GB** |" under "Bytes/Param": a mix of formats has no one width, but the row
    prints the one it was worked at, so a 70B at 0.6 bytes a parameter is 42 GB; the width cell stays a figure."""
    page = tmp_path / "widths.md"
    page.write_text("# Llama 3.1 70B\n\n| Quantization | Bits/Param | Bytes/Param | Example: 70B Model |\n|---|---|---|---|\n"
                    "| **FP16** | 16 | 2.0 | 140 GB |\n| **Q4_K_M** | ~4.8 | 0.6 | **42 GB** |\n", encoding="utf-8")
    found = _scanned(page)
    weights = found["42 GB"]
    assert weights.formula.startswith("weight_bytes") and weights.given.get("bytes_per_param") == "0.6 B"
    assert weights.finding.verdict.holds and "0.6" in found
