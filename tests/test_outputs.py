"""CI outputs: SARIF 2.1.0 (schema-valid), JUnit, GitHub annotations; Markdown and HTML reports."""

from __future__ import annotations

import json
import re
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
    assert "error" not in err  # -v names the project on standard error; nothing else goes there
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
    from auditor.claims.verdicts import Verdict

    code, out = output(run_cli, "sarif")
    run = json.loads(out)["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == [v.value for v in Verdict] + ["input-error"]
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


HOSTILE = """\
document: {title: hostile}
claims:
  - id: hostile-quote
    quote: "<script>alert(1)</script> [click](javascript:alert(1)) <a href=\\"javascript:alert(2)\\">x</a>"
    formula: kv_bytes_per_token_gqa
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16}
    stated: "129 KiB/token"
"""


class _Tags(__import__("html.parser").parser.HTMLParser):
    """Every tag and attribute of an HTML page, to check what a browser would act on."""

    def __init__(self):
        super().__init__()
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes += [(k, v or "") for k, v in attrs]


def parsed(html: str) -> _Tags:
    tags = _Tags()
    tags.feed(html)
    return tags


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    make_documented(tmp_path, claims=HOSTILE)
    monkeypatch.chdir(tmp_path)


def test_html_renders_a_hostile_quote_inert(hostile, run_cli):
    _, out = output(run_cli, "html")
    tags = parsed(out)
    assert "script" not in tags.tags and "a" not in tags.tags
    assert not any("javascript:" in value for _, value in tags.attributes)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_markdown_renders_a_hostile_quote_inert(hostile, run_cli):
    _, out = output(run_cli, "markdown")
    assert "<script>" not in out and "<a href" not in out
    assert "](javascript:" not in out
    assert r"\[click\]\(javascript:alert\(1\)\)" in out


def test_html_report_is_self_contained_with_mathml_formulas_and_an_svg_roofline(documented, run_cli):
    _, out = output(run_cli, "html", "-v")
    tags = parsed(out)
    assert {"math", "svg", "polyline", "table"} <= set(tags.tags)
    assert "script" not in tags.tags and "link" not in tags.tags and "img" not in tags.tags
    assert not [v for k, v in tags.attributes if k in ("src", "href")]
    assert "OOM wall: max_batch = 104" in out
    assert '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mrow><mi>max_batch</mi>' in out


def test_markdown_report_is_what_github_renders_math_in_dollars_and_the_roofline_as_a_table(documented, run_cli):
    code, out = output(run_cli, "markdown")
    assert code == 1
    assert "| guide-calculator | mismatch ❌ |" in out
    assert "data:" not in out and "<math" not in out and "<svg" not in out
    assert "$$\n\\mathrm{max\\_batch} = \\left\\lfloor" in out
    assert "| batch | step time (ms) | throughput (tokens/s) |" in out


def test_the_roofline_is_evaluated_through_the_engine(documented):
    from auditor.audit.project import Project
    from auditor.claims.files import load_claim_file
    from auditor.output.roofline import roofline_for

    claim = next(c for c in load_claim_file(documented / "claims" / "guide.yaml").claims if c.id == "guide-max-batch")
    roofline = roofline_for(claim, Project.load(documented))
    assert roofline.max_batch == 104 and roofline.knee is None
    assert roofline.throughput == tuple(sorted(roofline.throughput))
    assert roofline.step_ms == tuple(sorted(roofline.step_ms))
    assert roofline.batches[-1] >= 104


def test_the_html_report_renders_in_headless_chromium(documented, run_cli, tmp_path):
    import subprocess
    import sys

    from conftest import require_browser

    require_browser()
    script = Path(__file__).resolve().parent.parent / "scripts" / "render_report.py"
    result = subprocess.run([sys.executable, str(script), "--out", str(tmp_path / "out")], cwd=documented, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "out" / "report.png").stat().st_size > 0


def test_every_sarif_rule_has_help_text_and_a_help_uri(documented, run_cli):
    _, out = output(run_cli, "sarif")
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    assert all(r["helpUri"].startswith("https://") and r["help"]["text"] and r["help"]["markdown"] for r in rules)
    mismatch = next(r for r in rules if r["id"] == "mismatch")
    assert "auditor update" in mismatch["help"]["text"]


def test_junit_validates_against_the_common_schema_and_carries_times(documented, run_cli):
    xmlschema = pytest.importorskip("xmlschema")
    _, out = output(run_cli, "junit", "-v")
    xmlschema.XMLSchema(str(Path(__file__).parent / "data" / "junit-10.xsd")).validate(out)
    cases = re.findall(r"<testcase [^>]*>", out)
    assert len(cases) == 4 and all(re.search(r'time="\d+\.\d{6}"', c) for c in cases)
    assert "file=" not in "".join(cases) and "line=" not in "".join(cases)
