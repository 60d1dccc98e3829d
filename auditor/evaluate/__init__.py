"""Evaluation: a claim's inputs bound to symbols, and its formula computed with a trace.

Owns: the values in force for one claim (``bindings``), resolving a claim's
``given:`` against models, GPUs, dtypes and defaults (``resolve``, with the
zeros for parts a model lacks in ``absent_parts``), and evaluating a formula
exactly through compiled code, step by step (``evaluation``).

May use: ``inputs``, ``claims``, ``catalogue``, ``base``.
"""
