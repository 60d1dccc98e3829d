"""What can go wrong when the auditor talks to the Hub, one type per thing a user does differently.

A missing repository means a typo in the claim; a gated one means a token;
a timeout means try again. So each failure is its own ``HubError`` subclass,
and every message starts with ``repo_id@revision`` so the user knows which
claim or command it came from. ``huggingface_hub``'s own exceptions are
translated into these in ``auditor.inputs.hub.client``; nothing here imports it.
"""

from __future__ import annotations

from auditor.base.errors import AuditorError

# Message templates, kept together so their wording stays consistent.
REPO_NOT_FOUND = (
    "repository not found on {endpoint} (check the id; a private repository looks the same without a token)"
)
ACCESS_DENIED = (
    "{endpoint} refused access (HTTP {status}): the repository is gated or private; "
    "pass a token (or set HF_TOKEN) for an account that has accepted its terms"
)
REVISION_NOT_FOUND = "revision {revision!r} does not exist in the repository"
ENTRY_NOT_FOUND = "{filename} does not exist at this revision"
NO_SAFETENSORS = "the repository has no safetensors files matching {include!r} at this revision"
CONNECTION_FAILED = "cannot reach {endpoint}: {reason}"
CONNECTION_BROKEN = "the connection to {endpoint} broke off: {reason}"
TIMED_OUT = "{endpoint} did not answer within {timeout} s"
SERVER_FAILED = "{endpoint} failed: {reason}"
OFFLINE_NOT_CACHED = "HF_HUB_OFFLINE is set and {filename} is not in the cache at {cache}"
OFFLINE_NEEDS_NETWORK = "HF_HUB_OFFLINE is set, and {action} needs the network"
MALFORMED_CONFIG = "config.json is malformed: {reason}"
MALFORMED_SAFETENSORS = "{filename} has a malformed safetensors header: {reason}"
NO_ELEMENTS = "the safetensors files {files} hold no tensor elements, so there are no bits per parameter"
INVALID_REF = "not a model reference: expected ORG/NAME or ORG/NAME@REVISION ({reason})"


class HubError(AuditorError):
    """A Hub request failed; ``repo_id`` and ``revision`` say for what, the message says why."""

    def __init__(self, repo_id: str, revision: str | None, detail: str):
        self.repo_id = repo_id
        self.revision = revision
        self.detail = detail
        super().__init__(f"{repo_id}@{revision or 'main'}: {detail}")


class InvalidModelRefError(HubError, ValueError):
    """A claim's model reference is not ``ORG/NAME[@REVISION]``."""


class RepoNotFoundError(HubError):
    """The Hub has no repository of that id (or hides a private one)."""


class GatedRepoError(HubError):
    """The repository exists but needs a token with access (gated or private)."""


class RevisionNotFoundError(HubError):
    """The repository exists but has no such branch, tag or commit."""


class EntryNotFoundError(HubError):
    """The revision exists but lacks the file asked for (config.json, or any safetensors)."""


class HubConnectionError(HubError):
    """The Hub could not be reached: no network, connection refused or dropped."""


class HubTimeoutError(HubConnectionError):
    """The Hub accepted the connection but did not answer in time."""


class HubServerError(HubError):
    """The Hub answered, but with a server error or a body that cannot be read."""


class HubOfflineError(HubError):
    """HF_HUB_OFFLINE is set and the answer is not in the local cache."""


class MalformedConfigError(HubError):
    """config.json arrived but is not JSON, or not a JSON object."""


class MalformedSafetensorsError(HubError):
    """A safetensors header is truncated, oversized, not JSON or not shaped like one."""
