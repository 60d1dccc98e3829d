"""``auditor capacity MODEL``: the KV cache figures a serving engine prints at startup.

Give the engine's logged ``--available-kv`` (one per rank; the engine uses
the smallest), the figures its memory follows from (``--logged``: SGLang's
free memory before and after the weights) or its logged ``--kv-tokens`` to
reproduce its lines, or a ``--gpu`` to predict them from estimates. Output: human lines, ``--format
json``, or ``--as-claims`` YAML that ``auditor check`` audits.
"""

from __future__ import annotations

import sys

from .common import EXIT_OK, load_project


def _pairs(pairs: list[str], flag: str, example: str) -> dict[str, str]:
    """NAME=VALUE pairs of a repeatable flag, each a located error when it is not one."""
    from auditor.base.errors import InputError

    from auditor.capacity.request import COMMAND_LINE

    found = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError(COMMAND_LINE, f"{flag} {pair!r} must be {example}")
        found[name.strip()] = value.strip()
    return found


def run_capacity(args) -> int:
    from auditor.capacity import CapacityRequest, capacity
    from auditor.output.capacity import human_lines, json_text

    request = CapacityRequest(
        model=args.model, engine=args.engine, rule=args.rule, gpu=args.gpu, tp=args.tp, pp=args.pp, dp=args.dp,
        kv_dtype=args.kv_dtype, block_size=args.block_size, max_model_len=args.max_model_len,
        max_num_batched_tokens=args.max_num_batched_tokens, available_kv=list(args.available_kv or []),
        kv_tokens=args.kv_tokens, gpu_memory_utilization=args.gpu_memory_utilization, usage_context=args.usage_context,
        settings=_pairs(args.set, "--set", "NAME=VALUE, such as activation_peak=2GiB"),
        logged=_pairs(args.logged, "--logged", "NAME=TEXT, such as after_weights='14.34 GB'"),
    )
    result = capacity(request, load_project(args))
    if args.as_claims:
        from auditor.output.capacity_claims import claims_yaml

        sys.stdout.write(claims_yaml(result))
    elif args.format == "json":
        sys.stdout.write(json_text(result))
    else:
        sys.stdout.write("\n".join(human_lines(result)) + "\n")
    return EXIT_OK


def register(sub) -> None:
    p = sub.add_parser("capacity", help="the KV cache blocks, tokens and concurrency a serving engine will report for a model")
    p.add_argument("model", help="ORG/NAME of a bundled, pulled or Hub model")
    p.add_argument("--engine", default="vllm", help="engine in inputs/engines.yaml (vllm, sglang)")
    p.add_argument("--rule", help="an older behaviour of the engine, by the name inputs/engines.yaml gives it")
    p.add_argument("--gpu", help="accelerator id in inputs/gpus.yaml, to predict the available memory")
    p.add_argument("--tp", type=int, default=1, help="tensor-parallel size")
    p.add_argument("--pp", type=int, default=1, help="pipeline-parallel stages")
    p.add_argument("--dp", type=int, default=1, help="data-parallel replicas")
    p.add_argument("--kv-dtype", help="KV cache dtype (default: the model's dtype, the engine's 'auto')")
    p.add_argument("--block-size", type=int, help="tokens per KV block (SGLang: the page size)")
    p.add_argument("--max-model-len", type=int, help="longest request in tokens (default: the config's max_position_embeddings)")
    p.add_argument("--max-num-batched-tokens", type=int, help="tokens per scheduler step (sizes sliding-window groups)")
    p.add_argument("--available-kv", action="append", metavar="'D GiB'", help="the engine's logged available KV memory; repeat once per rank")
    p.add_argument("--kv-tokens", type=int, help="the engine's logged KV cache size in tokens, instead of --available-kv")
    p.add_argument("--gpu-memory-utilization", help="vLLM's fraction of GPU memory (default: its source's)")
    p.add_argument("--usage-context", help="the engine's entry point, which some defaults depend on (vLLM: openai_api_server for "
                                           "`vllm serve`, the default; llm_class for the LLM class)")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="any other input by its symbol name (activation_peak=2GiB, ssm_state_dtype=fp32)")
    p.add_argument("--logged", action="append", metavar="NAME=TEXT",
                   help="another figure the engine logged that its KV memory follows from (SGLang: at_start and after_weights, its 'avail mem' before and after loading the weights)")
    p.add_argument("--format", choices=("human", "json"), default="human",
                   help="human lines (default) or one JSON object")
    p.add_argument("--as-claims", action="store_true", help="print each figure as a claim (YAML) that `auditor check` audits")
    p.set_defaults(run=run_capacity)
