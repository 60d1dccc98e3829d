"""A checkpoint's real bytes per dtype, from its safetensors headers, without downloading a weight.

"4-bit" is a nominal figure: a checkpoint also carries bf16 embeddings,
fp16 scales and int32 zero points. Claims that need what a GPU actually
holds need the bytes on disk, so ``weigh`` reads each ``*.safetensors``
header with HTTP Range requests (a few kilobytes per file) and adds up the
byte ranges and element counts per dtype, pinned to one commit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase
from fractions import Fraction

from huggingface_hub import HfApi, hf_hub_url

from .client import LIBRARY, Target, hub_errors, hub_headers, read_range, refuse_offline
from .guard import guarded
from .errors import MALFORMED_SAFETENSORS, NO_ELEMENTS, NO_SAFETENSORS, SERVER_FAILED, EntryNotFoundError, HubServerError, MalformedSafetensorsError
from .refs import is_commit_hash
from .safetensors import HeaderError, Tensor, header_length, parse_header

# First read per file; most headers fit, so most files cost one request.
PREFETCH = 64 * 1024

Progress = Callable[[str], None]


@dataclass(frozen=True)
class DtypeWeight:
    """Bytes on disk and stored elements of one dtype, over every file."""

    bytes: int
    parameters: int


@dataclass(frozen=True)
class WeightReport:
    """What a checkpoint weighs at one commit, per dtype and in total.

    ``parameters`` counts stored elements, as the shapes give them: an int4
    tensor packed into U8 counts one element per byte. For bits per *model*
    parameter, pass the architecture's count to ``bits_per``.
    """

    repo_id: str
    commit: str
    files: tuple[str, ...]
    dtypes: dict[str, DtypeWeight]

    @property
    def total_bytes(self) -> int:
        return sum(weight.bytes for weight in self.dtypes.values())

    @property
    def total_parameters(self) -> int:
        return sum(weight.parameters for weight in self.dtypes.values())

    @property
    def bits_per_parameter(self) -> Fraction:
        """Bits on disk per stored element, exact: ``8 * total_bytes / total_parameters``."""
        return self.bits_per(self.total_parameters)

    def bits_per(self, parameters: int) -> Fraction:
        """Bits on disk per parameter, for a parameter count known from elsewhere (the config)."""
        return Fraction(8 * self.total_bytes, parameters)


def weigh(
    repo_id: str,
    revision: str | None,
    *,
    endpoint: str | None = None,
    token: str | None = None,
    timeout: float | None = None,
    progress: bool | Progress = False,
    include: str = "*.safetensors",
) -> WeightReport:
    """Sum the safetensors headers of ``repo_id`` at ``revision``; ``progress`` reports each file read.

    Every file matching ``include`` (an fnmatch pattern) counts. A repository
    that ships one checkpoint twice, as Mistral's do (``consolidated.safetensors``
    beside ``model-0000k-of-0000n.safetensors``), needs ``include`` narrowed;
    ``WeightReport.files`` shows what was summed.
    """
    target = Target.make(repo_id, revision, endpoint, timeout)
    refuse_offline(target, "reading safetensors headers")
    say = _reporter(progress)
    totals: dict[str, DtypeWeight] = {}
    headers = hub_headers(token)
    with guarded():
        commit, files = _safetensors_files(target, token, include)
        for number, filename in enumerate(files, 1):
            say(f"reading header {number}/{len(files)}: {filename}")
            for tensor in _read_header(replace(target, filename=filename), commit, headers):
                _add(totals, tensor)
    if not any(weight.parameters for weight in totals.values()):
        raise target.error(MalformedSafetensorsError, NO_ELEMENTS, files=", ".join(files))
    return WeightReport(repo_id, commit, tuple(files), dict(sorted(totals.items())))


def _safetensors_files(target: Target, token: str | None, include: str) -> tuple[str, list[str]]:
    """The commit ``revision`` points to, and the safetensors files in it that ``include`` matches."""
    api = HfApi(endpoint=target.endpoint, token=token, **LIBRARY)
    with hub_errors(target):
        try:
            info = api.model_info(target.repo_id, revision=target.revision, timeout=target.timeout)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:  # the answer is JSON, but not a model's info
            raise target.error(HubServerError, SERVER_FAILED, reason=f"unexpected model info ({type(exc).__name__})") from None
    if not is_commit_hash(info.sha):
        raise target.error(HubServerError, SERVER_FAILED, reason="its model info has no commit sha")
    siblings = info.siblings if isinstance(info.siblings, list) else []
    names = (name for name in (getattr(sibling, "rfilename", None) for sibling in siblings) if isinstance(name, str))
    files = sorted(name for name in names if name.endswith(".safetensors") and fnmatchcase(name, include))
    if not files:
        raise target.error(EntryNotFoundError, NO_SAFETENSORS, include=include)
    return info.sha, files


def _read_header(target: Target, commit: str, headers: dict[str, str]) -> list[Tensor]:
    """The tensors of one file: its first bytes, then the rest of the header if it is long."""
    url = hf_hub_url(target.repo_id, target.filename, revision=commit, endpoint=target.endpoint)
    start = read_range(url, 0, PREFETCH, target, headers)
    try:
        length = header_length(start)
        raw = start[8 : 8 + length] if len(start) >= 8 + length else read_range(url, 8, 8 + length, target, headers)
        if len(raw) < length:
            raise HeaderError(f"the file ends {length - len(raw)} bytes before its {length}-byte header does")
        return parse_header(raw)
    except HeaderError as exc:
        raise target.error(MalformedSafetensorsError, MALFORMED_SAFETENSORS, reason=exc.reason) from None


def _add(totals: dict[str, DtypeWeight], tensor: Tensor) -> None:
    before = totals.get(tensor.dtype, DtypeWeight(0, 0))
    totals[tensor.dtype] = DtypeWeight(before.bytes + tensor.nbytes, before.parameters + tensor.elements)


def _reporter(progress: bool | Progress) -> Progress:
    """``True`` prints to stderr; a callable gets each line; ``False`` stays quiet."""
    if callable(progress):
        return progress
    if progress:
        return lambda line: print(line, file=sys.stderr, flush=True)
    return lambda line: None
