"""The figures a page states for the accelerators it names, and the figures of their sheets a page prints
beside their names (auditor/scan/gpu_figures.py, the choice of formula in auditor/scan/choose.py, the rates of
a table of GPUs in auditor/scan/table_relations.py)."""

from __future__ import annotations

from test_scan import scanned_text as _page


def test_the_rates_a_page_states_for_an_accelerator_are_its_figures_for_that_accelerator(tmp_path):
    """1,979 TFLOPS is the H100's sparse figure, but it is the one this page sizes with: 1979 / 3.35 = 591."""
    page = ("# Ridge points\n\nWe use an H100 SXM (Π = 1,979 TFLOPS, β = 3.35 TB/s) throughout.\n\n"
            "## Decode\n\nOn the H100 SXM, the ridge point of the roofline sits at 591 FLOP/byte.\n")
    ridge = _page(tmp_path, page)["591 FLOP/byte"]
    assert ridge.formula == "ridge_intensity" and ridge.given["peak_flops"] == "1979 TFLOPS"
    assert ridge.finding.verdict.holds


def test_a_link_rate_beside_an_accelerator_is_not_its_memory_bandwidth():
    from auditor.scan.gpu_figures import figure_for, gpu_figures
    from auditor.scan.quantities import written_quantities

    text = "An H100 SXM with 900 GB/s NVLink and 3.35 TB/s of HBM.\n| | H100 PCIe |\n|---|---|\n| HBM | 2 TB/s |\n"
    pcie = text.index("H100 PCIe")
    figures = gpu_figures(text, [(3, 11, "h100_sxm"), (pcie, pcie + 9, "h100_pcie")], written_quantities(text))
    assert figure_for(figures, "h100_sxm", "mem_bandwidth", 0).text == "3.35 TB/s"
    assert figure_for(figures, "h100_pcie", "mem_bandwidth", 0) is None  # a header row names the card, the figure is below


GPU_TABLE = """# Hardware

| GPU Model | Compute (TFLOPs, bf16/fp16) | Memory BW (GB/s) | Intensity (FLOPs/byte) |
|-----------|------------------------------|------------------|-------------------------|
| H100 SXM  | 989                          | 3,350            | 295                      |
| H100 PCIe | 756                          | 2,000            | 378                      |
| A100 SXM  | 312                          | 2,039            | 153                      |
| L40S      | 362                          | 864              | 519                      |
"""


def test_a_gpu_tables_tflops_are_a_rate_and_its_figures_are_inputs_not_results(tmp_path):
    """989 TFLOP/s over 3,350 GB/s is 295 FLOP/byte; 362 / 0.864 is 419, not the 519 printed. The compute and
    bandwidth cells are what the rule reads: none of them is worked out from the intensity beside it."""
    found = _page(tmp_path, GPU_TABLE)
    assert found["295"].given == {"Compute": "989 TFLOP/s", "Memory_BW": "3350 GB/s"} and found["295"].finding.verdict.holds
    assert not found["519"].finding.verdict.holds
    assert not any(found[cell].proposed for cell in ("989", "3,350", "756", "2,000"))


def test_a_figure_right_after_an_accelerators_name_is_read_from_its_sheet(tmp_path):
    """"even H100 SXM (295 FLOPs/byte)": the words speak of arithmetic intensity, whose work and traffic the
    sentence does not give; the card named just before the figure gives its ridge point, 989.4 / 3.35 = 295."""
    page = ("# Prefill\n\nPrefill at batch 32 has an arithmetic intensity near 10,000 FLOPs/byte of traffic, "
            "far above even the H100 SXM (295 FLOPs/byte).\n")
    ridge = _page(tmp_path, page)["295 FLOPs/byte"]
    assert ridge.formula == "ridge_intensity" and ridge.given["gpu"] == "h100_sxm" and ridge.finding.verdict.holds


def test_a_cards_sheet_figure_in_its_row_is_cited_not_worked_out(tmp_path):
    """4.80 TB/s is the H200's sheet figure in the H200's row, not 2.4 × 2.00 TB/s that happens to give it; and
    "1.00× (baseline)" is the reference the other ratios are measured against."""
    page = ("# Bandwidth\n\nA newer card offers about 2.4× the A100's 2.00 TB/s.\n\n"
            "| GPU | HBM Bandwidth | Gain |\n|---|---|---|\n| A100 SXM | 2.00 TB/s | 0.60× |\n"
            "| H100 SXM | 3.35 TB/s | 1.00× (baseline) |\n| H200 SXM | 4.80 TB/s | 1.43× |\n")
    found = _page(tmp_path, page)
    assert not found["4.80 TB/s"].proposed and "the sheet's mem_bandwidth of h200_sxm" in found["4.80 TB/s"].evidence[0]
    assert not any(p.proposed for stated, p in found.items() if stated.startswith("1.00"))
    assert found["1.43×"].finding.verdict.holds  # 4.80 / 3.35, the ratio the row prints


def test_a_capacity_written_far_off_is_not_the_cards(tmp_path):
    """"60 GB, nearly an entire A100's memory" sizes a cache against the card; the 8×A100 node's 640 GB is
    eight of the sheet's 80 GB, not eight of 60."""
    page = ("# Cache\n\nAt 128K context a single sequence's KV cache can exceed 60 GB, nearly an entire A100's memory.\n\n"
            "## Budget\n\nAn 8×A100 node has 640 GB total GPU memory.\n")
    node = _page(tmp_path, page)["640 GB"]
    assert "gpu_memory" not in node.given and node.finding.verdict.holds
