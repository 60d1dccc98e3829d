"""Diagnosis: name the wrong variable by reproducing the wrong number (DESIGN decision 6).

A hypothesis is reported only if, applied, it yields the stated number within
its printed precision. Single hypotheses are tried first; pairs only when no
single one fits. None fitting is not an error: the finding says "no single
explanation found".

Owns: the hypothesis kinds (``hypotheses``, ``rounding``, in one ``registry``),
the search over them and their pairs (``search``), what a diagnosis reports
(``result``), the side-by-side derivation (``sidebyside``) and inverting a
formula for one input (``solve``).

May use: ``evaluate`` and everything below it.
"""
