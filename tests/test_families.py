"""Every family the geometry reads, on a real config.json: tests/cases/families.yaml is the specification.

Each case restates, as arithmetic over the config's own keys, what the
serving engine allocates per token and per recurrent layer (the vLLM code
each shape comes from is quoted at the top of the YAML), and gives the
checkpoint's published parameter count with its source. The geometry must
agree with the first exactly and with the second within 0.5%.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from auditor.base.expressions import SymbolFactory, parse_expression
from auditor.base.yamlio import load_yaml
from auditor.inputs.geometry import UnsupportedArchitecture, builtin_families, derive
from auditor.inputs.geometry.registry import split_config

ROOT = Path(__file__).parent.parent
CASES = load_yaml(ROOT / "tests" / "cases" / "families.yaml")["cases"]
HOLDS = {"full": ("full KV", "MLA latent"), "sliding": ("sliding KV",), "chunked": ("chunked KV",),
         "linear": ("linear-attention state",)}
TOLERANCE = Fraction(5, 1000)


def number(text) -> Fraction:
    """An integer, or arithmetic written in the case file ("2 * 8 * (4096 / 32)", "8.29e9"), exactly."""
    return Fraction(str(parse_expression(str(text), SymbolFactory())))


def config_of(model: str) -> dict:
    return json.loads((ROOT / "inputs" / "models" / f"{model.replace('/', '--')}.json").read_text(encoding="utf-8"))


def layer_counts(geo) -> dict[str, int]:
    counts = {name: sum(geo.count(h) for h in holds) for name, holds in HOLDS.items()}
    counts["mamba"] = geo.value("n_mamba_layers") if "n_mamba_layers" in geo.values else 0
    return {name: count for name, count in counts.items() if count}


@pytest.fixture(scope="module", params=CASES, ids=[case["model"] for case in CASES])
def case(request):
    config = config_of(request.param["model"])
    return request.param, config, derive(config)


def test_the_config_reads_through_its_family(case):
    spec, config, geo = case
    assert split_config(config, builtin_families()).model_type == spec["family"]
    assert geo.architecture == spec["architecture"]
    assert layer_counts(geo) == spec["layers"]


def test_the_cache_is_what_the_serving_engine_allocates(case):
    spec, _, geo = case
    if "kv_per_layer" in spec:
        per_layer = number(spec["kv_per_layer"])
        assert geo.value("kv_values_per_token_per_layer") == per_layer
        assert geo.value("kv_values_per_token") == geo.value("n_kv_layers") * per_layer
    if "state_per_layer" in spec:
        conv, ssm = (number(x) for x in spec["state_per_layer"])
        assert (geo.value("conv_state_values_per_layer"), geo.value("ssm_state_values_per_layer")) == (conv, ssm)
    if "indexer_per_token" in spec:
        assert geo.value("indexer_values_per_token") == number(spec["indexer_per_token"])


def test_the_parameter_count_matches_the_published_one(case):
    spec, _, geo = case
    params = spec.get("params")
    if params is None:
        assert spec.get("params_unpublished"), "a case without a published count says why"
        return
    computed = geo.value(params.get("symbol", "n_params"))
    published = number(params["published"])
    if params.get("digits"):
        half = Fraction(10) ** (len(str(int(published))) - params["digits"]) / 2
        assert published - half <= computed < published + half, f"{computed:,} does not print as {params['published']}"
    else:
        assert abs(computed - published) <= TOLERANCE * published, f"{computed:,} vs {published:,} ({params['source']})"


def test_every_bundled_config_is_a_case_or_a_twin():
    """A bundled config nobody checks is a config nobody knows is read right."""
    twins = {"Qwen/Qwen3-Next-80B-A3B-Thinking", "meta-llama/Llama-3.1-8B", "meta-llama/Llama-3.1-70B",
             "meta-llama/Meta-Llama-3-70B"}
    bundled = {p.stem.replace("--", "/", 1) for p in (ROOT / "inputs" / "models").glob("*.json")}
    assert bundled - twins == {case["model"] for case in CASES}


def test_transformers_spelling_of_minimax_reads_as_the_original():
    """transformers' MiniMaxConfig names each layer in layer_types where the release lists 0/1 codes."""
    original = config_of("MiniMaxAI/MiniMax-Text-01")
    names = {0: "linear_attention", 1: "full_attention"}
    respelled = {k: v for k, v in original.items() if k != "attn_type_list"}
    respelled.update(model_type="minimax", layer_types=[names[code] for code in original["attn_type_list"]])
    a, b = derive(original), derive(respelled)
    assert layer_counts(a) == layer_counts(b) == {"full": 10, "linear": 70}
    assert a.value("n_params") == b.value("n_params")


def test_granite_hybrid_experts_sit_beside_the_shared_mlp():
    """GraniteMoeHybrid: with num_local_experts set, every layer routes and keeps its shared MLP as well."""
    dense = config_of("ibm-granite/granite-4.0-h-350m")
    routed = dict(dense, num_local_experts=4, num_experts_per_tok=2, intermediate_size=512)
    a, b = derive(dense), derive(routed)
    hidden, layers = 768, 32
    per_layer = hidden * 4 + 4 * 3 * hidden * 512  # router, and 4 experts of 512 (the shared MLP of 2048 stays)
    assert b.architecture == "hybrid-mamba" and b.value("n_moe_layers") == layers
    assert b.value("n_params") - a.value("n_params") == layers * per_layer
    assert b.value("n_params") - b.value("n_params_active") == layers * 2 * 3 * hidden * 512


def test_a_minimax_shared_expert_is_refused_not_left_out():
    """shared_intermediate_size [0] announces nothing; a nonzero width is a block the table does not price."""
    config = dict(config_of("MiniMaxAI/MiniMax-Text-01"), shared_intermediate_size=[4736])
    with pytest.raises(UnsupportedArchitecture, match="shared_intermediate_size"):
        derive(config)


def test_a_zamba2_shared_block_is_counted_once_and_cached_per_call():
    """One more hybrid layer adds a cache and what a call owns; a second shared block adds its weights."""
    config = config_of("Zyphra/Zamba2-1.2B")
    base = derive(config)
    types = list(config["layers_block_type"])
    types[0] = "hybrid"
    more_calls = derive(dict(config, layers_block_type=types))
    hidden, width, rank, inner = 2048, 4096, 128, 8192
    per_call = hidden * hidden + 3 * 2 * width * rank + rank * (hidden + 2 * inner)  # projection, q/k/v and MLP adapters
    assert more_calls.count("full KV") == base.count("full KV") + 1
    assert more_calls.value("n_params") - base.value("n_params") == per_call
    block = 3 * width * width + width * hidden + 3 * hidden * inner + width + hidden  # q, k, v, o, gated MLP, two norms
    two_blocks = derive(dict(config, num_mem_blocks=2))
    assert two_blocks.value("n_params") - base.value("n_params") == block
    assert two_blocks.value("kv_values_per_token") == base.value("kv_values_per_token")


@pytest.mark.parametrize("change, reason", [
    ({"num_key_value_heads": 8}, "num_key_value_heads = 8 differs"),
    ({"attention_head_dim": None}, "is not attention_hidden_size"),
    ({"hybrid_layer_ids": [5, 11]}, "hybrid_layer_ids"),
    ({"num_mem_blocks": 7}, "7 shared blocks for 6 hybrid layers"),
])
def test_a_zamba2_config_the_engines_would_read_apart_is_refused(change, reason):
    with pytest.raises(UnsupportedArchitecture, match=reason):
        derive(dict(config_of("Zyphra/Zamba2-1.2B"), **change))
