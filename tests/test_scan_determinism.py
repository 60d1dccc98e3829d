"""The scan proposes the same claims for the same page on every run, whatever order Python gives its sets."""

from __future__ import annotations

import os
import subprocess
import sys

PAGE = """# Quantized weights

A 70B model stored in FP16 reads 140 GB of weights at every decode step.
If you quantize the weights from FP16 (2 bytes) to INT4 (0.5 bytes), the weight data drops from 140 GB to 35 GB.
The minimum decode step then drops about as much, roughly 4x faster, and the weight bytes are far below the rule's.
"""

PRINT_PROPOSALS = """
import sys
from pathlib import Path
from auditor.audit.project import Project
from auditor.documents.locate import Document
from auditor.scan.propose import Scanner
page = Path(sys.argv[1])
for p in Scanner(Document.read(page), Project.load(page.parent)).proposals():
    print(p.stated, p.formula, p.arithmetic, sorted(p.given.items()))
"""


# Two models of one size, each named once: a bare "7B" goes to the one named first.
TWO_SEVEN_BS = """# Sizing two 7B models

We compare Qwen-2.5-7B and Llama-7B side by side.

| Model | Parameters | FP16 weights |
|---|---|---|
| 7B | 7B | 14 GB |
"""

def proposals_under_three_seeds(tmp_path, text: str) -> set[str]:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    outputs = set()
    for seed in ("1", "2", "5"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=os.pathsep.join(sys.path))  # the auditor this test imports
        run = subprocess.run([sys.executable, "-c", PRINT_PROPOSALS, str(page)], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
        assert run.returncode == 0, run.stderr
        outputs.add(run.stdout)
    return outputs


def test_one_page_gets_one_set_of_proposals_under_every_hash_seed(tmp_path):
    """Two inputs of one formula may both fit a printed size ("140 GB" as the weights or as a measured size); which
    takes it must not depend on the iteration order of a set, which differs from one process to the next."""
    outputs = proposals_under_three_seeds(tmp_path, PAGE)
    assert len(outputs) == 1
    assert "140 GB weight_bytes" in outputs.pop()


def test_a_bare_size_two_named_models_share_goes_to_the_first_named_under_every_hash_seed(tmp_path):
    outputs = proposals_under_three_seeds(tmp_path, TWO_SEVEN_BS)
    assert len(outputs) == 1
    assert "('model', 'Qwen/Qwen2.5-7B')" in outputs.pop()
