"""A small documented project for the tests: a Markdown guide and the claims that quote it.

The guide is written for the tests (no seed text): Llama 3 8B on an A100
80GB, with numbers that hold, one that is wrong, and a claim whose quote the
guide no longer contains.
"""

from __future__ import annotations

from pathlib import Path

GUIDE = """\
# Sizing Llama 3 8B on one A100

Each token keeps 128 KiB/token of KV cache in FP16.
A 4,096-token sequence therefore holds 512 MiB.

With FP16 weights the card fits a max batch of 104 sequences at 4k context.
The vendor calculator says 4.00 GB for an 8K sequence.
"""

CLAIMS = """\
document:
  title: Sizing Llama 3 8B on one A100
  path: ../docs/guide.md
claims:
  - id: guide-kv-per-token
    quote: "keeps 128 KiB/token of KV cache"
    formula: kv_bytes_per_token_gqa
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16}
    stated: "128 KiB/token"

  - id: guide-kv-per-sequence
    quote: "therefore holds 512 MiB"
    formula: kv_bytes_per_sequence
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16, seq_len: 4096}
    stated: "512 MiB"

  - id: guide-max-batch
    quote: "a max batch of 104 sequences"
    formula: max_batch
    given: {model: meta-llama/Meta-Llama-3-8B, weight_dtype: fp16, kv_dtype: fp16, gpu: a100_80gb_sxm, seq_len: 4096}
    stated: "104"

  - id: guide-calculator
    quote: "says 4.00 GB for an 8K sequence"
    formula: kv_bytes_per_sequence
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: fp16, seq_len: 8192}
    stated: "4.00 GB"
"""


def make_documented(root: Path, guide: str = GUIDE, claims: str = CLAIMS) -> Path:
    """Write ``docs/guide.md`` and ``claims/guide.yaml`` under ``root``; return the claims file."""
    (root / "docs").mkdir(parents=True, exist_ok=True)
    (root / "claims").mkdir(parents=True, exist_ok=True)
    (root / "docs" / "guide.md").write_text(guide, encoding="utf-8")
    path = root / "claims" / "guide.yaml"
    path.write_text(claims, encoding="utf-8")
    return path
