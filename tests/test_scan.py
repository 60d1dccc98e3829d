"""auditor scan: numbers with units found, quoted, matched to formulas and inputs, audited."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from auditor.claims.files import load_claim_file
from auditor.claims.verdicts import Verdict
from auditor.scan import sum_units

NOTE = """\
# Serving Llama 3 8B on an A100 80GB

In FP16 the cache costs 128 KiB/token, so one 4k-token request holds 512 MiB.
With FP16 weights the card fits a max batch of 104 requests at 4k context.

## A wrong number

A popular calculator says an 8K-token sequence needs 4.00 GB of KV cache.
The office is 12 metres from the station, and 2024 was a good year.
"""


@pytest.fixture
def note(tmp_path, monkeypatch):
    (tmp_path / "note.md").write_text(NOTE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "note.md"


def proposals(run_cli, *extra):
    code, out, err = run_cli("scan", "note.md", *extra)
    assert code in (0, 1), err
    return code, out


def test_scan_proposes_a_loadable_claims_file(note, run_cli, tmp_path):
    _, out = proposals(run_cli)
    (tmp_path / "proposed.yaml").write_text(out, encoding="utf-8")
    claims = {c.stated.text: c for c in load_claim_file(tmp_path / "proposed.yaml").claims}
    assert set(claims) == {"128 KiB/token", "512 MiB", "104", "4.00 GB"}


@pytest.mark.parametrize(
    "stated, formula, given",
    [
        ("128 KiB/token", "kv_bytes_per_token_gqa", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "fp16"}),
        ("512 MiB", "kv_bytes_per_sequence", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "fp16", "seq_len": 4096}),
        ("104", "max_batch", {"model": "meta-llama/Meta-Llama-3-8B", "gpu": "a100_80gb_sxm", "kv_dtype": "fp16", "weight_dtype": "fp16", "seq_len": 4096}),
        ("4.00 GB", "kv_bytes_per_sequence", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "fp16", "seq_len": 8192}),
    ],
)
def test_the_words_around_a_number_name_its_formula_and_inputs(note, run_cli, tmp_path, stated, formula, given):
    _, out = proposals(run_cli)
    (tmp_path / "proposed.yaml").write_text(out, encoding="utf-8")
    claim = next(c for c in load_claim_file(tmp_path / "proposed.yaml").claims if c.stated.text == stated)
    assert claim.formula == formula
    assert dict(claim.given) == given


def test_each_quote_is_unique_in_the_document_and_holds_its_number(note, run_cli, tmp_path):
    from auditor.documents.locate import Document

    _, out = proposals(run_cli)
    (tmp_path / "proposed.yaml").write_text(out, encoding="utf-8")
    document = Document.read(note)
    for claim in load_claim_file(tmp_path / "proposed.yaml").claims:
        start, end = document.find_quote(claim.quote)
        assert document.find_number(start, end, claim.stated) is not None
        assert document.text.count(document.text[start:end]) == 1


def test_numbers_without_an_inference_unit_are_not_proposed(note, run_cli):
    _, out = proposals(run_cli)
    assert "12 metres" not in out and "2024" not in out
    assert "A100 80GB" not in out.split("claims:")[1].replace("# Serving", "")


def test_scan_audit_gives_a_first_verdict_without_any_yaml(note, run_cli):
    code, out = proposals(run_cli, "--audit")
    assert code == 1
    assert "note.md:3: [holds] 'cache costs 128 KiB/token, so'" in out
    assert "note.md:8: [mismatch] 'sequence needs 4.00 GB of'" in out
    assert "most likely: num_attention_heads = 32 used for num_key_value_heads = 8" in out
    assert "4 claims: 3 holds, 1 mismatch; 1 claim fail" in out


SHEET = """\
Notes on serving

KV cache per token

For Llama-3-8B in bf16 the cell is 128 KiB/token; for 70B it is 320 KiB/token.

Decode step floor

On an H100 SXM at batch 1 with TP = 1, 8 the bf16 Llama-3-70B floor is 41.8, 5.23 ms per step.

Ridge point

The H100 ridge sits near 295 FLOP/byte, and the office is 12 metres from the lab.
The team met in 2024 and wrote 3 pages.
"""


@pytest.fixture
def sheet_claims(tmp_path, monkeypatch, run_cli):
    (tmp_path / "sheet.txt").write_text(SHEET, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("scan", "sheet.txt")
    assert code == 0, err
    (tmp_path / "proposed.yaml").write_text(out, encoding="utf-8")
    return {c.stated.text: c for c in load_claim_file(tmp_path / "proposed.yaml").claims}


@pytest.mark.parametrize(
    "stated, formula, given",
    [
        # a bare size ("70B") is the family the document names in full
        ("320 KiB/token", "kv_bytes_per_token_gqa", {"model": "meta-llama/Meta-Llama-3-70B", "kv_dtype": "bf16"}),
        # a heading that is a formula's title, and "TP = 1, 8" paired with the list "41.8, 5.23 ms"
        ("5.23 ms", "decode_step_floor", {"model": "meta-llama/Meta-Llama-3-70B", "gpu": "h100_sxm", "weight_dtype": "bf16", "tp": 8}),
        ("295 FLOP/byte", "ridge_intensity", {"gpu": "h100_sxm"}),
    ],
)
def test_titles_headings_and_written_inputs_choose_formula_and_given(sheet_claims, stated, formula, given):
    claim = sheet_claims[stated]
    assert claim.formula == formula
    assert dict(claim.given) == given


def test_a_proposal_says_which_words_chose_its_formula_and_how_sure_it_is(sheet_claims, run_cli):
    _, out, _ = run_cli("scan", "sheet.txt")
    block = out.split("id: sheet-l13-295-flop-byte")[1].split("  - id:")[0]
    comment = block.splitlines()[1]
    assert comment.strip().startswith("# score 0.") and "words" in comment and "ridg" in comment


def test_bare_counts_of_things_no_formula_knows_are_not_proposed(sheet_claims, run_cli):
    assert not {"12", "2024", "3", "1", "8"} & set(sheet_claims)
    _, out, _ = run_cli("scan", "sheet.txt")
    assert "12 metres" not in out and "2024" not in out


@pytest.mark.parametrize(
    "text, stated",
    [
        ("The crossover is 1.23 × 10⁵ tokens here.", ["1.23 × 10⁵ tokens"]),
        ("The cache is ~57× smaller.", ["~57×"]),
        ("Padding costs 2–16× more.", ["2–16×"]),
        ("The saving is 1/6, no more.", ["1/6"]),
        ("Traffic is over 200% of it.", ["over 200%"]),
        ("It runs 6.4% to 26.1% low.", ["6.4%", "26.1%"]),
        ("It takes about 15 tokens or 0.68 ms.", ["about 15 tokens", "0.68 ms"]),
        ("See §2.1, written in 2024.", []),
        ("Embedding = 151936 * 1024 = 148.375 M (shared)", ["151936 * 1024", "148.375M"]),  # a result's count letter set apart
        ("We trained 4 M models.", []),  # no result: a letter after a count is a word
    ],
)
def test_number_shapes_documents_print(text, stated):
    from pathlib import Path

    from auditor.documents.locate import Document
    from auditor.scan.locate import find_numbers

    found = [p for p in find_numbers(Document(Path("x.md"), text), []) if not p.bare]
    assert [p.stated for p in found] == stated


def test_written_inputs_are_read_by_name_notation_and_list():
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.scan.inputs import find_assignments, symbol_aliases

    catalogue = Project.load(Path(__file__).resolve().parent.parent).catalogue
    text = "At TP = 1, 8, 16 and batch 1, with κ=3 drafts and $\\gamma = 7$."
    found = {next(iter(sorted(a.symbols))): [int(v) for v in a.values] for a in find_assignments(text, symbol_aliases(catalogue))}
    assert found["tp"] == [1, 8, 16] and found["batch"] == [1] and found["draft_passes"] == [3]
    assert any(v == [7] for k, v in found.items() if k.startswith("burstiness") or k == "gamma")


def test_a_symbols_declared_notation_is_read_as_its_name():
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.scan.inputs import find_assignments, symbol_aliases

    catalogue = Project.load(Path(__file__).resolve().parent.parent).catalogue
    assert "s" in catalogue.symbols["seq_len"].notation  # formulas/symbols.yaml: notation: [s, S]
    found = [a for a in find_assignments("the share at s = 2560 is small", symbol_aliases(catalogue))]
    assert any("seq_len" in a.symbols and a.values == (2560,) for a in found)


def test_what_a_quantity_is_per_is_no_setting_of_it():
    """"Time per batch: 22.04 seconds" sets no batch of 22.04, and "10,000,000 requests / 93 users per batch" with "=
    107,527 batches/day" on the next line sets no batch of 107,527: the first is what a time is per, the second the
    working going on from the line above."""
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.scan.inputs import find_assignments, symbol_aliases
    from auditor.scan.settings import find_settings

    catalogue = Project.load(Path(__file__).resolve().parent.parent).catalogue
    text = "Total batches per day = 10,000,000 requests / 93 users per batch\n    = 107,527 batches/day\nTime per batch: 22.04 seconds\n"
    assert not any("batch" in a.symbols for a in find_assignments(text, symbol_aliases(catalogue)))
    assert not any(s.name == "batch" for s in find_settings(text))
    assert any("batch" in a.symbols for a in find_assignments("at batch: 16 the step is 30 ms", symbol_aliases(catalogue)))


TABLES = """\
# Serving Llama 3 8B

## The cache at an 8192-token context in bf16

| Batch Size | 1 | 4 |
| --- | --- | --- |
| KV cache (GiB) | 1.00 | 4.00 |

## Per token

| dtype | KV size / token |
| --- | --- |
| bf16 | 128KiB |
| int8 | 64KiB |
"""


@pytest.fixture
def table_claims(tmp_path, monkeypatch, run_cli):
    (tmp_path / "tables.md").write_text(TABLES, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("scan", "tables.md", "-o", "claims/tables.yaml")
    assert code == 0, err
    return load_claim_file(tmp_path / "claims" / "tables.yaml").claims


@pytest.mark.parametrize(
    "stated, formula, given",
    [
        # the row label's unit, the column header's batch, the section's context and dtype, the model from the heading above
        ("4.00", "kv_bytes_batch", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "bf16", "seq_len": 8192, "batch": 4}),
        # the header's "/ token" applies to the size a cell prints, the row label is its dtype
        ("64KiB", "kv_bytes_per_token_gqa", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "int8"}),
    ],
)
def test_a_table_cell_takes_its_headers_unit_and_settings(table_claims, stated, formula, given):
    claim = next(c for c in table_claims if c.stated.text == stated)
    assert claim.formula == formula
    assert dict(claim.given) == given


def test_every_table_cell_of_the_example_holds(table_claims, run_cli):
    code, out, _ = run_cli("check", "claims/tables.yaml", "-v")
    assert code == 0, out
    assert len(table_claims) == 4


COLUMNS = """# Two cards

| | H100 SXM | H100 PCIe |
| --- | --- | --- |
| Memory bandwidth | 3.35TB/s | 2TB/s |
| Ridge point | 295 FLOP/byte | 378 FLOP/byte |
"""


def test_a_table_cell_takes_the_gpu_its_column_header_names(tmp_path, monkeypatch, run_cli):
    (tmp_path / "cards.md").write_text(COLUMNS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("scan", "cards.md", "--audit")
    assert code == 0, err
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    found = {p.stated: p.given.get("gpu") for p in Scanner(Document.read(tmp_path / "cards.md"), Project.load(tmp_path)).proposals() if p.proposed}
    # 989.4 / 3.35 = 295 and 756 / 2.0 = 378 FLOP/byte: each cell is its own column's card; the bandwidths are the
    # sheets' own figures, which the page cites (inputs, not claims)
    assert found == {"295 FLOP/byte": "h100_sxm", "378 FLOP/byte": "h100_pcie"}, found
    assert "mismatch" not in out


def test_a_sum_of_bare_numbers_that_holds_only_in_another_prefix_is_located_not_proposed(tmp_path):
    """80 x 32 - 530 is 2,030 of something: 2 TB if the operands are gigabytes, a slip if they are terabytes."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    page = tmp_path / "sums.md"
    page.write_text("On 32 GPUs we have 80x32-530=2TB remaining. The row is 2 * 8 * 128 * 80 = 160kB.\n", encoding="utf-8")
    proposals = {p.stated: p for p in Scanner(Document.read(page), Project.load(tmp_path)).proposals()}
    ambiguous = proposals["2TB"]
    assert not ambiguous.proposed and any("print no unit" in e for e in ambiguous.evidence)
    assert proposals["160kB"].arithmetic is not None  # 163,840 is 160 KiB, not kB: a binary prefix is a slip the audit names


def test_bytes_divided_by_a_shown_power_of_1024_are_read_in_the_unit_the_page_prints(tmp_path):
    """"20,401,094,656 bytes / 1,073,741,824 ≈ 19 GB" converts to the page's GB in front of the reader: it holds as the
    bare "(...) / 1,073,741,824 = 20 GB" does, not 10^9 off; a wrong quotient is still the page's slip."""
    found = scanned_text(tmp_path, "KV = (2 × 8192 × 8192 × 80 × 2) / 1,073,741,824 = 20 GB of cache.\n\n"
                                   "That is 20,401,094,656 bytes / 1,073,741,824 ≈ 19 GB of cache.\n\n"
                                   "And 21,474,836,480 bytes / 1,073,741,824 ≈ 30 GB would be wrong.\n")
    assert found["20 GB"].finding.verdict.value == "holds"
    assert found["≈ 19 GB"].finding.verdict.value == "holds"
    assert any("the page's conversion" in e for e in found["≈ 19 GB"].evidence)
    assert found["≈ 30 GB"].finding.verdict.value == "mismatch"


def test_a_bare_sum_over_a_power_of_1024_that_misses_is_checked_at_the_bytes_it_counts(tmp_path):
    """"(2 × 8192 × 8192 × 80 × 2) / 1,073,741,824 = 19 GB" counts 20 GiB: read as the page's GB it misses all the same,
    and the check gives the 21.5 GB it sizes, the figure a reader needs; "= 20 GB" holds as the page's convention, and
    "/ 1024**3 = 0.5 MB" divides by another prefix than it prints, so it keeps the page's reading."""
    found = scanned_text(tmp_path, "KV = (2 × 8192 × 8192 × 80 × 2) / 1,073,741,824 = 19 GB of cache.\n\n"
                                   "Again, (2 × 8192 × 8192 × 80 × 2) / 1,073,741,824 = 20 GB of cache.\n\n"
                                   "```\nContext = 4096 × 4096 × 2 × 2 / (1024**3) = 0.125 GB\n```\n")
    missed = found["19 GB"]
    assert missed.arithmetic == "(2 * 8192 * 8192 * 80 * 2) * B" and missed.finding.verdict.value == "mismatch"
    assert float(missed.finding.computed_base) == 21_474_836_480 and any("a count of GiB" in e for e in missed.evidence)
    assert found["20 GB"].finding.verdict.value == "holds" and "* B" not in found["20 GB"].arithmetic
    context = found["0.125 GB"]
    assert float(context.finding.computed_base) == 67_108_864 and context.finding.verdict.value == "mismatch"


@pytest.mark.parametrize("expression, stated, read", [
    ("4096 * 4096 * 4 / 1048576", "64 MB", "(4096 * 4096 * 4) * B"),
    ("(2 * 80 * 8) / (2**10)", "1.25 KB", "(2 * 80 * 8) * B"),
    ("4096 * 4096 * 4 / (1024**3)", "64 MB", None),  # divides by GiB, prints MB: no count of the prefix it prints
    ("4096 * 4096 * 4 / 1000000", "67 MB", None),  # a decimal divisor is the page's own prefix already
    ("(4096*B) * 4096 / 1048576", "16 MB", None),  # bytes among the operands: the page's conversion (divided_into_unit)
])
def test_only_a_bare_sum_over_the_power_of_1024_its_result_prints_is_a_count_of_that_binary_unit(expression, stated, read):
    found = sum_units.binary_count_in_bytes(expression, SimpleNamespace(stated=stated))
    assert (found[0] if found else None) == read


def test_a_step_worked_on_a_misprinted_product_names_the_product_as_its_cause(tmp_path):
    """"= 20,401,094,656 bytes / 1,073,741,824 ≈ 19 GB" under a product that is 21,474,836,480: the step holds on the
    figure printed, so it misses because of the line above, not a GiB printed as GB; and once it misses, it is checked
    at the bytes it sizes, 20 GiB or 21.5 GB, the figure the reader needs, as a sum that misses as printed is."""
    found = scanned_text(tmp_path, "```\nKV = (2 × 8192 × 8192 × 80 × 2 × 1) / 1,073,741,824\n"
                                   "   = 20,401,094,656 bytes / 1,073,741,824\n   ≈ 19 GB\n```\n")
    step = found["≈ 19 GB"].finding
    assert step.verdict.value == "mismatch" and int(step.computed_base) == 21_474_836_480
    assert step.diagnoses[0].parts == ("carried from line 3",)  # where the misprinted product is printed


def test_a_cards_size_with_a_word_before_card_is_an_input(tmp_path):
    """"256K context fits on a 32 GB consumer card": the card's memory, as "an 80 GB GPU" is, not a cache size to check."""
    found = scanned_text(tmp_path, "A 27B model with 2 KV heads of 256 over 64 layers: 256K context fits on a 32 GB consumer card.\n")
    card = found["32 GB"]
    assert not card.proposed and "an input, not a claim" in card.evidence[0]


def test_a_words_formula_that_misses_on_defaults_the_page_never_states_is_held_back(tmp_path):
    """"weights 16 GB, overhead 8 GB → 56 GB" priced as a cache budget at an assumed 0.9 memory share misses with no
    slip to explain it: the scan's reading is as doubtful as the page, so it is not audited."""
    found = scanned_text(tmp_path, "Worked example — Llama 3 8B FP16 on A100 80GB:\nweights 16 GB, overhead 8 GB → 56 GB ≈ 52.2 GiB budget.\n")
    budget = found["56 GB"]
    assert budget.finding is None
    assert budget.pending is None or any("defaults the page never states" in e for e in budget.evidence)


def test_a_formula_that_is_another_printed_figure_under_a_new_name_is_held_back(tmp_path):
    """"the calculator returns 4.8 GB for a deployment whose weights alone are 5.74 GB": weighed weights on a rank are the
    per-rank weight bytes by definition, and setting them to the sentence's other figure only says the two differ."""
    found = scanned_text(tmp_path, "Asked about a 4-bit 8B model at 20% overhead, the memory calculator returns 4.8 GB for a "
                                   "deployment whose weights alone are 5.74 GB, measured on the checkpoint.\n")
    weighed = found["5.74 GB"]
    assert weighed.finding is None or weighed.finding.verdict.holds


def test_a_column_whose_header_prints_a_figure_is_that_figure_over_the_rows_cell(tmp_path):
    """"70B FP8 (70 GB) cold start" over "~12.5 GB/s" is 70 GB / 12.5 GB/s in every row that prints both: the table's
    own arithmetic, one rule for the columns whose headers print a size, holding in each cell it reads."""
    found = scanned_text(tmp_path, "| Storage path | Effective bandwidth | 70B FP8 (70 GB) cold start | 70B FP16 (140 GB) cold start |\n"
                                   "|---|---|---|---|\n| Local NVMe | ~12.5 GB/s | ~6 seconds | ~11 seconds |\n"
                                   "| Network (10 GbE) | ~1.1 GB/s | ~64 seconds | ~2 minutes |\n"
                                   "| Object storage | ~0.5-1.0 GB/s | 2-5 minutes | 4-10 minutes |\n")
    six, two = found["~6 seconds"], found["~2 minutes"]
    assert six.arithmetic is not None and six.given == {"Effective_bandwidth": "12.5 GB/s", "k": "70 GB"}
    assert six.finding.verdict.holds and two.finding.verdict.holds
    assert "the 70 GB its header prints" in six.evidence[0] or any("its header prints" in e for e in six.evidence)


def test_a_latency_column_that_is_one_over_a_rate_column_is_the_tables_arithmetic(tmp_path):
    """"| 12,500 tok/s | 0.08 ms |": a time per token beside a rate of tokens a second is its reciprocal in every row that
    holds, so the row that breaks it (1 / 8,000 tok/s is 0.125 ms, not 0.10) is audited like a printed sum. A tier of
    dollar signs in a cell ("$$$$") is a rating, not an equation swallowing the rows below it."""
    found = scanned_text(tmp_path, "| Hardware | Throughput | Latency | Power | Cost |\n|---|---|---|---|---|\n| **Chips** |\n"
                                   "| Chip A | 12,500 tok/s | 0.08 ms | 200W | $$$$ |\n| Chip B | 8,000 tok/s | 0.10 ms | 300W | $$$ |\n"
                                   "| Card C | 2,000 tok/s | 0.50 ms | 300W | $7k |\n| Card D | 1,000 tok/s | 1.0 ms | 355W | $1k |\n"
                                   "| Card E | 400 tok/s | 2.5 ms | 360W | $11k |\n")
    for cell in ("0.08 ms", "0.50 ms", "1.0 ms", "2.5 ms"):
        assert found[cell].given == {"Throughput": found[cell].given["Throughput"]} and found[cell].finding.verdict.holds, cell
    assert found["0.08 ms"].arithmetic == "1 / Throughput" and found["0.08 ms"].given == {"Throughput": "12500 tok/s"}
    wrong = found["0.10 ms"]
    assert wrong.finding.verdict is Verdict.MISMATCH and abs(float(wrong.finding.computed_base) - 1 / 8000) < 1e-12


def test_a_savings_column_is_one_cost_less_the_other_and_its_bracketed_share_is_over_the_larger(tmp_path):
    """"| $0.05 | $0.47 | $0.42 (89%) |": the saving is the API's cost less the card's in every row, the table's own
    arithmetic, so a row whose difference is off (18.63 − 2.06 is 16.57, not 16.75) is audited like a printed sum;
    the share in brackets is that saving over the API's cost, the two figures before it in its row."""
    table = ("## Costs\n\n| Batch | Self-Hosted | API | Savings |\n|---|---|---|---|\n| 5,000 | $0.05 | $0.47 | $0.42 (89%) |\n"
             "| 50,000 | $0.66 | $4.66 | $4.00 (86%) |\n| 200,000 | $2.06 | $18.63 | $16.75 (90%) |\n| 400,000 | $8.26 | $37.26 | $29.00 (78%) |\n")
    found = scanned_text(tmp_path, table)
    saving = found["4.00 USD"]
    assert saving.arithmetic == "API - Self_Hosted" and saving.given == {"API": "4.66", "Self_Hosted": "0.66"}
    assert saving.finding.verdict.holds and found["29.00 USD"].finding.verdict.holds
    assert found["16.75 USD"].finding.verdict is Verdict.MISMATCH
    share = found["78%"]
    assert share.arithmetic == "29.00 / 37.26" and share.finding.verdict.holds


def test_a_column_of_one_layers_figures_takes_no_formula_that_counts_every_layer(tmp_path):
    """"| MHA | 64 | 32 KiB | 2.56 MB |" under "per token per layer" and "per token": 64 × 128 × 2 × 2 bytes is one
    layer's 32 KiB; the whole model's cache per token (80 layers) is the next column's, and no flag for the first."""
    table = ("# Cache\n\nLlama-3.3-70B, 80 layers, head_dim 128, BF16:\n\n| Attention | KV heads | KV per token per layer |"
             " KV per token |\n|---|---|---|---|\n| MHA | 64 | 32 KiB | 2.56 MB |\n| GQA | 8 | 4 KiB | 0.33 MB |\n")
    found = scanned_text(tmp_path, table)
    for cell in ("32 KiB", "4 KiB"):
        formula = found[cell].formula
        assert formula is None or "n_layers" not in formula, cell
        assert found[cell].finding is None or found[cell].finding.verdict.holds, cell
    assert found["0.33 MB"].finding.verdict.holds


def test_a_first_column_headed_by_a_name_and_its_letter_sets_each_rows_value_and_no_other_rows(tmp_path):
    """"| Batch B | Read per step (GB) |": Llama-3.1-8B's 16 GB of BF16 weights plus B sequences of 4K tokens'
    0.54 GB of cache, row by row (32 → 33.2 GB); the "~100" row, whose batch cannot be read, takes no batch from the
    row above it."""
    text = ("# Batching\n\nLlama-3.1-8B, BF16 weights, 4k context per sequence:\n\n| Batch B | Read per step (GB) | vs B=1 |\n"
            "|---|---|---|\n| 1 | 16.5 | 1× |\n| 8 | 20.3 | 1.2× |\n| 32 | 33.2 | 2.0× |\n| **~100** | **~70** | 4.2× |\n")
    found = scanned_text(tmp_path, text)
    assert found["33.2"].given.get("batch") == 32 and found["33.2"].finding.verdict.holds
    assert found["~70"].given.get("batch") in (None, 1) or not found["~70"].proposed
    assert found["~70"].finding is None or found["~70"].finding.verdict.holds


def test_a_percent_column_is_each_rows_figure_over_a_figure_a_section_above_prints(tmp_path):
    """"| 179.0 GB/s | 56% |" under "% of Theoretical", with the card's "320 GB/s" in the specifications a section above:
    each share is its row's bandwidth over that figure in every row, the table's own arithmetic."""
    table = ("## Measured\n\n| Transfer Size | Bandwidth | % of Theoretical |\n|---|---|---|\n| 1 MB | 179.0 GB/s | 56% |\n"
             "| 10 MB | 213.7 GB/s | 67% |\n| 100 MB | 216.7 GB/s | 68% |\n| 1000 MB | 217.0 GB/s | 68% |\n")
    found = scanned_text(tmp_path, "## Specs\n\n- **Memory bandwidth (theoretical):** 320 GB/s\n- **TDP:** 70W\n\n" + table)
    share = found["56%"]
    assert share.arithmetic == "Bandwidth / k" and share.given == {"Bandwidth": "179.0 GB/s", "k": "320 GB/s"}
    assert share.finding.verdict.holds and found["68%"].finding.verdict.holds


def test_a_first_column_of_named_settings_gives_each_name_a_line_of_the_tables_arithmetic(tmp_path):
    """"| B=4, CTX=512 | ... | 13.24 | 302 |" under "Time/tok (ms)" and "Tok/s": each row's B is an operand, so the
    rate is B over the step time in every row, and a row that breaks it is audited against that."""
    table = ("## Decode\n\n| Config | Time/tok (ms) | Tok/s |\n|---|---|---|\n| B=1, CTX=512 | 10.68 | 94 |\n"
             "| B=1, CTX=2048 | 11.31 | 88 |\n| B=4, CTX=512 | 13.24 | 302 |\n| B=4, CTX=2048 | 14.12 | 340 |\n")
    found = scanned_text(tmp_path, table)
    assert found["302"].given == {"a": "4", "b": "13.24 ms"} and found["302"].finding.verdict.holds
    assert found["340"].finding.verdict is Verdict.MISMATCH  # 4 / 14.12 ms is 283 a second
    mixed = scanned_text(tmp_path, table.replace("| B=4, CTX=512 |", "| B=4, then CTX=512 |"))
    assert not mixed["302"].proposed  # a setup cell with words beside its settings names no line


def test_a_column_headed_by_a_count_of_users_is_that_many_sequences_worth(tmp_path):
    """"| 4,096 tokens | ~1.3 GB | ~10.7 GB |" under "1 Concurrent User" and "8 Concurrent Users": the second column is
    eight sequences' cache, so a formula of one sequence is no candidate for it, and 8 × 1.34 GB holds."""
    text = ("# KV cache\n\nHere is how KV cache memory scales for Llama 3.1 70B at BF16:\n\n"
            "| Context Length | 1 Concurrent User | 8 Concurrent Users |\n|---|---|---|\n"
            "| 4,096 tokens | ~1.3 GB | ~10.7 GB |\n| 32,768 tokens | ~10.74 GB | ~86 GB |\n")
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    found = scanned(page, proposed_only=True)
    eight = found["~10.7 GB"]
    assert eight.given.get("batch") == 8 and eight.finding.verdict.holds, (eight.formula, eight.given)
    assert found["~1.3 GB"].finding.verdict.holds and found["~1.3 GB"].given.get("batch", 1) == 1
    eighty_six = found["~86 GB"].finding if "~86 GB" in found else None
    assert eighty_six is None or eighty_six.verdict.holds  # never a per-sequence formula accusing it


def test_a_row_its_label_sets_for_many_sequences_has_their_sizes_and_a_per_request_column_keeps_one(tmp_path):
    """"| 16 × 4K | 20 GB |" under "Concurrency × Context": sixteen sequences' cache, which no formula of one gives;
    Llama 3 70B's is 21.5 GB (20 GiB), so the 20 GB is flagged for a GiB printed as GB. A column of one request's
    figures in the same table keeps a formula of one."""
    text = ("# KV cache share\n\nFor Llama 3 70B at FP16:\n\n| Concurrency × Context | KV cache (FP16) | KV per request |\n"
            "|---|---|---|\n| 1 × 2K | 0.67 GB | 0.67 GB |\n| 16 × 4K | 20 GB | 1.34 GB |\n| 64 × 4K | 85.9 GB | 1.34 GB |\n")
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    found = scanned(page, proposed_only=True)
    sixteen, sixty_four = found["20 GB"], found["85.9 GB"]
    assert sixteen.given.get("batch") == 16 and sixty_four.given.get("batch") == 64, (sixteen.formula, sixteen.given)
    assert sixty_four.finding.verdict.holds and sixteen.finding.verdict is Verdict.MISMATCH
    assert any("GiB printed as GB" in d.parts for d in sixteen.finding.diagnoses)
    one = found.get("1.34 GB")
    assert one is None or (one.given.get("batch", 1) == 1 and one.finding.verdict.holds)


def test_a_worked_call_in_a_code_block_sets_the_inputs_its_printed_result_is_checked_with(tmp_path):
    """A call "kv_gb(layers=80, heads=64, seq_len=4096, batch_size=1)" for Llama 3 70B and its printed result: the
    keyword arguments set the context length and batch, so the result is priced, and 64 query heads taken for the
    8 KV heads is named."""
    text = ("# KV cache sizes\n\n```python\ndef kv_gb(layers, heads, head_dim, seq_len, batch_size, dtype_bytes=2):\n"
            "    return 2 * layers * heads * head_dim * seq_len * batch_size * dtype_bytes / 1e9\n\n"
            "# Llama 3 70B, one 4K request\nprint(kv_gb(\n    layers=80,\n    heads=64,\n    head_dim=128,\n    seq_len=4096,\n    batch_size=1,\n"
            "    dtype_bytes=2,  # fp16\n))\n# → about 10.7 GB of KV cache per request\n```\n")
    found = scanned_text(tmp_path, text)
    request = found["about 10.7 GB"]
    assert request.given.get("seq_len") == 4096 and request.finding.verdict is Verdict.MISMATCH
    assert any("n_kv_heads <- n_heads" in part for d in request.finding.diagnoses for part in d.parts)


def test_a_sum_that_prints_the_query_heads_for_the_kv_heads_is_the_models_formula_and_names_the_swap(tmp_path):
    """"2 × 80 × 64 × 128 × 2 = 2.5 MB" per token under "## Llama 3 70B": the sum is right in MiB, but it prints the
    model's 64 query heads and not its 8 KV heads, so the claim is the model's cache per token, and the swap is named
    beside the unit the result is printed in. A sum of the model's real counts keeps its own arithmetic."""
    found = scanned_text(tmp_path, "# Sizing\n\n## Llama 3 70B\n\nThe KV cache per token in FP16 is 2 × 80 × 64 × 128 × 2 = 2.5 MB.\n")
    swapped = found["2.5 MB"]
    assert swapped.formula == "kv_bytes_per_token_gqa" and swapped.finding.verdict is Verdict.MISMATCH
    assert ("n_kv_heads <- n_heads", "MiB printed as MB") == swapped.finding.diagnoses[0].parts
    real = scanned_text(tmp_path, "# Sizing\n\n## Llama 3 70B\n\nThe KV cache per token in FP16 is 2 × 80 × 8 × 128 × 2 = 320 KB.\n")
    assert real["320 KB"].arithmetic is not None and real["320 KB"].formula is None


def test_a_size_beside_a_parameter_count_that_no_format_gives_at_its_printed_figures_is_not_its_weights(tmp_path):
    """"| KV per 4K seq (7B model) | Max seqs in 10GB headroom |": 10 GB is a 7B model's weights only if "10" were
    one figure (14 GB rounds to it); at the figures the audit reads it is no format's width, so the rule that reads
    weights beside a count, which never accuses, proposes nothing."""
    text = ("# Concurrency\n\n| Attention | KV per 4K seq (7B model) | Max seqs in 10GB headroom |\n|---|---|---|\n"
            "| MHA (32 KV heads) | ~2.1 GB | 4-5 |\n| GQA (8 KV heads) | ~537 MB | 18-19 |\n")
    found = scanned_text(tmp_path, text)
    headroom = found["10GB"].finding if "10GB" in found else None
    assert headroom is None or headroom.verdict.holds
    assert scanned_text(tmp_path, "# Weights\n\nA 7B model = 14GB in FP16.\n")["14GB"].finding.verdict.holds


def test_a_share_a_change_comes_to_is_no_fraction_the_page_sets(tmp_path):
    """"KV cache reduced to ~5.5% of standard MHA" is what the change comes to, a result; "reserves 90% of memory for the
    KV cache" sets a fraction the page's other numbers use."""
    found = scanned_text(tmp_path, "# MLA\n\nWith MLA the KV cache is reduced to ~5.5% of standard MHA.\n")
    assert not any("an input the page sets" in e for e in found["~5.5%"].evidence)
    found = scanned_text(tmp_path, "# vLLM\n\nThe server reserves 90% of GPU memory for weights and the KV cache.\n")
    assert any("an input the page sets" in e for e in found["90%"].evidence)


def test_two_rules_through_figures_that_both_hold_in_every_line_do_not_cancel(tmp_path):
    """"% Peak" is TFLOPS over the 65 TFLOPS above and, as surely, the intensity over the 203 FLOP/Byte ridge (65
    TFLOPS over 320 GB/s): two rules that each hold in every line give every cell the same verdict."""
    text = ("## Card\n\n- Peak: 65 TFLOPS\n- Bandwidth: 320 GB/s\n- Ridge: 203 FLOP/Byte\n\n## Decode\n\n"
            "| Config | AI (FLOP/B) | TFLOPS | % Peak |\n|---|---|---|---|\n| a | 3.06 | 0.98 | 1.5% |\n"
            "| b | 3.00 | 0.96 | 1.5% |\n| c | 4.88 | 1.56 | 2.4% |\n| d | 6.00 | 1.92 | 3.0% |\n")
    found = scanned_text(tmp_path, text)
    assert found["2.4%"].proposed and found["2.4%"].finding.verdict.holds


def test_a_narrow_format_named_only_as_a_lever_after_the_numbers_prices_nothing_it_could_accuse(tmp_path):
    """A page whose note names "FP8 cache" as a lever after its figures, and never names the format its sizes are in:
    FP8 is its most-named format, not its numbers'. A size that holds in 16 bits is proposed in 16 bits; one that holds
    in neither is held back, not accused. A heading that sets FP8 up above the numbers still prices them in FP8."""
    lead = "# KV limits\n\n> Two questions decide a deployment. Levers: GQA, FP8 cache, more GPUs.\n\n"
    table = ("## By architecture\n\n| Model | Why | Per token | 8k request |\n|---|---|---|---|\n"
             "| Llama 2 7B | 32 layers, 32 KV heads (MHA) | 512 KiB | 4 GiB |\n| Llama 3 8B | 32 layers, 8 KV heads (GQA) | 128 KiB | 3 GiB |\n")
    found = scanned_text(tmp_path, lead + table)
    for size in ("512 KiB", "128 KiB"):
        assert found[size].finding.verdict.holds and found[size].given.get("kv_dtype") == "bf16", size
    held = scanned_text(tmp_path, lead + table.replace("128 KiB", "96 KiB"))["96 KiB"]  # 128 KiB in 16 bits, 64 in FP8
    assert held.finding is None and any(e.startswith("held back") for e in held.evidence)
    set_up = scanned_text(tmp_path, lead + table.replace("## By architecture", "## By architecture, with an FP8 cache"))
    assert set_up["128 KiB"].finding.verdict is Verdict.MISMATCH


def test_tokens_per_verify_pass_are_the_accepted_length_of_the_alpha_and_gamma_the_page_sets(tmp_path):
    """"α = 0.8, γ = 4 → ≈ 3.36 tokens per verify pass": a count of tokens fits the plain count the accepted-length formula
    gives (its title says tokens per round), at the acceptance and draft length the sentence sets. A 3.9 it misses with
    no slip to explain it is held back, its draft's mismatch kept for the reviewer, not flagged."""
    text = "# Speculation\n\nThe geometric sum. Worked: α = 0.8, γ = 4 → ≈ 3.36 tokens per verify pass.\n"
    found = scanned_text(tmp_path, text)["≈ 3.36 tokens"]
    assert found.formula == "accepted_length" and found.given == {"alpha": 0.8, "gamma": 4} and found.finding.verdict.holds
    wrong = scanned_text(tmp_path, text.replace("3.36", "3.9"))["≈ 3.9 tokens"]
    assert wrong.finding is None and wrong.pending.verdict is Verdict.MISMATCH and wrong.formula == "accepted_length"


def test_one_devices_share_is_never_priced_by_a_formula_of_the_whole_model(tmp_path):
    """"| 70B GQA-8 (TP=4) | ~0.08 MB/tok |" under "KV_per_token/GPU": a rank's share of Llama 3 70B's 320 KiB per token,
    which the per-token formula of the whole model cannot give, so it is held back, not accused; the TP=1 row beside it is
    the whole model's, and its "~0.125 MB" for 128 KiB is still checked. A card's usable memory under "/GPU" is no sum
    over the four cards the section names."""
    found = scanned_text(tmp_path, "# Quick figures\n\n| Model | KV_per_token/GPU (FP16) |\n|---|---|\n"
                                   "| Llama 3 8B GQA-8 (TP=1) | ~0.125 MB/tok |\n| Llama 3 70B GQA-8 (TP=4) | ~0.08 MB/tok |\n")
    share = found["~0.08 MB/tok"]
    assert share.finding is None and "share of one GPU or rank" in share.evidence[-1]
    whole = found["~0.125 MB/tok"]
    assert whole.formula == "kv_bytes_per_token_gqa" and whole.finding is not None
    cards = scanned_text(tmp_path, "# Utilisation\n\nLlama 3 70B on 4×H100 (TP=4):\n\n| gpu_memory_utilization | Usable memory/GPU |"
                                   " KV space/GPU |\n|---|---|---|\n| 0.7 | 56 GB | 19 GB |\n| 0.8 | 64 GB | 27 GB |\n")
    assert all(cards[size].finding is None or cards[size].finding.verdict.holds for size in ("56 GB", "64 GB"))


def test_a_label_that_names_its_sum_and_a_column_per_live_token_scaled_by_its_headers_length(tmp_path):
    """"| Mistral full GQA KV: `2×88×8×128×2` | 360,448 |": the label names the sum the next cell gives; "Bytes per live
    token" is bytes counted per token, so "At 32,768 tokens" is that column times the header's length (11.000 GiB)."""
    found = scanned_text(tmp_path, "# Cache\n\n| Component | Bytes per live token | At 32,768 tokens | At 131,072 tokens |\n"
                                   "|---|---:|---:|---:|\n| Mistral full GQA KV: `2×88×8×128×2` | 360,448 | 11.000 GiB | 44.000 GiB |\n"
                                   "| Qwen full layers: `2×10×2×256×2` | 20,480 | 0.625 GiB | 2.500 GiB |\n"
                                   "| Latent: `78×(512+64)×2` | 89,856 | 2.742 GiB | 10.969 GiB |\n| Reported | 890 | 0.027 GiB | 0.109 GiB |\n")
    assert found["360,448"].arithmetic == "2*88*8*128*2" and found["360,448"].finding.verdict.holds
    for size in ("11.000 GiB", "2.500 GiB", "10.969 GiB"):
        assert found[size].given.get("k") in ("32768 tokens", "131072 tokens") and found[size].finding.verdict.holds, size
    from auditor.scan.tables import header_unit

    assert header_unit("Bytes per live token") == "B" and header_unit("Bytes per token") in ("B", "Bytes/token")


def test_a_header_that_lists_its_factors_sets_each_rows_inputs(tmp_path):
    """"| Concurrency × sequence length | KV Cache (FP16) |" over "| 1 × 2K | 0.625 GB |": each row sets a batch and a
    context length for its cells, so the cache of Llama 3 70B at 2,048 tokens (0.671 GB) is checked, and the 0.625 printed
    for 0.625 GiB is named for what it is."""
    found = scanned_text(tmp_path, "# KV cache\n\nFor Llama-3-70B (BF16), weights 140 GB:\n\n"
                                   "| Concurrency × sequence length | KV Cache (FP16) |\n|---|---|\n| 1 × 2K | 0.625 GB |\n| 1 × 128K | 40 GB |\n")
    small = found["0.625 GB"]
    assert small.given.get("seq_len") == 2048 and small.finding.verdict is Verdict.MISMATCH
    assert any("GiB printed as GB" in d.description for d in small.finding.diagnoses)
    from auditor.audit.project import Project
    from auditor.scan.inputs import symbol_aliases
    from auditor.scan.tables import column_inputs

    aliases = symbol_aliases(Project.load(tmp_path).catalogue)
    assert column_inputs("Concurrency × sequence length", aliases) == [frozenset({"batch"}), frozenset({"seq_len"})]


def test_a_tables_rows_are_each_their_own_case(tmp_path):
    """"| MHA | 0.5 MB |" above "| GQA (8 groups) | 0.125 MB |": the MHA row keeps every head's K and V whatever the
    section says of 8 KV heads; and "3.2 GB" in Llama 2 70B's row is no restatement of the "3.2 GB" in Llama 13B's row
    above it, but its own cache, checked as such (2.5 GiB at 32K, not 3.2 GB)."""
    found = scanned_text(tmp_path, "# Heads\n\nIn FP16, with GQA, 32 query heads share 8 KV heads.\n\n| Architecture | KV Cache per Token (LLaMA-7B scale) |\n"
                                   "|---|---|\n| MHA | 0.5 MB |\n| GQA (8 groups) | 0.125 MB |\n")
    assert found["0.5 MB"].given.get("n_kv_heads") == 32 and found["0.5 MB"].finding.verdict.holds
    cell = development_number("held-out-31", "placement-prep-kv-cache.md", 90, "| LLaMA-70B | 80 | 8 | 128 | 0.1 MB | 0.4 GB | 3.2 GB |", "3.2 GB")
    assert not any("restates" in e for e in cell.evidence)


def test_a_ratio_cell_is_a_value_a_tables_arithmetic_may_give_but_its_reference_is_no_claim(tmp_path):
    """"| 8,192 | 146,668 | 17.90× |" under "Max concurrency": the tokens over the length in every row, the table's own
    arithmetic; "1.00× (baseline)" in a column of ratios to one card is what the others are measured against."""
    found = scanned_text(tmp_path, "# Sweep\n\n| `--max-model-len` | KV cache tokens | Max concurrency |\n|---:|---:|---:|\n"
                                   "| 8,192 | 146,668 | 17.90× |\n| 32,768 | 415,501 | 12.68× |\n| 131,072 | 766,222 | 5.85× |\n"
                                   "| 262,144 | 891,535 | 3.40× |\n")
    assert found["17.90×"].arithmetic == "KV_cache_tokens / max_model_len" and found["17.90×"].finding.verdict.holds
    cards = scanned_text(tmp_path, "# Cards\n\n| GPU | HBM Bandwidth | vs H100 |\n|---|---|---|\n| A100 SXM | 2.00 TB/s | 0.60× |\n"
                                   "| H100 SXM | 3.35 TB/s | 1.00× (baseline) |\n| H200 SXM | 4.80 TB/s | 1.43× |\n| B200 SXM | 8.00 TB/s | 2.39× |\n")
    assert ("1.00×" not in cards or not cards["1.00×"].proposed) and not cards["4.80 TB/s"].proposed


def test_a_column_of_ratios_with_a_baseline_row_is_each_rows_figure_against_the_baselines(tmp_path):
    """"| FP32 | 4.0 | 1.0× (baseline) |" over "| INT4 | 0.5 | 8.0× |": each speed-up is the baseline's bytes over its
    row's, the place where the ratios print 1 anchoring the rule; the one row that breaks it (4.0 / 1.0 is 4, not 3)
    is audited and flagged, and "Bits" in proportion to "Bytes" is one rule with it, not a rival."""
    found = scanned_text(tmp_path, "# Formats\n\n| Format | Bytes | Bits | Speedup |\n|---|---|---|---|\n| FP32 | 4.0 | 32 | 1.0× (baseline) |\n"
                                   "| FP16 | 2.0 | 16 | 2.0× |\n| FP8 | 1.0 | 8 | 3.0× |\n| INT4 | 0.5 | 4 | 8.0× |\n| NVFP4 | 0.56 | 4.5 | 7.1× |\n")
    eight = found["8.0×"]
    assert eight.arithmetic.startswith("k / ") and sorted(eight.given.values()) == ["0.5 Bytes", "4.0 Bytes"] and eight.finding.verdict.holds
    assert "its line's figure where this one is 1" in eight.evidence[0]
    assert found["7.1×"].finding.verdict.holds and found["3.0×"].finding.verdict.value == "mismatch"
    assert not found["1.0×"].proposed


def test_a_total_cell_that_prints_its_own_unit_keeps_it_under_a_header_that_names_one(tmp_path):
    """"| Total per pass | **~200 GB** |" under "Bytes": the sum of the rows above, audited in the cell's own GB (the
    header's unit put on top of it made "~200 GB Bytes", which no audit reads)."""
    found = scanned_text(tmp_path, "# Pass\n\n| Component | Bytes |\n|---|---|\n| Experts | ~149 GB |\n| Shared | 5.6 GB |\n"
                                   "| KV reads | 44.8 GB |\n| Total per pass | **~200 GB** |\n")
    total = found["~200 GB"]
    assert total.arithmetic is not None and total.finding is not None and total.finding.verdict.holds


def test_a_ratio_cell_printed_sign_first_is_the_quotient_of_its_rows_cells(tmp_path):
    """"| 2K | ~115 | ~230 | x2 |" under "Change": the new column over the old in every row; the row whose "x3" no
    quotient gives is audited as the others are, and flagged."""
    found = scanned_text(tmp_path, "# FP8 cache\n\n| Tokens per request | Original | With FP8 KV | Change |\n|---|---|---|---|\n"
                                   "| 2K | ~115 | ~230 | x2 |\n| 4K | ~57 | ~115 | x2 |\n| 8K | ~28 | ~57 | x2 |\n| 16K | ~14 | ~28 | x3 |\n")
    change = [p for p in found.values() if p.stated == "2×"]
    assert change and all(p.arithmetic == "With_FP8_KV / Original" and p.finding.verdict.holds for p in change)
    assert found["3×"].finding.verdict.value == "mismatch"


def test_a_cards_column_takes_its_own_sheet_not_another_cards_figure_the_page_prints(tmp_path):
    """"| A100 tokens/s |" on a page that prints the H100's 3.35 TB/s in its text: that figure is the H100's sheet, not
    the A100's, so the A100 column is priced at the A100's 2,039 GB/s; "INT4, group size 128" is the grouped format
    (4.125 bits a weight), not bare INT4, so 4.14 GB of Llama 3 8B holds."""
    text = ("# Ceiling\n\nThe GPU moves data from HBM at 3.35 TB/s. For Llama-3-8B at batch 1:\n\n"
            "| Weights | Size | H100 tokens/s | A100 tokens/s |\n|---|---|---|---|\n| BF16 | 16.06 GB | 209 | 127 |\n"
            "| INT4, group size 128 | 4.14 GB | 809 | 492 |\n")
    found = scanned_text(tmp_path, text)
    assert found["127"].finding.verdict.holds and found["492"].finding.verdict.holds
    assert found["4.14 GB"].given.get("weight_dtype") == "int4_g128" and found["4.14 GB"].finding.verdict.holds
    from auditor.scan.match import find_dtypes

    assert [d for _, _, d in find_dtypes("int4 (group size 128) and INT4 g128, then INT4", ("int4_g128",))] == ["int4_g128", "int4_g128", "int4"]


def test_a_width_in_bits_names_its_format_only_as_a_whole_word():
    """"2 (16 bit)" prices a 16-bit format, as "16-bit" does; "64-bit" and "a 128 bit bus" name none."""
    from auditor.scan.match import find_dtypes

    assert [d for _, _, d in find_dtypes("bytes/param: 2 (16 bit); weights in 4 bit; an 8-bit cache")] == ["fp16", "int4", "int8"]
    assert find_dtypes("a 64-bit index over a 128 bit bus, 14-bit ADC") == []


def test_a_reciprocal_of_a_column_is_no_rule_where_the_units_do_not_invert():
    """A column of sizes is no reciprocal of a column of rates: the rule's units must be the other's inverse."""
    from auditor.scan.tables import find_tables
    from auditor.scan.table_relations import table_relations

    text = ("| GPU | Rate | Power | Size |\n|---|---|---|---|\n| a | 2 tok/s | 300W | 0.5 GB |\n| b | 4 tok/s | 350W | 0.25 GB |\n"
            "| c | 5 tok/s | 700W | 0.2 GB |\n| d | 8 tok/s | 400W | 0.125 GB |\n")
    assert table_relations(find_tables(text)) == []
    timed = text.replace(" GB |", " s |").replace("Size", "Time")
    assert {r.expression for r in table_relations(find_tables(timed))} == {"1 / Rate"}


def test_a_row_labels_figure_over_a_column_headers_figure_prices_a_bare_rate(tmp_path):
    """"| Llama 70B (140 GB) | 14 | 24 |" under "| Model | A100 (2 TB/s) | H100 (3.35 TB/s) |": each cell is its column's
    bandwidth over its row's weights, a rate the page prints bare (tokens a second)."""
    found = scanned_text(tmp_path, "| Model | A100 (2 TB/s) | H100 (3.35 TB/s) |\n|---|---|---|\n| Llama 8B (16 GB) | 125 | 209 |\n"
                                   "| Llama 70B (140 GB) | 14 | 24 |\n| Mistral 7B (14.5 GB) | 138 | 231 |\n")
    for cell in ("125", "14", "138", "209", "24", "231"):
        assert found[cell].finding is not None and found[cell].finding.verdict.holds, cell
    assert found["24"].given == {"Model": "140 GB", "k": "3.35 TB/s"}


def test_a_tables_caption_gives_its_bare_cells_their_unit(tmp_path):
    """"### Decode speed at batch 1, FP16 (tokens/s)" right above "| Llama 3 70B | 14 | 24 |" under A100 and H100 columns:
    every cell is tokens a second, priced from each card's sheet; a sentence that runs on above a table is no caption."""
    found = scanned_text(tmp_path, "# Speeds\n\n### Decode speed at batch 1, FP16 (tokens/s)\n\n| Model | A100 80GB | H100 SXM |\n"
                                   "|---|---|---|\n| Llama 3 8B | 128 | 209 |\n| Llama 3 70B | 14 | 24 |\n")
    assert found["24"].proposed and found["24"].finding.verdict.holds
    from auditor.scan.tables import caption_unit

    text = "We measured all of this carefully over many runs on both cards (in ms)\n| a | b |\n"
    caption = "**Table 2: step latency in ms**\n| a | b |"
    assert caption_unit(caption, caption.index("|")) == "ms"
    assert caption_unit(text, text.index("|")) == "ms"  # short enough to be a caption
    long = "x" * 170 + " (ms)\n| a | b |"
    assert caption_unit(long, long.index("|")) == ""


def test_a_column_headed_by_a_token_count_in_capitals_sets_its_cells_context(tmp_path):
    """"| LLaMA-7B | 512 KB | 512 MB | 2 GB |" under "| Model | Per Token | 1024 Tokens | 4096 Tokens |": the last cell is
    4,096 tokens of cache (2 GiB), not a length printed somewhere else on the page."""
    found = scanned_text(tmp_path, "| Model | Per Token | 1024 Tokens | 4096 Tokens |\n|---|---|---|---|\n"
                                   "| LLaMA-7B | 512 KB | 512 MB | 2 GB |\n\nA prompt of 100 tokens is short.\n")
    assert found["2 GB"].given.get("seq_len") == 4096


def test_a_models_name_in_a_header_is_no_figure_of_bytes():
    from auditor.scan.table_relations import header_figure

    assert header_figure("70B FP8 (70 GB) cold start").text == "70 GB"
    assert header_figure("Llama 8B") is None and header_figure("Batch 32") is None


def test_an_operand_the_page_worked_out_from_two_numbers_before_it_is_a_claim_too(tmp_path):
    """"$4,608 / 2,680M = $1.72/M" after "8,935M tokens" and "30% utilization": 2,680M is the sum's input and 30% of
    8,935M, proposed as that product because it holds; the sum still reads it as printed."""
    found = scanned_text(tmp_path, "Monthly capacity: 12.24M × 730 hrs = 8,935M tokens.\n\n"
                                   "At 30% utilization (realistic): Effective: $4,608 / 2,680M = $1.72/M\n")
    effective = found["2,680M"]
    assert effective.arithmetic is not None and "30" in effective.arithmetic and "8935" in effective.arithmetic.replace(",", "")
    assert effective.finding is not None and effective.finding.verdict.holds


def test_a_count_before_a_multiplication_sign_is_no_ratio(tmp_path):
    """"2 x 62 layers x 5376" multiplies; "2x faster" and "grew 128x." are ratios."""
    found = scanned_text(tmp_path, "The cache is 2 x 62 layers x 5376 wide. It runs 2x faster, and throughput grew 128x.\n")
    assert "2" in found and "2 x" not in found
    assert "2x" in found and "128x" in found


def test_a_card_named_only_in_another_paragraph_may_confirm_a_number_but_not_accuse_it(tmp_path):
    """"two 80 GB H100s" two paragraphs up, then "a 40 GB budget": priced on the H100's sheet the budget misses, but the
    card is the section's, not the sentence's; the number is held back, not flagged. Named in its own paragraph, the same
    card prices "~24 tokens/s" as before."""
    found = scanned_text(tmp_path, "# Sizing\n\nLlama 3 70B in FP16 needs 140 GB for weights, so it needs two 80 GB H100s.\n\n"
                                   "At 3.35 TB/s, reading 140 GB takes about 42 ms, so decode is capped at ~24 tokens/s.\n\n"
                                   "With a 4K context, each Llama 3 8B sequence needs 512 MB; a 40 GB budget fits 80 sequences.\n")
    budget = found["40 GB"]
    assert budget.finding is None or budget.finding.verdict.holds
    assert found["~24 tokens/s"].finding.verdict.holds


def test_from_one_figure_to_another_is_a_change_not_a_span(tmp_path):
    """"rose from 400 tokens/s to 1,600 tokens/s, a 4x gain": both ends are quantities, and the gain their quotient."""
    found = scanned_text(tmp_path, "With continuous batching, throughput rose from 400 tokens/s to 1,600 tokens/s, a 4x gain.\n")
    assert found["4x"].arithmetic is not None and found["4x"].finding.verdict.holds


def test_what_a_budget_leaves_is_worked_out_not_an_input(tmp_path):
    """"that leaves about 10 GB for the KV cache" beside "24 GB of VRAM": a remainder, not a card's memory the page cites."""
    found = scanned_text(tmp_path, "On an RTX 4090 with 24 GB of VRAM, that leaves about 10 GB for the KV cache after loading the FP16 weights.\n")
    assert not any("an input the page sets" in e for e in found["about 10 GB"].evidence)


def test_a_name_several_bundled_releases_share_prices_only_what_they_agree_on(tmp_path):
    """"Llama 70B" is Llama 2 70B or one of Llama 3's: their KV geometry is one (80 layers, 8 KV heads of 128), so
    "1.28 GB" at 4,096 tokens is checked and its slip named; their parameter counts differ (69.0B, 70.6B), so its
    weights are priced at the count its name gives, not at one release's."""
    found = scanned_text(tmp_path, "Each Llama 70B request at 4096 tokens needs 1.28 GB of KV cache in FP16.\n\n"
                                   "| Model | FP16 (GB) | INT8 (GB) |\n|---|---|---|\n| Llama-70B | 140.0 | 70.0 |\n")
    cache = found["1.28 GB"].finding
    assert cache.verdict.value == "mismatch" and round(float(cache.computed_base) / 1e9, 2) == 1.34
    assert "model" not in found["140.0"].given and found["140.0"].finding.verdict.holds


def test_a_name_a_page_also_writes_in_full_is_that_release():
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.scan.match import ambiguous, find_models

    ids = Project.load(Path(__file__).resolve().parent.parent).inputs.model_ids()
    text = "Llama 3 70B has 80 layers. A Llama 70B request needs 1.34 GB."
    models = find_models(text, ids)
    assert {m for _, _, m in models} == {"meta-llama/Meta-Llama-3-70B"} and ambiguous(text, ids, models) == {}
    alone = "A Llama 70B request needs 1.34 GB."
    assert len(ambiguous(alone, ids, find_models(alone, ids))) == 1


def test_memory_a_page_says_is_free_is_a_budget_it_sets(tmp_path):
    """"You have 10 GB free for KV cache": an input; "that leaves 10 GB free" is worked out."""
    found = scanned_text(tmp_path, "You have 10 GB free for KV cache. Each Llama 70B request at 4096 tokens needs 1.28 GB.\n")
    assert not found["10 GB"].proposed and "an input" in found["10 GB"].evidence[0]


def test_a_counted_result_of_a_printed_sum_in_a_list_item_is_its_claim(tmp_path):
    """'- 4096 * 32000 = 131M parameters': the dash opens the item (no minus), and a count with a suffix after '=' is the result."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    page = tmp_path / "counts.md"
    page.write_text("The parts:\n\n- 4096 * 32000 = 131M parameters for the embedding\n- 32 * 128 * 8 * 2 = 65K elements per token\n", encoding="utf-8")
    project, document = Project.load(tmp_path), Document.read(page)
    proposals = {p.stated: p for p in Scanner(document, project).proposals()}
    assert proposals["131M"].arithmetic == "4096 * 32000"
    assert proposals["65K"].arithmetic == "32 * 128 * 8 * 2"
    audit_proposals(list(proposals.values()), document, project)
    assert proposals["131M"].finding.verdict.value == "holds"


def test_a_dtype_set_up_before_a_number_beats_one_named_after_it():
    from auditor.scan.given import set_up

    dtypes = [(10, 14, "fp16"), (80, 85, "int8")]
    sentence, paragraph, section = (40, 70), (30, 100), (0, 100)
    assert set_up(dtypes, [sentence, paragraph, section], 50) == "fp16"  # the section set fp16 up; int8 opens the next sentence
    assert set_up(dtypes, [(75, 95), paragraph, section], 90) == "int8"  # named in the number's own sentence
    assert set_up([(80, 85, "int8")], [sentence, paragraph, section], 50) == "int8"  # only one named after: still it


def test_a_value_the_page_gives_a_name_no_input_has_is_located_not_proposed(tmp_path):
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    page = tmp_path / "named.md"
    page.write_text("Per token the FFN costs\n\n$$\nC_{\\text{FFN}} = 352,321,536\n$$\n\nwith d_model = 4096 here.\n", encoding="utf-8")
    proposals = {p.stated: p for p in Scanner(Document.read(page), Project.load(tmp_path)).proposals()}
    assert "352,321,536" in proposals and not proposals["352,321,536"].proposed
    assert "C_FFN" in proposals["352,321,536"].evidence[0]
    assert "4096" not in proposals  # d_model is an input the page sets


def test_a_value_an_operator_continues_is_no_setting_and_a_middle_dot_times_ten_is_read():
    """'FLOPs = 19.3 · 10^9 · batch_size' (LaTeX \\cdot): the number is 19.3e9 and sets no input; a plain 'tp = 8' still does."""
    from auditor.base.quantity import parse_stated
    from auditor.scan.inputs import find_assignments

    assert parse_stated("19.3 · 10^9").value == 19_300_000_000
    aliases = {"flops": {"flops_per_token"}, "tp": {"tp"}}
    assert find_assignments("FLOPs = 19.3 · 10^9 · batch_size", aliases) == []
    assert [a.values for a in find_assignments("with tp = 8 here", aliases)] == [(8,)]


def test_a_width_written_as_bits_per_weight_sets_the_bytes_per_parameter(tmp_path):
    """'~4.5 bits/weight' is what the checkpoint stores: 35B parameters take 19.7 GB at it, not 35 GB at 'FP8'."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.given import bits_per_weight
    from auditor.scan.propose import Scanner, audit_proposals

    assert bits_per_weight("weights at ~4.5 bits/weight and", [(0, 31)], 20) == "0.5625 B"
    assert bits_per_weight("at 16 bits per parameter", [(0, 24)], 0) == "2 B"
    page = tmp_path / "width.md"
    page.write_text("The model has ~35B parameters. Weights use 4-bit quantization (~4.5 bits/weight), and the cache FP8. "
                    "That gets us to ~19.7 GB for model weights.\n", encoding="utf-8")
    project, document = Project.load(tmp_path), Document.read(page)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    weights = next(p for p in proposals if p.stated == "~19.7 GB")
    assert weights.given.get("bytes_per_param") == "0.5625 B" and "weight_dtype" not in weights.given
    assert weights.finding.verdict.value == "holds"


FORMATS = """# Weights at each width

| Model Size | FP16 (16-bit) | Q8_0 (8-bit) | Q6_K (6-bit) | Q4_K (4-bit) |
|------------|---------------|--------------|--------------|--------------|
| 7B         | ~14 GB        | ~7 GB        | ~5.25 GB     | ~3.5 GB      |
"""


def scanned(path, proposed_only: bool = True) -> dict:
    """The page's numbers, scanned and audited, by their printed text: the proposed ones, or all located."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    project, document = Project.load(path.parent), Document.read(path)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    return {p.stated: p for p in proposals if p.proposed or not proposed_only}


_scanned = scanned


def scanned_text(tmp_path, text: str) -> dict:
    """``text`` written as a Markdown page and scanned: every located number, by its printed text."""
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return scanned(page, proposed_only=False)


def development_number(folder: str, name: str, line: int, as_saved: str, stated: str):
    """The one number printed as ``stated`` on ``line`` of a saved development page, scanned and audited; the line is
    checked against ``as_saved`` first, so a test reads the page it was written for."""
    from pathlib import Path

    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    page = Path(__file__).parent / "data" / "scan" / folder / name
    assert page.read_text(encoding="utf-8").splitlines()[line - 1] == as_saved  # the page as saved
    project, document = Project.load(page.parent), Document.read(page)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    (found,) = [p for p in proposals if p.stated == stated and document.position(p.raw[0])[0] == line]
    return found


def test_a_formula_the_context_feeds_and_the_number_holds_by_stands_in_for_the_words_first_that_misses_it():
    """"| 405B GQA-8 (TP=8) | 63 KB | **~0.06 MB/tok** |": the words rank a formula first that misses the number with no
    slip to explain it, so it accuses nothing; the cache per token on one of eight ranks, which the context feeds in
    full, gives 63 KB, and a formula ranked below may confirm a number, never accuse it."""
    found = development_number("held-out-30", "kv-cache-memory-calculation.md", 412, "| 405B GQA-8 (TP=8) | 63 KB | **~0.06 MB/tok** |",
                               "~0.06 MB/tok")
    assert found.formula == "kv_bytes_per_token_per_rank" and found.given["tp"] == 8 and found.finding.verdict.holds
    assert any("misses the number with no slip" in e for e in found.evidence)


def test_a_table_cell_takes_the_dtype_its_column_header_names_from_the_dtype_table(tmp_path):
    """7B parameters at the nominal bits each header names: 14, 7, 5.25 and 3.5 GB."""
    page = tmp_path / "formats.md"
    page.write_text(FORMATS, encoding="utf-8")
    found = _scanned(page)
    assert {s: p.given.get("weight_dtype") for s, p in found.items()} == {"~14 GB": "fp16", "~7 GB": "q8_0", "~5.25 GB": "q6_k", "~3.5 GB": "q4_k"}
    assert all(p.finding.verdict.value == "holds" for p in found.values()), {s: p.finding.message for s, p in found.items()}


def test_a_page_saved_with_windows_line_endings_reads_as_the_same_page_at_the_same_places(tmp_path):
    plain, windows = tmp_path / "plain.md", tmp_path / "windows.md"
    plain.write_bytes(FORMATS.encode("utf-8"))
    windows.write_bytes(FORMATS.replace("\n", "\r\n").encode("utf-8"))
    unix, crlf = _scanned(plain), _scanned(windows)
    assert set(unix) == set(crlf) and len(unix) == 4

    def places(found, path):
        text = path.read_bytes().decode("utf-8")
        return [(text.count("\n", 0, p.start) + 1, text[p.start:p.end], p.given) for p in found.values()]

    assert places(unix, plain) == places(crlf, windows)


def test_a_parameter_count_the_context_prints_for_another_model_keeps_the_named_model_out(tmp_path):
    """'like Llama 7B' and then '~35B parameters' for a model no config is bundled for: the 7B geometry prices neither."""
    page = tmp_path / "other-model.md"
    page.write_text("## KV cache\n\nA model without GQA, like Llama 2 7B, needs 2 GiB for a 4096-token context in fp16.\n\n"
                    "Now a model with ~35B parameters: a 4096-token context takes ~5.3 GB of KV cache in fp16.\n", encoding="utf-8")
    proposed = _scanned(page)
    assert proposed["2 GiB"].given.get("model") == "meta-llama/Llama-2-7b-hf"
    assert proposed["2 GiB"].finding.verdict.value == "holds"  # 2 * 32 * 4096 * 2 B * 4096 tokens = 2 GiB
    assert "~5.3 GB" not in proposed  # 35B is not the 6.74B the named model's config counts


def test_the_named_model_counts_within_its_names_precision():
    """A size in a name is its count rounded ("7B" for 6.74e9, "70B" for 70.55e9); 35B is another model."""
    from types import SimpleNamespace

    from auditor.scan.given import count_contradicts

    def scanner(count, written):
        return SimpleNamespace(model_count=lambda model: count, written=written)

    def printed(start, value):
        return SimpleNamespace(start=start, value=value, dimensions=(), text=f"{value:g}")

    sentence, paragraph = (0, 50), (0, 200)
    assert count_contradicts(scanner(6_738_415_616, [printed(120, 35e9)]), "m", [sentence, paragraph], 10)
    assert not count_contradicts(scanner(6_738_415_616, [printed(20, 7e9), printed(120, 35e9)]), "m", [sentence, paragraph], 10)
    assert not count_contradicts(scanner(70_553_706_496, [printed(120, 70e9)]), "m", [sentence, paragraph], 10)
    assert not count_contradicts(scanner(None, [printed(120, 35e9)]), "m", [sentence, paragraph], 10)
    assert not count_contradicts(scanner(6_738_415_616, [printed(300, 35e9)]), "m", [sentence, paragraph], 10)  # outside the scopes


def test_a_runner_up_formula_is_proposed_only_when_it_holds_or_a_named_slip_explains_it(tmp_path):
    """7e9 fp16 weights are 14 GB: near "15 GB", so a first choice is audited (and flags it); the words' second choice is not."""
    from auditor.audit.project import Project
    from auditor.scan.locate import Proposal
    from auditor.scan.plausibility import far_from

    project = Project.load(tmp_path)
    given = {"n_params": 7_000_000_000, "weight_dtype": "fp16"}

    def reason(stated, runner_up):
        proposal = Proposal(0, len(stated), stated, stated, stated)
        return far_from(project, proposal, "weight_bytes", given, "", runner_up=runner_up)

    assert reason("15 GB", runner_up=False) == ""
    assert "runner-up" in reason("15 GB", runner_up=True)
    assert reason("14 GB", runner_up=True) == ""  # it holds
    assert reason("28 GB", runner_up=True) == ""  # off by a named slip: the 2-byte weights counted twice


def test_a_formula_that_at_its_defaults_is_one_of_its_inputs_is_a_cited_figure_not_a_claim(tmp_path):
    """'Memory bandwidth summed over the devices' at one device is the sheet's bandwidth: "A100: 1935 GB/s" cites it."""
    from auditor.audit.project import Project
    from auditor.scan.choose import restated_input

    catalogue = Project.load(tmp_path).catalogue
    assert "n_devices = 1" in restated_input(catalogue, "aggregate_mem_bandwidth", {"gpu": "a100_80gb_sxm"})
    assert restated_input(catalogue, "aggregate_mem_bandwidth", {"gpu": "a100_80gb_sxm", "n_devices": 8}) == ""
    assert restated_input(catalogue, "weight_bytes", {"n_params": 7e9, "weight_dtype": "fp16"}) == ""
    page = tmp_path / "sheet.md"
    page.write_text("Memory bandwidth: [A100](https://example.com/a100.pdf): 1935 GB/s, [4090](https://example.com/ada.pdf): 1008 GB/s.\n",
                    encoding="utf-8")
    assert not {"1935 GB/s", "1008 GB/s"} & set(_scanned(page))


def test_a_speed_the_page_reports_as_measured_is_located_not_proposed(tmp_path):
    """A formula bounds a measured speed; it does not give it: "seeing ~0.1 tokens/s" is no mismatch with a ceiling."""
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner

    page = tmp_path / "measured.md"
    page.write_text("The 7B model in int4 reads 3.5 GB per token at 4 GB/s of memory bandwidth.\n\n"
                    "- On a Pixel5, you can run the 7B parameter model at 1 tokens/s.\n"
                    "- Given that we're currently seeing ~0.1 tokens/s, it is compute-bound.\n", encoding="utf-8")
    proposals = {p.stated: p for p in Scanner(Document.read(page), Project.load(tmp_path)).proposals()}
    for stated in ("1 tokens/s", "~0.1 tokens/s"):
        assert not proposals[stated].proposed
        assert "a measurement the page reports" in proposals[stated].evidence[0]


def test_a_size_the_page_prints_on_the_way_is_the_input_of_the_numbers_after_it(tmp_path):
    """'100 kB/token of KV cache' then a batch: 100e3 B * 8192 * 32 = 26.2 GB, from the page's own figure, no model needed."""
    page = tmp_path / "sizes.md"
    page.write_text("## Sizing the cache\n\nEach token of this model needs 100 kB/token of KV cache. "
                    "A batch of 32 sequences of 8192 tokens then needs 26.2 GB of KV cache.\n", encoding="utf-8")
    batch = _scanned(page)["26.2 GB"]
    assert "100 kB/token" in batch.given.values() and "model" not in batch.given
    assert batch.finding.verdict.value == "holds"


def test_a_count_is_read_by_the_noun_it_counts_not_by_what_the_symbol_counts_per(tmp_path):
    """'330 launches' is launches_per_step; '8192 tokens' is no number of cached values per token."""
    from auditor.audit.project import Project
    from auditor.scan.inputs import counted_value

    symbols = Project.load(tmp_path).catalogue.symbols
    text = "a step of 330 launches over 8192 tokens"
    assert counted_value(symbols["launches_per_step"], text, 0, len(text), (0, 0)) == 330
    assert counted_value(symbols["kv_values_per_token"], text, 0, len(text), (0, 0)) is None


def test_a_word_another_number_follows_is_no_counted_noun(tmp_path):
    """In '1 full 131,072-token history' the 1 counts histories: 'full' describes what follows, so it sets no
    layer count; '2 full layers' still does."""
    from auditor.audit.project import Project
    from auditor.scan.inputs import counted_value

    layers = Project.load(tmp_path).catalogue.symbols["n_full_kv_layers"]
    text = "1 full 131,072-token history uses 40 GiB"
    assert counted_value(layers, text, 0, len(text), (0, 0)) is None
    text = "a draft of 2 full layers"
    assert counted_value(layers, text, 0, len(text), (0, 0)) == 2


def test_the_words_beside_a_table_cell_are_its_row_label_and_column_header_not_the_next_cells(tmp_path):
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner
    from auditor.scan.tables import place_of

    page = tmp_path / "rows.md"
    page.write_text("| Batch Size | 1 | 8 |\n| --- | --- | --- |\n| KV Cache Memory (GiB) | 6.7 | 53.6 |\n| Total Memory (GiB) | 32.7 | 79.6 |\n",
                    encoding="utf-8")
    scanner = Scanner(Document.read(page), Project.load(tmp_path))
    cell = next(p for p in scanner.proposals() if p.stated.startswith("53.6"))
    texts = scanner._texts(cell, scanner._scopes(cell), place_of(scanner.tables, cell.start))
    assert "KV Cache Memory" in texts[1][0] and "Total Memory" not in texts[1][0] and "6.7" not in texts[1][0]


def test_a_number_times_a_power_of_ten_is_one_number_with_its_unit():
    """LaTeX's '0.990 \\times 10^{15} \\text{ FLOPs/s}' over '4.8 \\times 10^{12} \\text{ bytes/s}': 206.25, a printed sum."""
    from auditor.scan.quantities import written_quantities
    from auditor.scan.sums import find_sums, plain_number

    assert plain_number("0.990  ×  10^(15)") == "0.990e15" and plain_number("1,024") == "1024"
    text = "Intensity = (0.990  ×  10^(15)  FLOPs/s)/(4.8  ×  10^(12)  bytes/s)  ≈  206.3  FLOPs/byte."
    (found,) = find_sums(text)
    assert found.expression == "((0.990e15*(FLOPs/s)))/((4.8e12*(bytes/s)))"
    assert text[found.result_start :].startswith("206.3")
    assert [w.given for w in written_quantities("HBM of 4.8 × 10^12 bytes/s")] == ["4.8e12 bytes/s"]


def test_letters_in_brackets_after_a_factor_name_it_not_multiply_it():
    """"x 2 (K+V) x 2 bytes": the 2 counts keys and values; (K+V) is no sum of two inputs the page never sets."""
    from auditor.scan.sums import find_sums

    (found,) = find_sums("8 KV heads x 128 dim x 32 layers x 2 (K+V) x 2 bytes = 131 KB per token.")
    assert found.expression == "8 * 128 * 32 * 2 * (2*bytes)" and not found.names


def test_a_count_word_scales_the_number_before_it_in_a_sum():
    """"70 billion x 2 bytes = 140 GB": the billion is a factor, where a count's noun ("8 GPUs") is not."""
    from auditor.scan.sums import find_sums

    (found,) = find_sums("That is 70 billion x 2 bytes = 140 GB.")
    assert found.expression == "(70*billion) * (2*bytes)"
    assert [s.expression for s in find_sums("8 GPUs x 80 GB = 640 GB")] == ["8 * (80*GB)"]


def test_a_model_the_next_sections_heading_names_is_not_this_sections(tmp_path):
    """2 * 80 * 8 * 128 * 2 B = 320 KiB is Llama 2 70B's, the heading above; the 7B of the heading below is the next example's."""
    page = tmp_path / "examples.md"
    page.write_text("## Example a: Llama 2 70B\n\nWith fp16 the KV cache is 320 KiB per token.\n\n"
                    "## Example b: Llama 2 7B\n\nWith fp16 the KV cache is 512 KiB per token.\n", encoding="utf-8")
    proposed = _scanned(page)
    assert proposed["320 KiB per token"].given.get("model") == "meta-llama/Llama-2-70b-hf"
    assert proposed["320 KiB per token"].finding.verdict.value == "holds"
    assert proposed["512 KiB per token"].given.get("model") == "meta-llama/Llama-2-7b-hf"


def test_a_words_formula_on_assumed_defaults_is_not_explained_by_a_slip_that_names_no_confusion():
    """"KV cache: 26 GB" in a list whose words read it as the memory three A100s hold back at an assumed 0.9 share
    (24 GB): the driver's reported 85.9 GB for the sheet's 80 would give 26 GB, but a sheet's other row is a
    coincidence, not the page's confusion, so the miss is held back as any other on an assumed share."""
    cache = development_number("held-out-26", "llm-inference-physics.md", 124, "- KV cache: 26 GB", "26 GB")
    assert cache.finding is None or all(d.kind != "spec-row" for d in cache.finding.diagnoses)


def test_weights_only_beside_a_size_says_it_is_the_weights_and_not_the_serving_total():
    """"- Minimum VRAM: 140 GB (weights only)" under a section whose words add up a serving budget: the phrase the
    weights formula declares beside the number (``scan_phrases``) says which part it is, so it is not flagged as a
    total of weights, cache and workspace."""
    weights = development_number("held-out-26", "llm-inference-physics.md", 236, "- Minimum VRAM: 140 GB (weights only)", "140 GB")
    assert weights.formula == "weight_bytes" and (weights.finding is None or weights.finding.verdict.holds)


def test_a_size_said_per_user_is_one_sequences_cache_and_its_slip_carries_into_the_users_it_fits():
    """"2,048-token conversation → 0.25 GB per user" is one sequence's cache, not a batch's total, so the wrapper that
    multiplies by a batch is no rival to it: 268,435,456 bytes printed as 0.25 GB is GiB printed as GB, and "65 GB free
    → ~260 concurrent users" worked on that figure is 65 / 0.268 = 242."""
    per_user = development_number("held-out-33", "inference-math-and-memory.md", 66, "2,048-token conversation → 0.25 GB per user", "0.25 GB")
    assert per_user.formula == "kv_bytes_per_sequence_gqa" and per_user.given["seq_len"] == 2048
    assert any("GiB printed as GB" in d.parts for d in per_user.finding.diagnoses)
    users = development_number("held-out-33", "inference-math-and-memory.md", 67,
                               "65 GB free               → ~260 concurrent users              ← 4× the customers", "~260")
    assert users.finding.verdict.value == "mismatch" and round(float(users.finding.computed_base)) == 242


def test_a_formula_the_page_cannot_feed_gives_way_to_the_pages_own_numbers():
    """"| 80K (Cline-shaped) | 2.80 GB | ~341 |": the words choose a KV formula for DeepSeek-V3, which the part above
    names, but the page sets no cache format, so the formula says nothing; 35 KB a token times 80K tokens, printed
    above, gives 2.80 GB, and that is the claim."""
    line = "| **80K** (Cline-shaped) | 2.80 GB | ~341 |"
    cell = development_number("held-out-8", "inference-math-serving.md", 208, line, "2.80 GB")
    assert cell.formula is None and cell.arithmetic == "(35*(KB)) * 80e3" and cell.finding.verdict.holds


def test_the_claims_file_holds_the_readings_the_audit_settles_on_so_check_agrees_with_the_scans_audit(tmp_path, monkeypatch, run_cli):
    """"18,600 / 22.04 = 843.8" holds for a time printed to two decimals: `scan -o` writes the sum with that operand
    as a printed input, so `auditor check` on the file says what `scan --audit` says."""
    (tmp_path / "claims").mkdir()
    (tmp_path / "cost.md").write_text("# Cost\n\nThroughput: 18,600 / 22.04 = 843.8 tok/s\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("scan", "cost.md", "-o", "claims/cost.yaml")
    assert code == 0, err
    (claim,) = load_claim_file(tmp_path / "claims" / "cost.yaml").claims
    assert claim.arithmetic == "18600 / printed_1" and dict(claim.given) == {"printed_1": "22.04"}
    audited, _, _ = run_cli("scan", "cost.md", "--audit")
    checked, out, err = run_cli("check", "claims/cost.yaml")
    assert audited == checked == 0, out + err
