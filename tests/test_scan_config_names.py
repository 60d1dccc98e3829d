"""A printed sum in a model's config names, read for the model the page names (auditor/scan/config_names.py)."""

from __future__ import annotations

from test_scan import scanned_text as _page

TENSORS = """# Memory

Numbers in brackets are for Llama-3-8B in BF16.

W_q = d_model × d_model (32MB)

W_gate = d_model × d_ffn (117MB)

Embedding = vocab_size × d_model (1.05GB)

One output projection reads d × d × bytes ≈ 33.6 MB.
"""


def test_config_names_take_the_named_models_values_and_a_count_printed_in_bytes_its_formats_width(tmp_path):
    """Llama-3-8B: d_model 4096, d_ffn 14336, vocab 128256, two bytes each in BF16. 4096² × 2 = 33.6 MB, so
    "(32MB)" is 32 MiB printed as MB; 4096 × 14336 × 2 = 117.4 MB; 128256 × 4096 × 2 = 1.05 GB."""
    found = _page(tmp_path, TENSORS)
    query = found["32MB"]
    assert query.given == {"d_model": 4096} and query.arithmetic == "(d_model * d_model) * (2*B)"
    assert not query.finding.verdict.holds
    assert any("MiB printed as MB" in " ".join(d.parts) for d in query.finding.diagnoses)
    assert found["117MB"].given == {"d_model": 4096, "d_ffn": 14336} and found["117MB"].finding.verdict.holds
    assert found["1.05GB"].finding.verdict.holds
    width = found["≈ 33.6 MB"]
    assert width.given == {"d": 4096, "bytes": "2 B"} and width.finding.verdict.holds


def test_no_model_or_a_page_that_sets_the_name_itself_leaves_the_sum_unread(tmp_path):
    unnamed = _page(tmp_path, TENSORS.replace("Numbers in brackets are for Llama-3-8B in BF16.", "Numbers in brackets are in BF16."))
    assert unnamed["117MB"].arithmetic is None
    far = "\n## Other sizes\n\n" + "The rest of this note is about serving, not about the sizes above. " * 8
    own = _page(tmp_path, TENSORS + far + "\nFor the wider variant, d_model = 5120.\n")
    assert own["32MB"].arithmetic is None  # which model the page's 5120 is for is not known


def test_a_letter_the_pages_notation_table_defines_otherwise_is_not_the_configs(tmp_path):
    """"| `L` | average context length per request |": on this page L is no count of layers, so "L × d_model ≈ 131,072" is not
    read with Llama-2-7B's 32 layers; where the table says "number of layers", it is."""
    page = ("# Notation\n\n| Symbol | Meaning | Units |\n|---|---|---|\n| `L` | {meaning} | - |\n\n"
            "# Numbers\n\nFor Llama-2-7B in FP16, `L × d_model ≈ {result}`.\n")
    context = _page(tmp_path, page.format(meaning="average context length per request", result="131,072"))
    assert context["≈ 131,072"].arithmetic is None or "L" not in context["≈ 131,072"].given
    layers = _page(tmp_path, page.format(meaning="number of decoder layers", result="131,072"))
    assert layers["≈ 131,072"].given == {"L": 32, "d_model": 4096} and layers["≈ 131,072"].finding.verdict.holds
