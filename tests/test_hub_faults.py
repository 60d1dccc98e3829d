"""A hostile Hub: one clear error, within one deadline, with nothing half-written in the cache or the project.

The local Hub (tests/hub_server.py) drips bytes, redirects to itself, sends a
gzip bomb or a body far past any config, hides or bends ``X-Repo-Commit``,
and puts the wrong types in its model info. Every operation must end with a
``HubError`` naming the repository, within the overall deadline
(``hub_seconds``, shortened here), and leave nothing behind.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from hub_server import FakeHub, HubFile, _bomb, fake_hub, hf_sandbox, make_safetensors  # noqa: F401
from test_hub import CONFIG, SHARD_1, leftovers, run, weights

from auditor.base.limits import LIMITS
from auditor.inputs.hub import EntryNotFoundError, HubServerError, HubTimeoutError, MalformedSafetensorsError

DEADLINE = 3.0  # seconds, for every operation below
SLACK = 25.0  # what the deadline may be overrun by on a loaded machine (a drip of a config.json runs for minutes)


@pytest.fixture
def hub(fake_hub: FakeHub, monkeypatch) -> FakeHub:
    monkeypatch.setitem(LIMITS, "hub_seconds", replace(LIMITS["hub_seconds"], value=DEADLINE))
    fake_hub.drip_interval = 0.2
    _bomb()  # made before the clock starts
    fake_hub.add_repo("acme/tiny-llama", {"config.json": CONFIG, **weights(SHARD_1, SHARD_1)})
    return fake_hub


HOSTILE = [
    ("pull", "drip", "config.json", None, HubTimeoutError, "hub_seconds"),
    ("fetch", "drip", "config.json", "GET", HubTimeoutError, "hub_seconds"),
    ("weigh", "drip", "/api/models/", None, HubTimeoutError, "hub_seconds"),
    ("weigh", "drip", ".safetensors", None, HubTimeoutError, "hub_seconds"),
    ("pull", "redirect", "config.json", None, HubServerError, "redirects go round in a loop"),
    ("fetch", "redirect", "config.json", "HEAD", HubServerError, "redirects go round in a loop"),
    ("weigh", "redirect", "/api/models/", None, HubServerError, "redirects go round in a loop"),
    ("pull", "gzip-bomb", "config.json", None, HubServerError, "once decompressed"),
    ("fetch", "gzip-bomb", "config.json", "GET", HubServerError, "once decompressed"),
    ("weigh", "gzip-bomb", "/api/models/", None, HubServerError, "once decompressed"),
    ("pull", "huge", "config.json", None, HubServerError, "hub_response_bytes"),
    ("fetch", "huge", "config.json", "GET", HubServerError, "hub_response_bytes"),
    ("weigh", "huge", ".safetensors", None, HubServerError, "hub_response_bytes"),
    ("pull", "no-commit", "config.json", None, HubServerError, "X-Repo-Commit"),
    ("pull", "path-commit", "config.json", None, HubServerError, "X-Repo-Commit"),
    ("fetch", "no-commit", "config.json", "HEAD", HubServerError, "X-Repo-Commit"),
    ("fetch", "path-commit", "config.json", "HEAD", HubServerError, "X-Repo-Commit"),
]


@pytest.mark.parametrize(("operation", "fault", "path", "method", "error", "says"), HOSTILE)
def test_a_hostile_answer_is_one_clear_error_within_the_deadline(hub, tmp_path, operation, fault, path, method, error, says):
    hub.fail(fault, path_contains=path, method=method)
    started = time.monotonic()
    with pytest.raises(error, match=r"^acme/tiny-llama@main: ") as caught:
        run(operation, hub, tmp_path, "acme/tiny-llama", timeout=10)
    assert time.monotonic() - started < DEADLINE + SLACK
    assert says in str(caught.value)
    assert leftovers(tmp_path) == []


FIELDS = [
    ({"sha": 12345}, HubServerError, "no commit sha"),
    ({"sha": ["a" * 40]}, HubServerError, "no commit sha"),
    ({"siblings": [{"rfilename": 7}, {"rfilename": None}]}, EntryNotFoundError, "no safetensors files"),
    ({"siblings": "model.safetensors"}, HubServerError, "model info"),
    ({"siblings": [["model.safetensors"]]}, HubServerError, "model info"),
]


@pytest.mark.parametrize(("fields", "error", "says"), FIELDS)
def test_model_info_with_fields_of_the_wrong_type_is_refused(hub, tmp_path, fields, error, says):
    hub.info_fields = fields
    with pytest.raises(error, match=says):
        run("weigh", hub, tmp_path, "acme/tiny-llama")


def test_a_tensor_of_an_unknown_dtype_with_huge_offsets_is_counted_or_refused_never_a_traceback(hub, tmp_path):
    header = make_safetensors({"w": ("F16", [2, 2])})
    hostile = header.replace(b'"F16"', b'"Q9 "').replace(b"[0, 8]", b"[0, 99999999999999999999]")
    hub.add_repo("acme/odd", {"model.safetensors": HubFile(hostile, lfs=True)})
    try:
        report = run("weigh", hub, tmp_path, "acme/odd")
    except MalformedSafetensorsError as exc:
        assert "acme/odd@main" in str(exc)
    else:
        assert report.total_bytes == 99999999999999999999


def test_the_cli_ends_a_dripping_pull_with_one_line_and_exit_2(hub, tmp_path, run_cli):
    from auditor.cli import build_parser

    build_parser()  # the imports it makes are not the Hub's time
    hub.fail("drip", path_contains="config.json")
    started = time.monotonic()
    code, out, err = run_cli("--project", tmp_path, "models", "pull", "acme/tiny-llama", "--endpoint", hub.url)
    assert time.monotonic() - started < DEADLINE + SLACK
    assert code == 2 and len(err.strip().splitlines()) == 1 and "hub_seconds" in err
    assert not (tmp_path / "inputs").exists() or not any((tmp_path / "inputs").rglob("*.json"))
