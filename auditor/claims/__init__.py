"""Claims: the published numbers, as recorded in claims files, and their verdicts.

Owns: reading a claims file into ``Claim`` objects with their locations,
stated values and ``expect:`` records (``files``), the verdicts and what each
means (``verdicts``), and deciding a verdict from a stated and a computed
value at the printed precision (``compare``).

May use: ``base``. It does not evaluate anything.
"""
