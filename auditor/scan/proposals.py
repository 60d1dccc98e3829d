"""What a scan hands back: proposals as a claims file for review, or as claims audited at once.

The YAML keeps every matched proposal as a claim (quote, formula, given,
stated, and a note saying which words chose the formula) and lists the
numbers that named no formula as comments, so a reviewer sees what the scan
passed over. ``audit_proposals`` turns each matched proposal into a Claim
located at its document line and keeps the finding when the inputs resolve.
"""

from __future__ import annotations

import json
import re

from auditor.base.errors import AuditorError, Location
from auditor.base.quantity import parse_stated
from auditor.claims.verdicts import Verdict
from auditor.documents.locate import Document

from .locate import Proposal


def proposal_claim(proposal: Proposal, document: Document, index: int):
    """The proposal as a Claim the engine can audit, located at its document line."""
    from auditor.base.yamlio import Located
    from auditor.claims.files import Claim

    given = Located(proposal.given)
    given.line, given.key_lines = 0, {}
    line, _ = document.position(proposal.start)
    return Claim(id=proposal_id(document, proposal, index), quote=proposal.quote, location=Location(document.shown, line), formula=proposal.formula, stated=parse_stated(proposal.stated), given=given)


def proposal_id(document: Document, proposal: Proposal, index: int) -> str:
    """A claim id from the document name, the line and the stated number: note-l3-128-kib-token."""
    line, _ = document.position(proposal.start)
    slug = re.sub(r"[^a-z0-9]+", "-", proposal.stated.lower()).strip("-")[:24]
    return f"{re.sub(r'[^a-z0-9]+', '-', document.path.stem.lower())}-l{line}-{slug or index}"


def audit_proposals(proposals: list[Proposal], document: Document, project) -> None:
    """Attach a finding to every proposal whose formula and inputs resolve.

    An underdetermined finding (inputs the text does not give) is kept apart,
    as ``pending``: it names what a reviewer must add, but it is no verdict.
    """
    from dataclasses import replace

    from auditor.audit.pipeline import audit_claim

    for index, proposal in enumerate(proposals):
        if proposal.formula is None:
            continue
        try:
            finding = audit_claim(proposal_claim(proposal, document, index), project)
        except AuditorError:
            continue
        if finding.verdict == Verdict.UNDERDETERMINED:
            proposal.pending = finding
        else:
            proposal.finding = replace(finding, document_location=document.span(proposal.start, proposal.end))


def proposals_yaml(proposals: list[Proposal], document: Document, path_text: str) -> str:
    """A claims file for review: matched proposals as claims, the rest as comments."""
    lines = [f"# Proposed by `auditor scan {path_text}`: review each claim before keeping it.", "document:", f"  path: {json.dumps(path_text)}", "claims:"]
    unmatched = []
    for index, proposal in enumerate(proposals):
        line, column = document.position(proposal.start)
        if proposal.formula is None:
            unmatched.append(f"#   {document.shown}:{line}:{column} {proposal.stated!r} in {proposal.quote!r}")
            continue
        given = "{" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in proposal.given.items()) + "}"
        lines += [
            f"  - id: {proposal_id(document, proposal, index)}",
            f"    quote: {json.dumps(proposal.quote, ensure_ascii=False)}  # {document.shown}:{line}:{column}",
            f"    formula: {proposal.formula}",
            f"    given: {given}",
            f"    stated: {json.dumps(proposal.stated, ensure_ascii=False)}",
        ]
        if proposal.note:
            lines.append(f"    note: {json.dumps(proposal.note, ensure_ascii=False)}")
    if len(lines) == 4:
        lines[-1] = "claims: []"
    if unmatched:
        lines += ["# Numbers with units that name no quantity the catalogue knows:"] + unmatched
    return "\n".join(lines) + "\n"
