"""The cost of deriving a geometry, as a ratio to reading the config.json it comes from.

Run by hand (not by the tests):  python benchmarks/bench_geometry.py

Every claim that names a model derives its geometry, so ``derive`` is on the
hot path. This script times, for a few bundled configs of different shapes,
(a) ``json.loads`` of the file's text, the baseline, and (b) ``derive`` of
the parsed config through the built-in family table (loaded once, before
timing), and prints (b) as a ratio to (a) per config and over all of them.
Wall-clock numbers on a shared machine are noisy; ratios in one process are not.
"""

from __future__ import annotations

import json
import timeit
from pathlib import Path

from auditor.inputs.geometry import builtin_families, derive

MODELS = Path(__file__).resolve().parent.parent / "inputs" / "models"
SHOWN = ("meta-llama--Meta-Llama-3-8B", "google--gemma-3-27b-it", "deepseek-ai--DeepSeek-V3",
         "nvidia--Nemotron-H-8B-Base-8K", "nvidia--Llama-3_3-Nemotron-Super-49B-v1", "openai--gpt-oss-120b")


def best(stmt, number: int) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number


def main() -> None:
    families = builtin_families()
    total_read = total_derive = 0.0
    print(f"{'config':44} {'json.loads':>12} {'derive':>12} {'ratio':>7}")
    for name in SHOWN:
        text = (MODELS / f"{name}.json").read_text(encoding="utf-8")
        config = json.loads(text)
        read = best(lambda: json.loads(text), 200)
        made = best(lambda: derive(config, families), 200)
        total_read, total_derive = total_read + read, total_derive + made
        print(f"{name:44} {read * 1e6:10.1f}us {made * 1e6:10.1f}us {made / read:6.1f}x")
    print(f"{'all':44} {total_read * 1e6:10.1f}us {total_derive * 1e6:10.1f}us {total_derive / total_read:6.1f}x")


if __name__ == "__main__":
    main()
