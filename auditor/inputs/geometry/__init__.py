"""Model geometry from a Hugging Face config.json: layers, heads, cache widths, parameter counts.

    geo = derive(json.loads(path.read_text()))
    geo.architecture                     # "dense", "moe", "mla-moe", "hybrid-linear", "hybrid-mamba"
    geo.values["kv_values_per_token"]    # Derived(value=65536, unit="dimensionless", origin="computed: ...")
    geo.layers[0]                        # LayerKind(holds="full KV", window=None, ffn="dense")
    geo.notes                            # every default and assumption relied on

Every value is exact (int or Fraction) and carries its origin. A config the
package cannot read without guessing raises ``UnsupportedArchitecture``
naming what it did not understand; no number is better than a wrong one.

How a ``model_type`` becomes all this is data, not code: the family table
``inputs/architectures.yaml`` (built in, and a project's own merged over it,
``families.py``) says which config keys spell each quantity, the config
class's defaults, the layout rules, where the experts sit and the module
shapes. The modules here are the engine that reads any family through its
entry: ``layers`` (layout rules), ``blocks`` (per-layer block configs),
``attention``, ``recurrent``, ``experts``, ``params`` and ``vision``.
``derive`` is a pure function of the config and the table.

Architectures (``Geometry.architecture``):

- ``dense``: attention (full, sliding and/or chunked) with dense MLPs (Llama, Mistral, Gemma, Qwen2-VL);
- ``moe``: attention with routed experts (Mixtral, Qwen3-30B-A3B, gpt-oss, Llama 4);
- ``mla`` / ``mla-moe``: multi-head latent attention, without / with experts (DeepSeek-V2/V3, Kimi K2);
- ``hybrid-linear``: linear-attention (Gated DeltaNet) layers with some full attention (Qwen3-Next);
- ``hybrid-mamba``: Mamba layers with some attention (Nemotron-H, Jamba, Falcon-H1, Granite 4.0-H);
- ``ssm``: Mamba layers only, no per-token cache (Mamba, Mamba-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .attention import kv_heads_per_rank, read_attention
from .experts import read_experts
from .families import Families, builtin_families, load_families
from .layers import layout
from .model import DENSE_FFN, LINEAR_STATE, MLA_LATENT, MOE_FFN, Derived, Geometry, LayerKind, UnsupportedArchitecture, distinct
from .params import count_mtp, count_params
from .reader import GeometryBuilder
from .recurrent import read_recurrent_state
from .registry import family_for, split_config
from .vision import count_vision

__all__ = [
    "ARCHITECTURES", "Derived", "Families", "Geometry", "LayerKind", "UnsupportedArchitecture",
    "builtin_families", "derive", "kv_heads_per_rank", "load_families",
]

ARCHITECTURES = ("dense", "moe", "mla", "mla-moe", "hybrid-linear", "hybrid-mamba", "ssm")


def derive(config: Mapping[str, Any], families: Families | None = None) -> Geometry:
    """The geometry of the model a parsed config.json describes, read through ``families`` (the built-in table by default)."""
    families = families or builtin_families()
    split = split_config(config, families)
    b = GeometryBuilder(split.text, family_for(split.model_type, families))
    if split.wrapper_type:
        b.note(f"language model read from text_config (model_type {split.model_type}) "
               f"of a {split.wrapper_type} vision-language config")
    layers = layout(b)
    _read_sizes(b, layers)
    read_attention(b, layers)
    read_recurrent_state(b, layers)
    read_experts(b, layers)
    count_params(b, layers)
    count_mtp(b, layers)
    outer = families.get(split.wrapper_type or split.model_type)
    count_vision(b, split, outer.vision if outer else None)
    return b.build(architecture_of(layers), layers)


def architecture_of(layers: list[LayerKind]) -> str:
    """The short family name (one of ARCHITECTURES) for a list of layer kinds."""
    kinds = distinct(layers)
    holds = {layer.holds for layer in kinds}
    if any(m.startswith("mamba") for layer in kinds for m in layer.recurrent):
        return "hybrid-mamba" if any(layer.grows_with_context for layer in kinds) else "ssm"
    if LINEAR_STATE in holds:
        return "hybrid-linear"
    routed = any(layer.ffn == MOE_FFN for layer in kinds)
    if MLA_LATENT in holds:
        return "mla-moe" if routed else "mla"
    return "moe" if routed else "dense"


def _read_sizes(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """The widths every family shares; intermediate_size is required only when a layer has a dense MLP."""
    b.read("hidden_size", "size the residual stream")
    b.read("vocab_size", "size the embedding")
    dense_widths = [layer.ffn_width for layer in distinct(layers) if layer.ffn == DENSE_FFN]
    if (b.has("intermediate_size") and not dense_widths) or None in dense_widths:
        b.read("intermediate_size", "size the dense MLP")
    tied = b.raw("tie_word_embeddings", "know whether the output projection is the embedding")
    if not isinstance(tied, bool):
        raise UnsupportedArchitecture(f"config 'tie_word_embeddings' must be true or false, got {tied!r}")
    b.put("tie_embeddings", int(tied), b.origin_of("tie_word_embeddings"), "dimensionless")
