"""The model types the geometry knows, and what their configs leave unsaid.

A config.json names its sizes but not its module shapes: whether q/k/v carry
biases, whether there is a per-head norm on q and k, how many RMSNorms a
layer has, whether the MLP is gated. Those live in the modelling code, so
they are recorded here, once per ``model_type``, as a plain dict registry.

A model_type missing from the registry is refused (``UnsupportedArchitecture``)
rather than read as "probably Llama": a parameter count or cache width off by
a bias vector or a gated query is exactly the kind of wrong number this
project exists to catch. Adding a model is one entry here, plus a test.

``defaults`` are the transformers config-class defaults for keys the
published file may omit (Gemma 3's vocab_size, for instance); using one is
always noted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from auditor.base.errors import shown as shown_value

from .model import BAD_VALUE, UNKNOWN_MODEL_TYPE, UnsupportedArchitecture

QKV_ONLY = "qkv"          # q, k, v always biased, o never (Qwen2)
FROM_CONFIG = "config"    # attention_bias key puts a bias on q, k, v and o (Llama and most others)


@dataclass(frozen=True)
class ModuleShapes:
    """How one model family builds its layers, where the config does not say."""

    config_class: str
    attention_bias: str = FROM_CONFIG
    qk_norm: bool = False           # RMSNorm over head_dim on q and k (Qwen3, Gemma 3)
    gated_query: bool = False       # q_proj also produces an output gate (Qwen3-Next)
    attention_sinks: bool = False   # one learned sink logit per query head (gpt-oss)
    norms_per_layer: int = 2
    gated_mlp: bool = True          # gate, up, down; False means up, down only (Nemotron-H relu2)
    expert_bias: bool = False       # experts and router carry biases (gpt-oss)
    shared_expert_gate: bool = False  # a sigmoid gate, hidden_size -> 1, on the shared expert (Qwen3-Next)
    defaults: Mapping[str, Any] = field(default_factory=dict)


def _untied(config_class: str, **shapes: Any) -> ModuleShapes:
    """Most config classes default tie_word_embeddings to False."""
    return ModuleShapes(config_class, defaults={"tie_word_embeddings": False}, **shapes)


MODEL_TYPES: dict[str, ModuleShapes] = {
    "llama": _untied("LlamaConfig"),
    "mistral": _untied("MistralConfig"),
    "mixtral": _untied("MixtralConfig"),
    "qwen2": _untied("Qwen2Config", attention_bias=QKV_ONLY),
    "qwen2_vl": _untied("Qwen2VLConfig", attention_bias=QKV_ONLY),
    "qwen2_vl_text": _untied("Qwen2VLTextConfig", attention_bias=QKV_ONLY),  # newer files nest it in text_config
    "qwen3": _untied("Qwen3Config", qk_norm=True),
    "qwen3_moe": _untied("Qwen3MoeConfig", qk_norm=True),
    "qwen3_next": _untied("Qwen3NextConfig", qk_norm=True, gated_query=True, shared_expert_gate=True),
    "deepseek_v3": _untied("DeepseekV3Config"),
    "gpt_oss": _untied("GptOssConfig", attention_sinks=True, expert_bias=True),
    "nemotron_h": _untied("NemotronHConfig", norms_per_layer=1, gated_mlp=False),
    "gemma3_text": ModuleShapes(
        "Gemma3TextConfig",
        qk_norm=True,
        norms_per_layer=4,  # input, post-attention, pre-feedforward, post-feedforward
        defaults={"vocab_size": 262208, "tie_word_embeddings": True, "sliding_window_pattern": 6},
    ),
}

# Multimodal wrappers whose language model sits in text_config under its own model_type.
TEXT_MODEL_TYPES = {"gemma3": "gemma3_text"}


@dataclass(frozen=True)
class SplitConfig:
    """A config.json taken apart: the language model, the vision tower (if any), the wrapper's type."""

    text: dict[str, Any]
    vision: Mapping[str, Any] | None
    model_type: str
    wrapper_type: str | None


def split_config(config: Mapping[str, Any]) -> SplitConfig:
    """The language-model config to read, with vision_config set apart.

    Multimodal configs either keep the language model at the top level with a
    vision_config beside it (Qwen2-VL) or nest it in text_config (Gemma 3).
    Keys in text_config win over the top level, which keeps the wrapper's own
    keys (token ids, tie_word_embeddings when the wrapper sets it).
    """
    if not isinstance(config, Mapping):
        raise UnsupportedArchitecture(f"a config must be a JSON object, got {type(config).__name__}")
    nested = config.get("text_config")
    if nested is not None and not isinstance(nested, Mapping):
        raise UnsupportedArchitecture(BAD_VALUE.format(key="text_config", expected="an object", value=shown_value(nested)))
    outer = {k: v for k, v in config.items() if k not in ("text_config", "vision_config")}
    text = {**outer, **(nested or {})}
    wrapper = config.get("model_type") if nested is not None else None
    if nested is not None and "model_type" not in nested and wrapper in TEXT_MODEL_TYPES:
        text["model_type"] = TEXT_MODEL_TYPES[wrapper]
    return SplitConfig(text, config.get("vision_config"), _model_type(text), wrapper)


def shapes_for(model_type: str) -> ModuleShapes:
    """The registry entry for ``model_type``, or an error listing the known ones."""
    try:
        return MODEL_TYPES[model_type]
    except KeyError:
        known = ", ".join(sorted(MODEL_TYPES))
        raise UnsupportedArchitecture(UNKNOWN_MODEL_TYPE.format(model_type=model_type, known=known)) from None


def _model_type(text: Mapping[str, Any]) -> str:
    model_type = text.get("model_type")
    if not isinstance(model_type, str):
        raise UnsupportedArchitecture(
            "config has no 'model_type', which is needed to know the module shapes (biases, norms, gating)"
        )
    return model_type
