"""What ``auditor models list / show / weigh`` print, kept apart from the argument handling.

``show`` prices the cache through the formula catalogue (the same formulas a
claim uses, at bf16 KV, bf16 conv state and fp32 SSM state), so the numbers a
reader sees here are the numbers ``auditor check`` would compute.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from auditor.base.errors import AuditorError
from auditor.base.numbers import show
from auditor.base.yamlio import load_yaml
from auditor.inputs.layout import layer_summary

SHOWN_LENGTHS = (4096, 32768, 131072)
KiB, MiB, GiB = 2**10, 2**20, 2**30


def list_lines(inputs, root: Path) -> list[str]:
    """Bundled models, the project's pulled ones with their commit, and weighed checkpoints."""
    lines: list[str] = []
    counts: list[str] = []
    for number, folder in enumerate(inputs.dirs):
        kind = "bundled" if number == 0 else "pulled"
        models = sorted((folder / "models").glob("*.json"))
        commits = _pulled_commits(folder / "models" / "index.yaml")
        lines.append(f"{kind} ({_shown(folder / 'models', root)}):")
        lines += [_model_row(inputs, path, commits) for path in models]
        counts.append(f"{len(models)} {kind}")
        weighed = _weighed_rows(folder / "weights.yaml", root)
        lines += weighed
        if weighed:
            counts.append(f"{len(weighed) - 1} weighed")
    return lines + [", ".join(counts)]


def _model_row(inputs, path: Path, commits: dict[str, str]) -> str:
    model_id = path.stem.replace("--", "/", 1)
    try:
        architecture = inputs.geometry(inputs.model_config(model_id)[0]).architecture
    except AuditorError as exc:
        architecture = f"unreadable: {exc}"
    pinned = f"  commit {commits[model_id][:12]}" if model_id in commits else ""
    return f"  {model_id:<40} {architecture}{pinned}"


def _pulled_commits(index: Path) -> dict[str, str]:
    data = load_yaml(index) if index.is_file() else None
    entries = data.get("models") if isinstance(data, dict) else None
    return {str(e.get("id")): str(e.get("revision")) for e in entries or [] if isinstance(e, dict)}


def _weighed_rows(path: Path, root: Path) -> list[str]:
    if not path.is_file():
        return []
    from auditor.inputs.weights import read_entries

    rows = [f"weighed ({_shown(path, root)}):"]
    for entry in read_entries(path):
        bits = entry.get("bits_per_parameter") or entry.get("bits_per_stored_element")
        per = "parameter" if entry.get("bits_per_parameter") else "stored element"
        rows.append(f"  {entry['id']}@{str(entry.get('commit'))[:12]:<14} {entry.get('total_bytes', 0):>18,} bytes, {bits} bits per {per}")
    return rows


def _shown(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def show_lines(model_id: str, source: str, geometry, project) -> list[str]:
    """Architecture, layer layout, cache sizes, every derived value with its origin, and the notes."""
    lines = [f"{model_id}  ({source})", f"architecture: {geometry.architecture}", "layers:"]
    lines += [f"  {line}" for line in layer_summary(geometry.layers)]
    dtypes = "KV and conv state bf16, SSM state fp32" if "recurrent_state_values_per_sequence" in geometry.values else "KV bf16"
    lines += [f"cache ({dtypes}):"] + [f"  {line}" for line in cache_lines(model_id, geometry, project)]
    lines.append("values:")
    for name, derived in geometry.values.items():
        unit = "" if derived.unit == "dimensionless" else f" {derived.unit}"
        lines.append(f"  {name} = {show(derived.value, 6)}{unit}  ({derived.origin})")
    lines.append("notes:")
    lines += [f"  - {note}" for note in geometry.notes] or ["  (none)"]
    return lines


def cache_lines(model_id: str, geometry, project) -> list[str]:
    """KV per token, the sliding layers' cap, the recurrent state, and the total at a few lengths."""
    value = _evaluator(model_id, geometry, project)
    values = geometry.values
    per_layer = value("kv_bytes_per_token_per_layer")
    lines = [f"KV per token: {per_layer:,} B per KV layer; {value('kv_bytes_per_token'):,} B/token over "
             f"{values['n_kv_layers'].value} KV layers"]
    if values["n_sliding_kv_layers"].value:
        window = values["sliding_window"].value
        lines.append(f"sliding layers: {values['n_sliding_kv_layers'].value} x {per_layer:,} B/token up to "
                     f"{window} tokens, at most {human_bytes(value('kv_bytes_sliding_layers', window))} per sequence")
    if "recurrent_state_values_per_sequence" in values:
        lines.append(f"recurrent state per sequence: {values['recurrent_state_values_per_sequence'].value:,} values, "
                     f"{human_bytes(value('recurrent_state_bytes_per_sequence'))}, whatever the length")
    sizes = ", ".join(f"{s:,} tokens {human_bytes(value('cache_bytes_per_sequence', s))}" for s in SHOWN_LENGTHS)
    return lines + [f"cache per sequence: {sizes}"]


def _evaluator(model_id: str, geometry, project):
    """value(formula, seq_len=None): a catalogue formula for this geometry at the display dtypes."""
    from auditor.evaluate.absent_parts import bind_absent_parts
    from auditor.evaluate.bindings import Bindings
    from auditor.evaluate.evaluation import Evaluation
    from auditor.evaluate.resolve import bind_geometry

    catalogue, dtypes = project.catalogue, project.inputs.dtypes
    base = Bindings()
    bind_geometry(geometry, model_id, catalogue, base)
    bind_absent_parts(geometry, model_id, catalogue, base)
    for name, dtype in (("kv_bytes_per_element", "bf16"), ("conv_state_bytes_per_element", "bf16"),
                        ("ssm_state_bytes_per_element", "fp32")):
        base.set(name, dtypes[dtype].bytes, dtype)

    def value(formula: str, seq_len: int | None = None):
        bindings = Bindings(dict(base.values))
        if seq_len is not None:
            bindings.set("seq_len", Fraction(seq_len) * catalogue.symbols["seq_len"].unit.factor, "shown length")
        result = Evaluation(catalogue, bindings).value(formula)
        return int(result) if Fraction(result).denominator == 1 else result

    return value


def human_bytes(n) -> str:
    """Exact bytes, then the nearest binary unit: "50,331,648 B (48 MiB)"."""
    for size, name in ((GiB, "GiB"), (MiB, "MiB"), (KiB, "KiB")):
        if n >= size:
            return f"{show(n, 6)} B ({show(Fraction(n) / size, 4)} {name})"
    return f"{show(n, 6)} B"


def weigh_lines(report, parameters: int | None, parameters_source: str) -> list[str]:
    """Bytes and stored elements per dtype, the totals, and bits per element and per real parameter."""
    lines = [f"{report.repo_id} at commit {report.commit}: {len(report.files)} safetensors file(s)"]
    for name, weight in report.dtypes.items():
        lines.append(f"  {name:<8} {weight.bytes:>18,} bytes {weight.parameters:>18,} elements")
    lines.append(f"  {'total':<8} {report.total_bytes:>18,} bytes {report.total_parameters:>18,} elements")
    lines.append(f"bits per stored element: {show(report.bits_per_parameter, 4)} "
                 f"(8 x {report.total_bytes:,} / {report.total_parameters:,})")
    if parameters:
        lines.append(f"bits per parameter: {show(report.bits_per(parameters), 4)} "
                     f"(8 x {report.total_bytes:,} / {parameters:,}; parameters: {parameters_source})")
    return lines
