"""A project's own formulas/ and inputs/ merge over the built-in catalogue and extend diagnosis."""

import json

import pytest

OWN_FORMULA = """\
symbols:
  prompt_tokens:
    meaning: tokens in one prompt
    unit: token
formulas:
  prompt_kv_bytes:
    title: KV cache of one prompt
    expr: prompt_tokens * kv_bytes_per_token_gqa
    unit: byte
  prompt_kv_with_query_heads:
    title: the same, priced with the query heads
    expr: prompt_tokens * 2 * n_kv_layers * n_heads * head_dim * kv_bytes_per_element / one_token
    unit: byte
    fallacy: the cache holds KV heads only
    fallacy_of: prompt_kv_bytes
unit_slips:
  - {computed: MiB, printed: kB, reason: a slip invented for this test}
"""

CLAIMS = """\
document: {title: own}
claims:
  - id: own-holds
    quote: q
    formula: prompt_kv_bytes
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16, prompt_tokens: 1000}
    stated: "131.1 MB"
  - id: own-fallacy
    quote: q
    formula: prompt_kv_bytes
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16, prompt_tokens: 1000}
    stated: "524.3 MB"
  - id: own-unit-slip
    quote: q
    formula: prompt_kv_bytes
    given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16, prompt_tokens: 1000}
    stated: "125 kB"
"""


def run_own_project(project, monkeypatch, run_cli):
    (project / "formulas" / "own.yaml").write_text(OWN_FORMULA)
    (project / "claims" / "own.yaml").write_text(CLAIMS)
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "--format", "json")
    return code, {f["claim"]: f for f in json.loads(out)["findings"]}


def test_a_project_formula_uses_built_in_ones(project, monkeypatch, run_cli):
    # 1000 tokens x 131,072 B = 131.072 MB
    _, findings = run_own_project(project, monkeypatch, run_cli)
    assert findings["own-holds"]["verdict"] == "holds"


def test_a_project_fallacy_extends_diagnosis(project, monkeypatch, run_cli):
    # 1000 x 2 x 32 x 32 query heads x 128 x 2 B = 524.288 MB
    _, findings = run_own_project(project, monkeypatch, run_cli)
    hypotheses = [d["hypothesis"] for d in findings["own-fallacy"]["diagnoses"]]
    assert "fallacy: prompt_kv_with_query_heads" in hypotheses


def test_a_project_unit_slip_extends_diagnosis(project, monkeypatch, run_cli):
    # 131.072 MB = 125 MiB, printed "125 kB" by the invented slip
    _, findings = run_own_project(project, monkeypatch, run_cli)
    assert [d["hypothesis"] for d in findings["own-unit-slip"]["diagnoses"]] == ["MiB printed as kB"]


@pytest.mark.parametrize("name, text, where, error", [
    ("slips.yaml", "unit_slips:\n  - computed: MiB\n    printed: kB\n    reason: invented\n    prior: 2\n",
     "slips.yaml:", "prior must be in (0, 1]"),
    ("hypothesis_kinds.yaml", "kinds:\n  swap:\n    prior: 0.25\n    reason: own\n    kept: n_params\n",
     "hypothesis_kinds.yaml:2", "kept must be a list of symbol names or patterns"),
    ("slips.yaml", "unit_slips:\n  - computed: MiB\n    printed: kB\n    reason: invented\n    pairs: 'no'\n",
     "slips.yaml:", "pairs must be true or false"),
], ids=["unit-slip-prior", "kind-kept", "unit-slip-pairs"])
def test_a_malformed_diagnosis_file_of_a_project_is_a_located_error(project, monkeypatch, run_cli, name, text, where, error):
    (project / "formulas" / name).write_text(text)
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2
    assert where in err and error in err


def test_a_project_formula_overrides_a_built_in_one_of_the_same_id(project, monkeypatch, run_cli):
    (project / "formulas" / "override.yaml").write_text(
        "formulas:\n  weight_bytes:\n    title: weights with 10% extra\n    expr: 11 / 10 * n_params * bytes_per_param\n    unit: byte\n"
    )
    (project / "claims" / "w.yaml").write_text(
        "claims:\n  - {id: w, quote: q, formula: weight_bytes, given: {n_params: 1000, weight_dtype: bf16}, stated: '2200 B'}\n"
    )
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check")
    assert code == 0, out


def test_a_project_gpu_sheet_adds_a_gpu(project, monkeypatch, run_cli):
    (project / "inputs").mkdir()
    (project / "inputs" / "gpus.yaml").write_text("gpus:\n  - id: toy_gpu\n    memory_capacity: 10 GB\n")
    (project / "claims" / "g.yaml").write_text(
        "claims:\n  - {id: g, quote: q, formula: reserved_memory, given: {gpu: toy_gpu}, stated: '1 GB'}\n"
    )
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check")
    assert code == 0, out


def test_a_model_the_engine_cannot_read_is_underdetermined_with_the_reason(project, monkeypatch, run_cli):
    (project / "inputs" / "models").mkdir(parents=True)
    config = {"model_type": "mystery_arch", "num_hidden_layers": 4, "hidden_size": 64, "num_attention_heads": 4}
    (project / "inputs" / "models" / "acme--Mystery-1B.json").write_text(json.dumps(config))
    (project / "claims" / "m.yaml").write_text(
        "claims:\n  - {id: m, quote: q, formula: weight_bytes, given: {model: acme/Mystery-1B, weight_dtype: bf16}, stated: '2 GB'}\n"
    )
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "--format", "json")
    finding = json.loads(out)["findings"][0]
    assert code == 1
    assert finding["verdict"] == "underdetermined"
    assert "n_params" in finding["missing"] and "mystery_arch" in finding["message"]


def test_a_second_model_binds_the_symbols_declared_of_its_role(project, monkeypatch, run_cli):
    # draft_streamed_params is declared `of_model: {role: draft, value: streamed_params}`:
    # Llama-3.2-1B ties its embeddings, so it streams all 1,235,814,400 parameters;
    # Llama-3-8B streams 8,030,261,248 - 128,256 x 4096 = 7,504,924,672; the ratio is 16.47%.
    (project / "claims" / "d.yaml").write_text(
        "claims:\n  - {id: d, quote: q, formula: draft_cost_ratio,"
        " given: {model: meta-llama/Meta-Llama-3-8B, draft_model: meta-llama/Llama-3.2-1B}, stated: '16.47%'}\n"
    )
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "--format", "json")
    finding = json.loads(out)["findings"][0]
    assert finding["verdict"] == "holds", finding
    step = next(s for s in finding["trace"] if s["name"] == "draft_streamed_params")
    assert step["value"] == 1_235_814_400 and "draft_model meta-llama/Llama-3.2-1B" in step["source"]


def test_a_role_key_no_symbol_declares_is_an_unknown_input(project, monkeypatch, run_cli):
    (project / "claims" / "r.yaml").write_text(
        "claims:\n  - {id: r, quote: q, formula: draft_cost_ratio,"
        " given: {model: meta-llama/Meta-Llama-3-8B, critic_model: meta-llama/Llama-3.2-1B}, stated: '16.47%'}\n"
    )
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2 and "unknown input 'critic_model'" in err


PHRASED = '[Prompt Cache, "per prompt", per prompt]'
PHRASED_FORMULA = OWN_FORMULA.replace("    unit: byte\n", f"    unit: byte\n    scan_phrases: {PHRASED}\n", 1)  # line 10


def test_a_formula_declares_the_phrases_the_scan_credits_it_with(project):
    from auditor.audit.project import Project
    from auditor.scan.match import phrase_score

    (project / "formulas" / "own.yaml").write_text(PHRASED_FORMULA)
    catalogue = Project.load(project).catalogue
    phrases = catalogue.formulas["prompt_kv_bytes"].scan_phrases
    assert phrases == ("prompt cache", "per prompt")  # lower case, each once
    # once in the paragraph, three times more right beside the number
    assert phrase_score(phrases, "The prompt cache is 131 MB here.", "PROMPT CACHE is 131 MB") == 1 + 3
    assert phrase_score(phrases, "weights only", "weights") == 0
    # the built-in formulas' phrases are data too, read from their YAML
    assert "/token" in catalogue.formulas["kv_bytes_per_token_gqa"].scan_phrases


@pytest.mark.parametrize("phrases, error", [
    ("per prompt", "scan_phrases must be a list of at most 32 phrases"),
    ("[ok, 7]", "each of scan_phrases must be text of 1 to 80 characters, got 7"),
    ("['  ']", "each of scan_phrases must be text of 1 to 80 characters"),
    ("[" + "x" * 81 + "]", "each of scan_phrases must be text of 1 to 80 characters"),
    ("[" + ", ".join(f"p{i}" for i in range(33)) + "]", "at most 32 phrases"),
], ids=["not-a-list", "not-text", "blank", "too-long", "too-many"])
def test_a_malformed_scan_phrase_is_a_located_error(project, monkeypatch, run_cli, phrases, error):
    (project / "formulas" / "own.yaml").write_text(PHRASED_FORMULA.replace(PHRASED, phrases))
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2
    assert "own.yaml:10" in err and error in err  # the scan_phrases line


def test_a_formula_may_require_one_of_its_phrases_and_a_malformed_requirement_is_a_located_error(project, monkeypatch, run_cli):
    from auditor.audit.project import Project

    (project / "formulas" / "own.yaml").write_text(PHRASED_FORMULA.replace("scan_phrases:", "scan_requires:"))
    assert Project.load(project).catalogue.formulas["prompt_kv_bytes"].scan_requires == ("prompt cache", "per prompt")
    (project / "formulas" / "own.yaml").write_text(PHRASED_FORMULA.replace(f"scan_phrases: {PHRASED}", "scan_requires: per prompt"))
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2 and "own.yaml:10" in err and "scan_requires must be a list of at most 32 phrases" in err
