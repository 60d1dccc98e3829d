"""Subcommands. Each module here has ``register(sub)`` adding its parsers.

A new command is a new module listed in ``MODULES``; the CLI imports each
lazily enough that ``auditor check`` never pays for the Hub client or jinja2.
"""

from __future__ import annotations

from importlib import import_module

MODULES = ("core", "models", "diagnose", "sheet", "keep")


def register_all(sub) -> None:
    for name in MODULES:
        try:
            module = import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue
            raise
        module.register(sub)
