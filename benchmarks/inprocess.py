"""The goals measured inside one process: a claim's evaluation, diagnosis, and sweeps.

Each is timed against a baseline run here, on the same inputs: a
hand-written Python function of the same formula, SymPy ``subs`` with fresh
values and its cache cleared before every call (so its own memo cannot
flatter it), a plain evaluation of the diagnosed claim, and the exact
engine at sampled points of a sweep.
"""

from __future__ import annotations

import random
import statistics
import time
import timeit
from fractions import Fraction

from auditor.audit.project import Project
from auditor.base.errors import Location
from auditor.base.yamlio import load_yaml_text
from auditor.claims.files import Claim, RawClaimFile, load_claim_file
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

from processes import REPO

EVALUATED = "deriv-a100-max-batch"  # claims/derivations.yaml: max_batch = 104
DIAGNOSED = ("{id: bench-unexplained-step, quote: q, formula: t_step, given: {model: meta-llama/Meta-Llama-3-70B, gpu: h100_sxm, "
             "kv_dtype: fp16, weight_dtype: fp16, seq_len: 8192, batch: 16, tp: 2}, stated: '77.7 ms'}")
SWEEP_GIVEN = {"model": "meta-llama/Meta-Llama-3-8B", "gpu": "h100_sxm", "kv_dtype": "fp16", "weight_dtype": "fp16"}


def claim(text: str) -> Claim:
    entry = load_yaml_text(text, "benchmark")
    return RawClaimFile(REPO / "benchmark.yaml", "benchmark", load_yaml_text("{title: benchmark}", "benchmark"), [entry]).claim(entry)


def by_hand(gpu_memory, utilization, n_params, bytes_per_param, seq_len, kv_values, kv_bytes, one_token):
    """max_batch written out as a person would, exact."""
    budget = utilization * gpu_memory - n_params * bytes_per_param
    return budget // (seq_len * kv_values * kv_bytes / one_token)


HAND_ARGUMENTS = ("gpu_memory", "gpu_memory_utilization", "n_params", "bytes_per_param", "seq_len", "kv_values_per_token", "kv_bytes_per_element", "one_token")


def best(function, number: int) -> float:
    return min(timeit.repeat(function, number=number, repeat=7)) / number


def evaluation_goals(project: Project) -> dict:
    import sympy
    from sympy.core.cache import clear_cache

    subject = next(c for c in load_claim_file(REPO / "claims" / "derivations.yaml").claims if c.id == EVALUATED)
    bindings = resolve(subject, project.catalogue, project.inputs)
    evaluation = Evaluation(project.catalogue, bindings)
    value = evaluation.value(subject.formula)
    values = {s.name: Fraction(s.value) for s in evaluation.trace}
    hand_args = [values[n] for n in HAND_ARGUMENTS]
    assert by_hand(*hand_args) == value == 104
    hand = best(lambda: by_hand(*hand_args), 20000)
    engine = best(lambda: Evaluation(project.catalogue, bindings).value(subject.formula), 5000)
    inlined = project.catalogue.inlined(subject.formula)
    leaves = sorted(inlined.free_symbols, key=str)
    rng = random.Random(14)

    def fresh_subs():
        clear_cache()
        point = {s: sympy.Rational(values[str(s)]) * sympy.Rational(rng.randint(900, 1100), 1000) for s in leaves}
        return inlined.subs(point).evalf()

    subs = statistics.median(timeit.repeat(fresh_subs, number=1, repeat=60))
    return {"hand": hand, "engine": engine, "subs": subs}


def diagnosis_goal(project: Project) -> dict:
    from auditor.diagnosis.search import context, search

    subject = claim(DIAGNOSED)
    bindings = resolve(subject, project.catalogue, project.inputs)
    plain = best(lambda: Evaluation(project.catalogue, bindings).value(subject.formula), 500)
    search(context(subject, project, bindings))  # first call compiles what the search needs
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        found, tried = search(context(subject, project, bindings))
        runs.append(time.perf_counter() - start)
    return {"seconds": statistics.median(runs), "tried": tried, "found": len(found), "plain": plain}


def sweep_goal(project: Project) -> dict:
    from auditor.evaluate.sweep import sweep

    over = {"batch": range(1, 1025), "seq_len": range(128, 128 * 1025, 128)}
    start = time.perf_counter()
    first = sweep("t_step", SWEEP_GIVEN, over, project.catalogue, project.inputs)
    first_seconds = time.perf_counter() - start
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        grid = sweep("t_step", SWEEP_GIVEN, over, project.catalogue, project.inputs)
        runs.append(time.perf_counter() - start)
    worst = 0.0
    rng = random.Random(14)
    for _ in range(40):
        i, j = rng.randrange(1024), rng.randrange(1024)
        exact = _exact(project, {**SWEEP_GIVEN, "batch": str(i + 1), "seq_len": str(128 * (j + 1))})
        worst = max(worst, abs(grid.values[i, j] - float(exact)) / abs(float(exact)))
    points = grid.values.size
    return {"rate": points / statistics.median(runs), "first_rate": points / first_seconds, "points": points, "error": worst, "same": bool((first.values == grid.values).all())}


def _exact(project: Project, given: dict):
    from auditor.base.yamlio import Located

    located = Located(given)
    located.line, located.key_lines = 0, {}
    subject = Claim(id="sample", quote="", location=Location("benchmark"), formula="t_step", stated=None, given=located)
    return Evaluation(project.catalogue, resolve(subject, project.catalogue, project.inputs)).value("t_step")
