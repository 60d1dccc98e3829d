"""Specification of auditor.inputs.geometry: what a config.json says about a model's shape.

The per-family cache widths and parameter counts are data
(tests/cases/families.yaml, checked by tests/test_families.py); this file
holds what every derivation must satisfy and how unreadable configs fail.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.inputs.geometry import Derived, Geometry, LayerKind, UnsupportedArchitecture, derive, kv_heads_per_rank

MODELS = Path(__file__).parent.parent / "inputs" / "models"
MiB = 2**20


def load(name: str) -> dict:
    return json.loads((MODELS / f"{name}.json").read_text(encoding="utf-8"))


BUNDLED = sorted(path.stem for path in MODELS.glob("*.json"))


@pytest.mark.parametrize("model", BUNDLED)
def test_values_are_exact_and_say_where_they_came_from(model):
    geo = derive(load(model))
    for symbol, derived in geo.values.items():
        assert isinstance(derived.value, (int, Fraction)) and not isinstance(derived.value, bool), symbol
        assert derived.unit == ("token" if symbol in ("sliding_window", "attention_chunk_size") else "dimensionless")
        assert derived.origin.split(":")[0].split()[0] in ("config", "computed", "default"), derived.origin
    assert len(geo.layers) == geo.value("n_layers")
    chunked = geo.value("n_chunked_kv_layers") if "n_chunked_kv_layers" in geo.values else 0
    assert geo.value("n_kv_layers") == geo.value("n_full_kv_layers") + geo.value("n_sliding_kv_layers") + chunked


@pytest.mark.parametrize("model", BUNDLED)
def test_active_counts_never_exceed_the_total(model):
    geo = derive(load(model))
    active = geo.value("n_params_active")
    assert geo.value("n_params_active_excl_embeddings") == active - geo.value("n_params_embedding")
    assert active <= geo.value("n_params")
    if geo.architecture == "dense":
        assert active == geo.value("n_params")


def test_nemotron_h_state_figure_implies_fp32_ssm_and_bf16_conv_state():
    """The book sheet: 97.4 MiB of recurrent state per sequence, conv state 1.4% of it.

    Neither uniform dtype gives that: all fp32 is 98.8 MiB (conv 2.8%), all
    bf16 49.4 MiB. fp32 SSM state (96 MiB exactly) plus bf16 conv state
    (1.41 MiB) gives 97.41 MiB with conv at 1.44%, so the figure assumes the
    common serving choice: SSM state in fp32, conv state in the model dtype.
    """
    geo = derive(load("nvidia--Nemotron-H-8B-Base-8K"))
    conv, ssm = geo.value("conv_state_values_per_sequence"), geo.value("ssm_state_values_per_sequence")
    mixed = ssm * 4 + conv * 2
    assert ssm * 4 == 96 * MiB
    assert round(mixed / MiB, 1) == 97.4
    assert round(100 * conv * 2 / mixed, 1) == 1.4
    assert round((ssm + conv) * 4 / MiB, 1) != 97.4
    assert round((ssm + conv) * 2 / MiB, 1) != 97.4


def test_gemma3_reads_text_config_and_names_the_defaults_it_used():
    geo = derive(load("google--gemma-3-27b-it"))
    assert [layer.holds for layer in geo.layers[:6]] == ["sliding KV"] * 5 + ["full KV"]
    assert geo.layers[0] == LayerKind("sliding KV", window=1024, ffn="dense", mixer="sliding")
    assert geo.values["vocab_size"].origin.startswith("default:")
    notes = " | ".join(geo.notes)
    for key in ("sliding_window_pattern = 6", "vocab_size = 262208", "tie_word_embeddings = True", "text_config"):
        assert key in notes


def test_mistral_sliding_window_applies_to_every_layer_and_says_so():
    geo = derive(load("mistralai--Mistral-7B-v0.1"))
    assert set(geo.layers) == {LayerKind("sliding KV", window=4096, mixer="sliding")}
    assert any("every layer is treated as sliding with W = 4096" in note for note in geo.notes)


def test_sliding_window_is_ignored_when_use_sliding_window_is_false():
    geo = derive(load("Qwen--Qwen2-VL-7B-Instruct"))
    assert "sliding_window" not in geo.values
    assert any("use_sliding_window is false" in note for note in geo.notes)


def test_head_dim_origin_says_whether_it_was_given_or_computed():
    llama = derive(load("meta-llama--Meta-Llama-3-8B"))
    assert llama.values["head_dim"] == Derived(128, "dimensionless", "computed: hidden_size / num_attention_heads")
    assert "head_dim = hidden_size / num_attention_heads (no head_dim key)" in llama.notes
    assert derive(load("Qwen--Qwen3-8B")).values["head_dim"].origin == "config head_dim"


def test_missing_kv_heads_default_to_query_heads():
    config = load("meta-llama--Meta-Llama-3-8B")
    del config["num_key_value_heads"]
    geo = derive(config)
    assert geo.value("n_kv_heads") == 32
    assert geo.values["n_kv_heads"].origin.startswith("default: n_heads (no num_key_value_heads")
    assert geo.value("kv_values_per_token") == 32 * 2 * 32 * 128


def test_layer_kinds_follow_the_config_layout():
    deepseek = derive(load("deepseek-ai--DeepSeek-V3"))
    assert [layer.ffn for layer in deepseek.layers[:4]] == ["dense", "dense", "dense", "moe"]
    assert deepseek.count("MLA latent") == 61
    nemotron = derive(load("nvidia--Nemotron-H-8B-Base-8K"))
    symbol = {"Mamba state": "M", "full KV": "*", "none": "-"}
    pattern = load("nvidia--Nemotron-H-8B-Base-8K")["hybrid_override_pattern"]
    assert "".join(symbol[layer.holds] for layer in nemotron.layers) == pattern
    qwen_next = derive(load("Qwen--Qwen3-Next-80B-A3B-Instruct"))
    assert [i for i, layer in enumerate(qwen_next.layers) if layer.holds == "full KV"] == list(range(3, 48, 4))


def test_derive_leaves_the_config_unchanged():
    config = load("google--gemma-3-27b-it")
    before = copy.deepcopy(config)
    derive(config)
    assert config == before


def _with(model: str, **changes) -> dict:
    config = load(model)
    for key, value in changes.items():
        if value is None:
            del config[key]
        else:
            config[key] = value
    return config


UNREADABLE = [
    pytest.param(lambda: _with("meta-llama--Meta-Llama-3-8B", num_hidden_layers=None),
                 "'num_hidden_layers'", id="missing num_hidden_layers"),
    pytest.param(lambda: _with("meta-llama--Meta-Llama-3-8B", model_type="rwkv"), "'rwkv'", id="unknown model_type"),
    pytest.param(lambda: _with("meta-llama--Meta-Llama-3-8B", model_type=None), "'model_type'", id="no model_type"),
    pytest.param(lambda: _with("openai--gpt-oss-120b",
                               layer_types=["sliding_attention", "chunked_attention"] * 18),
                 "layer_types[1] is 'chunked_attention'", id="unknown layer type"),
    pytest.param(lambda: _with("nvidia--Nemotron-H-8B-Base-8K", hybrid_override_pattern="Q" + "M-" * 25 + "*"),
                 "hybrid_override_pattern[0] is 'Q'", id="unknown hybrid layer symbol"),
    pytest.param(lambda: _with("nvidia--Nemotron-H-8B-Base-8K", hybrid_override_pattern="E" + "M-" * 25 + "*"),
                 "'n_routed_experts'", id="MoE layers in the pattern but no expert count"),
    pytest.param(lambda: _with("meta-llama--Meta-Llama-3-8B", num_attention_heads=24),
                 "hidden_size = 4096 is not divisible by num_attention_heads = 24", id="head_dim does not divide"),
    pytest.param(lambda: _with("meta-llama--Meta-Llama-3-8B", num_attention_heads=33),
                 "not a multiple of num_key_value_heads", id="query heads not grouped"),
    pytest.param(lambda: _with("meta-llama--Meta-Llama-3-8B", hidden_size="4096"),
                 "'hidden_size' must be a positive integer", id="non-integer size"),
    pytest.param(lambda: _with("meta-llama--Meta-Llama-3-8B", attention_chunk_size=8192),
                 "'attention_chunk_size'", id="unmodelled layout key"),
    pytest.param(lambda: ["not", "a", "config"], "JSON object", id="not an object"),
]


@pytest.mark.parametrize("make_config, named", UNREADABLE)
def test_unreadable_configs_raise_and_name_what_was_not_understood(make_config, named):
    with pytest.raises(UnsupportedArchitecture) as caught:
        derive(make_config())
    assert named in str(caught.value)


def test_an_uncountable_vision_tower_is_noted_not_guessed():
    config = load("google--gemma-3-27b-it")
    del config["vision_config"]["patch_size"]
    geo = derive(config)
    assert "n_params_vision" not in geo.values
    assert any("vision tower not counted" in note and "patch_size" in note for note in geo.notes)


def test_a_stored_multi_token_prediction_layer_is_one_more_decoder_layer_plus_its_own_embedding_and_head():
    base = derive(load("deepseek-ai--DeepSeek-V3"))
    hidden, vocab = 7168, 129280
    deeper = derive(_with("deepseek-ai--DeepSeek-V3", num_hidden_layers=62, num_nextn_predict_layers=0))
    one_layer = deeper.value("n_params") - base.value("n_params")  # one more MoE decoder layer
    assert base.value("n_params_mtp") == one_layer + 2 * hidden * hidden + 3 * hidden + 2 * vocab * hidden
    assert base.value("n_params_with_mtp") == base.value("n_params") + base.value("n_params_mtp")
    assert "n_params_mtp" not in deeper.values  # none stored: nothing counted


def test_a_family_without_stored_mtp_layers_ignores_the_key():
    geo = derive(_with("meta-llama--Meta-Llama-3-8B", num_nextn_predict_layers=1))
    assert "n_params_mtp" not in geo.values


def test_llama4_counts_its_vision_tower_module_by_module():
    # vision_model.*: patch linear 3*14*14*1408 = 827,904, class 1,408, positions 577*1408 = 812,416,
    # pre/post LayerNorms 5,632, 34 blocks of 23,807,872; vision_adapter fc1 5632*4096 = 23,068,672 and
    # fc2 4096*4096 = 16,777,216; multi_modal_projector 4096*5120 = 20,971,520
    geo = derive(load("meta-llama--Llama-4-Scout-17B-16E-Instruct"))
    assert geo.value("n_params_vision") == 827904 + 1408 + 812416 + 5632 + 34 * 23807872 + 23068672 + 16777216 + 20971520


def test_glm4v_counts_its_vision_tower_tensor_by_tensor():
    # model.visual.*: patch_embed 1536*3*2*14*14 + 1536, position_embedding 576*1536, 24 blocks of qkv 4608*1536,
    # proj 1536^2, gate/up/down 3*4096*1536 and two norms; post_conv and post norms; downsample 4096*1536*2*2 + 4096;
    # merger proj 4096^2, LayerNorm 2*4096, gate/up/down 3*10944*4096
    geo = derive(load("zai-org--GLM-4.5V"))
    block = 4608 * 1536 + 1536 * 1536 + 3 * 4096 * 1536 + 2 * 1536
    assert geo.value("n_params_vision") == (1536 * 3 * 2 * 14 * 14 + 1536 + 576 * 1536 + 24 * block + 2 * 1536
                                            + 4096 * 1536 * 4 + 4096 + 4096 * 4096 + 2 * 4096 + 3 * 10944 * 4096)


@pytest.mark.parametrize("ratio", [1e-300, 0.3, 0, -0.5, 2, "half", True, None])
def test_a_pixel_shuffle_ratio_that_folds_no_whole_token_leaves_the_tower_uncounted(ratio):
    config = load("meta-llama--Llama-4-Scout-17B-16E-Instruct")
    config["vision_config"]["pixel_shuffle_ratio"] = ratio
    geo = derive(config)
    assert "n_params_vision" not in geo.values and geo.value("n_params") == 107769861120
    assert any("vision tower not counted" in note and "pixel_shuffle_ratio" in note for note in geo.notes)


@pytest.mark.parametrize("n_kv_heads, tp, per_rank", [(8, 1, 8), (8, 2, 4), (8, 8, 1), (8, 16, 1)])
def test_kv_heads_per_rank_never_drops_below_one_head(n_kv_heads, tp, per_rank):
    assert kv_heads_per_rank(n_kv_heads, tp) == per_rank


@pytest.mark.parametrize("n_kv_heads, tp", [(8, 3), (0, 8), (8, 0)])
def test_kv_heads_per_rank_refuses_splits_no_framework_makes(n_kv_heads, tp):
    with pytest.raises(ValueError):
        kv_heads_per_rank(n_kv_heads, tp)


@given(layers=st.integers(1, 96), kv_heads=st.sampled_from([1, 2, 4, 8]),
       group=st.integers(1, 8), head_dim=st.sampled_from([64, 80, 128]))
def test_any_llama_shaped_config_caches_two_vectors_per_kv_head_per_layer(layers, kv_heads, group, head_dim):
    config = _with("meta-llama--Meta-Llama-3-8B", num_hidden_layers=layers, num_key_value_heads=kv_heads,
                   num_attention_heads=kv_heads * group, hidden_size=kv_heads * group * head_dim)
    geo: Geometry = derive(config)
    assert geo.value("kv_values_per_token") == layers * 2 * kv_heads * head_dim
    assert geo.value("n_params_active") == geo.value("n_params")


# -- module shapes declared in the table --------------------------------------------------------------

# Llama-3-8B per layer: q and o 4096 wide, k and v 8 x 128 = 1024 wide, MLP 14336, two norms of 4096.
LLAMA_Q, LLAMA_KV, LLAMA_MLP, LLAMA_H = 4096, 1024, 14336, 4096


@pytest.mark.parametrize(("shapes", "config_changes", "per_layer_delta"), [
    ("{attention_bias: qkv}", {}, LLAMA_Q + 2 * LLAMA_KV),
    ("{attention_bias: all}", {}, LLAMA_Q + 2 * LLAMA_KV + LLAMA_H),
    ("{attention_bias: qkv_config}", {"attention_bias": True}, LLAMA_Q + 2 * LLAMA_KV),
    ("{attention_bias: qkv_config}", {}, 0),
    ("{attention_bias: config}", {"attention_bias": True}, LLAMA_Q + 2 * LLAMA_KV + LLAMA_H),
    ("{mlp_bias: always}", {}, 2 * LLAMA_MLP + LLAMA_H),
    ("{mlp_bias: never}", {"mlp_bias": True}, 0),
    ("{mlp: plain}", {}, -LLAMA_H * LLAMA_MLP),
    ("{norm: layer}", {}, 2 * LLAMA_H),
    ("{norm: layer_no_bias}", {}, 0),
    ("{norms_per_layer: 4}", {}, 2 * LLAMA_H),
    ("{qk_norm: head}", {}, 2 * 128),
    ("{qk_norm: head_config}", {"use_qk_norm": True}, 2 * 128),
    ("{qk_norm: head_config}", {}, 0),
    ("{qk_norm: full}", {}, LLAMA_Q + LLAMA_KV),
    ("{gated_query: true}", {}, LLAMA_H * LLAMA_Q),
    ("{attention_sinks: true}", {}, 32),
])
def test_each_declared_shape_changes_a_layer_by_its_modules(tmp_path, shapes, config_changes, per_layer_delta):
    """The same Llama-3-8B config read through a family that differs from llama in one shape."""
    from auditor.inputs.geometry import load_families

    (tmp_path / "architectures.yaml").write_text(f"families:\n  llama_variant: {{like: llama, shapes: {shapes}}}\n")
    families = load_families((MODELS.parent, tmp_path))
    base = derive(load("meta-llama--Meta-Llama-3-8B"))
    variant = derive(_with("meta-llama--Meta-Llama-3-8B", model_type="llama_variant", **config_changes), families)
    final_norm = LLAMA_H if "norm: layer}" in shapes else 0  # a LayerNorm's bias on the final norm too
    assert variant.value("n_params") - base.value("n_params") == 32 * per_layer_delta + final_norm


def test_block_configs_price_a_linear_attention_and_a_skipped_mlp():
    """Nemotron NAS: a linear replacement has no cache and hidden^2 weights; a skipped block drops its norm too."""
    config = load("nvidia--Llama-3_3-Nemotron-Super-49B-v1")
    before = derive(config)
    changed = copy.deepcopy(config)
    first = changed["block_configs"][0]  # attention kept, 8 query heads per KV head; ffn_mult 2.625
    first["attention"].update(replace_with_linear=True)
    first["ffn"].update(no_op=True)
    after = derive(changed)
    attention = 8192 * 8192 * 2 + 2 * 8192 * 8 * 128  # q, o and k, v of one kept layer
    mlp = 3 * 8192 * 14336  # int(2 * 2.625 * 8192 / 3) = 14336, already a multiple of 256
    assert after.value("n_full_kv_layers") == before.value("n_full_kv_layers") - 1
    assert before.value("n_params") - after.value("n_params") == attention - 8192 * 8192 + mlp + 8192


@pytest.mark.parametrize("vision", ["clip", ["gemma3"], {"tower": "gemma3"}, 7])
def test_a_vision_tower_no_counter_knows_is_refused_by_name(vision):
    from auditor.inputs.geometry.family_fields import build_family
    from auditor.inputs.geometry.rules import RuleError

    with pytest.raises(RuleError, match="vision must be one of qwen2_vl, gemma3, llama4, glm4v"):
        build_family("acme", {"vision": vision}, {"keys": {}, "refuse": {}}, "inputs/architectures.yaml:3")
