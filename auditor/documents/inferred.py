"""Unstated inputs inferred across a file's claims, through the cache.

Inference depends on several claims at once (``audit.inference``), so its
outcome is stored per group of claims (one file's claims that leave the same
single input unstated) under the keys of all its members: a run whose
members are unchanged reads each member's inferred finding, already placed
in its document, instead of searching again.
"""

from __future__ import annotations

from auditor.audit.stored import Unreadable, finding_record, read_finding
from auditor.base.stamps import key
from auditor.claims.verdicts import Verdict


def inferred(audited: list, project, store, environment: str) -> tuple[list, dict, list]:
    """(the findings with inferred inputs, index -> its placed finding where the cache knew it, groups to store once placed)."""
    findings = [entry.finding for _, entry in audited]
    known, pending = {}, []
    for symbol, members in _groups(findings):
        group_key = _group_key(environment, symbol, [audited[i] for i in members])
        stored = _stored(store, group_key, len(members))
        if stored is not None:
            for index, (finding, placed) in zip(members, stored):
                findings[index], known[index] = finding, placed
            continue
        from auditor.audit.inference import infer_unstated

        claims = [entry.claim(claims_file) for claims_file, entry in (audited[i] for i in members)]
        for index, finding in zip(members, infer_unstated(claims, [findings[i] for i in members], project)):
            findings[index] = finding
        pending.append((symbol, members))
    return findings, known, pending


def keep_groups(store, environment: str, pending: list, audited: list, findings: list, placed: list) -> None:
    """Store each group inferred this run, with its members placed; a member without a key leaves its group unstored."""
    for symbol, members in pending:
        group_key = _group_key(environment, symbol, [audited[i] for i in members])
        if group_key is not None:
            store.put("inferred", group_key, [[finding_record(findings[i]), finding_record(placed[i])] for i in members])


def _groups(findings: list) -> list[tuple[str, list[int]]]:
    """(symbol, indices) for each input two or more claims of one file leave as their only missing one."""
    groups: dict = {}
    for index, finding in enumerate(findings):
        if finding.verdict == Verdict.UNDERDETERMINED and len(finding.missing) == 1:
            groups.setdefault((finding.location.path, finding.missing[0]), []).append(index)
    return [(symbol, members) for (_, symbol), members in groups.items() if len(members) > 1]


def _group_key(environment: str, symbol: str, members: list) -> str | None:
    identities = [entry.key for _, entry in members]  # each claim's own key, kept in its file's pack too
    return None if None in identities else key("inferred", environment, symbol, identities)


def _stored(store, group_key: str | None, size: int) -> list | None:
    record = store.get("inferred", group_key) if group_key is not None else None
    if not isinstance(record, list) or len(record) != size:
        return None
    try:
        return [(read_finding(inferred), read_finding(placed)) for inferred, placed in record]
    except (Unreadable, TypeError, ValueError):
        return None
