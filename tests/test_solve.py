"""Inversion: the input value that would make a formula yield the stated number."""

from fractions import Fraction
from pathlib import Path

import pytest

from auditor.audit.project import Project
from auditor.base.errors import InputError
from auditor.claims.files import load_claim_file
from auditor.diagnosis.solve import solve_claim

REPO = Path(__file__).resolve().parent.parent
WRONG = {c.id: c for c in load_claim_file(REPO / "tests" / "cases" / "wrong_claims.yaml").claims}
HANDBOOK = {c.id: c for c in load_claim_file(REPO / "claims" / "handbook-review.yaml").claims}


@pytest.fixture(scope="module")
def project():
    return Project.load(REPO)


def by_reading(solutions):
    return {s.reading: s for s in solutions}


def test_solving_for_kv_heads_finds_the_query_head_count(project):
    # 2560 KiB/token = 2 x 80 x h x 128 x 2 B  =>  h = 2560 x 1024 / 40960 = 64
    solution = by_reading(solve_claim(WRONG["w-query-heads-70b"], project, "n_kv_heads"))["as printed"]
    assert solution.value == 64 and solution.exact
    assert solution.plausible and "num_attention_heads = 64" in solution.why


def test_a_unit_slip_reading_is_solved_too(project):
    # 4.00 GB read as 4 GiB: 4 x 2^30 = 2 x 32 x h x 128 x 2 x 8192  =>  h = 32
    readings = by_reading(solve_claim(HANDBOOK["hb-kv-calculator-llama3-8b"], project, "n_kv_heads"))
    assert readings["GiB printed as GB"].value == 32
    assert readings["GiB printed as GB"].plausible
    # as printed: 4e9 / (2 x 32 x 128 x 2 x 8192) = 29.8..., not a head count
    assert not readings["as printed"].plausible
    assert readings["as printed"].value == Fraction(4 * 10**9, 2 * 32 * 128 * 2 * 8192)


def test_numeric_solutions_cover_every_root(project):
    # the shortfall at alpha is 0 at both ends of (0, 1) and peaks between, so 55% has two roots
    solutions = solve_claim(HANDBOOK["hb-spec-55-low-at-gamma-7"], project, "alpha")
    roots = sorted(float(s.value) for s in solutions if s.reading == "as printed")
    assert len(roots) == 2 and roots[0] < 0.85 < roots[1] + 0.01
    assert all(not s.exact for s in solutions)


def test_solving_for_a_symbol_the_formula_does_not_use_is_refused(project):
    with pytest.raises(InputError, match="does not depend on 'gamma'"):
        solve_claim(WRONG["w-query-heads-70b"], project, "gamma")
