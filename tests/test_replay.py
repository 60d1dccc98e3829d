"""A plain ``check`` with nothing changed prints its stored run; anything else goes the ordinary way."""

from __future__ import annotations

import pytest
from test_cache import entries, sized  # noqa: F401  (the fixture)

from auditor.commands.replay import options

PLAIN = {"project": None, "paths": [], "format": "human", "verbose": False, "documents": None}

COMMAND_LINES = [
    (["check"], PLAIN),
    (["check", "-v", "--format", "json"], {**PLAIN, "verbose": True, "format": "json"}),
    (["check", "--format=sarif", "claims/a.yaml", "claims/b.yaml"], {**PLAIN, "format": "sarif", "paths": ["claims/a.yaml", "claims/b.yaml"]}),
    (["--project", "p", "check", "--documents", "d"], {**PLAIN, "project": "p", "documents": "d"}),
    (["check", "--no-cache"], None),
    (["check", "--help"], None),
    (["check", "--form", "json"], None),
    (["check", "a.yaml", "-v", "b.yaml"], None),
    (["check", "--project", "p"], None),
    (["--format", "json", "check"], None),
    (["explain", "x"], None),
    (["check", "--format"], None),
    ([], None),
]


@pytest.mark.parametrize("argv, expected", COMMAND_LINES, ids=[" ".join(a) or "(none)" for a, _ in COMMAND_LINES])
def test_only_plain_check_command_lines_are_answered_from_a_stored_run(argv, expected):
    assert options(argv) == expected


def test_the_same_check_twice_is_replayed_identically(sized, run_cli):  # noqa: F811
    first = run_cli("check", "-v")
    assert len(entries(sized, "runs")) == 0 and len(list((sized / ".auditor_cache" / "runs").glob("*.txt"))) == 1
    assert run_cli("check", "-v") == first == run_cli("check", "-v", "--no-cache")


def test_a_changed_document_is_not_replayed(sized, run_cli):  # noqa: F811
    assert run_cli("check")[0] == 0
    document = sized / "docs" / "note.md"
    document.write_text(document.read_text().replace("32 layers", "40 layers"))
    code, out, _ = run_cli("check")
    assert code == 1 and "[stale] '32 layers'" in out


@pytest.mark.parametrize("damage", [b"", b"auditor-run 1 x y\n0\n0\nforged output\n", None])
def test_a_damaged_stored_run_is_ignored(sized, run_cli, damage):  # noqa: F811
    fresh = run_cli("check", "-v")
    (stored,) = (sized / ".auditor_cache" / "runs").glob("*.txt")
    text = stored.read_bytes()
    stored.write_bytes(damage if damage is not None else text.replace(b"[holds]", b"[mismatch]"))
    assert run_cli("check", "-v") == fresh
