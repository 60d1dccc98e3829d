"""Diagnosis: name the wrong variable by reproducing the wrong number (DESIGN decision 6).

A hypothesis is reported only if, applied, it yields the stated number within
its printed precision. Single hypotheses are tried first; pairs only when no
single one fits. None fitting is not an error: the finding says "no single
explanation found".
"""

from __future__ import annotations

from .search import diagnose, search

__all__ = ["diagnose", "search"]
