"""Every problem in one run: each input error located, in every format, while the other claims are still audited."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import REPO

# A pull request with five mistakes in two files, and one honest claim whose number is wrong.
BAD = """\
document: {title: review}
claims:
  - id: unknown-formula
    quote: q
    formula: kv_bytse_per_token
    stated: "1 GB"
  - id: unknown-gpu
    quote: q
    formula: reserved_memory
    given: {gpu: h900}
    stated: "8 GB"
  - id: unreadable-number
    quote: q
    formula: weight_bytes
    stated: "lots"
  - id: wrong-number
    quote: "512 KiB/token"
    formula: kv_bytes_per_token_gqa
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}
    stated: "512 KiB/token"
  - id: wrong-number
    quote: again
    formula: weight_bytes
    stated: "1 GB"
"""
EXPECTED = [  # (file, line, fragment), in the order a reader meets them
    ("claims/a-broken.yaml", 2, "not valid YAML"),
    ("claims/review.yaml", 15, "unreadable-number"),
    ("claims/review.yaml", 3, "unknown formula 'kv_bytse_per_token'"),
    ("claims/review.yaml", 10, "unknown GPU 'h900'"),
    ("claims/review.yaml", 21, "duplicate claim id 'wrong-number'"),
]


@pytest.fixture
def pull_request(project, monkeypatch):
    (project / "claims" / "review.yaml").write_text(BAD)
    (project / "claims" / "a-broken.yaml").write_text("claims: [unclosed\n")
    monkeypatch.chdir(project)
    return project


def located(problems) -> list[tuple]:
    return sorted((file, line) for file, line, _ in problems)


def test_every_input_error_is_reported_and_the_readable_claims_are_still_audited(pull_request, run_cli):
    code, out, err = run_cli("check")
    assert code == 2 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == len(EXPECTED)
    for file, line, fragment in EXPECTED:
        assert any(entry.startswith(f"error: {file}:{line}:") and fragment in entry for entry in lines), (file, line, lines)
    assert "[mismatch] '512 KiB/token'" in out
    assert out.rstrip().endswith("1 claim fail; 5 input errors")


def test_each_input_error_is_a_github_annotation(pull_request, run_cli):
    code, out, _ = run_cli("check", "--format", "github")
    errors = [line for line in out.splitlines() if line.startswith("::error") and "title=input error" in line]
    places = sorted((p.split("file=")[1].split(",")[0], int(p.split("line=")[1].split(",")[0])) for p in errors)
    assert code == 2 and places == located(EXPECTED)
    assert any(line.startswith("::error file=claims/review.yaml,line=16") for line in out.splitlines())


def test_each_input_error_is_a_sarif_result_and_the_log_validates(pull_request, run_cli):
    import jsonschema

    code, out, _ = run_cli("check", "--format", "sarif")
    log = json.loads(out)
    schema = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(log)
    results = log["runs"][0]["results"]
    errors = [r for r in results if r["ruleId"] == "input-error"]
    places = sorted((r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in errors)
    assert code == 2 and places == located(EXPECTED)
    assert [r["ruleId"] for r in results if r["ruleId"] != "input-error"] == ["mismatch"]


def test_each_input_error_is_a_junit_error_and_the_report_validates(pull_request, run_cli):
    import xmlschema

    code, out, _ = run_cli("check", "--format", "junit")
    xmlschema.XMLSchema(str(REPO / "tests" / "data" / "junit-10.xsd")).validate(out)
    assert code == 2 and 'errors="5"' in out.split("\n")[1] and 'failures="1"' in out.split("\n")[1]


def test_json_lists_the_errors_beside_the_findings(pull_request, run_cli):
    code, out, _ = run_cli("check", "--format", "json")
    document = json.loads(out)
    assert code == 2 and document["passed"] is False
    assert located((e["file"], e["line"], e["message"]) for e in document["errors"]) == located(EXPECTED)


def action_step(name: str) -> str:
    steps = yaml.safe_load((REPO / "action.yml").read_text())["runs"]["steps"]
    return next(step["run"] for step in steps if step.get("name") == name)


def run_action_step(name: str, folder: Path, **inputs: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "PATHS": "", "FORMAT": "github", "SARIF_FILE": "", "DOCUMENTS": ""}
    env.update(inputs)
    return subprocess.run(["bash", "-e", "-c", action_step(name)], cwd=folder, env=env, capture_output=True, text=True, timeout=600)


def test_the_actions_check_step_reports_every_error_as_annotations_and_sarif_in_one_run(pull_request):
    done = run_action_step("auditor check", pull_request, SARIF_FILE="auditor.sarif")
    assert done.returncode == 2, done.stderr
    annotations = [line for line in done.stdout.splitlines() if line.startswith("::error") and "title=input error" in line]
    assert len(annotations) == len(EXPECTED)
    results = json.loads((pull_request / "auditor.sarif").read_text())["runs"][0]["results"]
    assert len([r for r in results if r["ruleId"] == "input-error"]) == len(EXPECTED)


def test_the_action_leaves_no_empty_sarif_file_behind(pull_request):
    done = run_action_step("auditor check", pull_request, SARIF_FILE="out/auditor.sarif")  # a folder that is not there
    assert done.returncode == 2
    assert "cannot write the report here" in done.stderr
    assert not (pull_request / "out").exists() and not list(pull_request.rglob("*.sarif")) and not list(pull_request.rglob("*.tmp"))
