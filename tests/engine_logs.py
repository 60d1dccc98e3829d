"""The collected startup logs (tests/data/engine_logs.yaml) and whether capacity reproduces a figure.

A logged figure is reproduced when the value it prints (the interval its
digits round from, no wider than the engine's own rounding) meets the range
the capacity calculator computes from the logged input's precision. Shared
by tests/test_capacity_logs.py and scripts/capacity_logs.py.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from auditor.audit.project import Project
from auditor.base.quantity import parse_stated
from auditor.base.yamlio import load_yaml
from auditor.capacity import CapacityRequest, capacity

DATA = Path(__file__).resolve().parent / "data"
LOGS = DATA / "engine_logs.yaml"
PROJECT = DATA / "capacity_project"


def load_logs() -> list[dict]:
    return list(load_yaml(LOGS)["logs"])


def checked(logs: list[dict]) -> list[dict]:
    return [log for log in logs if "not_checkable" not in log]


def run_check(log: dict, check: dict, project: Project):
    run = dict(check["run"])
    settings = {str(k): str(v) for k, v in (run.pop("settings", None) or {}).items()}
    rule = run.pop("rule", log.get("rule"))  # a check may follow another behaviour than its log's
    request = CapacityRequest(log["config"], engine=log["engine"], rule=rule, settings=settings, **run)
    return capacity(request, project)


def printed_interval(text: str, engine, key: str) -> tuple[Fraction, Fraction]:
    """[low, high] a printed figure stands for, in base units."""
    stated = parse_stated(text)
    half = stated.low.half_ulp
    decimals = engine.printed.get(key, {}).get("decimals")
    if decimals is not None:
        half = min(half, Fraction(1, 2) * Fraction(10) ** -decimals)
    factor = stated.unit.factor
    return (stated.value - half) * factor, (stated.value + half) * factor


def reproduced(result, key: str, text: str) -> bool:
    figure = result.figures[key]
    if not figure.known:
        return False
    stated = parse_stated(text)
    if stated.low.decimals == 0 and stated.low.exponent is None:  # a count: exactly, after block flooring
        return figure.low <= stated.value * stated.unit.factor <= figure.high
    low, high = printed_interval(text, result.engine, key)
    return figure.low < high and figure.high >= low


def project() -> Project:
    return Project.load(PROJECT.resolve())
