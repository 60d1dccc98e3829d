"""The startup logs collected from public issues, reproduced by ``auditor capacity``.

Each check in tests/data/engine_logs.yaml gives the inputs a log fixes and
the figures it printed; the capacity calculator must land every figure in
the range the logged input's printed precision allows (counts exactly, after
block flooring). A log recorded as unexplained must stay unreproduced, with
its reason, so a change that starts to explain it is noticed. Held-out logs
were set aside before any capacity formula was written; scripts/capacity_logs.py
reports their rate apart.
"""

from __future__ import annotations

import pytest
from engine_logs import checked, load_logs, project, reproduced, run_check

LOGS = load_logs()
KINDS_COVERED = {"dense GQA", "MoE", "MLA", "tensor parallel", "fp8 KV", "pipeline parallel", "hybrid sliding-window", "SGLang"}
VLLM_KINDS = {"MLA", "tensor parallel", "fp8 KV", "hybrid sliding-window", "hybrid linear attention", "vLLM newer report"}


@pytest.fixture(scope="module")
def log_project():
    return project()


def _cases():
    for log in checked(LOGS):
        for number, check in enumerate(log["checks"]):
            yield pytest.param(log, check, id=f"{log['id']}#{number}")


NEWER_REPORTS = [log for log in LOGS if "newer_report" in log]


@pytest.mark.parametrize("log", NEWER_REPORTS, ids=[log["id"] for log in NEWER_REPORTS])
def test_a_count_no_block_divides_is_concurrency_times_length(log):
    """The older report prints whole blocks of 16 tokens or a multiple of it; the newer prints int(c * max_model_len),
    so the logged count fixes c to [tokens, tokens + 1) / max_model_len, which must print the logged concurrency."""
    from fractions import Fraction

    seen = log["newer_report"]
    tokens, length = seen["kv_tokens"], seen["max_model_len"]
    assert tokens % 16 != 0, seen["why"]
    printed = Fraction(seen["max_concurrency"].rstrip("x"))
    low, high = Fraction(tokens, length), Fraction(tokens + 1, length)
    assert low < printed + Fraction(1, 200) and high > printed - Fraction(1, 200), seen["why"]


@pytest.mark.parametrize("log, check", list(_cases()))
def test_log_is_reproduced_or_recorded_as_unexplained(log, check, log_project):
    result = run_check(log, check, log_project)
    misses = [key for key, text in check["expect"].items() if not reproduced(result, key, text)]
    if "unexplained" in log:
        assert misses, f"{log['id']} is recorded as unexplained but now reproduces; update tests/data/engine_logs.yaml"
    else:
        shown = {k: (result.figures[k].low, result.figures[k].high) for k in misses}
        assert not misses, f"{log['id']}: {shown} do not meet {[check['expect'][k] for k in misses]}"


def test_the_collection_is_large_enough_and_every_log_is_sourced():
    assert len(LOGS) >= 20
    ids = [log["id"] for log in LOGS]
    assert len(ids) == len(set(ids))
    for log in LOGS:
        assert str(log["source"]).startswith("https://github.com/"), log["id"]
        assert log["lines"] and all(isinstance(line, str) for line in log["lines"]), log["id"]
        assert ("checks" in log) != ("not_checkable" in log), f"{log['id']}: either checks or a not_checkable reason"
        if "checks" in log:
            assert log.get("config"), f"{log['id']}: a checked log names the config it reads"


def test_the_collection_covers_every_kind_the_issue_names():
    covered = {kind for log in checked(LOGS) if "unexplained" not in log for kind in log["kinds"]}
    assert KINDS_COVERED <= covered, KINDS_COVERED - covered
    on_vllm = {kind for log in checked(LOGS) if log["engine"] == "vllm" and "unexplained" not in log for kind in log["kinds"]}
    assert VLLM_KINDS <= on_vllm, VLLM_KINDS - on_vllm


def test_a_fifth_to_a_half_is_held_out():
    """Each round marks part of what it collects held out before capacity is run on it (the fourth, every second log)."""
    held = [log for log in LOGS if log.get("held_out")]
    assert len(LOGS) // 5 <= len(held) <= len(LOGS) // 2


def test_the_qwen3_next_excerpt_admits_one_deployment(log_project):
    """vllm-26646: of every tensor-parallel size, KV dtype, kernel alignment and state-page count tried, only fp8
    KV at tp 1 or 2, 16-token alignment and one state page print 90,048 tokens in whole blocks and 1.66x
    (vLLM prints num_blocks // 4 groups * block, so 336 to 339 blocks stand behind the token count)."""
    from itertools import product

    from auditor.capacity import CapacityRequest, capacity

    def matches(tp, kv, alignment, state_blocks):
        settings = {"kernel_block_alignment": str(alignment), "state_blocks_per_request": str(state_blocks)}
        result = capacity(CapacityRequest("Qwen/Qwen3-Next-80B-A3B-Instruct", kv_tokens=90048, tp=tp, kv_dtype=kv,
                                          max_model_len=215040, settings=settings), log_project)
        whole = 90048 % result.figures["block_size"].value == 0
        return whole and reproduced(result, "max_concurrency", "1.66x")

    fits = [combo for combo in product((1, 2, 4, 8), ("bf16", "fp8"), (16, 64), (1, 2)) if matches(*combo)]
    assert fits == [(1, "fp8", 16, 1), (2, "fp8", 16, 1)]
