"""``inputs/weights.yaml``: checkpoints weighed from their safetensors headers, for claims to cite.

"A 4-bit 8B checkpoint measures 5.71 bits per parameter" can only be checked
against the bytes a real checkpoint holds. ``auditor models weigh`` reads
them once (over the network) and records them here, pinned to a commit, so
that ``auditor check`` stays offline: a claim writes ``weights: ORG/NAME``
(or ``ORG/NAME@REV``) and the symbol ``measured_weight_bytes`` is bound to
the recorded total, with the file, line and commit as its source.

This module only reads and writes the file; it never imports the Hub client.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import yaml

from auditor.base.errors import InputError, Location
from auditor.base.textio import write_atomic
from auditor.base.resources import display_path
from auditor.base.yamlio import load_yaml

WEIGHTS_FILE = "weights.yaml"
HEADER = "# Checkpoints weighed from their safetensors headers by `auditor models weigh`; claims cite them as weights: ORG/NAME\n"


@dataclass(frozen=True)
class Weighed:
    """One recorded checkpoint: what a claim's ``weights:`` binds, and where it was read."""

    repo_id: str
    revision: str
    commit: str
    total_bytes: int
    where: Location

    def describe(self) -> str:
        return f"{self.repo_id}@{self.commit[:12]}: {self.total_bytes:,} bytes of safetensors ({self.where})"


def find_weighed(ref: str, folders: list[Path], where: Location) -> Weighed:
    """The recorded checkpoint ``ref`` names; a project's own file wins over the built-in one."""
    repo_id, _, revision = ref.strip().partition("@")
    seen: list[str] = []
    for folder in reversed(folders):
        path = folder / WEIGHTS_FILE
        for entry in read_entries(path) if path.is_file() else []:
            seen.append(f"{entry.get('id')}@{str(entry.get('commit'))[:12]}")
            if entry.get("id") == repo_id:
                return _matching(entry, revision, path, where)
    known = ", ".join(seen) or "none"
    raise InputError(where, f"no weighed checkpoint {repo_id!r} in inputs/{WEIGHTS_FILE} (weighed: {known}); "
                            f"record one with: auditor models weigh {ref.strip()}")


def _matching(entry: dict, revision: str, path: Path, where: Location) -> Weighed:
    """The entry, if the revision a claim asks for is the one weighed (the name asked, or its commit)."""
    commit, asked = str(entry.get("commit", "")), str(entry.get("revision", ""))
    if revision and revision != asked and not (len(revision) >= 7 and commit.startswith(revision)):
        raise InputError(where, f"{entry['id']} was weighed at {asked!r} (commit {commit[:12]}), not {revision!r}; "
                                f"weigh it again with: auditor models weigh {entry['id']}@{revision}")
    total = entry.get("total_bytes")
    at = Location(display_path(path), entry.line_of("total_bytes") if hasattr(entry, "line_of") else None)
    if isinstance(total, bool) or not isinstance(total, int) or total <= 0:
        raise InputError(at, f"{entry['id']}: total_bytes must be a positive integer, got {total!r}")
    return Weighed(str(entry["id"]), asked, commit, total, at)


def read_entries(path: Path) -> list[dict]:
    """The entries of a weights.yaml, checked for shape; each keeps its line numbers."""
    data = load_yaml(path) or {}
    entries = data.get("weights") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(isinstance(item, dict) and "id" in item for item in entries):
        raise InputError(Location(display_path(path)), "expected a mapping with a list of entries (each with an 'id') under 'weights'")
    return entries


def weights_entry(report, revision: str | None, endpoint: str, parameters: int | None, parameters_source: str) -> dict:
    """What ``auditor models weigh`` records for one ``auditor.inputs.hub.WeightReport``."""
    entry = {
        "id": report.repo_id,
        "revision": revision or "main",
        "commit": report.commit,
        "source": f"{endpoint.rstrip('/')}/{report.repo_id}/tree/{report.commit}",
        "weighed": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "files": list(report.files),
        "dtypes": {name: {"bytes": w.bytes, "elements": w.parameters} for name, w in report.dtypes.items()},
        "total_bytes": report.total_bytes,
        "stored_elements": report.total_parameters,
        "bits_per_stored_element": decimal_text(report.bits_per_parameter),
    }
    if parameters:
        entry |= {"parameters": parameters, "parameters_source": parameters_source,
                  "bits_per_parameter": decimal_text(report.bits_per(parameters))}
    return entry


def decimal_text(value: Fraction, places: int = 4) -> str:
    """An exact ratio as a short decimal string (a string, so YAML keeps its digits)."""
    return str(round(Decimal(value.numerator) / Decimal(value.denominator), places))


def record_weighed(path: Path, entry: dict) -> None:
    """Add or replace ``entry`` (by id) in ``path``, written atomically: readers see the old file or the new."""
    others = [dict(item) for item in read_entries(path)] if path.is_file() else []
    entries = sorted([item for item in others if item.get("id") != entry["id"]] + [entry], key=lambda e: str(e["id"]))
    text = HEADER + yaml.safe_dump({"weights": entries}, sort_keys=False, allow_unicode=True)
    write_atomic(path, text, parents=True)
