"""One fuzz case: the files of a throwaway project and the command run in it.

Paths are relative to the project folder; a path starting with ``../`` lies
outside it (a document a hostile claims file points at), and must be
exactly as it was after the run. ``links`` are symlinks to create. Cases
travel between processes as JSON lines, file contents base64-encoded, since
a hostile file need not be UTF-8.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field


@dataclass
class Case:
    kind: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        files = {path: base64.b64encode(data).decode("ascii") for path, data in self.files.items()}
        return json.dumps({"kind": self.kind, "argv": self.argv, "files": files, "links": self.links})

    @classmethod
    def from_json(cls, text: str) -> Case:
        data = json.loads(text)
        files = {path: base64.b64decode(blob) for path, blob in data["files"].items()}
        return cls(data["kind"], list(data["argv"]), files, dict(data.get("links") or {}))

    @property
    def command(self) -> str:
        """The subcommand, for the summary: ``check``, ``update --check``, ``models show``..."""
        words = [w for w in self.argv if not w.startswith("-") or w == "--check"]
        if words[:1] == ["models"]:
            return " ".join(words[:2])
        return words[0] + (" --check" if "--check" in self.argv else "")
