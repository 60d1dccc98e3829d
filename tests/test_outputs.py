"""CI outputs: SARIF 2.1.0 (schema-valid), JUnit, GitHub annotations; Markdown and HTML reports."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from documented import make_documented

SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"


@pytest.fixture
def documented(tmp_path, monkeypatch):
    make_documented(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def output(run_cli, fmt: str, *extra: str) -> tuple[int, str]:
    code, out, err = run_cli("check", "--format", fmt, *extra)
    assert err == ""
    return code, out


@pytest.mark.parametrize("verbose", [(), ("-v",)])
def test_sarif_validates_against_the_sarif_2_1_0_schema(documented, run_cli, verbose):
    jsonschema = pytest.importorskip("jsonschema")
    _, out = output(run_cli, "sarif", *verbose)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(json.loads(out))


def test_the_shipped_claims_give_valid_sarif(run_cli):
    jsonschema = pytest.importorskip("jsonschema")
    _, out = output(run_cli, "sarif", "-v")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(json.loads(out))


def test_sarif_has_one_rule_per_verdict_and_results_on_the_document_line(documented, run_cli):
    from auditor.verdicts import Verdict

    code, out = output(run_cli, "sarif")
    run = json.loads(out)["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == [v.value for v in Verdict]
    [wrong] = run["results"]
    assert (wrong["ruleId"], wrong["kind"], wrong["level"]) == ("mismatch", "fail", "error")
    place = wrong["locations"][0]["physicalLocation"]
    assert place["artifactLocation"]["uri"] == "docs/guide.md"
    assert (place["region"]["startLine"], place["region"]["startColumn"]) == (7, 28)
    related = wrong["relatedLocations"][0]["physicalLocation"]
    assert (related["artifactLocation"]["uri"], related["region"]["startLine"]) == ("claims/guide.yaml", 23)
    assert code == 1


def test_junit_has_one_test_case_per_claim(documented, run_cli):
    _, out = output(run_cli, "junit")
    root = ET.fromstring(out)
    cases = root.findall(".//testcase")
    assert [c.get("name") for c in cases] == ["guide-kv-per-token", "guide-kv-per-sequence", "guide-max-batch", "guide-calculator"]
    failed = [c.get("name") for c in cases if c.find("failure") is not None]
    assert failed == ["guide-calculator"]
    assert root.get("tests") == "4" and root.get("failures") == "1"


def test_github_annotations_point_at_the_document_line(documented, run_cli):
    _, out = output(run_cli, "github")
    first = out.splitlines()[0]
    assert first.startswith("::error file=docs/guide.md,line=7,col=28,")
    assert "title=mismatch%3A guide-calculator::" in first


def test_a_quote_cannot_break_out_of_a_github_annotation():
    from auditor.output.github import escape_data, escape_property

    assert escape_data("a\n::error::x %") == "a%0A::error::x %25"
    assert escape_property("a,b:c") == "a%2Cb%3Ac"
