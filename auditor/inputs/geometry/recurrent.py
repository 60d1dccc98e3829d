"""Fixed-size recurrent state: Mamba-1, Mamba-2, Gated DeltaNet and lightning attention.

These layers keep a state whose size does not depend on the context length:
a short causal-convolution window over the projected inputs (the conv
state) and a recurrent memory (the SSM or delta-rule state). The shapes
follow vLLM's allocation (vllm-project/vllm,
vllm/model_executor/layers/mamba/mamba_utils.py, MambaStateShapeCalculator):

- Mamba-1: conv d_inner x (kernel - 1), SSM d_inner x state_size;
- Mamba-2: conv (d_inner + 2 * n_groups * state_size) x (kernel - 1),
  SSM heads x head_dim x state_size;
- Gated DeltaNet: conv (2 * key_heads * key_dim + value_heads * value_dim) x
  (kernel - 1), state value_heads x value_dim x key_dim;
- lightning attention (MiniMax): no conv, one head_dim x head_dim memory per
  attention head (``linear_attention_state_shape``).

Only element counts are derived here; the byte sizes depend on the state
dtype, which serving engines choose apart from the weights (often fp32 for
the SSM state): the formula catalogue applies it, not this module.
"""

from __future__ import annotations

from .model import LayerKind, UnsupportedArchitecture, distinct
from .reader import GeometryBuilder

CONV_STATE_NOTE = ("conv state = conv_dim * (kernel - 1) elements per layer: the inputs the causal conv "
                   "still needs (as vLLM allocates it; transformers' cache keeps kernel columns)")


def read_recurrent_state(b: GeometryBuilder, layers: list[LayerKind]) -> None:
    """Shapes and per-sequence state sizes, when the model has recurrent layers."""
    kinds = sorted({mixer for layer in distinct(layers) for mixer in layer.recurrent})
    if len(kinds) > 1:
        raise UnsupportedArchitecture(f"a model with more than one kind of recurrent layer ({', '.join(kinds)}) is not modelled")
    count = sum(1 for layer in layers if kinds and kinds[0] in layer.recurrent)
    b.compute("n_state_layers", count, "layers holding a fixed-size recurrent state (Mamba or linear attention)")
    if kinds:
        conv, ssm = STATES[kinds[0]](b)
        _state_totals(b, count, conv, ssm)


def mamba_inner(b: GeometryBuilder) -> int:
    """d_inner: an explicit key, else mamba heads * head_dim (Mamba-2), else expand * hidden_size."""
    if b.has("mamba_intermediate_size"):
        return b.read("mamba_intermediate_size", "size the Mamba mixer")
    if b.has("mamba_num_heads") and b.has("mamba_head_dim"):
        heads, head_dim = b["mamba_num_heads"], b["mamba_head_dim"]
        inner = b.compute("mamba_intermediate_size", heads * head_dim, "mamba_num_heads * mamba_head_dim")
        if b.has("mamba_expand") and b.integer("mamba_expand", "check the Mamba width") * b["hidden_size"] != inner:
            b.note(f"expand * hidden_size differs from mamba_num_heads * mamba_head_dim = {inner}; the latter is used")
        return inner
    expand = b.integer("mamba_expand", "size the Mamba mixer")
    return b.compute("mamba_intermediate_size", expand * b["hidden_size"], "mamba_expand * hidden_size")


def _mamba1_state(b: GeometryBuilder) -> tuple[int, int]:
    state = b.read("ssm_state_size", "size the SSM state")
    kernel = b.read("conv_kernel", "size the conv state")
    inner = mamba_inner(b)
    conv = b.compute("conv_state_values_per_layer", inner * (kernel - 1), "mamba_intermediate_size * (conv_kernel - 1)")
    ssm = b.compute("ssm_state_values_per_layer", inner * state, "mamba_intermediate_size * ssm_state_size")
    return conv, ssm


def _mamba2_state(b: GeometryBuilder) -> tuple[int, int]:
    heads = b.read("mamba_num_heads", "count the Mamba-2 heads")
    head_dim = b.read("mamba_head_dim", "size the Mamba-2 heads")
    state = b.read("ssm_state_size", "size the SSM state")
    groups = b.read("mamba_n_groups", "size the Mamba-2 B and C projections")
    kernel = b.read("conv_kernel", "size the conv state")
    inner = mamba_inner(b)
    conv_dim = b.compute("mamba_conv_dim", inner + 2 * groups * state,
                         "mamba_intermediate_size + 2 * n_groups * ssm_state_size")
    conv = b.compute("conv_state_values_per_layer", conv_dim * (kernel - 1), "mamba_conv_dim * (conv_kernel - 1)")
    ssm = b.compute("ssm_state_values_per_layer", heads * head_dim * state,
                    "mamba_num_heads * mamba_head_dim * ssm_state_size")
    return conv, ssm


def _gated_deltanet_state(b: GeometryBuilder) -> tuple[int, int]:
    """Gated DeltaNet: conv over q, k and v; one key_dim x value_dim memory per value head."""
    key_heads = b.read("linear_num_key_heads", "count the linear-attention key heads")
    value_heads = b.read("linear_num_value_heads", "count the linear-attention value heads")
    key_dim = b.read("linear_key_head_dim", "size the linear-attention keys")
    value_dim = b.read("linear_value_head_dim", "size the linear-attention values")
    kernel = b.read("linear_conv_kernel_dim", "size the conv state")
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


def _lightning_state(b: GeometryBuilder) -> tuple[int, int]:
    """Lightning attention keeps, per head, the running sum of k^T v: head_dim x head_dim, and no conv window."""
    heads = b["n_heads"] if "n_heads" in b else b.read("n_heads", "count the lightning-attention heads")
    head_dim = b["head_dim"] if "head_dim" in b else b.read("head_dim", "size the lightning-attention heads")
    conv = b.compute("conv_state_values_per_layer", 0, "0: lightning attention has no causal convolution")
    ssm = b.compute("ssm_state_values_per_layer", heads * head_dim * head_dim,
                    "n_heads * head_dim * head_dim (one key-value memory per head)")
    return conv, ssm


STATES = {"mamba1": _mamba1_state, "mamba2": _mamba2_state, "gated_deltanet": _gated_deltanet_state,
          "lightning": _lightning_state}


def _state_totals(b: GeometryBuilder, n_layers: int, conv: int, ssm: int) -> None:
    if conv:
        b.note(CONV_STATE_NOTE)
    b.compute("conv_state_values_per_sequence", n_layers * conv, f"{n_layers} layers * conv_state_values_per_layer")
    b.compute("ssm_state_values_per_sequence", n_layers * ssm, f"{n_layers} layers * ssm_state_values_per_layer")
    b.compute("recurrent_state_values_per_sequence", n_layers * (conv + ssm),
              "conv_state_values_per_sequence + ssm_state_values_per_sequence")
