"""update: recompute every claim and rewrite the numbers that changed, in claims files and documents."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_FAIL, EXIT_OK, EXIT_USAGE, add_claim_arguments, load_project, plural
from .options import print_problems


def run_update(args) -> int:
    from auditor.api import plan_update
    from auditor.documents.rewrite import atomic_write_all, unified_diff

    project = load_project(args)
    plan = plan_update(args.paths, project, builtin=args.builtin, documents=args.documents)
    changed = plan.changed()
    for path, old, new in changed:
        sys.stdout.write(unified_diff(path, old, new))
    for note in plan.notes:
        print(note, file=sys.stderr)
    if plan.problems:
        print_problems(plan.problems)
        print(f"update: nothing written: {plural(len(plan.problems), 'input error')}", file=sys.stderr)
        return EXIT_USAGE
    count = sum(len({(e.start, e.end) for e in plan.edits[path]}) for path, _, _ in changed)
    if args.check:
        verdict = f"{plural(count, 'edit')} in {plural(len(changed), 'file')} would change"
        print(verdict if changed else "update --check: every published number is current", file=sys.stderr)
        return EXIT_FAIL if changed else EXIT_OK
    atomic_write_all([(path, new, old) for path, old, new in changed], project.root)
    print(f"update: {plural(count, 'edit')} made in {plural(len(changed), 'file')}", file=sys.stderr)
    return EXIT_OK


def register(sub) -> None:
    update = sub.add_parser("update", help="recompute every claim and rewrite the numbers that changed, in claims files and documents")
    add_claim_arguments(update, "claim files or folders")
    update.add_argument("--check", action="store_true", help="change nothing; exit 1 if any number would change")
    update.add_argument("--documents", type=Path, default=None, metavar="DIR", help="folder with local copies of documents named only by URL")
    update.set_defaults(run=run_update)
