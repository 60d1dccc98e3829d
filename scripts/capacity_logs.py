#!/usr/bin/env python3
"""How many of the collected startup logs `auditor capacity` reproduces, held-out logs apart.

    python scripts/capacity_logs.py

Reads tests/data/engine_logs.yaml and prints, per log, whether every figure
it printed falls in the range the logged input's precision allows; then the
rate over the logs that can be checked, for the logs the formulas were
written against and for the held-out ones separately; a log reproduced only
with a flag inferred from its own figures is counted apart.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from engine_logs import load_logs, project, reproduced, run_check  # noqa: E402


def status(log: dict, log_project) -> str:
    if "not_checkable" in log:
        return "not checkable"
    ok = all(reproduced(run_check(log, check, log_project), key, text)
             for check in log["checks"] for key, text in check["expect"].items())
    if "unexplained" in log:
        return "unexplained (recorded)" if not ok else "REPRODUCED, though recorded as unexplained"
    if "deployment_inferred" in log:
        return "reproduced, deployment inferred from the figures" if ok else "NOT REPRODUCED"
    return "reproduced" if ok else "NOT REPRODUCED"


def main() -> int:
    logs, log_project = load_logs(), project()
    results = {log["id"]: status(log, log_project) for log in logs}
    for log in logs:
        print(f"{'held-out ' if log.get('held_out') else '         '}{log['id']:<42} {results[log['id']]}")
    for label, chosen in (("developed", [l for l in logs if not l.get("held_out")]), ("held-out", [l for l in logs if l.get("held_out")])):
        checkable = [l for l in chosen if results[l["id"]] != "not checkable"]
        done = [l for l in checkable if results[l["id"]] == "reproduced"]
        inferred = [l for l in checkable if results[l["id"]].startswith("reproduced, deployment")]
        print(f"{label}: {len(done)} of {len(checkable)} checkable logs reproduced, {len(inferred)} more with a flag"
              f" inferred from the figures ({len(chosen)} collected)")
    return 0 if all(not r.startswith(("NOT", "REPRO")) for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
