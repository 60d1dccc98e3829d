"""Reference inputs: model configs, their geometry, GPU sheets, dtypes, weighed checkpoints.

Owns: finding bundled and project inputs (``reference``: GPUs, dtypes, config
files), reading a model by id, locally, as a variant of a known one
(``variants``: "-Instruct-AWQ") or through the Hub cache (``models``),
turning a config.json into layers, heads and cache widths through the family
table ``inputs/architectures.yaml`` (``geometry``),
the Hub client (``hub``), checkpoints weighed into ``inputs/weights.yaml``
(``weights``) and the per-layer layout summary readers see (``layout``).

May use: ``base``. It knows nothing of formulas or claims.
"""
