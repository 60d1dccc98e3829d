"""Module shapes a config.json leaves unsaid, declared per family (``shapes:`` in the table).

Whether q/k/v carry biases, whether q and k are normalised, how many norms
a layer has and what kind, whether the MLP is gated: these live in each
family's modelling code, and a parameter count is wrong by exactly one of
them when it is guessed. So each is a field here with a closed set of
values, and the table states it per family.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .rules import Condition, RuleError, condition

CHOICES = {
    "norm": ("rms", "layer", "layer_no_bias"),   # weights per norm: h, 2h (weight and bias), h
    "attention_bias": ("config", "qkv", "qkv_config", "all", "none"),
    "qk_norm": ("none", "head", "head_config", "full"),  # over head_dim (always, or if use_qk_norm); over every head (OLMo 2)
    "mlp": ("gated", "plain"),                   # gate, up, down; or up, down
    "mlp_bias": ("config", "always", "never"),
}


@dataclass(frozen=True)
class Shapes:
    """How one family builds its layers, where the config does not say.

    ``attention_bias``: ``config`` reads the attention_bias flag for q, k,
    v and o; ``qkv_config`` reads it for q, k and v only (GLM-4.5);
    ``qkv`` always biases q, k and v (Qwen2); ``all`` always biases all
    four (GPT-NeoX). ``router_bias`` is the condition under which the
    router keeps a per-expert correction bias (aux-loss-free routing).
    """

    norm: str = "rms"
    norms_per_layer: int | str = 2  # a count, or the config key that holds it (a set_when may fix it)
    norm_per_block: bool = False    # one norm per block a layer keeps, not a fixed count (Nemotron NAS)
    attention_bias: str = "config"
    qk_norm: str = "none"
    gated_query: bool = False       # q_proj also produces an output gate (Qwen3-Next)
    attention_sinks: bool = False   # one learned sink logit per query head (gpt-oss)
    mlp: str = "gated"
    mlp_bias: str = "config"
    expert_bias: bool = False       # experts and router carry biases (gpt-oss)
    shared_expert_gate: bool = False  # a sigmoid gate, hidden_size -> 1, on the shared expert (Qwen MoE)
    router_bias: Condition | bool = False
    mamba_norms: bool = False       # RMSNorms on dt, B and C inside the Mamba mixer (Jamba)
    final_norm: bool = True
    mtp_layers: bool = False        # the checkpoint stores n_mtp_layers next-token layers in DeepSeek's layout

    def norm_weights(self, width: int) -> int:
        """Parameters of one norm over ``width``."""
        return 2 * width if self.norm == "layer" else width


def read_shapes(raw: Mapping[str, Any], where: str) -> Shapes:
    """A ``shapes:`` mapping as Shapes; every field and value is checked."""
    known = {f.name for f in fields(Shapes)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise RuleError(f"{where}: unknown shape {unknown[0]!r} (known: {', '.join(sorted(known))})")
    values: dict[str, Any] = {}
    for name, value in raw.items():
        values[name] = _shape_value(name, value, f"{where}: shapes.{name}")
    return Shapes(**values)


def _shape_value(name: str, value: Any, where: str) -> Any:
    if name in CHOICES:
        if value not in CHOICES[name]:
            raise RuleError(f"{where} must be one of {', '.join(CHOICES[name])}, got {value!r}")
        return value
    if name == "norms_per_layer":
        if isinstance(value, str) and value:
            return value
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleError(f"{where} must be a whole number or a config key, got {value!r}")
        return value
    if name == "router_bias":
        return value if isinstance(value, bool) else condition(value, where)
    if not isinstance(value, bool):
        raise RuleError(f"{where} must be true or false, got {value!r}")
    return value
