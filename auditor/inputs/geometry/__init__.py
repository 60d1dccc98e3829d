"""Model geometry from a Hugging Face config.json: layers, heads, cache widths, parameter counts.

    geo = derive(json.loads(path.read_text()))
    geo.architecture                     # "dense", "moe", "mla-moe", "hybrid-linear", "hybrid-mamba"
    geo.values["kv_values_per_token"]    # Derived(value=65536, unit="dimensionless", origin="computed: ...")
    geo.layers[0]                        # LayerKind(holds="full KV", window=None, ffn="dense")
    geo.notes                            # every default and assumption relied on

Every value is exact (int or Fraction) and carries its origin. A config the
package cannot read without guessing raises ``UnsupportedArchitecture``
naming what it did not understand; no number is better than a wrong one.

The family is chosen from the keys present, not from model_type alone:
``kv_lora_rank`` means MLA, ``hybrid_override_pattern`` a Mamba hybrid,
``layer_types`` / ``full_attention_interval`` / ``sliding_window_pattern`` a
per-layer attention layout, an expert count a mixture of experts. model_type
then selects the module shapes a parameter count needs (``registry``).

Architectures (``Geometry.architecture``):

- ``dense``: attention (full and/or sliding) with dense MLPs (Llama, Mistral, Qwen3, Gemma 3, Qwen2-VL);
- ``moe``: attention with routed experts (Mixtral, Qwen3-30B-A3B, gpt-oss);
- ``mla`` / ``mla-moe``: multi-head latent attention, without / with experts (DeepSeek-V3);
- ``hybrid-linear``: linear-attention (Gated DeltaNet) layers with some full attention (Qwen3-Next);
- ``hybrid-mamba``: Mamba-2 layers with some attention (Nemotron-H).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .attention import kv_heads_per_rank, read_attention
from .layers import layout
from .model import DENSE_FFN, LINEAR_STATE, MAMBA_STATE, MLA_LATENT, MOE_FFN, Derived, Geometry, LayerKind, UnsupportedArchitecture
from .moe import read_experts
from .params import count_params
from .reader import GeometryBuilder
from .recurrent import read_recurrent_state
from .registry import MODEL_TYPES, shapes_for, split_config
from .vision import count_vision

__all__ = [
    "ARCHITECTURES", "MODEL_TYPES", "Derived", "Geometry", "LayerKind", "UnsupportedArchitecture",
    "derive", "kv_heads_per_rank",
]

ARCHITECTURES = ("dense", "moe", "mla", "mla-moe", "hybrid-linear", "hybrid-mamba")


def derive(config: Mapping[str, Any]) -> Geometry:
    """The geometry of the model a parsed config.json describes; see the module docstring."""
    split = split_config(config)
    shapes = shapes_for(split.model_type)
    b = GeometryBuilder(split.text, shapes.defaults, f"transformers {shapes.config_class}")
    if split.wrapper_type:
        b.note(f"language model read from text_config (model_type {split.model_type}) "
               f"of a {split.wrapper_type} vision-language config")
    layers = layout(b)
    _read_sizes(b, layers)
    read_attention(b, layers)
    read_recurrent_state(b, layers)
    read_experts(b, layers)
    count_params(b, layers, shapes)
    count_vision(b, split)
    return b.build(architecture_of(layers), layers)


def architecture_of(layers: list[LayerKind]) -> str:
    """The short family name (one of ARCHITECTURES) for a list of layer kinds."""
    holds = {layer.holds for layer in layers}
    if MAMBA_STATE in holds:
        return "hybrid-mamba"
    if LINEAR_STATE in holds:
        return "hybrid-linear"
    routed = any(layer.ffn == MOE_FFN for layer in layers)
    if MLA_LATENT in holds:
        return "mla-moe" if routed else "mla"
    return "moe" if routed else "dense"


def _read_sizes(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """The widths every family shares; intermediate_size is required only when a layer has a dense MLP."""
    b.read("hidden_size", "hidden_size", "size the residual stream")
    b.read("vocab_size", "vocab_size", "size the embedding")
    if b.has("intermediate_size") or any(layer.ffn == DENSE_FFN for layer in layers):
        b.read("intermediate_size", "intermediate_size", "size the dense MLP")
    tied = b.raw("tie_word_embeddings", "know whether the output projection is the embedding")
    if not isinstance(tied, bool):
        raise UnsupportedArchitecture(f"config 'tie_word_embeddings' must be true or false, got {tied!r}")
    b.put("tie_embeddings", int(tied), b.origin_of("tie_word_embeddings"), "dimensionless")
