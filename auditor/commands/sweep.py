"""sweep: one formula over a grid of inputs, as CSV or JSON, through the array engine."""

from __future__ import annotations

import sys
from fractions import Fraction

from .common import EXIT_OK

MAX_POINTS = 50_000_000


def parse_over(text: str) -> tuple[str, list[Fraction]]:
    """``batch=1:1024`` (inclusive, step 1), ``batch=0:64:8``, or ``seq_len=1024,4096``."""
    from auditor.base.errors import InputError, Location

    name, _, spec = text.partition("=")
    try:
        if ":" in spec:
            parts = [Fraction(p) for p in spec.split(":")]
            start, stop, step = (parts + [Fraction(1)])[:3] if len(parts) in (2, 3) else (None, None, None)
            if start is None or step <= 0 or (stop - start) / step > MAX_POINTS:
                raise ValueError("a range is START:STOP or START:STOP:STEP with a positive STEP")
            values = [start + i * step for i in range(int((stop - start) / step) + 1)]
        else:
            values = [Fraction(v) for v in spec.split(",")]
    except (ValueError, ZeroDivisionError) as exc:
        raise InputError(Location("--over"), f"{text!r}: {exc}") from None
    if not name.strip() or not values:
        raise InputError(Location("--over"), f"{text!r}: expected NAME=START:STOP[:STEP] or NAME=V1,V2,...")
    return name.strip(), values


def parse_given(text: str) -> tuple[str, str]:
    from auditor.base.errors import InputError, Location

    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise InputError(Location("--given"), f"{text!r}: expected KEY=VALUE (model=ORG/NAME, gpu=h100_sxm, seq_len=8192)")
    return key.strip(), value.strip()


def run_sweep(args) -> int:
    from auditor.evaluate.sweep import sweep

    project = _project(args)
    over = dict(parse_over(o) for o in args.over)
    given = dict(parse_given(g) for g in args.given)
    points = 1
    for values in over.values():
        points *= len(values)
    if points > MAX_POINTS:
        from auditor.base.errors import InputError, Location

        raise InputError(Location("--over"), f"{points:,} points is more than {MAX_POINTS:,}")
    result = sweep(args.formula, given, {k: [float(v) for v in vs] for k, vs in over.items()}, project.catalogue, project.inputs)
    sys.stdout.write(_csv(result) if args.format == "csv" else _json(result))
    return EXIT_OK


def _project(args):
    from .common import load_project

    return load_project(args)


def _csv(result) -> str:
    header = ",".join(list(result.axes) + [f"{result.formula} ({result.unit})"])
    return header + "\n" + "".join(",".join(_number(v) for v in row) + "\n" for row in result.rows())


def _json(result) -> str:
    import json

    document = {"formula": result.formula, "unit": result.unit, "axes": {k: v.tolist() for k, v in result.axes.items()}, "values": result.values.tolist()}
    return json.dumps(document) + "\n"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 2**53 else repr(float(value))


def register(sub) -> None:
    parser = sub.add_parser("sweep", help="evaluate one formula over a grid of inputs (CSV or JSON)")
    parser.add_argument("formula", help="a formula id (auditor formulas lists them)")
    parser.add_argument("--over", action="append", default=[], required=True, metavar="NAME=RANGE", help="a varied input: batch=1:1024, batch=0:64:8 or seq_len=1024,4096 (repeat for a grid)")
    parser.add_argument("--given", action="append", default=[], metavar="KEY=VALUE", help="a fixed input, as a claim's given: model=ORG/NAME, gpu=h100_sxm, kv_dtype=bf16, seq_len=8192")
    parser.add_argument("--format", choices=("csv", "json"), default="csv", help="csv: one row per point; json: the axes and the values")
    parser.set_defaults(run=run_sweep)
