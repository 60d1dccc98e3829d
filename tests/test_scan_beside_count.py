"""A byte size printed right after a parameter count is that count's weights when their ratio is a storage
format's width (auditor/scan/beside_count.py); it reproduces the page's arithmetic and never accuses it, unless the
row that prints the count names the weights' format itself."""

from __future__ import annotations

from test_scan import scanned_text as _page


def test_a_size_set_equal_to_a_model_count_is_its_weights_at_the_width_the_ratio_gives(tmp_path):
    """14 GB / 7e9 and 140 GB / 70e9 are both two bytes a parameter, whatever the row's words rank higher."""
    text = "# Pitfalls\n\n| Pitfall | Cost |\n|---|---|\n| Downloading the model on every start | 7B model = 14GB, 70B model = 140GB |\n"
    found = _page(tmp_path, text)
    for size, count in (("14GB", 7_000_000_000), ("140GB", 70_000_000_000)):
        assert found[size].formula == "weight_bytes"
        assert found[size].given["n_params"] == count and found[size].given["weight_dtype"] in ("bf16", "fp16")
        assert found[size].finding.verdict.holds


def test_the_width_is_read_from_the_ratio_and_a_format_the_context_names_with_that_width_is_given(tmp_path):
    """5.8 GiB over 1557.61M parameters is four bytes each; 26 GB over 13B in FP16 is FP16's two bytes."""
    found = _page(tmp_path, "# Size\n\nIts 1557.61M parameters of four bytes each make 5.8 GiB on disk.\n")
    assert found["5.8 GiB"].formula == "weight_bytes" and found["5.8 GiB"].given["weight_dtype"] == "fp32"
    assert found["5.8 GiB"].finding.verdict.holds
    found = _page(tmp_path, "# Size\n\nStored in FP16, a 13B model takes 26 GB.\n")
    assert found["26 GB"].given == {"n_params": 13_000_000_000, "weight_dtype": "fp16"}


def test_a_size_that_another_quantity_comes_between_or_follows_is_not_the_counts_weights(tmp_path):
    """A context between the count and the size, or a cache after the size, makes it something else."""
    found = _page(tmp_path, "# Cache\n\nA 7B model with a 32K context needs 14 GB at batch 8.\n")
    assert found["14 GB"].formula != "weight_bytes"
    found = _page(tmp_path, "# Cache\n\nA 7B model needs 14 GB of KV cache at batch 8.\n")
    assert found["14 GB"].formula != "weight_bytes"


def test_a_ratio_that_is_no_formats_width_proposes_nothing_and_accuses_nothing(tmp_path):
    """9 GB for a 7B model is 1.29 bytes a parameter: no plain format, so no weights claim, and no false alarm."""
    found = _page(tmp_path, "# Size\n\nA 7B model runs in 9 GB.\n")
    assert found["9 GB"].formula != "weight_bytes"
    assert found["9 GB"].finding is None or found["9 GB"].finding.verdict.holds


def test_a_size_said_to_be_for_the_count_right_after_it_is_that_counts_weights(tmp_path):
    """"16GB for an 8B model": the size names its count after it; 16e9 / 8e9 is two bytes, whatever format the page
    names elsewhere. A count of tokens after "for" is no model's."""
    text = "# Decode\n\nServing in FP8 is common. Decode reads the entire model weights (16GB for an 8B model) every step.\n"
    found = _page(tmp_path, text)
    assert found["16GB"].formula == "weight_bytes" and found["16GB"].given["n_params"] == 8_000_000_000
    assert found["16GB"].finding.verdict.holds and "beside it (8B)" in found["16GB"].evidence[0]
    found = _page(tmp_path, "# Data\n\nThe shards take 16GB for an 8B token corpus.\n")
    assert "beside it" not in (found["16GB"].evidence or ("",))[0]


SECTION = """# Throughput by format

The examples below serve a 7B model on consumer hardware.

| Hardware | Bandwidth | float16 (14 GB) | int8 (7 GB) | int4 (3.5 GB) |
|----------|-----------|-----------------|-------------|---------------|
| Laptop   | 100 GB/s  | 7.1             | 14.3        | 28.6          |

Whatever the format, the weights must fit: at 4 bits the model takes 3.5 GB, and your VRAM minus 4GB is what is left.
"""


def test_a_size_beside_a_format_is_the_weights_of_the_sections_parameter_count_at_that_format(tmp_path):
    """"int8 (7 GB)" under a section about a 7B model: 7e9 at one byte; the format named beside it must give the size exactly."""
    found = _page(tmp_path, SECTION)
    for size, dtype in (("7 GB", "int8"), ("3.5 GB", "int4")):
        weights = next(p for k, p in found.items() if k.endswith(size) and p.formula == "weight_bytes")
        assert weights.given == {"n_params": 7_000_000_000, "weight_dtype": dtype} and weights.finding.verdict.holds


def test_a_size_that_is_a_remainder_or_an_extra_is_not_the_sections_weights(tmp_path):
    found = _page(tmp_path, SECTION)
    assert found["4GB"].formula != "weight_bytes"


def test_a_count_far_off_gives_weights_only_where_they_hold(tmp_path):
    """"~1 GB" two sentences after a 400M count is no 400M at 4 bytes (1.6 GB): that count's weights are proposed
    for it only where they hold, so a loose one-figure size is not read as another format's weights and flagged."""
    from test_scan import scanned_text

    page = ("### The multimodal weight overhead\n\nThe model is multimodal. It additionally includes:\n\n"
            "- **Vision encoder**: ~400M parameters (~800 MB at BF16)\n- **Projector**: a small linear layer\n\n"
            "The published parameter count includes both. For memory budgeting, add ~1 GB to the text-only weight cost.\n")
    extra = scanned_text(tmp_path, page)["~1 GB"]
    assert not (extra.formula == "weight_bytes" and extra.given.get("weight_dtype") == "fp32")
    assert extra.finding is None or extra.finding.verdict.holds


def test_a_row_that_names_the_counts_format_prices_the_size_at_it_whatever_width_the_ratio_fits(tmp_path):
    """"| Llama 3.1 70B (FP8) | ~140GB VRAM each |": the row says FP8, so 70 GB is the weights and 140 GB is flagged with
    the format as its cause; the same row in FP16 holds, and a row naming two formats is read by its ratio as before."""
    row = "# Fleet\n\n| Item | Model | Note |\n|---|---|---|\n| Model per Task | Llama 3.1 70B ({fmt}) | ~140GB VRAM each |\n"
    flagged = _page(tmp_path, row.format(fmt="FP8"))["~140GB"]
    assert flagged.given == {"n_params": 70_000_000_000, "weight_dtype": "fp8"}
    assert not flagged.finding.verdict.holds and "fp8" in str(flagged.finding.diagnoses[0].parts)
    assert _page(tmp_path, row.format(fmt="FP16"))["~140GB"].finding.verdict.holds
    assert _page(tmp_path, row.format(fmt="FP8 or FP16"))["~140GB"].given.get("weight_dtype") in ("fp16", "bf16")
