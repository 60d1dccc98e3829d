"""The README's examples are true: each ``$ command`` block is run, in a copy of the repository, and its output compared.

A block is a session: its commands run in order in one fresh copy (so the
example that edits inputs/gpus.yaml edits the copy), each compared with the
lines printed under it. Every line shown must appear in the output, in the
order shown; ``...`` stands for lines left out. So the README may abridge,
but nothing it shows can drift from what the tool prints.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

COPIED = ("claims", "docs", "formulas", "inputs", "units", "reports", "scripts")
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.M | re.S)


def sessions(text: str) -> list[list[tuple[str, list[str]]]]:
    """Each fenced block that starts with ``$ ``, as (command, shown output lines) pairs."""
    found = []
    for block in FENCE.findall(text):
        if not block.startswith("$ "):
            continue
        steps: list[tuple[str, list[str]]] = []
        for line in block.rstrip("\n").split("\n"):
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line.rstrip())
        found.append(steps)
    return found


SESSIONS = sessions((REPO / "README.md").read_text(encoding="utf-8"))


def shown_in_order(shown: list[str], printed: list[str]) -> str | None:
    """None when every shown line (``...`` aside) is printed, in order; else the first line that is not."""
    position = 0
    for line in shown:
        if line.strip() == "..." or not line.strip():
            continue
        try:
            position = printed.index(line, position) + 1
        except ValueError:
            return line
    return None


@pytest.fixture
def repository_copy(tmp_path):
    for folder in COPIED:
        shutil.copytree(REPO / folder, tmp_path / folder)
    shutil.copy(REPO / "README.md", tmp_path / "README.md")  # a document the shipped claims quote
    return tmp_path


def test_the_readme_has_examples_to_check():
    assert len(SESSIONS) >= 6 and sum(len(s) for s in SESSIONS) >= 8


@pytest.mark.parametrize("session", SESSIONS, ids=[s[0][0].split("#")[0].strip()[:60] for s in SESSIONS])
def test_a_readme_example_prints_what_the_readme_shows(session, repository_copy):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "NO_COLOR": "1", "HF_HUB_OFFLINE": "1"}
    for command, shown in session:
        done = subprocess.run(["bash", "-c", command], cwd=repository_copy, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
        printed = [line.rstrip() for line in done.stdout.splitlines()]
        missing = shown_in_order(shown, printed)
        assert missing is None, f"$ {command}\nnot printed: {missing!r}\nprinted:\n" + "\n".join(printed[:40])
