"""The base every stage may use: errors, units, safe YAML, data folders, numbers.

Owns: the error types and their locations (``errors``), the pint registry and
unit texts (``units``), the duplicate-refusing safe YAML reader (``yamlio``),
where the built-in data folders live (``resources``), the allow-list
expression parser (``expressions``), reading a number as a document prints it
with its precision (``quantity``), and printing a number back (``numbers``).

May use: nothing else in ``auditor``. Everything above may use it.
"""
