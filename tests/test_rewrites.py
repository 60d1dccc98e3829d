"""Rewrites never lose an edit and never leave a mix: the files of one update change together or not at all.

The update of the documented guide rewrites two files (the claims file's
``stated`` and quote, the guide's number). Someone saving the guide while the
files are being swapped in must keep their save; a run killed at any step
must be finished or undone by the next run, with no temporary file left.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
from documented import CLAIMS, GUIDE, make_documented

from auditor.audit.project import Project
from auditor.base.errors import InputError
from auditor.documents import transaction
from auditor.documents.journal import JOURNAL_NAME
from auditor.documents.update import plan_update

OLD, NEW = "says 4.00 GB for an 8K sequence", "says 1.07 GB for an 8K sequence"
EDIT = "\nA line someone saved while the update ran.\n"


def leftovers(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if "auditor-tmp" in p.name or p.name.startswith(JOURNAL_NAME))


def consistent(root: Path) -> str:
    """"old" or "new" when both files agree, else what each holds."""
    guide, claims = (root / "docs" / "guide.md").read_text(), (root / "claims" / "guide.yaml").read_text()
    state = ("new" if NEW in guide else "old" if OLD in guide else "?", "new" if NEW in claims else "old" if OLD in claims else "?")
    return state[0] if state[0] == state[1] else f"guide {state[0]}, claims {state[1]}"


@pytest.fixture
def planned(tmp_path, monkeypatch):
    """The documented project and the writes its update makes, planned once."""
    make_documented(tmp_path)
    monkeypatch.chdir(tmp_path)
    plan = plan_update([tmp_path / "claims"], Project.load(tmp_path))
    return tmp_path, [(path, new, old) for path, old, new in plan.changed()]


def _editor(guide: Path, journal: Path, delay: float, in_place: bool, times: dict) -> None:
    """Wait for the write phase to begin, then save the guide with one more line (noting when it read and saved)."""
    deadline = time.monotonic() + 5
    while not journal.exists() and time.monotonic() < deadline:
        time.sleep(0.00005)
    time.sleep(delay)
    times["read"] = time.monotonic()
    if in_place:
        with open(guide, "a", encoding="utf-8") as handle:
            handle.write(EDIT)
    else:
        text = guide.read_text(encoding="utf-8") + EDIT
        saved = guide.with_name(".guide.md.editor")
        saved.write_text(text, encoding="utf-8")
        os.replace(saved, guide)
    times["saved"] = time.monotonic()


def _beyond_reach(times: dict, in_place: bool) -> str | None:
    """Why this save could not be seen by the update, or None when the update must have kept everything consistent.

    A save that replaces the guide after it was swapped in, from a copy read
    before, is a later save over the new text; an append through a handle
    opened before the swap and written after the update's last look at the
    old text goes into the replaced file. No rename-based writer can see
    either; the test counts them and checks every other trial.
    """
    swapped = times.get("swapped")
    if swapped is None or times["read"] > swapped[1]:
        return None
    if not in_place and times["saved"] > swapped[0]:
        return "replaced from a copy read before the swap"
    if in_place and times["saved"] > times.get("looked", float("inf")):
        return "appended to the replaced file after the last look"
    return None


def test_an_edit_during_the_write_phase_is_never_lost(planned, monkeypatch):
    root, writes = planned
    guide, journal = root / "docs" / "guide.md", root / JOURNAL_NAME
    times: dict = {}
    real_exchange = transaction.exchange

    def exchange(first, second):
        before = time.monotonic()
        done = real_exchange(first, second)
        if Path(second) == guide.resolve() and "swapped" not in times:
            times["swapped"] = (before, time.monotonic())
        return done

    real_digest = transaction.digest_of

    def digest_of(path):
        if path.name.startswith(".guide.md.") and path.name.endswith(".auditor-tmp"):
            times["looked"] = time.monotonic()
        return real_digest(path)

    monkeypatch.setattr(transaction, "exchange", exchange)
    monkeypatch.setattr(transaction, "digest_of", digest_of)
    started = time.monotonic()
    transaction.commit(writes, root)
    phase = time.monotonic() - started
    rng, outcomes = random.Random(16), Counter()
    for trial in range(200):
        (root / "docs" / "guide.md").write_text(GUIDE, encoding="utf-8")
        (root / "claims" / "guide.yaml").write_text(CLAIMS, encoding="utf-8")
        times.clear()
        in_place = trial % 2 == 0
        editor = threading.Thread(target=_editor, args=(guide, journal, rng.uniform(0, 1.5 * phase), in_place, times))
        editor.start()
        try:
            transaction.commit(writes, root)
            outcomes["written"] += 1
        except InputError as exc:
            assert "changed since it was read" in str(exc)
            outcomes["refused"] += 1
        editor.join()
        unseen = _beyond_reach(times, in_place)
        if not in_place or not unseen:
            assert guide.read_text(encoding="utf-8").endswith(EDIT), f"trial {trial}: the edit was lost"
        if unseen:
            outcomes[unseen] += 1
        else:
            assert consistent(root) in ("old", "new"), f"trial {trial}: {consistent(root)}"
        assert leftovers(root) == []
    assert outcomes["refused"] and outcomes["written"], outcomes  # the edits did land inside the write phase
    assert sum(outcomes.values()) - outcomes["refused"] - outcomes["written"] < 50, outcomes  # most trials are checked


KILLER = """\
import os, signal, sys, pathlib
from auditor.documents import transaction
kind, at = sys.argv[1], int(sys.argv[2])
calls = {"n": 0}
def dying(real):
    def call(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == at:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    return call
if kind == "write":
    transaction.os.write = dying(os.write)
elif kind == "exchange":
    transaction.exchange = dying(transaction.exchange)
else:
    pathlib.Path.unlink = dying(pathlib.Path.unlink)
from auditor.cli import main
sys.exit(main(["update"]))
"""


@pytest.mark.parametrize("kind, at", [("write", 1), ("write", 2), ("exchange", 1), ("exchange", 2), ("unlink", 1), ("unlink", 2)])
def test_an_update_killed_at_any_step_is_finished_or_undone_by_the_next_run(tmp_path, monkeypatch, run_cli, kind, at):
    make_documented(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.run([sys.executable, "-c", KILLER, kind, str(at)], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert child.returncode == -signal.SIGKILL, child.stderr
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("check")
    assert leftovers(tmp_path) == []
    state = consistent(tmp_path)
    assert state in ("old", "new"), state
    assert code == (0 if state == "new" else 1), out + err
    assert "stale" not in out


def test_a_symlinked_document_is_written_through_to_its_target(planned):
    root, _ = planned
    real = root / "docs" / "real-guide.md"
    (root / "docs" / "guide.md").rename(real)
    os.symlink("real-guide.md", root / "docs" / "guide.md")
    writes = [(path, new, old) for path, old, new in plan_update([root / "claims"], Project.load(root)).changed()]
    transaction.commit(writes, root)
    assert (root / "docs" / "guide.md").is_symlink()
    assert NEW in real.read_text()


def test_a_read_only_document_is_refused_and_nothing_is_written(planned, run_cli):
    root, _ = planned
    (root / "docs" / "guide.md").chmod(0o444)
    code, _, err = run_cli("update")
    assert code == 2 and "read-only" in err and err.startswith("error: docs/guide.md")
    assert consistent(root) == "old" and leftovers(root) == []


def test_a_quote_found_twice_names_both_places(tmp_path, monkeypatch, run_cli):
    make_documented(tmp_path, guide=GUIDE + "\nAgain: the vendor calculator says 4.00 GB for an 8K sequence.\n")
    monkeypatch.chdir(tmp_path)
    for command in (("check",), ("update",)):
        code, _, err = run_cli(*command)
        assert code == 2, err
        assert "claims/guide.yaml:23: quote 'says 4.00 GB for an 8K sequence' is found more than once (docs/guide.md:7 and docs/guide.md:9)" in err
    assert consistent(tmp_path) == "old"


def test_without_an_atomic_swap_each_file_is_still_checked_just_before_it_is_replaced(planned, monkeypatch):
    root, writes = planned
    monkeypatch.setattr(transaction, "exchange", lambda first, second: False)
    transaction.commit(writes, root)
    assert consistent(root) == "new" and leftovers(root) == []
    (root / "docs" / "guide.md").write_text(GUIDE + EDIT, encoding="utf-8")
    with pytest.raises(InputError, match="changed since it was read"):
        transaction.commit([(path, new, old) for path, new, old in writes], root)
