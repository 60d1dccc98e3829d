"""One case, run in-process in a fresh project folder, and classified.

Outcomes: ``clean`` (exit 0 or 1), ``usage`` (exit 2 from the argument
parser, for a command line a case made unusable), ``located`` (exit 2, every error line
``error: FILE:LINE: ...``, or ``error: PATH: ...`` for a whole file or
folder that exists or that the command line named),
``unlocated`` (exit 2 otherwise), ``traceback`` (an exception escaped
``main``), ``over-memory`` (``MemoryError`` under the address-space cap, or
past the memory bound), ``escaped`` (a file outside the project changed, a
temporary file was left behind, or a payload executed). ``over-time`` and
``crash`` are decided by the worker, which watches the child from outside.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import traceback
from pathlib import Path

from fuzz_case import Case
from fuzz_values import MARKER

ERROR_LINE = re.compile(r"^error: (?P<path>[^\n]+?)(?::(?P<line>\d+))?: ")


def memoize_catalogue() -> None:
    """Load each catalogue once per distinct set of file contents (the same bytes give the same catalogue).

    The built-in catalogue costs most of a second to load, and almost every
    case uses it unchanged; a case with its own ``formulas/`` has other bytes
    and loads for real.
    """
    from auditor.catalogue import load

    original, memo = load.load_catalogue, {}

    def load_catalogue(dirs, base=None):
        key = (base is None, *((str(p), p.read_bytes()) for folder in dirs for p in sorted(Path(folder).glob("*.yaml"))))
        if key not in memo:
            memo[key] = original(dirs, base)
        return memo[key]

    load.load_catalogue = load_catalogue
    import auditor.audit.project as project

    project.load_catalogue = load_catalogue
    from auditor.catalogue import reader

    _memoize_files(reader)


def _memoize_files(reader) -> None:
    """Read each catalogue file once per distinct content: a case's own formulas file is new, the built-in ones are not."""
    original, memo = reader.read_catalogue_file, {}

    def read_catalogue_file(path, layer=0):
        try:
            key = (str(path), layer, path.read_bytes())
        except OSError:
            return original(path, layer)
        if key not in memo:
            memo[key] = original(path, layer)
        return memo[key]

    reader.read_catalogue_file = read_catalogue_file


def write_project(case: Case, base: Path) -> tuple[Path, dict[Path, str]]:
    project = base / "project"
    project.mkdir(parents=True)
    outside: dict[Path, str] = {}
    for relative, data in case.files.items():
        path = (project / relative).resolve() if relative.startswith("../") else project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        if relative.startswith("../"):
            outside[path] = hashlib.sha256(data).hexdigest()
    for relative, target in case.links.items():
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, project / relative)
    return project, outside


def run_case(case: Case, base: Path) -> dict:
    from auditor.cli import main

    project, outside = write_project(case, base)
    before = set(os.listdir(base))
    os.chdir(project)
    out, err = io.StringIO(), io.StringIO()
    report: dict = {}
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(case.argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    except MemoryError:
        return {"outcome": "over-memory", "detail": "MemoryError under the address-space cap"}
    except BaseException as exc:  # noqa: BLE001 - this is what the harness is looking for
        return {"outcome": "traceback", "detail": f"{type(exc).__name__}: {str(exc)[:200]}", "place": _place(exc)}
    report.update(code=code, stderr=err.getvalue()[-600:])
    escaped = _escaped(base, project, outside, before)
    report["outcome"] = "escaped" if escaped else _classify(code, err.getvalue(), case.argv)
    if escaped:
        report["detail"] = escaped
    return report


def _classify(code: int, stderr: str, argv: list[str]) -> str:
    if code in (0, 1):
        return "clean"
    if code == 2 and re.search(r"^auditor[\w ]*: error: ", stderr, re.MULTILINE):
        return "usage"  # argparse refusing the command line itself (an id that starts with '-')
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    if not errors:
        return "unlocated"
    return "located" if all(_located(line, argv) for line in errors) else "unlocated"


def _located(line: str, argv: list[str]) -> bool:
    """``FILE:LINE:``, or a whole file or folder that exists or that the command line named."""
    match = ERROR_LINE.match(line)
    if match is None:
        return False
    return match["line"] is not None or match["path"] in argv or Path(match["path"]).exists()


def _escaped(base: Path, project: Path, outside: dict[Path, str], before: set) -> str:
    for path, digest in outside.items():
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return f"{path.name} outside the project was changed"
    if set(os.listdir(base)) != before:
        return f"new files outside the project: {sorted(set(os.listdir(base)) - before)}"
    leftovers = [str(p.relative_to(project)) for p in project.rglob("*") if ".auditor-tmp" in p.name or p.name.endswith(".auditor-journal")]
    if leftovers:
        return f"temporary files left: {leftovers[:3]}"
    if any(p.name == MARKER for p in base.rglob(MARKER)):
        return "a payload executed"
    return ""


def _place(exc: BaseException) -> str:
    """Where an escaped exception was raised: the deepest frame inside ``auditor/``, else the deepest of all."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if f"{os.sep}auditor{os.sep}" in f.filename]
    frame = (ours or frames or [None])[-1]
    if frame is None:
        return type(exc).__name__
    filename = frame.filename.split(f"{os.sep}auditor{os.sep}")[-1] if ours else Path(frame.filename).name
    return f"{type(exc).__name__} at {filename}:{frame.lineno} in {frame.name}"
