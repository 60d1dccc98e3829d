"""``auditor models`` (list, show, pull, weigh) and claims on models from the Hub, against the local fake Hub.

Nothing here leaves 127.0.0.1: every Hub call goes to ``fake_hub`` (by
``--endpoint`` or ``HF_ENDPOINT``), and ``hf_sandbox`` fails a test whose
client tries any other host. Expected sizes are arithmetic over the tiny
config below, written out, never copied from the tool's output.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest
import yaml
from conftest import REPO
from hub_server import FakeHub, HubFile, fake_hub, hf_sandbox, make_safetensors  # noqa: F401

# A four-layer Llama: 8 query heads, 2 KV heads, head_dim 256 / 8 = 32.
TINY = {"model_type": "llama", "hidden_size": 256, "intermediate_size": 512, "num_hidden_layers": 4,
        "num_attention_heads": 8, "num_key_value_heads": 2, "vocab_size": 1000, "tie_word_embeddings": False}
TINY_KV_PER_TOKEN = 2 * 4 * 2 * (256 // 8) * 2  # K and V, 4 layers, 2 KV heads, head_dim 32, bf16
# embedding and untied head 1000 x 256, final norm; per layer q, o 256 x 256, k, v 256 x 64, SwiGLU 3 x 256 x 512, 2 norms
TINY_PARAMS = 2 * 1000 * 256 + 256 + 4 * (2 * 256 * 256 + 2 * 256 * 64 + 3 * 256 * 512 + 2 * 256)
SHARD = {"model.embed_tokens.weight": ("BF16", [1000, 256]),  # 256,000 elements, 512,000 bytes
         "model.layers.0.mlp.qweight": ("I32", [64, 512])}  # 32,768 elements, 131,072 bytes
SHARD_BYTES = {"BF16": 1000 * 256 * 2, "I32": 64 * 512 * 4}


@pytest.fixture
def hub(fake_hub: FakeHub) -> FakeHub:
    weights = {"model.safetensors": HubFile(make_safetensors(SHARD), lfs=True)}
    fake_hub.add_repo("acme/tiny-llama", {"config.json": json.dumps(TINY).encode(), **weights}, tags=("v1",))
    fake_hub.add_repo("acme/gated", {"config.json": json.dumps(TINY).encode()}, gated=True)
    fake_hub.add_repo("acme/config-only", {"config.json": json.dumps(TINY).encode()})
    return fake_hub


@pytest.fixture
def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def commit(hub: FakeHub, repo_id: str = "acme/tiny-llama", ref: str = "main") -> str:
    return hub.repos[repo_id].refs[ref]


def write_claim(project, model: str, formula: str = "kv_bytes_per_token_gqa", stated: str = f"{TINY_KV_PER_TOKEN} B/token",
                **given) -> None:
    claim = {"id": "tiny", "quote": "-", "formula": formula, "stated": stated,
             "given": {"model": model, "kv_dtype": "bf16", **given}}
    (project / "claims" / "tiny.yaml").write_text(yaml.safe_dump({"document": {"title": "t"}, "claims": [claim]}))


# -- pull --------------------------------------------------------------------


def test_pull_pins_the_config_and_check_then_runs_offline(hub, project, run_cli, monkeypatch):
    code, out, _ = run_cli("--project", project, "models", "pull", "acme/tiny-llama", "--endpoint", hub.url)
    assert code == 0
    pulled = project / "inputs" / "models" / "acme--tiny-llama.json"
    assert f"wrote {pulled} (acme/tiny-llama at commit {commit(hub)})" in out
    assert "architecture dense; layers 0-3: 4 full-attention KV (all)" in out
    assert json.loads(pulled.read_text()) == TINY
    [entry] = yaml.safe_load((project / "inputs" / "models" / "index.yaml").read_text())["models"]
    assert entry["revision"] == commit(hub)

    write_claim(project, "acme/tiny-llama")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    asked = len(hub.requests)
    assert run_cli("--project", project, "check")[0] == 0
    assert len(hub.requests) == asked
    code, out, _ = run_cli("--project", project, "models", "list")
    assert f"  acme/tiny-llama{' ' * 25} dense  commit {commit(hub)[:12]}" in out
    bundled = len(list((REPO / "inputs" / "models").glob("*.json")))
    assert out.rstrip().endswith(f"{bundled} bundled, 1 pulled")


def test_pull_follows_hf_endpoint_and_a_named_revision(hub, project, run_cli, monkeypatch):
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    assert run_cli("--project", project, "models", "pull", "acme/tiny-llama@v1")[0] == 0
    assert commit(hub, ref="v1") in (project / "inputs" / "models" / "index.yaml").read_text()


# -- weigh -------------------------------------------------------------------


def test_weigh_prints_and_records_bytes_a_claim_can_cite(hub, project, run_cli, monkeypatch):
    code, out, err = run_cli("--project", project, "models", "weigh", "acme/tiny-llama", "--params", str(TINY_PARAMS),
                             "--endpoint", hub.url)
    total = SHARD_BYTES["BF16"] + SHARD_BYTES["I32"]
    assert code == 0 and "reading header 1/1: model.safetensors" in err
    assert f"BF16     {SHARD_BYTES['BF16']:>18,} bytes {1000 * 256:>18,} elements" in out
    assert f"total    {total:>18,} bytes" in out
    assert f"bits per parameter: {8 * total / TINY_PARAMS:.3f} (8 x {total:,} / {TINY_PARAMS:,}" in out
    [entry] = yaml.safe_load((project / "inputs" / "weights.yaml").read_text())["weights"]
    assert (entry["id"], entry["commit"], entry["total_bytes"]) == ("acme/tiny-llama", commit(hub), total)
    assert entry["dtypes"]["I32"] == {"bytes": SHARD_BYTES["I32"], "elements": 64 * 512}
    assert entry["parameters"] == TINY_PARAMS

    bits = 8 * total / TINY_PARAMS
    claim = {"id": "bits", "quote": "-", "formula": "measured_bits_per_param", "stated": f"{bits:.3f} bit",
             "given": {"weights": f"acme/tiny-llama@{commit(hub)[:12]}", "n_params": TINY_PARAMS}}
    (project / "claims" / "bits.yaml").write_text(yaml.safe_dump({"document": {"title": "t"}, "claims": [claim]}))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    code, out, _ = run_cli("--project", project, "check", "--format", "json")
    [finding] = json.loads(out)["findings"]
    assert code == 0 and finding["verdict"] == "holds"
    assert f"acme/tiny-llama@{commit(hub)[:12]}: {total:,} bytes" in finding["trace"][0]["source"]


def test_weigh_takes_the_parameter_count_from_a_models_geometry(hub, project, run_cli):
    run_cli("--project", project, "models", "pull", "acme/tiny-llama", "--endpoint", hub.url)
    code, out, _ = run_cli("--project", project, "models", "weigh", "acme/tiny-llama", "--model", "acme/tiny-llama",
                           "--endpoint", hub.url)
    assert code == 0 and f"/ {TINY_PARAMS:,}; parameters: n_params of acme/tiny-llama" in out


@pytest.mark.parametrize(("weights", "says"), [
    ("acme/other", "no weighed checkpoint 'acme/other'"),
    ("acme/tiny-llama@v2", "was weighed at 'main'"),
])
def test_a_claim_citing_weights_not_recorded_is_a_located_error(hub, project, run_cli, weights, says):
    run_cli("--project", project, "models", "weigh", "acme/tiny-llama", "--endpoint", hub.url)
    claim = {"id": "bits", "quote": "-", "formula": "measured_bits_per_param", "stated": "5 bit",
             "given": {"weights": weights, "n_params": TINY_PARAMS}}
    (project / "claims" / "bits.yaml").write_text(yaml.safe_dump({"document": {"title": "t"}, "claims": [claim]}))
    code, _, err = run_cli("--project", project, "check")
    assert code == 2 and says in err and "bits.yaml:" in err


# -- a claim naming a model that is neither bundled nor pulled --------------


def test_an_unbundled_model_is_fetched_once_then_works_offline(hub, hf_sandbox, project, run_cli, monkeypatch):
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    write_claim(project, f"acme/tiny-llama@{commit(hub, ref='v1')}")
    assert run_cli("--project", project, "check")[0] == 0
    assert (hf_sandbox / "models--acme--tiny-llama" / "snapshots" / commit(hub, ref="v1") / "config.json").is_file()
    asked = len(hub.requests)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert run_cli("--project", project, "check")[0] == 0
    assert len(hub.requests) == asked
    assert not (project / "inputs").exists()


def test_a_check_that_reaches_the_hub_says_so_and_pins_the_commit_it_read(hub, hf_sandbox, project, run_cli, monkeypatch):
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    write_claim(project, "acme/tiny-llama")
    code, out, err = run_cli("--project", project, "check", "--format", "json")
    sha = commit(hub)
    assert code == 0
    assert f"hub: fetching config.json of acme/tiny-llama@main from {hub.url}" in err
    assert f"hub: fetched config.json of acme/tiny-llama at commit {sha}" in err
    [finding] = json.loads(out)["findings"]
    assert f"config.json read from the Hub acme/tiny-llama@main (commit {sha})" in finding["notes"]
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    code, _, err = run_cli("--project", project, "check")
    assert code == 0 and "fetching" not in err  # the cache answers; nothing to wait for


# -- Hub errors: exit 2, one line each, each saying something different ------


ERRORS = [
    ("pull", "acme/nowhere", "acme/nowhere@main: repository not found on"),
    ("pull", "acme/gated", "acme/gated@main: http://127.0.0.1"),
    ("pull", "acme/tiny-llama@v9", "acme/tiny-llama@v9: revision 'v9' does not exist"),
    ("weigh", "acme/config-only", "no safetensors files matching '*.safetensors'"),
    ("pull", "llama", "not a model reference: expected ORG/NAME"),
    ("check", "acme/nowhere", "unknown model 'acme/nowhere': not bundled"),
]


@pytest.mark.parametrize(("command", "model", "says"), ERRORS, ids=[f"{c}-{m}" for c, m, _ in ERRORS])
def test_a_hub_failure_is_one_line_and_exit_2(hub, project, run_cli, monkeypatch, command, model, says):
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    if command == "check":
        write_claim(project, model)
        code, _, err = run_cli("--project", project, "check")
    else:
        code, _, err = run_cli("--project", project, "models", command, model)
    assert code == 2 and says in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")
    assert not (project / "inputs").exists()


def test_the_hub_errors_read_differently(hub, project, run_cli, monkeypatch, unused_port):
    """Not found, gated, wrong revision, no server, offline: five messages a user can tell apart."""
    runs = [("acme/nowhere", hub.url), ("acme/gated", hub.url), ("acme/tiny-llama@v9", hub.url),
            ("acme/tiny-llama", f"http://127.0.0.1:{unused_port}")]
    messages = [run_cli("--project", project, "models", "pull", model, "--endpoint", url)[2] for model, url in runs]
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    messages.append(run_cli("--project", project, "models", "pull", "acme/tiny-llama", "--endpoint", hub.url)[2])
    kinds = ["repository not found", "gated or private", "does not exist", "cannot reach", "needs the network"]
    assert [kind in message for kind, message in zip(kinds, messages)] == [True] * 5
    assert len({message.split(": ", 2)[2] for message in messages}) == 5


def test_the_hub_client_is_told_not_to_phone_home():
    env = {k: v for k, v in os.environ.items() if k != "HF_HUB_DISABLE_TELEMETRY"}
    script = "import auditor.inputs.hub.client, huggingface_hub.constants as c; print(c.HF_HUB_DISABLE_TELEMETRY)"
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "True"


# -- show ----------------------------------------------------------------------

SHOWN = {
    "meta-llama/Meta-Llama-3-8B": [
        "architecture: dense", "  layers 0-31: 32 full-attention KV (all)",
        f"KV per token: {2 * 8 * 128 * 2:,} B per KV layer; {32 * 2 * 8 * 128 * 2:,} B/token over 32 KV layers",
        "n_kv_heads = 8  (config num_key_value_heads)", "head_dim = 128  (computed: hidden_size / num_attention_heads)"],
    "Qwen/Qwen3-Next-80B-A3B-Instruct": [
        "architecture: hybrid-linear",
        "  layers 0-47: 12 full-attention KV (every 4th), 36 linear-attention state (3 of every 4)",
        "    full-attention KV: layers 3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47",
        f"recurrent state per sequence: {36 * ((2 * 16 * 128 + 32 * 128) * 3 + 32 * 128 * 128):,} values, "
        f"{36 * 32 * 128 * 128 * 4 + 36 * (2 * 16 * 128 + 32 * 128) * 3 * 2:,} B"],
    "google/gemma-3-27b-it": [
        "  layers 0-61: 10 full-attention KV (every 6th), 52 sliding-window KV over 1024 tokens (5 of every 6)",
        f"sliding layers: 52 x {2 * 16 * 128 * 2:,} B/token up to 1024 tokens, at most {52 * 1024 * 8192:,} B",
        "sliding_window = 1024 token  (config sliding_window)"],
    "openai/gpt-oss-120b": [
        "architecture: moe",
        "  layers 0-35: 18 full-attention KV (every 2nd), 18 sliding-window KV over 128 tokens (1 of every 2)"],
    "nvidia/Nemotron-H-8B-Base-8K": [
        "  layers 0-51: 4 full-attention KV, 24 Mamba-2 state, 24 no cache (MLP only)",
        "    full-attention KV: layers 7, 18, 29, 40",
        "M-M-M-MF-M-M-M-M-MF-M-M-M-M-MF-M-M-M-M-MF-M-M-M-M-M-"],  # config hybrid_override_pattern, * read as F
    "deepseek-ai/DeepSeek-V3": [
        "architecture: mla-moe", "  layers 0-60: 61 MLA latent KV (all)",
        "feed-forward: 3 dense MLP (layers 0-2), 58 routed MoE (layers 3-60)",
        f"KV per token: {(512 + 64) * 2:,} B per KV layer"],
    "Zyphra/Zamba2-1.2B": [
        "  layers 0-37: 6 shared-block KV + Mamba-2 state (every 6th), 32 Mamba-2 state (5 of every 6)",
        f"KV per token: {2 * 32 * 128 * 2:,} B per KV layer; {6 * 2 * 32 * 128 * 2:,} B/token over 6 KV layers",
        "6 the shared block's MLP (layers 5, 11, 17, 23, 29, 35)",
        "n_params_shared_blocks = 109,058,048  (computed: 1 x n_params_per_shared_block (each block once, however many layers call it))"],
}


@pytest.mark.parametrize("model", sorted(SHOWN))
def test_show_gives_the_layout_values_and_cache(run_cli, model):
    code, out, _ = run_cli("models", "show", model)
    assert code == 0
    for expected in SHOWN[model]:
        assert expected in out


def test_show_of_an_unknown_model_offline_is_one_line(run_cli):
    code, _, err = run_cli("models", "show", "acme/nowhere")
    assert code == 2 and "HF_HUB_OFFLINE is set" in err and len(err.strip().splitlines()) == 1


def test_models_without_a_subcommand_is_usage(run_cli):
    assert run_cli("models")[0] == 2
