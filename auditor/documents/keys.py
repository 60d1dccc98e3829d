"""What a cached finding is keyed by: the hashes of everything it depends on.

The environment key covers what every claim may read: the engine's own
code, every file of the catalogues, units and inputs in force (built-in and
the project's), and the working directory (paths in findings are shown
relative to it). A claim's key adds its own YAML, read back with every line
number, its file's ``document:`` header, and the files its document was
looked for in, each with the hash of its text (or none, for a copy that was
looked for and absent), so a new copy appearing changes the key as surely
as an edit does.
"""

from __future__ import annotations

from pathlib import Path

from auditor.base import stamps
from auditor.base.textio import is_file, resolved

from .paths import _copy_candidates, document_path


def environment_key(project) -> str | None:
    return project.environment_key()


def claim_key(environment: str, raw, entry, dependencies: list, document=None) -> str:
    """``document``: ``canonical(raw.document)`` when the caller has it (it is the same for every claim of a file)."""
    return stamps.key("claim", environment, raw.shown, canonical(raw.document) if document is None else document, canonical(entry), dependencies)


def canonical(node):
    """A YAML value as JSON data that keeps every line number and every type."""
    if isinstance(node, dict):
        line_of = getattr(node, "line_of", lambda key: None)
        return ["m", getattr(node, "line", None), [[str(k), line_of(k), canonical(v)] for k, v in node.items()]]
    if isinstance(node, list):
        return ["l", getattr(node, "line", None), [canonical(v) for v in node]]
    if node is None or isinstance(node, (bool, int, str)):
        return [type(node).__name__, node]
    if isinstance(node, float):
        return ["float", repr(node)]
    return [type(node).__name__, repr(node)]


def document_dependencies(claims_path: Path, document, documents_dir: Path | None, root: Path | None) -> list:
    """Each file a claims file's document was looked for in, with its hash; the one found last.

    ``document_path`` decides which file is read (and refuses one outside the
    project); every candidate looked at before it is listed too, so a copy
    that appears earlier in the search changes the key.
    """
    found = document_path(claims_path, document, documents_dir, root)
    rows = []
    if not document.get("path") and documents_dir is not None:
        folder = resolved(Path(documents_dir))
        for candidate in _copy_candidates(claims_path, document, folder):
            if found is not None and resolved(candidate) == found:
                break
            rows.append([str(resolved(candidate)), stamps.file_hash(str(candidate)) if is_file(candidate) else None])
    if found is not None:
        rows.append([str(found), stamps.file_hash(str(found))])
    return rows


def needs_the_hub(entry, inputs) -> bool:
    """Whether the claim names a model the project does not hold (so it would be read from the Hub)."""
    given = entry.get("given") if isinstance(entry, dict) else None
    if not isinstance(given, dict):
        return False
    for key, value in given.items():
        names_a_model = str(key) == "model" or str(key).endswith("_model")
        if names_a_model and inputs.model_path(str(value).partition("@")[0]) is None:
            return True
    return False
