"""The accelerator catalogue: enough parts, every figure sourced, dense beside sparse.

The figures themselves are audited as claims (claims/accelerators.yaml);
these tests hold the catalogue's shape: the parts documents name are there,
no figure lacks a source, and a part's sparse rate is the vendor's 2:4
doubling of its dense one, so a sparse figure filed as dense shows up here.
"""

import json
from fractions import Fraction

import pytest

from auditor.base.quantity import parse_given
from auditor.inputs.reference import Inputs

TABLE = Inputs().accelerators
PARTS_DOCUMENTS_NAME = [
    "a100_40gb", "a100_40gb_pcie", "a100_80gb_sxm", "a100_80gb_pcie", "h100_pcie", "h100_sxm", "h100_nvl",
    "h200_sxm", "h20", "b200", "b300", "gb200", "l4", "l40s", "a10g", "rtx_a6000", "rtx_4090", "rtx_5090",
    "mi250x", "mi300x", "mi325x", "mi350x", "mi355x", "tpu_v4", "tpu_v5e", "tpu_v5p", "tpu_v6e", "gaudi2", "gaudi3",
]
DENSE_SPARSE = [(part, kind) for part in TABLE.parts for kind in ("bf16", "fp16", "fp8", "int8", "tf32")
                if f"{kind}_dense" in TABLE.parts[part] and f"{kind}_sparse" in TABLE.parts[part]]


def test_the_catalogue_holds_the_parts_documents_name():
    assert len(TABLE.parts) >= 25
    assert [p for p in PARTS_DOCUMENTS_NAME if p not in TABLE.parts] == []


@pytest.mark.parametrize("part", sorted(TABLE.parts))
def test_every_figure_names_a_source_that_prints_it(part):
    unsourced = [field for field in TABLE.figures(part) if not TABLE.sources_of(part, field)]
    assert unsourced == []


POWERED = sorted(part for part in TABLE.parts if TABLE.parts[part].get("tdp"))


@pytest.mark.parametrize("part", POWERED)
def test_a_power_figure_names_a_source_that_prints_it(part):
    # tdp stays text ("350-400 W (configurable)", "750 W (peak board power)"): vendors' power terms differ
    assert TABLE.sources_of(part, "tdp")


def test_every_repository_source_is_pinned_to_a_commit():
    repository = [s for s in TABLE.sources.values() if not s.where.startswith("http")]
    assert repository and all("@" in s.where and ":" in s.where for s in repository)


@pytest.mark.parametrize("part, kind", DENSE_SPARSE, ids=[f"{p}-{k}" for p, k in DENSE_SPARSE])
def test_a_sparse_rate_is_twice_the_dense_one(part, kind):
    # within 3%: NVIDIA's L40S datasheet prints 362.05 dense beside 733 sparse (2.5% off a doubling)
    dense, sparse = (parse_given(TABLE.parts[part][f"{kind}_{which}"])[0] for which in ("dense", "sparse"))
    assert abs(sparse / dense - 2) <= Fraction(3, 100)


def test_the_old_nvlink_field_name_still_reads(project, monkeypatch, run_cli):
    (project / "inputs").mkdir()
    (project / "inputs" / "gpus.yaml").write_text("gpus:\n  - id: old_sheet\n    nvlink_bandwidth: 600 GB/s\n")
    (project / "claims" / "n.yaml").write_text(
        "claims:\n  - {id: n, quote: q, formula: nvlink_one_way_bandwidth, given: {gpu: old_sheet}, stated: '300 GB/s'}\n"
    )
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check")
    assert code == 0, out


def test_a_project_adds_an_accelerator_and_a_dtype_with_yaml_alone(project, monkeypatch, run_cli):
    (project / "inputs").mkdir()
    (project / "inputs" / "gpus.yaml").write_text(
        "sources:\n  sheet: {url: 'https://example.com/npu'}\n"
        "gpus:\n  - id: toy_npu\n    name: Toy NPU\n    memory_capacity: 64 GB\n    memory_bandwidth: 2 TB/s\n"
        "    figure_sources: {sheet: [memory_capacity, memory_bandwidth]}\n"
    )
    (project / "inputs" / "dtypes.yaml").write_text("dtypes:\n  fp6_e3m2: {bits: 6}\n")
    (project / "claims" / "c.yaml").write_text(
        "claims:\n  - {id: ceiling, quote: q, formula: decode_ceiling_per_sequence,\n"
        "     given: {gpu: toy_npu, n_params: 1000000000, weight_dtype: fp6_e3m2}, stated: '2,667 tokens/s'}\n"
    )
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "--format", "json")
    assert code == 0, out
    assert json.loads(out)["findings"][0]["verdict"] == "holds"


def test_impact_follows_a_renamed_field(run_cli):
    code, out, _ = run_cli("impact", "h100_sxm.nvlink_bandwidth")
    assert code == 0
    assert "-> h100_sxm.interconnect_bidirectional" in out


def test_every_field_has_its_whole_meaning():
    # a meaning with a comma, unquoted in a flow mapping, would be cut there and leave a stray key behind
    assert "both directions added" in TABLE.fields["interconnect_bidirectional"].meaning
    assert "one direction" in TABLE.fields["interconnect_per_direction"].meaning
    assert TABLE.fields["int8_dense"].meaning.endswith("counted like FLOPs)")


def test_a_field_with_a_stray_key_is_a_located_error(project, monkeypatch, run_cli):
    (project / "inputs").mkdir()
    (project / "inputs" / "gpus.yaml").write_text(
        "fields:\n  hbm_stacks: {unit: dimensionless, meaning: HBM stacks, counted per package}\n"
        "gpus:\n  - id: toy_npu\n    memory_capacity: 64 GB\n"
    )
    (project / "claims" / "c.yaml").write_text(
        "claims:\n  - {id: m, quote: q, formula: weight_bytes, given: {gpu: toy_npu, n_params: 1, bytes_per_param: 2}, stated: '2 B'}\n")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2
    assert "gpus.yaml:2:" in err and "unknown key 'counted per package'" in err


@pytest.mark.parametrize("part", sorted(TABLE.parts))
def test_a_part_without_a_sparse_rate_says_why(part):
    """A missing sparse figure is stated (vendor prints none, or no source read has it), never silent."""
    entry = TABLE.parts[part]
    has_sparse = any(name.endswith("_sparse") and entry.get(name) for name in TABLE.fields)
    assert has_sparse or entry.get("sparse_rates") in ("none published", "not found")


def test_none_published_is_said_only_where_the_vendor_sheet_was_read():
    """Google's TPU pages print bf16 and int8 rates with no sparse variant; they are the sources read."""
    marked = sorted(p for p, e in TABLE.parts.items() if e.get("sparse_rates") == "none published")
    assert marked == ["tpu_v4", "tpu_v5e", "tpu_v5p", "tpu_v6e"]
    assert all(any(s.where.startswith("https://docs.cloud.google.com/tpu/") for s in TABLE.sources_of(p, "bf16_dense"))
               for p in marked)


@pytest.mark.parametrize("marker, part_line, message", [
    ("sparse_rates: none", "    bf16_dense: 10 TFLOP/s\n", "must be one of 'none published', 'not found'"),
    ("sparse_rates: none published", "    bf16_sparse: 20 TFLOP/s\n", "says 'none published', but the part gives bf16_sparse"),
    ("sparse_rates: [not found]", "    bf16_dense: 10 TFLOP/s\n", "must be one of 'none published', 'not found'"),  # found by the fuzzer: a list is no marker
])
def test_a_sparse_marker_that_contradicts_its_part_is_a_located_error(project, monkeypatch, run_cli, marker, part_line, message):
    (project / "inputs").mkdir()
    (project / "inputs" / "gpus.yaml").write_text(
        f"gpus:\n  - id: toy_npu\n    memory_capacity: 64 GB\n{part_line}    {marker}\n")
    (project / "claims" / "c.yaml").write_text(
        "claims:\n  - {id: m, quote: q, formula: weight_bytes, given: {gpu: toy_npu, n_params: 1, bytes_per_param: 2}, stated: '2 B'}\n")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2
    assert "gpus.yaml:5:" in err and message in err
