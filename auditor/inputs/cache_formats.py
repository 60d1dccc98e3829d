"""Cache layouts engines allocate, where one dtype does not describe a cache row.

DeepSeek's fp8 MLA row is 512 fp8 values, four fp32 scales and a 64-wide
bf16 RoPE key; vLLM's per-token-head int8 cache adds one fp32 scale per
token per KV head. A claim that names a format (``kv_cache_format:``) gets
the inputs it fixes, so the layout is declared once, with the engine file
that fixes it, instead of being typed into every claim. A project adds one
with ``inputs/cache_formats.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.yamlio import load_yaml

REQUIRED = ("engine", "given", "per_layer", "source")


@dataclass(frozen=True)
class CacheFormat:
    """A named layout: the inputs it fixes, the formula pricing one row, what the engine allocates."""

    name: str
    engine: str
    given: dict
    per_layer: str
    source: dict
    recorded: dict = field(default_factory=dict)
    where: Location | None = None


def load_cache_formats(paths: list[Path]) -> dict[str, CacheFormat]:
    """Every format in ``paths`` (later files win per name), each entry checked."""
    found: dict[str, CacheFormat] = {}
    for path in paths:
        if not path.is_file():
            continue
        data = load_yaml(path) or {}
        shown = display_path(path)
        table = data.get("cache_formats") if isinstance(data, dict) else None
        if not isinstance(table, dict):
            raise InputError(Location(shown, getattr(data, "line", None)), "a cache-format file needs a 'cache_formats' mapping")
        for name, spec in table.items():
            found[str(name)] = _format(str(name), spec, Location(shown, table.line_of(name)))
    return found


def _format(name: str, spec, where: Location) -> CacheFormat:
    if not isinstance(spec, dict):
        raise InputError(where, f"cache format {name!r} must be a mapping with {', '.join(REQUIRED)}")
    missing = [key for key in REQUIRED if spec.get(key) in (None, "", {})]
    if missing:
        raise InputError(where, f"cache format {name!r} needs {', '.join(missing)}")
    for key in ("given", "source"):
        if not isinstance(spec[key], dict):
            raise InputError(where, f"cache format {name!r}: {key!r} must be a mapping")
    recorded = spec.get("bytes_per_token_per_layer") or {}
    if not isinstance(recorded, dict) or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in recorded.values()):
        raise InputError(where, f"cache format {name!r}: bytes_per_token_per_layer must map models to positive whole byte counts")
    return CacheFormat(name, str(spec["engine"]), dict(spec["given"]), str(spec["per_layer"]), dict(spec["source"]), dict(recorded), where)
