"""A bound on CPU time for work that has none of its own: SymPy's simplify and solve.

A property claim or ``solve`` hands SymPy an expression a stranger wrote;
simplifying it may never finish (``binomial(n_heads*10**9, 10**8)`` expands a
product of 10⁸ factors). ``cpu_budget`` interrupts the work after the
declared ``symbolic_seconds`` of this process's CPU time (not wall time, so
a busy machine changes no verdict), and the caller turns that into an
abstention. ``OutOfTime`` is a ``BaseException`` on purpose: SymPy catches
``Exception`` in many places, and must not swallow it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .limits import limit


class OutOfTime(BaseException):
    """The budget of ``cpu_budget`` ran out; ``what`` says for what."""

    def __init__(self, what: str, seconds: float):
        self.what = what
        self.seconds = seconds
        super().__init__(f"{what} took more than {seconds:g} s of CPU time (symbolic_seconds)")


@contextmanager
def cpu_budget(what: str, seconds: float | None = None) -> Iterator[None]:
    """Raise ``OutOfTime`` in this block after ``seconds`` of CPU time (``symbolic_seconds`` by default).

    Only the main thread can take a signal; elsewhere, and inside another
    budget (which then bounds this block too), the block runs unbounded.
    """
    seconds = float(limit("symbolic_seconds") if seconds is None else seconds)
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or signal.getitimer(signal.ITIMER_VIRTUAL)[0] > 0:
        yield
        return

    def expire(signum, frame):
        raise OutOfTime(what, seconds)

    previous = signal.signal(signal.SIGVTALRM, expire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)
