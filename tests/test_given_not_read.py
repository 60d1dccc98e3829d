"""A count of a model's geometry that a claim gives beside the model, and that its formula never
reads, is said to change nothing: the formula takes what the config derives from it."""

from pathlib import Path

import pytest

from auditor.api.auditing import claim
from auditor.audit.pipeline import audit_claim
from auditor.audit.project import Project

REPO = Path(__file__).resolve().parent.parent
GIVEN = {"model": "meta-llama/Llama-2-13b-hf", "kv_dtype": "fp16", "seq_len": 4096, "n_kv_heads": 8}


@pytest.fixture(scope="module")
def project():
    return Project.load(REPO)


def test_a_count_the_formula_reads_prices_the_variant(project):
    """2 * 40 * 8 * 128 * 2 B * 4096 = 0.67 GB: the explicit-heads formula reads the given 8."""
    finding = audit_claim(claim(id="gqa", formula="kv_bytes_per_sequence_gqa", given=GIVEN, stated="0.67 GB"), project)
    assert finding.verdict.holds and not any("not read" in r for r in finding.remarks)


def test_a_count_the_formula_does_not_read_is_said_to_change_nothing(project):
    """kv_bytes_per_sequence takes KV values per token from the config's 40 KV heads: 3.36 GB, and a remark."""
    finding = audit_claim(claim(id="geometry", formula="kv_bytes_per_sequence", given=GIVEN, stated="0.67 GB"), project)
    assert finding.verdict.value == "mismatch"
    assert any(r.startswith("given but not read: n_kv_heads = 8") for r in finding.remarks), finding.remarks


def test_without_a_model_there_is_nothing_for_a_count_to_override(project):
    given = {"n_kv_layers": 40, "n_kv_heads": 8, "head_dim": 128, "kv_dtype": "fp16", "seq_len": 4096, "n_heads": 40}
    finding = audit_claim(claim(id="plain", formula="kv_bytes_per_sequence_gqa", given=given, stated="0.67 GB"), project)
    assert finding.verdict.holds and finding.remarks == ()
