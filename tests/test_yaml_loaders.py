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
        return ("map", node.line, tuple(sorted(node.key_lines.items(), key=repr)), tuple((k, shape(v)) for k, v in node.items()))
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


def plain(text: str):
    """The document built straight from events (``yamlplain``), or NotPlain."""
    from auditor.base.yamlplain import plain_data

    loader = yamlio._FastLoader(text)
    loader.name = "f.yaml"
    try:
        return plain_data(loader, yamlio.Located, yamlio.LocatedList)
    finally:
        loader.dispose()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(REPO)))
def test_a_shipped_file_built_from_events_equals_the_two_step_reading(path):
    text = path.read_text(encoding="utf-8")
    assert shape(plain(text)) == shape(read(yamlio._FastLoader, text))


@pytest.mark.parametrize(
    "text",
    [
        "a: &x [1, 2]\nb: *x\n",  # an anchored collection
        "a: !!str 1\n",  # an explicit tag
        "base: &b {k: 1}\nc:\n  <<: *b\n",  # a merge key
        "a: 1\na: 2\n",  # a duplicate key
        "? [1, 2]\n: 3\n",  # a key that is no scalar
        "a: 1\n--- \nb: 2\n",  # a second document
        "a: 2001-02-30\n",  # a timestamp its constructor refuses
        "=: 1\n",  # the value key only the two-step reading turns into text
    ],
)
def test_what_only_the_two_step_reading_builds_or_words_is_left_to_it(text):
    from auditor.base.yamlplain import NotPlain

    with pytest.raises(NotPlain):
        plain(text)


def test_an_anchored_scalar_and_its_aliases_read_as_the_two_step_reading_reads_them():
    text = "notes:\n  - &why the reason\n  - *why\nagain: *why\n"
    assert shape(plain(text)) == shape(read(yamlio._FastLoader, text))


SCALARS = ["1", "-2", "0x1f", "1_000", "3.5", "1e3", ".inf", "true", "no", "null", "~", "'quoted'", '"a\\tb"', "text with: colon",
           "2024-01-05", "12:30", "0o17", "+1", "", "'1'", "- item"]


def _documents():
    from hypothesis import strategies as st

    scalar = st.sampled_from(SCALARS)
    key = st.sampled_from(["a", "b", "id", "1", "true", "given", "x y"])

    def render(value, indent):
        pad = "  " * indent
        if isinstance(value, dict):
            if not value:
                return " {}\n"
            return "\n" + "".join(f"{pad}{k}:{render(v, indent + 1)}" for k, v in value.items())
        if isinstance(value, list):
            if not value:
                return " []\n"
            return "\n" + "".join(f"{pad}-{render(v, indent + 1)}" for v in value)
        return f" {value}\n" if value != "- item" else " '- item'\n"

    tree = st.recursive(scalar, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(key, inner, max_size=4), max_leaves=20)
    return st.dictionaries(key, tree, min_size=1, max_size=5).map(lambda d: render(d, 0).lstrip("\n"))


def test_any_block_document_built_from_events_equals_the_two_step_reading():
    from hypothesis import given, settings

    @settings(max_examples=300, deadline=None)
    @given(_documents())
    def check(text):
        from auditor.base.yamlplain import NotPlain

        try:
            expected = shape(read(yamlio._FastLoader, text))
        except Exception:  # noqa: BLE001  a document the two-step reading refuses is never built from events
            import yaml

            with pytest.raises((NotPlain, yaml.YAMLError)):
                plain(text)
            return
        assert shape(plain(text)) == expected

    check()
