"""Inputs the long fuzz profile found a traceback or an unlocated error on, each kept as the case it was.

A lone surrogate is valid in a YAML double-quoted string ("\\ud800") but can
name no file and be written by no UTF-8 encoder; a number of a hundred digits
is valid text in a document but no number a claim can state; a YAML key may
be a number where a name was expected, and a config's list of layers
anything but a list. None may end a run with a traceback or an error that
names no place.
"""

from __future__ import annotations

import json
from pathlib import Path

CLAIM = """  - id: c1
    quote: "the cache holds"
    formula: weight_bytes
    given: {model: meta-llama/Meta-Llama-3-8B, weight_dtype: bf16}
    stated: 16 GB
"""
LONG_NUMBERS = "# D\n\nWith batch = " + "1" * 120 + ", the cache holds 16 GB.\n\nA value of " + "2" * 120 + " GB per token.\n"


def test_a_document_copy_named_with_a_lone_surrogate_is_audited_and_not_kept_for_replay(project, monkeypatch, run_cli):
    (project / "docs").mkdir()
    (project / "docs" / "d.md").write_text("# D\n\nthe cache holds 16 GB\n", encoding="utf-8")
    (project / "claims" / "x.yaml").write_text('document:\n  title: t\n  url: "https://example.org/\\ud800"\n  copy: "d\\ud800.md"\nclaims:\n' + CLAIM, encoding="utf-8")
    monkeypatch.chdir(project)
    for _ in range(2):  # the second run would replay a kept one
        code, out, err = run_cli("check", "--documents", "docs")
        assert code == 0, err
        assert "1 holds" in out


def test_a_number_too_long_to_read_in_a_document_is_no_number_to_scan_or_locate(project, monkeypatch, run_cli):
    (project / "docs").mkdir()
    (project / "docs" / "long.md").write_text(LONG_NUMBERS, encoding="utf-8")
    (project / "claims" / "x.yaml").write_text("document:\n  title: t\n  path: ../docs/long.md\nclaims:\n" + CLAIM, encoding="utf-8")
    monkeypatch.chdir(project)
    for argv in (["scan", "docs/long.md"], ["scan", "docs/long.md", "--audit"], ["check"], ["update", "--check"]):
        code, _, err = run_cli(*argv)
        assert code in (0, 1), (argv, err)
        assert "error:" not in err, (argv, err)


def test_an_input_named_by_a_number_is_a_located_unknown_input(project, monkeypatch, run_cli):
    """YAML reads the key ``1:`` as a number: the suggestion for a misspelt input must not assume text."""
    (project / "claims" / "x.yaml").write_text("claims:\n" + CLAIM.replace("given: {", "given: {1: 2, "), encoding="utf-8")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2, err
    assert "claims/x.yaml:5: claim 'c1' gives unknown input 1" in err
    assert "Traceback" not in err


def test_a_list_of_dense_layers_that_is_no_list_is_a_located_config_error(project, monkeypatch, run_cli):
    """``mlp_only_layers: 5`` was read with ``in`` and ended in a TypeError."""
    config = json.loads((Path(__file__).resolve().parent.parent / "inputs" / "models" / "Qwen--Qwen3-30B-A3B.json").read_text(encoding="utf-8"))
    (project / "inputs" / "models").mkdir(parents=True)
    for bad in (5, {"0": 1}, [0, "1"], [True]):
        config["mlp_only_layers"] = bad
        (project / "inputs" / "models" / "acme--moe.json").write_text(json.dumps(config), encoding="utf-8")
        monkeypatch.chdir(project)
        code, _, err = run_cli("models", "show", "acme/moe")
        assert code == 2, (bad, err)
        assert "'mlp_only_layers' must be a list of layer indices" in err and "Traceback" not in err
    config["mlp_only_layers"] = [0, 1]
    (project / "inputs" / "models" / "acme--moe.json").write_text(json.dumps(config), encoding="utf-8")
    code, out, err = run_cli("models", "show", "acme/moe")
    assert code == 0, err


def test_a_power_whose_exponent_is_a_float_made_exact_takes_no_root_of_that_degree():
    """3.16... read exactly has a denominator near 2**51: a root of that degree was tried by building 2**(2**51)."""
    from fractions import Fraction

    from auditor.catalogue.runtime import _integer_root, _real_pow

    x = Fraction(3.1622776601683795)
    assert _integer_root(7, 2**51) is None
    assert isinstance(_real_pow(x, x), float) and abs(_real_pow(x, x) - 3.1622776601683795**3.1622776601683795) < 1e-9
    assert _real_pow(Fraction(1, 4), Fraction(1, 2)) == Fraction(1, 2)  # a perfect root stays exact
    assert _real_pow(8, Fraction(1, 3)) == 2


def test_inferring_an_unstated_input_through_a_tower_of_powers_ends(project, monkeypatch, run_cli):
    """Two claims leave n_heads unstated, so it is inferred on a grid of float values, each a power tower's base."""
    (project / "formulas" / "fuzz.yaml").write_text(
        "formulas:\n  tower:\n    title: a tower of powers\n    expr: n_heads**(n_heads**n_heads)\n    unit: dimensionless\n",
        encoding="utf-8")
    claims = "".join(f'  - id: t{i}\n    quote: "q{i}"\n    formula: tower\n    stated: "{s}"\n' for i, s in enumerate(("55%", "27")))
    (project / "claims" / "x.yaml").write_text("claims:\n" + claims, encoding="utf-8")
    monkeypatch.chdir(project)
    for argv in (["check"], ["update"]):
        code, _, err = run_cli(*argv)
        assert code in (0, 1), (argv, err)
        assert "Traceback" not in err


def test_a_harmonic_number_is_exact_only_while_it_stays_small():
    """An inferred input's grid fed harmonic() a million: the exact sum of a million fractions ran past its CPU limit."""
    import math
    from fractions import Fraction

    from auditor.catalogue.runtime import _harmonic

    assert _harmonic(4) == Fraction(25, 12)
    assert isinstance(_harmonic(2000), Fraction)
    big = _harmonic(10**6)
    assert isinstance(big, float) and abs(big - (math.log(10**6) + 0.5772156649015329 + 1 / (2 * 10**6))) < 1e-12


def test_inferring_an_unstated_count_through_a_harmonic_number_ends(project, monkeypatch, run_cli):
    (project / "formulas" / "fuzz.yaml").write_text(
        "formulas:\n  share:\n    title: a harmonic share\n    expr: 1 / harmonic(batch)\n    unit: dimensionless\n", encoding="utf-8")
    claims = "".join(f'  - id: h{i}\n    quote: "q{i}"\n    formula: share\n    stated: "{s}"\n' for i, s in enumerate(("61%", "14.0%")))
    (project / "claims" / "x.yaml").write_text("claims:\n" + claims, encoding="utf-8")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code in (0, 1) and "Traceback" not in err, err


def test_a_property_value_that_makes_an_exponent_huge_is_refused_before_sympy_builds_it(project, monkeypatch, run_cli):
    """equals_at with batch: 1e9 put (1 - k/E)**1e9 before SymPy's cancel, whose expansion ran out of memory."""
    claim = ("claims:\n  - id: moe-at-a-billion\n    quote: q\n    formula: moe_intensity\n    property:\n"
             "      equals_at:\n        at: {batch: 1000000000}\n        value: 1 + 2/0\n")
    (project / "claims" / "x.yaml").write_text(claim, encoding="utf-8")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2 and "Traceback" not in err
    assert "claims/x.yaml:2" in err and "exponent batch of experts_touched 1000000000" in err and "literal_exponent" in err


def test_a_property_value_within_the_limit_still_decides():
    from auditor.api import audit

    finding = audit({"id": "moe-at-one", "formula": "experts_touched", "property": {"equals_at": {"at": {"batch": 1}, "value": "n_experts_per_token"}}})
    assert finding.verdict.value == "proved", finding.message


def test_given_values_that_make_a_printed_exponent_huge_are_refused_before_sympy_builds_it(project, monkeypatch, run_cli):
    """x ** n with n given as 1e9: SymPy would build the exact 1.5**1e9, billions of bits, as soon as asked."""
    claim = 'claims:\n  - id: power\n    quote: q\n    arithmetic: "x ** n"\n    given: {x: 1.5, n: 1000000000}\n    stated: "2"\n'
    (project / "claims" / "x.yaml").write_text(claim, encoding="utf-8")
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2 and "Traceback" not in err
    assert "claims/x.yaml:2" in err and "exponent n 1000000000" in err and "literal_exponent" in err


def test_known_inputs_that_make_an_exponent_huge_are_refused_before_solve_builds_it(project, monkeypatch, run_cli):
    """Solving moe_intensity for bytes_per_param with batch 1e9 known would build (15/16)**1e9 exactly."""
    claim = ("claims:\n  - id: moe\n    quote: q\n    formula: moe_intensity\n"
             "    given: {batch: 1000000000, n_experts: 128, n_experts_per_token: 8, flop_per_mac: 2}\n    stated: 64 FLOP/byte\n")
    (project / "claims" / "x.yaml").write_text(claim, encoding="utf-8")
    monkeypatch.chdir(project)
    code, _, err = run_cli("solve", "moe", "--for", "bytes_per_param")
    assert code == 2 and "Traceback" not in err
    assert "exponent batch of moe_intensity 1000000000" in err and "literal_exponent" in err
