"""Keeping documents true: what ``update`` would rewrite, what an input change reaches, what a document states."""

from __future__ import annotations

from pathlib import Path

from auditor.audit.project import Project

from .project import claim_paths, open_project


def plan_update(paths=None, project: Project | None = None, *, builtin: bool = False, documents=None):
    """Every number that no longer prints the same, as a plan of edits (``plan.changed()``: file, old, new)."""
    from auditor.documents.update import plan_update as plan

    project = project or open_project()
    if documents is not None:
        project.documents = Path(documents)
    return plan(claim_paths(project, paths, builtin), project)


def impact(target: str, paths=None, project: Project | None = None, *, builtin: bool = False):
    """(what ``target`` is, the claims it reaches through the formula graph, each with its path)."""
    from auditor.documents.impact import impacted, read_target

    project = project or open_project()
    found = read_target(target, project)
    return found, impacted(claim_paths(project, paths, builtin), project, found)


def scan(document, project: Project | None = None):
    """(the document, the claims proposed for its numbers), as ``auditor scan`` prints them."""
    from auditor.scan.propose import scan_document

    return scan_document(Path(document), project or open_project())
