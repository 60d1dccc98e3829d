"""libyaml reads what the pure-Python loader reads: the same values, the same lines, the same errors."""

from pathlib import Path

import pytest

from auditor.base import yamlio
from auditor.base.errors import InputError

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p for folder in ("claims", "formulas", "units", "inputs", "tests/cases") for p in (REPO / folder).glob("*.yaml"))

pytestmark = pytest.mark.skipif(yamlio._FastLoader is None, reason="PyYAML built without libyaml")


def shape(node):
    """A value with every line number it carries, so two readings compare line for line."""
    if isinstance(node, dict):
        return ("map", node.line, tuple(sorted(node.key_lines.items())), tuple((k, shape(v)) for k, v in node.items()))
    if isinstance(node, list):
        return ("seq", node.line, tuple(node.item_lines), tuple(shape(v) for v in node))
    return (type(node).__name__, node)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(REPO)))
def test_both_loaders_read_the_same_values_on_the_same_lines(path):
    text = path.read_text(encoding="utf-8")
    assert shape(read(yamlio._FastLoader, text)) == shape(read(yamlio._Loader, text))


def read(loader_class, text: str):
    loader = loader_class(text)
    loader.name = "f.yaml"
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


@pytest.mark.parametrize(
    "text, message",
    [
        ("a: 1\nb: [1, 2\nc: 3\n", "f.yaml:3: not valid YAML: expected ',' or ']', but got ':'"),
        ("a: 1\na: 2\n", "f.yaml:2: duplicate key 'a' (first at line 1)"),
        ("x:\n  - {k: 1, k: 2}\n", "f.yaml:2: duplicate key 'k' (first at line 2)"),
        ("a: b: c\n", "f.yaml:1: not valid YAML: mapping values are not allowed here"),
        ("a: [" * 300 + "]" * 300 + "\n", "f.yaml:1: "),
        ("a: \x07\n", "f.yaml:1: not valid YAML: character U+0007 is not allowed"),
    ],
)
def test_a_malformed_file_gets_the_same_located_message_from_either_loader(text, message, monkeypatch):
    with pytest.raises(InputError) as fast:
        yamlio.load_yaml_text(text, "f.yaml")
    monkeypatch.setattr(yamlio, "_FastLoader", None)
    with pytest.raises(InputError) as pure:
        yamlio.load_yaml_text(text, "f.yaml")
    assert str(fast.value) == str(pure.value) and str(fast.value).startswith(message)


def test_without_libyaml_the_pure_python_loader_reads_the_file(monkeypatch):
    monkeypatch.setattr(yamlio, "_FastLoader", None)
    data = yamlio.load_yaml_text("claims:\n  - id: a\n    given: {batch: 1}\n", "f.yaml")
    assert data["claims"][0].line == 2 and data["claims"][0]["given"].line_of("batch") == 3
