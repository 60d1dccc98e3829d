"""auditor.inputs.hub, specified against a local Hub (tests/hub_server.py) with the real huggingface_hub client.

Nothing here reaches the internet: every call gets ``endpoint=fake_hub.url``,
and the ``hf_sandbox`` fixture fails a test whose client tries any host but
127.0.0.1. Timeouts are a fraction of a second, so fault tests stay fast.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hub_server import TOKEN, FakeHub, HubFile, fake_hub, hf_sandbox, make_safetensors, raw_safetensors  # noqa: F401

from auditor.inputs.hub import (
    DtypeWeight,
    EntryNotFoundError,
    GatedRepoError,
    HubConnectionError,
    HubError,
    HubOfflineError,
    HubServerError,
    HubTimeoutError,
    InvalidModelRefError,
    MalformedConfigError,
    MalformedSafetensorsError,
    RepoNotFoundError,
    RevisionNotFoundError,
    fetch_config_cached,
    parse_model_ref,
    pull_config,
    weigh,
)
from auditor.inputs.hub.weights import PREFETCH

# The client's timeout, in seconds. An ordinary request on a loaded shared machine
# can take longer than a second, so only a test that injects a delay (which lasts
# several times SHORT) waits for the short one.
GENEROUS, SHORT = 30.0, 1.0

# Odd spacing, a non-ASCII character and no final newline: a pull must keep every byte.
CONFIG_V1 = '{"model_type": "llama",  "hidden_size": 64,\n"num_key_value_heads": 2, "note": "café"}'.encode()
CONFIG = CONFIG_V1.replace(b'"hidden_size": 64', b'"hidden_size": 128')

# A "4-bit" checkpoint as AWQ-style tools store it: int4 weights packed eight
# to an int32 or two to a byte, fp16 scales, int32 zero points, bf16 embedding.
SHARD_1 = {
    "model.embed_tokens.weight": ("BF16", [256, 64]),  # 16384 elements, 32768 bytes
    "model.layers.0.mlp.qweight": ("I32", [128, 256]),  # 1024 x 256 int4: 32768 elements, 131072 bytes
    "model.layers.0.mlp.scales": ("F16", [8, 256]),  # one per 128 inputs: 2048 elements, 4096 bytes
    "model.layers.0.mlp.qzeros": ("I32", [8, 32]),  # 8 x 256 int4: 256 elements, 1024 bytes
}
SHARD_2 = {
    "lm_head.qweight": ("U8", [64, 128]),  # 64 x 256 int4: 8192 elements, 8192 bytes
    "lm_head.scales": ("F16", [64, 2]),  # 128 elements, 256 bytes
}
WEIGHED = {
    "BF16": DtypeWeight(bytes=32768, parameters=16384),
    "F16": DtypeWeight(bytes=4096 + 256, parameters=2048 + 128),
    "I32": DtypeWeight(bytes=131072 + 1024, parameters=32768 + 256),
    "U8": DtypeWeight(bytes=8192, parameters=8192),
}
TOTAL_BYTES, STORED_ELEMENTS = 177408, 59776
MODEL_PARAMETERS = 16384 + 1024 * 256 + 64 * 256  # the weights the packed tensors encode: 294912
SHARDS = ("model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors")


def weights(*shards: dict, metadata: dict | None = None) -> dict[str, HubFile]:
    files = {name: HubFile(make_safetensors(tensors, metadata), lfs=True) for name, tensors in zip(SHARDS, shards)}
    return files | {"model.safetensors.index.json": b'{"metadata": {}, "weight_map": {}}'}


@pytest.fixture
def hub(fake_hub: FakeHub) -> FakeHub:
    """The repositories the tests below talk about."""
    fake_hub.add_repo("acme/tiny-llama", {"config.json": CONFIG_V1, **weights(SHARD_1, SHARD_2)}, tags=("v1",))
    fake_hub.add_commit("acme/tiny-llama", {"config.json": CONFIG, **weights(SHARD_1, SHARD_2)})
    fake_hub.add_repo("acme/gated", {"config.json": CONFIG, **weights(SHARD_1, SHARD_2)}, gated=True)
    fake_hub.add_repo("acme/weights-only", weights(SHARD_1, SHARD_2))
    fake_hub.add_repo("acme/config-only", {"config.json": CONFIG})
    fake_hub.add_repo("acme/not-json", {"config.json": b'{"hidden_size": 64,'})
    fake_hub.add_repo("acme/list-config", {"config.json": b"[64, 128]"})
    return fake_hub


def commit(hub: FakeHub, repo_id: str, ref: str = "main") -> str:
    return hub.repos[repo_id].refs[ref]


def run(operation: str, hub: FakeHub, tmp_path: Path, repo_id: str, revision: str | None = None, **options):
    """One of the three network operations, with the test endpoint and a short timeout."""
    options = {"endpoint": hub.url, "timeout": GENEROUS, **options}
    if operation == "pull":
        return pull_config(repo_id, revision, tmp_path / "inputs", **options)
    if operation == "weigh":
        return weigh(repo_id, revision, **options)
    return fetch_config_cached(repo_id, revision, cache_dir=tmp_path / "cache", **options)


def leftovers(tmp_path: Path) -> list[str]:
    """What a failed call left behind: any file in the pull destination, any repository cache entry."""
    dest, cache = tmp_path / "inputs", tmp_path / "cache"
    found = list(dest.rglob("*")) + [path for path in cache.rglob("*") if "models--" in str(path)]
    return sorted(str(path.relative_to(tmp_path)) for path in found)


# -- model references --------------------------------------------------------

REFS = [
    ("meta-llama/Llama-3.1-8B", ("meta-llama/Llama-3.1-8B", None)),
    ("Qwen/Qwen3-8B@main", ("Qwen/Qwen3-8B", "main")),
    ("org/name@refs/pr/1", ("org/name", "refs/pr/1")),
    (" org/my_model.v2@" + "a" * 40 + " ", ("org/my_model.v2", "a" * 40)),
]
NOT_REFS = [
    ("llama", "exactly one '/'"),
    ("a/b/c", "exactly one '/'"),
    ("org/name@", "nothing after '@'"),
    ("org/-name", "'-name'"),
    ("org/na me", "'na me'"),
    ("org/na--me", "'--'"),
    ("org/name.git", "'.git'"),
    ("org/" + "n" * 96, "longer than 96"),
]


@pytest.mark.parametrize(("text", "parsed"), REFS)
def test_a_model_reference_is_a_repo_id_and_an_optional_revision(text, parsed):
    assert parse_model_ref(text) == parsed


@pytest.mark.parametrize(("text", "reason"), NOT_REFS)
def test_a_malformed_model_reference_says_what_is_wrong(text, reason):
    with pytest.raises(InvalidModelRefError, match="ORG/NAME") as caught:
        parse_model_ref(text)
    assert reason in str(caught.value) and isinstance(caught.value, ValueError)


# -- pull_config -------------------------------------------------------------


def test_pull_copies_config_byte_for_byte_and_records_the_commit(hub, tmp_path):
    pulled = run("pull", hub, tmp_path, "acme/tiny-llama")
    main = commit(hub, "acme/tiny-llama")
    assert pulled.path == tmp_path / "inputs" / "acme--tiny-llama.json"
    assert pulled.path.read_bytes() == CONFIG
    assert (pulled.repo_id, pulled.commit) == ("acme/tiny-llama", main)
    assert pulled.source == f"{hub.url}/acme/tiny-llama/blob/{main}/config.json"
    [entry] = yaml.safe_load((tmp_path / "inputs" / "index.yaml").read_text())["models"]
    fetched = datetime.fromisoformat(entry.pop("fetched"))
    assert entry == {"id": "acme/tiny-llama", "file": "acme--tiny-llama.json", "revision": main,
                     "source": pulled.source}
    assert fetched.utcoffset() == timedelta(0)
    assert abs(datetime.now(timezone.utc) - fetched) < timedelta(minutes=1)


def test_pull_at_a_named_revision_pins_that_revisions_commit(hub, tmp_path):
    pulled = run("pull", hub, tmp_path, "acme/tiny-llama", "v1")
    assert pulled.commit == commit(hub, "acme/tiny-llama", "v1") != commit(hub, "acme/tiny-llama")
    assert pulled.path.read_bytes() == CONFIG_V1
    index = yaml.safe_load((tmp_path / "inputs" / "index.yaml").read_text())
    assert index["models"][0]["revision"] == pulled.commit


def test_pulling_again_replaces_that_models_entry_and_keeps_the_others(hub, tmp_path):
    run("pull", hub, tmp_path, "acme/tiny-llama", "v1")
    run("pull", hub, tmp_path, "acme/config-only")
    run("pull", hub, tmp_path, "acme/tiny-llama")
    index = yaml.safe_load((tmp_path / "inputs" / "index.yaml").read_text())
    assert [(entry["id"], entry["revision"]) for entry in index["models"]] == [
        ("acme/config-only", commit(hub, "acme/config-only")),
        ("acme/tiny-llama", commit(hub, "acme/tiny-llama")),
    ]
    assert sorted(path.name for path in (tmp_path / "inputs").iterdir()) == [
        "acme--config-only.json", "acme--tiny-llama.json", "index.yaml"]


def test_a_token_opens_a_gated_repository(hub, tmp_path):
    assert run("pull", hub, tmp_path, "acme/gated", token=TOKEN).path.read_bytes() == CONFIG
    assert run("weigh", hub, tmp_path, "acme/gated", token=TOKEN).dtypes == WEIGHED
    assert run("fetch", hub, tmp_path, "acme/gated", token=TOKEN)["hidden_size"] == 128
    assert {seen.authorization for seen in hub.requests if "/resolve/" in seen.path} == {f"Bearer {TOKEN}"}


# -- weigh -------------------------------------------------------------------


def test_weigh_adds_up_bytes_and_elements_per_dtype_over_every_shard(hub, tmp_path):
    report = run("weigh", hub, tmp_path, "acme/tiny-llama")
    assert report.dtypes == WEIGHED
    assert (report.total_bytes, report.total_parameters) == (TOTAL_BYTES, STORED_ELEMENTS)
    assert report.files == SHARDS and report.commit == commit(hub, "acme/tiny-llama")
    # 8 * 177408 bytes / 59776 stored elements, exactly
    assert report.bits_per_parameter == Fraction(11088, 467)
    # over the 294912 weights the packed tensors encode: a "4-bit" model at 4.8125 bits
    assert report.bits_per(MODEL_PARAMETERS) == Fraction(77, 16)


def test_weigh_reads_headers_with_range_requests_and_never_a_whole_file(hub, tmp_path):
    run("weigh", hub, tmp_path, "acme/tiny-llama")
    reads = [seen for seen in hub.requests if seen.path.endswith(".safetensors")]
    assert [(seen.method, seen.range, seen.status) for seen in reads] == [("GET", f"bytes=0-{PREFETCH - 1}", 206)] * 2
    assert all(commit(hub, "acme/tiny-llama") in seen.path for seen in reads)  # pinned to one commit
    assert sum(seen.sent for seen in reads) < TOTAL_BYTES


def test_a_header_longer_than_the_first_read_takes_one_more_range(hub, tmp_path):
    hub.add_repo("acme/long-header", weights(SHARD_1, SHARD_2, metadata={"notes": "x" * 100_000}))
    report = run("weigh", hub, tmp_path, "acme/long-header")
    assert report.dtypes == WEIGHED
    first = [seen.range for seen in hub.requests if seen.path.endswith(SHARDS[0])]
    assert first[0] == f"bytes=0-{PREFETCH - 1}" and first[1].startswith("bytes=8-") and len(first) == 2


def test_a_server_that_ignores_range_still_gives_the_header(hub, tmp_path):
    hub.honour_range = False
    hub.add_repo("acme/long-header", weights(SHARD_1, SHARD_2, metadata={"notes": "x" * 100_000}))
    assert run("weigh", hub, tmp_path, "acme/tiny-llama").dtypes == WEIGHED
    assert run("weigh", hub, tmp_path, "acme/long-header").dtypes == WEIGHED


def test_weigh_sums_only_the_files_include_matches(hub, tmp_path):
    twice = weights(SHARD_1, SHARD_2) | {"consolidated.safetensors": HubFile(make_safetensors(SHARD_1 | SHARD_2))}
    hub.add_repo("acme/shipped-twice", twice)
    assert run("weigh", hub, tmp_path, "acme/shipped-twice").total_bytes == 2 * TOTAL_BYTES
    report = run("weigh", hub, tmp_path, "acme/shipped-twice", include="model-*.safetensors")
    assert report.files == SHARDS and report.dtypes == WEIGHED


def test_weigh_reports_each_header_it_reads(hub, tmp_path, capsys):
    lines: list[str] = []
    run("weigh", hub, tmp_path, "acme/tiny-llama", progress=lines.append)
    assert lines == [f"reading header 1/2: {SHARDS[0]}", f"reading header 2/2: {SHARDS[1]}"]
    run("weigh", hub, tmp_path, "acme/tiny-llama", progress=True)
    assert capsys.readouterr().err.splitlines() == lines


def header(entries: dict) -> bytes:
    return json.dumps(entries).encode()


MALFORMED_HEADERS = [
    ("shorter than the length prefix", b"\x01\x02", "shorter than the 8-byte length prefix"),
    ("length beyond the limit", raw_safetensors(b"{}", length=200_000_000), "more than the 16,777,216 one Hub answer may be"),
    ("length beyond the file", raw_safetensors(b'{"a": 1}', length=4096), "ends 4088 bytes before"),
    ("not JSON", raw_safetensors(b"{not json}"), "not JSON"),
    ("a JSON list", raw_safetensors(b"[1, 2, 3]"), "JSON list, not an object"),
    ("a tensor without dtype", raw_safetensors(header({"w": {"shape": [2], "data_offsets": [0, 2]}})), "no dtype"),
    ("a negative dimension", raw_safetensors(header({"w": {"dtype": "U8", "shape": [-2], "data_offsets": [0, 2]}})),
     "not a list of non-negative integers"),
    ("offsets backwards", raw_safetensors(header({"w": {"dtype": "U8", "shape": [0], "data_offsets": [8, 0]}})),
     "before it begins"),
    ("bytes disagree with dtype x shape",
     raw_safetensors(header({"w": {"dtype": "F16", "shape": [4], "data_offsets": [0, 4]}}), bytes(4)),
     "spans 4 bytes, but F16 × [4] needs 8"),
]


@pytest.mark.parametrize(("data", "reason"), [case[1:] for case in MALFORMED_HEADERS],
                         ids=[case[0] for case in MALFORMED_HEADERS])
def test_a_malformed_safetensors_header_is_refused_with_its_file_and_reason(hub, tmp_path, data, reason):
    hub.add_repo("acme/broken", {"model.safetensors": HubFile(data, lfs=True)})
    with pytest.raises(MalformedSafetensorsError) as caught:
        run("weigh", hub, tmp_path, "acme/broken")
    assert str(caught.value).startswith("acme/broken@main: model.safetensors has a malformed safetensors header")
    assert reason in str(caught.value)


def test_a_checkpoint_without_elements_has_no_bits_per_parameter(hub, tmp_path):
    empty = make_safetensors({"scalar_count": ("F32", [0])}, metadata={"format": "pt"})
    hub.add_repo("acme/empty", {"model.safetensors": HubFile(empty, lfs=True)})
    with pytest.raises(MalformedSafetensorsError, match="model.safetensors hold no tensor elements"):
        run("weigh", hub, tmp_path, "acme/empty")


# -- errors: one kind per thing the user does differently --------------------

ERRORS = [
    ("pull", "acme/nowhere", None, RepoNotFoundError, "repository not found"),
    ("weigh", "acme/nowhere", None, RepoNotFoundError, "repository not found"),
    ("fetch", "acme/nowhere", None, RepoNotFoundError, "repository not found"),
    ("pull", "acme/gated", None, GatedRepoError, "gated or private"),
    ("weigh", "acme/gated", None, GatedRepoError, "gated or private"),
    ("fetch", "acme/gated", None, GatedRepoError, "gated or private"),
    ("pull", "acme/tiny-llama", "v9", RevisionNotFoundError, "revision 'v9' does not exist"),
    ("weigh", "acme/tiny-llama", "v9", RevisionNotFoundError, "revision 'v9' does not exist"),
    ("fetch", "acme/tiny-llama", "v9", RevisionNotFoundError, "revision 'v9' does not exist"),
    ("pull", "acme/weights-only", None, EntryNotFoundError, "config.json does not exist"),
    ("fetch", "acme/weights-only", None, EntryNotFoundError, "config.json does not exist"),
    ("weigh", "acme/config-only", None, EntryNotFoundError, "no safetensors files matching '*.safetensors'"),
    ("pull", "acme/not-json", None, MalformedConfigError, "not valid JSON"),
    ("fetch", "acme/not-json", None, MalformedConfigError, "not valid JSON"),
    ("pull", "acme/list-config", None, MalformedConfigError, "the top level is a list"),
    ("fetch", "acme/list-config", None, MalformedConfigError, "the top level is a list"),
]


@pytest.mark.parametrize(("operation", "repo_id", "revision", "error", "says"), ERRORS)
def test_each_failure_has_its_own_error_naming_repo_and_revision(hub, tmp_path, operation, repo_id, revision,
                                                                 error, says):
    with pytest.raises(error) as caught:
        run(operation, hub, tmp_path, repo_id, revision)
    assert str(caught.value).startswith(f"{repo_id}@{revision or 'main'}: ")
    assert says in str(caught.value)
    assert (caught.value.repo_id, caught.value.revision) == (repo_id, revision)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("operation", ["pull", "weigh", "fetch"])
def test_a_repo_id_without_organisation_is_refused_before_any_request(hub, tmp_path, operation):
    with pytest.raises(InvalidModelRefError, match="exactly one '/'"):
        run(operation, hub, tmp_path, "gpt2")
    assert hub.requests == []


def test_the_error_kinds_are_distinct_and_share_one_base():
    kinds = {RepoNotFoundError, GatedRepoError, RevisionNotFoundError, EntryNotFoundError, HubConnectionError,
             HubServerError, HubOfflineError, MalformedConfigError, MalformedSafetensorsError}
    assert all(issubclass(kind, HubError) for kind in kinds)
    assert not any(issubclass(a, b) for a in kinds for b in kinds if a is not b)
    assert issubclass(HubTimeoutError, HubConnectionError)


# -- a failing Hub: clear errors, nothing half-written -----------------------

FAULTS = [
    ("pull", "status500", "config.json", None, HubServerError),
    ("pull", "delay", "config.json", None, HubTimeoutError),
    ("pull", "truncate", "config.json", None, MalformedConfigError),
    ("pull", "drop", "config.json", None, HubConnectionError),
    ("pull", "cut", "config.json", None, HubConnectionError),
    ("fetch", "status500", "config.json", "HEAD", HubServerError),
    ("fetch", "status500", "config.json", "GET", HubServerError),
    ("fetch", "delay", "config.json", "HEAD", HubTimeoutError),
    ("fetch", "drop", "config.json", "HEAD", HubConnectionError),
    ("fetch", "truncate", "config.json", "GET", HubConnectionError),  # shorter than its HEAD said
    ("weigh", "status500", "/api/models/", None, HubServerError),
    ("weigh", "truncate", "/api/models/", None, HubServerError),
    ("weigh", "delay", "/api/models/", None, HubTimeoutError),
    ("weigh", "status500", ".safetensors", None, HubServerError),
    ("weigh", "delay", ".safetensors", None, HubTimeoutError),
    ("weigh", "drop", ".safetensors", None, HubConnectionError),
    ("weigh", "cut", ".safetensors", None, HubConnectionError),
]


@pytest.mark.parametrize(("operation", "fault", "path", "method", "error"), FAULTS)
def test_a_failing_hub_gives_a_clear_error_and_leaves_no_partial_file(hub, tmp_path, operation, fault, path,
                                                                      method, error):
    hub.fail(fault, path_contains=path, method=method)
    timeout = SHORT if fault == "delay" else GENEROUS
    with pytest.raises(error, match=r"^acme/tiny-llama@main: "):
        run(operation, hub, tmp_path, "acme/tiny-llama", timeout=timeout)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("operation", ["pull", "weigh", "fetch"])
def test_no_server_at_the_endpoint_is_a_connection_error(hub, tmp_path, operation, unused_port):
    endpoint = f"http://127.0.0.1:{unused_port}"
    with pytest.raises(HubConnectionError, match=f"cannot reach {endpoint}"):
        run(operation, hub, tmp_path, "acme/tiny-llama", endpoint=endpoint)
    assert leftovers(tmp_path) == []


@pytest.fixture
def unused_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# -- the cache, and offline mode ---------------------------------------------


def go_offline(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """HF_HUB_OFFLINE set in the environment now, or read by huggingface_hub at import."""
    if how == "environment":
        monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    else:
        from huggingface_hub import constants

        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)


def test_fetch_keeps_the_config_in_the_huggingface_hub_cache(hub, hf_sandbox):
    config = fetch_config_cached("acme/tiny-llama", None, endpoint=hub.url, timeout=GENEROUS)
    assert config == json.loads(CONFIG)
    snapshot = hf_sandbox / "models--acme--tiny-llama" / "snapshots" / commit(hub, "acme/tiny-llama")
    assert (snapshot / "config.json").read_bytes() == CONFIG


@pytest.mark.parametrize("how", ["environment", "constant"])
def test_offline_mode_answers_from_the_cache_after_one_fetch(hub, tmp_path, monkeypatch, how):
    online = run("fetch", hub, tmp_path, "acme/tiny-llama")
    asked = len(hub.requests)
    go_offline(how, monkeypatch)
    assert run("fetch", hub, tmp_path, "acme/tiny-llama") == online
    assert len(hub.requests) == asked


@pytest.mark.parametrize("how", ["environment", "constant"])
def test_offline_mode_without_a_cached_copy_says_so(hub, tmp_path, monkeypatch, how):
    go_offline(how, monkeypatch)
    with pytest.raises(HubOfflineError, match=r"^acme/tiny-llama@v1: HF_HUB_OFFLINE is set and config.json is not"):
        run("fetch", hub, tmp_path, "acme/tiny-llama", "v1")
    assert hub.requests == []


@pytest.mark.parametrize("operation", ["pull", "weigh"])
def test_pull_and_weigh_need_the_network_and_say_so_offline(hub, tmp_path, monkeypatch, operation):
    go_offline("environment", monkeypatch)
    with pytest.raises(HubOfflineError, match="HF_HUB_OFFLINE is set, and .* needs the network"):
        run(operation, hub, tmp_path, "acme/tiny-llama")
    assert hub.requests == []


def test_a_cached_commit_is_never_asked_for_again(hub, tmp_path):
    pinned = commit(hub, "acme/tiny-llama", "v1")
    assert run("fetch", hub, tmp_path, "acme/tiny-llama", pinned) == json.loads(CONFIG_V1)
    asked = len(hub.requests)
    assert run("fetch", hub, tmp_path, "acme/tiny-llama", pinned) == json.loads(CONFIG_V1)
    assert len(hub.requests) == asked


def test_a_failing_hub_falls_back_to_the_cached_copy(hub, tmp_path):
    online = run("fetch", hub, tmp_path, "acme/tiny-llama")
    hub.fail("status500")
    assert run("fetch", hub, tmp_path, "acme/tiny-llama") == online


def test_a_failed_fetch_removes_only_what_it_added_to_the_cache(hub, tmp_path, monkeypatch):
    run("fetch", hub, tmp_path, "acme/tiny-llama")
    before = leftovers(tmp_path)
    hub.fail("status500", path_contains="config.json", method="GET")
    with pytest.raises(HubServerError):
        run("fetch", hub, tmp_path, "acme/tiny-llama", "v1")
    assert leftovers(tmp_path) == before
    go_offline("environment", monkeypatch)
    assert run("fetch", hub, tmp_path, "acme/tiny-llama") == json.loads(CONFIG)
