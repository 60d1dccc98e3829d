"""Cache widths read from the wrong part of a model: d_model for h_kv * d_h, sliding for full.

Both change the model, not a number: the config is edited and re-derived,
so every width that follows from it (the per-layer cell, the per-token
total) follows too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from auditor.base.numbers import show

from .hypotheses import Context, Hypothesis, overriding, rederived


def hidden_for_kv_width(ctx: Context) -> Iterable[Hypothesis]:
    if not {"n_kv_heads", "head_dim"} <= ctx.names:
        return
    hidden, kv_heads, head_dim = (ctx.value_of(n) for n in ("hidden_size", "n_kv_heads", "head_dim"))
    if None in (hidden, kv_heads, head_dim) or hidden == kv_heads * head_dim:
        return
    wrong = Fraction(hidden) / Fraction(head_dim)
    yield Hypothesis(
        "n_kv_heads * head_dim <- hidden_size", "kv-width",
        f"hidden_size = {show(hidden)} used for the KV width num_key_value_heads x head_dim = {show(kv_heads * head_dim)}", ("n_kv_heads",),
        lambda b, c, w=wrong: _kv_width(b, c, w), fixed=True,
    )


def _kv_width(bindings, ctx: Context, wrong: Fraction):
    result = overriding(bindings, "n_kv_heads", wrong, "hidden width for the KV width")
    if bindings.model_config is None or wrong.denominator != 1:
        return result
    from auditor.inputs.models import with_key_set

    config = with_key_set(bindings.model_config, "num_key_value_heads", int(wrong), add=True)  # Gemma 3 4B's file leaves it to its class
    heads = ctx.value_of("n_heads")
    if config is not None and heads is not None and Fraction(heads) % wrong:
        # d_model / d_h KV heads that the query heads do not divide (Gemma 3 27B: 5376 / 128 = 42 over 32): the width is
        # every head's, as a cache that caches every head of a model whose heads span the hidden size would hold
        config = with_key_set(config, "num_attention_heads", int(wrong), add=True)
    return result if config is None else rederived(result, ctx, "n_kv_heads", config, "re-derived with hidden_size as the KV width", "kv-width")


def sliding_as_full(ctx: Context) -> Iterable[Hypothesis]:
    """Sliding-window layers priced as full ones, and every KV layer capped at the window."""
    full, sliding = (ctx.value_of(n) if n in ctx.names else None for n in ("n_full_kv_layers", "n_sliding_kv_layers"))
    if full is None or sliding is None:
        return
    total = full + sliding
    if sliding:
        yield Hypothesis(
            "sliding layers counted as full", "sliding", f"the {show(sliding)} sliding-window layers priced as full attention",
            ("n_full_kv_layers", "n_sliding_kv_layers"), lambda b, c, t=total: _layers(b, t, Fraction(0)), fixed=True,
        )
    if full:
        yield Hypothesis(
            "full layers counted as sliding", "sliding", f"the {show(full)} full-attention layers capped at the window",
            ("n_full_kv_layers", "n_sliding_kv_layers"), lambda b, c, t=total: _layers(b, Fraction(0), t), fixed=True,
        )


def _layers(bindings, full, sliding):
    bindings = overriding(bindings, "n_full_kv_layers", Fraction(full), "layer kinds swapped")
    return overriding(bindings, "n_sliding_kv_layers", Fraction(sliding), "layer kinds swapped")
