"""Unusable input: one located line, exit 2, never a traceback (DESIGN decision 7)."""

from pathlib import Path

import pytest
import yaml

CASES = yaml.safe_load((Path(__file__).parent / "cases" / "bad_input.yaml").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_bad_input_is_one_located_error_line(case, project, monkeypatch, run_cli):
    for name, text in {case["file"]: case["text"], **case.get("also", {})}.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(project)
    code, out, err = run_cli("check")
    assert code == 2
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"error: {case['where']}")
    assert case["error"] in lines[0]


def test_a_missing_claims_path_is_a_usage_error(project, monkeypatch, run_cli):
    monkeypatch.chdir(project)
    code, _, err = run_cli("check", "claims/nothing-here.yaml")
    assert code == 2
    assert "no such file or folder" in err


def test_an_unknown_subcommand_is_a_usage_error(run_cli):
    with pytest.raises(SystemExit) as caught:
        run_cli("audit-everything")
    assert caught.value.code == 2
