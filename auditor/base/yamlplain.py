"""A plain YAML document's data built straight from libyaml's events, for the files that are nearly all of them.

Composing a node tree and then constructing from it costs four times what
libyaml spends parsing: every scalar becomes a node, and the constructor
walks the tree again. Claims, formulas and inputs use none of what needs
the tree (anchors on collections, explicit tags, merge keys; an anchored
scalar and its aliases are the one value), so for a document without them
the mappings, lists and scalars are built here as the events
arrive, with the same resolver and scalar constructors, the same
``Located`` lines and the same limits. Anything this does not build as the
two-step loader would (one of those features, a duplicate or non-scalar
key, a limit passed, a scalar its constructor refuses, a second document)
raises ``NotPlain``, and the caller reads the text again the usual way, so
every error keeps its one located message.
"""

from __future__ import annotations

from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import ScalarNode

from .limits import limit

STR = "tag:yaml.org,2002:str"
MERGE = "tag:yaml.org,2002:merge"
KEYS = (str, int, float, bool, type(None))


class NotPlain(Exception):
    """The document uses something only the two-step loader builds (or reports): read it that way."""


_NO_KEY = object()


def plain_data(loader, mapping, sequence):
    """The single document's data; ``mapping`` and ``sequence`` are the located types to build (``Located``, ``LocatedList``)."""
    get = loader.get_event
    get()  # stream start
    event = get()
    if type(event) is StreamEndEvent:
        return None
    if type(event) is not DocumentStartEvent:
        raise NotPlain
    resolve, constructors = loader.resolve, loader.yaml_constructors
    max_items, max_nodes, max_depth = limit("collection_items"), limit("yaml_nodes"), limit("yaml_depth")
    stack: list[list] = []  # [container, is mapping, pending key, its line]
    nodes = 0
    root = None
    anchors: dict = {}  # an anchored scalar's value and line, for its aliases
    while True:
        event = get()
        kind = type(event)
        if kind is ScalarEvent:
            if event.tag is not None and event.tag != "!":
                raise NotPlain
            tag = resolve(ScalarNode, event.value, event.implicit)
            if tag == STR:
                value = event.value
            else:
                construct = constructors.get(tag)
                if construct is None or tag == MERGE:
                    raise NotPlain
                try:
                    value = construct(loader, ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style))
                except Exception:  # noqa: BLE001  the two-step loader words this one
                    raise NotPlain from None
            line = event.start_mark.line + 1
            if event.anchor is not None:
                if event.anchor in anchors:
                    raise NotPlain
                anchors[event.anchor] = (value, line)
        elif kind is AliasEvent:
            if event.anchor not in anchors:
                raise NotPlain
            value, line = anchors[event.anchor]  # the anchored node itself, at its own line, as the composer hands it on
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if event.anchor is not None or (event.tag is not None and event.tag != "!") or len(stack) >= max_depth:
                raise NotPlain
            container = mapping() if kind is MappingStartEvent else sequence()
            container.line = event.start_mark.line + 1
            if kind is MappingStartEvent:
                container.key_lines = {}
            else:
                container.item_lines = []
            stack.append([container, kind is MappingStartEvent, _NO_KEY, 0])
            nodes += 1
            continue
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            frame = stack.pop()
            value, line = frame[0], frame[0].line
            nodes -= 1  # counted when it opened
        elif kind is DocumentEndEvent:
            break
        else:
            raise NotPlain
        nodes += 1
        if nodes > max_nodes:
            raise NotPlain
        if not stack:
            root = value
            continue
        frame = stack[-1]
        container = frame[0]
        if frame[1]:
            if frame[2] is _NO_KEY:
                if not isinstance(value, KEYS) or value in container:
                    raise NotPlain
                frame[2], frame[3] = value, line
                continue
            container[frame[2]] = value
            container.key_lines[frame[2]] = frame[3]
            frame[2] = _NO_KEY
            if len(container) > max_items:
                raise NotPlain
        else:
            container.append(value)
            container.item_lines.append(line)
            if len(container) > max_items:
                raise NotPlain
    if type(get()) is not StreamEndEvent:
        raise NotPlain
    return root
