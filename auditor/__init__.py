"""inference-auditor: recompute published LLM-inference numbers and explain the wrong ones.

The Python API lives in ``auditor.api`` (see docs/api.md); its functions are
also reachable from here, imported on first use so that ``import auditor``
stays cheap: ``auditor.check(...)``, ``auditor.claim(...)``,
``auditor.open_project()``, ``auditor.search_formulas(...)`` (``audit`` is
only ``auditor.api.audit``: ``auditor.audit`` is the stage of that name).
"""

__version__ = "0.1.0"


def __getattr__(name: str):
    from importlib import import_module
    from pkgutil import iter_modules

    api = import_module("auditor.api")
    stages = {module.name for module in iter_modules(__path__)}  # ``auditor.audit`` is the stage, not the function
    if name in api.FACES and name not in stages:
        return getattr(api, name)
    raise AttributeError(f"module 'auditor' has no attribute {name!r}")
