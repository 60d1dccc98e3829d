"""Vision towers of vision-language models, for the published "total" parameter counts.

A VLM's headline count (Qwen2-VL-7B "8.29B", gemma-3-27b "27.4B") includes
its vision encoder, while everything else in the geometry describes the
language model. So the tower is counted apart, as ``n_params_vision``, and
``n_params_with_vision`` = ``n_params`` + ``n_params_vision``.

Only towers whose modelling code we have written down are counted: Qwen2-VL's
ViT with its patch merger, Gemma 3's SigLIP encoder with its multimodal
projector, Llama 4's ViT with its pixel-shuffle adapter and projector, and
GLM-4.5V's ViT with its downsampling conv and patch merger. Any other tower, or a vision_config missing a key, is left
uncounted and noted, because the language-model geometry is still right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from auditor.base.limits import limit

from .family_fields import plain_family
from .model import UnsupportedArchitecture
from .reader import GeometryBuilder
from .registry import SplitConfig


def count_vision(b: GeometryBuilder, split: SplitConfig, tower: str | None) -> None:
    """n_params_vision and n_params_with_vision, when the family names a tower we can count."""
    if split.vision is None:
        return
    outer = split.wrapper_type or split.model_type
    if tower not in VISION_TOWERS or not isinstance(split.vision, Mapping):
        b.note(f"vision tower not counted: no known module shapes for a {outer} vision_config")
        return
    counter, defaults, config_class = VISION_TOWERS[tower]
    vision = GeometryBuilder(split.vision, plain_family(tower, config_class, defaults))
    try:
        n_vision = counter(vision, b["hidden_size"])
    except UnsupportedArchitecture as exc:
        b.note(f"vision tower not counted: vision_config: {exc.reason}")
        return
    for note in vision.notes:
        b.note(f"vision_config: {note}")
    b.compute("n_params_vision", n_vision, f"{outer} vision encoder and projector, standard module shapes")
    b.compute("n_params_with_vision", b["n_params"] + n_vision, "n_params + n_params_vision")


def _layer_norm(width: int) -> int:
    return 2 * width  # weight and bias


def _linear(inputs: int, outputs: int) -> int:
    return inputs * outputs + outputs  # weight and bias


def _qwen2_vl_vit(v: GeometryBuilder, text_hidden: int) -> int:
    """Qwen2-VL ViT: Conv3d patch embedding (no bias), pre-norm blocks, 2x2 patch merger into the LM width."""
    width = v.integer("embed_dim", "size the ViT")
    depth = v.integer("depth", "count the ViT blocks")
    mlp_width = width * v.integer("mlp_ratio", "size the ViT MLP")
    patch = v.integer("patch_size", "size the patch embedding")
    patch_in = v.integer("in_chans", "size the patch embedding") * v.integer(
        "temporal_patch_size", "size the patch embedding")
    merged = width * v.integer("spatial_merge_size", "size the patch merger") ** 2
    out = v.integer("hidden_size", "size the patch merger output")
    if out != text_hidden:
        v.note(f"merger output {out} differs from the language model's hidden_size {text_hidden}")
    block = (2 * _layer_norm(width) + _linear(width, 3 * width) + _linear(width, width)
             + _linear(width, mlp_width) + _linear(mlp_width, width))
    merger = _layer_norm(width) + _linear(merged, merged) + _linear(merged, out)
    return patch_in * patch * patch * width + depth * block + merger


def _gemma3_siglip(v: GeometryBuilder, text_hidden: int) -> int:
    """SigLIP encoder (no pooling head) plus Gemma 3's projector: a hidden x text_hidden matrix and an RMSNorm."""
    if v.flag("vision_use_head", True):
        raise UnsupportedArchitecture("vision_use_head is true (or absent) and the pooling head is not modelled")
    width = v.integer("hidden_size", "size the SigLIP encoder")
    mlp_width = v.integer("intermediate_size", "size the SigLIP MLP")
    depth = v.integer("num_hidden_layers", "count the SigLIP layers")
    patch = v.integer("patch_size", "size the patch embedding")
    side = v.integer("image_size", "count the position embeddings") // patch
    channels = v.integer("num_channels", "size the patch embedding")
    embeddings = channels * patch * patch * width + width + side * side * width
    layer = 2 * _layer_norm(width) + 4 * _linear(width, width) + _linear(width, mlp_width) + _linear(mlp_width, width)
    projector = width * text_hidden + width
    v.note("n_params_vision includes the multimodal projector (mm_input_projection_weight, mm_soft_emb_norm)")
    return embeddings + depth * layer + _layer_norm(width) + projector


def _llama4_vit(v: GeometryBuilder, text_hidden: int) -> int:
    """Llama 4 ViT: an unfolded-patch linear (no bias), class and position embeddings, pre-norm blocks with
    biased projections, a pixel-shuffle MLP (no biases) and a bias-free projector into the LM width."""
    if v.flag("multi_modal_projector_bias", False):
        raise UnsupportedArchitecture("multi_modal_projector_bias is true and the projector's bias is not modelled")
    width = v.integer("hidden_size", "size the ViT")
    mlp_width = v.integer("intermediate_size", "size the ViT MLP")
    depth = v.integer("num_hidden_layers", "count the ViT blocks")
    patch = v.integer("patch_size", "size the patch embedding")
    side = v.integer("image_size", "count the position embeddings") // patch
    channels = v.integer("num_channels", "size the patch embedding")
    shuffled = v.integer("projector_input_dim", "size the pixel-shuffle MLP")
    adapter_out = v.integer("projector_output_dim", "size the pixel-shuffle MLP")
    vision_out = v.integer("vision_output_dim", "size the projector")
    ratio = v.raw("pixel_shuffle_ratio", "size the pixel-shuffle MLP")
    if not isinstance(ratio, (int, float)) or isinstance(ratio, bool) or not 0 < ratio <= 1:
        raise UnsupportedArchitecture("pixel_shuffle_ratio must be a number in (0, 1]")
    merged = width / Fraction(ratio) ** 2  # pixel shuffle folds 1/ratio^2 patches into one token
    if merged.denominator != 1 or merged > limit("model_count"):
        raise UnsupportedArchitecture("pixel_shuffle_ratio must fold a whole number of patches into a token")
    merged = int(merged)
    embeddings = channels * patch * patch * width + width + (side * side + 1) * width
    block = 2 * _layer_norm(width) + 4 * _linear(width, width) + _linear(width, mlp_width) + _linear(mlp_width, width)
    adapter = merged * shuffled + adapter_out * adapter_out
    return embeddings + 2 * _layer_norm(width) + depth * block + adapter + vision_out * text_hidden


def _glm4v_vit(v: GeometryBuilder, text_hidden: int) -> int:
    """GLM-4.5V ViT: a biased Conv3d patch embedding, position embeddings, RMSNorm blocks whose gated MLP is
    out_hidden_size wide, a biased 2x2 downsampling conv, and a gated patch merger with a LayerNorm."""
    width = v.integer("hidden_size", "size the ViT")
    depth = v.integer("depth", "count the ViT blocks")
    out = v.integer("out_hidden_size", "size the downsampling and the merger")
    merger_width = v.integer("intermediate_size", "size the patch merger")
    patch = v.integer("patch_size", "size the patch embedding")
    patch_in = v.integer("in_channels", "size the patch embedding") * v.integer("temporal_patch_size", "size the patch embedding")
    side = v.integer("image_size", "count the position embeddings") // patch
    merge = v.integer("spatial_merge_size", "size the downsampling")
    if out != text_hidden:
        v.note(f"merger output {out} differs from the language model's hidden_size {text_hidden}")
    qkv_bias = 3 * width if v.flag("attention_bias", False) else 0
    block = 2 * width + 3 * width * width + qkv_bias + width * width + 3 * width * out
    embeddings = patch_in * patch * patch * width + width + side * side * width
    downsample = width * merge * merge * out + out
    merger = out * out + _layer_norm(out) + 3 * out * merger_width
    return embeddings + depth * block + 2 * width + downsample + merger


# tower (a family's vision:) -> (counter, transformers defaults for absent keys, the config class they come from)
VISION_TOWERS: dict[str, tuple[Callable[[GeometryBuilder, int], int], dict[str, int], str]] = {
    "qwen2_vl": (_qwen2_vl_vit, {}, "Qwen2VLVisionConfig"),
    "gemma3": (_gemma3_siglip, {"num_channels": 3}, "SiglipVisionConfig"),
    "llama4": (_llama4_vit, {"num_channels": 3}, "Llama4VisionConfig"),
    "glm4v": (_glm4v_vit, {}, "Glm4vMoeVisionConfig"),
}
