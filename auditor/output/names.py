"""What ``auditor formulas`` and ``auditor symbols`` print: names a user can find, and the keys to write.

Each formula's inputs are listed as the ``given:`` keys a claim would write
(``model:``, ``gpu:``, ``kv_dtype:`` or the symbol's own name), so the
listing answers "what do I put in my claim", not only "what does it use".
"""

from __future__ import annotations

from auditor.base.errors import InputError, Location
from auditor.base.numbers import show
from auditor.catalogue.load import Catalogue
from auditor.catalogue.search import Match
from auditor.evaluate.given import given_keys

CATALOGUE = Location("formulas")


def formula_listing(catalogue: Catalogue) -> str:
    formulas = sorted((f for f in catalogue.formulas.values() if not f.fallacy), key=lambda f: f.id)
    width = max(len(f.id) for f in formulas)
    rows = [f"{f.id:<{width}}  {f.unit.text:<12} {f.title}" for f in formulas]
    return "\n".join(rows) + f"\n{len(rows)} formulas, {len(catalogue.symbols)} symbols (auditor formulas --search WORD; auditor symbols NAME)\n"


def search_listing(matches: list[Match], word: str) -> str:
    if not matches:
        return f"no formula mentions {word!r} in its id, title, owner or symbols\n"
    width = max(len(m.formula) for m in matches)
    rows = [f"{m.formula:<{width}}  [{m.where}] {m.text}" for m in matches]
    return "\n".join(rows) + f"\n{len(rows)} formulas match {word!r}\n"


def formula_detail(catalogue: Catalogue, inputs, formula_id: str) -> str:
    if formula_id not in catalogue.formulas:
        if formula_id in catalogue.symbols:
            return f"{formula_id} is a symbol, not a formula:\n" + symbol_detail(catalogue, inputs, formula_id)
        raise InputError(CATALOGUE, f"unknown formula {formula_id!r}{formula_hint(catalogue, formula_id)}")
    f = catalogue.formulas[formula_id]
    lines = [f"{f.id}: {f.title}", f"  = {f.expr_text}   [{f.unit.text}]", f"  owner: {f.owner}", f"  defined at {f.location}"]
    lines += [f"  assumes: {a}" for a in f.assumptions]
    for name in catalogue.depends_on(f.id):
        item = catalogue.symbols.get(name) or catalogue.formulas.get(name)
        meaning = getattr(item, "meaning", None) or getattr(item, "title", "")
        if getattr(item, "notation", ()):
            meaning += f" (written {', '.join(item.notation)})"
        lines.append(f"  {name} [{item.unit.text}]: {meaning}")
    lines.append("  given: " + ", ".join(given_summary(catalogue, inputs, formula_id)))
    return "\n".join(lines) + "\n"


def given_summary(catalogue: Catalogue, inputs, formula_id: str) -> list[str]:
    """``model: (head_dim, n_kv_heads)``, ``kv_dtype:``, ``seq_len:``: the keys that feed a formula's inputs, all the way down."""
    groups: dict[str, list[str]] = {}
    for name in sorted(str(s) for s in catalogue.inlined(formula_id).free_symbols):
        symbol = catalogue.symbols.get(name)
        if symbol is None or symbol.value is not None:
            continue
        key = given_keys(name, catalogue, inputs)[0]
        default = f"{show(symbol.default)} by default" if symbol.default is not None else ""
        groups.setdefault(key, []).append(default if key == name else name + (f" = {default}" if default else ""))
    return [f"{key}:" + (f" ({', '.join(m for m in members if m)})" if any(members) else "") for key, members in groups.items()]


def formula_hint(catalogue: Catalogue, name: str) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(catalogue.formulas), n=1)
    return f" (did you mean {close[0]!r}?)" if close else " (auditor formulas --search WORD finds one by its words)"


def symbol_listing(catalogue: Catalogue) -> str:
    symbols = sorted(catalogue.symbols.values(), key=lambda s: s.name)
    width = max(len(s.name) for s in symbols)
    rows = [f"{s.name:<{width}}  {s.unit.text:<12} {s.meaning}" + (f" (written {', '.join(s.notation)})" if s.notation else "") for s in symbols]
    return "\n".join(rows) + f"\n{len(rows)} symbols\n"


def symbol_detail(catalogue: Catalogue, inputs, name: str) -> str:
    symbol = catalogue.symbols.get(name)
    if symbol is None:
        import difflib

        close = difflib.get_close_matches(name, list(catalogue.symbols), n=1)
        raise InputError(CATALOGUE, f"unknown symbol {name!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
    lines = [f"{symbol.name}: {symbol.meaning}", f"  unit: {symbol.unit.text}; domain: {symbol.domain}"]
    if symbol.notation:
        lines.append(f"  written: {', '.join(symbol.notation)}")
    lines += [f"  from: {source}" for source in sources(symbol)]
    lines.append("  a claim gives it as: " + ", or ".join(f"{key}:" for key in given_keys(name, catalogue, inputs)))
    lines += [f"  confused with {other}: {why}" for other, why in symbol.confused_with.items()]
    users = sorted(f for f in catalogue.formulas if name in catalogue.depends_on(f) and not catalogue.formulas[f].fallacy)
    lines.append(f"  used by: {', '.join(users) if users else 'no formula'}")
    lines.append(f"  defined at {symbol.location}")
    return "\n".join(lines) + "\n"


def sources(symbol) -> list[str]:
    found = []
    if symbol.config:
        found.append(f"config.json key {symbol.config} (model:)")
    if symbol.gpu:
        found.append(f"GPU spec sheet field {symbol.gpu} (gpu:)")
    if symbol.dtype_key:
        found.append(f"the dtype table, as the bytes of {symbol.dtype_key}:")
    if symbol.dtype_nominal:
        found.append(f"the dtype table, as the nominal width of {symbol.dtype_nominal}:")
    if symbol.of_model:
        found.append(f"{symbol.of_model[1]} of the {symbol.of_model[0]} model ({symbol.of_model[0]}_model:)")
    if symbol.value is not None:
        found.append(f"a fixed value, {show(symbol.value)}")
    if symbol.default is not None:
        found.append(f"a default of {show(symbol.default)}" + (f" ({symbol.default_source})" if symbol.default_source else ""))
    return found
