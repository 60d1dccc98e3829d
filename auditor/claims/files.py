"""Reading claim files: each published number, where it is, and what to recompute.

A claim file names its document and lists claims; each claim quotes the
number's surroundings, names a formula, gives the inputs the document fixes,
states the number as printed, and may record ``expect:`` (what the auditor is
known to conclude about a number that is wrong in someone else's document).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from auditor.base.errors import InputError, Location, QuantityError, UnitError
from auditor.base.errors import shown as shown_value
from auditor.base.limits import limit, over
from auditor.base.quantity import Stated, parse_stated, with_unit
from auditor.base.resources import display_path
from auditor.base.yamlio import Located, load_yaml, load_yaml_text, located

from .paths import STDIN, claim_files
from .verdicts import Expectation, Verdict

__all__ = ["Claim", "ClaimFile", "Expectation", "claim_files", "load_claim_file"]

CLAIM_KEYS = {"id", "quote", "section", "formula", "arithmetic", "given", "stated", "unit", "expect", "label", "note", "fact", "source", "property"}
DOCUMENT_KEYS = {"title", "path", "url", "copy", "author", "published", "note", "corpus"}
ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


@dataclass(frozen=True)
class Claim:
    id: str
    quote: str
    location: Location
    formula: str | None
    stated: Stated | None
    given: Located = field(default_factory=Located)
    section: str = ""
    expect: Expectation | None = None
    note: str = ""
    document: dict = field(default_factory=dict)
    fact: str | None = None
    property: Located | None = None
    arithmetic: str | None = None
    problem: str = ""  # why the claim cannot be read ("file:line: unknown unit ..."); the claim is invalid
    label: Expectation | None = None  # a hand label that differs from what the auditor concludes (the corpus keeps both)

    def at(self, key: str) -> Location:
        return Location(self.location.path, self.given.line_of(key) if key in self.given else self.location.line)


@dataclass(frozen=True)
class ClaimFile:
    path: Path
    document: dict
    claims: list[Claim]
    problems: list[InputError] = field(default_factory=list)
    """Claims that could not be read, each a located error; the others are in ``claims``."""


def load_claim_file(path: Path) -> ClaimFile:
    """A claims file whose every claim reads; the first problem is raised."""
    claim_file = read_claim_file(path)
    if claim_file.problems:
        raise claim_file.problems[0]
    return claim_file


def read_claim_file(path: Path) -> ClaimFile:
    """A claims file, its unreadable claims collected as problems rather than stopping at the first.

    A problem with the file as a whole (not YAML, not a mapping) is raised:
    no claim of it can be trusted.
    """
    raw = read_raw_claim_file(path)
    claims, problems = [], []
    for index, entry in enumerate(raw.entries):
        try:
            claims.append(raw.claim(entry, index))
        except InputError as exc:
            problems.append(exc)
    return ClaimFile(path, raw.document, claims, problems)


@dataclass(frozen=True)
class RawClaimFile:
    """A claims file read and checked for shape, its claims still YAML mappings (the cache keys them as such)."""

    path: Path
    shown: str
    document: Located
    entries: list

    def claim(self, entry, index: int | None = None) -> Claim:
        """One entry as a checked ``Claim`` (a located ``InputError`` if it is not one, at its item's line)."""
        return _claim(entry, self.shown, self.document, None if index is None else _item_line(self.entries, index))


def read_raw_claim_file(path: Path) -> RawClaimFile:
    """The file's ``document:`` and its claims as mappings; a problem with the file as a whole is raised."""
    shown, data = _read(path)
    if not isinstance(data, dict):
        raise InputError(Location(shown, 1), "a claims file must be a mapping with 'document' and 'claims'")
    for key in data:
        if key not in ("document", "claims"):
            raise InputError(Location(shown, data.line_of(key)), f"unknown key {key!r} (expected 'document' and 'claims')")
    document = data.get("document") or Located()
    if not isinstance(document, dict):
        raise InputError(Location(shown, data.line_of("document")), "'document' must be a mapping")
    _check_keys(document, DOCUMENT_KEYS, "document", shown)
    entries = data.get("claims")
    if not isinstance(entries, list):
        raise InputError(Location(shown, data.line_of("claims") if "claims" in data else 1), "'claims' must be a list")
    if len(entries) > limit("claims_per_file"):
        raise over("claims_per_file", Location(shown, data.line_of("claims")), f"a file of {len(entries):,} claims")
    return RawClaimFile(path, shown, document, entries)


def _read(path: Path):
    if path == STDIN:
        from auditor.base.limits import limit, over

        text = sys.stdin.read(int(limit("file_bytes")) + 1)
        if len(text) > limit("file_bytes"):
            raise over("file_bytes", Location("<stdin>"), "standard input is longer")
        return "<stdin>", load_yaml_text(text, "<stdin>")
    return display_path(path), load_yaml(path)


def claim_from_mapping(fields: dict, where: str = "<code>", document: dict | None = None) -> Claim:
    """A claim built in code from the keys a claims file would hold, checked the same way."""
    return _claim(located(dict(fields)), where, located(dict(document or {})))


def _check_keys(node: Located, allowed: set, what: str, shown: str) -> None:
    for key in node:
        if key not in allowed:
            raise InputError(Location(shown, node.line_of(key)), f"unknown key {key!r} in {what} (expected one of: {', '.join(sorted(allowed))})")


def _item_line(entries: list, index: int) -> int | None:
    line_at = getattr(entries, "line_at", None)
    return line_at(index) if line_at else None


def _claim(entry, shown: str, document, line: int | None = None) -> Claim:
    if not isinstance(entry, dict):
        raise InputError(Location(shown, line), f"each claim must be a mapping, got {shown_value(entry)}")
    where = Location(shown, entry.line)
    _check_keys(entry, CLAIM_KEYS, "a claim", shown)
    claim_id = _required_text(entry, "id", shown)
    if not ID.match(claim_id):
        raise InputError(Location(shown, entry.line_of("id")), f"claim id {claim_id!r} must be lowercase letters, digits, '.', '_' or '-'")
    if not {"formula", "fact", "arithmetic"} & set(entry):
        raise InputError(where, f"claim {claim_id!r} needs 'formula', 'arithmetic' (a printed sum) or 'fact' (a number recorded, not recomputed)")
    if "arithmetic" in entry and ("formula" in entry or "property" in entry):
        raise InputError(Location(shown, entry.line_of("arithmetic")), f"claim {claim_id!r}: 'arithmetic' is checked on its own, without 'formula' or 'property'")
    prop = entry.get("property")
    if prop is not None and not isinstance(prop, dict):
        raise InputError(Location(shown, entry.line_of("property")), f"claim {claim_id!r}: 'property' must be a mapping")
    given = entry.get("given") or Located()
    if not isinstance(given, dict):
        raise InputError(Location(shown, entry.line_of("given")), f"claim {claim_id!r}: 'given' must be a mapping")
    stated, problem = (None, "") if prop is not None and "stated" not in entry else _stated(entry, shown, claim_id)
    return Claim(
        id=claim_id,
        quote=_required_text(entry, "quote", shown),
        location=where,
        formula=_optional_text(entry, "formula", shown),
        stated=stated,
        problem=problem,
        given=given,
        section=_optional_text(entry, "section", shown) or "",
        expect=_expectation(entry, shown, claim_id),
        label=_expectation(entry, shown, claim_id, "label"),
        note=_optional_text(entry, "note", shown) or "",
        document=dict(document),
        fact=_optional_text(entry, "fact", shown),
        property=prop,
        arithmetic=_optional_text(entry, "arithmetic", shown),
    )


def _required_text(entry: Located, key: str, shown: str) -> str:
    value = entry.get(key)
    if not isinstance(value, (str, int)) or isinstance(value, bool) or value == "":
        raise InputError(Location(shown, entry.line_of(key) if key in entry else entry.line), f"a claim needs {key!r} as text")
    return str(value)


def _optional_text(entry: Located, key: str, shown: str) -> str | None:
    if key not in entry or entry[key] is None:
        return None
    return _required_text(entry, key, shown)


def _stated(entry: Located, shown: str, claim_id: str) -> tuple[Stated | None, str]:
    """The stated quantity; a unit the registry does not know makes the claim invalid, not the run."""
    if "stated" not in entry:
        raise InputError(Location(shown, entry.line), f"claim {claim_id!r} needs 'stated', the number as printed")
    try:
        stated = parse_stated(entry["stated"])
        if "unit" in entry:
            stated = with_unit(stated, str(entry["unit"]))
        return stated, ""
    except UnitError as exc:
        return None, f"{Location(shown, entry.line_of('stated'))}: claim {claim_id!r}: {exc}"
    except QuantityError as exc:
        raise InputError(Location(shown, entry.line_of("stated")), f"claim {claim_id!r}: {exc}") from None


def _expectation(entry: Located, shown: str, claim_id: str, key: str = "expect") -> Expectation | None:
    node = entry.get(key)
    if node is None:
        return None
    at = Location(shown, entry.line_of(key))
    if not isinstance(node, dict) or "verdict" not in node:
        raise InputError(at, f"claim {claim_id!r}: {key!r} must be a mapping with 'verdict'")
    try:
        verdict = Verdict(node["verdict"])
    except ValueError:
        known = ", ".join(v.value for v in Verdict)
        raise InputError(at, f"claim {claim_id!r}: unknown verdict {shown_value(node['verdict'])} (known: {known})") from None
    cause = node.get("cause") or []
    if isinstance(cause, str):
        cause = [cause]
    if not isinstance(cause, list) or not all(isinstance(c, str) for c in cause):
        raise InputError(at, f"claim {claim_id!r}: {key}.cause must be a list of hypothesis names")
    return Expectation(verdict, tuple(cause), str(node.get("reason") or ""))

