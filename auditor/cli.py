"""The ``auditor`` command: check, explain, formulas (and more as they land).

Exit codes (DESIGN decision 7): 0 every claim passes, 1 any does not,
2 unusable input or usage. Bad input is one located line on stderr, never a
traceback. A plain ``check`` whose inputs are all unchanged is answered from
the cache before argparse and the engine are imported (``commands.replay``).
"""

from __future__ import annotations

import sys

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


COMPLETION = "--print-completion"
SHELLS = ("bash", "zsh", "tcsh")


def build_parser(completion: bool = True):
    """The command line's parser; without ``completion`` the completion option is declared but shtab not loaded.

    shtab (and the package metadata it reads) costs a tenth of a short run,
    so ``main`` loads it only when the command line asks for a completion script.
    """
    import argparse
    from pathlib import Path

    from auditor import __version__
    from auditor.commands import register_all

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str):
            self.print_usage(sys.stderr)
            self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    parser = _Parser(prog="auditor", description="Recompute published LLM-inference numbers and explain the wrong ones.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--project", type=Path, default=None, help="project folder with its own claims/, formulas/, inputs/ (default: the nearest folder above holding claims/ or [tool.auditor])")
    help_text = "print a shell completion script (bash, zsh or tcsh) and exit"
    if completion:
        import shtab

        shtab.add_argument_to(parser, [COMPLETION], help=help_text)
    else:
        parser.add_argument(COMPLETION, choices=SHELLS, help=help_text)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    register_all(sub)
    return parser


def run() -> None:
    """The console script: ``main``, then an exit that does not tear the interpreter down.

    A cold check ends with a large heap (the catalogue, every claim and its
    finding); freeing it object by object and clearing every module costs a
    twentieth of the run, for a process that is ending anyway. Everything a
    run writes is written and closed before ``main`` returns; here standard
    output and error are flushed and the exit handlers run, and then the
    process exits with ``main``'s status.

    The cyclic garbage collector is off for the command: nearly every object
    a run makes (claims, findings, the catalogue) lives until the end, so
    each collection scanned a growing heap to free next to nothing: a tenth
    of a cold check's time, and 0.45 s of a 10,000-claim check, whose peak
    memory is the same without it. Reference counting still frees
    everything that is not a cycle. ``main`` called from Python (tests, the
    API's users) leaves the collector as it found it.

    numpy's OpenBLAS starts a thread per core when it is imported, and those
    threads spin for a while: 45 ms of CPU taken from a shared machine, by a
    run that does no linear algebra (its arrays are worked element by
    element). The console script asks for one BLAS thread unless its user
    has chosen a number; ``main`` called from Python leaves its host's
    setting alone.
    """
    import atexit
    import gc
    import os

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # see the docstring: no BLAS threads spinning for nothing
    gc.disable()  # see the docstring: a command's objects live until it ends, and none of them are garbage cycles worth finding
    try:
        code = main()
    except SystemExit as exc:  # argparse's --help, --version and usage errors, their message already printed
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, OSError, ValueError):  # a reader that stopped early, or a closed stream
            pass
    atexit._run_exitfuncs()
    os._exit(code if isinstance(code, int) else 1)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    replayed = _replayed(argv)
    if replayed is not None:
        return replayed
    from auditor.base.errors import AuditorError, InputError

    parser = build_parser(completion=any(a.startswith(COMPLETION) for a in argv))
    try:
        args = parser.parse_args(argv)
    except BrokenPipeError:  # help or a completion script piped into a reader that stopped early
        return EXIT_OK
    args.command_line = argv  # what a stored run is keyed by (``commands.replay``)
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
    finally:
        _written()


def _written() -> None:
    """The cache entries the command stored are on disk when it returns (they are written by a thread: ``base.cache``)."""
    cache = sys.modules.get("auditor.base.cache")
    if cache is not None:
        cache.flush()


def _replayed(argv: list[str]) -> int | None:
    from auditor import __version__
    from auditor.commands.replay import replayed

    try:
        return replayed(argv, __version__)
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
