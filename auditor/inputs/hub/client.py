"""The one place that calls ``huggingface_hub``'s HTTP layer and turns its failures into ``HubError``s.

Requests go through the client's own session (``get_session``), headers
(``build_hf_headers``: token, user agent) and status checks
(``hf_raise_for_status``: the Hub's ``X-Error-Code`` becomes a typed error),
always to ``endpoint``, so a test can point everything at 127.0.0.1.

No request here is retried. ``huggingface_hub`` backs off for up to a minute
on a 5xx or a timeout, which suits a training job; the auditor is a command a
person waits for, so it fails at once and says which repository, which
revision and what went wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from huggingface_hub import constants
from huggingface_hub import errors as hf
from huggingface_hub.utils import build_hf_headers, get_session, hf_raise_for_status

try:  # huggingface_hub 2.x ships its HTTP client as httpx2; 1.x used httpx
    import httpx2 as httpx
except ImportError:  # pragma: no cover - depends on the installed client
    import httpx  # type: ignore[no-redef]

from auditor import __version__

from .errors import (
    ACCESS_DENIED,
    CONNECTION_BROKEN,
    CONNECTION_FAILED,
    ENTRY_NOT_FOUND,
    OFFLINE_NEEDS_NETWORK,
    REPO_NOT_FOUND,
    REVISION_NOT_FOUND,
    SERVER_FAILED,
    TIMED_OUT,
    EntryNotFoundError,
    GatedRepoError,
    HubConnectionError,
    HubError,
    HubOfflineError,
    HubServerError,
    HubTimeoutError,
    RepoNotFoundError,
    RevisionNotFoundError,
)
from .refs import check_repo_id, is_commit_hash

LIBRARY = {"library_name": "inference-auditor", "library_version": __version__}


class HubDeadline(httpx.TransportError):
    """The overall deadline of one Hub operation passed (``guard.guarded``)."""


class HubTooLarge(httpx.TransportError):
    """An answer was larger than the cap, or compressed in a way whose size cannot be bounded (``guard.guarded``)."""


_TRUE = {"1", "ON", "YES", "TRUE"}
_CUT_SHORT = "Consistency check failed"

# Hub errors with a fixed meaning, most specific first (a gated repo is also "not found").
_BY_TYPE = (
    (hf.GatedRepoError, GatedRepoError, ACCESS_DENIED),
    (hf.RepositoryNotFoundError, RepoNotFoundError, REPO_NOT_FOUND),
    (hf.RevisionNotFoundError, RevisionNotFoundError, REVISION_NOT_FOUND),
    (hf.RemoteEntryNotFoundError, EntryNotFoundError, ENTRY_NOT_FOUND),
)


@dataclass(frozen=True)
class Target:
    """What one call asks the Hub for; every error message is filled from it."""

    repo_id: str
    revision: str | None
    endpoint: str
    timeout: float
    filename: str = "config.json"

    @classmethod
    def make(cls, repo_id: str, revision: str | None, endpoint: str | None, timeout: float | None) -> Target:
        """Check the id, and fill in huggingface_hub's defaults: ``HF_ENDPOINT``, ``HF_HUB_DOWNLOAD_TIMEOUT``."""
        check_repo_id(repo_id, revision)
        base = (endpoint or constants.ENDPOINT).rstrip("/")
        wait = constants.HF_HUB_DOWNLOAD_TIMEOUT if timeout is None else timeout
        return cls(repo_id, revision, base, wait)

    def error(self, kind: type[HubError], template: str, **fields: object) -> HubError:
        text = template.format(
            endpoint=self.endpoint, revision=self.revision or "main", filename=self.filename,
            timeout=self.timeout, **fields,
        )
        return kind(self.repo_id, self.revision, text)


def offline() -> bool:
    """Whether HF_HUB_OFFLINE is set now; huggingface_hub reads it only once, at import."""
    flag = os.environ.get("HF_HUB_OFFLINE") or os.environ.get("TRANSFORMERS_OFFLINE") or ""
    return constants.is_offline_mode() or flag.upper() in _TRUE


def refuse_offline(target: Target, action: str) -> None:
    """Fail before any request when offline mode forbids the network ``action`` needs."""
    if offline():
        raise target.error(HubOfflineError, OFFLINE_NEEDS_NETWORK, action=action)


@contextmanager
def hub_errors(target: Target) -> Iterator[None]:
    """Re-raise whatever huggingface_hub or its HTTP client raises as the matching ``HubError``."""
    try:
        yield
    except HubError:
        raise
    except Exception as exc:
        translated = translate(exc, target)
        if translated is None:
            raise
        raise translated from exc


def translate(exc: BaseException, target: Target) -> HubError | None:
    """The ``HubError`` for a client exception, or None when it is not a Hub failure."""
    for hub_type, kind, template in _BY_TYPE:
        if isinstance(exc, hub_type):
            return target.error(kind, template, status=_status(exc))
    if isinstance(exc, hf.HfHubHTTPError):
        status = _status(exc)
        if status in (401, 403):
            return target.error(GatedRepoError, ACCESS_DENIED, status=status)
        return target.error(HubServerError, SERVER_FAILED, reason=f"HTTP {status}")
    if isinstance(exc, HubDeadline):
        return target.error(HubTimeoutError, SERVER_FAILED, reason=str(exc))
    if isinstance(exc, HubTooLarge):
        return target.error(HubServerError, SERVER_FAILED, reason=str(exc))
    if isinstance(exc, httpx.TooManyRedirects):
        return target.error(HubServerError, SERVER_FAILED, reason="its redirects go round in a loop")
    if isinstance(exc, hf.OfflineModeIsEnabled):
        return target.error(HubOfflineError, OFFLINE_NEEDS_NETWORK, action=f"fetching {target.filename}")
    if isinstance(exc, httpx.TimeoutException):
        from .guard import deadline_passed  # a read cut short by the overall deadline says so

        if deadline_passed():
            return target.error(HubTimeoutError, SERVER_FAILED, reason=deadline_passed())
        return target.error(HubTimeoutError, TIMED_OUT)
    if isinstance(exc, httpx.TransportError):
        template = CONNECTION_FAILED if isinstance(exc, httpx.ConnectError) else CONNECTION_BROKEN
        return target.error(HubConnectionError, template, reason=str(exc) or type(exc).__name__)
    if isinstance(exc, json.JSONDecodeError):
        return target.error(HubServerError, SERVER_FAILED, reason=f"its answer is not valid JSON ({exc.msg})")
    if isinstance(exc, hf.LocalEntryNotFoundError) and exc.__cause__ is not None:
        return translate(exc.__cause__, target)
    if isinstance(exc, OSError) and str(exc).startswith(_CUT_SHORT):  # hf_hub_download's size check
        return target.error(HubConnectionError, CONNECTION_BROKEN, reason=str(exc).splitlines()[0])
    return None


def _status(exc: BaseException) -> int | None:
    response = getattr(exc, "response", None)
    return getattr(response, "status_code", None)


def hub_headers(token: str | None) -> dict[str, str]:
    """Authorization and user agent, as huggingface_hub sends them (``token=None``: the saved token)."""
    return build_hf_headers(token=token, **LIBRARY)


def fetch_whole(url: str, target: Target, token: str | None) -> tuple[bytes, str]:
    """GET a small file; return its bytes and the commit the Hub served it from."""
    with hub_errors(target):
        response = get_session().get(url, headers=hub_headers(token), timeout=target.timeout)
        hf_raise_for_status(response)
        content = response.content
    return content, commit_of(response, target)


def commit_of(response: httpx.Response, target: Target) -> str:
    """The full commit hash in ``X-Repo-Commit`` (on the answer or a redirect before it)."""
    for answer in (response, *reversed(response.history)):
        commit = answer.headers.get(constants.HUGGINGFACE_HEADER_X_REPO_COMMIT)
        if is_commit_hash(commit):
            return commit
    reason = "its answer has no X-Repo-Commit header, so it does not look like a Hub"
    raise target.error(HubServerError, SERVER_FAILED, reason=reason)


def read_range(url: str, start: int, stop: int, target: Target, headers: dict[str, str]) -> bytes:
    """Bytes ``[start, stop)`` of a remote file (fewer if it is shorter); never the rest of it."""
    ranged = {**headers, "Range": f"bytes={start}-{stop - 1}"}
    with hub_errors(target), get_session().stream("GET", url, headers=ranged, timeout=target.timeout) as response:
        if response.status_code == 416:  # the file ends before ``start``
            return b""
        hf_raise_for_status(response)
        skip = start if response.status_code == 200 else 0  # a server that ignored Range
        return _take(response.iter_bytes(), skip, stop - start)


def _take(chunks: Iterator[bytes], skip: int, wanted: int) -> bytes:
    """Read only as far as needed; leaving the loop closes the stream, so the rest is never sent."""
    buffer = bytearray()
    for chunk in chunks:
        buffer += chunk
        if len(buffer) >= skip + wanted:
            break
    return bytes(buffer[skip : skip + wanted])
