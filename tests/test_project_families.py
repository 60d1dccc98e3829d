"""A project declares a model family with YAML alone; an undeclared one is refused with the recipe.

The family below spells every key its own way (n_layer, d_model, win...) and
lays its layers out with a list of its own names, so nothing about it can
come from a built-in entry: if the claims hold, the table did the work.
"""

from __future__ import annotations

import json

import pytest

FAMILY = """\
families:
  acme_local:
    config_class: AcmeConfig
    defaults: {tie_word_embeddings: true}
    keys:
      n_layers: [n_layer]
      hidden_size: [d_model]
      n_heads: [n_head]
      n_kv_heads: [n_kv_head]
      vocab_size: [vocab]
      intermediate_size: [ffn]
      sliding_window: [win]
    layers:
      - types: kinds
        names: {local: sliding, global: attention}
"""

CONFIG = {"model_type": "acme_local", "n_layer": 4, "d_model": 256, "n_head": 8, "n_kv_head": 2, "vocab": 1000,
          "ffn": 512, "win": 64, "kinds": ["local", "global", "local", "global"]}

# 4 layers x 2 x 2 KV heads x (256 / 8 = 32) = 512 values a token, 1,024 B in bf16; at 1,000 tokens the two
# sliding layers keep 64: (2 x 1000 + 2 x 64) x 2 x 2 x 32 x 2 B = 544,768 B.
CLAIMS = """\
document: {title: acme}
claims:
  - id: acme-per-token
    quote: q
    formula: kv_bytes_per_token
    given: {model: acme/local-4l, kv_dtype: bf16}
    stated: "1,024 B/token"
  - id: acme-windowed
    quote: q
    formula: kv_bytes_per_sequence_windowed
    given: {model: acme/local-4l, kv_dtype: bf16, seq_len: 1000}
    stated: "544,768 B"
"""


@pytest.fixture
def acme(project, monkeypatch):
    (project / "inputs" / "models").mkdir(parents=True)
    (project / "inputs" / "models" / "acme--local-4l.json").write_text(json.dumps(CONFIG))
    (project / "claims" / "acme.yaml").write_text(CLAIMS)
    monkeypatch.chdir(project)
    return project


def findings(run_cli) -> tuple[int, dict]:
    code, out, _ = run_cli("check", "--format", "json")
    return code, {f["claim"]: f for f in json.loads(out)["findings"]}


def test_a_family_declared_in_yaml_prices_its_models(acme, run_cli):
    (acme / "inputs" / "architectures.yaml").write_text(FAMILY)
    code, found = findings(run_cli)
    assert {claim: f["verdict"] for claim, f in found.items()} == {"acme-per-token": "holds", "acme-windowed": "holds"}
    assert code == 0


def test_models_show_reads_the_declared_family(acme, run_cli):
    (acme / "inputs" / "architectures.yaml").write_text(FAMILY)
    code, out, _ = run_cli("models", "show", "acme/local-4l")
    assert code == 0
    assert "2 full-attention KV (every 2nd), 2 sliding-window KV over 64 tokens (1 of every 2)" in out
    assert "tie_word_embeddings = True: transformers AcmeConfig default" in out


def test_an_undeclared_family_is_refused_with_the_known_ones_and_a_recipe(acme, run_cli):
    _, found = findings(run_cli)
    message = found["acme-per-token"]["message"]
    assert found["acme-per-token"]["verdict"] == "underdetermined"
    assert "model_type 'acme_local' is not a family the geometry knows" in message
    assert "llama" in message and "gemma3_text" in message
    assert "inputs/architectures.yaml" in message and "acme_local: {like: llama}" in message


@pytest.mark.parametrize(("entry", "located"), [
    ("    layers:\n      - all: mamba3\n", "unknown mixer 'mamba3'"),
    ("    layers:\n      - every: 4\n        nth: attention\n", "others"),
    ("    shapes: {norm: group}\n", "shapes.norm must be one of rms, layer, layer_no_bias"),
    ("    like: acme_missing\n", "is like 'acme_missing', which is not declared"),
    ("    colour: blue\n", "unknown field 'colour'"),
])
def test_a_bad_family_entry_is_a_located_error(acme, run_cli, entry, located):
    (acme / "inputs" / "architectures.yaml").write_text("families:\n  acme_local:\n" + entry)
    code, _, err = run_cli("check")
    assert code == 2
    assert "architectures.yaml:" in err and located in err
