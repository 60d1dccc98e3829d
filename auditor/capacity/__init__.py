"""The capacity calculator: what a serving engine will print at startup, from the catalogue.

    result = capacity(CapacityRequest("Qwen/Qwen3-8B", available_kv=["6.51 GiB"]), project)
    result.figures["kv_tokens"].value, result.figures["kv_tokens"].low, .high

A face on the formula catalogue (DESIGN decision 12): each figure is the
formula ``inputs/engines.yaml`` names for it, evaluated by the engine with
the inputs a claim would carry, so ``claims_yaml`` can write them as claims
that ``auditor check`` audits from then on.

May use: evaluate, inputs, claims, catalogue, base.
"""

from __future__ import annotations

from .compute import Capacity, Figure, InputValue, capacity
from .request import CapacityRequest

__all__ = ["Capacity", "CapacityRequest", "Figure", "InputValue", "capacity"]
