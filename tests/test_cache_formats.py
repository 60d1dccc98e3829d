"""Cache layouts as engines allocate them: each format's recorded bytes per token per layer.

``units/cache_formats.yaml`` records, per format, what the engine allocates
for a model; each case here prices the format's ``per_layer`` formula for
that model the way a claim naming ``kv_cache_format:`` does, and the engine's
own arithmetic is spelled out beside it:

- vLLM, vllm/v1/kv_cache_interface.py (MLAAttentionSpec.real_page_size_bytes):
  ``if self.cache_dtype_str == "fp8_ds_mla": return self.block_size * 656``;
  the 656 are 512 fp8 values, 4 fp32 scales (16 B) and 64 bf16 RoPE values (128 B).
- vLLM, same file (AttentionSpec.page_size_bytes): per-token-head quantization adds
  ``2 * self.block_size * self.num_kv_heads * get_dtype_size(torch.float32)`` to
  ``2 * block_size * num_kv_heads * head_size * dtype_size``: Llama-3-8B, 8 KV heads of 128,
  is 2 * 8 * 128 * 1 + 2 * 8 * 4 = 2112 B.
- vLLM, same file (FullAttentionSpec, nvfp4): per head ``head_size//2`` bytes of fp4 and
  ``head_size//16`` of fp8 scales, for K and V: 2 * 8 * (64 + 8) = 1152 B for Llama-3-8B.
- AMD-AIM/reference-kernels, problems/amd/mla/README.md: mxfp4 MLA KV is ``fp4x2 (total_kv, 1, 288)``
  with an e8m0 scale per 32 values: 288 + 576 / 32 = 306 B for DeepSeek-V3's 576-wide row.
- llama.cpp, ggml/src/ggml-common.h: ``block_q8_0`` is an fp16 scale and 32 int8 values (34 B),
  ``block_q4_0`` an fp16 scale and 16 bytes of nibbles (18 B): 2048 values per Llama-3-8B layer
  are 64 blocks, 2176 B and 1152 B.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from auditor.audit.project import Project
from auditor.base.errors import InputError, Location
from auditor.base.yamlio import Located
from auditor.claims.files import Claim
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

REPO = Path(__file__).resolve().parent.parent
PROJECT = Project.load(None)
CASES = [(name, model, recorded) for name, fmt in sorted(PROJECT.inputs.cache_formats.items())
         for model, recorded in fmt.recorded.items()]


def per_layer(project: Project, model: str, name: str, formula: str | None = None, **extra) -> Fraction:
    """Bytes per token per layer of ``model`` in format ``name``, as a claim naming it gets them."""
    given = Located({"model": model, "kv_cache_format": name, **extra})
    given.key_lines = {}
    formula = formula or project.inputs.cache_formats[name].per_layer
    claim = Claim("case", "", Location("test"), formula, None, given)
    return Evaluation(project.catalogue, resolve(claim, project.catalogue, project.inputs)).value(formula)


@pytest.mark.parametrize("name, model, recorded", CASES, ids=[f"{n}-{m}" for n, m, _ in CASES])
def test_a_format_prices_the_row_its_engine_allocates(name, model, recorded):
    assert per_layer(PROJECT, model, name) == recorded


def test_every_format_names_the_engine_file_that_fixes_it():
    for fmt in PROJECT.inputs.cache_formats.values():
        assert {"repo", "path", "commit"} <= set(fmt.source), fmt.name
        assert fmt.recorded, f"{fmt.name} records no allocation to check"


def test_a_claim_that_gives_an_input_itself_overrides_the_format():
    # a bf16 latent beside the bf16 RoPE key: the plain absorbed-MLA row, 576 * 2 B
    assert per_layer(PROJECT, "deepseek-ai/DeepSeek-V3", "vllm_fp8_ds_mla", kv_dtype="bf16") == 1152


def test_an_unknown_format_names_the_known_ones():
    with pytest.raises(InputError, match="unknown cache format 'fp8_mla' .*vllm_fp8_ds_mla"):
        per_layer(PROJECT, "deepseek-ai/DeepSeek-V3", "fp8_mla", formula="kv_bytes_per_token_per_layer")


def test_a_project_adds_a_cache_format_with_yaml_alone(project, monkeypatch, run_cli):
    (project / "inputs").mkdir()
    (project / "inputs" / "cache_formats.yaml").write_text(
        "cache_formats:\n  my_int4_heads:\n    engine: an in-house server\n"
        "    given: {kv_dtype: int4, kv_scale_bytes_per_head: 2 B}\n"
        "    per_layer: kv_bytes_per_token_per_layer_head_scaled\n"
        "    source: {repo: acme/server, path: cache.cc, commit: 0123abc}\n"
    )
    # Llama-3-8B: 2 * 8 * (128 * 0.5 + 2) = 1056 B per layer
    (project / "claims" / "c.yaml").write_text(
        "claims:\n  - {id: c, quote: q, formula: kv_bytes_per_token_per_layer_head_scaled,\n"
        "     given: {model: meta-llama/Meta-Llama-3-8B, kv_cache_format: my_int4_heads}, stated: '1,056 B/token'}\n"
    )
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check")
    assert code == 0, out


# Block sizes in bytes for the values each block holds, as ggml-common.h's
# static_asserts give them (QK_K = 256, K_SCALE_SIZE = 12, ggml_half = 2 B).
GGML_BLOCKS = {
    "q4_0": (2 + 32 // 2, 32),
    "q4_1": (2 * 2 + 32 // 2, 32),
    "q5_0": (2 + 4 + 32 // 2, 32),
    "q5_1": (2 * 2 + 4 + 32 // 2, 32),
    "q8_0": (2 + 32, 32),
    "q2_K": (2 * 2 + 256 // 16 + 256 // 4, 256),
    "q3_K": (2 + 256 // 4 + 256 // 8 + 12, 256),
    "q4_K": (2 * 2 + 12 + 256 // 2, 256),
    "q5_K": (2 * 2 + 12 + 256 // 2 + 256 // 8, 256),
    "q6_K": (2 + 256 // 16 + 3 * 256 // 4, 256),
}


@pytest.mark.parametrize("name", sorted(GGML_BLOCKS))
def test_a_ggml_block_format_costs_its_block_over_its_values(name):
    block, values = GGML_BLOCKS[name]
    dtype = PROJECT.inputs.dtype(name, Location("test"))
    assert dtype.bytes == Fraction(block, values)
    declared = yaml.safe_load((REPO / "units" / "dtypes.yaml").read_text())["dtypes"][name.lower()]
    assert declared["source"]["path"] == "ggml/src/ggml-common.h" and name.lower()[:2] in declared["quote"].lower()
