"""config.json for a model that no bundled input covers, through huggingface_hub's own cache.

A claim may name ``ORG/NAME@REV`` for a model the auditor does not ship. Its
config is fetched with ``hf_hub_download`` into the usual cache, so a second
run, or a run with ``HF_HUB_OFFLINE=1``, needs no network. Two choices differ
from a bare ``hf_hub_download``:

- one quick HEAD request goes first, without retries, so a dead network or a
  failing Hub is reported in seconds rather than after a minute of back-off;
- whatever a failed call added to the cache (a ref, a "does not exist"
  marker, a blob that turned out not to be JSON) is removed again, so the
  cache never answers a later offline run with the leftovers of a failure.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from huggingface_hub import constants, get_hf_file_metadata, hf_hub_download, hf_hub_url, try_to_load_from_cache
from huggingface_hub.file_download import repo_folder_name

from auditor.base.limits import limit

from .client import LIBRARY, Target, hub_errors, offline
from .errors import OFFLINE_NOT_CACHED, SERVER_FAILED, HubConnectionError, HubOfflineError, HubServerError
from .guard import guarded
from .pull import parse_config
from .refs import is_commit_hash

CONFIG = "config.json"


def fetch_config_cached(
    repo_id: str,
    revision: str | None,
    *,
    endpoint: str | None = None,
    token: str | None = None,
    cache_dir: Path | None = None,
    timeout: float | None = None,
) -> dict[str, Any]:
    """The parsed config.json of ``repo_id`` at ``revision``, from the cache when it can be trusted."""
    return fetch_config_pinned(repo_id, revision, endpoint=endpoint, token=token, cache_dir=cache_dir, timeout=timeout)[0]


def fetch_config_pinned(
    repo_id: str,
    revision: str | None,
    *,
    endpoint: str | None = None,
    token: str | None = None,
    cache_dir: Path | None = None,
    timeout: float | None = None,
    progress=None,
) -> tuple[dict[str, Any], str | None]:
    """(config, the commit it was read at): the cache's snapshot folder is named by the resolved commit.

    ``progress``, a callable, hears one line before a download and one after,
    so a ``check`` that reaches the Hub says so instead of going quiet.
    """
    target = Target.make(repo_id, revision, endpoint, timeout)
    cache = Path(cache_dir if cache_dir is not None else constants.HF_HUB_CACHE)
    with _cache_kept_clean(cache, repo_id), guarded():
        path = _locate(target, cache, token, progress or (lambda line: None))
        commit = Path(path).parent.name if Path(path).parent.parent.name == "snapshots" else None
        return parse_config(_read_capped(Path(path), target), repo_id, revision), commit


def _read_capped(path: Path, target: Target) -> bytes:
    """The cached file's bytes, refused past the size one Hub answer may have (a cache can be planted too)."""
    with open(path, "rb") as handle:
        data = handle.read(limit("hub_response_bytes") + 1)
    if len(data) > limit("hub_response_bytes"):
        raise target.error(HubServerError, SERVER_FAILED, reason=f"its config.json is larger than {limit('hub_response_bytes'):,} bytes (hub_response_bytes)")
    return data


def _locate(target: Target, cache: Path, token: str | None, progress=lambda line: None) -> str:
    """The local path of config.json: cached, or downloaded now."""
    cached = _cached(target, cache)
    if cached and (offline() or is_commit_hash(target.revision)):
        return cached  # a commit never changes, and offline there is nothing to compare with
    if offline():
        raise target.error(HubOfflineError, OFFLINE_NOT_CACHED, cache=cache)
    try:
        _check_reachable(target, token)
    except (HubConnectionError, HubServerError):
        if cached:  # as huggingface_hub does: the Hub is down, the cache still answers
            return cached
        raise
    progress(f"fetching {CONFIG} of {target.repo_id}@{target.revision or 'main'} from {target.endpoint}")
    with hub_errors(target):
        path = hf_hub_download(
            target.repo_id, CONFIG, revision=target.revision, cache_dir=cache, endpoint=target.endpoint,
            token=token, etag_timeout=target.timeout, **LIBRARY,
        )
    progress(f"fetched {CONFIG} of {target.repo_id} at commit {Path(path).parent.name}")
    return path


def _cached(target: Target, cache: Path) -> str | None:
    found = try_to_load_from_cache(target.repo_id, CONFIG, cache_dir=cache, revision=target.revision)
    return found if isinstance(found, str) else None


def _check_reachable(target: Target, token: str | None) -> None:
    """One HEAD request, no retries: raises the ``HubError`` a download would end in."""
    url = hf_hub_url(target.repo_id, CONFIG, revision=target.revision, endpoint=target.endpoint)
    with hub_errors(target):
        metadata = get_hf_file_metadata(url, token=token, timeout=target.timeout, endpoint=target.endpoint, **LIBRARY)
    if not is_commit_hash(metadata.commit_hash):  # the cache would name a folder after it
        raise target.error(HubServerError, SERVER_FAILED, reason="its answer has no valid X-Repo-Commit header, so it does not look like a Hub")


@contextmanager
def _cache_kept_clean(cache: Path, repo_id: str) -> Iterator[None]:
    """On failure, remove what this call added under the repository's cache folders, and only that."""
    folder = repo_folder_name(repo_id=repo_id, repo_type="model")
    roots = (cache / folder, cache / ".locks" / folder)
    before = _paths_under(roots)
    try:
        yield
    except BaseException:
        _remove(_paths_under(roots) - before)
        raise


def _paths_under(roots: Iterable[Path]) -> set[Path]:
    found: set[Path] = set()
    for root in roots:
        if root.is_dir():
            found.add(root)
            found.update(root.rglob("*"))
    return found


def _remove(paths: set[Path]) -> None:
    """Delete files and symlinks, then the folders left empty, deepest first."""
    for path in sorted(paths, key=lambda item: len(item.parts), reverse=True):
        if path.is_dir() and not path.is_symlink():
            try:
                path.rmdir()
            except OSError:  # something that was there before is still inside
                pass
        else:
            path.unlink(missing_ok=True)
