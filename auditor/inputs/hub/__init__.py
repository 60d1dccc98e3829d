"""Talking to the Hugging Face Hub: pull a config, weigh a checkpoint, fetch an unbundled config.

Everything goes through the real ``huggingface_hub`` client and takes an
``endpoint`` (tests point it at a server on 127.0.0.1). Importing this
package is cheap: ``huggingface_hub`` (~0.3 s) is imported only when one of
the network functions is first used, since most audits never need it.

- ``pull_config``: config.json at a revision into ``inputs/models``, pinned
  to the commit hash and recorded in ``index.yaml``;
- ``weigh``: bytes and elements per dtype from the safetensors headers;
- ``fetch_config_cached``: config.json through huggingface_hub's cache,
  honouring ``HF_HUB_OFFLINE``;
- ``parse_model_ref``: ``ORG/NAME@REV`` into repo id and revision.

Every failure is a ``HubError`` subclass naming the repo id and revision.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import Any

# Before any submodule imports huggingface_hub, which reads this once: the CLI never phones home.
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

from .errors import (
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
)
from .refs import config_filename, is_commit_hash, parse_model_ref

# Public names whose modules import huggingface_hub, loaded on first use.
_LAZY = {
    "pull_config": "pull",
    "PulledConfig": "pull",
    "weigh": "weights",
    "WeightReport": "weights",
    "DtypeWeight": "weights",
    "fetch_config_cached": "cache",
    "fetch_config_pinned": "cache",
}

__all__ = [
    "EntryNotFoundError",
    "GatedRepoError",
    "HubConnectionError",
    "HubError",
    "HubOfflineError",
    "HubServerError",
    "HubTimeoutError",
    "InvalidModelRefError",
    "MalformedConfigError",
    "MalformedSafetensorsError",
    "RepoNotFoundError",
    "RevisionNotFoundError",
    "config_filename",
    "is_commit_hash",
    "parse_model_ref",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value
    return value
