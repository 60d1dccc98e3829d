"""The formulas documents reach for, on bundled models, with the arithmetic beside each case.

Each case is a formula, the inputs a claim would give and the exact value,
worked out by hand from the config.json keys named in the comment, so a
failure points at the formula, not at the expectation.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from auditor.audit.project import Project
from auditor.base.errors import Location
from auditor.base.yamlio import Located
from auditor.claims.files import Claim
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

PROJECT = Project.load(None)
LLAMA3_8B, LLAMA3_70B = "meta-llama/Meta-Llama-3-8B", "meta-llama/Meta-Llama-3-70B"
DEEPSEEK_V3, GPT_OSS = "deepseek-ai/DeepSeek-V3", "openai/gpt-oss-120b"

# DeepSeek-V3 (hidden 7168, 128 heads, q_lora 1536, kv_lora 512, nope 128, rope 64, v 128):
# q_a 7168*1536 + q_a_norm 1536 + q_b 1536*128*192 + kv_a 7168*576 + kv_a_norm 512 + kv_b 512*128*256 + o 128*128*7168
DSV3_ATTENTION = 7168 * 1536 + 1536 + 1536 * 128 * 192 + 7168 * 576 + 512 + 512 * 128 * 256 + 128 * 128 * 7168
# 256 routed + 1 shared experts of 3 * 7168 * 2048, a 256 x 7168 router and 256 correction biases
DSV3_MOE_FFN = 257 * 3 * 7168 * 2048 + 256 * 7168 + 256


def value(formula: str, **given) -> Fraction:
    inputs = Located(given)
    inputs.key_lines = {}
    claim = Claim("case", "", Location("test"), formula, None, inputs)
    return Evaluation(PROJECT.catalogue, resolve(claim, PROJECT.catalogue, PROJECT.inputs)).value(formula)


CASES = [
    ("n_params_12ld2", {"model": LLAMA3_70B}, 12 * 80 * 8192**2),
    ("forward_flops_per_token_24ld2", {"model": LLAMA3_70B}, 24 * 80 * 8192**2),
    # 8,030,261,248 less the untied 128256 x 4096 embedding and output projection
    ("n_params_non_embedding", {"model": LLAMA3_8B}, 8_030_261_248 - 2 * 128256 * 4096),
    ("embedding_bytes", {"model": LLAMA3_8B, "weight_dtype": "bf16"}, 128256 * 4096 * 2),
    ("n_params_active_without_embedding", {"model": GPT_OSS}, 5_711_982_912 - 201088 * 2880),
    ("mla_attention_params_per_layer", {"model": DEEPSEEK_V3}, DSV3_ATTENTION),
    ("moe_ffn_params_per_layer", {"model": DEEPSEEK_V3}, DSV3_MOE_FFN),
    # the MTP layer, its two norms, the 2 x 7168 -> 7168 eh_proj and enorm, hnorm
    ("mtp_module_params", {"model": DEEPSEEK_V3}, DSV3_ATTENTION + DSV3_MOE_FFN + 2 * 7168 + 2 * 7168**2 + 2 * 7168),
    # K and V of Llama-3-8B: 32 layers of 2 x 4096 x (8 x 128), 2 FLOPs per multiply-add
    ("kv_projection_flops_per_token", {"model": LLAMA3_8B}, 2 * 2 * 32 * 4096 * 8 * 128),
    # 70e9 int8 weights and 32 sequences of 8192 tokens at 163,840 B: 112,949,672,960 B over 16 GB chips
    ("min_devices_for_weights_and_kv", {"model": LLAMA3_70B, "kv_dtype": "int8", "gpu": "tpu_v5e", "batch": 32,
                                        "seq_len": 8192, "weight_bytes": "70 GB"}, 8),
    ("min_devices_for_weights", {"model": LLAMA3_70B, "weight_dtype": "bf16", "gpu": "h100_sxm"}, 2),
]


@pytest.mark.parametrize("formula, given, expected", CASES, ids=[c[0] for c in CASES])
def test_a_formula_documents_use_gives_the_hand_worked_value(formula, given, expected):
    assert value(formula, **given) == expected


def test_the_mla_and_moe_layer_shapes_rebuild_the_geometry_count():
    # 3 dense layers (MLP 3 x 7168 x 18432) and 58 MoE layers, two norms each, the untied
    # 129280 x 7168 embedding and lm_head, and the final norm: the geometry's 671,026,419,200
    dense_layer = DSV3_ATTENTION + 3 * 7168 * 18432 + 2 * 7168
    moe_layer = DSV3_ATTENTION + DSV3_MOE_FFN + 2 * 7168
    rebuilt = 3 * dense_layer + 58 * moe_layer + 2 * 129280 * 7168 + 7168
    assert rebuilt == value("n_params", model=DEEPSEEK_V3)


def test_a_device_count_scales_the_memory_and_time_formulas():
    one = value("t_mem", model=LLAMA3_70B, weight_dtype="bf16", kv_dtype="bf16", gpu="h100_sxm", batch=1, seq_len=1)
    eight = value("t_mem", model=LLAMA3_70B, weight_dtype="bf16", kv_dtype="bf16", gpu="h100_sxm", batch=1, seq_len=1, n_devices=8)
    assert one == 8 * eight
    budget = value("kv_budget", model=LLAMA3_70B, weight_dtype="bf16", gpu="h100_sxm", n_devices=2)
    assert budget == Fraction(9, 10) * 2 * 80 * 10**9 - 70_553_706_496 * 2
