"""A model named by a claim, as geometry: bundled, pulled, or fetched from the Hub.

Unknown architectures are not guessed at: the geometry module refuses them,
and the claim becomes underdetermined with the reason, never a wrong number.
"""

from __future__ import annotations

import os
import sys

from auditor.base.errors import InputError, Location

from .reference import Inputs


def model_config(model_id: str, inputs: Inputs, where: Location) -> tuple[dict, str]:
    """The config.json a claim's ``model:`` names, and where it was read from.

    Bundled or pulled first; then a known model the name is a variant of
    (``inputs/variants.yaml``: "-Instruct-AWQ" and the like); the Hub last.
    """
    repo_id, _, revision = model_id.partition("@")
    try:
        return inputs.model_config(repo_id)
    except KeyError:
        pass
    variant = model_variant(model_id, inputs)
    if variant is not None:
        config, source = inputs.model_config(variant.base)
        return config, f"{source}, as {variant.reason}"
    return _fetch(repo_id, revision or None, inputs, where)


def model_variant(model_id: str, inputs: Inputs):
    """The known model ``model_id`` is a variant of (a Variant), or None; a pinned @revision is never a variant."""
    if "@" in model_id:
        return None
    return inputs.variants.resolve(model_id, set(inputs.model_ids()))


def model_geometry(model_id: str, inputs: Inputs, where: Location):
    """(geometry, None, config) when the model can be read, (None, reason, config) when not."""
    from .geometry import UnsupportedArchitecture

    config, source = model_config(model_id, inputs, where)
    try:
        geometry = inputs.geometry(config)
    except UnsupportedArchitecture as exc:
        return None, f"{model_id} ({source}): {exc}", config
    if source.startswith("Hub "):
        geometry.notes.insert(0, f"config.json read from the {source}")
    return geometry, None, config


def derive_located(config: dict, source: str, inputs: Inputs):
    """The geometry of a config a command names directly; a config it cannot read is an error at the key's line."""
    from .geometry import UnsupportedArchitecture

    try:
        return inputs.geometry(config)
    except UnsupportedArchitecture as exc:
        raise InputError(Location(source, _line_of_key(source, str(exc))), str(exc)) from None


def _line_of_key(source: str, message: str) -> int | None:
    """The line of the first config key the message names, when the source is a file on disk."""
    import re
    from pathlib import Path

    try:
        text = Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeError, ValueError):
        return None
    for key in re.findall(r"'([A-Za-z_][\w.]*)'", message):
        found = text.find(f'"{key}"')
        if found >= 0:
            return text.count("\n", 0, found) + 1
    return 1


def with_key_swapped(config: dict, right_key: str, wrong_key: str) -> dict | None:
    """A copy of ``config`` where ``right_key`` holds ``wrong_key``'s value (text_config too)."""
    for part in (config, config.get("text_config")):
        if isinstance(part, dict) and wrong_key in part:
            swapped = dict(part)
            swapped[right_key] = part[wrong_key]
            return swapped if part is config else {**config, "text_config": swapped}
    return None


def with_key_set(config: dict, key: str, value, add: bool = False) -> dict | None:
    """A copy of ``config`` where ``key`` holds ``value`` (in text_config when the model nests it there); with ``add``,
    a key the file leaves to its class default is written where the model keeps its text keys."""
    for part in (config, config.get("text_config")):
        if isinstance(part, dict) and key in part:
            changed = {**part, key: value}
            return changed if part is config else {**config, "text_config": changed}
    if add:
        nested = config.get("text_config")
        return {**config, "text_config": {**nested, key: value}} if isinstance(nested, dict) else {**config, key: value}
    return None


def _fetch(repo_id: str, revision: str | None, inputs: Inputs, where: Location):
    """Not bundled and not pulled: fetch once into the huggingface_hub cache."""
    try:
        from .hub import HubError, fetch_config_pinned
    except ImportError:
        raise InputError(where, f"unknown model {repo_id!r}: not in inputs/models (known: {', '.join(inputs.model_ids())})") from None
    try:
        endpoint = os.environ.get("HF_ENDPOINT") or None  # read now: huggingface_hub reads it only at import
        config, commit = fetch_config_pinned(repo_id, revision, endpoint=endpoint, progress=hub_progress)
        return config, f"Hub {repo_id}@{revision or 'main'}" + (f" (commit {commit})" if commit and commit != revision else "")
    except HubError as exc:
        known = ", ".join(inputs.model_ids())
        raise InputError(where, f"unknown model {repo_id!r}{close_model(repo_id, inputs)}: not bundled (known: {known}) and {exc}") from None


def hub_progress(line: str) -> None:
    """What a run that reaches the Hub says while it waits, on standard error."""
    print(f"hub: {line}", file=sys.stderr, flush=True)


def close_model(repo_id: str, inputs: Inputs) -> str:
    """`` (did you mean 'meta-llama/Meta-Llama-3-8B'?)`` for a near miss of a bundled or pulled model, else nothing."""
    import difflib

    ids = {i.lower(): i for i in inputs.model_ids()}
    close = difflib.get_close_matches(repo_id.lower(), list(ids), n=1, cutoff=0.75)
    return f" (did you mean {ids[close[0]]!r}?)" if close else ""
