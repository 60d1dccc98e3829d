"""Work done once per run, however many claims and hypotheses ask for it (DESIGN decision 13).

Resolving a claim reads its model's config.json and derives its geometry,
parses the GPU's spec-sheet figures, and scans the catalogue for the
symbols that a dtype, a GPU field or a second model fills; diagnosis
derives the geometry of each config with one key swapped. None of it
depends on the claim, so each is kept here, keyed by what it does depend
on: the ``Inputs`` or ``Catalogue`` object in force (weakly, so a new
project starts afresh) and, for a geometry, the config's own content.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from weakref import WeakKeyDictionary

_PER_OBJECT: WeakKeyDictionary = WeakKeyDictionary()
_GEOMETRIES: OrderedDict = OrderedDict()
MAX_GEOMETRIES = 512


def _table(owner, name: str) -> dict:
    return _PER_OBJECT.setdefault(owner, {}).setdefault(name, {})


def gpu_value(inputs, gpu_id: str, field: str):
    """``inputs.gpu_value``, parsed once per GPU field."""
    table = _table(inputs, "gpu")
    if (gpu_id, field) not in table:
        table[(gpu_id, field)] = inputs.gpu_value(gpu_id, field)
    return table[(gpu_id, field)]


def model_geometry(inputs, model_id: str, where):
    """``inputs.models.model_geometry``, read and derived once per model (a failure is not kept)."""
    table = _table(inputs, "model")
    if model_id not in table:
        from auditor.inputs.models import model_geometry as read

        table[model_id] = read(model_id, inputs, where)
    return table[model_id]


def derive(inputs, config: dict):
    """``inputs.geometry(config)``, derived once per family table and distinct config (swapped ones included)."""
    key = (id(inputs.architectures), json.dumps(config, sort_keys=True, default=str))
    if key in _GEOMETRIES:
        _GEOMETRIES.move_to_end(key)
        return _GEOMETRIES[key][1]
    geometry = inputs.geometry(config)
    _GEOMETRIES[key] = (inputs.architectures, geometry)  # the table is kept alive while its id is a key
    if len(_GEOMETRIES) > MAX_GEOMETRIES:
        _GEOMETRIES.popitem(last=False)
    return geometry


def per_geometry(name: str, geometry, model_id: str, catalogue, compute):
    """``compute(geometry, model_id, catalogue)`` once per geometry object and model name in force."""
    table = _table(catalogue, name)
    key = (id(geometry), model_id)
    found = table.get(key)
    if found is None or found[0] is not geometry:
        found = table[key] = (geometry, compute(geometry, model_id, catalogue))  # the geometry kept alive while its id is a key
        if len(table) > MAX_GEOMETRIES:
            del table[next(iter(table))]
    return found[1]


def once(owner, name: str, key, compute):
    """``compute()`` once per ``owner`` (an ``Inputs`` or ``Catalogue``, held weakly), table ``name`` and ``key``."""
    table = _table(owner, name)
    if key not in table:
        table[key] = compute()
    return table[key]


def symbol_roles(catalogue) -> dict:
    """The catalogue's symbols by what fills them: dtype keys, nominal dtype keys, second-model roles, GPU fields."""
    table = _table(catalogue, "roles")
    if not table:
        symbols = list(catalogue.symbols.values())
        table["dtype"] = {s.dtype_key: s for s in symbols if s.dtype_key}
        table["nominal"] = {s.dtype_nominal: s for s in symbols if s.dtype_nominal}
        table["roles"] = {f"{s.of_model[0]}_model" for s in symbols if s.of_model}
        table["gpu"] = [s for s in symbols if s.gpu]
        table["second"] = [s for s in symbols if s.of_model]
    return table
