"""A passage whose own numbers show it rounds loses the truncation allowance (rule truncation, waived per passage)."""

from pathlib import Path

import pytest

from test_exact_inputs import findings_of

from auditor.base.precision import rules_off

CASES = Path(__file__).parent / "cases" / "shown_rounding"


def _findings():
    return findings_of(CASES)


@pytest.fixture(scope="module")
def findings():
    return _findings()


def test_a_number_one_digit_low_in_a_table_that_rounds_is_flagged_and_explained(findings):
    finding = findings["table-9b-fp16"]
    assert finding.verdict.value == "mismatch"
    assert 18.47 < finding.value < 18.49
    reason = finding.remarks[0]
    assert reason.startswith("its passage rounds rather than truncates: table-8b-fp16, table-7b-fp16")
    assert finding.diagnoses and finding.diagnoses[0].names(["n_params rounded to 2 significant figures"])


def test_the_numbers_that_show_the_habit_still_hold(findings):
    assert findings["table-8b-fp16"].verdict.value == "holds" and findings["table-7b-fp16"].verdict.value == "holds"


def test_the_habit_is_shown_per_passage_not_per_document(findings):
    assert findings["prose-9b-fp16"].verdict.value == "holds-by-rounding"  # same file, another section


def test_a_passage_that_truncates_twice_keeps_the_allowance(findings):
    assert findings["twice-9b-fp16"].verdict.value == "holds-by-rounding"
    assert findings["twice-6b-fp16"].verdict.value == "holds-by-rounding"


def test_one_rounded_number_is_not_yet_a_habit(findings):
    assert findings["lone-9b-fp16"].verdict.value == "holds-by-rounding"


def test_with_the_rule_off_the_truncation_allowance_holds_everywhere():
    with rules_off("shown-rounding"):
        found = _findings()
    assert found["table-9b-fp16"].verdict.value == "holds-by-rounding"
    assert not any(r.startswith("its passage rounds") for f in found.values() for r in f.remarks)


def test_with_truncation_off_there_is_nothing_to_waive():
    with rules_off("truncation"):
        found = _findings()
    assert all(found[i].verdict.value == "mismatch" for i in ("table-9b-fp16", "prose-9b-fp16", "twice-9b-fp16", "lone-9b-fp16"))
    assert not any(r.startswith("its passage rounds") for f in found.values() for r in f.remarks)


@pytest.mark.parametrize("declared", ["two", 0, 2.5, True, None, 10**6])
def test_a_witness_count_that_is_not_a_small_whole_number_is_a_located_error(declared, monkeypatch):
    import auditor.base.precision as precision
    from auditor.base.errors import InputError

    monkeypatch.setattr(precision, "_data", lambda: {"rounding_witnesses": declared})
    precision.rounding_witnesses.cache_clear()
    try:
        with pytest.raises(InputError, match=r"precision\.yaml.*rounding_witnesses, a whole number from 1 to 100"):
            precision.rounding_witnesses()
    finally:
        precision.rounding_witnesses.cache_clear()
