"""Where a claims file's document is, and the rule that it lies inside the project.

A claims file names its document: ``path`` (relative to the claims file) for
a document in the same repository, or ``url`` for a published article, whose
local copy ``--documents DIR`` supplies (by its ``copy`` name, the URL's file
name, else the claims file's own name). Claims files arrive in strangers'
pull requests and CI runs ``update`` on them, so a ``path`` is resolved (``..``
and every symlink) and must land inside the project the run is about, or, for
the shipped claims, inside the shipped data; a copy must land inside the
folder the user named. Anything else is refused, in ``check`` as in
``update``, before the file is read or written.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

from auditor.base.errors import InputError, Location
from auditor.base.resources import builtin, display_path
from auditor.base.textio import is_file, resolved

DOCUMENT_SUFFIXES = (".md", ".markdown", ".txt", ".rst", ".html")


def project_root_for(claim_file: Path, root: Path | None) -> Path:
    """The folder a claims file's documents must lie in: the shipped data for shipped claims, else the project."""
    shipped = resolved(builtin("claims").parent)
    if resolved(claim_file).is_relative_to(resolved(builtin("claims"))):
        return shipped
    return resolved(root if root is not None else Path.cwd())


def document_path(claim_file: Path, document: dict, documents_dir: Path | None, root: Path | None = None) -> Path | None:
    """The local file holding a claims file's document, or None when there is none to read."""
    if document.get("path"):
        return _repository_document(claim_file, document, project_root_for(claim_file, root))
    if documents_dir is None:
        return None
    folder = resolved(Path(documents_dir))
    for candidate in _copy_candidates(claim_file, document, folder):
        if is_file(candidate) and resolved(candidate).is_relative_to(folder):
            return resolved(candidate)
    return None


def _repository_document(claim_file: Path, document: dict, root: Path) -> Path:
    where = Location(display_path(claim_file), _line_of(document, "path"))
    written = document["path"]
    if not isinstance(written, str):
        raise InputError(where, f"document path must be text, got {type(written).__name__}")
    path = resolved(claim_file.parent / written)
    if not path.is_relative_to(root):
        raise InputError(where, f"document {written!r} resolves to {path}, outside the project {root}; a claims file may only name documents inside it (name the project with --project)")
    if not is_file(path):
        raise InputError(where, f"document {written!r} not found (looked for {display_path(path)})")
    return path


def _copy_candidates(claim_file: Path, document: dict, folder: Path) -> list[Path]:
    """Where a local copy may be: its declared ``copy`` name alone, else the URL's file name or the claims file's name.

    A declared name is not second-guessed: two chapters published as ``.../README.md`` must not find each other's copy.
    """
    names = [folder / Path(str(document["copy"])).name] if document.get("copy") else []
    if document.get("copy"):
        return [name for name in names if name.name not in ("", ".", "..")]
    if document.get("url"):
        try:
            name = Path(urlparse(str(document["url"])).path).name
        except ValueError:  # not a URL urllib can split (an unclosed "[" for an IPv6 host)
            name = ""
        if name:
            names.append(folder / name)
    names += [folder / (claim_file.stem + suffix) for suffix in DOCUMENT_SUFFIXES]
    return [name for name in names if name.name not in ("", ".", "..")]


def _line_of(node, key: str) -> int | None:
    line_of = getattr(node, "line_of", None)
    try:
        return line_of(key) if line_of else None
    except AttributeError:
        return None
