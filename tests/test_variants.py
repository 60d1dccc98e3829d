"""Model names that differ from a known model by a suffix: tests/cases/variants.yaml is the specification."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from auditor.base.yamlio import load_yaml
from auditor.inputs.models import model_variant
from auditor.inputs.reference import Inputs

CASES = load_yaml(Path(__file__).parent / "cases" / "variants.yaml")["cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_name_resolves_to_its_base_and_weight_format(case):
    variant = model_variant(case["name"], Inputs(None))
    if case["base"] is None:
        assert variant is None
    else:
        assert (variant.base, variant.weight_dtype) == (case["base"], case["weight_dtype"])
        assert "inputs/variants.yaml" in variant.reason or "spelled differently" in variant.reason


# Qwen3-8B has 8,190,735,360 parameters (keras-hub qwen3_8b_en); int4 with one fp16 scale per 128 values is
# 4 + 16/128 = 4.125 bits a weight: 8,190,735,360 x 4.125 / 8 = 4,223,347,920 B = 4.22 GB. In bf16, 16.4 GB.
CLAIMS = """\
document: {title: variants}
claims:
  - id: awq-weights
    quote: q
    formula: weight_bytes
    given: {model: Qwen/Qwen3-8B-AWQ}
    stated: "4.22 GB"
  - id: awq-weights-claim-says-bf16
    quote: q
    formula: weight_bytes
    given: {model: Qwen/Qwen3-8B-AWQ, weight_dtype: bf16}
    stated: "16.4 GB"
  - id: own-suffix
    quote: q
    formula: weight_bytes
    given: {model: Qwen/Qwen3-8B-Turbo}
    stated: "8.19 GB"
"""


def test_a_variant_claim_takes_its_weight_format_unless_it_gives_one(project, monkeypatch, run_cli):
    assert Fraction(8_190_735_360) * Fraction(33, 8) / 8 == 4_223_347_920
    (project / "claims" / "variants.yaml").write_text(CLAIMS)
    (project / "inputs").mkdir()
    (project / "inputs" / "variants.yaml").write_text("suffixes:\n  -Turbo: {weight_dtype: fp8}\n")
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "--format", "json")
    verdicts = {f["claim"]: f["verdict"] for f in json.loads(out)["findings"]}
    assert verdicts == {"awq-weights": "holds", "awq-weights-claim-says-bf16": "holds", "own-suffix": "holds"}
    assert code == 0


def test_a_bad_variants_table_is_a_located_error(project, monkeypatch, run_cli):
    (project / "claims" / "variants.yaml").write_text(CLAIMS)
    (project / "inputs").mkdir()
    (project / "inputs" / "variants.yaml").write_text("suffixes:\n  -Turbo: {weight_dtype: fp8}\n  Turbo2: fp8\n")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2
    assert "variants.yaml:3" in err and "suffix 'Turbo2'" in err
