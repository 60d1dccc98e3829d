"""JSON output: every finding with its numbers, diagnoses and trace."""

from __future__ import annotations

import json
from collections import Counter

from auditor.audit.findings import Finding
from auditor.base.numbers import as_json_number, show


def finding_record(f: Finding) -> dict:
    return {
        "claim": f.claim_id,
        "file": f.location.path,
        "line": f.location.line,
        "quote": f.quote,
        "document_location": None if f.document_location is None else {
            "file": f.document_location.path, "line": f.document_location.line, "column": f.document_location.column,
            "end_line": f.document_location.end_line, "end_column": f.document_location.end_column,
        },
        "formula": f.formula,
        "verdict": f.verdict.value,
        "passed": f.passed,
        "expected": None if f.expected is None else {"verdict": f.expected.verdict.value, "cause": list(f.expected.cause)},
        "stated": f.stated,
        "computed": as_json_number(f.computed),
        "unit": f.unit or f.base_unit,
        "computed_base": as_json_number(f.computed_base),
        "base_unit": f.base_unit,
        "tolerance": as_json_number(f.tolerance),
        "message": f.message,
        "missing": list(f.missing),
        "notes": list(f.notes),
        "remarks": list(f.remarks),
        "inferred": None if f.inferred is None else {"symbol": f.inferred[0], "low": f.inferred[1], "high": f.inferred[2], "claims": f.inferred[3]},
        "diagnoses": [
            {"hypothesis": d.hypothesis, "kind": d.kind, "description": d.description, "reproduced": as_json_number(d.reproduced)}
            for d in f.diagnoses
        ],
        "trace": [
            {"name": s.name, "value": as_json_number(s.value), "shown": show(s.value), "unit": s.unit, "source": s.source, "kind": s.kind}
            for s in f.trace
        ],
    }


def problem_record(problem) -> dict:
    location = problem.location
    return {"file": location.path if location else None, "line": location.line if location else None, "message": problem.message}


def render_json(findings: list[Finding], verbose: bool = False, problems=()) -> str:
    counts = Counter(f.verdict.value for f in findings)
    document = {
        "findings": [finding_record(f) for f in findings],
        "errors": [problem_record(p) for p in problems],
        "summary": dict(sorted(counts.items())),
        "passed": not problems and all(f.passed for f in findings),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
