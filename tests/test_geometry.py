"""Specification of auditor.inputs.geometry: what a config.json says about a model's shape.

Every bundled config in inputs/models has a row below. Expected cache and
state widths are written as arithmetic over the config's own keys (2 * 8 * 128
is Llama-3-8B's 2 * num_key_value_heads * head_dim), so a reader can check
them against the JSON without running anything. Parameter counts are the
figures inputs/SOURCES.md records: exact where it gives an exact count, to
the printed precision otherwise ("671.03e9" means 671.025e9 <= n < 671.035e9).
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal
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


def holds_as_printed(value: int, printed: str) -> bool:
    """True when ``value`` rounds to ``printed`` at the precision it was printed with."""
    stated = Decimal(printed)
    half_unit = Decimal(1).scaleb(stated.as_tuple().exponent) / 2
    return stated - half_unit <= value < stated + half_unit


LLAMA_8B = dict(n_layers=32, n_heads=32, n_kv_heads=8, head_dim=4096 // 32,
                kv_values_per_token_per_layer=2 * 8 * 128, kv_values_per_token=32 * 2 * 8 * 128,
                n_full_kv_layers=32, n_sliding_kv_layers=0, n_params=8_030_261_248)
LLAMA_70B = dict(n_layers=80, n_kv_heads=8, head_dim=8192 // 64,
                 kv_values_per_token_per_layer=2 * 8 * 128, kv_values_per_token=80 * 2 * 8 * 128,
                 n_params=70_553_706_496)
QWEN3_NEXT = dict(
    n_full_kv_layers=48 // 4, n_linear_layers=48 - 48 // 4, n_kv_layers=48 // 4,
    kv_values_per_token_per_layer=2 * 2 * 256, kv_values_per_token=12 * 2 * 2 * 256,
    # conv over q, k, v: 2 * 16 key heads * 128 + 32 value heads * 128 channels, kernel 4 keeps 3 inputs
    conv_state_values_per_sequence=36 * (2 * 16 * 128 + 32 * 128) * (4 - 1),
    # one 128 x 128 delta-rule memory per value head
    ssm_state_values_per_sequence=36 * 32 * 128 * 128,
    recurrent_state_values_per_sequence=36 * ((2 * 16 * 128 + 32 * 128) * 3 + 32 * 128 * 128),
    n_experts=512, n_experts_per_token=10, n_shared_experts=1,
    n_params=79_674_391_296, n_params_active=3_874_929_408,
)

# model -> (architecture, {symbol: exact int, or a printed figure as a string})
EXPECTED: dict[str, tuple[str, dict[str, int | str]]] = {
    "meta-llama--Meta-Llama-3-8B": ("dense", LLAMA_8B),
    "meta-llama--Llama-3.1-8B": ("dense", LLAMA_8B),  # same sizing keys as Llama 3
    "meta-llama--Meta-Llama-3-70B": ("dense", LLAMA_70B),
    "meta-llama--Llama-3.1-70B": ("dense", LLAMA_70B),
    "meta-llama--Llama-3.1-405B": ("dense", dict(
        kv_values_per_token_per_layer=2 * 8 * 128, kv_values_per_token=126 * 2 * 8 * 128, n_params="405.85e9")),
    "meta-llama--Llama-3.2-1B": ("dense", dict(
        head_dim=64, tie_embeddings=1, kv_values_per_token_per_layer=2 * 8 * 64,
        kv_values_per_token=16 * 2 * 8 * 64, n_params=1_235_814_400)),
    "mistralai--Mistral-7B-v0.1": ("dense", dict(
        n_sliding_kv_layers=32, n_full_kv_layers=0, sliding_window=4096,
        kv_values_per_token_per_layer=2 * 8 * 128, kv_values_per_token=0 * 2 * 8 * 128,
        kv_values_per_token_within_window=32 * 2 * 8 * 128, n_params=7_241_732_096)),
    "mistralai--Mixtral-8x7B-v0.1": ("moe", dict(
        kv_values_per_token=32 * 2 * 8 * 128, n_experts=8, n_experts_per_token=2, n_shared_experts=0,
        moe_intermediate_size=14336, n_params=46_702_792_704, n_params_active=12_879_925_248)),
    "Qwen--Qwen3-8B": ("dense", dict(
        head_dim=128, kv_values_per_token=36 * 2 * 8 * 128, n_params=8_190_735_360)),
    "Qwen--Qwen3-30B-A3B": ("moe", dict(
        kv_values_per_token_per_layer=2 * 4 * 128, kv_values_per_token=48 * 2 * 4 * 128,
        n_experts=128, n_experts_per_token=8, moe_intermediate_size=768,
        n_params=30_532_122_624, n_params_active=3_353_032_704)),
    "Qwen--Qwen3-Next-80B-A3B-Instruct": ("hybrid-linear", QWEN3_NEXT),
    "Qwen--Qwen3-Next-80B-A3B-Thinking": ("hybrid-linear", QWEN3_NEXT),
    "deepseek-ai--DeepSeek-V3": ("mla-moe", dict(
        kv_lora_rank=512, qk_rope_head_dim=64, mla_latent_width=512 + 64, mla_absorbed_v_width=512,
        mla_naive_k_head_dim=128 + 64, mla_naive_v_head_dim=128,
        kv_values_per_token_per_layer=512 + 64, kv_values_per_token=61 * (512 + 64),
        n_full_kv_layers=61, n_experts=256, n_shared_experts=1, n_experts_per_token=8, n_dense_layers=3,
        moe_intermediate_size=2048, n_params="671.03e9", n_params_active="37.55e9")),  # main model, no MTP
    "google--gemma-3-27b-it": ("dense", dict(
        n_full_kv_layers=62 // 6, n_sliding_kv_layers=62 - 62 // 6, sliding_window=1024,
        kv_values_per_token_per_layer=2 * 16 * 128, kv_values_per_token=(62 // 6) * 2 * 16 * 128,
        kv_values_per_token_within_window=62 * 2 * 16 * 128, vocab_size=262208, tie_embeddings=1,
        # keras-hub's 27,432,062,576 uses vocab 262144; the config's transformers default is 262208
        n_params_with_vision=27_432_062_576 + (262208 - 262144) * 5376)),
    "openai--gpt-oss-120b": ("moe", dict(
        n_full_kv_layers=36 // 2, n_sliding_kv_layers=36 // 2, sliding_window=128,
        kv_values_per_token_per_layer=2 * 8 * 64, kv_values_per_token=18 * 2 * 8 * 64,
        n_experts=128, n_experts_per_token=4,
        n_params="116.83e9", n_params_active_excl_embeddings="5.13e9")),
    "nvidia--Nemotron-H-8B-Base-8K": ("hybrid-mamba", dict(
        n_mamba_layers=24, n_full_kv_layers=4, head_dim=128,
        kv_values_per_token_per_layer=2 * 8 * 128, kv_values_per_token=4 * 2 * 8 * 128,
        # conv over x, B, C: 128 heads * 64 + 2 * 8 groups * 128 state channels, kernel 4 keeps 3 inputs
        conv_state_values_per_sequence=24 * (128 * 64 + 2 * 8 * 128) * (4 - 1),
        ssm_state_values_per_sequence=24 * 128 * 64 * 128,
        recurrent_state_values_per_sequence=24 * ((128 * 64 + 2 * 8 * 128) * 3 + 128 * 64 * 128),
        n_params=8_100_852_736)),
    "Qwen--Qwen2-VL-7B-Instruct": ("dense", dict(
        head_dim=3584 // 28, kv_values_per_token=28 * 2 * 4 * 128, n_full_kv_layers=28,
        n_params="7.62e9", n_params_vision="0.68e9", n_params_with_vision=8_291_375_616)),
}


def test_every_bundled_config_has_expectations():
    assert sorted(path.stem for path in MODELS.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("model", sorted(EXPECTED))
def test_bundled_config(model):
    architecture, expected = EXPECTED[model]
    geo = derive(load(model))
    assert geo.architecture == architecture
    for symbol, want in expected.items():
        got = geo.value(symbol)
        if isinstance(want, str):
            assert holds_as_printed(got, want), f"{symbol} = {got:,} does not print as {want}"
        else:
            assert got == want, f"{symbol} = {got:,}, expected {want:,}"


@pytest.mark.parametrize("model", sorted(EXPECTED))
def test_values_are_exact_and_say_where_they_came_from(model):
    geo = derive(load(model))
    for symbol, derived in geo.values.items():
        assert isinstance(derived.value, (int, Fraction)) and not isinstance(derived.value, bool), symbol
        assert derived.unit == ("token" if symbol == "sliding_window" else "dimensionless")
        assert derived.origin.split(":")[0].split()[0] in ("config", "computed", "default"), derived.origin
    assert len(geo.layers) == geo.value("n_layers")
    assert geo.value("n_kv_layers") == geo.value("n_full_kv_layers") + geo.value("n_sliding_kv_layers")


@pytest.mark.parametrize("model", sorted(EXPECTED))
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
    assert geo.layers[0] == LayerKind("sliding KV", window=1024, ffn="dense")
    assert geo.values["vocab_size"].origin.startswith("default:")
    notes = " | ".join(geo.notes)
    for key in ("sliding_window_pattern = 6", "vocab_size = 262208", "tie_word_embeddings = True", "text_config"):
        assert key in notes


def test_mistral_sliding_window_applies_to_every_layer_and_says_so():
    geo = derive(load("mistralai--Mistral-7B-v0.1"))
    assert set(geo.layers) == {LayerKind("sliding KV", window=4096)}
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
    pytest.param(lambda: _with("nvidia--Nemotron-H-8B-Base-8K", hybrid_override_pattern="E" + "M-" * 25 + "*"),
                 "hybrid_override_pattern[0] is 'E'", id="unknown hybrid layer symbol"),
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
