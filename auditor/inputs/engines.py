"""Serving engines as data: which formula gives each printed figure, defaults, printing, rules.

``inputs/engines.yaml`` describes what vLLM and SGLang print at startup in
terms of the formula catalogue, so the capacity calculator holds no
arithmetic of its own and a project can describe another engine, or another
version's behaviour, in YAML. A project's ``inputs/engines.yaml`` replaces
the built-in entry of the same name. Every shape problem is a located error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from auditor.base.errors import InputError, Location
from auditor.base.resources import display_path
from auditor.base.yamlio import Located, load_yaml

from .device_defaults import DeviceDefault, read_device_defaults

ENGINE_KEYS = {"name", "rule", "rule_source", "figures", "available_formula", "blocks_from_tokens", "tokens_bind", "stage_layers", "logged_memory",
               "printed", "defaults", "device_defaults", "estimates", "rules", "tiers", "unsupported", "hidden_when"}
RULE_KEYS = {"versions", "note", "defaults", "figure_inputs", "figures", "blocks_from_tokens"}
INVERSION_KEYS = {"formula", "most", "binds"}
REQUIRED = ("name", "rule", "rule_source", "figures")


@dataclass(frozen=True)
class Setting:
    """A value an engine's source sets (or an estimate), as text or a formula id, with its source."""

    value: object
    source: str
    formula: str | None = None


@dataclass(frozen=True)
class LoggedMemory:
    """The memory for the KV cache as a formula of figures the engine logs: name -> (symbol, the line it is printed in)."""

    formula: str
    figures: dict[str, tuple[str, str]]


@dataclass(frozen=True)
class Rule:
    """An older behaviour of an engine: what it changes and which versions had it."""

    name: str
    versions: str
    note: str = ""
    defaults: dict[str, Setting] = field(default_factory=dict)
    figure_inputs: dict[str, dict] = field(default_factory=dict)
    figures: dict[str, str] = field(default_factory=dict)  # capacity key -> the formula this behaviour prints instead
    blocks_from_tokens: dict | None = None  # how this behaviour's logged token count is inverted, when it differs


@dataclass(frozen=True)
class Engine:
    id: str
    name: str
    rule: str
    rule_source: str
    figures: dict[str, str]
    location: Location
    available_formula: str | None = None
    blocks_from_tokens: dict | None = None
    tokens_bind: str | None = None
    stage_layers: str | None = None  # formula of pipeline stage pp_stage's KV layers, for pricing each rank apart
    logged_memory: LoggedMemory | None = None  # the KV cache's memory from other figures the engine logs
    printed: dict[str, dict] = field(default_factory=dict)
    defaults: dict[str, Setting] = field(default_factory=dict)
    device_defaults: dict[str, DeviceDefault] = field(default_factory=dict)
    estimates: dict[str, Setting] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)
    tiers: tuple = ()
    unsupported: dict[str, str] = field(default_factory=dict)
    hidden_when: dict[str, str] = field(default_factory=dict)

    def rule_named(self, name: str | None) -> Rule | None:
        if name is None or name == self.rule:
            return None
        if name not in self.rules:
            known = ", ".join([self.rule, *sorted(self.rules)])
            raise InputError(self.location, f"engine {self.id!r} has no rule {name!r} (known: {known})")
        return self.rules[name]


def load_engines(dirs: list[Path]) -> dict[str, Engine]:
    """Every engine described under ``dirs`` (built-in first; a later folder's entry wins)."""
    engines: dict[str, Engine] = {}
    for folder in dirs:
        path = folder / "engines.yaml"
        if path.is_file():
            engines.update(_read_file(path))
    return engines


def _read_file(path: Path) -> dict[str, Engine]:
    shown = display_path(path)
    data = load_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("engines"), dict):
        raise InputError(Location(shown, 1), "engines.yaml must be a mapping with an 'engines' mapping")
    table = data["engines"]
    return {str(name): _engine(str(name), node, Location(shown, table.line_of(name)), shown) for name, node in table.items()}


def _mapping(node, where: Location, what: str) -> Located:
    if node is None:
        return Located()
    if not isinstance(node, dict):
        raise InputError(where, f"{what} must be a mapping, got {type(node).__name__}")
    return node


def _at(node: Located, key: str, shown: str) -> Location:
    return Location(shown, node.line_of(key) if isinstance(node, Located) else None)


def _engine(name: str, node, where: Location, shown: str) -> Engine:
    node = _mapping(node, where, f"engine {name!r}")
    for key in node:
        if key not in ENGINE_KEYS:
            raise InputError(_at(node, key, shown), f"unknown key {key!r} in engine {name!r} (expected one of: {', '.join(sorted(ENGINE_KEYS))})")
    for key in REQUIRED:
        if not node.get(key):
            raise InputError(where, f"engine {name!r} needs {key!r}")
    figures = {str(k): str(v) for k, v in _mapping(node["figures"], _at(node, "figures", shown), "'figures'").items()}
    return Engine(
        id=name, name=str(node["name"]), rule=str(node["rule"]), rule_source=str(node["rule_source"]),
        figures=figures, location=where,
        available_formula=node.get("available_formula"),
        blocks_from_tokens=_inversion(node, shown),
        tokens_bind=node.get("tokens_bind"),
        stage_layers=_formula_id(node, "stage_layers", shown),
        logged_memory=_logged_memory(node, shown),
        printed={str(k): dict(v) for k, v in _mapping(node.get("printed"), _at(node, "printed", shown), "'printed'").items()},
        defaults=_settings(node.get("defaults"), _at(node, "defaults", shown), shown),
        device_defaults=read_device_defaults(node.get("device_defaults"), _at(node, "device_defaults", shown)),
        estimates=_settings(node.get("estimates"), _at(node, "estimates", shown), shown),
        rules=_rules(node.get("rules"), _at(node, "rules", shown), shown),
        tiers=tuple(node.get("tiers") or ()),
        unsupported={str(k): str(v) for k, v in _mapping(node.get("unsupported"), _at(node, "unsupported", shown), "'unsupported'").items()},
        hidden_when={str(k): str(v) for k, v in _mapping(node.get("hidden_when"), _at(node, "hidden_when", shown), "'hidden_when'").items()},
    )


def _formula_id(node: Located, key: str, shown: str) -> str | None:
    """An optional formula id: text, or a located error."""
    value = node.get(key)
    if value is not None and not isinstance(value, str):
        raise InputError(_at(node, key, shown), f"{key} must be a formula id, got {type(value).__name__}")
    return value


def _section(node: Located, name: str, keys: set[str], shown: str) -> tuple[Location, Located]:
    """(where, mapping) of one optional section of an engine, each key it holds one of ``keys`` (a located error otherwise)."""
    where = _at(node, name, shown)
    spec = _mapping(node.get(name), where, f"{name!r}")
    for key in spec:
        if key not in keys:
            raise InputError(_at(spec, key, shown), f"unknown key {key!r} in {name} (expected one of: {', '.join(sorted(keys))})")
    return where, spec


def _logged_memory(node: Located, shown: str) -> LoggedMemory | None:
    """'formula' (a formula id) and 'figures' (name -> symbol and line) of an engine's logged_memory, checked with their lines."""
    where, spec = _section(node, "logged_memory", {"formula", "figures"}, shown)
    if not spec:
        return None
    figures = _mapping(spec.get("figures"), _at(spec, "figures", shown), "logged_memory 'figures'")
    if not isinstance(spec.get("formula"), str) or not figures:
        raise InputError(where, "logged_memory needs 'formula' (a formula id) and 'figures' (name: {symbol, line})")
    read = {}
    for name, figure in figures.items():
        figure = _mapping(figure, _at(figures, name, shown), f"logged figure {name!r}")
        if not isinstance(figure.get("symbol"), str):
            raise InputError(_at(figures, name, shown), f"logged figure {name!r} needs 'symbol' (the input it binds)")
        read[str(name)] = (figure["symbol"], str(figure.get("line", "")))
    return LoggedMemory(str(spec["formula"]), read)


def _inversion(node: Located, shown: str) -> dict | None:
    """How a logged token count becomes blocks: 'formula' (the fewest), 'binds' (the symbol), optional 'most'."""
    where, spec = _section(node, "blocks_from_tokens", INVERSION_KEYS, shown)
    if not spec:
        return None
    for key in ("formula", "binds"):
        if not isinstance(spec.get(key), str):
            raise InputError(where, f"blocks_from_tokens needs {key!r} (a formula id and the symbol it binds)")
    return {str(k): str(v) for k, v in spec.items()}


def _settings(node, where: Location, shown: str) -> dict[str, Setting]:
    settings = {}
    for key, spec in _mapping(node, where, "a settings table").items():
        spec = _mapping(spec, _at(node, key, shown), f"setting {key!r}")
        if "source" not in spec or ("value" not in spec and "formula" not in spec):
            raise InputError(_at(node, key, shown), f"setting {key!r} needs 'source' and a 'value' or a 'formula'")
        settings[str(key)] = Setting(spec.get("value"), str(spec["source"]), spec.get("formula"))
    return settings


def _rules(node, where: Location, shown: str) -> dict[str, Rule]:
    rules = {}
    for key, spec in _mapping(node, where, "'rules'").items():
        spec = _mapping(spec, _at(node, key, shown), f"rule {key!r}")
        for item in spec:
            if item not in RULE_KEYS:
                raise InputError(_at(spec, item, shown), f"unknown key {item!r} in rule {key!r} (expected one of: {', '.join(sorted(RULE_KEYS))})")
        inputs = {str(k): dict(v) for k, v in _mapping(spec.get("figure_inputs"), _at(spec, "figure_inputs", shown), "'figure_inputs'").items()}
        figures = {str(k): str(v) for k, v in _mapping(spec.get("figures"), _at(spec, "figures", shown), "'figures'").items()}
        inversion = _inversion(spec, shown)
        rules[str(key)] = Rule(str(key), str(spec.get("versions", "")), str(spec.get("note", "")),
                               _settings(spec.get("defaults"), _at(spec, "defaults", shown), shown), inputs, figures, inversion)
    return rules
