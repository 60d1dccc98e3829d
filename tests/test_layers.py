"""The data flow runs one way: the import-linter contract in pyproject.toml holds, and it has teeth."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

LINT = Path(sys.executable).with_name("lint-imports")
pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed (the test extra installs it)")


def lint(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--no-cache"], cwd=folder, capture_output=True, text=True, timeout=300)


@pytest.fixture
def copy_of_engine(tmp_path) -> Path:
    shutil.copytree(REPO / "auditor", tmp_path / "auditor", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_shipped_engine_keeps_its_layers(copy_of_engine):
    result = lint(copy_of_engine)
    assert result.returncode == 0, result.stdout
    assert "1 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("base/units.py", "auditor.output.human"),
        ("catalogue/compiled.py", "auditor.claims.verdicts"),
        ("evaluate/evaluation.py", "auditor.diagnosis.result"),
    ],
)
def test_an_import_up_the_flow_breaks_the_contract_and_is_named(copy_of_engine, module, upward):
    source = copy_of_engine / "auditor" / module
    source.write_text(source.read_text() + f"\nimport {upward}  # reaches up the flow\n")
    result = lint(copy_of_engine)
    importer = "auditor." + module.removesuffix(".py").replace("/", ".")
    assert result.returncode != 0
    assert f"{importer} -> {upward}" in result.stdout


def test_a_new_sub_package_must_be_given_a_layer(copy_of_engine):
    (copy_of_engine / "auditor" / "stray").mkdir()
    (copy_of_engine / "auditor" / "stray" / "__init__.py").write_text("")
    result = lint(copy_of_engine)
    assert result.returncode != 0
    assert "auditor.stray" in result.stdout
