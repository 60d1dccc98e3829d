"""Vision towers of vision-language models, for the published "total" parameter counts.

A VLM's headline count (Qwen2-VL-7B "8.29B", gemma-3-27b "27.4B") includes
its vision encoder, while everything else in the geometry describes the
language model. So the tower is counted apart, as ``n_params_vision``, and
``n_params_with_vision`` = ``n_params`` + ``n_params_vision``.

Only towers whose modelling code we have written down are counted: Qwen2-VL's
ViT with its patch merger, and Gemma 3's SigLIP encoder with its multimodal
projector. Any other tower, or a vision_config missing a key, is left
uncounted and noted, because the language-model geometry is still right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

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


# tower (a family's vision:) -> (counter, transformers defaults for absent keys, the config class they come from)
VISION_TOWERS: dict[str, tuple[Callable[[GeometryBuilder, int], int], dict[str, int], str]] = {
    "qwen2_vl": (_qwen2_vl_vit, {}, "Qwen2VLVisionConfig"),
    "gemma3": (_gemma3_siglip, {"num_channels": 3}, "SiglipVisionConfig"),
}
