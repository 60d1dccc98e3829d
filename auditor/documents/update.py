"""Regenerating published numbers: which characters change, in which files.

After an input moves (a GPU's bandwidth, a model's config revision, a dtype)
every claim is recomputed and each number that no longer prints the same is
rewritten where it is published: in its document (the span its quote locates)
and in its claims file (``stated:``, and every quote that contains it, so no
claim goes stale because a neighbour's number moved). Numbers are printed in
their own style (``auditor.printing``). Nothing is rewritten that a person must
judge: audit records (``expect:``), bounds and ranges, exact forms, and
qualified numbers that still hold. Only documents the repository holds
(``document: {path: ...}``) are regenerated: a claims file about a published
article (a ``url``, or a title alone) records someone else's text, which a
rewrite must not put words into.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from auditor.audit.findings import Finding
from auditor.base.errors import InputError, Location, QuantityError
from auditor.base.resources import display_path
from auditor.base.textio import resolved
from auditor.base.yamlio import compose_yaml_text, load_yaml_text
from auditor.claims.files import Claim
from auditor.claims.verdicts import Verdict

from .locate import NUMBER_TOKEN, Document, DocumentCache, token_value
from .printing import format_like
from .rewrite import Edit, apply_edits, read_exact

REGENERABLE = (Verdict.HOLDS, Verdict.HOLDS_BY_ROUNDING, Verdict.MISMATCH)


@dataclass
class Plan:
    """Edits per file, the text each was planned against, and claims left for a person."""

    edits: dict[Path, list[Edit]] = field(default_factory=dict)
    originals: dict[Path, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    expected: dict[Path, list[tuple[str, str, str]]] = field(default_factory=dict)
    problems: list[InputError] = field(default_factory=list)
    """Every input error met on the way, located: one run reports them all, and a plan with any is not written."""

    def add(self, path: Path, original: str, edit: Edit) -> None:
        self.originals.setdefault(path, original)
        self.edits.setdefault(path, []).append(edit)

    def changed(self) -> list[tuple[Path, str, str]]:
        """(file, old text, new text) for every file whose text changes, checked before returning."""
        result = []
        for path, edits in self.edits.items():
            old = self.originals[path]
            new = apply_edits(old, edits, display_path(path))
            if new != old:
                try:
                    self._verify(path, new)
                except InputError as exc:
                    if exc not in self.problems:
                        self.problems.append(exc)
                    continue
                result.append((path, old, new))
        return result

    def _verify(self, path: Path, new: str) -> None:
        """A rewritten claims file must still read, and say what the plan meant it to."""
        wanted = self.expected.get(path)
        if not wanted:
            return
        data = load_yaml_text(new, display_path(path))
        values = {(c.get("id"), key): str(c.get(key)) for c in data["claims"] for key in ("quote", "stated")}
        for claim_id, key, text in wanted:
            if values.get((claim_id, key)) != text:
                raise InputError(Location(display_path(path)), f"claim {claim_id!r}: cannot rewrite {key} safely (would read {values.get((claim_id, key))!r})")


@dataclass
class ClaimsSource:
    """A claims file's exact text and where each claim's ``quote`` and ``stated`` scalars are."""

    path: Path
    text: str
    spans: dict[tuple[str, str], tuple[int, int]]

    @classmethod
    def read(cls, path: Path) -> "ClaimsSource":
        path = resolved(path)  # the same file named two ways (a claims file that is its own document) is one file
        text = read_exact(path)
        root = compose_yaml_text(text, display_path(path))
        spans = {}
        for key_node, value_node in root.value:
            if key_node.value == "claims":
                for item in value_node.value:
                    spans.update(_scalar_spans(item))
        return cls(path, text, spans)


def _scalar_spans(item) -> dict:
    fields = {k.value: v for k, v in item.value if isinstance(v, yaml.ScalarNode)}
    claim_id = fields["id"].value if "id" in fields else None
    return {(claim_id, key): (node.start_mark.index, node.end_mark.index) for key, node in fields.items() if key in ("quote", "stated")}


def skip_reason(claim: Claim, finding: Finding) -> str | None:
    """Why a claim's number is not regenerated ("" to skip silently, None to regenerate)."""
    stated = claim.stated
    if stated is None or claim.expect is not None:
        return ""
    if finding.verdict not in REGENERABLE:
        return "" if finding.passed else f"{finding.verdict.value}: {finding.message or 'nothing to print'}"
    if stated.comparator != "=" or stated.exact:
        return "" if finding.passed else f"{stated.text!r} is a bound or an exact form that no longer holds; edit it by hand"
    if (stated.qualifier or stated.widen) and finding.passed:
        return ""
    if finding.computed is None:
        return "no value in the stated unit"
    return None


def plan_update(paths: list[Path], project) -> Plan:
    """The edits every claim's new value asks for, and every input error met on the way.

    Like ``check``, one run reads everything it can and reports every problem it
    meets (a claims file that does not read, a document that is missing, a
    rewrite that would not read back), each located; the caller writes nothing
    while any is left, so a half-updated set of documents never results.
    """
    from auditor.audit.pipeline import collect

    from .locate import place

    run = collect(paths, project)
    run.findings = place(run.claims, run.findings, getattr(project, "documents", None), run.problems, getattr(project, "root", None), project.catalogue)
    plan = Plan(problems=list(run.problems))
    cache = DocumentCache(getattr(project, "documents", None), getattr(project, "root", None))
    by_file: dict[Path, list] = {}
    files = {}
    for (claim_file, claim), finding in zip(run.claims, run.findings):
        by_file.setdefault(claim_file.path, []).append((claim, finding))
        files[claim_file.path] = claim_file
    for path, pairs in by_file.items():
        claim_file = files[path]
        if not claim_file.document.get("path") or claim_file.problems:
            continue
        try:
            document = cache.for_claims_file(path, claim_file.document)
            _plan_file(ClaimsSource.read(path), document, pairs, plan)
        except InputError as exc:  # a document place() could not read is already among the problems
            if str(exc) not in {str(p) for p in plan.problems}:
                plan.problems.append(exc)
    return plan


def _plan_file(source: ClaimsSource, document: Document, pairs: list, plan: Plan) -> None:
    document_edits: list[Edit] = []
    for claim, finding in pairs:
        reason = skip_reason(claim, finding)
        if reason:
            plan.notes.append(f"{claim.location}: not regenerated: {reason} ({claim.id})")
        if reason is not None:
            continue
        try:
            _plan_claim(claim, finding, source, document, plan, document_edits)
        except QuantityError as exc:
            plan.notes.append(f"{claim.location}: not regenerated: {exc} ({claim.id})")
    for claim, _ in pairs:
        _requote(claim, source, document, document_edits, plan)


def _plan_claim(claim, finding, source, document, plan, document_edits) -> None:
    stated, widen = claim.stated, claim.stated.widen
    _retoken(source, claim, "stated", str(claim.stated.text), lambda t: token_value(t) == stated.low.value, finding.computed, widen, plan)
    quote = document.find_quote(claim.quote, claim.location)
    number = document.find_number(*quote, stated) if quote else _edited_span(claim, document)
    if number is None:
        plan.notes.append(f"{claim.location}: not regenerated: {stated.text!r} not found inside its quote in {document.shown} ({claim.id})")
        return
    old = document.text[number[0] : number[1]]
    new = format_like(finding.computed, old, widen)
    if new != old:
        edit = Edit(number[0], number[1], old, new, claim.id)
        document_edits.append(edit)
        plan.add(document.path, document.text, edit)


def _edited_span(claim, document: Document) -> tuple[int, int] | None:
    """Where the document prints the claim's number after an edit (its quote found by its words)."""
    from .locate import edited_number

    token = edited_number(claim, document)
    return (token.start(), token.end()) if token is not None else None


def _retoken(source, claim, key, value, pick, computed, widen, plan) -> None:
    """Rewrite, inside one YAML scalar, the number token ``pick`` chooses."""
    tokens = list(NUMBER_TOKEN.finditer(value))
    ordinal = next((i for i, t in enumerate(tokens) if pick(t)), None)
    if ordinal is None:
        return
    new = format_like(computed, tokens[ordinal].group(0), widen)
    _replace_token(source, claim, key, value, tokens, ordinal, new, plan)


def _replace_token(source, claim, key, value, tokens, ordinal, new, plan) -> None:
    old = tokens[ordinal].group(0)
    if new == old or (claim.id, key) not in source.spans:
        return
    start, end = source.spans[(claim.id, key)]
    written = list(NUMBER_TOKEN.finditer(source.text, start, end))
    if len(written) != len(tokens) or written[ordinal].group(0) != old:
        plan.notes.append(f"{claim.location}: not regenerated: its {key} is written with escapes; edit it by hand ({claim.id})")
        return
    match = written[ordinal]
    plan.add(source.path, source.text, Edit(match.start(), match.end(), old, new, claim.id))
    expected = value[: tokens[ordinal].start()] + new + value[tokens[ordinal].end() :]
    plan.expected.setdefault(source.path, []).append((claim.id, key, expected))


def _requote(claim, source, document, document_edits, plan) -> None:
    """Carry every number rewritten inside a claim's quoted span into its ``quote:``."""
    quote = document.locate_quote(claim.quote, claim.location)
    if quote is None:
        return
    inside = {(e.start, e.end): e for e in document_edits if quote[0] <= e.start and e.end <= quote[1]}
    if not inside:
        return
    in_document = list(NUMBER_TOKEN.finditer(document.text, *quote))
    in_quote = list(NUMBER_TOKEN.finditer(claim.quote))
    if len(in_quote) != len(in_document):
        plan.notes.append(f"{claim.location}: quote not rewritten: its numbers do not line up with the document's; edit it by hand ({claim.id})")
        return
    value = claim.quote
    for ordinal, token in reversed(list(enumerate(in_document))):
        edit = inside.get((token.start(), token.end()))
        if edit is not None:
            value = value[: in_quote[ordinal].start()] + edit.new + value[in_quote[ordinal].end() :]
    _quote_edits(claim, source, claim.quote, value, plan)


def _quote_edits(claim, source, old_value, new_value, plan) -> None:
    if new_value == old_value or (claim.id, "quote") not in source.spans:
        return
    start, end = source.spans[(claim.id, "quote")]
    written = list(NUMBER_TOKEN.finditer(source.text, start, end))
    old_tokens = list(NUMBER_TOKEN.finditer(old_value))
    new_tokens = list(NUMBER_TOKEN.finditer(new_value))
    if not (len(written) == len(old_tokens) == len(new_tokens)):
        plan.notes.append(f"{claim.location}: quote not rewritten; edit it by hand ({claim.id})")
        return
    for match, old, new in zip(written, old_tokens, new_tokens):
        if old.group(0) != new.group(0):
            plan.add(source.path, source.text, Edit(match.start(), match.end(), match.group(0), new.group(0), claim.id))
    plan.expected.setdefault(source.path, []).append((claim.id, "quote", new_value))
