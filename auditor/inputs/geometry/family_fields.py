"""Reading one family entry, field by field, into a ``Family``.

Each field has one reader that checks its shape and says, at the entry's
file:line, what was expected. Kept apart from ``families.py`` (which finds,
merges and resolves the entries) so that each stays small.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .rules import EXPERT_SHAPES, LAYOUT_SHAPES, ExpertRule, LayoutRule, RuleError, condition, slot
from .shapes import Shapes, read_shapes

FAMILY_FIELDS = ("config_class", "keys", "defaults", "scaled", "set_when", "text_config", "vision",
                 "attention", "layers", "experts", "shapes", "refuse")
NO_EXPERTS = ExpertRule("all")


@dataclass(frozen=True)
class Family:
    """Everything the engine needs to know about one model_type that its config.json does not say."""

    model_type: str
    config_class: str
    keys: Mapping[str, tuple[str, ...]]
    defaults: Mapping[str, Any]
    scaled: Mapping[str, tuple[int, str]]
    set_when: tuple
    text_config: str | None
    vision: str | None
    attention: str
    layers: tuple
    experts: Any
    shapes: Shapes
    refuse: Mapping[str, str]
    where: str

    def keys_for(self, symbol: str) -> tuple[str, ...]:
        """The config keys that spell ``symbol`` in this family, first present wins."""
        return self.keys.get(symbol, (symbol,))


def build_family(name: str, entry: Mapping[str, Any], common: Mapping[str, Any], where: str):
    keys = {**_keys(common["keys"], f"{where}: keys"), **_keys(entry.get("keys") or {}, f"{where}: keys")}
    refuse = {**common["refuse"], **_mapping(entry.get("refuse") or {}, f"{where}: refuse")}
    layers = entry.get("layers") or [{"window": "sliding_window"}]
    if not isinstance(layers, list):
        raise RuleError(f"{where}: layers must be a list of rules")
    attention = entry.get("attention", "gqa")
    if attention not in ("gqa", "mla"):
        raise RuleError(f"{where}: attention must be gqa or mla, got {attention!r}")
    vision = entry.get("vision")
    from .vision import VISION_TOWERS  # the counters' own table (vision imports this module)

    if vision is not None and (not isinstance(vision, str) or vision not in VISION_TOWERS):
        raise RuleError(f"{where}: vision must be one of {', '.join(VISION_TOWERS)}, got {vision!r}")
    return Family(
        model_type=name,
        config_class=str(entry.get("config_class") or name),
        keys=keys,
        defaults=dict(_mapping(entry.get("defaults") or {}, f"{where}: defaults")),
        scaled=_scaled(entry.get("scaled") or {}, f"{where}: scaled"),
        set_when=tuple(_override(item, f"{where}: set_when") for item in _list(entry.get("set_when"), where)),
        text_config=_optional_str(entry.get("text_config"), f"{where}: text_config"),
        vision=vision,
        attention=attention,
        layers=tuple(layout_rule(rule, f"{where}: layers[{i}]") for i, rule in enumerate(layers)),
        experts=expert_rule(entry["experts"], f"{where}: experts") if entry.get("experts") else NO_EXPERTS,
        shapes=read_shapes(_mapping(entry.get("shapes") or {}, f"{where}: shapes"), where) if entry.get("shapes") else Shapes(),
        refuse={str(k): str(v) for k, v in refuse.items() if v},
        where=where,
    )


def layout_rule(raw: Any, where: str) -> LayoutRule:
    """One ``layers:`` entry; exactly one of LAYOUT_SHAPES names its shape."""
    raw = _mapping(raw, where)
    shapes = [s for s in LAYOUT_SHAPES if s in raw]
    if len(shapes) != 1:
        raise RuleError(f"{where}: a layout rule names exactly one of {', '.join(LAYOUT_SHAPES)}")
    shape = shapes[0]
    allowed = {shape, "names", "nth", "others", "when", "parallel"}
    extra = sorted(set(raw) - allowed)
    if extra:
        raise RuleError(f"{where}: unknown field {extra[0]!r} in a {shape} rule")
    when = condition(raw["when"], f"{where}: when") if raw.get("when") is not None else None
    value = raw[shape]
    if shape in ("pattern", "types"):
        names = {str(k): slot(v, f"{where}: names.{k}") for k, v in _mapping(raw.get("names"), f"{where}: names").items()}
        return LayoutRule(shape, key=_str(value, where), names=names, when=when)
    if shape == "every":
        count = value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None
        key = None if count else _str(value, where)
        return LayoutRule(shape, key=key, count=count, nth=slot(raw.get("nth"), f"{where}: nth"),
                          others=slot(raw.get("others"), f"{where}: others"), when=when)
    if shape == "offset":
        period, offset = _pair(value, where)
        return LayoutRule(shape, key=period, offset_key=offset, nth=slot(raw.get("nth"), f"{where}: nth"),
                          others=slot(raw.get("others"), f"{where}: others"), when=when)
    if shape == "all":
        mixer = {"mixer": value, "parallel": raw["parallel"]} if raw.get("parallel") else value
        return LayoutRule(shape, nth=slot(mixer, where), when=when)
    return LayoutRule(shape, key=_str(value, where), when=when)


def expert_rule(raw: Any, where: str) -> ExpertRule:
    """The ``experts:`` entry; exactly one of EXPERT_SHAPES."""
    raw = _mapping(raw, where)
    shapes = [s for s in EXPERT_SHAPES if s in raw]
    if len(shapes) != 1:
        raise RuleError(f"{where}: an experts rule names exactly one of {', '.join(EXPERT_SHAPES)}")
    shape = shapes[0]
    extra = sorted(set(raw) - {shape, "every", "except"})
    if extra:
        raise RuleError(f"{where}: unknown field {extra[0]!r} in an experts rule")
    if shape == "all":
        return ExpertRule(shape)
    if shape == "offset":
        period, offset = _pair(raw[shape], where)
        return ExpertRule(shape, key=period, offset_key=offset)
    return ExpertRule(shape, key=_str(raw[shape], where), every_key=_optional_str(raw.get("every"), where),
                      except_key=_optional_str(raw.get("except"), where))


def _keys(raw: Mapping[str, Any], where: str) -> dict[str, tuple[str, ...]]:
    result = {}
    for symbol, keys in _mapping(raw, where).items():
        spelled = [keys] if isinstance(keys, str) else keys
        if not isinstance(spelled, list) or not spelled or not all(isinstance(k, str) for k in spelled):
            raise RuleError(f"{where}.{symbol}: expected a config key or a list of them, got {keys!r}")
        result[str(symbol)] = tuple(spelled)
    return result


def _scaled(raw: Mapping[str, Any], where: str) -> dict[str, tuple[int, str]]:
    """``{intermediate_size: [4, hidden_size]}``: when absent, a whole multiple of another key."""
    result = {}
    for key, value in _mapping(raw, where).items():
        if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], str)):
            raise RuleError(f"{where}.{key}: expected [FACTOR, KEY], got {value!r}")
        result[str(key)] = (value[0], value[1])
    return result


def _override(raw: Any, where: str) -> tuple:
    """``{when: KEY or {key, equals}, set: {key: value}}``: a config flag that fixes other keys."""
    raw = _mapping(raw, where)
    if set(raw) - {"when", "set", "unless"} or "when" not in raw or not isinstance(raw.get("set"), Mapping):
        raise RuleError(f"{where}: expected {{when: KEY, set: {{key: value}}}} (and optionally unless: KEY)")
    unless = condition(raw["unless"], where) if raw.get("unless") is not None else None
    return condition(raw["when"], where), dict(raw["set"]), unless


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RuleError(f"{where}: expected a mapping, got {value!r}")
    return value


def _list(value: Any, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RuleError(f"{where}: expected a list, got {value!r}")
    return value


def _pair(value: Any, where: str) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
        raise RuleError(f"{where}: expected [PERIOD_KEY, OFFSET_KEY], got {value!r}")
    return value[0], value[1]


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise RuleError(f"{where}: expected a config key, got {value!r}")
    return value


def _optional_str(value: Any, where: str) -> str | None:
    return None if value is None else _str(value, where)


def plain_family(name: str, config_class: str, defaults: Mapping[str, Any]) -> Family:
    """A family with no rules: for reading a sub-config (a vision tower) key by key, with its class defaults."""
    return Family(name, config_class, {}, dict(defaults), {}, (), None, None, "gqa", (), NO_EXPERTS, Shapes(), {}, name)
