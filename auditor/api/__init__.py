"""The Python API: what the ``auditor`` command does, as functions a notebook or a script can call.

Every subcommand goes through these functions, so the command line and the
API cannot drift apart. ``docs/api.md`` documents them, with examples the
test suite runs.

- ``open_project(root=None)``: the project in force (found by walking up).
- ``check(paths=None, project=None)``: audit claim files; an ``Audit``.
- ``claim(**fields)`` and ``audit(claim_or_fields, project=None)``: one claim built in code.
- ``find_claim(id)``, ``explain(claim)``, ``solve(claim, symbol)``: one claim.
- ``plan_update(paths)``, ``impact(target)``, ``scan(document)``: keeping documents true.
- ``search_formulas(word)``, ``symbols(name=None)``: names you can find.

Faces that other stages add (a parameter ``sweep``, a ``capacity``
calculator) plug in the same way: a function in its own module, named in
``FACES`` below with the module that defines it; it is imported on first use,
so ``import auditor.api`` stays cheap.

May use: ``output`` and every stage below it.
"""

from __future__ import annotations

from importlib import import_module

FACES = {
    "open_project": "auditor.api.project",
    "claim_paths": "auditor.api.project",
    "check": "auditor.api.auditing",
    "audit": "auditor.api.auditing",
    "claim": "auditor.api.auditing",
    "Audit": "auditor.api.auditing",
    "find_claim": "auditor.api.claims",
    "explain": "auditor.api.claims",
    "solve": "auditor.api.claims",
    "plan_update": "auditor.api.documents",
    "impact": "auditor.api.documents",
    "scan": "auditor.api.documents",
    "search_formulas": "auditor.api.names",
    "symbols": "auditor.api.names",
    "sweep": "auditor.evaluate.sweep",
    "capacity": "auditor.api.capacity",
}
"""Each public name and the module that defines it; ``sweep`` and ``capacity`` are the plug-in places."""

__all__ = sorted(FACES)


def __getattr__(name: str):
    home = FACES.get(name)
    if home is None:
        raise AttributeError(f"module 'auditor.api' has no attribute {name!r}")
    try:
        module = import_module(home)
    except ModuleNotFoundError as exc:
        if exc.name != home:
            raise
        raise AttributeError(f"auditor.api.{name} is not part of this version (no module {home})") from None
    return getattr(module, name)
