"""Fixed-size recurrent state: Mamba-2 (Nemotron-H) and Gated DeltaNet (Qwen3-Next).

These layers keep no per-token cache. Each holds, per sequence, two tensors
whose size does not depend on context length:

- a conv state: the last ``kernel - 1`` inputs of a depthwise causal conv1d
  over ``conv_dim`` channels (the rows the next step's convolution needs;
  vLLM allocates exactly this, transformers' cache keeps ``kernel`` columns);
- an SSM state: per head, a ``head_dim x state_size`` matrix (Mamba-2) or a
  ``key_head_dim x value_head_dim`` matrix (the delta-rule memory).

Counts are in elements. Byte sizes depend on the state dtype, which serving
engines choose separately from the weights (often fp32 for the SSM state):
the formula catalogue applies it, not this module.
"""

from __future__ import annotations

from .model import LINEAR_STATE, MAMBA_STATE, LayerKind, UnsupportedArchitecture
from .reader import GeometryBuilder

CONV_STATE_NOTE = ("conv state = conv_dim * (kernel - 1) elements per layer: the inputs the causal conv "
                   "still needs (as vLLM allocates it; transformers' cache keeps kernel columns)")


def read_recurrent_state(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """Shapes and per-sequence state sizes, when the model has recurrent layers."""
    n_mamba = sum(1 for layer in layers if layer.holds == MAMBA_STATE)
    n_linear = sum(1 for layer in layers if layer.holds == LINEAR_STATE)
    if n_mamba and n_linear:
        raise UnsupportedArchitecture("a model with both Mamba and linear-attention layers is not modelled")
    b.compute("n_state_layers", n_mamba + n_linear, "layers holding a fixed-size recurrent state (Mamba-2 or linear attention)")
    if n_mamba:
        _state_totals(b, n_mamba, *_mamba2_state(b))
    elif n_linear:
        _state_totals(b, n_linear, *_gated_deltanet_state(b))


def _mamba2_state(b: GeometryBuilder) -> tuple[int, int]:
    """Mamba-2: d_inner = heads * head_dim; conv over x, B and C (d_inner + 2 * n_groups * state_size)."""
    heads = b.read("mamba_num_heads", "mamba_num_heads", "count the Mamba-2 heads")
    head_dim = b.read("mamba_head_dim", "mamba_head_dim", "size the Mamba-2 heads")
    state = b.read("ssm_state_size", "ssm_state_size", "size the SSM state")
    groups = b.read("mamba_n_groups", "n_groups", "size the Mamba-2 B and C projections")
    kernel = b.read("conv_kernel", "conv_kernel", "size the conv state")
    inner = b.compute("mamba_intermediate_size", heads * head_dim, "mamba_num_heads * mamba_head_dim")
    if b.has("expand") and b.integer("expand", "check the Mamba-2 width") * b["hidden_size"] != inner:
        b.note(f"expand * hidden_size differs from mamba_num_heads * mamba_head_dim = {inner}; the latter is used")
    conv_dim = b.compute("mamba_conv_dim", inner + 2 * groups * state,
                         "mamba_intermediate_size + 2 * n_groups * ssm_state_size")
    conv = b.compute("conv_state_values_per_layer", conv_dim * (kernel - 1), "mamba_conv_dim * (conv_kernel - 1)")
    ssm = b.compute("ssm_state_values_per_layer", heads * head_dim * state,
                    "mamba_num_heads * mamba_head_dim * ssm_state_size")
    return conv, ssm


def _gated_deltanet_state(b: GeometryBuilder) -> tuple[int, int]:
    """Gated DeltaNet: conv over q, k and v; one key_dim x value_dim memory per value head."""
    key_heads = b.read("linear_num_key_heads", "linear_num_key_heads", "count the linear-attention key heads")
    value_heads = b.read("linear_num_value_heads", "linear_num_value_heads", "count the linear-attention value heads")
    key_dim = b.read("linear_key_head_dim", "linear_key_head_dim", "size the linear-attention keys")
    value_dim = b.read("linear_value_head_dim", "linear_value_head_dim", "size the linear-attention values")
    kernel = b.read("linear_conv_kernel_dim", "linear_conv_kernel_dim", "size the conv state")
    if value_heads % key_heads:
        raise UnsupportedArchitecture(
            f"linear_num_value_heads = {value_heads} is not a multiple of linear_num_key_heads = {key_heads}"
        )
    conv_dim = b.compute("linear_conv_dim", 2 * key_heads * key_dim + value_heads * value_dim,
                         "2 * linear_num_key_heads * linear_key_head_dim"
                         " + linear_num_value_heads * linear_value_head_dim")
    conv = b.compute("conv_state_values_per_layer", conv_dim * (kernel - 1),
                     "linear_conv_dim * (linear_conv_kernel_dim - 1)")
    ssm = b.compute("ssm_state_values_per_layer", value_heads * key_dim * value_dim,
                    "linear_num_value_heads * linear_key_head_dim * linear_value_head_dim")
    return conv, ssm


def _state_totals(b: GeometryBuilder, n_layers: int, conv: int, ssm: int) -> None:
    b.note(CONV_STATE_NOTE)
    b.compute("conv_state_values_per_sequence", n_layers * conv, f"{n_layers} layers * conv_state_values_per_layer")
    b.compute("ssm_state_values_per_sequence", n_layers * ssm, f"{n_layers} layers * ssm_state_values_per_layer")
    b.compute("recurrent_state_values_per_sequence", n_layers * (conv + ssm),
              "conv_state_values_per_sequence + ssm_state_values_per_sequence")
