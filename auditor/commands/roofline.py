"""``auditor roofline MODEL --gpu G -o FILE.svg``: the decode roofline of one model on one GPU.

Step time and throughput over batch, through the catalogue's ``t_step`` and
``decode_throughput``, with the OOM wall (``max_batch``) and the compute
knee (``compute_knee_batch``) marked, the axes log-scaled where the sweep
spans decades, and a legend: the plot the HTML report draws. The file is
written atomically, and only as an .svg.
"""

from __future__ import annotations

from pathlib import Path

from .common import EXIT_OK, load_project
from .options import emit

LOG_CHOICES = {"auto": (None, None), "none": (False, False), "x": (True, False), "y": (False, True), "xy": (True, True)}


def _claim(args):
    from auditor.base.yamlio import Located
    from auditor.capacity.request import COMMAND_LINE
    from auditor.claims.files import Claim

    given = Located({"model": args.model, "gpu": args.gpu, "seq_len": args.seq})
    for key in ("kv_dtype", "weight_dtype"):
        if getattr(args, key):
            given[key] = getattr(args, key)
    given.setdefault("kv_dtype", given.get("weight_dtype", "bf16"))
    given.setdefault("weight_dtype", given["kv_dtype"])
    given.line, given.key_lines = 0, {}
    return Claim(id="roofline", quote="roofline", location=COMMAND_LINE, formula="t_step", stated=None, given=given)


def run_roofline(args) -> int:
    from auditor.base.errors import InputError
    from auditor.capacity.request import COMMAND_LINE
    from auditor.output.roofline import knee_caption, roofline_for, roofline_svg

    output = Path(args.output)
    if output.suffix.lower() != ".svg" or not output.parent.resolve().is_dir():
        raise InputError(COMMAND_LINE, f"-o {args.output}: give an .svg file in an existing folder")
    if args.tp < 1 or args.seq < 1:
        raise InputError(COMMAND_LINE, "--tp and --seq must be positive whole numbers")
    project = load_project(args)
    if args.gpu not in project.inputs.gpus:
        raise InputError(COMMAND_LINE, f"unknown GPU {args.gpu!r} (known: {', '.join(sorted(project.inputs.gpus))})")
    log_x, log_y = LOG_CHOICES[args.log]
    roofline = roofline_for(_claim(args), project, tp=args.tp, log_x=log_x)
    if roofline is None:
        raise InputError(COMMAND_LINE, f"cannot sweep {args.model} on {args.gpu}: the catalogue cannot fix t_step, max_batch and the knee for it")
    if roofline.max_batch is not None and roofline.max_batch < 1:
        raise InputError(COMMAND_LINE, f"{args.model} on {args.gpu} at tp {args.tp}: the weights leave no room for one sequence's KV cache (max_batch = {roofline.max_batch})")
    emit(roofline_svg(roofline, log_x=log_x, log_y=log_y), output)
    print(f"wrote {output}: {roofline.title}. {knee_caption(roofline)}")
    return EXIT_OK


def register(sub) -> None:
    p = sub.add_parser("roofline", help="write the decode roofline (step time and throughput over batch) as an SVG")
    p.add_argument("model", help="ORG/NAME of a bundled, pulled or Hub model")
    p.add_argument("--gpu", required=True, help="accelerator id in inputs/gpus.yaml")
    p.add_argument("--seq", type=int, default=4096, help="tokens of context per sequence (default 4096)")
    p.add_argument("--tp", type=int, default=1, help="tensor-parallel size: the plot is one rank's (communication not counted)")
    p.add_argument("--kv-dtype", help="KV cache dtype (default bf16)")
    p.add_argument("--weight-dtype", help="weight dtype (default: the KV dtype)")
    p.add_argument("--log", choices=sorted(LOG_CHOICES), default="auto", help="log-scale axes (auto: where a sweep spans over two decades)")
    p.add_argument("-o", "--output", required=True, help="the .svg file to write")
    p.set_defaults(run=run_roofline)
