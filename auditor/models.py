"""A model named by a claim, as geometry: bundled, pulled, or fetched from the Hub.

Unknown architectures are not guessed at: the geometry module refuses them,
and the claim becomes underdetermined with the reason, never a wrong number.
"""

from __future__ import annotations

from .errors import InputError, Location
from .inputs import Inputs


def model_geometry(model_id: str, inputs: Inputs, where: Location):
    """(geometry, None) when the model can be read, (None, reason) when not."""
    from .geometry import UnsupportedArchitecture, derive

    repo_id, _, revision = model_id.partition("@")
    try:
        config, source = inputs.model_config(repo_id)
    except KeyError:
        config, source = _fetch(repo_id, revision or None, inputs, where)
    try:
        geometry = derive(config)
    except UnsupportedArchitecture as exc:
        return None, f"{model_id} ({source}): {exc}"
    return geometry, None


def _fetch(repo_id: str, revision: str | None, inputs: Inputs, where: Location):
    """Not bundled and not pulled: fetch once into the huggingface_hub cache."""
    try:
        from .hub import HubError, fetch_config_cached
    except ImportError:
        raise InputError(where, f"unknown model {repo_id!r}: not in inputs/models (known: {', '.join(inputs.model_ids())})") from None
    try:
        return fetch_config_cached(repo_id, revision), f"Hub {repo_id}@{revision or 'main'}"
    except HubError as exc:
        known = ", ".join(inputs.model_ids())
        raise InputError(where, f"unknown model {repo_id!r}: not bundled (known: {known}) and {exc}") from None
