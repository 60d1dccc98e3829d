"""One claim by its id: found in the project's claim files, explained, solved for an input."""

from __future__ import annotations

import difflib

from auditor.audit.project import Project
from auditor.base.errors import InputError, Location
from auditor.claims.files import Claim, claim_files, load_claim_file

from .project import claim_paths, open_project


def find_claim(claim_id: str, paths=None, project: Project | None = None, builtin: bool = False) -> Claim:
    """The claim with ``claim_id`` among the claim files (default: the project's own); a near miss is suggested."""
    project = project or open_project()
    searched = claim_paths(project, paths, builtin)
    ids = []
    for path in claim_files(searched):
        for claim in load_claim_file(path).claims:
            if claim.id == claim_id:
                return claim
            ids.append(claim.id)
    close = difflib.get_close_matches(claim_id, ids, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise InputError(Location(", ".join(str(p) for p in searched)), f"no claim with id {claim_id!r}{hint}")


def explain(claim: Claim, project: Project | None = None) -> str:
    """The claim's derivation step by step, with units and each value's origin (``auditor explain``)."""
    from auditor.audit.pipeline import audit_claim
    from auditor.output.explain import render_explanation

    project = project or open_project()
    return render_explanation(claim, audit_claim(claim, project), project)


def solve(claim: Claim, symbol: str, project: Project | None = None) -> list:
    """Values of ``symbol`` that make the claim's formula give its stated number, each judged for plausibility."""
    from auditor.diagnosis.solve import solve_claim

    project = project or open_project()
    if claim.formula not in project.catalogue.formulas or claim.stated is None:
        raise InputError(claim.location, f"claim {claim.id!r} has no formula and stated value to solve")
    return solve_claim(claim, project, symbol)
