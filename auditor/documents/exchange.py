"""Swapping two files in one step, so a rewrite can look at what it replaced.

``os.replace`` destroys whatever is at the target the instant it runs, so a
check made just before it always leaves a window in which someone else's
save is lost. Linux's ``renameat2(RENAME_EXCHANGE)`` swaps two names
atomically instead: after it, the temporary name holds exactly what the
target held at that instant, and a rewrite can compare it with what it read
and swap back. Where the call is missing (another system, a file system
without it), ``exchange`` says so and the caller falls back to checking
immediately before an ``os.replace``.
"""

from __future__ import annotations

import errno
import os
from functools import lru_cache
from pathlib import Path

AT_FDCWD = -100
RENAME_EXCHANGE = 2
_UNSUPPORTED = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP}


@lru_cache(maxsize=1)
def _renameat2():
    import ctypes  # with ctypes.util, which loads subprocess: only an update that writes files pays for them
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        function = libc.renameat2
    except (OSError, AttributeError, TypeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


def exchange(first: Path, second: Path) -> bool:
    """Swap the files at two paths atomically; False when the system cannot (nothing was changed then)."""
    function = _renameat2()
    if function is None:
        return False
    if function(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE) == 0:
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in _UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), str(second))
