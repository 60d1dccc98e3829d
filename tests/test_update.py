"""auditor update: regenerate published numbers in their own style, atomically, idempotently."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from documented import GUIDE, make_documented

from auditor.base.errors import InputError
from auditor.documents.printing import format_like
from auditor.documents.rewrite import atomic_write

BUDGET_DOC = """\
# Budget

On the card the KV budget is 56 GB, or 52.2 GiB
once converted. Decode of a 140 GB model tops out at 23.9 tokens/s on one H100.
"""

BUDGET_CLAIMS = """\
document: {path: ../docs/budget.md}
claims:
  - id: budget-gb
    quote: "the KV budget is 56 GB"
    formula: kv_budget
    given: {gpu: a100_80gb_sxm, weight_bytes: "16 GB"}
    stated: "56 GB"
  - id: budget-gib
    quote: "56 GB, or 52.2 GiB once"
    formula: kv_budget
    given: {gpu: a100_80gb_sxm, weight_bytes: "16 GB"}
    stated: "52.2 GiB"
  - id: ceiling
    quote: "tops out at 23.9 tokens/s"
    formula: decode_ceiling_per_sequence
    given: {gpu: h100_sxm, weight_bytes: "140 GB"}
    stated: "23.9 token/s"
"""

FASTER_GPUS = """\
gpus:
  - id: a100_80gb_sxm
    memory_capacity: 96 GB
    memory_bandwidth: 2.039 TB/s
  - id: h100_sxm
    memory_capacity: 80 GB
    memory_bandwidth: 4.8 TB/s
"""


@pytest.fixture
def budget(tmp_path, monkeypatch):
    make_documented(tmp_path, guide="", claims="document: {title: none}\nclaims: []\n")
    (tmp_path / "docs" / "budget.md").write_text(BUDGET_DOC, encoding="utf-8")
    (tmp_path / "claims" / "guide.yaml").write_text(BUDGET_CLAIMS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def documented(tmp_path, monkeypatch):
    make_documented(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "value, printed, expected",
    [
        (Fraction(52154, 1000), "52.2", "52.2"),
        (Fraction(65565, 1000), "52.2", "65.6"),
        (123456, "1.23 × 10⁵", "1.23 × 10⁵"),
        (99960, "1.23 × 10⁵", "1.00 × 10⁵"),
        (1234567, "1.23 × 10⁵", "1.23 × 10⁶"),
        (4.5e-3, "2.0×10^-3", "4.5×10^-3"),
        (512345, "4.31e5", "5.12e5"),
        (1234567, "131,072", "1,234,567"),
        (105, "104", "105"),
        (Fraction(-7, 2), "−3.1", "−3.5"),
    ],
)
def test_a_new_value_is_printed_in_the_old_numbers_style(value, printed, expected):
    assert format_like(value, printed) == expected


@pytest.mark.parametrize("value, printed, expected", [(42262, "42,000", "42,000"), (54, "50", "54"), (56.89, "57", "57")])
def test_a_qualified_number_keeps_its_round_zeros_while_they_still_hold(value, printed, expected):
    assert format_like(value, printed, widen=Fraction(1, 20)) == expected


def test_check_exits_1_and_changes_nothing_when_a_number_is_out_of_date(documented, run_cli):
    before = (documented / "docs" / "guide.md").read_text()
    code, out, err = run_cli("update", "--check")
    assert code == 1
    assert "-The vendor calculator says 4.00 GB for an 8K sequence." in out
    assert "+The vendor calculator says 1.07 GB for an 8K sequence." in out
    assert (documented / "docs" / "guide.md").read_text() == before


def test_every_input_error_is_reported_at_its_place_and_nothing_is_written_while_any_is_left(documented, run_cli):
    """An unknown formula in one file and a missing document in another: both located, the stale number left as it was."""
    claims = documented / "claims"
    (claims / "broken.yaml").write_text("document: {title: broken}\nclaims:\n  - id: b1\n    quote: x\n    formula: no_such_formula\n"
                                        "    stated: \"1 GB\"\n", encoding="utf-8")
    (claims / "orphan.yaml").write_text("document: {path: ../docs/missing.md}\nclaims:\n  - id: o1\n    quote: x\n    formula: weight_bytes\n"
                                        "    given: {n_params: 7e9, weight_dtype: fp16}\n    stated: \"14 GB\"\n", encoding="utf-8")
    before = (documented / "docs" / "guide.md").read_text()
    for command in (("update",), ("update", "--check")):
        code, out, err = run_cli(*command)
        assert code == 2
        assert "claims/broken.yaml:3" in err and "no_such_formula" in err
        assert "missing.md" in err
        assert "nothing written: 2 input errors" in err
        assert (documented / "docs" / "guide.md").read_text() == before


def test_update_rewrites_only_the_numbers_span_and_a_second_run_changes_nothing(documented, run_cli):
    code, _, _ = run_cli("update")
    assert code == 0
    assert (documented / "docs" / "guide.md").read_text() == GUIDE.replace("4.00 GB", "1.07 GB")
    claims = (documented / "claims" / "guide.yaml").read_text()
    assert 'quote: "says 1.07 GB for an 8K sequence"' in claims and 'stated: "1.07 GB"' in claims
    assert run_cli("update", "--check")[0] == 0
    assert run_cli("update")[1] == ""
    assert run_cli("check")[0] == 0


def test_a_revised_gpu_moves_every_dependent_number_and_the_quotes_that_hold_them(budget, run_cli):
    (budget / "inputs").mkdir()
    (budget / "inputs" / "gpus.yaml").write_text(FASTER_GPUS)
    assert run_cli("update")[0] == 0
    assert (budget / "docs" / "budget.md").read_text() == BUDGET_DOC.replace("56 GB", "70 GB").replace("52.2", "65.6").replace("23.9", "34.3")
    claims = (budget / "claims" / "guide.yaml").read_text()
    assert 'quote: "70 GB, or 65.6 GiB once"' in claims
    code, out, _ = run_cli("check", "-v")
    assert code == 0, out
    assert run_cli("update", "--check")[0] == 0


def test_audit_records_bounds_and_stale_claims_are_left_for_a_person(documented, run_cli):
    claims = documented / "claims" / "guide.yaml"
    claims.write_text(claims.read_text().replace('stated: "4.00 GB"', 'stated: "4.00 GB"\n    expect: {verdict: mismatch}'))
    (documented / "docs" / "guide.md").write_text(GUIDE.replace("a max batch of 104", "a batch of 104"))
    code, out, err = run_cli("update", "--check")
    assert (code, out) == (0, "")
    assert "not regenerated: stale" in err


def test_a_file_changed_since_it_was_read_is_refused(tmp_path):
    path = tmp_path / "doc.md"
    path.write_text("value 1\n")
    original = path.read_text()
    path.write_text("value 1, edited by someone else\n")
    with pytest.raises(InputError, match="changed since it was read"):
        atomic_write(path, "value 2\n", expected=original)
    assert path.read_text() == "value 1, edited by someone else\n"


KILLER = """\
import os, signal, sys
from pathlib import Path
calls = {{"n": 0}}
real_write = os.write
def dying_write(fd, data):
    calls["n"] += 1
    if calls["n"] == {die_at}:
        os.kill(os.getpid(), signal.SIGKILL)
    return real_write(fd, data)
os.write = dying_write
from auditor.cli import main
sys.exit(main(["update"]))
"""


@pytest.mark.parametrize("die_at", [1, 2, 4])
def test_a_rewrite_killed_mid_write_leaves_the_original_intact(documented, die_at):
    big = GUIDE + "\n" + ("filler line that makes the write take several chunks\n" * 4000)
    (documented / "docs" / "guide.md").write_text(big)
    child = subprocess.run([sys.executable, "-c", KILLER.format(die_at=die_at)], cwd=documented, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}, capture_output=True)
    assert child.returncode == -signal.SIGKILL
    assert (documented / "docs" / "guide.md").read_text() == big
    assert "4.00 GB" in (documented / "claims" / "guide.yaml").read_text()


def test_the_projects_own_documents_are_current(run_cli, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    code, out, err = run_cli("update", "--check", "claims/project-docs.yaml", "claims/project-readme.yaml")
    assert (code, out) == (0, ""), err
