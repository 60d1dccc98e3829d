"""Fuzz cases as hypothesis strategies: a throwaway project built from shipped files, and a command.

Five kinds, each starting from real material: a few shipped claims mutated
(with their document, or one written from their quotes, or a path that
leaves the project); a shipped formula or symbol mutated, with claims that
use it; a bundled config.json mutated, with claims that name the model; a
GPU entry mutated; and a claims file from scratch. Each is run through one
of ``check``, ``explain``, ``solve``, ``update`` (and ``models show``,
``scan``).
"""

from __future__ import annotations

import copy
import json

from fuzz_case import Case
from fuzz_mutations import dump, mutate_mapping, mutate_text, share_objects
from fuzz_shipped import shipped
from fuzz_values import HOSTILE, TEXTS
from hypothesis import strategies as st

CLAIM_KEYS = ("id", "quote", "section", "formula", "given", "stated", "unit", "expect", "note", "fact", "source", "property")
GIVEN_KEYS = ("model", "gpu", "weights", "kv_dtype", "weight_dtype", "batch", "seq_len", "gamma", "alpha", "n_heads", "draft_model", "tp")
HOSTILE_PATHS = ("../../outside.md", "../docs/../../outside.md", "/etc/hostname", "../" + "a" * 300 + ".md", "../docs/" + "é" * 200,
                 "../docs/link-out.md", "../docs", "../docs/doc.md\x00", "", "../docs/missing.md", "../claims/fuzz.yaml")
FORMATS = ("human", "json", "sarif", "junit", "github", "markdown", "html")
CLAIMS_FILE = "claims/fuzz.yaml"


@st.composite
def command(draw, claims: list, formulas: tuple[str, ...] = (), model: str | None = None):
    ids = [str(c.get("id")) for c in claims if isinstance(c, dict) and c.get("id") is not None] or ["no-such-claim"]
    symbols = list(shipped().symbols[:40]) + ["nonexistent", "n_heads", "batch"]
    choice = draw(st.integers(0, 9))
    if choice <= 2:
        return ["check"] + draw(st.sampled_from([[], ["-v"], ["--format", draw(st.sampled_from(FORMATS))]]))
    if choice <= 4:
        return ["update"] + draw(st.sampled_from([[], ["--check"]]))
    if choice == 5:
        return ["explain", draw(st.sampled_from(ids))]
    if choice == 6:
        return ["solve", draw(st.sampled_from(ids)), "--for", draw(st.sampled_from(symbols))]
    if choice == 7 and model:
        return ["models", "show", model]
    if choice == 7:
        return ["scan", draw(st.sampled_from(["docs/doc.md", "docs/doc.html"]))] + draw(st.sampled_from([[], ["--audit"]]))
    if choice == 8 and formulas:
        return ["formulas", draw(st.sampled_from(formulas))]
    return ["check", CLAIMS_FILE]


def _document_from(claims: list) -> str:
    quotes = [c["quote"] for c in claims if isinstance(c, dict) and isinstance(c.get("quote"), str)]
    return "# A document\n\n" + "\n\n".join(f"As written, {q}, and so on." for q in quotes) + "\n"


@st.composite
def documented(draw, claims: list, source=None) -> tuple[dict, dict[str, bytes], dict[str, str]]:
    """The claims file's ``document`` mapping, the files it needs, and symlinks."""
    text = source.document_text if source is not None and source.document_text else _document_from(claims)
    choice = draw(st.integers(0, 5))
    plain = text.encode("utf-8", "surrogatepass")
    files = {"docs/doc.md": draw(mutate_text(text)) if draw(st.booleans()) else plain, "../outside.md": plain}
    files["docs/doc.html"] = files["docs/doc.md"]  # the same text through the HTML reader, for scan
    links = {}
    if choice == 0:
        path = draw(st.sampled_from(HOSTILE_PATHS))
        links = {"docs/link-out.md": "../../outside.md"}
    elif choice == 1:
        return draw(mutate_mapping({"title": "t", "url": "https://example.org/a/doc.md", "copy": "doc.md"}, ("title", "url", "copy", "path"), 2)), files, links
    else:
        path = "../docs/doc.md"
    document = {"title": "A document", "path": path}
    return draw(mutate_mapping(document, ("title", "path", "url", "copy", "author"), 1)), files, links


@st.composite
def claims_case(draw) -> Case:
    source = draw(st.sampled_from(shipped().claims))
    start = draw(st.integers(0, max(len(source.claims) - 1, 0)))
    claims = copy.deepcopy(source.claims[start : start + draw(st.integers(1, 4))])
    claims = [draw(mutate_mapping(c, CLAIM_KEYS)) if draw(st.booleans()) else c for c in claims]
    for claim in claims:
        if isinstance(claim, dict) and isinstance(claim.get("given"), dict) and draw(st.integers(0, 3)) == 0:
            claim["given"] = draw(mutate_mapping(claim["given"], GIVEN_KEYS, 2))
    claims = draw(share_objects(claims))
    document, files, links = draw(documented(claims, source))
    files[CLAIMS_FILE] = draw(mutate_text(dump({"document": document, "claims": claims})))
    return Case("claims", draw(command(claims)), files, links)


@st.composite
def formulas_case(draw) -> Case:
    name, data = draw(st.sampled_from([f for f in shipped().formula_files if f[1].get("formulas") or f[1].get("symbols")]))
    section = draw(st.sampled_from([k for k in ("formulas", "symbols") if data.get(k)]))
    chosen = draw(st.lists(st.sampled_from(sorted(data[section])), min_size=1, max_size=3, unique=True))
    keys = ("expr", "unit", "title", "owner", "assumptions", "facts", "slips", "fallacy_of") if section == "formulas" else (
        "meaning", "unit", "domain", "config", "default", "value", "confused_with", "of_model", "notation", "dtype_key", "gpu")
    entries = {n: draw(mutate_mapping(data[section][n], keys, 3)) for n in chosen}
    if section == "formulas" and draw(st.booleans()):
        entries[chosen[0]]["expr"] = draw(st.sampled_from(["((2**64)**64)**64", "9**9**9**9", "binomial(n_heads*10**9, 10**8)", "harmonic(batch)",
                                                           "x" * 3000, "n_heads**(n_heads**n_heads)", "(" * 300 + "1" + ")" * 300, "alpha**(gamma * 10**9)"]))
    claims = [c for n in chosen for c in shipped().formulas_used(n)][:3] or [{"id": "fz", "quote": "q", "formula": chosen[0], "stated": "1"}]
    files = {"formulas/fuzz.yaml": draw(mutate_text(dump({section: entries}))), CLAIMS_FILE: dump({"claims": claims}).encode("utf-8", "surrogatepass")}
    return Case("formulas", draw(command(claims, tuple(chosen))), files)


CONFIG_KEYS = ("num_hidden_layers", "hidden_size", "num_attention_heads", "num_key_value_heads", "head_dim", "vocab_size", "intermediate_size",
               "layer_types", "sliding_window", "text_config", "model_type", "architectures", "torch_dtype", "num_experts", "kv_lora_rank",
               "hybrid_override_pattern", "full_attention_interval", "tie_word_embeddings", "max_position_embeddings")


@st.composite
def config_case(draw) -> Case:
    model, config = draw(st.sampled_from(shipped().configs))
    mutated = draw(mutate_mapping(config, CONFIG_KEYS, 4))
    if draw(st.integers(0, 3)) == 0:
        mutated[draw(st.sampled_from(["num_hidden_layers", "num_attention_heads", "hidden_size", "num_experts", "vocab_size"]))] = draw(
            st.sampled_from([10**9, 10**15, 2**63, -1, 0, 1.5, "32", None, [32], True]))
    try:
        text = json.dumps(mutated, allow_nan=True)
    except (TypeError, ValueError):
        text = json.dumps(str(mutated))
    claims = shipped().claims_naming("model", model)[:3] or [{"id": "fz", "quote": "q", "formula": "kv_bytes_per_token_gqa", "given": {"model": model}, "stated": "1 KiB/token"}]
    files = {f"inputs/models/{model.replace('/', '--')}.json": draw(mutate_text(text)), CLAIMS_FILE: dump({"claims": claims}).encode("utf-8", "surrogatepass")}
    return Case("config", draw(command(claims, model=model)), files)


@st.composite
def gpu_case(draw) -> Case:
    entry = draw(st.sampled_from(shipped().gpus))
    mutated = draw(mutate_mapping(entry, tuple(entry) + ("id", "memory_bandwidth", "memory_capacity"), 4))
    claims = shipped().claims_naming("gpu", str(entry.get("id")))[:3]
    files = {"inputs/gpus.yaml": draw(mutate_text(dump({"gpus": [mutated]}))), CLAIMS_FILE: dump({"claims": claims}).encode("utf-8", "surrogatepass")}
    return Case("gpu", draw(command(claims)), files)


@st.composite
def scratch_case(draw) -> Case:
    """A claims file from nothing: claim-shaped mappings of hostile values, with a shipped formula or not."""
    formula = st.one_of(st.sampled_from(shipped().formulas), TEXTS)
    claim = st.fixed_dictionaries(
        {"id": st.one_of(st.just("fz-a"), TEXTS), "quote": TEXTS, "formula": formula},
        optional={"given": st.dictionaries(st.sampled_from(GIVEN_KEYS + shipped().symbols[:30]), HOSTILE, max_size=4),
                  "stated": HOSTILE, "property": st.dictionaries(st.sampled_from(["independent_of", "scales_as", "where", "linear_in", "tends_to", "equals_at"]), HOSTILE, max_size=2),
                  "expect": st.one_of(HOSTILE, st.fixed_dictionaries({"verdict": st.sampled_from(["mismatch", "holds", "x"])})), "unit": HOSTILE, "fact": HOSTILE},
    )
    claims = draw(st.lists(claim, max_size=3))
    top = draw(st.sampled_from([{"claims": claims}, {"claims": claims, "document": draw(HOSTILE)}, draw(HOSTILE)]))
    files = {CLAIMS_FILE: draw(mutate_text(dump(top)))}
    return Case("scratch", draw(command(claims)), files)


CASES = st.one_of(claims_case(), claims_case(), formulas_case(), config_case(), gpu_case(), scratch_case())
"""Any case, claims mutations drawn twice as often since they reach every stage."""
