"""Safe YAML reading that keeps line numbers and refuses duplicate keys.

Catalogues and claims come from strangers' pull requests, so only
``yaml.SafeLoader`` is used. Mappings come back as ``Located`` dicts that
remember the line of each key, which is what lets every later error say
``file:line``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DUPLICATE_KEY, InputError, Location
from .resources import display_path


class Located(dict):
    """A mapping read from YAML, with the 1-based line of itself and of each key."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    """A sequence read from YAML, with its 1-based line."""

    line: int = 0


class _Loader(yaml.SafeLoader):
    """SafeLoader that records lines and rejects duplicate keys."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Located:
    result = Located()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise InputError(
                Location(loader.name, key_node.start_mark.line + 1), "mapping keys must be plain scalars"
            )
        if key in result:
            first = result.key_lines[key]
            raise InputError(
                Location(loader.name, key_node.start_mark.line + 1),
                DUPLICATE_KEY.format(key=key, first=first),
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path) -> Any:
    """Read one YAML file; any problem becomes a located ``InputError``."""
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(Location(shown), f"cannot read file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(Location(shown), "file is not UTF-8 text") from None
    return load_yaml_text(text, shown)


def load_yaml_text(text: str, name: str) -> Any:
    loader = _Loader(text)
    loader.name = name
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise InputError(Location(name, line), f"not valid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise InputError(Location(name), f"not valid YAML: {exc}") from None
    finally:
        loader.dispose()


def line_of(node: Any, key: str | None = None) -> int | None:
    """The line of ``node`` (or of ``key`` inside it), when the node came from YAML."""
    if isinstance(node, Located):
        return node.line_of(key) if key is not None else node.line
    return getattr(node, "line", None)


def located(value: Any, line: int = 0) -> Any:
    """Plain Python data as if read from YAML (mappings ``Located``, lists ``LocatedList``), for claims built in code."""
    if isinstance(value, dict):
        result = Located((key, located(item, line)) for key, item in value.items())
        result.line, result.key_lines = line, {}
        return result
    if isinstance(value, (list, tuple)):
        items = LocatedList(located(item, line) for item in value)
        items.line = line
        return items
    return value
