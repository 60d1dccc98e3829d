"""check: recompute every claim and report the verdicts, with the conventions of linters.

``-o FILE``, ``-q``, ``--exit-zero``, ``--select``/``--ignore`` (by verdict),
``--statistics`` and ``--color`` behave as they do in ruff or flake8;
``[tool.auditor]`` in the project's ``pyproject.toml`` supplies defaults for
paths, documents, select, ignore and format. Every input error is printed on
standard error (and carried by the chosen format), and the run still audits
every claim it can; any input error makes the exit status 2.
"""

from __future__ import annotations

from pathlib import Path

from .common import add_claim_arguments, load_project, project_lines
from .options import add_output_arguments, emit, print_problems, report_options, verdict_list


def run_check(args) -> int:
    from auditor.api import check

    project = load_project(args)
    options = report_options(args, project)
    audit = check(args.paths, project, builtin=args.builtin, documents=args.documents).selected(options.select, options.ignore)
    print_problems(audit.problems)
    if args.statistics:
        from auditor.output.human import statistics_lines

        text = "\n".join(statistics_lines(audit.statistics())) + "\n"
    else:
        text = audit.render(options.format, verbose=args.verbose, quiet=args.quiet, color=options.color)
        if args.verbose and options.format == "human":
            text = "\n".join(project_lines(project)) + "\n" + text
    emit(text, args.output)
    return audit.exit_code(args.exit_zero)


def register(sub) -> None:
    from auditor.output import RENDERERS

    check = sub.add_parser("check", help="recompute every claim and report the verdicts")
    add_claim_arguments(check)
    check.add_argument("--format", choices=list(RENDERERS), default=None, help="output format (default: [tool.auditor] format, else human)")
    check.add_argument("--documents", type=Path, default=None, metavar="DIR", help="folder with local copies of documents the claims name only by URL")
    check.add_argument("-v", "--verbose", action="store_true", help="also list claims that hold, and say which project and data folders are in force")
    check.add_argument("--select", type=verdict_list, default=None, metavar="VERDICTS", help="report only these verdicts (comma-separated, e.g. mismatch,stale)")
    check.add_argument("--ignore", type=verdict_list, default=None, metavar="VERDICTS", help="leave out these verdicts (comma-separated)")
    check.add_argument("--statistics", action="store_true", help="print how many claims reached each verdict, instead of the findings")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when a claim fails (input errors still exit 2)")
    add_output_arguments(check)
    check.set_defaults(run=run_check)

