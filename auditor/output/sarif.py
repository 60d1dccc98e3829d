"""SARIF 2.1.0: one rule per verdict, one result per claim, on the document line.

Code-scanning services read SARIF, so a wrong number shows up on the line of
the document that prints it (and, as a related location, on the claims-file
line that records it). Claims that pass appear as ``kind: pass`` results only
with ``-v``, so a default log lists the problems alone. Input errors (a claim
that cannot be read) are results of their own rule, ``input-error``, on the
claims-file line, so one run reports every one of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from auditor import __version__
from auditor.audit.findings import Finding
from auditor.base.numbers import as_json_number
from auditor.claims.verdicts import ACTION, INPUT_ERROR, INPUT_ERROR_ACTION, INPUT_ERROR_MEANING, MEANING, Verdict

from .describe import claims_file_line, documentation_url, sentence

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def rule(rule_id: str, meaning: str, action: str, level: str) -> dict:
    entry = {
        "id": rule_id,
        "name": "".join(word.capitalize() for word in rule_id.split("-")),
        "shortDescription": {"text": f"claim verdict: {rule_id}" if rule_id != INPUT_ERROR else "input error"},
        "fullDescription": {"text": meaning},
        "help": {"text": f"{meaning}. {action}", "markdown": f"**{rule_id}**: {meaning}.\n\n{action}"},
        "defaultConfiguration": {"level": level},
    }
    url = documentation_url(rule_id)
    if url:
        entry["helpUri"] = url
    return entry


def rules() -> list[dict]:
    verdicts = [rule(v.value, MEANING[v], ACTION[v], "none" if v.holds else "error") for v in Verdict]
    return verdicts + [rule(INPUT_ERROR, INPUT_ERROR_MEANING, INPUT_ERROR_ACTION, "error")]


def artifact_uri(path: str) -> str:
    """A relative path as a relative URI; an absolute one as a file: URI."""
    as_path = Path(path)
    return as_path.as_uri() if as_path.is_absolute() else quote(as_path.as_posix())


def physical(path: str, line: int, column: int | None = None, end_line: int | None = None, end_column: int | None = None) -> dict:
    region = {"startLine": max(line, 1)}
    if column:
        region["startColumn"] = column
    if end_line:
        region["endLine"] = end_line
    if end_column:
        region["endColumn"] = end_column
    return {"physicalLocation": {"artifactLocation": {"uri": artifact_uri(path)}, "region": region}}


def locations(f: Finding) -> tuple[list[dict], list[dict]]:
    """(where the result is shown, related places): the document when known, else the claims file."""
    claims = physical(f.location.path, claims_file_line(f))
    span = f.document_location
    if span is None:
        return [claims], []
    claims["id"] = 1
    claims["message"] = {"text": f"claim {f.claim_id}"}
    return [physical(span.path, span.line, span.column, span.end_line, span.end_column)], [claims]


def result(f: Finding, rule_index: dict[str, int]) -> dict:
    shown, related = locations(f)
    entry = {
        "ruleId": f.verdict.value,
        "ruleIndex": rule_index[f.verdict.value],
        "kind": "pass" if f.passed else "fail",
        "level": "none" if f.passed else "error",
        "message": {"text": sentence(f)},
        "locations": shown,
        "partialFingerprints": {"claimId/v1": f.claim_id},
        "properties": {"claim": f.claim_id, "formula": f.formula, "stated": f.stated, "computed": as_json_number(f.computed), "unit": f.unit},
    }
    if related:
        entry["relatedLocations"] = related
    return entry


def problem_result(problem, rule_index: dict[str, int]) -> dict:
    location = problem.location
    path = location.path if location and location.path else "."
    return {
        "ruleId": INPUT_ERROR,
        "ruleIndex": rule_index[INPUT_ERROR],
        "kind": "fail",
        "level": "error",
        "message": {"text": problem.message},
        "locations": [physical(path, (location.line if location else None) or 1)],
    }


def render_sarif(findings: list[Finding], verbose: bool = False, problems=()) -> str:
    declared = rules()
    rule_index = {r["id"]: i for i, r in enumerate(declared)}
    shown = [f for f in findings if verbose or not f.passed]
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "inference-auditor", "version": __version__, "informationUri": documentation_url(None), "rules": declared}},
                "results": [problem_result(p, rule_index) for p in problems] + [result(f, rule_index) for f in shown],
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
