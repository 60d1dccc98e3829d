"""inference-auditor: recompute published LLM-inference numbers and explain the wrong ones."""

__version__ = "0.1.0"


def __getattr__(name: str):
    """``auditor.sweep``: imported when first used, so ``import auditor`` stays cheap.

    By name, not an import statement: the package root is no stage of the
    flow, and every stage may import it for ``__version__``.
    """
    if name == "sweep":
        from importlib import import_module

        return import_module("auditor.evaluate.sweep").sweep
    raise AttributeError(f"module 'auditor' has no attribute {name!r}")
