"""GitHub Actions workflow commands: an annotation on the line that prints the number.

``::error file=docs/x.md,line=12,col=5::message`` makes GitHub mark the
changed line of a pull request. Values are escaped as the runner expects
(``%``, CR, LF, and in properties also ``:`` and ``,``), so a quote cannot
end the command early or inject another one.
"""

from __future__ import annotations

from auditor.audit.findings import Finding

from .describe import claims_file_line, sentence
from .human import summary


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(f: Finding) -> str:
    level = "notice" if f.passed else "error"
    span = f.document_location
    if span is not None:
        place = {"file": span.path, "line": span.line, "col": span.column, "endLine": span.end_line, "endColumn": span.end_column}
    else:
        place = {"file": f.location.path, "line": claims_file_line(f)}
    place["title"] = f"{f.verdict.value}: {f.claim_id}"
    properties = ",".join(f"{key}={escape_property(str(value))}" for key, value in place.items())
    return f"::{level} {properties}::{escape_data(sentence(f))}"


def problem_annotation(problem) -> str:
    """An input error as an ``::error`` on the line of the claims file that holds it."""
    location = problem.location
    place = {"file": location.path if location else "", "line": (location.line if location else None) or 1, "title": "input error"}
    properties = ",".join(f"{key}={escape_property(str(value))}" for key, value in place.items() if value != "")
    return f"::error {properties}::{escape_data(problem.message)}"


def render_github(findings: list[Finding], verbose: bool = False, problems=()) -> str:
    lines = [problem_annotation(p) for p in problems]
    lines += [annotation(f) for f in findings if verbose or not f.passed]
    lines.append(summary(findings, problems))
    return "\n".join(lines) + "\n"
