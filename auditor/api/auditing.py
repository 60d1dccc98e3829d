"""Auditing from code: claim files or claims built in code, and the result as one object.

An ``Audit`` holds the findings and every input problem of one run, and
knows the three things a caller asks of it: did it pass (the exit status),
which verdicts did it reach (statistics), and how does it read (any of the
output formats, or a notebook's HTML and Markdown).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from auditor.audit.findings import Finding
from auditor.audit.project import Project
from auditor.base.errors import InputError
from auditor.claims.files import Claim, claim_from_mapping

from .project import claim_paths, open_project

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


@dataclass
class Audit:
    """The findings of one run, and the input problems it collected instead of stopping."""

    findings: list[Finding]
    problems: list[InputError] = field(default_factory=list)
    project: Project | None = None

    @property
    def passed(self) -> bool:
        return not self.problems and all(f.passed for f in self.findings)

    def exit_code(self, exit_zero: bool = False) -> int:
        """0 every claim passes, 1 some claim does not (0 with ``exit_zero``), 2 any input problem."""
        if self.problems:
            return EXIT_USAGE
        return EXIT_OK if exit_zero or all(f.passed for f in self.findings) else EXIT_FAIL

    def selected(self, select=(), ignore=()) -> "Audit":
        """Only the findings whose verdict is in ``select`` (all when empty) and not in ``ignore``."""
        keep = [f for f in self.findings if (not select or f.verdict.value in select) and f.verdict.value not in ignore]
        return replace(self, findings=keep)

    def statistics(self) -> dict[str, tuple[int, int]]:
        """verdict -> (findings, of which failing), in the verdicts' declared order."""
        from auditor.claims.verdicts import Verdict

        total = Counter(f.verdict.value for f in self.findings)
        failing = Counter(f.verdict.value for f in self.findings if not f.passed)
        return {v.value: (total[v.value], failing[v.value]) for v in Verdict if total[v.value]}

    def render(self, format: str = "human", verbose: bool = False, quiet: bool = False, color: bool = False) -> str:
        """The findings in one of the output formats (``auditor check --format``)."""
        from auditor.output import render

        return render(format, self.findings, problems=self.problems, project=self.project, verbose=verbose, quiet=quiet, color=color)

    def _repr_markdown_(self) -> str:
        return self.render("markdown", verbose=True)

    def _repr_html_(self) -> str:
        from auditor.output.report import html_fragment

        return html_fragment(self.findings, self.problems)

    def __repr__(self) -> str:
        counts = ", ".join(f"{n} {verdict}" for verdict, (n, _) in self.statistics().items()) or "no findings"
        return f"<Audit of {len(self.findings)} claims: {counts}; {len(self.problems)} input problems>"


def check(paths=None, project: Project | None = None, *, builtin: bool = False, documents=None) -> Audit:
    """Audit the claim files under ``paths`` (default: the project's own, or the shipped ones with ``builtin``)."""
    from auditor.documents.locate import audit_run

    project = project or open_project()
    if documents is not None:
        project.documents = Path(documents)
    try:
        paths = claim_paths(project, paths, builtin)
    except InputError as exc:
        return Audit([], [exc], project)
    run = audit_run(paths, project)
    return Audit(run.findings, run.problems, project)


def claim(**fields) -> Claim:
    """A claim built in code, from the keys a claims file would hold (``id``, ``quote``, ``formula``, ``given``, ``stated``...)."""
    fields.setdefault("quote", fields.get("stated") or fields.get("id", ""))
    return claim_from_mapping(fields)


def audit(item: Claim | dict, project: Project | None = None) -> Finding:
    """One claim (a ``Claim``, or its fields as a dict) audited against the project in force."""
    from auditor.audit.pipeline import audit_claim

    built = item if isinstance(item, Claim) else claim(**item)
    return audit_claim(built, project or open_project())
