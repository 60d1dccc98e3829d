"""A small Hugging Face Hub on 127.0.0.1, for testing ``auditor.inputs.hub`` with the real client.

It serves in-memory repositories on the routes ``huggingface_hub`` calls:

- ``GET|HEAD /{repo}/resolve/{revision}/{file}`` with ``X-Repo-Commit``, a
  quoted ``ETag``, ``Content-Length``, ``X-Linked-Size``/``X-Linked-Etag``
  for LFS files, and ``206 Partial Content`` for ``Range`` requests;
- ``GET /api/models/{repo}[/revision/{revision}]``: ``id``, ``sha``, ``siblings``;
- errors as the Hub sends them: 404 with ``X-Error-Code: RepoNotFound``,
  ``RevisionNotFound`` or ``EntryNotFound``; 401/403 ``GatedRepo``.

Any route can be told to fail (``FakeHub.fail``): a 500, an answer slower than
the client's timeout, a truncated body, or a dropped connection. Every request
is recorded in ``FakeHub.requests``.

Fixtures: ``hf_sandbox`` confines huggingface_hub to ``tmp_path`` (cache, no
token, no telemetry) and fails the test if any request leaves 127.0.0.1;
``fake_hub`` is a running ``FakeHub`` inside that sandbox. Use them with
``from hub_server import fake_hub, hf_sandbox``.
"""

from __future__ import annotations

import hashlib
import json
import re
import socket
import struct
import threading
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

FAULTS = ("status500", "delay", "truncate", "drop", "cut")
# Hostile answers: a body dripped a byte at a time, a redirect to itself, a gzip bomb, a body far larger
# than any config, and an X-Repo-Commit header that is missing or names a path.
HOSTILE = ("drip", "redirect", "gzip-bomb", "huge", "no-commit", "path-commit")
BOMB_SIZE = 64 * 2**20  # decompressed: four times the cap; about 300 kB on the wire
TOKEN = "hf_test_token_with_access"
_RESOLVE = re.compile(r"^/([^/]+/[^/]+)/resolve/([^/]+)/(.+)$")
_MODEL_API = re.compile(r"^/api/models/([^/]+/[^/]+?)(?:/revision/([^/]+))?$")
_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")


@dataclass(frozen=True)
class HubFile:
    """A file in a repository; LFS files get the extra headers the Hub sends for them."""

    data: bytes
    lfs: bool = False

    @property
    def etag(self) -> str:
        if self.lfs:
            return hashlib.sha256(self.data).hexdigest()
        return hashlib.sha1(b"blob %d\0" % len(self.data) + self.data).hexdigest()


@dataclass
class HubRepo:
    repo_id: str
    gated: bool = False
    commits: dict[str, dict[str, HubFile]] = field(default_factory=dict)
    refs: dict[str, str] = field(default_factory=dict)

    def resolve(self, revision: str) -> str | None:
        return self.refs.get(revision) or (revision if revision in self.commits else None)


@dataclass(frozen=True)
class Seen:
    """One request as the server saw it, and how much body it sent back."""

    method: str
    path: str
    range: str | None
    authorization: str | None
    status: int
    sent: int


@dataclass
class _Fault:
    kind: str
    path_contains: str
    method: str | None
    remaining: int | None


@dataclass
class _Reply:
    status: int
    headers: dict[str, str]
    body: bytes = b""


class FakeHub:
    """The server: add repositories, inject faults, read ``requests`` afterwards."""

    def __init__(self, delay: float = 6.0):
        self.delay = delay
        self.honour_range = True  # False: answer Range requests with the whole file, as some proxies do
        self.drip_interval = 0.5
        self.info_fields: dict = {}
        self.repos: dict[str, HubRepo] = {}
        self.requests: list[Seen] = []
        self._faults: list[_Fault] = []
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def add_repo(self, repo_id: str, files: Mapping[str, bytes | HubFile], *, gated: bool = False,
                 tags: tuple[str, ...] = ()) -> str:
        """A new repository whose ``main`` holds ``files``; returns the commit hash."""
        self.repos[repo_id] = HubRepo(repo_id, gated=gated)
        return self.add_commit(repo_id, files, tags=tags)

    def add_commit(self, repo_id: str, files: Mapping[str, bytes | HubFile], *, branch: str = "main",
                   tags: tuple[str, ...] = ()) -> str:
        """A new commit on ``branch`` (and ``tags``) replacing the repository's files; returns its hash."""
        repo = self.repos[repo_id]
        stored = {name: data if isinstance(data, HubFile) else HubFile(data) for name, data in files.items()}
        digest = hashlib.sha1(f"{repo_id}:{len(repo.commits)}".encode())
        for name in sorted(stored):
            digest.update(name.encode() + stored[name].etag.encode())
        commit = digest.hexdigest()
        repo.commits[commit] = stored
        for ref in (branch, *tags):
            repo.refs[ref] = commit
        return commit

    def fail(self, kind: str, *, path_contains: str = "", method: str | None = None,
             times: int | None = None) -> None:
        """Make matching requests fail with ``kind`` (one of FAULTS), ``times`` times or for good."""
        assert kind in FAULTS + HOSTILE, kind
        self._faults.append(_Fault(kind, path_contains, method, times))

    def heal(self) -> None:
        self._faults.clear()

    def start(self) -> FakeHub:
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.hub = self
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True).start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()

    # -- answering ---------------------------------------------------------

    def answer(self, handler: BaseHTTPRequestHandler, head: bool) -> None:
        path = urlsplit(handler.path).path
        fault = self._take_fault(handler.command, path)
        if fault == "delay":
            self._stopping.wait(self.delay)
        reply = self._route(path, handler.headers)
        if fault == "status500":
            reply = _Reply(500, {"Content-Type": "application/json"}, b'{"error": "injected failure"}')
        if fault == "drop":
            self._record(handler, path, reply.status, 0)
            _drop(handler)
            return
        if fault in HOSTILE:
            reply = _hostile(fault, reply, path)
            if fault in ("drip", "huge"):
                self._record(handler, path, reply.status, 0)
                _stream(handler, reply, head, self.drip_interval if fault == "drip" else 0, self._stopping)
                return
        # Recorded before the reply goes out: the client may finish, and the test read
        # ``requests``, before this thread runs again after sending.
        index = self._record(handler, path, reply.status, 0)
        sent = _send(handler, reply, head, cut=fault == "cut", truncate=fault == "truncate")
        with self._lock:
            self.requests[index] = replace(self.requests[index], sent=sent)

    def _take_fault(self, method: str, path: str) -> str | None:
        for fault in self._faults:
            if fault.path_contains in path and fault.method in (None, method) and fault.remaining != 0:
                if fault.remaining is not None:
                    fault.remaining -= 1
                return fault.kind
        return None

    def _record(self, handler: BaseHTTPRequestHandler, path: str, status: int, sent: int) -> int:
        headers = handler.headers
        with self._lock:
            self.requests.append(Seen(handler.command, path, headers.get("Range"), headers.get("Authorization"),
                                      status, sent))
            return len(self.requests) - 1

    def _route(self, path: str, headers: Mapping[str, str]) -> _Reply:
        if match := _MODEL_API.match(path):
            return self._model_info(match[1], unquote(match[2]) if match[2] else "main")
        if match := _RESOLVE.match(path):
            return self._resolve(match[1], unquote(match[2]), unquote(match[3]), headers)
        return _error(404, None, "Not Found")

    def _model_info(self, repo_id: str, revision: str) -> _Reply:
        repo = self.repos.get(repo_id)
        if repo is None:
            return _error(404, "RepoNotFound", "Repository not found")
        commit = repo.resolve(revision)
        if commit is None:
            return _error(404, "RevisionNotFound", "Invalid rev id")
        siblings = [{"rfilename": name} for name in sorted(repo.commits[commit])]
        info = {"id": repo_id, "modelId": repo_id, "sha": commit, "private": False,
                "gated": "manual" if repo.gated else False, "siblings": siblings, **self.info_fields}
        return _Reply(200, {"Content-Type": "application/json"}, json.dumps(info).encode())

    def _resolve(self, repo_id: str, revision: str, filename: str, headers: Mapping[str, str]) -> _Reply:
        repo = self.repos.get(repo_id)
        if repo is None:
            return _error(404, "RepoNotFound", "Repository not found")
        if repo.gated and headers.get("Authorization") != f"Bearer {TOKEN}":
            status = 403 if headers.get("Authorization") else 401
            return _error(status, "GatedRepo", "Access to this model is restricted")
        commit = repo.resolve(revision)
        if commit is None:
            return _error(404, "RevisionNotFound", "Invalid rev id")
        file = repo.commits[commit].get(filename)
        if file is None:
            return _error(404, "EntryNotFound", "Entry not found", {"X-Repo-Commit": commit})
        return _file_reply(file, commit, headers.get("Range") if self.honour_range else None)


def _file_reply(file: HubFile, commit: str, range_header: str | None) -> _Reply:
    size = len(file.data)
    headers = {"X-Repo-Commit": commit, "ETag": f'"{file.etag}"', "Accept-Ranges": "bytes",
               "Content-Type": "application/octet-stream"}
    if file.lfs:
        headers |= {"X-Linked-Size": str(size), "X-Linked-Etag": f'"{file.etag}"'}
    if range_header is None:
        return _Reply(200, headers, file.data)
    bounds = _range(range_header, size)
    if bounds is None:
        return _Reply(416, headers | {"Content-Range": f"bytes */{size}"})
    start, stop = bounds
    headers["Content-Range"] = f"bytes {start}-{stop - 1}/{size}"
    return _Reply(206, headers, file.data[start:stop])


def _range(header: str, size: int) -> tuple[int, int] | None:
    """``[start, stop)`` for ``bytes=a-b``, ``bytes=a-`` or ``bytes=-n``; None when unsatisfiable."""
    match = _RANGE.match(header.strip())
    if not match or match[1] == match[2] == "":
        return None
    if match[1] == "":
        return max(size - int(match[2]), 0), size
    start = int(match[1])
    stop = min(int(match[2]) + 1, size) if match[2] else size
    return (start, stop) if start < size else None


def _error(status: int, code: str | None, message: str, extra: dict[str, str] | None = None) -> _Reply:
    headers = {"Content-Type": "application/json", "X-Error-Message": message, **(extra or {})}
    if code:
        headers["X-Error-Code"] = code
    return _Reply(status, headers, json.dumps({"error": message}).encode())


def _send(handler: BaseHTTPRequestHandler, reply: _Reply, head: bool, *, cut: bool, truncate: bool) -> int:
    """Write the reply; ``truncate`` sends half the body honestly, ``cut`` promises all and sends half."""
    body = reply.body[: len(reply.body) // 2] if truncate else reply.body
    handler.send_response(reply.status)
    for name, value in reply.headers.items():
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    if head:
        return 0
    if cut:
        body = body[: len(body) // 2]
    handler.wfile.write(body)
    if cut:
        _drop(handler)
    return len(body)


def _hostile(fault: str, reply: _Reply, path: str) -> _Reply:
    headers = dict(reply.headers)
    if fault == "redirect":
        return _Reply(302, {"Location": path, "X-Repo-Commit": headers.get("X-Repo-Commit", "")})
    if fault == "gzip-bomb":
        return _Reply(200, {**headers, "Content-Encoding": "gzip"}, _bomb())
    if fault == "huge":
        return _Reply(200, headers, b"{" * (64 * 2**20))
    if fault in ("no-commit", "path-commit"):
        headers.pop("X-Repo-Commit", None)
        if fault == "path-commit":
            headers["X-Repo-Commit"] = "../../../../escaped"
    return _Reply(reply.status, headers, reply.body)


@lru_cache(maxsize=1)
def _bomb() -> bytes:
    packer = zlib.compressobj(1, zlib.DEFLATED, 31)
    chunk = bytes(2**20)
    return b"".join(packer.compress(chunk) for _ in range(BOMB_SIZE // len(chunk))) + packer.flush()


def _stream(handler: BaseHTTPRequestHandler, reply: _Reply, head: bool, interval: float, stopping: threading.Event) -> None:
    """Headers promising the whole body, then the body in pieces: a byte per ``interval``, or 1 MB at a time."""
    handler.send_response(reply.status)
    for name, value in reply.headers.items():
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(reply.body)))
    handler.end_headers()
    step = 1 if interval else 2**20
    for offset in range(0, 0 if head else len(reply.body), step):
        if stopping.wait(interval) if interval else stopping.is_set():
            return
        try:
            handler.wfile.write(reply.body[offset : offset + step])
            handler.wfile.flush()
        except OSError:  # the client gave up, as it should
            return


def _drop(handler: BaseHTTPRequestHandler) -> None:
    """Close the connection now: whatever was not sent yet never arrives."""
    handler.close_connection = True
    handler.wfile.flush()
    handler.connection.shutdown(socket.SHUT_RDWR)


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        self.server.hub.answer(self, head=False)

    def do_HEAD(self) -> None:
        self.server.hub.answer(self, head=True)

    def finish(self) -> None:
        try:
            super().finish()
        except OSError:  # the client gave up (timeout) or we dropped the connection on purpose
            pass

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    hub: FakeHub

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # broken pipes after an injected fault are expected


# -- safetensors files -------------------------------------------------------

_DTYPE_BYTES = {"BF16": 2, "F16": 2, "F32": 4, "I32": 4, "U8": 1, "I8": 1, "I64": 8}


def make_safetensors(tensors: Mapping[str, tuple[str, list[int]]], metadata: dict | None = None) -> bytes:
    """A real safetensors file: length prefix, JSON header (space-padded to 8 bytes), zero data."""
    header: dict = {"__metadata__": metadata} if metadata else {}
    offset = 0
    for name, (dtype, shape) in tensors.items():
        size = _DTYPE_BYTES[dtype]
        for dimension in shape:
            size *= dimension
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    raw = json.dumps(header).encode()
    raw += b" " * (-len(raw) % 8)
    return struct.pack("<Q", len(raw)) + raw + bytes(offset)


def raw_safetensors(header: bytes, data: bytes = b"", length: int | None = None) -> bytes:
    """A file with any header bytes and any declared length, for malformed cases."""
    declared = len(header) if length is None else length
    return struct.pack("<Q", declared) + header + data


# -- fixtures ----------------------------------------------------------------


@pytest.fixture
def hf_sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """huggingface_hub with its cache in tmp_path, no token, no telemetry, and no route off 127.0.0.1."""
    from huggingface_hub import constants, set_client_factory
    from huggingface_hub.utils._http import default_client_factory

    home = tmp_path / "hf-home"
    cache = home / "hub"
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN",
                 "HF_OIDC_RESOURCE", "HF_ENDPOINT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in {"HF_HOME": home, "HF_HUB_CACHE": cache, "HF_HUB_DISABLE_TELEMETRY": "1"}.items():
        monkeypatch.setenv(name, str(value))
    # huggingface_hub read these at import; set what it will use now.
    for name, value in {"HF_HOME": str(home), "HF_HUB_CACHE": str(cache), "HF_TOKEN_PATH": str(home / "token"),
                        "HF_STORED_TOKENS_PATH": str(home / "stored_tokens"), "HF_HUB_OFFLINE": False,
                        "HF_HUB_DISABLE_TELEMETRY": True}.items():
        monkeypatch.setattr(constants, name, value)
    escaped: list[str] = []
    set_client_factory(_loopback_only(default_client_factory, escaped))
    try:
        yield cache
    finally:
        set_client_factory(default_client_factory)
    assert not escaped, f"requests left 127.0.0.1: {escaped}"


def _loopback_only(factory, escaped: list[str]):
    """The default client, plus a first request hook that refuses any host but the loopback."""

    def guard(request) -> None:
        if request.url.host not in ("127.0.0.1", "localhost", "::1"):
            escaped.append(str(request.url))
            raise RuntimeError(f"test tried to reach {request.url}")

    def make():
        client = factory()
        hooks = client.event_hooks
        client.event_hooks = {"request": [guard, *hooks["request"]], "response": hooks["response"]}
        return client

    return make


@pytest.fixture
def fake_hub(hf_sandbox: Path) -> Iterator[FakeHub]:
    hub = FakeHub().start()
    try:
        yield hub
    finally:
        hub.stop()
