"""A formula's ``facts:`` are claims about its shape, and hold: each is proved by the checks property claims use."""

from __future__ import annotations

import pytest

from auditor.api import audit, claim
from auditor.base.errors import InputError
from auditor.catalogue.folders import catalogue_dirs
from auditor.catalogue.load import load_catalogue
from auditor.catalogue.reader import FACT_CHECKS, read_catalogue_file
from auditor.catalogue.symbolic import CHECKS
from auditor.claims.verdicts import Verdict

CATALOGUE = load_catalogue(catalogue_dirs(None))
DECLARED = sorted(f.id for f in CATALOGUE.formulas.values() if f.symbolic_facts)


def test_a_fact_may_name_every_property_check_and_nothing_else():
    assert FACT_CHECKS == set(CHECKS)


def test_the_catalogue_declares_facts():
    assert len(DECLARED) >= 5


@pytest.mark.parametrize("formula", DECLARED)
def test_every_declared_fact_is_proved(formula):
    facts = dict(CATALOGUE.formulas[formula].symbolic_facts)
    finding = audit(claim(id=f"fact-{formula}", formula=formula, property=facts))
    assert finding.verdict == Verdict.PROVED, finding.message


def test_a_fact_no_check_knows_is_a_located_error(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "formulas:\n  doubled:\n    title: twice the layers\n    expr: 2 * n_layers\n    unit: dimensionless\n"
        "    facts:\n      independant_of: [n_heads]\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as error:
        read_catalogue_file(path)
    assert "mine.yaml:7" in str(error.value) and "independant_of" in str(error.value) and "independent_of" in str(error.value)
