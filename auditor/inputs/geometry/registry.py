"""Which family a config.json belongs to, and which part of it is the language model.

A model_type the table does not declare is refused (``UnsupportedArchitecture``)
rather than read as "probably Llama": a parameter count or cache width off
by a bias vector or a gated query is exactly the kind of wrong number this
project exists to catch. The refusal lists the known families and says how
to declare a new one in a project's own ``inputs/architectures.yaml``.

Multimodal configs either keep the language model at the top level with a
``vision_config`` beside it (Qwen2-VL) or nest it in ``text_config``
(Gemma 3, Qwen3-VL, Llama 4). Keys in ``text_config`` win over the top
level, which keeps the wrapper's own keys (token ids, tie_word_embeddings
when the wrapper sets it). A nested config without its own model_type takes
the one its wrapper's family declares (``text_config: gemma3_text``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from auditor.base.errors import shown as shown_value

from .families import Families
from .family_fields import Family
from .model import BAD_VALUE, UNKNOWN_MODEL_TYPE, UnsupportedArchitecture


@dataclass(frozen=True)
class SplitConfig:
    """A config.json taken apart: the language model, the vision tower (if any), the wrapper's type."""

    text: dict[str, Any]
    vision: Mapping[str, Any] | None
    model_type: str
    wrapper_type: str | None


def split_config(config: Mapping[str, Any], families: Families) -> SplitConfig:
    """The language-model config to read, with vision_config set apart."""
    if not isinstance(config, Mapping):
        raise UnsupportedArchitecture(f"a config must be a JSON object, got {type(config).__name__}")
    nested = config.get("text_config")
    if nested is not None and not isinstance(nested, Mapping):
        raise UnsupportedArchitecture(BAD_VALUE.format(key="text_config", expected="an object", value=shown_value(nested)))
    outer = {k: v for k, v in config.items() if k not in ("text_config", "vision_config")}
    text = {**outer, **(nested or {})}
    wrapper = _model_type(config) if nested is not None else None
    if nested is not None and "model_type" not in nested:
        declared = families.get(wrapper)
        if declared is None or declared.text_config is None:
            raise UnsupportedArchitecture(
                f"text_config has no 'model_type' and the family of {wrapper!r} does not say which it is "
                "(declare text_config: TYPE for it in inputs/architectures.yaml)")
        text["model_type"] = declared.text_config
    return SplitConfig(text, config.get("vision_config"), _model_type(text), wrapper)


def family_for(model_type: str, families: Families) -> Family:
    """The table entry for ``model_type``, or an error listing the known ones and how to add one."""
    found = families.get(model_type)
    if found is None:
        known = ", ".join(families.known())
        raise UnsupportedArchitecture(UNKNOWN_MODEL_TYPE.format(model_type=model_type, known=known))
    return found


def _model_type(part: Mapping[str, Any]) -> str:
    model_type = part.get("model_type")
    if not isinstance(model_type, str):
        raise UnsupportedArchitecture(
            "config has no 'model_type', which is needed to know the module shapes (biases, norms, gating)"
        )
    return model_type
