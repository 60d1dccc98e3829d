"""A model the page's opening sets up for the whole page ("We use Llama 3.1 8B throughout"), or a count another
section prints, feeds the sections that name none, but only to confirm: a number that does not hold by it may be about
another model (auditor/scan/propose.py ``Scanner.model_for``, given.py, choose.py)."""

from __future__ import annotations

from test_scan_figures_in_context import _located, _one

LEAD = "# Serving notes\n\nThroughout, we use Llama 3.1 8B in BF16.\n\n## Cache\n\nThe KV cache takes {size} per token.\n"


def test_the_leads_model_feeds_a_section_that_names_none(tmp_path):
    """32 layers x 8 KV heads x 128 x 2 (K and V) x 2 bytes = 131,072 bytes = 128 KiB."""
    size = _one(_located(tmp_path, LEAD.format(size="128 KiB")), "128 KiB per token")
    assert size.given.get("model") == "meta-llama/Llama-3.1-8B"
    assert size.finding.verdict.holds and "model or card set up only in the page's lead" in size.evidence


def test_a_number_off_the_leads_model_is_held_back_not_flagged(tmp_path):
    size = _one(_located(tmp_path, LEAD.format(size="512 KiB")), "512 KiB per token")
    assert size.formula is None and size.finding is None
    assert any(e.startswith("held back: the model or card is only the page's lead's") for e in size.evidence)


def test_a_lead_naming_two_models_sets_up_neither(tmp_path):
    text = LEAD.replace("Llama 3.1 8B", "Llama 3.1 8B and Llama 3.1 70B").format(size="128 KiB")
    size = _one(_located(tmp_path, text), "128 KiB per token")
    assert "model" not in size.given and not any("lead" in e for e in size.evidence)


def test_an_input_the_lead_sets_feeds_a_section_that_sets_none_to_confirm_only(tmp_path):
    """"context L = 2048" in the opening: 2,048 x 128 KiB = 256 MiB holds; 512 MiB is held back, not flagged."""
    text = "# Notes\n\nWe use Llama 3.1 8B in BF16, context $L = 2048$.\n\n## Cache\n\nOne request's KV cache takes {size}.\n"
    confirmed = _one(_located(tmp_path, text.format(size="256 MiB")), "256 MiB")
    assert confirmed.given.get("seq_len") == 2048 and confirmed.finding.verdict.holds
    off = _one(_located(tmp_path, text.format(size="512 MiB")), "512 MiB")
    assert off.finding is None and any(e.startswith("held back") for e in off.evidence)


def test_the_sheet_figure_of_the_leads_card_is_cited_not_derived(tmp_path):
    """Under a lead that names an H200 SXM, "bandwidth (4.8 TB/s)" is its sheet's figure, not 989 TFLOPS / 206."""
    found = _located(tmp_path, "# Notes\n\nWe serve on an H200 SXM.\n\n## Roofline\n\nCompute (989 TFLOPS) over the ridge of"
                               " 206 FLOPs/byte; memory bandwidth (4.8 TB/s) sets the decode floor.\n")
    bandwidth = _one(found, "4.8 TB/s")
    assert bandwidth.arithmetic is None and bandwidth.evidence[0].startswith("the sheet's mem_bandwidth of h200_sxm")


FAR_COUNT = "# Notes\n\nSome text.\n\n## Model\n\nOur model has 8B parameters.\n\n## Weights\n\nAt FP16 its weights are {size}.\n"


def test_a_count_printed_in_another_section_confirms_but_never_accuses(tmp_path):
    """8e9 parameters x 2 bytes = 16 GB holds; a 20 GB two sections on may be another model's, so it is held back."""
    held = _one(_located(tmp_path, FAR_COUNT.format(size="16 GB")), "16 GB")
    assert held.given == {"weight_dtype": "fp16", "n_params": 8000000000} and held.finding.verdict.holds
    off = _one(_located(tmp_path, FAR_COUNT.format(size="20 GB")), "20 GB")
    assert off.finding is None and any(e.startswith("held back: the count or rate") for e in off.evidence)


FAR_SETTING = "# Notes\n\nSome text.\n\n## Setup\n\nWe run with `batch=64`.\n\n## Decode\n\nIn BF16 the decode weight intensity is {x} FLOPs/byte.\n"


def test_a_setting_made_in_another_section_confirms_but_never_accuses(tmp_path):
    """2 FLOPs x 64 sequences per 2-byte weight = 64 FLOPs/byte holds at the batch set two sections up; 100 is held back."""
    held = _one(_located(tmp_path, FAR_SETTING.format(x="64")), "64 FLOPs/byte")
    assert held.given.get("batch") == 64 and held.finding.verdict.holds
    off = _one(_located(tmp_path, FAR_SETTING.format(x="100")), "100 FLOPs/byte")
    assert off.finding is None and any(e.startswith("held back: the count or rate") for e in off.evidence)


def test_a_front_matter_title_does_not_take_the_place_of_the_pages_opening(tmp_path):
    """A title read from the front matter comes before the page's first heading; the opening that sets up its model is
    still the text under that heading, so a cache size far below it is priced with the model the opening names."""
    text = ("---\ntitle: \"How much cache does a long context use?\"\n---\n\n## Overview\n\nWe use Llama-3.1-8B in BF16 "
            "throughout.\n\n## Sizes\n\nAt 8,192 tokens of context the cache holds 1 GiB.\n")
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    from test_scan import scanned

    one = scanned(page)["1 GiB"]
    assert one.given.get("model") == "meta-llama/Llama-3.1-8B" and one.finding.verdict.holds
