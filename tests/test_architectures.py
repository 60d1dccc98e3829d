"""What each layer of every architecture family holds, priced by the catalogue through the engine.

Each case names a bundled model, a formula and the inputs a claim would give;
the expected value is arithmetic over the model's config.json, with the keys
it comes from in a comment, so a reader can check it without running
anything. The values are computed by the same path ``auditor check`` takes
(resolve the claim's inputs, evaluate the formula), exactly, as Fractions.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from auditor.audit.project import Project
from auditor.base.errors import Location
from auditor.base.yamlio import Located
from auditor.claims.files import Claim
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

MiB, GiB = 2**20, 2**30
BF16, FP32 = 2, 4

LLAMA3_8B = "meta-llama/Meta-Llama-3-8B"
DEEPSEEK_V3 = "deepseek-ai/DeepSeek-V3"
GEMMA3_27B = "google/gemma-3-27b-it"
GPT_OSS = "openai/gpt-oss-120b"
QWEN3_NEXT = "Qwen/Qwen3-Next-80B-A3B-Instruct"
NEMOTRON_H = "nvidia/Nemotron-H-8B-Base-8K"
MIXTRAL = "mistralai/Mixtral-8x7B-v0.1"
QWEN2_VL = "Qwen/Qwen2-VL-7B-Instruct"

STATE_DTYPES = {"ssm_state_dtype": "fp32", "conv_state_dtype": "bf16"}

# Qwen3-Next: 36 Gated DeltaNet layers; conv over q, k, v = 2 * 16 key heads * 128 + 32 value heads * 128
# channels, kernel 4 keeps 3 inputs; one 128 x 128 delta-rule memory per value head.
QWEN3_NEXT_CONV = 36 * (2 * 16 * 128 + 32 * 128) * (4 - 1)
QWEN3_NEXT_SSM = 36 * 32 * 128 * 128
# Nemotron-H-8B: 24 Mamba-2 layers; conv over x, B, C = 128 heads * 64 + 2 * 8 groups * 128 state,
# kernel 4 keeps 3 inputs; SSM state 128 heads * 64 head_dim * 128 state_size.
NEMOTRON_CONV = 24 * (128 * 64 + 2 * 8 * 128) * (4 - 1)
NEMOTRON_SSM = 24 * 128 * 64 * 128
# Mixtral-8x7B, one layer: attention q and o 4096 x 4096, k and v 4096 x (8 * 128); router 4096 x 8;
# one SwiGLU expert 3 * 4096 * 14336; two RMSNorms. Plus untied 32000 x 4096 embedding and head, final norm.
MIXTRAL_ATTENTION = 2 * 4096 * 4096 + 2 * 4096 * 8 * 128
MIXTRAL_EXPERT = 3 * 4096 * 14336
MIXTRAL_OUTSIDE = 2 * 32000 * 4096 + 4096
MIXTRAL_ACTIVE = MIXTRAL_OUTSIDE + 32 * (MIXTRAL_ATTENTION + 4096 * 8 + 2 * MIXTRAL_EXPERT + 2 * 4096)
MIXTRAL_TOTAL = MIXTRAL_OUTSIDE + 32 * (MIXTRAL_ATTENTION + 4096 * 8 + 8 * MIXTRAL_EXPERT + 2 * 4096)

# (case id, model, formula, extra inputs, expected exact value in base units)
CASES = [
    # dense GQA: 32 layers, 8 KV heads of 128, every layer full attention
    ("llama3-8b-per-layer", LLAMA3_8B, "kv_bytes_per_token_per_layer", {}, 2 * 8 * 128 * BF16),
    ("llama3-8b-per-token", LLAMA3_8B, "kv_bytes_per_token", {}, 32 * 2 * 8 * 128 * BF16),
    ("llama3-8b-8k", LLAMA3_8B, "kv_bytes_per_sequence_windowed", {"seq_len": 8192}, 32 * 8192 * 2 * 8 * 128 * BF16),
    ("llama3-8b-no-state", LLAMA3_8B, "recurrent_state_bytes_per_sequence", {}, 0),
    ("llama3-8b-total-8k", LLAMA3_8B, "cache_bytes_per_sequence", {"seq_len": 8192}, 1 * GiB),
    ("llama3-8b-nothing-fixed", LLAMA3_8B, "cache_share_fixed", {"seq_len": 8192}, 0),
    # MLA: 61 layers, one 512 + 64 latent row per token per layer, no factor 2
    ("deepseek-v3-per-layer", DEEPSEEK_V3, "kv_bytes_per_token_per_layer", {}, (512 + 64) * BF16),
    ("deepseek-v3-128k", DEEPSEEK_V3, "kv_bytes_per_sequence_windowed", {"seq_len": 131072},
     61 * 131072 * (512 + 64) * BF16),
    # sparse MLA: DeepSeek-V3.2's indexer keeps a 128-wide key per token in each of 61 layers; vLLM's
    # DeepseekV32IndexerCache row is index_head_dim + index_head_dim // 128 * 4 = 132 B (fp8 keys, fp32 scales)
    ("deepseek-v32-indexer", "deepseek-ai/DeepSeek-V3.2", "indexer_cache_bytes_per_token", {}, 61 * (128 + 128 // 128 * 4)),
    ("deepseek-v32-latent", "deepseek-ai/DeepSeek-V3.2", "kv_bytes_per_token", {}, 61 * (512 + 64) * BF16),
    # sliding: Gemma 3 27B, 62 layers, every 6th global (10), 52 slide over 1024; 16 KV heads of 128
    ("gemma3-below-window", GEMMA3_27B, "kv_bytes_per_sequence_windowed", {"seq_len": 512},
     (10 * 512 + 52 * 512) * 2 * 16 * 128 * BF16),
    ("gemma3-at-window", GEMMA3_27B, "kv_bytes_per_sequence_windowed", {"seq_len": 1024},
     62 * 1024 * 2 * 16 * 128 * BF16),
    ("gemma3-above-window", GEMMA3_27B, "kv_bytes_per_sequence_windowed", {"seq_len": 32768},
     (10 * 32768 + 52 * 1024) * 2 * 16 * 128 * BF16),
    ("gemma3-sliding-still-growing", GEMMA3_27B, "kv_bytes_sliding_saturated", {"seq_len": 512}, 0),
    ("gemma3-sliding-saturated", GEMMA3_27B, "kv_bytes_sliding_saturated", {"seq_len": 32768},
     52 * 1024 * 2 * 16 * 128 * BF16),
    ("gemma3-fixed-share-32k", GEMMA3_27B, "cache_share_fixed", {"seq_len": 32768},
     Fraction(52 * 1024, 10 * 32768 + 52 * 1024)),
    # sliding: gpt-oss-120b, 36 layers alternating sliding (128 tokens) and full; 8 KV heads of 64
    ("gpt-oss-below-window", GPT_OSS, "kv_bytes_per_sequence_windowed", {"seq_len": 100},
     36 * 100 * 2 * 8 * 64 * BF16),
    ("gpt-oss-above-window", GPT_OSS, "kv_bytes_per_sequence_windowed", {"seq_len": 8192},
     (18 * 8192 + 18 * 128) * 2 * 8 * 64 * BF16),
    ("gpt-oss-fp8-kv", GPT_OSS, "kv_bytes_per_sequence_windowed", {"seq_len": 8192, "kv_dtype": "fp8"},
     (18 * 8192 + 18 * 128) * 2 * 8 * 64 * 1),
    # chunked: Llama 4 Scout, 48 layers, every 4th global (12), 36 attend within 8192-token chunks; 8 KV heads of 128
    ("llama4-below-chunk", "meta-llama/Llama-4-Scout-17B-16E-Instruct", "kv_bytes_per_sequence_windowed",
     {"seq_len": 4096}, 48 * 4096 * 2 * 8 * 128 * BF16),
    ("llama4-above-chunk", "meta-llama/Llama-4-Scout-17B-16E-Instruct", "kv_bytes_per_sequence_windowed",
     {"seq_len": 16384}, (12 * 16384 + 36 * 8192) * 2 * 8 * 128 * BF16),
    # hybrid linear: Qwen3-Next, 12 of 48 layers full attention (2 KV heads of 256), 36 Gated DeltaNet
    ("qwen3-next-2k-kv", QWEN3_NEXT, "kv_bytes_per_sequence_windowed", {"seq_len": 2048},
     12 * 2048 * 2 * 2 * 256 * BF16),
    ("qwen3-next-state", QWEN3_NEXT, "recurrent_state_bytes_per_sequence", STATE_DTYPES,
     QWEN3_NEXT_SSM * FP32 + QWEN3_NEXT_CONV * BF16),
    ("qwen3-next-state-all-bf16", QWEN3_NEXT, "recurrent_state_bytes_per_sequence",
     {"ssm_state_dtype": "bf16", "conv_state_dtype": "bf16"}, (QWEN3_NEXT_SSM + QWEN3_NEXT_CONV) * BF16),
    ("qwen3-next-2k-fixed-share", QWEN3_NEXT, "cache_share_fixed", {"seq_len": 2048, **STATE_DTYPES},
     Fraction(QWEN3_NEXT_SSM * FP32 + QWEN3_NEXT_CONV * BF16,
              QWEN3_NEXT_SSM * FP32 + QWEN3_NEXT_CONV * BF16 + 12 * 2048 * 2 * 2 * 256 * BF16)),
    # hybrid Mamba: Nemotron-H-8B, 4 attention layers (8 KV heads of 128), 24 Mamba-2 layers
    ("nemotron-h-state", NEMOTRON_H, "recurrent_state_bytes_per_sequence", STATE_DTYPES,
     NEMOTRON_SSM * FP32 + NEMOTRON_CONV * BF16),
    ("nemotron-h-conv-share", NEMOTRON_H, "conv_state_share_of_state", STATE_DTYPES,
     Fraction(NEMOTRON_CONV * BF16, NEMOTRON_SSM * FP32 + NEMOTRON_CONV * BF16)),
    ("nemotron-h-128k-total", NEMOTRON_H, "cache_bytes_per_sequence", {"seq_len": 131072, **STATE_DTYPES},
     4 * 131072 * 2 * 8 * 128 * BF16 + NEMOTRON_SSM * FP32 + NEMOTRON_CONV * BF16),
    # MoE: Mixtral, every layer full attention; 2 of 8 experts per token
    ("mixtral-per-token", MIXTRAL, "kv_bytes_per_token", {}, 32 * 2 * 8 * 128 * BF16),
    ("mixtral-active-weights", MIXTRAL, "weight_bytes_active", {"weight_dtype": "bf16"}, MIXTRAL_ACTIVE * BF16),
    ("mixtral-resident-per-active", MIXTRAL, "moe_resident_per_active", {}, Fraction(MIXTRAL_TOTAL, MIXTRAL_ACTIVE)),
    # VLM: Qwen2-VL-7B, text_config of 28 layers, 4 KV heads of 3584 / 28; its sliding_window is switched off
    ("qwen2-vl-64k", QWEN2_VL, "kv_bytes_per_sequence_windowed", {"seq_len": 65536},
     28 * 65536 * 2 * 4 * (3584 // 28) * BF16),
]


@pytest.fixture(scope="module")
def builtin_project() -> Project:
    return Project.load(None)


def compute(project: Project, model: str, formula: str, given: dict):
    """The formula's exact value for a claim giving ``model``, bf16 KV and ``given``, as ``auditor check`` gets it."""
    inputs = Located({"model": model, "kv_dtype": "bf16", **given})
    inputs.key_lines = {}
    claim = Claim("case", "", Location("test"), formula, None, inputs)
    bindings = resolve(claim, project.catalogue, project.inputs)
    return Evaluation(project.catalogue, bindings).value(formula)


@pytest.mark.parametrize(("model", "formula", "given", "expected"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_each_family_is_priced_layer_by_layer(builtin_project, model, formula, given, expected):
    assert compute(builtin_project, model, formula, given) == expected


def test_the_sheets_nemotron_h_figures_follow(builtin_project):
    """Formula sheet §7.3: 97.4 MiB of state, conv 1.4% of it, about 2.095 GiB in all at 128k."""
    state = compute(builtin_project, NEMOTRON_H, "recurrent_state_bytes_per_sequence", STATE_DTYPES)
    share = compute(builtin_project, NEMOTRON_H, "conv_state_share_of_state", STATE_DTYPES)
    total = compute(builtin_project, NEMOTRON_H, "cache_bytes_per_sequence", {"seq_len": 131072, **STATE_DTYPES})
    assert (round(float(state / MiB), 1), round(float(100 * share), 1), round(float(total / GiB), 3)) == (97.4, 1.4, 2.095)


def test_a_window_caps_only_the_sliding_layers(builtin_project):
    """Past the window, a token costs only the full-attention layers: 10 of Gemma 3's 62."""
    at = {s: compute(builtin_project, GEMMA3_27B, "kv_bytes_per_sequence_windowed", {"seq_len": s}) for s in (4096, 4097)}
    assert at[4097] - at[4096] == 10 * 2 * 16 * 128 * BF16


def test_the_vlm_headline_count_includes_its_vision_tower(builtin_project):
    total = compute(builtin_project, QWEN2_VL, "n_params_with_vision", {})
    parts = [compute(builtin_project, QWEN2_VL, name, {}) for name in ("n_params", "n_params_vision")]
    assert total == sum(parts) and round(float(total / 10**9), 2) == 8.29  # Qwen's "8.29B"


def test_a_claim_can_give_a_part_the_model_lacks_and_keep_it(builtin_project):
    given = {"seq_len": 1024, "recurrent_state_bytes_per_sequence": "1 MiB"}
    assert compute(builtin_project, LLAMA3_8B, "cache_bytes_per_sequence", given) == 32 * 1024 * 4096 + MiB


def test_the_zero_parts_say_why_in_the_trace(run_cli):
    code, out, _ = run_cli("explain", "arch-qwen3-next-fixed-share-2k")
    assert code == 0
    assert "kv_bytes_sliding_layers = 0 byte  [input: Qwen/Qwen3-Next-80B-A3B-Instruct: no sliding-window layers" in out
    assert "    layers 0-47: 12 full-attention KV (every 4th), 36 linear-attention state (3 of every 4)" in out


def test_the_cli_reports_windowed_sizes_at_two_lengths(project, run_cli):
    """The same figures through ``auditor check --format json``: Gemma 3 below and above its window."""
    claims = [{"id": f"gemma-{s}", "quote": "-", "formula": "kv_bytes_per_sequence_windowed",
               "given": {"model": GEMMA3_27B, "kv_dtype": "bf16", "seq_len": s}, "stated": f"{value} B"}
              for s, value in ((512, 62 * 512 * 8192), (32768, (10 * 32768 + 52 * 1024) * 8192))]
    (project / "claims" / "gemma.yaml").write_text(json.dumps({"document": {"title": "t"}, "claims": claims}))
    code, out, _ = run_cli("--project", project, "check", "--format", "json")
    assert code == 0
    found = {f["claim"]: (f["verdict"], f["computed_base"]) for f in json.loads(out)["findings"]}
    assert found == {"gemma-512": ("holds", 62 * 512 * 8192), "gemma-32768": ("holds", (10 * 32768 + 52 * 1024) * 8192)}
