"""A printed sum in a model's own config names ("d_model × d_ffn", "d × d × bytes"), read for the model the page names.

Pages size a model's tensors in the names of its config before the numbers: "W_gate = d_model ×
d_ffn (128MB)" under "numbers in brackets are Llama 3 8B's", or a table column headed "Llama 3.3
70B" with "d × d × bytes ≈ 134 MB". Each name is a catalogue symbol by its notation (``d_model``
is ``hidden_size``, ``d_ffn`` is ``intermediate_size``), and the model named nearest supplies its
value, so the sum is checked as the page's own arithmetic on the model's real config: the place
where "4 × d_model" is written for a model whose d_ffn is 3.5 × d_model shows.

A name is read so only when its notation names one symbol the model derives; a width in bytes
("bytes", "data_type_size") is the format the page names for the section. A sum of counts whose
result the page prints in bytes is taken at that width too ("d_model × d_model (32MB)" is 4096²
elements of two bytes each), and only when the page names a format; otherwise nothing is read.
"""

from __future__ import annotations


WIDTH_NAMES = frozenset({"bytes", "byte", "bytes_per_param", "bytes_per_element", "bytes_per_elem", "data_type_size",
                         "dtype_size", "dtype_bytes", "bpe", "element_size", "elem_size"})
"""Names a page gives the width of one element in bytes."""


def config_values(names: list[str], aliases: dict, geometry) -> dict[str, tuple[int, str]] | None:
    """(value, symbol) for each name the model's geometry derives by the name's notation; None when any is not."""
    found = {}
    for name in names:
        if name.lower() in WIDTH_NAMES:
            continue
        symbols = {s for s in aliases.get(name, set()) | aliases.get(name.lower(), set()) if s in geometry.values}
        values = {geometry.values[s].value for s in symbols}
        if len(values) != 1:
            return None
        value = values.pop()
        if value.denominator != 1:
            return None
        found[name] = (int(value), sorted(symbols)[0])
    return found


def width_names(names: list[str]) -> list[str]:
    """The names among ``names`` a page gives the width of an element."""
    return [n for n in names if n.lower() in WIDTH_NAMES]
