"""What one rank holds under tensor, pipeline and expert parallelism, by vLLM's rules.

A per-GPU cache figure is where sharding arithmetic goes wrong: KV heads
shard across tensor-parallel ranks only until there is one per rank, after
which each head is replicated (vLLM's ``max(1, h_kv // tp)``); an MLA model
caches one latent row per token that every rank keeps whole; a Mamba-2 layer
shards its heads but, with fewer groups than ranks, replicates the groups so
each head keeps its own. Pipeline stages split the layers with the remainder
given to the stages before the last (vLLM's ``get_pp_indices``).

Every count here is exact and in elements or parameters; the output stage
prices them with a dtype. Weights per rank are the one approximation, named
as such where they are printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .geometry import kv_heads_per_rank
from .geometry.model import FULL_KV, LINEAR_STATE, MAMBA_STATE, MLA_LATENT, SLIDING_KV, Geometry, UnsupportedArchitecture

MAX_RANKS = 4096
"""No serving deployment splits one model over more; a larger number is a typo."""


@dataclass(frozen=True)
class Ranks:
    tp: int = 1
    pp: int = 1
    ep: int = 1

    def __post_init__(self) -> None:
        for name in ("tp", "pp", "ep"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_RANKS:
                raise UnsupportedArchitecture(f"--{name} must be a whole number from 1 to {MAX_RANKS}, got {value!r}")


@dataclass(frozen=True)
class Stage:
    """One pipeline stage: its layers, and how many of them cache per token (growing) or up to a window."""

    first: int
    layers: int
    growing_kv_layers: int
    sliding_kv_layers: int
    recurrent_layers: int


@dataclass(frozen=True)
class RankPlan:
    ranks: Ranks
    stages: list[Stage]
    kv_heads: int | None            # KV heads in the model (None for MLA)
    kv_heads_per_rank: int          # what one rank caches per KV layer (1 for MLA: the whole latent)
    kv_values_per_layer_per_rank: int
    latent_replicated: bool
    recurrent: dict                 # per-rank per-layer state (values), with the sharded counts
    params_per_rank: Fraction | None

    @property
    def replicas(self) -> Fraction:
        """Copies of each KV head (or of the latent) across the tensor-parallel group."""
        if self.latent_replicated:
            return Fraction(self.ranks.tp)
        return Fraction(self.ranks.tp * self.kv_heads_per_rank, self.kv_heads)


def plan(geometry: Geometry, ranks: Ranks) -> RankPlan:
    """The per-rank layout of ``geometry`` at ``ranks``; UnsupportedArchitecture when vLLM would refuse it."""
    values = {name: int(d.value) if Fraction(d.value).denominator == 1 else d.value for name, d in geometry.values.items()}
    _check_heads(values, ranks.tp)
    latent = any(layer.holds == MLA_LATENT for layer in geometry.layers)
    if latent:
        heads, per_rank, width = None, 1, values["kv_values_per_token_per_layer"]
    else:
        heads = values["n_kv_heads"]
        try:
            per_rank = kv_heads_per_rank(heads, ranks.tp)
        except ValueError as exc:
            raise UnsupportedArchitecture(f"{exc} (vLLM shards or replicates whole KV heads)") from None
        width = 2 * per_rank * values["head_dim"]
    return RankPlan(ranks, stages(geometry, ranks.pp), heads, per_rank, width, latent,
                    recurrent_per_rank(values, ranks.tp), params_per_rank(values, ranks))


def _check_heads(values: dict, tp: int) -> None:
    heads = values.get("n_heads")
    if heads is not None and heads % tp:
        raise UnsupportedArchitecture(f"tp = {tp} does not divide num_attention_heads = {heads} (vLLM requires it)")


def pp_partition(n_layers: int, pp: int) -> list[int]:
    """Layers per stage as vLLM splits them: even, the remainder to the stages just before the last."""
    if pp > n_layers:
        raise UnsupportedArchitecture(f"pp = {pp} is more stages than the model's {n_layers} layers")
    sizes = [n_layers // pp] * pp
    for i in range(2, n_layers % pp + 2):
        sizes[-i] += 1
    return sizes


def stages(geometry: Geometry, pp: int) -> list[Stage]:
    found, first = [], 0
    for size in pp_partition(len(geometry.layers), pp):
        held = [layer.holds for layer in geometry.layers[first:first + size]]
        found.append(Stage(first, size, held.count(FULL_KV) + held.count(MLA_LATENT), held.count(SLIDING_KV),
                           held.count(LINEAR_STATE) + held.count(MAMBA_STATE)))
        first += size
    return found


def recurrent_per_rank(values: dict, tp: int) -> dict:
    """Per-rank, per-layer conv and SSM state (values), as vLLM's MambaStateShapeCalculator shapes them."""
    if "mamba_num_heads" in values:
        return _mamba2(values, tp)
    if "linear_num_value_heads" in values:
        return _gated_deltanet(values, tp)
    if values.get("conv_state_values_per_layer") == 0 and "ssm_state_values_per_layer" in values:
        return _lightning(values, tp)
    return {}


def _mamba2(values: dict, tp: int) -> dict:
    heads, groups, state = values["mamba_num_heads"], values["mamba_n_groups"], values["ssm_state_size"]
    grouped = groups if groups % tp == 0 else tp  # extra_groups_for_head_shards: groups replicated up to tp
    conv_dim = values["mamba_intermediate_size"] + 2 * grouped * state
    _divides(tp, heads, "mamba_num_heads")
    _divides(tp, conv_dim, "the conv channels (intermediate + 2 * groups * state)")
    return {"kind": "Mamba-2", "heads": heads // tp, "groups": grouped // tp, "groups_total": groups,
            "groups_replicated": groups % tp != 0,
            "conv": conv_dim // tp * (values["conv_kernel"] - 1), "ssm": heads // tp * values["mamba_head_dim"] * state}


def _gated_deltanet(values: dict, tp: int) -> dict:
    v_heads, k_heads = values["linear_num_value_heads"], values["linear_num_key_heads"]
    conv_dim = 2 * k_heads * values["linear_key_head_dim"] + v_heads * values["linear_value_head_dim"]
    _divides(tp, v_heads, "linear_num_value_heads")
    _divides(tp, conv_dim, "the conv channels (2 * key heads * key dim + value heads * value dim)")
    return {"kind": "Gated DeltaNet", "heads": v_heads // tp, "groups": None, "groups_total": None, "groups_replicated": False,
            "conv": conv_dim // tp * (values["linear_conv_kernel_dim"] - 1),
            "ssm": v_heads // tp * values["linear_key_head_dim"] * values["linear_value_head_dim"]}


def _lightning(values: dict, tp: int) -> dict:
    heads = values["n_heads"]
    _divides(tp, heads, "num_attention_heads")
    return {"kind": "lightning attention", "heads": heads // tp, "groups": None, "groups_total": None,
            "groups_replicated": False, "conv": 0, "ssm": heads // tp * values["head_dim"] ** 2}


def _divides(tp: int, count: int, what: str) -> None:
    if count % tp:
        raise UnsupportedArchitecture(f"tp = {tp} does not divide {what} = {count} (vLLM's divide() refuses it)")


def params_per_rank(values: dict, ranks: Ranks) -> Fraction | None:
    """About how many parameters one rank holds: non-expert weights over tp, routed experts over ep (else tp), layers over pp.

    The routed experts are recovered from the geometry's own counts: n_params
    less n_params_active is the (n_experts - k) experts a token skips.
    """
    total = values.get("n_params")
    if total is None:
        return None
    experts, active = values.get("n_experts"), values.get("n_params_active", total)
    routed = Fraction(0)
    if experts and experts > values.get("n_experts_per_token", 0):
        routed = Fraction(total - active) * experts / (experts - values["n_experts_per_token"])
        if ranks.ep > 1 and experts % ranks.ep:
            raise UnsupportedArchitecture(f"ep = {ranks.ep} does not divide the {experts} routed experts")
    elif ranks.ep > 1:
        raise UnsupportedArchitecture("--ep needs a model with routed experts")
    expert_split = ranks.ep if ranks.ep > 1 else ranks.tp
    return ((total - routed) / ranks.tp + routed / expert_split) / ranks.pp
