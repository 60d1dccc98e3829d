"""Every Hub request of one operation within one deadline and one size cap, whoever sends it.

``huggingface_hub`` bounds each socket read, not a whole answer: a server that
drips a byte every two seconds never times out, and a 3 GB config or a gzip
bomb is read to the end. The auditor is a command a person waits for, so
while a ``guarded`` block runs, the Hub client's own session carries two
hooks: before each request, the time left until the deadline (``hub_seconds``)
caps every timeout, and a request after it is refused; on each answer, its
body is counted as it arrives, decompressed size included (``Content-Encoding``
gzip or deflate; another encoding is refused), and ended past
``hub_response_bytes`` or past the deadline. Both failures are transport
errors of their own (``client.HubDeadline``, ``client.HubTooLarge``), which
``client.translate`` names.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from huggingface_hub.utils import get_session

from auditor.base.limits import limit

from .client import HubDeadline, HubTooLarge, httpx

_READABLE = {"": None, "identity": None, "gzip": 47, "x-gzip": 47, "deflate": 47}  # zlib wbits: 47 reads gzip or zlib


class _Guard:
    def __init__(self, seconds: float, cap: int):
        self.seconds, self.cap = seconds, cap
        self.deadline = time.monotonic() + seconds

    def left(self, request=None) -> float:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise HubDeadline(deadline_passed(), request=request)
        return remaining

    def on_request(self, request) -> None:
        remaining = self.left(request)
        timeouts = request.extensions.get("timeout")
        if isinstance(timeouts, dict):
            request.extensions["timeout"] = {k: (remaining if v is None else min(v, remaining)) for k, v in timeouts.items()}

    def on_response(self, response) -> None:
        encoding = response.headers.get("content-encoding", "").strip().lower()
        if encoding not in _READABLE:
            raise HubTooLarge(f"the answer is compressed as {encoding!r}, whose size cannot be bounded", request=response.request)
        length = response.headers.get("content-length", "")
        if response.request.method != "HEAD" and length.isdigit() and int(length) > self.cap:
            raise HubTooLarge(self.too_large(f"{int(length):,} bytes"), request=response.request)
        response.stream = _CountedStream(response.stream, self, _READABLE[encoding], response.request)

    def too_large(self, what: str) -> str:
        return f"the answer is {what}, more than the {self.cap:,} bytes one Hub answer may be (hub_response_bytes)"


class _CountedStream(httpx.SyncByteStream):
    """The raw body, passed on chunk by chunk, ended past the cap (counted decompressed) or past the deadline."""

    def __init__(self, stream, guard: _Guard, wbits: int | None, request):
        self.stream, self.guard, self.request = stream, guard, request
        self.inflater = zlib.decompressobj(wbits) if wbits else None
        self.size = 0

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.stream:
            self.guard.left(self.request)
            self._count(chunk)
            yield chunk

    def _count(self, chunk: bytes) -> None:
        if self.inflater is None:
            self.size += len(chunk)
        else:
            data = chunk
            while data and not self.inflater.eof:
                try:
                    self.size += len(self.inflater.decompress(data, self.guard.cap - self.size + 1))
                except zlib.error:
                    return  # not valid gzip: the client's own decoder says so
                data = self.inflater.unconsumed_tail
                if self.size > self.guard.cap:
                    break
        if self.size > self.guard.cap:
            raise HubTooLarge(self.guard.too_large("longer than that once decompressed" if self.inflater else "longer than that"), request=self.request)

    def close(self) -> None:
        self.stream.close()


_active: list[_Guard] = []


def deadline_passed() -> str:
    """Why the current operation is out of time, or "" while it is not (or none is guarded)."""
    if _active and time.monotonic() >= _active[-1].deadline - 0.05:
        return f"no answer within the {_active[-1].seconds:g} s a Hub operation may take (hub_seconds)"
    return ""


@contextmanager
def guarded(seconds: float | None = None, cap: int | None = None) -> Iterator[None]:
    """Bound every request made inside the block (nested blocks share the outermost bounds)."""
    if _active:
        yield
        return
    guard = _Guard(float(limit("hub_seconds") if seconds is None else seconds), int(limit("hub_response_bytes") if cap is None else cap))
    client = get_session()
    hooks = client.event_hooks
    before = {name: list(hooks.get(name, [])) for name in ("request", "response")}
    client.event_hooks = {"request": [*before["request"], guard.on_request], "response": [*before["response"], guard.on_response]}
    _active.append(guard)
    try:
        yield
    finally:
        _active.pop()
        client.event_hooks = before
