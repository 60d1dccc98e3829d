"""Composing a YAML node tree from parser events, without recursion, within the limits.

PyYAML's own composer recurses once per nesting level (so a deep file ends in
``RecursionError``) and lets an alias stand for its anchor's whole subtree
without counting it (so a few lines can expand to billions of nodes for
whatever walks the data later). This composer keeps an explicit stack, and
counts for every node its size with aliases expanded: the depth, each
collection's length and that size are refused, at the line where they are
passed, before the tree is handed to the constructor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml
from yaml.composer import ComposerError
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
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .errors import Location
from .limits import limit, over


@dataclass
class _Open:
    """A sequence or mapping whose end event has not come yet."""

    node: yaml.Node
    children: list = field(default_factory=list)
    size: int = 1


class _Composer:
    def __init__(self, loader):
        self.loader = loader
        self.stack: list[_Open] = []
        self.anchors: dict[str, yaml.Node] = {}
        self.sizes: dict[int, int] = {}  # an anchored node's size once it is complete (an alias inside it finds none)
        self.anchored: set[int] = set()
        self.root: yaml.Node | None = None
        self.max_items, self.max_nodes, self.max_depth = limit("collection_items"), limit("yaml_nodes"), limit("yaml_depth")

    def at(self, mark) -> Location:
        return Location(self.loader.name, mark.line + 1)

    def document(self) -> yaml.Node:
        """Events up to the end of the document, as one node."""
        while not self.loader.check_event(DocumentEndEvent):
            self.step(self.loader.get_event())
        self.loader.get_event()
        return self.root

    def step(self, event) -> None:
        if type(event) is ScalarEvent or isinstance(event, ScalarEvent):  # most events by far: handled inline
            tag = event.tag
            if tag is None or tag == "!":
                tag = self.loader.resolve(ScalarNode, event.value, event.implicit)
            node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
            if event.anchor is not None:
                self.anchor(event, node)
            self.finish(node, 1)
        elif isinstance(event, AliasEvent):
            self.alias(event)
        elif isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            self.open(event)
        elif isinstance(event, (SequenceEndEvent, MappingEndEvent)):
            self.close(event)

    def tag(self, event, kind, value):
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(kind, value, event.implicit)
        return tag

    def anchor(self, event, node: yaml.Node) -> None:
        if event.anchor is None:
            return
        if event.anchor in self.anchors:
            first = self.anchors[event.anchor].start_mark
            raise ComposerError(f"found duplicate anchor {event.anchor!r}; first occurrence", first, "second occurrence", event.start_mark)
        self.anchors[event.anchor] = node
        self.anchored.add(id(node))

    def alias(self, event) -> None:
        node = self.anchors.get(event.anchor)
        if node is None:
            raise ComposerError(None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
        size = self.sizes.get(id(node))
        if size is None:
            raise ComposerError(None, None, f"alias {event.anchor!r} is used inside its own anchor", event.start_mark)
        self.finish(node, size)

    def open(self, event) -> None:
        if len(self.stack) >= self.max_depth:
            raise over("yaml_depth", self.at(event.start_mark), f"nesting {len(self.stack) + 1} levels deep")
        if isinstance(event, SequenceStartEvent):
            node = SequenceNode(self.tag(event, SequenceNode, None), [], event.start_mark, None, flow_style=event.flow_style)
        else:
            node = MappingNode(self.tag(event, MappingNode, None), [], event.start_mark, None, flow_style=event.flow_style)
        self.anchor(event, node)
        self.stack.append(_Open(node))

    def close(self, event) -> None:
        done = self.stack.pop()
        node, children = done.node, done.children
        node.end_mark = event.end_mark
        node.value = list(zip(children[0::2], children[1::2])) if isinstance(node, MappingNode) else children
        self.finish(node, done.size)

    def finish(self, node: yaml.Node, size: int) -> None:
        """Hand a complete node (or an alias of one) to the collection it sits in."""
        if id(node) in self.anchored:
            self.sizes.setdefault(id(node), size)
        if not self.stack:
            self.root = node
            return
        parent = self.stack[-1]
        children = parent.children
        children.append(node)
        parent.size += size
        if len(children) > self.max_items:
            items = len(children) // (2 if isinstance(parent.node, MappingNode) else 1)
            if items > self.max_items:
                raise over("collection_items", self.at(parent.node.start_mark), f"a list or mapping of {items:,} items")
        if parent.size > self.max_nodes:
            raise over("yaml_nodes", self.at(node.start_mark), f"{parent.size:,} nodes once aliases are expanded")


def compose_single(loader) -> yaml.Node | None:
    """The one document's node tree (None for an empty stream), as ``Composer.get_single_node``."""
    loader.get_event()  # stream start
    root = None
    if not loader.check_event(StreamEndEvent):
        start = loader.get_event()
        if not isinstance(start, DocumentStartEvent):  # pragma: no cover - the parser always sends one
            raise ComposerError(None, None, "expected a document", start.start_mark)
        root = _Composer(loader).document()
    if not loader.check_event(StreamEndEvent):
        event = loader.get_event()
        raise ComposerError("expected a single document in the stream", root.start_mark if root else None, "but found another document", event.start_mark)
    loader.get_event()
    return root
