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
from auditor.base.quantity import Stated, parse_stated, with_unit
from auditor.base.resources import display_path
from auditor.base.textio import is_dir, is_file
from auditor.base.yamlio import Located, load_yaml, load_yaml_text, located

from .verdicts import Verdict

CLAIM_KEYS = {"id", "quote", "section", "formula", "arithmetic", "given", "stated", "unit", "expect", "label", "note", "fact", "source", "property"}
DOCUMENT_KEYS = {"title", "path", "url", "copy", "author", "published", "note", "corpus"}
ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


@dataclass(frozen=True)
class Expectation:
    verdict: Verdict
    cause: tuple[str, ...] = ()
    reason: str = ""


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
    claims, problems = [], []
    for index, entry in enumerate(entries):
        try:
            claims.append(_claim(entry, shown, document, _item_line(entries, index)))
        except InputError as exc:
            problems.append(exc)
    return ClaimFile(path, document, claims, problems)


STDIN = Path("-")
"""The path that stands for standard input, as linters take it."""


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


def claim_files(paths: list[Path], problems: list | None = None) -> list[Path]:
    """Expand folders to their YAML files, in a stable order; a path that is not there is a problem.

    With a ``problems`` list, each such path is appended to it and the rest
    still expanded; without one, the first is raised.
    """
    found: list[Path] = []
    for path in paths:
        if path == STDIN:
            found.append(path)
        elif is_dir(path):
            found.extend(sorted(p for p in path.rglob("*.yaml") if is_file(p)))
        elif is_file(path):
            found.append(path)
        elif problems is None:
            raise InputError(Location(str(path)), "no such file or folder")
        else:
            problems.append(InputError(Location(str(path)), "no such file or folder"))
    return found
