"""A page is a stranger's text: any page made of the readings the scan knows (host links, prices, addends, bounds,
swapped-variable sums, table headers), run together in any order and any amount, scans and audits without an
exception, and every proposal it makes carries the evidence a reviewer reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.audit.project import Project
from auditor.documents.locate import Document
from auditor.scan.propose import Scanner, audit_proposals

PIECES = [
    "PCIe 4.0 x16", "PCIe Gen9 x64", "Gen5", "DDR5-99999", "DDR4-3200 2-ch", "quad-channel", "$2.50/hr", "$9e999/hr",
    "$0.69/M", "$$x$$", "$1e308 per million tokens", "η = 0.90", "0 GB/s", "| x16 (GB/s) | x8 |", "| --- | --- |",
    "| PCIe 3.0 | 15.75 | 7.88 |", "Gemma 3", "the 27B", "<1B", "9.6 + 1.4 = 11 GB", "1e400 + 2 = 3", "单 Token",
    "每个 token", "57,344 Bytes", "Qwen3-0.6B", "4 × 28 × 1024 × (8/16) = 57,344 Bytes", "$", "x", "+ +", "1.5e-300 GB",
    "\n", "\n\n", "$1,000,000,000,000,000,000/hr", "PCIe 5.0 x16 link moves 126 GB/s", "At 1,000 tok/s that is $0.69/M",
    "Mistral-7B | 14.0 |", "| GPU | FP8 Ridge |", "| H100 SXM | 591 |", "FP8", "per token",
    "8 x $2 = $16/hr", "$1e308 * $1e308 =", "$5/hr / 0 =", "$0.42 / M", "= $", "| ops:byte |", "| Decode, batch=32 | ~32 |",
    "18 M tok/hr", "x $", "A100 80 GB", "BF16", "FP16", "eightfold", "twice as fast", "half the", "a quarter of", "ten-times",
    "10 GFLOP × N", "990 TFLOP/s", "| Batch | Flops | Memory clock | Compute clock | Runtime |", "| 1 | 10 G | 2.99 ms | 0.01 ms | 2.99 ms |",
    "| 16 | 160 T | 2.99 ms | 0.16 ms | 2.99 ms |", "| Quant | Context | KV Cache |", "| **Q4_K_M** | 2k | 5 GB |", "Q4_K_M",
    "LLaMA-3-70B", "h = 64", "≈ 85.9 GB", "~1.28 GB per request", "768 output tokens/s", "7-8B", "| 1-2 GPUs |",
    "≈ 480   (vs 240 at BF16)", "per request × 16", "1,979 / (2 × 3.35 × 10^12 / 2) ≈ 590", "2.5 GB + 4 GB = 6.5 GB",
    "```mermaid\nflowchart LR\n  A[\"x<br>= 80 / 20ms<br/>= 4000 tok/s\"]\n```", "| 13B | 26 GB | 13 GB |", "| Model Size | FP16 | FP8 |",
    "| Path | Bandwidth | 70B (70 GB) load | 8B (0 GB) load |", "| NVMe | ~12.5 GB/s | ~6 seconds | ~0 s |", "| x | 0 GB/s | 1e999 s | ~2 minutes |",
    "20,401,094,656 bytes / 1,073,741,824 ≈ 19 GB", "(2 × 8192) / 1,073,741,824 = 0 GB", "1e308 bytes / 1024 = 1 KB",
    "```python\n\"c\": 2.50 / (50 * 3600) * 1_000_000,  # $0.14\nx = 1 / 0  # 5\n```", "(788 avg/request)", "0 avg per request",
    "164 kB/token", "0 kB/token", "a 32K conversation ≈ 5.2 GB", "a 1e999K-token chat", "3,000 MB (13%)", "0 MB (0%)",
    "= about $13.90", "| Self | API | Savings |", "| $0.05 | $0.47 | $0.42 (89%) |", "Reserved by vLLM: 20,725 MB (90%)",
    "```\nDevs/node   light  medium\n---------  ------  ------\n80   57,001  17,031\n120   5,143   1,662\n```",
    "```\nOp | Time (ms) | %\n---|---|---\nA | 8.2 | 45%\nB | 0 | 0%\n---|---|---\nTotal | 1e999 | 100%\n```",
    "$12,729 (amortisation $10,278 + energy $1,251 + hosting $1,200)", "22 (21 serving + 1 redundant)", "84 / 25 (3.33x)",
    "0 / 0 (1.00x)", "2 FTE at $15,000/month = $30,000/month", "$0.000833/second", "100 MB/batch × 500 batches/sec = 50 GB/sec",
    "828M / (312 TFLOPS × 0.9) = 2.95 ms", "8배", "3倍", "4,096 tokens at 0.5 MB each = 2 GB",
    "| context_length | 8k (assumed) |", "| bytes/param | 2 (16 bit) |", "64-bit", "| Input cost (at $0.14/M tokens) |",
    "100×$0.14 + 300×$0.028 = $0.0000224", "| 2 | 100+200+100=400 | $0.000056 |", "| n | ~300n - 200 | ~(300n-200) × unit price |",
    "| New input tokens | Cumulative input tokens |", "| 3000 | 3500 |", "| 0 | 0 |", "Registered users: 100M", "13B activated per token",
    "| **For 1M tokens** | Fixed 140GB | ≈ 32GB |", "~32KB / token", "$0.028 / M tokens (80% off)", "(0% off)",
    "| W_up | 8192 × 28672 | 234.9M |", "| 0 × 0 | 0M |", "| 1M | 24 GB |", "At 80% utilization: wait time ≈ 4× service time",
    "at 100% utilization ≈ 1e999× service time", "loads in under 3 seconds", "| Blended $/1M (3:1) |", "| Blended (0:0) |",
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_a_page_of_any_known_readings_scans_without_an_exception(tmp_path_factory, pieces):
    folder = tmp_path_factory.mktemp("page")
    page = folder / "page.md"
    page.write_text("# Page\n\n" + " ".join(pieces) + "\n", encoding="utf-8")
    document, project = Document.read(page), Project.load(folder)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    assert all(p.evidence for p in proposals if p.proposed)


def test_a_program_line_of_any_length_reads_as_nothing_past_its_cap(tmp_path):
    """A code line of a hundred thousand spaces between two numbers, or an operator run that long, with a figure for
    its comment: no sum is read of it, and the page still scans (a reading that backtracked on it would not return)."""
    from auditor.scan.code_blocks import _result_comment

    long_lines = ["1" + " " * 100_000 + "+ 2  # 3", "x = " + "1 + " * 25_000 + "1  # 5", "(" * 50_000 + "1 * 2  # 2"]
    assert all(_result_comment(line) is None for line in long_lines)
    page = tmp_path / "page.md"
    page.write_text("# Code\n\n```python\n" + "\n".join(long_lines) + "\n```\n", encoding="utf-8")
    document, project = Document.read(page), Project.load(tmp_path)
    assert not [p for p in Scanner(document, project).proposals() if p.proposed]


def test_a_code_block_of_many_lines_in_columns_reads_in_one_pass(tmp_path):
    """Twenty thousand lines of two columns with no figure under them, or a pipe rule repeated that often: the printed
    table reading takes each line a bounded number of times (a reading that tried each line as a header over every
    line below it would not return), and finds no table."""
    from auditor.scan.code_blocks import _parts_after, aligned_tables

    assert not _parts_after("1 (2" + " + 3" * 25_000) and _parts_after("22 (21 serving + 1 redundant)")  # bounded: no backtracking
    words = ["alpha  beta"] * 20_000
    rules = ["x | y"] + ["---|---"] * 20_000
    assert aligned_tables(words, 0, len(words)) == {} and aligned_tables(rules, 0, len(rules)) == {}
    page = tmp_path / "page.md"
    page.write_text("# Columns\n\n```\n" + "\n".join(words) + "\n```\n", encoding="utf-8")
    document, project = Document.read(page), Project.load(tmp_path)
    assert not [p for p in Scanner(document, project).proposals() if p.proposed]


def test_a_blend_of_no_parts_reads_as_no_blend(tmp_path):
    """"Blended (0:0)" mixes nothing: no rule is read of it, and the table scans."""
    page = tmp_path / "page.md"
    page.write_text("# P\n\n| Model | In | Out | Blended (0:0) |\n|---|---|---|---|\n| A | 1 | 2 | 3 |\n| B | 2 | 3 | 4 |\n"
                    "| C | 4 | 5 | 6 |\n| D | 5 | 6 | 7 |\n", encoding="utf-8")
    document, project = Document.read(page), Project.load(tmp_path)
    proposals = Scanner(document, project).proposals()
    assert not any(p.arithmetic and "Blended" in " ".join(p.evidence) for p in proposals)
