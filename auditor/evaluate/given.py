"""The ``given:`` keys that supply each symbol: what a user writes, rather than the symbol's name.

A symbol gets its value from a model's config.json (``model:``), a GPU's spec
sheet (``gpu:``), the dtype table (``kv_dtype:``, ``weight_dtype:``), a second
model by role (``draft_model:``), or a value given under its own name. Lists
of inputs, and the message of an underdetermined claim, name them this way,
so the user reads what to write, not a symbol to look up.
"""

from __future__ import annotations

import json
from functools import lru_cache

from auditor.catalogue.load import Catalogue
from auditor.inputs.reference import Inputs

from .resolve import WEIGHTS_SYMBOL


def model_supplied(catalogue: Catalogue, inputs: Inputs) -> frozenset[str]:
    """Symbols a ``model:`` can supply: those that read a config key, and those the geometry derives from the models in force."""
    declared = {s.name for s in catalogue.symbols.values() if s.config}
    return frozenset(declared | (_derived_names(tuple(inputs.dirs)) & set(catalogue.symbols)))


@lru_cache(maxsize=8)
def _derived_names(dirs: tuple) -> frozenset[str]:
    from auditor.inputs.geometry import UnsupportedArchitecture, derive

    names: set[str] = set()
    for folder in dirs:
        for path in sorted((folder / "models").glob("*.json")):
            try:
                names |= set(derive(json.loads(path.read_text(encoding="utf-8"))).values)
            except (UnsupportedArchitecture, ValueError, OSError):
                continue
    return frozenset(names)


def given_keys(name: str, catalogue: Catalogue, inputs: Inputs) -> tuple[str, ...]:
    """The keys that can supply ``name``, the most specific source first and the symbol's own name last."""
    symbol = catalogue.symbols.get(name)
    if symbol is None:
        return (name,)
    keys = ["model"] if name in model_supplied(catalogue, inputs) else []
    if symbol.gpu:
        keys.append("gpu")
    keys += [key for key in (symbol.dtype_key, symbol.dtype_nominal) if key and key not in keys]
    if symbol.of_model:
        keys.append(f"{symbol.of_model[0]}_model")
    if name == WEIGHTS_SYMBOL:
        keys.append("weights")
    return tuple(keys + [name])


def missing_hint(missing, catalogue: Catalogue, inputs: Inputs, given=()) -> str:
    """``give `gpu:` (or `mem_bandwidth:`)`` for each missing symbol another key can supply; empty when none can."""
    parts = []
    for name in missing:
        keys = [k for k in given_keys(name, catalogue, inputs) if k not in given or k == name]
        if len(keys) > 1:
            parts.append(f"`{keys[0]}:`" + f" (or {', '.join(f'`{k}:`' for k in keys[1:])})")
    return "give " + ", ".join(dict.fromkeys(parts)) if parts else ""
