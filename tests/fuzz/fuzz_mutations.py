"""Mutations of shipped data, as hypothesis strategies: of the structure, then of the text.

Structural mutations act on the data a shipped file holds (a key deleted, a
value of another type, a number edited, two fields sharing one object so the
YAML carries an alias, an alias bomb); text mutations act on the serialised
file (a character inserted, a line dropped or doubled, a cut, a YAML tag,
deep brackets, bytes that are not UTF-8).
"""

from __future__ import annotations

import copy
import re

import yaml
from fuzz_values import HOSTILE, MARKER, NUMBER_TEXTS, SCALARS
from hypothesis import strategies as st

ODD_CHARACTERS = ("\t", "\x00", "\x07", "\x85", "\u2028", "\ufeff", "&", "*", "!", "%", "@", "`", "|", ">", "{", "[", "'", '"', "#", ":", "- ", "\\")
TAGS = (f"!!python/object/apply:os.system ['touch {MARKER}']", "!!python/name:os.system", "!!binary AAAA", "!!timestamp 2024-13-45",
        "!!int 0b_", "!!float 1e", "!!set {a, b}", "!!omap [a: 1]", "!custom x", "!!str", "!!null", "!!bool maybe")


def alias_bomb(width: int, depth: int) -> list:
    """``width ** depth`` leaves written as ``depth`` lines of aliases."""
    level: list = ["x"] * width
    for _ in range(depth):
        level = [level] * width
    return level


@st.composite
def mutate_value(draw, value):
    """A value replaced, retyped, or (for text and numbers) edited."""
    choice = draw(st.integers(0, 5))
    if choice == 0 and isinstance(value, str):
        return _edit_text(draw, value)
    if choice == 1 and isinstance(value, (int, float)) and not isinstance(value, bool):
        return draw(st.sampled_from([value * 10**9, -value, value + 0.5, str(value), f"{value} GB", 10**12, 1e5]))
    if choice == 2:
        return draw(st.sampled_from(NUMBER_TEXTS))
    return draw(HOSTILE)


def _edit_text(draw, text: str) -> str:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return re.sub(r"\d", lambda m: str(draw(st.integers(0, 9))), text, count=draw(st.integers(1, 3)))
    if kind == 1:
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.sampled_from(ODD_CHARACTERS + ("\ud800", "10**10**10", " per token", "×"))) + text[at:]
    if kind == 2:
        return text + draw(st.sampled_from([" GB", "**99", "/0", " ± 3", "e999", "k", " tokens/s/s"]))
    if kind == 3:
        return text * draw(st.integers(2, 50))
    return text[: draw(st.integers(0, len(text)))]


@st.composite
def mutate_mapping(draw, mapping: dict, keys: tuple[str, ...], rounds: int = 3) -> dict:
    """Up to ``rounds`` edits of a mapping: keys deleted, set to hostile values, edited, or added."""
    result = copy.deepcopy(mapping)
    for _ in range(draw(st.integers(0, rounds))):
        names = list(result) or list(keys)
        key = draw(st.sampled_from(names + list(keys)))
        action = draw(st.integers(0, 3))
        if action == 0:
            result.pop(key, None)
        elif action == 1 or key not in result:
            result[key] = draw(mutate_value(result.get(key)))
        elif isinstance(result[key], dict):
            result[key] = draw(mutate_mapping(result[key], tuple(result[key]) or keys, 2))
        elif isinstance(result[key], list) and result[key]:
            index = draw(st.integers(0, len(result[key]) - 1))
            result[key][index] = draw(mutate_value(result[key][index]))
        else:
            result[key] = draw(mutate_value(result[key]))
    return result


@st.composite
def share_objects(draw, items: list) -> list:
    """Make fields of different items one object (so the YAML writes an alias), or plant an alias bomb."""
    dicts = [item for item in items if isinstance(item, dict)]
    if len(dicts) >= 2 and draw(st.booleans()):
        key = draw(st.sampled_from(["given", "property", "expect", "stated", "quote"]))
        for item in dicts[1:]:
            if key in dicts[0]:
                item[key] = dicts[0][key]
    if dicts and draw(st.integers(0, 5)) == 0:
        target = draw(st.sampled_from(dicts))
        place = draw(st.sampled_from(["given", "property", "quote", "stated", "section"]))
        bomb = alias_bomb(draw(st.integers(2, 12)), draw(st.integers(2, 9)))
        if place in ("given", "property"):
            target[place] = {"where": {"n_heads": bomb}} if place == "property" else {"batch": bomb, "model": bomb}
        else:
            target[place] = bomb
    return items


def dump(data) -> str:
    """YAML as a person or a tool might write it; anything the emitter refuses becomes its repr, still hostile."""
    for dumper in (getattr(yaml, "CSafeDumper", yaml.SafeDumper), yaml.SafeDumper):  # libyaml cannot write a lone surrogate
        try:
            return yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=False, width=100)
        except UnicodeEncodeError:
            continue
        except (yaml.YAMLError, ValueError, TypeError, RecursionError):
            break
    return repr(data)


@st.composite
def mutate_text(draw, text: str) -> bytes:
    """The serialised file, with up to two edits of its text, then encoded (not always as UTF-8)."""
    for _ in range(draw(st.integers(0, 2))):
        text = _text_edit(draw, text)
    encoding = draw(st.sampled_from(["utf-8"] * 12 + ["utf-16", "latin-1", "crlf", "bad-bytes"]))
    if encoding == "crlf":
        return text.replace("\n", "\r\n").encode("utf-8", "surrogatepass")
    if encoding == "bad-bytes":
        data = text.encode("utf-8", "surrogatepass")
        at = draw(st.integers(0, len(data)))
        return data[:at] + b"\xff\xfe\xc3" + data[at:]
    return text.encode(encoding, "surrogatepass" if encoding != "latin-1" else "replace")


# Openers a reader pairs with a closer further on (links, code, comments, equations, tags), repeated
# with no closer: a reader that looks for the closer from each opener to the end takes quadratic time.
OPENERS = ("[", "![x", "`", "<!-- ", "\\( ", "\\[ ", "{% ", "{{ ", "<a ", '<a "', "$$ ", "$x ", "**", "_x ",
           "<head>", "<style>", "<pre>", "<script>", "<script ", "<noscript>", "<svg>", "<!DOCTYPE ")


def _text_edit(draw, text: str) -> str:
    lines = text.split("\n")
    kind = draw(st.integers(0, 7))
    at = draw(st.integers(0, max(len(lines) - 1, 0)))
    if kind == 0:
        column = draw(st.integers(0, len(lines[at])))
        lines[at] = lines[at][:column] + draw(st.sampled_from(ODD_CHARACTERS)) + lines[at][column:]
    elif kind == 1:
        del lines[at]
    elif kind == 2:
        lines.insert(at, lines[at])
    elif kind == 3:
        return text[: draw(st.integers(0, len(text)))]
    elif kind == 4 and ":" in lines[at]:
        head, _, _ = lines[at].partition(":")
        lines[at] = f"{head}: {draw(st.sampled_from(TAGS))}"
    elif kind == 5:
        depth = draw(st.sampled_from([40, 500, 5000, 100000]))
        lines.insert(at, f"deep: {'[' * depth}{']' * depth}")
    elif kind == 6:
        lines[at] = lines[at].replace("  ", "\t", 1)
    else:
        lines.insert(at, draw(st.sampled_from(OPENERS)) * draw(st.sampled_from([50, 5000, 20000])))
    return "\n".join(lines)


SCALAR_OR_NAME = st.one_of(SCALARS, st.sampled_from(["n_heads", "batch", "gamma", "seq_len", "alpha", "nonexistent_symbol"]))
