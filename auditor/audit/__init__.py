"""Auditing: one finding per claim, from resolving through comparing to diagnosing.

Owns: the project in force (``project``: catalogue and inputs, built-in plus
a project's own), the pipeline from a claim to its ``Finding``
(``pipeline``), the finding types every output reads (``findings``), and
verdicts for claims about a formula's shape (``properties``).

May use: ``diagnosis``, ``evaluate`` and everything below them.
"""
