"""The formula catalogue: symbols, formulas, slips and fallacies, read from YAML and checked.

Owns: the frozen definitions (``definitions``), reading and validating
catalogue files with located errors (``reader``), merging the built-in and a
project's folders into one ``Catalogue`` with every formula's dimensions
checked (``load``, ``dimensions``), compiled code per formula (``compiled``),
and symbolic checks of a formula's shape (``symbolic``, ``identity``).

May use: ``base``. It knows nothing of claims, models or GPUs.
"""
