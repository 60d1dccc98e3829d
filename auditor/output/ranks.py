"""What ``auditor models show --tp N --pp N --ep N`` prints about one rank.

The counts come from ``auditor.inputs.ranks`` (vLLM's sharding rules); this
module prices them at the display dtypes ``show`` uses for the whole model
(bf16 KV and conv state, fp32 SSM state, bf16 weights), so a per-rank figure
times the ranks is the whole-model figure printed above it, unless heads are
replicated, which the lines say.
"""

from __future__ import annotations

from fractions import Fraction

from auditor.base.numbers import show

KV_BYTES, CONV_BYTES, SSM_BYTES, WEIGHT_BYTES = 2, 2, 4, 2


def rank_lines(plan, human_bytes) -> list[str]:
    ranks = plan.ranks
    lines = [f"ranks (tp {ranks.tp}, pp {ranks.pp}, ep {ranks.ep}; vLLM's sharding rules, KV bf16):"]
    lines += _kv_lines(plan)
    lines += _recurrent_lines(plan, human_bytes)
    if ranks.pp > 1:
        lines.append("  pipeline stages: " + ", ".join(_stage(s) for s in plan.stages))
    if plan.params_per_rank is not None:
        lines.append(_weights_line(plan))
    return lines


def _kv_lines(plan) -> list[str]:
    per_layer = plan.kv_values_per_layer_per_rank * KV_BYTES
    busiest = max(plan.stages, key=lambda s: s.growing_kv_layers)
    total_layers = sum(s.growing_kv_layers for s in plan.stages)
    per_rank = per_layer * busiest.growing_kv_layers
    aggregate = per_layer * total_layers * plan.ranks.tp
    where = "" if plan.ranks.pp == 1 else f" on the busiest stage (layers from {busiest.first})"
    if plan.latent_replicated:
        head_line = (f"  MLA latent: replicated on every rank, one {plan.kv_values_per_layer_per_rank}-wide row per token per layer "
                     f"({plan.ranks.tp} copies across tp {plan.ranks.tp})")
    else:
        head_line = "  KV heads per rank: " + _heads(plan)
    lines = [head_line,
             f"  KV per token per rank: {per_layer:,} B per KV layer; {per_rank:,} B/token over "
             f"{busiest.growing_kv_layers} KV layers{where}",
             f"  KV per token, all {plan.ranks.tp * plan.ranks.pp} ranks: {aggregate:,} B/token"
             + (f" ({show(plan.replicas, 4)} copies of each {'latent row' if plan.latent_replicated else 'KV head'})"
                if plan.replicas != 1 else "")]
    sliding = max(s.sliding_kv_layers for s in plan.stages)
    if sliding:
        lines.append(f"  sliding-window layers per rank: {sliding}, {per_layer:,} B/token each up to the window")
    return lines


def _heads(plan) -> str:
    tp, heads, per_rank = plan.ranks.tp, plan.kv_heads, plan.kv_heads_per_rank
    if tp <= heads:
        return f"{per_rank} of {heads} (sharded over tp {tp})"
    return f"{per_rank} of {heads} (tp {tp} > {heads} KV heads: each head replicated on {tp // heads} ranks)"


def _recurrent_lines(plan, human_bytes) -> list[str]:
    state = plan.recurrent
    if not state:
        return []
    layers = max(s.recurrent_layers for s in plan.stages)
    per_sequence = layers * (state["conv"] * CONV_BYTES + state["ssm"] * SSM_BYTES)
    groups = ""
    if state["groups"] is not None:
        replicated = f", {state['groups_total']} groups replicated to {state['groups'] * plan.ranks.tp}" if state["groups_replicated"] else ""
        groups = f", {state['groups']} group(s) per rank{replicated}"
    return [f"  recurrent state per rank ({state['kind']}): {state['heads']} SSM heads{groups}; "
            f"{state['conv']:,} conv + {state['ssm']:,} SSM values per layer; over {layers} layers "
            f"{human_bytes(per_sequence)} per sequence (conv bf16, SSM fp32)"]


def _stage(stage) -> str:
    last = stage.first + stage.layers - 1
    return f"layers {stage.first}-{last} ({stage.layers})"


def _weights_line(plan) -> str:
    params = Fraction(plan.params_per_rank)
    experts = "routed experts / ep" if plan.ranks.ep > 1 else "routed experts / tp"
    return (f"  weights per rank: about {show(params / 10**9, 4)}B parameters, {show(params * WEIGHT_BYTES / 10**9, 4)} GB at bf16 "
            f"(non-expert / tp, {experts}, layers / pp; embeddings counted as sharded)")
