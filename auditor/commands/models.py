"""``auditor models``: list, show, pull and weigh the models claims name.

``list`` and ``show`` read what is on disk (bundled configs, the project's
pulled ones, or a config already in the huggingface_hub cache); ``pull`` and
``weigh`` talk to the Hub (``HF_ENDPOINT`` or ``--endpoint``) and write into
the project's ``inputs/``, so that ``auditor check`` afterwards runs offline.
A Hub failure is one line on stderr and exit 2, whichever of its kinds it is.
"""

from __future__ import annotations

import argparse
import os
import sys
from functools import wraps
from pathlib import Path

from auditor.base.errors import Location

from .common import EXIT_OK, EXIT_USAGE, project_root

COMMAND_LINE = Location("command line")


def _one_line_hub_errors(run):
    """A HubError (repo not found, gated, no network...) as ``error: <one line>`` and exit 2."""
    @wraps(run)
    def guarded(args) -> int:
        from auditor.inputs.hub import HubError

        try:
            return run(args)
        except HubError as exc:
            print(f"error: {' '.join(str(exc).split())}", file=sys.stderr)
            return EXIT_USAGE
    return guarded


def run_list(args) -> int:
    from auditor.inputs.reference import Inputs
    from auditor.output.models import list_lines

    root = project_root(args)
    sys.stdout.write("\n".join(list_lines(Inputs(root), root)) + "\n")
    return EXIT_OK


@_one_line_hub_errors
def run_show(args) -> int:
    from auditor.audit.project import Project
    from auditor.inputs.models import derive_located, model_config
    from auditor.output.models import show_lines

    project = Project.load(project_root(args))
    config, source = model_config(args.model, project.inputs, COMMAND_LINE)
    geometry = derive_located(config, source, project.inputs)
    lines = show_lines(args.model, source, geometry, project)
    if (args.tp, args.pp, args.ep) != (1, 1, 1):
        lines += _rank_lines(geometry, args)
    sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_OK


def _rank_lines(geometry, args) -> list[str]:
    from auditor.inputs.ranks import Ranks, plan
    from auditor.output.models import human_bytes
    from auditor.output.ranks import rank_lines

    return rank_lines(plan(geometry, Ranks(args.tp, args.pp, args.ep)), human_bytes)


def _rank_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number of ranks, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


@_one_line_hub_errors
def run_pull(args) -> int:
    from auditor.inputs.hub import parse_model_ref, pull_config

    repo_id, revision = parse_model_ref(args.model)
    dest = project_root(args) / "inputs" / "models"
    pulled = pull_config(repo_id, revision, dest, endpoint=_endpoint(args))
    print(f"wrote {pulled.path} ({repo_id} at commit {pulled.commit})")
    print(f"recorded in {dest / 'index.yaml'}: {pulled.source}")
    _describe_pulled(pulled.path, project_root(args))
    return EXIT_OK


def _describe_pulled(path: Path, root: Path) -> None:
    """The pulled model's layout, or why the geometry cannot read it (the pull itself still stands)."""
    import json

    from auditor.inputs.geometry import UnsupportedArchitecture
    from auditor.inputs.layout import layer_summary
    from auditor.inputs.reference import Inputs

    try:
        geometry = Inputs(root).geometry(json.loads(path.read_text(encoding="utf-8")))
    except UnsupportedArchitecture as exc:
        print(f"warning: claims on this model will be underdetermined: {exc}", file=sys.stderr)
        return
    print(f"architecture {geometry.architecture}; {layer_summary(geometry.layers)[0]}")


@_one_line_hub_errors
def run_weigh(args) -> int:
    from auditor.inputs.hub import parse_model_ref, weigh
    from auditor.inputs.hub.client import Target
    from auditor.inputs.weights import WEIGHTS_FILE, record_weighed, weights_entry
    from auditor.output.models import weigh_lines

    repo_id, revision = parse_model_ref(args.model)
    parameters, parameters_source = _parameter_count(args)
    report = weigh(repo_id, revision, endpoint=_endpoint(args), progress=True, include=args.include)
    sys.stdout.write("\n".join(weigh_lines(report, parameters, parameters_source)) + "\n")
    endpoint = Target.make(repo_id, revision, _endpoint(args), None).endpoint
    path = project_root(args) / "inputs" / WEIGHTS_FILE
    record_weighed(path, weights_entry(report, revision, endpoint, parameters, parameters_source))
    print(f"recorded in {path}; a claim cites it as  given: {{weights: {repo_id}@{report.commit[:12]}}}")
    return EXIT_OK


def _parameter_count(args) -> tuple[int | None, str]:
    """The real parameter count to divide by: ``--params N``, or ``n_params`` of ``--model ID``'s geometry."""
    if args.params is not None:
        return args.params, "given on the command line (--params)"
    if args.param_model is None:
        return None, ""
    from auditor.inputs.models import derive_located, model_config
    from auditor.inputs.reference import Inputs

    inputs = Inputs(project_root(args))
    config, source = model_config(args.param_model, inputs, COMMAND_LINE)
    derived = derive_located(config, source, inputs).values["n_params"]
    return int(derived.value), f"n_params of {args.param_model} ({source}: {derived.origin})"


def _positive_count(text: str) -> int:
    """An integer parameter count; 8.03e9-style shorthand is refused, since it is not exact."""
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number of parameters, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text!r}")
    return value


def _endpoint(args) -> str | None:
    """--endpoint, else HF_ENDPOINT as it is now (huggingface_hub read it once, at import), else the default."""
    return args.endpoint or os.environ.get("HF_ENDPOINT") or None


def register(sub) -> None:
    models = sub.add_parser("models", help="list, show, pull and weigh the models claims name")
    models.set_defaults(run=lambda args: _usage(models))
    commands = models.add_subparsers(dest="models_command", metavar="SUBCOMMAND", parser_class=type(models))

    listing = commands.add_parser("list", help="bundled, pulled and weighed models")
    listing.set_defaults(run=run_list)

    _register_show(commands)

    pull = commands.add_parser("pull", help="copy a config.json from the Hub into inputs/models, pinned to its commit")
    pull.add_argument("model", metavar="ORG/NAME[@REV]", help="the Hub repository, at a branch, tag or commit (default main)")
    pull.add_argument("--endpoint", metavar="URL", help="Hub to ask (default: HF_ENDPOINT, else huggingface.co)")
    pull.set_defaults(run=run_pull)

    weigh = commands.add_parser("weigh", help="bytes per dtype from safetensors headers, recorded in inputs/weights.yaml")
    weigh.add_argument("model", metavar="ORG/NAME[@REV]", help="the Hub repository whose safetensors headers to read")
    count = weigh.add_mutually_exclusive_group()
    count.add_argument("--params", type=_positive_count, metavar="N", help="real parameter count, for bits per parameter")
    count.add_argument("--model", dest="param_model", metavar="ID", help="take the parameter count from this model's geometry")
    weigh.add_argument("--include", default="*.safetensors", metavar="GLOB", help="which safetensors files to sum")
    weigh.add_argument("--endpoint", metavar="URL", help="Hub to ask (default: HF_ENDPOINT, else huggingface.co)")
    weigh.set_defaults(run=run_weigh)


def _register_show(commands) -> None:
    show = commands.add_parser("show", help="a model's geometry: layers, values with their origin, cache sizes")
    show.add_argument("model", metavar="ORG/NAME[@REV]", help="the model: bundled, pulled, or in the Hub cache")
    for flag, what in (("--tp", "tensor-parallel"), ("--pp", "pipeline-parallel"), ("--ep", "expert-parallel")):
        show.add_argument(flag, type=_rank_count, default=1, metavar="N", help=f"{what} size: print what one rank holds")
    show.set_defaults(run=run_show)


def _usage(parser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE
