"""The ``auditor`` command: check, explain, formulas (and more as they land).

Exit codes (DESIGN decision 7): 0 every claim passes, 1 any does not,
2 unusable input or usage. Bad input is one located line on stderr, never a
traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from auditor.base.errors import AuditorError, InputError

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    import shtab

    from auditor import __version__
    from auditor.commands import register_all

    parser = _Parser(prog="auditor", description="Recompute published LLM-inference numbers and explain the wrong ones.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--project", type=Path, default=None, help="project folder with its own claims/, formulas/, inputs/ (default: the nearest folder above holding claims/ or [tool.auditor])")
    shtab.add_argument_to(parser, ["--print-completion"], help="print a shell completion script (bash, zsh or tcsh) and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    register_all(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return args.run(args)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except AuditorError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
