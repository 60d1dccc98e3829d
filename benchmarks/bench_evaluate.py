"""Per-claim evaluation cost, as ratios against two baselines measured in the same run.

Run by hand (not by the tests):  python benchmarks/bench_evaluate.py

The engine evaluates a claim by calling compiled code (DESIGN decision 4).
This script times, on the same inputs, (a) a hand-written Python function of
the same formula, (b) the engine's compiled function, (c) the engine's whole
per-claim evaluation with its trace, and (d) SymPy ``subs`` + ``evalf`` on
the inlined expression, and prints each as a ratio to (a). Wall-clock
numbers on a shared machine are noisy; ratios taken in one process are not.
"""

from __future__ import annotations

import timeit
from fractions import Fraction
from pathlib import Path

from auditor.audit.project import Project
from auditor.catalogue.compiled import compiled
from auditor.claims.files import load_claim_file
from auditor.evaluate.evaluation import Evaluation
from auditor.evaluate.resolve import resolve

REPO = Path(__file__).resolve().parent.parent
CLAIM_ID = "deriv-a100-max-batch"


def by_hand(gpu_memory, utilization, n_params, bytes_per_param, seq_len, kv_values, kv_bytes, one_token):
    """max_batch written out as a person would, exact."""
    budget = utilization * gpu_memory - n_params * bytes_per_param
    return (budget // (seq_len * kv_values * kv_bytes / one_token))


def best(stmt, number: int) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number


def main() -> None:
    project = Project.load(REPO)
    claim = next(c for c in load_claim_file(REPO / "claims" / "derivations.yaml").claims if c.id == CLAIM_ID)
    bindings = resolve(claim, project.catalogue, project.inputs)
    evaluation = Evaluation(project.catalogue, bindings)
    expected = evaluation.value(claim.formula)
    values = {s.name: Fraction(s.value) for s in evaluation.trace}
    inlined = project.catalogue.inlined(claim.formula)
    names = tuple(sorted(s.name for s in inlined.free_symbols))
    function = compiled(inlined, names)
    args = [values[n] for n in names]
    hand_args = [values[n] for n in ("gpu_memory", "gpu_memory_utilization", "n_params", "bytes_per_param", "seq_len", "kv_values_per_token", "kv_bytes_per_element", "one_token")]
    assert by_hand(*hand_args) == function(*args) == expected
    substitutions = {project.catalogue.factory(n): values[n] for n in names}

    hand = best(lambda: by_hand(*hand_args), 20000)
    rows = [
        ("hand-written Python function", hand),
        ("engine: compiled formula", best(lambda: function(*args), 20000)),
        ("engine: evaluation with trace", best(lambda: Evaluation(project.catalogue, bindings).value(claim.formula), 2000)),
        ("SymPy subs + evalf", best(lambda: inlined.subs(substitutions).evalf(), 50)),
    ]
    print(f"claim {CLAIM_ID}: {claim.formula} = {expected}")
    for label, seconds in rows:
        print(f"  {label:<32} {seconds * 1e6:10.2f} µs   x{seconds / hand:8.1f} hand-written")


if __name__ == "__main__":
    main()
