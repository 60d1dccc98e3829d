"""The safetensors header: an 8-byte little-endian length, then a JSON table of tensors.

Only the header is ever read: it says each tensor's dtype, shape and byte
range, which is all a byte count needs, and it is kilobytes where the weights
are gigabytes. Everything in it is checked, because a wrong header would
otherwise become a wrong "real bytes per parameter" without any complaint.
"""

from __future__ import annotations

import json
import math
import struct
from dataclasses import dataclass
from typing import Any

from auditor.base.limits import limit

# safetensors itself refuses headers above 100 MB; one Hub answer here is capped lower (a real header is under 1 MB).
HEADER_LIMIT = limit("hub_response_bytes")

# Bits per element of each dtype safetensors defines; bytes on disk round up for sub-byte types.
DTYPE_BITS = {
    "BOOL": 8, "U8": 8, "I8": 8, "F8_E4M3": 8, "F8_E5M2": 8, "F8_E8M0": 8,
    "U16": 16, "I16": 16, "F16": 16, "BF16": 16,
    "U32": 32, "I32": 32, "F32": 32,
    "U64": 64, "I64": 64, "F64": 64,
    "F4": 4, "F6_E2M3": 6, "F6_E3M2": 6,
}


class HeaderError(ValueError):
    """The header cannot be read; ``reason`` says what is wrong, for the caller to place."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True)
class Tensor:
    """One tensor as its header entry describes it."""

    name: str
    dtype: str
    shape: tuple[int, ...]
    nbytes: int

    @property
    def elements(self) -> int:
        """Stored elements: a packed int4 tensor counts its bytes or words, not its weights."""
        return math.prod(self.shape)


def header_length(prefix: bytes) -> int:
    """The length of the JSON header, from the first 8 bytes of the file."""
    if len(prefix) < 8:
        raise HeaderError(f"the file is {len(prefix)} bytes long, shorter than the 8-byte length prefix")
    (length,) = struct.unpack("<Q", prefix[:8])
    if length > HEADER_LIMIT:
        raise HeaderError(f"the header claims {length:,} bytes, more than the {HEADER_LIMIT:,} one Hub answer may be (hub_response_bytes)")
    return length


def parse_header(raw: bytes) -> list[Tensor]:
    """The tensors a JSON header lists, skipping ``__metadata__``."""
    try:
        table = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise HeaderError(f"the header is not JSON ({exc})") from None
    if not isinstance(table, dict):
        raise HeaderError(f"the header is a JSON {type(table).__name__}, not an object")
    return [_tensor(name, entry) for name, entry in table.items() if name != "__metadata__"]


def _tensor(name: str, entry: Any) -> Tensor:
    if not isinstance(entry, dict):
        raise HeaderError(f"tensor {name!r} is not an object")
    dtype, shape, offsets = entry.get("dtype"), entry.get("shape"), entry.get("data_offsets")
    if not isinstance(dtype, str):
        raise HeaderError(f"tensor {name!r} has no dtype string")
    if not isinstance(shape, list) or not all(_is_count(size) for size in shape):
        raise HeaderError(f"tensor {name!r} has shape {shape!r}, not a list of non-negative integers")
    if not (isinstance(offsets, list) and len(offsets) == 2 and all(_is_count(at) for at in offsets)):
        raise HeaderError(f"tensor {name!r} has data_offsets {offsets!r}, not [begin, end]")
    if offsets[1] < offsets[0]:
        raise HeaderError(f"tensor {name!r} ends (byte {offsets[1]}) before it begins (byte {offsets[0]})")
    tensor = Tensor(name, dtype, tuple(shape), offsets[1] - offsets[0])
    _check_size(tensor)
    return tensor


def _check_size(tensor: Tensor) -> None:
    """A known dtype fixes the byte count: a mismatch means the header lies about one of them."""
    bits = DTYPE_BITS.get(tensor.dtype)
    if bits is None:
        return
    needed = math.ceil(tensor.elements * bits / 8)
    if tensor.nbytes != needed:
        raise HeaderError(
            f"tensor {tensor.name!r} spans {tensor.nbytes} bytes, "
            f"but {tensor.dtype} × {list(tensor.shape)} needs {needed}"
        )


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
