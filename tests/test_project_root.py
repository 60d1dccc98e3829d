"""The project in force: found by walking up, configured by [tool.auditor], reported by -v."""

import json
from pathlib import Path

import pytest

from test_cli import CLAIM

REPO = Path(__file__).resolve().parent.parent


def findings(out: str) -> list[tuple]:
    return sorted((f["claim"], f["verdict"], f["line"], f["passed"]) for f in json.loads(out)["findings"])


def test_check_from_a_subfolder_of_this_repository_gives_the_same_findings_as_from_its_root(monkeypatch, run_cli):
    monkeypatch.chdir(REPO)
    root_code, root_out, _ = run_cli("check", "--format", "json")
    monkeypatch.chdir(REPO / "docs")
    sub_code, sub_out, _ = run_cli("check", "--format", "json")
    named_code, named_out, _ = run_cli("check", "--format", "json", "../claims/project-docs.yaml")
    assert (sub_code, findings(sub_out)) == (root_code, findings(root_out))
    assert findings(named_out) == [f for f in findings(root_out) if f[0].startswith("docs-")]
    assert {f["document_location"]["file"] for f in json.loads(named_out)["findings"] if f["document_location"]} == {"worked-example.md"}


def test_the_root_is_the_nearest_folder_above_with_claims(project, monkeypatch, run_cli):
    (project / "claims" / "one.yaml").write_text(CLAIM.format(stated="512 KiB/token"))
    deep = project / "docs" / "chapter"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    code, out, err = run_cli("check", "-v")
    assert code == 1 and "llama3-8b-kv" in out and err == ""
    assert out.startswith(f"project root: {project.resolve()} (found)\n")


def test_the_walk_stops_at_the_top_of_a_repository(project, monkeypatch, run_cli):
    nested = project / "vendor" / "other"
    (nested / ".git").mkdir(parents=True)
    monkeypatch.chdir(nested)
    code, _, err = run_cli("check")
    assert code == 2 and "no claims/ folder" in err


def test_verbose_names_the_data_folders_in_force(project, monkeypatch, run_cli):
    (project / "claims" / "one.yaml").write_text(CLAIM.format(stated="128 KiB/token"))
    (project / "inputs").mkdir()
    monkeypatch.chdir(project)
    _, out, _ = run_cli("check", "-v")
    from auditor.base.resources import builtin, display_path

    assert f"formulas: {display_path(builtin('formulas'))}, formulas\n" in out
    assert f"inputs: {display_path(builtin('inputs'))}, inputs\n" in out


def write_settings(folder: Path, table: str) -> None:
    (folder / "pyproject.toml").write_text(f"[project]\nname = 'x'\n\n[tool.auditor]\n{table}\n")


def test_tool_auditor_marks_the_root_and_names_its_paths_and_format(tmp_path, monkeypatch, run_cli):
    audits = tmp_path / "audits"
    audits.mkdir()
    (audits / "one.yaml").write_text(CLAIM.format(stated="512 KiB/token"))
    write_settings(tmp_path, 'paths = ["audits"]\nformat = "json"\nignore = ["holds"]')
    (tmp_path / "src").mkdir()
    monkeypatch.chdir(tmp_path / "src")
    code, out, _ = run_cli("check")
    assert code == 1
    assert [f["claim"] for f in json.loads(out)["findings"]] == ["llama3-8b-kv"]


def test_the_command_line_wins_over_tool_auditor(tmp_path, monkeypatch, run_cli):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "one.yaml").write_text(CLAIM.format(stated="512 KiB/token"))
    write_settings(tmp_path, 'select = ["holds"]\nformat = "json"')
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("check", "--format", "human", "--select", "mismatch")
    assert code == 1 and out.startswith("claims/one.yaml:3: [mismatch]")
    code, out, _ = run_cli("check")
    assert code == 0 and json.loads(out)["findings"] == []


@pytest.mark.parametrize("table, line, fragment", [
    ('colour = "always"', 5, "unknown key 'colour' in [tool.auditor]"),
    ('select = "mismatch"', 5, "select must be a list of strings"),
    ('paths = ["claims"]\nignore = ["mismatches"]', 6, "unknown verdict 'mismatches'"),
    ('format = "xml"', None, "format 'xml' is not one of"),
])
def test_a_bad_setting_is_a_located_error(tmp_path, monkeypatch, run_cli, table, line, fragment):
    (tmp_path / "claims").mkdir()
    write_settings(tmp_path, table)
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("check")
    assert code == 2 and "Traceback" not in err
    assert err.startswith("error: pyproject.toml" + (f":{line}:" if line else ""))
    assert fragment in err
