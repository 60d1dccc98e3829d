"""The parameter count a model's name advertises: "8B", "405B", "8x7B", "A3B".

Documents often multiply the size in the name ("8B") where the count the
config gives (8.03 B) belongs. Reading it is model-input logic, so it lives
here, beside the config reader, and is bound as ``n_params_nominal``.
"""

from __future__ import annotations

import re
from fractions import Fraction

_SIZE = re.compile(r"(?<![A-Za-z0-9.])(?:(?P<experts>\d+)x)?(?P<size>\d+(?:\.\d+)?)(?P<scale>[BbMm])(?![A-Za-z0-9])")
_SCALE = {"b": 10**9, "m": 10**6}


def nominal_parameters(model_id: str) -> Fraction | None:
    """The total the name advertises (8x7B is 56B, as its readers multiply it); None without one."""
    name = model_id.split("/")[-1].split("@")[0]
    for match in _SIZE.finditer(name):
        if name[max(0, match.start() - 1)] in ("A", "a") and match.start() > 0:
            continue  # "A3B" is the active count of an MoE, not its size
        experts = int(match["experts"] or 1)
        return experts * Fraction(match["size"]) * _SCALE[match["scale"].lower()]
    return None
