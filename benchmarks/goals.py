"""Every speed goal of the engine, measured, as one table: each row a goal and its measured ratio.

Run by hand (not by the tests):  python benchmarks/goals.py [--quick]

Whole-process rows time ``auditor check`` against ``python -c "import
yaml"`` or ``python -c "import sympy"`` in paired runs (A B A B ...,
median of the pairwise ratios), so a shared machine's drift moves both.
"Cold" empties the project's cache before every run, "warm" runs with
nothing changed. The larger corpora are generated (``processes.corpus``):
distinct claims whose numbers are worked out by hand in that module, one in
fifty printed GiB-as-GB so diagnosis runs too. In-process rows time the
engine against a hand-written function, SymPy ``subs`` with fresh values
and a cleared cache, and the exact engine (``inprocess``).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from inprocess import diagnosis_goal, evaluation_goals, sweep_goal  # noqa: E402
from processes import AUDITOR, PYTHON, byte_compiled, emptied, paired, project_of, run_once, without_stored_runs  # noqa: E402

YAML = [PYTHON, "-c", "import yaml"]
SYMPY = [PYTHON, "-c", "import sympy"]
CHECK = [AUDITOR, "check"]
SHIPPED = [AUDITOR, "check", "--builtin"]  # from a folder that is no project: the claims shipped with the auditor


def row(goal: str, measured: str, target: str, met: bool | None) -> tuple:
    return (goal, measured, target, "" if met is None else ("yes" if met else "NO"))


def process_rows(work: Path, runs: int) -> list[tuple]:
    shipped = work / "shipped"
    shipped.mkdir()
    run_once(SHIPPED, shipped)
    warm = paired(SHIPPED, YAML, shipped, runs)
    packs = paired(SHIPPED, YAML, shipped, runs, before=without_stored_runs(shipped))
    cold = paired(SHIPPED, SYMPY, shipped, runs, before=emptied(shipped))
    rows = [
        row("warm check, shipped corpus / import yaml", f"{warm['ratio']:.2f}x ({warm['seconds'] * 1e3:.0f} ms)", "<= 1.5x", warm["ratio"] <= 1.5),
        row("  the same, stored run removed (findings packs)", f"{packs['ratio']:.2f}x", "", None),
        row("cold check, shipped corpus / import sympy", f"{cold['ratio']:.2f}x ({cold['seconds']:.2f} s)", "<= 2.5x", cold["ratio"] <= 2.5),
    ]
    return rows


def scale_rows(work: Path, runs: int) -> list[tuple]:
    sizes = (1000, 3000, 10000, 30000)
    timings = {}
    for size in sizes:
        project = project_of(size, work)
        timings[size] = paired(CHECK, SYMPY, project, runs if size <= 10000 else 1, before=emptied(project))
    ten = project_of(10000, work)
    warm = paired(CHECK, SYMPY, ten, runs)
    cold = timings[10000]
    rows = [
        row("10,000 claims cold / import sympy", f"{cold['ratio']:.2f}x ({cold['seconds']:.1f} s)", "<= 15x", cold["ratio"] <= 15),
        row("10,000 claims warm / import sympy", f"{warm['ratio']:.2f}x ({warm['seconds'] * 1e3:.0f} ms)", "<= 3x", warm["ratio"] <= 3),
    ]
    previous = None
    for size in sizes:
        seconds = timings[size]["seconds"]
        marginal = "" if previous is None else f", {(seconds - timings[previous]['seconds']) / (size - previous) * 1e3:.2f} ms/claim since {previous:,}"
        rows.append(row(f"  cold at {size:,} claims", f"{seconds:.1f} s ({seconds / size * 1e3:.2f} ms/claim{marginal})", "linear", None))
        previous = size
    rows.append(row("peak memory, 10,000-claim cold check", f"{cold['peak']:.0f} MiB", "<= 111 MiB", cold["peak"] <= 111))
    return rows


def engine_rows() -> list[tuple]:
    from auditor.audit.project import Project

    project = Project.load(Path(__file__).resolve().parent.parent)
    timing = evaluation_goals(project)
    diagnosis = diagnosis_goal(project)
    grid = sweep_goal(project)
    per_hand, over_subs = timing["engine"] / timing["hand"], timing["subs"] / timing["engine"]
    return [
        row("a claim's evaluation / hand-written function", f"{per_hand:.2f}x ({timing['engine'] * 1e6:.1f} us)", "<= 3x", per_hand <= 3),
        row("SymPy subs, fresh values, cache cleared / evaluation", f"{over_subs:,.0f}x ({timing['subs'] * 1e3:.2f} ms)", ">= 1000x", over_subs >= 1000),
        row(f"diagnosis, {diagnosis['tried']} hypotheses tried", f"{diagnosis['seconds'] * 1e3:.1f} ms ({diagnosis['seconds'] / diagnosis['plain']:,.0f}x an evaluation)",
            "<= 20 ms, >= 200 tried", diagnosis["seconds"] <= 0.020 and diagnosis["tried"] >= 200),
        row(f"sweep of t_step, {grid['points']:,} points (batch x seq_len)", f"{grid['rate'] / 1e6:.1f} M evaluations/s (first call {grid['first_rate'] / 1e6:.1f} M/s)", ">= 1 M/s", grid["rate"] >= 1e6),
        row("  largest relative difference from the exact engine", f"{grid['error']:.1e} (40 points)", "<= 1e-9", grid["error"] <= 1e-9),
    ]


WIDTHS = (58, 62, 24)


def show(rows: list[tuple]) -> None:
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, WIDTHS + (3,))).rstrip(), flush=True)


def main() -> None:
    runs = 3 if "--quick" in sys.argv else 7
    byte_compiled()
    show([("goal", "measured", "target", "met")])
    show(engine_rows())
    with tempfile.TemporaryDirectory(prefix="auditor-goals-") as folder:
        show(process_rows(Path(folder), runs))
        show(scale_rows(Path(folder), runs))


if __name__ == "__main__":
    main()
