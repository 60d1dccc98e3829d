"""JUnit XML: one test case per claim, one suite per claims file.

CI systems that chart tests chart claims the same way: a claim that stops
holding is a failing test named after the claim, in the suite of its file.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import OrderedDict

from auditor.audit.findings import Finding

from .describe import claims_file_line, sentence


def testcase(f: Finding) -> ET.Element:
    case = ET.Element("testcase", {"classname": f.location.path, "name": f.claim_id, "file": f.location.path, "line": str(claims_file_line(f))})
    if not f.passed:
        failure = ET.SubElement(case, "failure", {"type": f.verdict.value, "message": sentence(f)})
        where = f" at {f.document_location}" if f.document_location else ""
        failure.text = f"{f.location}{where}\n{sentence(f)}"
    output = ET.SubElement(case, "system-out")
    output.text = sentence(f)
    return case


def suite(name: str, findings: list[Finding]) -> ET.Element:
    failures = sum(not f.passed for f in findings)
    element = ET.Element("testsuite", {"name": name, "tests": str(len(findings)), "failures": str(failures), "errors": "0", "skipped": "0"})
    element.extend(testcase(f) for f in findings)
    return element


def render_junit(findings: list[Finding], verbose: bool = False) -> str:
    by_file: OrderedDict[str, list[Finding]] = OrderedDict()
    for f in findings:
        by_file.setdefault(f.location.path, []).append(f)
    failures = sum(not f.passed for f in findings)
    root = ET.Element("testsuites", {"name": "inference-auditor", "tests": str(len(findings)), "failures": str(failures), "errors": "0"})
    root.extend(suite(name, group) for name, group in by_file.items())
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
