"""Scan: find the numbers a document prints and propose claims for them.

Owns: locating numbers with units (``locate``), the words that name
formulas, models and inputs (``words``, ``match``), inputs written in the
text (``inputs``), choosing a formula per number (``propose``), and the
proposals as claims YAML or as audited findings (``proposals``).

May use: ``documents``, ``audit`` and everything below them.
"""
