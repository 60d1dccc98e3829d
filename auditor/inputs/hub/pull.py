"""``auditor pull``: copy a model's config.json from the Hub into ``inputs/models``, pinned to a commit.

Bundled configs are what make ``auditor check`` work offline, so a pulled
file keeps the Hub's bytes exactly and records where they came from: the full
commit hash (a branch name moves, a commit does not), the URL a reader can
open, and the date. Both the config and the index are written to a temporary
file and renamed into place, so an interrupted pull never leaves half a file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import yaml
from huggingface_hub import hf_hub_url

from auditor.base.errors import InputError, Location
from auditor.base.textio import write_atomic
from auditor.base.yamlio import load_yaml

from .client import Target, fetch_whole, refuse_offline
from .guard import guarded
from .errors import MALFORMED_CONFIG, MalformedConfigError
from .refs import config_filename

INDEX_NAME = "index.yaml"


@dataclass(frozen=True)
class PulledConfig:
    """A config.json now on disk, and the pinned source it came from."""

    path: Path
    repo_id: str
    commit: str
    source: str


def pull_config(
    repo_id: str,
    revision: str | None,
    dest: Path,
    *,
    endpoint: str | None = None,
    token: str | None = None,
    timeout: float | None = None,
) -> PulledConfig:
    """Fetch ``config.json`` at ``revision`` into ``dest/ORG--NAME.json`` and record it in ``dest/index.yaml``."""
    target = Target.make(repo_id, revision, endpoint, timeout)
    refuse_offline(target, "pulling config.json")
    url = hf_hub_url(repo_id, "config.json", revision=revision, endpoint=target.endpoint)
    with guarded():
        content, commit = fetch_whole(url, target, token)
    parse_config(content, repo_id, revision)
    path = Path(dest) / config_filename(repo_id)
    source = f"{target.endpoint}/{repo_id}/blob/{commit}/config.json"
    write_atomic(path, content, parents=True)
    record_source(Path(dest) / INDEX_NAME, _index_entry(repo_id, path.name, commit, source))
    return PulledConfig(path, repo_id, commit, source)


def parse_config(content: bytes, repo_id: str, revision: str | None) -> dict[str, Any]:
    """The config as a dict; anything that is not a JSON object is a ``MalformedConfigError``."""
    try:
        config = json.loads(content.decode("utf-8"))
    except UnicodeDecodeError:
        raise MalformedConfigError(repo_id, revision, MALFORMED_CONFIG.format(reason="not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        reason = f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        raise MalformedConfigError(repo_id, revision, MALFORMED_CONFIG.format(reason=reason)) from None
    except RecursionError:
        raise MalformedConfigError(repo_id, revision, MALFORMED_CONFIG.format(reason="nested too deeply to read")) from None
    except ValueError as exc:  # an integer literal past Python's digit limit for conversion
        raise MalformedConfigError(repo_id, revision, MALFORMED_CONFIG.format(reason=str(exc))) from None
    if not isinstance(config, dict):
        reason = f"the top level is a {type(config).__name__}, not an object"
        raise MalformedConfigError(repo_id, revision, MALFORMED_CONFIG.format(reason=reason))
    return config


def _index_entry(repo_id: str, filename: str, commit: str, source: str) -> dict[str, str]:
    fetched = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return {"id": repo_id, "file": filename, "revision": commit, "source": source, "fetched": fetched}


def record_source(index_path: Path, entry: dict[str, str]) -> None:
    """Add or replace the index entry for ``entry["id"]``; the other entries stay as they were."""
    entries = [other for other in read_index(index_path) if other.get("id") != entry["id"]]
    entries.append(entry)
    entries.sort(key=lambda item: str(item.get("id")))
    text = yaml.safe_dump({"models": entries}, sort_keys=False, allow_unicode=True)
    write_atomic(index_path, text.encode("utf-8"), parents=True)


def read_index(index_path: Path) -> list[dict[str, Any]]:
    """The entries of an index.yaml (none if it does not exist yet), as plain dicts."""
    if not index_path.exists():
        return []
    data = load_yaml(index_path) or {}
    entries = data.get("models") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(isinstance(item, dict) for item in entries):
        raise InputError(Location(str(index_path)), "expected a mapping with a list of entries under 'models'")
    return [dict(item) for item in entries]
