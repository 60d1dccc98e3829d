"""Host links a page names ("PCIe 4.0 x16", "DDR5-5600, dual-channel") are the inputs of the catalogue's
host-link formulas: a generation's transfer rate and line encoding come from inputs/host_links.yaml, so a
printed link bandwidth is checked as rate × lanes × encoding / 8 (auditor/scan/host_links.py)."""

from __future__ import annotations

from fractions import Fraction

from test_scan_figures_in_context import _located, _one

from auditor.scan.host_links import link_settings, pcie_generations


def _settings(text: str) -> dict[str, list[Fraction]]:
    found: dict[str, list[Fraction]] = {}
    for assignment in link_settings(text):
        for symbol in assignment.symbols:
            found.setdefault(symbol, []).append(assignment.values[0])
    return found


def test_each_generation_has_its_rate_and_line_code():
    """PCI-SIG: 2.5 and 5 GT/s with 8b/10b, then 8, 16, 32 GT/s with 128b/130b."""
    assert pcie_generations()[2] == (Fraction(5), Fraction(4, 5))
    assert pcie_generations()[4] == (Fraction(16), Fraction(64, 65))
    assert 6 not in pcie_generations()  # FLIT framing has no fixed line-code share


def test_a_generation_and_a_width_are_read_however_written():
    for written in ("PCIe 4.0 x16", "PCIe Gen4 ×16", "PCIe4 with 16 lanes", "PCI Express 4.0 x16"):
        found = _settings(f"The card sits on {written}.")
        assert found["pcie_transfer_rate"] == [16] and found["pcie_lanes"] == [16], written


def test_a_bare_gen_is_a_pcie_generation_only_on_a_page_that_names_pcie():
    assert "pcie_transfer_rate" not in _settings("Gen3 models shipped in 2024, on x8 nodes.")
    assert _settings("Over PCIe, a Gen3 x8 slot is the floor.")["pcie_transfer_rate"] == [8]


def test_a_dram_speed_and_its_channels():
    found = _settings("A DDR5-5600 board, dual-channel, or 8 channels on a server.")
    assert found["dram_transfer_rate"] == [5600] and found["dram_channels"] == [2, 8]


def test_a_link_bandwidth_the_generation_gives_holds(tmp_path):
    """16 GT/s x 16 lanes x 128/130 / 8 = 31.51 GB/s."""
    found = _located(tmp_path, "# Offload\n\nA PCIe 4.0 x16 link moves 31.5 GB/s in each direction.\n")
    link = _one(found, "31.5 GB/s")
    assert link.formula == "pcie_link_bandwidth" and link.given == {"pcie_transfer_rate": 16, "pcie_lanes": 16}
    assert link.finding.verdict.holds


def test_a_bidirectional_figure_printed_as_one_way_is_flagged(tmp_path):
    """32 GT/s x 16 x 128/130 / 8 = 63.0 GB/s each way; 126 GB/s is both directions added."""
    link = _one(_located(tmp_path, "# Offload\n\nA PCIe 5.0 x16 link moves 126 GB/s per direction.\n"), "126 GB/s")
    assert link.formula == "pcie_link_bandwidth" and not link.finding.verdict.holds


def test_a_figure_the_sentence_calls_full_duplex_is_both_directions_added(tmp_path):
    """"~64 GB/s full-duplex (bi-directional)" for PCIe 4.0 x16 is 2 × 31.5 GB/s; only a sentence that says so picks
    the two-way formula, so a plain figure beside it stays one direction."""
    found = _located(tmp_path, "# Loading\n\nPCIe 4.0 x16 provides ~64 GB/s full-duplex (bi-directional) theoretical bandwidth."
                               "\n\nEach transfer gets one PCIe 4.0 x16 direction, 31.5 GB/s.\n")
    both, one = _one(found, "~64 GB/s"), _one(found, "31.5 GB/s")
    assert both.formula == "pcie_link_bandwidth_bidirectional" and both.finding.verdict.holds
    assert one.formula == "pcie_link_bandwidth" and one.finding.verdict.holds


def test_a_column_header_sets_the_width_of_its_cells(tmp_path):
    """"x8 (GB/s)" is an 8-lane link for every cell below it; the header's "/s" belongs to its unit, not a
    "per second" the cell is divided by."""
    table = ("# Links\n\n| Generation | x16 (GB/s) | x8 (GB/s) |\n| --- | --- | --- |\n"
             "| PCIe 3.0 | 15.75 | 7.88 |\n| PCIe 4.0 | 31.50 | 15.75 |\n")
    found = _located(tmp_path, table)
    narrow = [p for p in found if p.stated == "7.88"][0]
    assert narrow.formula == "pcie_link_bandwidth" and narrow.given["pcie_lanes"] == 8 and narrow.finding.verdict.holds


def test_an_effective_figure_takes_the_pages_efficiency(tmp_path):
    """η = 0.90 of 15.75 GB/s is 14.2 GB/s."""
    found = _located(tmp_path, "# Links\n\nWith η = 0.90, PCIe 3.0 x16 gives an effective 14.2 GB/s.\n")
    effective = _one(found, "14.2 GB/s")
    assert effective.formula == "pcie_effective_bandwidth" and effective.finding.verdict.holds


def test_an_effective_figure_without_its_efficiency_is_not_accused_as_the_theoretical_one(tmp_path):
    """The words rank the effective bandwidth first; the theoretical one (15.75 GB/s) may confirm, never flag."""
    found = _located(tmp_path, "# Links\n\nEven so, PCIe 4.0 x8 manages ≈14 GB/s effective.\n")
    effective = _one(found, "≈14 GB/s")
    assert effective.finding is None
    assert any("builds on pcie_link_bandwidth" in e for e in effective.evidence)


def test_a_zero_cell_is_an_absence_not_a_claim(tmp_path):
    table = ("# Cards\n\n| GPU | HBM BW (GB/s) | NVLink (GB/s) |\n| --- | --- | --- |\n| RTX 4090 | 1008 | 0 |\n")
    zero = [p for p in _located(tmp_path, table) if p.stated == "0"][0]
    assert zero.formula is None and zero.finding is None and zero.evidence[0].startswith("zero:")


def test_the_offload_penalty_is_the_cards_bandwidth_over_the_links_effective_one(tmp_path):
    """"Bus Wall (H200)": the H200's 4.8 TB/s over PCIe 4.0 x16 at η = 0.90 (28.36 GB/s) is 169×."""
    table = ("# Offload\n\n| Config | Theoretical | Effective (η=0.90) | Bus Wall (H200) |\n| --- | --- | --- | --- |\n"
             "| Gen4 x16 | 31.5 GB/s | 28.4 GB/s | 169× |\n\nPCIe links are the bottleneck.\n")
    wall = _one(_located(tmp_path, table), "169×")
    assert wall.formula == "host_link_slowdown" and wall.given["gpu"] == "h200_sxm" and wall.finding.verdict.holds
