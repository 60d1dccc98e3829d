"""What the words around a number name: a quantity the catalogue knows, a model, a GPU, a dtype.

A plain registry (yamllint's style): each formula a scan may propose lists
the phrases that name its quantity. A candidate must have the stated unit's
dimensions; among those, the most phrases found near the number wins, ties
going to the earlier entry (the more common quantity). Models, GPUs and
dtypes are matched by names derived from the bundled inputs, so a new
config.json in ``inputs/models`` is recognised without touching this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

QUANTITY_PHRASES: dict[str, tuple[str, ...]] = {
    "kv_bytes_per_token_gqa": ("per token", "/token", "kv", "cache", "cell"),
    "kv_bytes_per_token_mla": ("mla", "latent", "per token", "/token"),
    "kv_bytes_per_sequence": ("sequence", "kv cache", "k-token", "k token", "context", "holds"),
    "kv_cache_bytes": ("kv cache", "batch", "calculator", "returns"),
    "weight_bytes": ("weights", "weight", "parameters", "checkpoint"),
    "kv_budget": ("budget", "leave", "left", "headroom", "for cache", "free"),
    "reserved_memory": ("overhead", "reserved", "activations"),
    "max_batch": ("max batch", "max_batch", "batch", "concurrent", "fit"),
    "max_seq": ("max seq", "max_seq", "longest context"),
    "kv_token_capacity": ("tokens of kv", "tokens", "capacity", "for cache"),
    "sequences_in_pool": ("sequences", "divided", "upper bound"),
    "decode_ceiling_per_sequence": ("tokens/s", "ceiling", "decode", "per second", "bandwidth", "÷"),
    "t_step": ("step", "latency", "inter-token", "itl", "tpot", "ttft"),
    "decode_throughput": ("throughput", "tokens/s"),
    "compute_knee_batch": ("knee", "compute-bound", "compute bound"),
    "gqa_group_size": ("query heads", "kv heads", "smaller", "group", "factor"),
    "mla_reduction_vs_mha": ("mla", "mha", "reduction", "smaller"),
}
COUNT_WORDS = ("sequences", "sequence", "requests", "request")
DTYPES = ("bf16", "fp16", "fp32", "fp8", "int8", "int4", "nf4")
DTYPE_PHRASES = {"4-bit": "int4", "8-bit": "int8", "16-bit": "fp16"}
SUFFIXES = ("-instruct", "-base", "-it", "-thinking", "-hf", "-chat", "-8k")


def normalise(text: str) -> str:
    """Lower case, with '-', '_' and runs of spaces made one space, for name matching."""
    return re.sub(r"[\s_\-]+", " ", text.lower())


def model_aliases(model_ids: list[str]) -> list[tuple[str, str]]:
    """(alias, model id) pairs, longest alias first: "meta llama 3 8b", "llama 3 8b"..."""
    pairs = set()
    for model_id in model_ids:
        name = model_id.split("/")[-1].lower()
        for suffix in SUFFIXES:
            name = name.removesuffix(suffix)
        pairs.add((normalise(name), model_id))
        if name.startswith("meta-"):
            pairs.add((normalise(name[5:]), model_id))
    return sorted(pairs, key=lambda p: (-len(p[0]), p[1]))


def gpu_aliases(gpus: dict[str, dict]) -> list[tuple[str, str]]:
    """(alias, gpu id) pairs from ids and names: "h100 sxm", "a100 80gb"; bare family names go to the first entry."""
    pairs: dict[str, str] = {}
    for gpu_id, entry in gpus.items():
        pairs.setdefault(normalise(gpu_id), gpu_id)
        name = normalise(str(entry.get("name", ""))).replace("nvidia ", "").replace("amd ", "")
        words = name.split()
        for length in range(len(words), 0, -1):
            pairs.setdefault(" ".join(words[:length]), gpu_id)
    return sorted(pairs.items(), key=lambda p: (-len(p[0]), p[1]))


def find_named(text: str, aliases: list[tuple[str, str]]) -> list[tuple[int, int, str]]:
    """(start, end, id) in ``text`` for each alias found as whole words, longest alias first."""
    found: list[tuple[int, int, str]] = []
    for alias, item in aliases:
        pattern = r"[\s_\-]+".join(re.escape(word) for word in alias.split())
        for match in re.finditer(rf"(?<![\w.]){pattern}(?![\w.])", text, re.IGNORECASE):
            if not any(start <= match.start() < end for start, end, _ in found):
                found.append((match.start(), match.end(), item))
    return sorted(found)


def nearest(found: list[tuple[int, int, str]], position: int) -> str | None:
    if not found:
        return None
    return min(found, key=lambda f: (abs(f[0] - position), f[0]))[2]


def find_dtype(text: str) -> str | None:
    lowered = text.lower()
    for phrase, dtype in DTYPE_PHRASES.items():
        if phrase in lowered:
            return dtype
    found = [d for d in DTYPES if re.search(rf"(?<![a-z0-9]){d}(?![0-9])", lowered)]
    return found[0] if found else None


def find_seq_len(text: str) -> int | None:
    """A context length written nearby: "8K-token", "at 4k context", "8,192 tokens"."""
    match = re.search(r"(?<![\w.])(\d+)\s?[kK](?:[- ]token| context|\b)", text)
    if match:
        return int(match.group(1)) * 1024
    match = re.search(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d{3,})[- ]tokens?\b", text)
    return int(match.group(1).replace(",", "")) if match else None


@dataclass(frozen=True)
class QuantityMatch:
    formula: str
    score: int


def match_quantity(context: str, dimensions: tuple, catalogue, near: str = "") -> QuantityMatch | None:
    """The catalogue formula whose unit fits and whose phrases the context uses most.

    A phrase right beside the number (``near``) counts three times one elsewhere
    in the context, so "weights 16 GB, overhead 8 GB" gives each number its own.
    """
    lowered, beside = context.lower(), near.lower()
    best = None
    for formula_id, phrases in QUANTITY_PHRASES.items():
        formula = catalogue.formulas.get(formula_id)
        if formula is None or formula.unit.dimensions != dimensions:
            continue
        score = sum(phrase in lowered for phrase in phrases) + 3 * sum(phrase in beside for phrase in phrases)
        if score and (best is None or score > best.score):
            best = QuantityMatch(formula_id, score)
    return best
