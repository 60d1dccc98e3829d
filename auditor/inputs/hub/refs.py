"""Model references as claims write them: ``ORG/NAME`` or ``ORG/NAME@REVISION``.

Checked here, without importing ``huggingface_hub``, because every claim that
names a model goes through this and most never touch the network. The rules
are the Hub's own (as ``huggingface_hub.utils.validate_repo_id`` applies
them), narrowed to the ``ORG/NAME`` form: a bundled config is stored as
``ORG--NAME.json``, so an id without an organisation has no file name.
"""

from __future__ import annotations

import re

from .errors import INVALID_REF, InvalidModelRefError

_PART = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9._-]*[A-Za-z0-9_])?")
_COMMIT = re.compile(r"[0-9a-f]{40}")
MAX_REPO_ID_LENGTH = 96


def parse_model_ref(text: str) -> tuple[str, str | None]:
    """Split ``ORG/NAME@REV`` into the repo id and the revision (None when not given)."""
    repo_id, at, revision = text.strip().partition("@")
    problem = _repo_id_problem(repo_id) or _revision_problem(revision, bool(at))
    if problem:
        raise InvalidModelRefError(text, None, INVALID_REF.format(reason=problem))
    return repo_id, (revision if at else None)


def check_repo_id(repo_id: str, revision: str | None) -> None:
    """Refuse an id that is not ``ORG/NAME`` before any request is made for it."""
    problem = _repo_id_problem(repo_id) or _revision_problem(revision or "", False)
    if problem:
        raise InvalidModelRefError(repo_id, revision, INVALID_REF.format(reason=problem))


def _repo_id_problem(repo_id: str) -> str | None:
    parts = repo_id.split("/")
    if len(parts) != 2:
        return "the id needs exactly one '/' between organisation and name"
    if len(repo_id) > MAX_REPO_ID_LENGTH:
        return f"the id is longer than {MAX_REPO_ID_LENGTH} characters"
    bad = [part for part in parts if not _PART.fullmatch(part)]
    if bad:
        return f"{bad[0]!r} may only use letters, digits, '-', '_' and '.', and not start or end with '-' or '.'"
    if "--" in repo_id or ".." in repo_id or repo_id.endswith(".git"):
        return "the id may not contain '--' or '..' or end in '.git'"
    return None


def _revision_problem(revision: str, has_at: bool) -> str | None:
    if has_at and not revision:
        return "nothing after '@'"
    if any(char.isspace() for char in revision):
        return "the revision contains whitespace"
    return None


def config_filename(repo_id: str) -> str:
    """The name a model's config.json has under ``inputs/models``: ``ORG--NAME.json``."""
    organisation, name = repo_id.split("/")
    return f"{organisation}--{name}.json"


def is_commit_hash(revision: str | None) -> bool:
    """Whether ``revision`` is a full commit hash, which can never point elsewhere later."""
    return isinstance(revision, str) and _COMMIT.fullmatch(revision) is not None
