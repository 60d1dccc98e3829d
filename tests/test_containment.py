"""A claims file may only name documents inside its project: never read, never rewritten outside it.

Claims files arrive in strangers' pull requests and CI runs ``update`` on
them, so a document path that leaves the project (through ``..``, as an
absolute path, or through a symlink) is a located refusal, in every command.
"""

from __future__ import annotations

import os

import pytest
from documented import CLAIMS, GUIDE, make_documented

# The guide's max-batch claim is wrong on purpose (104 where the card fits more), so update would rewrite it.
OUTSIDE_TEXT = GUIDE.replace("max batch of 104", "max batch of 99")


def _point_outside(project, outside, how: str) -> str:
    """Make the claims file name ``outside`` the way ``how`` says; return the path text written."""
    if how == "dot-dot":
        return "../../outside.md"
    if how == "absolute":
        return str(outside)
    os.symlink(outside, project / "docs" / "link.md")
    return "../docs/link.md"


@pytest.mark.parametrize("how", ["dot-dot", "absolute", "symlink"])
@pytest.mark.parametrize("command", [("check",), ("update",), ("update", "--check")])
def test_a_document_outside_the_project_is_refused(tmp_path, monkeypatch, run_cli, how, command):
    project = tmp_path / "project"
    outside = tmp_path / "outside.md"
    outside.write_text(OUTSIDE_TEXT, encoding="utf-8")
    make_documented(project)
    written = _point_outside(project, outside, how)
    claims = project / "claims" / "guide.yaml"
    claims.write_text(CLAIMS.replace("path: ../docs/guide.md", f"path: {written}"), encoding="utf-8")
    monkeypatch.chdir(project)
    code, out, err = run_cli(*command)
    assert code == 2, (out, err)
    assert err.startswith("error: claims/guide.yaml:3: "), err
    assert "outside the project" in err
    assert outside.read_text(encoding="utf-8") == OUTSIDE_TEXT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outside.md", "project"]


def test_a_document_inside_the_project_through_a_symlink_is_read(tmp_path, monkeypatch, run_cli):
    make_documented(tmp_path)
    os.symlink(tmp_path / "docs" / "guide.md", tmp_path / "docs" / "alias.md")
    claims = tmp_path / "claims" / "guide.yaml"
    claims.write_text(CLAIMS.replace("path: ../docs/guide.md", "path: ../docs/alias.md"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("check", "--format", "json")
    assert code == 1, err  # the guide's 4.00 GB is wrong, and so is its stale quote: the document was read
    assert "docs/guide.md" in out


def test_a_project_named_on_the_command_line_is_the_root(tmp_path, monkeypatch, run_cli):
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    make_documented(project)
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    code, _, err = run_cli("check", project / "claims")
    assert code == 2 and "outside the project" in err
    code, _, err = run_cli("--project", project, "check", project / "claims")
    assert code == 1, err
