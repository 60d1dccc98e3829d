"""Zeros for the parts a model lacks, so one formula serves every family.

``cache_bytes_per_sequence`` is one formula for every family: full-attention
KV, sliding-window and chunked KV capped at their window, and fixed-size
recurrent state.
A dense Llama has no window and no recurrent state, so the geometry derives
no ``sliding_window`` and no state sizes, and those formulas would be
"underdetermined" for the simplest model there is. So, when a claim names a
model, each part the model lacks is bound to zero as a value of its formula,
with a source that says why (``bind_absent_parts``); the geometry itself
keeps describing only what the config has.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction


def _no_sliding_layers(values: dict) -> bool:
    sliding = values.get("n_sliding_kv_layers")
    return sliding is None or not sliding.value or "sliding_window" not in values


def _no_kv_layers(values: dict) -> bool:
    return not values["n_kv_layers"].value if "n_kv_layers" in values else False


def _no_chunked_layers(values: dict) -> bool:
    return "n_chunked_kv_layers" not in values


def _no_indexer(values: dict) -> bool:
    return "index_head_dim" not in values


def _no_recurrent_state(values: dict) -> bool:
    return "recurrent_state_values_per_sequence" not in values


NO_SLIDING = "no sliding-window layers (n_sliding_kv_layers = 0)"
NO_STATE = "no linear-attention or Mamba layers, so no recurrent state"
NO_CHUNKED = "no chunked-attention layers"
NO_INDEXER = "no sparse-attention indexer, so no index keys"

# formula id -> (does the model lack this part?, why it is zero)
ABSENT_PARTS: dict[str, tuple[Callable[[dict], bool], str]] = {
    "kv_bytes_per_token": (_no_kv_layers, "no attention layers, so no per-token KV cache (n_kv_layers = 0)"),
    "kv_bytes_per_token_per_layer": (_no_kv_layers, "no attention layers, so no per-token KV cache (n_kv_layers = 0)"),
    "kv_bytes_sliding_layers": (_no_sliding_layers, NO_SLIDING),
    "kv_bytes_sliding_saturated": (_no_sliding_layers, NO_SLIDING),
    "kv_bytes_chunked_layers": (_no_chunked_layers, NO_CHUNKED),
    "kv_chunked_layers": (_no_chunked_layers, NO_CHUNKED),
    "vllm_chunked_blocks_per_request": (_no_chunked_layers, NO_CHUNKED),
    "vllm_chunked_blocks_saturated": (_no_chunked_layers, NO_CHUNKED),
    "recurrent_state_bytes_per_sequence": (_no_recurrent_state, NO_STATE),
    "state_page_bytes_per_rank": (_no_recurrent_state, NO_STATE),
    "vllm_sliding_blocks_per_request": (_no_sliding_layers, NO_SLIDING),
    "vllm_sliding_blocks_saturated": (_no_sliding_layers, NO_SLIDING),
    "sglang_indexer_bytes_per_token": (_no_indexer, NO_INDEXER),
    "vllm_indexer_bytes_per_token_per_layer": (_no_indexer, NO_INDEXER),
    "sglang_index_pool_bytes": (_no_indexer, NO_INDEXER),
}


def bind_absent_parts(geometry, model_id: str, catalogue, bindings) -> None:
    """Bind each formula in ABSENT_PARTS to zero when the model has no such part.

    A claim that gives the formula's value itself keeps it (``Bindings.set``
    never overwrites), and a project catalogue without these formulas is
    left alone.
    """
    from .memo import per_geometry

    bindings.set_sourced(per_geometry("absent parts", geometry, model_id, catalogue, _absent_parts))


def _absent_parts(geometry, model_id: str, catalogue) -> tuple:
    from auditor.inputs.reference import Sourced

    return tuple(
        (formula_id, Sourced(Fraction(0), f"{model_id}: {reason}"))
        for formula_id, (lacks, reason) in ABSENT_PARTS.items()
        if formula_id in catalogue.formulas and lacks(geometry.values)
    )
