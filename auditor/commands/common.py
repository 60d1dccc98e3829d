"""What every subcommand shares: exit codes, the project in force, the claims to read."""

from __future__ import annotations

from pathlib import Path

from auditor.base.resources import builtin

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def project_root(args) -> Path:
    return (args.project or Path.cwd()).resolve()


def default_claim_paths(root: Path) -> list[Path]:
    """A project's own ``claims/`` when present, else the shipped claims."""
    own = root / "claims"
    return [own] if own.is_dir() else [builtin("claims")]


def load_project(args):
    """The project in force; an update a killed run left half done is finished (or undone) first."""
    import sys

    from auditor.audit.project import Project
    from auditor.documents.transaction import recover

    root = project_root(args)
    note = recover(root)
    if note:
        print(note, file=sys.stderr)
    return Project.load(root)


def find_claim(args):
    """The project and the claim ``args.claim_id`` names, in ``args.paths`` or the default claims."""
    from auditor.base.errors import InputError, Location
    from auditor.claims.files import claim_files, load_claim_file

    project = load_project(args)
    paths = args.paths or default_claim_paths(project.root)
    for path in claim_files(paths):
        for claim in load_claim_file(path).claims:
            if claim.id == args.claim_id:
                return project, claim
    raise InputError(Location(", ".join(str(p) for p in paths)), f"no claim with id {args.claim_id!r}")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"
