"""What every subcommand shares: exit codes, the project in force, the claims to read."""

from __future__ import annotations

from pathlib import Path

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def project_root(args) -> Path:
    """The folder a command writes into (``models pull``): ``--project``, the project found, else here."""
    return load_project(args).root


def load_project(args):
    """``--project DIR`` exactly, else the project the working directory is in (cached on ``args``); a half-done update in it is finished first."""
    if getattr(args, "_project", None) is None:
        from auditor.api import open_project

        cache = not getattr(args, "no_cache", True)
        args._project = open_project(args.project, cache=cache) if args.project else open_project(cache=cache)
        _recover(args._project.root)
        args._project.check_catalogue()
    return args._project


def _recover(root: Path) -> None:
    """An update a killed run left half done is finished (or undone) before anything reads its files."""
    import sys

    from auditor.documents.transaction import recover

    note = recover(root)
    if note:
        print(note, file=sys.stderr)


def project_lines(project) -> list[str]:
    """``-v``: which root and which data folders are in force (the head of the human report)."""
    how = "found" if project.found else "none found; the working directory stands in"
    lines = [f"project root: {project.root} ({how})"]
    if project.settings.source:
        lines.append(f"settings: [tool.auditor] in {project.settings.source}")
    return lines + [f"{folder}: {', '.join(places)}" for folder, places in project.data_folders().items()]


def claim_paths(args, project) -> list[Path]:
    """The paths given, else ``[tool.auditor] paths``, the project's ``claims/``, or with ``--builtin`` the shipped claims."""
    from auditor.api import claim_paths as resolve_paths

    return resolve_paths(project, args.paths, getattr(args, "builtin", False))


def add_cache_option(parser) -> None:
    """``--no-cache``: recompute everything, reading and writing no cache entry."""
    parser.add_argument("--no-cache", action="store_true", help="recompute every claim; neither read nor write the project's .auditor_cache")


def add_claim_arguments(parser, what: str = "claim files or folders") -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help=f"{what} (default: the project's claims/; '-' reads standard input)")
    parser.add_argument("--builtin", action="store_true", help="audit the claims shipped with the auditor instead of a project's own")


def find_claim(args):
    """The project and the claim ``args.claim_id`` names, in ``args.paths`` or the default claims."""
    from auditor.api import find_claim as find

    project = load_project(args)
    return project, find(args.claim_id, args.paths, project, getattr(args, "builtin", False))


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"
