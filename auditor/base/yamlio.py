"""Safe YAML reading that keeps line numbers, refuses duplicate keys, and is bounded.

Catalogues and claims come from strangers' pull requests, so only the safe
constructors are used. Where PyYAML has libyaml, its C parser turns the text
into events (six times faster on the claims); a plain document's data is
built straight from them (``yamlplain``), and any other the same composer
and constructors below build into the same tree; text it refuses is read
again by the pure-Python loader, so a malformed file gets the same located
message either way. Mappings come back as ``Located`` dicts that
remember the line of each key, which is what lets every later error say
``file:line``. A hostile file cannot make reading it slow or large: nodes are
composed from the parser's events without recursion, and the nesting depth,
the length of each list and mapping, and the size of the tree with every
alias expanded are checked as it is built (``auditor.base.limits``), before
anything walks it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DUPLICATE_KEY, InputError, Location
from .limits import limit, over
from .resources import display_path
from .textio import read_text


class Located(dict):
    """A mapping read from YAML, with the 1-based line of itself and of each key.

    Slotted: a claims file of a thousand claims holds thousands of these, and
    an instance dictionary for two attributes would double what each costs.
    """

    __slots__ = ("line", "key_lines")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.line = 0
        self.key_lines = {}

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    """A sequence read from YAML, with its 1-based line and the line of each item."""

    __slots__ = ("line", "item_lines")

    def __init__(self, *args):
        super().__init__(*args)
        self.line = 0
        self.item_lines = []

    def line_at(self, index: int) -> int:
        lines = getattr(self, "item_lines", None) or []
        return lines[index] if 0 <= index < len(lines) else self.line


class _Bounded:
    """What both loaders share: composing within the limits, and located constructor errors."""

    def get_single_node(self):
        from .yamlcompose import compose_single

        return compose_single(self)

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError):
            # PyYAML's scalar constructors raise these for a value they matched (or were told by a tag) but cannot build
            tag = node.tag.rsplit(":", 1)[-1]
            raise InputError(Location(self.name, node.start_mark.line + 1), f"cannot read {_short(node.value)} as a YAML {tag}") from None


class _Loader(_Bounded, yaml.SafeLoader):
    """SafeLoader that records lines, rejects duplicate keys and composes within the limits."""


try:
    from yaml.cyaml import CParser as _CParser
except ImportError:  # PyYAML built without libyaml
    _CParser = None

if _CParser is not None:

    class _FastLoader(_Bounded, _CParser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """libyaml's parser feeding the same composer and constructors as ``_Loader``."""

        def __init__(self, stream):
            _CParser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

else:
    _FastLoader = None


def _short(value) -> str:
    text = repr(value) if isinstance(value, str) else "this value"
    return text if len(text) <= 60 else text[:57] + "..."


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Located:
    result = Located()
    result.line = _line(node)
    result.key_lines = {}
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise InputError(Location(loader.name, _line(key_node)), "mapping keys must be plain scalars")
        if key in result:
            first = result.key_lines[key]
            raise InputError(Location(loader.name, _line(key_node)), DUPLICATE_KEY.format(key=key, first=first))
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = _line(key_node)
    if len(result) > limit("collection_items"):
        raise over("collection_items", Location(loader.name, result.line), f"a mapping of {len(result):,} keys (after merges)")
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = _line(node)
    result.item_lines = [_line(child) for child in node.value]
    return result


def _refuse_tag(loader, node: yaml.Node):
    """Binary data, sets and ordered pairs have no meaning in these files: refused rather than passed on as odd types."""
    raise InputError(Location(loader.name, _line(node)), f"the YAML tag {node.tag!r} is not used in these files (write plain text, numbers, lists and mappings)")


for _loader_class in filter(None, (_Loader, _FastLoader)):
    _loader_class.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader_class.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
    for _tag in ("binary", "set", "omap", "pairs"):
        _loader_class.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)


def load_yaml(path: Path) -> Any:
    """Read one YAML file; any problem becomes a located ``InputError``."""
    return load_yaml_text(read_text(path, "file_bytes"), display_path(path))


def load_yaml_text(text: str, name: str) -> Any:
    """The data of one YAML document; any problem, or a limit passed, is a located ``InputError``."""
    if _FastLoader is not None and len(text) <= limit("file_bytes") and not yaml.reader.Reader.NON_PRINTABLE.search(text):
        from .yamlplain import NotPlain, plain_data

        loader = _FastLoader(text)
        loader.name = name
        try:
            return plain_data(loader, Located, LocatedList)
        except (NotPlain, yaml.YAMLError):
            pass  # built the two-step way below
        finally:
            loader.dispose()
        loader = _FastLoader(text)
        loader.name = name
        try:
            return loader.get_single_data()
        except yaml.YAMLError:
            pass  # read again below, for the pure-Python loader's located message
        finally:
            loader.dispose()
    with _loading(text, name) as loader:
        return loader.get_single_data()


def compose_yaml_text(text: str, name: str) -> yaml.Node | None:
    """The node tree of one YAML document (for exact spans), within the same limits as ``load_yaml_text``."""
    with _loading(text, name) as loader:
        return loader.get_single_node()


class _loading:
    """A loader for ``text`` whose YAML errors leave as located ``InputError``s."""

    def __init__(self, text: str, name: str):
        self.text, self.name, self.loader = text, name, None

    def __enter__(self) -> _Loader:
        if len(self.text) > limit("file_bytes"):
            raise over("file_bytes", Location(self.name, 1), f"{len(self.text):,} characters of YAML")
        try:
            self.loader = _Loader(self.text)
        except yaml.reader.ReaderError as exc:
            raise _reader_error(exc, self.text, self.name) from None
        except UnicodeEncodeError as exc:  # a lone surrogate, which no file can hold as UTF-8
            line = self.text.count("\n", 0, exc.start) + 1
            raise InputError(Location(self.name, line), f"not valid YAML: character U+{ord(self.text[exc.start]):04X} is a lone surrogate") from None
        self.loader.name = self.name
        return self.loader

    def __exit__(self, kind, exc, traceback) -> bool:
        if self.loader is not None:
            self.loader.dispose()
        if isinstance(exc, yaml.reader.ReaderError):
            raise _reader_error(exc, self.text, self.name) from None
        if isinstance(exc, yaml.MarkedYAMLError):
            mark = exc.problem_mark or exc.context_mark
            problem = exc.problem or exc.context or "malformed YAML"
            raise InputError(Location(self.name, mark.line + 1 if mark else 1), f"not valid YAML: {problem}") from None
        if isinstance(exc, yaml.YAMLError):
            raise InputError(Location(self.name, 1), f"not valid YAML: {exc}") from None
        return False


def _reader_error(exc: yaml.reader.ReaderError, text: str, name: str) -> InputError:
    """A character YAML does not allow, at its line."""
    line = text.count("\n", 0, max(exc.position, 0)) + 1
    character = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
    return InputError(Location(name, line), f"not valid YAML: character {character} is not allowed ({exc.reason})")


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
