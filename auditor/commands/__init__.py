"""Subcommands, one module each, named after it; each has ``register(sub)`` adding its parser.

A new command is a new module listed in ``MODULES``; the CLI imports each
lazily enough that ``auditor check`` never pays for the Hub client or jinja2.
Commands parse arguments and call the engine; they never compute a number.

May use: every stage.
"""

from __future__ import annotations

from importlib import import_module

MODULES = ("check", "explain", "formulas", "symbols", "models", "solve", "sheet", "update", "impact", "scan", "capacity", "roofline")


def register_all(sub) -> None:
    for name in MODULES:
        try:
            module = import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue
            raise
        module.register(sub)
