"""Documents: where each claim's number is printed, and keeping it true.

Owns: finding a claim's quote and number in its document, and the ``stale``
verdict (``locate``, which also audits claim files with their documents),
printing a value back in the document's own style (``printing``), the
``update`` plan (``update``), atomic rewrites of several files (``rewrite``),
and which claims an input reaches (``impact``).

May use: ``audit`` and everything below it.
"""
