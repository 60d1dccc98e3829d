"""Options that report-making commands share: output file, quiet, colour, verdict filters, settings.

A command-line flag wins over ``[tool.auditor]``, which wins over the
built-in default, as in every linter that reads ``pyproject.toml``.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from auditor.claims.verdicts import Verdict

COLOR_CHOICES = ("auto", "always", "never")


@dataclass(frozen=True)
class ReportOptions:
    format: str
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    color: bool


def verdict_list(text: str) -> tuple[str, ...]:
    """``mismatch,stale`` as verdict names, each one known."""
    names = tuple(part.strip() for part in text.split(",") if part.strip())
    known = {v.value for v in Verdict}
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown verdict {', '.join(map(repr, unknown)) or repr(text)} (known: {', '.join(v.value for v in Verdict)})")
    return names


def add_output_arguments(parser) -> None:
    parser.add_argument("-o", "--output", type=Path, default=None, metavar="FILE", help="write the report to FILE (atomically) instead of standard output")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only failing claims: no summary line")
    parser.add_argument("--color", choices=COLOR_CHOICES, default="auto", help="colour the verdicts (auto: on a terminal, unless NO_COLOR is set)")


def report_options(args, project) -> ReportOptions:
    """The flags, with ``[tool.auditor]`` filling what the command line left unsaid."""
    from auditor.base.errors import InputError, Location
    from auditor.output import RENDERERS

    settings = project.settings
    chosen = args.format or settings.format or "human"
    if chosen not in RENDERERS:
        raise InputError(Location(settings.source or "pyproject.toml"), f"[tool.auditor] format {chosen!r} is not one of: {', '.join(RENDERERS)}")
    if args.documents is None and project.documents is not None:
        args.documents = project.documents
    select = args.select if args.select is not None else settings.select
    ignore = args.ignore if args.ignore is not None else settings.ignore
    return ReportOptions(chosen, tuple(select), tuple(ignore), use_color(args.color, args.output))


def use_color(choice: str, output: Path | None) -> bool:
    """``always`` and ``never`` as said; ``auto`` only on a terminal, and never with NO_COLOR set (no-color.org)."""
    if choice != "auto":
        return choice == "always"
    return output is None and not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def print_problems(problems) -> None:
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)


def emit(text: str, output: Path | None) -> None:
    """Standard output, or ``output`` replaced whole: written beside it, then renamed."""
    if output is None:
        sys.stdout.write(text)
        return
    from auditor.base.errors import InputError, Location

    from auditor.base.textio import write_atomic

    try:
        write_atomic(output.resolve(), text)
    except OSError as exc:
        raise InputError(Location(str(output)), f"cannot write the report here: {exc.strerror}") from None
