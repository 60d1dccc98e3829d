"""A ``check`` with nothing changed prints its stored run; anything else goes the ordinary way."""

from __future__ import annotations

import pytest
from test_cache import entries, sized  # noqa: F401  (the fixture)

from auditor.commands.replay_options import DEFAULTS, options

PLAIN = {**DEFAULTS, "paths": []}

COMMAND_LINES = [
    (["check"], PLAIN),
    (["check", "-v", "--format", "json"], {**PLAIN, "verbose": True, "format": "json"}),
    (["check", "--format=sarif", "claims/a.yaml", "claims/b.yaml"], {**PLAIN, "format": "sarif", "paths": ["claims/a.yaml", "claims/b.yaml"]}),
    (["--project", "p", "check", "--documents", "d"], {**PLAIN, "project": "p", "documents": "d"}),
    (["check", "-q", "--exit-zero", "--statistics", "--builtin"], {**PLAIN, "quiet": True, "exit_zero": True, "statistics": True, "builtin": True}),
    (["check", "--select", "mismatch,stale", "--ignore=holds", "--color", "never"], {**PLAIN, "select": "mismatch,stale", "ignore": "holds", "color": "never"}),
    (["check", "--no-cache"], None),
    (["check", "-o", "report.txt"], None),
    (["check", "-"], None),
    (["check", "-vq"], None),
    (["check", "--help"], None),
    (["check", "--form", "json"], None),
    (["check", "a.yaml", "-v", "b.yaml"], None),
    (["check", "--project", "p"], None),
    (["--format", "json", "check"], None),
    (["explain", "x"], None),
    (["check", "--format"], None),
    (["check", "--select", "-v"], None),
    ([], None),
]


@pytest.mark.parametrize("argv, expected", COMMAND_LINES, ids=[" ".join(a) or "(none)" for a, _ in COMMAND_LINES])
def test_only_check_command_lines_of_understood_options_are_answered_from_a_stored_run(argv, expected):
    assert options(argv) == expected


def stored_runs(root) -> list:
    return sorted((root / ".auditor_cache" / "runs").glob("*.txt"))


def test_the_same_check_twice_is_replayed_identically(sized, run_cli):  # noqa: F811
    first = run_cli("check", "-v")
    assert len(entries(sized, "runs")) == 0 and len(stored_runs(sized)) == 1
    assert run_cli("check", "-v") == first == run_cli("check", "-v", "--no-cache")


def test_a_changed_document_is_not_replayed(sized, run_cli):  # noqa: F811
    assert run_cli("check")[0] == 0
    document = sized / "docs" / "note.md"
    document.write_text(document.read_text().replace("32 layers", "40 layers"))
    code, out, _ = run_cli("check")
    assert code == 1 and "[stale] '32 layers'" in out


@pytest.mark.parametrize("damage", [b"", b"auditor-run 2 x y\n0\n0\nforged output\n", None])
def test_a_damaged_stored_run_is_ignored(sized, run_cli, damage):  # noqa: F811
    fresh = run_cli("check", "-v")
    (stored,) = stored_runs(sized)
    text = stored.read_bytes()
    stored.write_bytes(damage if damage is not None else text.replace(b"[holds]", b"[mismatch]"))
    assert run_cli("check", "-v") == fresh


def test_from_a_subfolder_the_root_is_found_by_walking_up(sized, run_cli, monkeypatch):  # noqa: F811
    at_root = run_cli("check", "--format", "json")
    monkeypatch.chdir(sized / "docs")
    first, again = run_cli("check", "--format", "json"), run_cli("check", "--format", "json")
    assert first == again == run_cli("check", "--format", "json", "--no-cache")
    assert first[0] == at_root[0] and '"claim": "kv-cell"' in first[1]
    assert len(stored_runs(sized)) == 2 and not (sized / "docs" / ".auditor_cache").exists()


def test_a_folder_that_becomes_a_root_below_the_old_one_is_not_answered_with_the_old_run(sized, run_cli, monkeypatch):  # noqa: F811
    monkeypatch.chdir(sized / "docs")
    assert run_cli("check")[0] == 0
    (sized / "docs" / "claims").mkdir()
    code, out, err = run_cli("check")
    assert (code, out, err) == run_cli("check", "--no-cache")
    assert code == 0 and "0 claims" in out


@pytest.mark.parametrize("table, expected", [
    ('[tool.auditor]\nignore = ["holds"]\n', "1 claim"),
    ('[tool.auditor]\nformat = "json"\n', '"claim": "kv-cell"'),
    ('[tool.auditor]\npaths = ["elsewhere"]\n', "0 claims"),
])
def test_tool_auditor_settings_are_part_of_what_a_stored_run_is_keyed_by(sized, run_cli, table, expected):  # noqa: F811
    before = run_cli("check")
    (sized / "elsewhere").mkdir()
    (sized / "pyproject.toml").write_text(table, encoding="utf-8")
    after = run_cli("check")
    assert after != before and expected in after[1]
    assert run_cli("check") == after == run_cli("check", "--no-cache")


def test_a_run_with_input_problems_is_never_stored_nor_answered(sized, run_cli):  # noqa: F811
    (sized / "claims" / "broken.yaml").write_text("claims:\n  - {id: x, quote: q, formula: no_such_formula, stated: '1'}\n")
    first = run_cli("check")
    assert first[0] == 2 and "no_such_formula" in first[2]
    assert run_cli("check") == first and stored_runs(sized) == []


def test_no_claims_here_exits_2_and_builtin_does_not_answer_for_it(tmp_path, monkeypatch, run_cli):
    monkeypatch.chdir(tmp_path)
    shipped = run_cli("check", "--builtin", "--statistics")
    assert shipped[0] == 0 and run_cli("check", "--builtin", "--statistics") == shipped
    for _ in range(2):
        code, out, err = run_cli("check", "--statistics")
        assert code == 2 and "holds" not in out and "no claims/ folder here" in err


def test_an_option_it_does_not_understand_goes_the_ordinary_way(sized, run_cli):  # noqa: F811
    human = run_cli("check")
    assert run_cli("check", "-o", "report.txt") == (0, "", "")
    assert (sized / "report.txt").read_text() == human[1]
