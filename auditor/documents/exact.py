"""What a document's own numbers show about how it computed, through the cache.

Two judgements depend on every claim of a document at once: the inputs it
computed with exactly (``audit.exact_inputs``) and whether it rounds rather
than truncates (``audit.shown_rounding``). Their outcome is stored per claims
file that has a number held only by its inputs' intervals or only by
truncation, under the keys of all that file's claims: a run where none of
them changed reads the findings it changed, already placed in their
document, instead of weighing again.
"""

from __future__ import annotations

from auditor.audit.stored import Unreadable, finding_record, read_finding
from auditor.base.stamps import key

KIND = "exact-inputs"


def exact(audited: list, findings: list, project, store, environment: str) -> tuple[list, dict, list]:
    """(the findings so weighed, index -> its placed finding where the cache knew it, files to store once placed)."""
    from auditor.audit.exact_inputs import exact_inputs, held_by_interval
    from auditor.audit.shown_rounding import held_by_truncation, shown_rounding

    findings, known, pending = list(findings), {}, []
    for members in _documents(audited):
        if not any(held_by_interval(findings[i]) or held_by_truncation(findings[i]) for i in members):
            continue
        document_key = _key(environment, [audited[i] for i in members])
        stored = _stored(store, document_key, len(members))
        if stored is not None:
            for position, finding, placed in stored:
                findings[members[position]], known[members[position]] = finding, placed
            continue
        claims = [entry.claim(claims_file) for claims_file, entry in (audited[i] for i in members)]
        before = [findings[i] for i in members]
        after = shown_rounding(claims, exact_inputs(claims, before, project), project)
        changed = [p for p, (old, new) in enumerate(zip(before, after)) if old is not new]
        for position in changed:
            findings[members[position]] = after[position]
        pending.append((members, changed))
    return findings, known, pending


def keep_exact(store, environment: str, pending: list, audited: list, findings: list, placed: list) -> None:
    """Store each file weighed this run, its changed findings placed; a claim without a key leaves its file unstored."""
    for members, changed in pending:
        document_key = _key(environment, [audited[i] for i in members])
        if document_key is not None:
            store.put(KIND, document_key, [[p, finding_record(findings[members[p]]), finding_record(placed[members[p]])] for p in changed])


def _documents(audited: list) -> list[list[int]]:
    """The indices of each claims file's audited claims, in file order."""
    files: dict = {}
    for index, (claims_file, _) in enumerate(audited):
        files.setdefault(claims_file.path, []).append(index)
    return list(files.values())


def _key(environment: str, members: list) -> str | None:
    identities = [entry.key for _, entry in members]
    return None if None in identities else key(KIND, environment, identities)


def _stored(store, document_key: str | None, size: int) -> list | None:
    record = store.get(KIND, document_key) if document_key is not None else None
    if not isinstance(record, list):
        return None
    try:
        out = [(position, read_finding(finding), read_finding(placed)) for position, finding, placed in record]
    except (Unreadable, TypeError, ValueError):
        return None
    if not all(type(position) is int and 0 <= position < size for position, _, _ in out):
        return None
    return out
