"""Sweeps: a formula over a grid at array speed, agreeing with the exact engine point by point."""

from __future__ import annotations

import csv
import io
import json

import pytest

import auditor
from auditor.base.errors import InputError, Location, UnderdeterminedError
from auditor.base.yamlio import Located
from auditor.claims.files import Claim
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve
from auditor.evaluate.sweep import sweep

LLAMA_ON_H100 = {"model": "meta-llama/Meta-Llama-3-8B", "gpu": "h100_sxm", "kv_dtype": "fp16", "weight_dtype": "fp16", "mbu": "0.7"}
GRID = {"batch": [1, 2, 3, 17, 64, 300, 1024], "seq_len": [1, 512, 4096, 8192, 131072]}


@pytest.fixture(scope="module")
def project():
    from auditor.audit.project import Project

    return Project.load()


def exact(project, formula: str, given: dict):
    located = Located({k: str(v) for k, v in given.items()})
    located.line, located.key_lines = 0, {}
    claim = Claim(id="x", quote="", location=Location("test"), formula=formula, stated=None, given=located)
    return Evaluation(project.catalogue, resolve(claim, project.catalogue, project.inputs)).value(formula)


@pytest.mark.parametrize("formula", ["t_step", "decode_throughput", "kv_cache_bytes", "t_mem"])
def test_a_sweep_matches_the_exact_engine_at_every_point(project, formula):
    result = sweep(formula, LLAMA_ON_H100, GRID, project.catalogue, project.inputs)
    assert result.values.shape == (7, 5) and list(result.axes) == ["batch", "seq_len"]
    for i, batch in enumerate(GRID["batch"]):
        for j, seq_len in enumerate(GRID["seq_len"]):
            want = float(exact(project, formula, {**LLAMA_ON_H100, "batch": batch, "seq_len": seq_len}))
            assert result.values[i, j] == pytest.approx(want, rel=1e-9)


def test_the_documented_step_time_at_batch_1(project):
    """docs/worked-example.md: one decode step takes 7.31 ms at batch 1, 8k context (claim docs-step-batch-1)."""
    result = sweep("t_step", LLAMA_ON_H100, {"batch": [1], "seq_len": [8192]}, project.catalogue, project.inputs)
    assert round(result.values[0, 0] * 1000, 2) == 7.31


def test_a_value_the_inputs_fix_for_an_intermediate_formula_stops_the_inlining(project):
    """A document's own "weights 16 GB": the sweep reads 16 GB of weights, as the claim would."""
    given = {**LLAMA_ON_H100, "weight_bytes": "16 GB", "seq_len": 4096}
    result = sweep("t_mem", given, {"batch": [1, 8]}, project.catalogue, project.inputs)
    fixed = sweep("t_mem", LLAMA_ON_H100 | {"seq_len": 4096}, {"batch": [1, 8]}, project.catalogue, project.inputs)
    for i, batch in enumerate((1, 8)):
        assert result.values[i] == pytest.approx(float(exact(project, "t_mem", {**given, "batch": batch})), rel=1e-9)
    assert result.values[0] != pytest.approx(fixed.values[0], rel=1e-3)


@pytest.mark.parametrize(
    "formula, over, error",
    [
        ("t_stepp", {"batch": [1]}, "unknown formula 't_stepp' (did you mean 't_step'?)"),
        ("t_step", {"t_mem": [1]}, "can only sweep a symbol, not 't_mem' (a formula)"),
        ("t_step", {"batch": []}, "batch: give at least one value to sweep"),
    ],
)
def test_a_sweep_that_cannot_be_made_is_a_clear_error(project, formula, over, error):
    with pytest.raises(InputError) as caught:
        sweep(formula, LLAMA_ON_H100, over, project.catalogue, project.inputs)
    assert str(caught.value) == f"sweep: {error}"


def test_a_missing_input_names_what_is_missing(project):
    with pytest.raises(UnderdeterminedError) as caught:
        sweep("t_step", {"model": "meta-llama/Meta-Llama-3-8B", "kv_dtype": "fp16", "weight_dtype": "fp16"}, {"batch": [1]}, project.catalogue, project.inputs)
    assert "mem_bandwidth" in caught.value.missing or "peak_flops" in caught.value.missing


def test_the_python_api_exposes_sweep():
    assert auditor.sweep is sweep


def test_the_command_prints_the_grid_as_csv(run_cli):
    args = ["sweep", "t_step", "--over", "batch=1:4", "--over", "seq_len=1024,8192"] + [f"--given={k}={v}" for k, v in LLAMA_ON_H100.items()]
    code, out, _ = run_cli(*args)
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[0] == ["batch", "seq_len", "t_step (s)"]
    assert [(r[0], r[1]) for r in rows[1:]] == [(str(b), str(s)) for b in range(1, 5) for s in (1024, 8192)]
    assert round(float(rows[2][2]) * 1000, 2) == 7.31  # docs/worked-example.md: 7.31 ms at batch 1, 8k context


def test_the_command_prints_json(run_cli):
    code, out, _ = run_cli("sweep", "kv_cache_bytes", "--over", "batch=0:64:32", "--given", "model=meta-llama/Meta-Llama-3-8B", "--given", "kv_dtype=fp16", "--given", "seq_len=8192", "--format", "json")
    document = json.loads(out)
    assert code == 0 and document["axes"] == {"batch": [0.0, 32.0, 64.0]} and document["unit"] == "byte"
    assert document["values"] == [0.0, 32 * 2**30, 64 * 2**30]  # 131,072 B/token (README) x 8,192 tokens = 1 GiB a sequence


@pytest.mark.parametrize("over", ["batch", "batch=1:x", "batch=5:1:0", "=1,2"])
def test_a_malformed_range_is_a_located_usage_error(run_cli, over):
    code, _, err = run_cli("sweep", "t_step", "--over", over, "--given", "model=meta-llama/Meta-Llama-3-8B")
    assert code == 2 and err.startswith("error: --over:") and "Traceback" not in err
