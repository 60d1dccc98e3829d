"""Names you can find: formulas by a word, symbols with their sources, inputs as given: keys, suggestions for misspellings."""

from pathlib import Path

import pytest
import yaml

from test_cli import CLAIM

CASES = yaml.safe_load((Path(__file__).parent / "cases" / "names.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_names(case, run_cli):
    code, out, err = run_cli(*case["args"])
    assert code == case.get("code", 0), err
    for fragment in case.get("out", []):
        assert fragment in out, (fragment, out[:2000])
    for fragment in case.get("err", []):
        assert fragment in err


def test_the_catalogue_is_listed_sorted_by_id(run_cli):
    _, out, _ = run_cli("formulas")
    ids = [line.split()[0] for line in out.splitlines()[:-1]]
    assert ids == sorted(ids) and len(ids) > 100


def claim_with(project, given: str, formula: str = "decode_ceiling_per_sequence", stated: str = "209 tokens/s") -> None:
    text = CLAIM.format(stated=stated).replace("{model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}", given).replace("kv_bytes_per_token_gqa", formula)
    (project / "claims" / "one.yaml").write_text(text)


def test_missing_inputs_are_named_by_the_keys_a_claim_would_give(project, monkeypatch, run_cli):
    claim_with(project, "{model: meta-llama/Meta-Llama-3-8B}")
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check")
    assert code == 1
    assert "missing bytes_per_param, mem_bandwidth; give `weight_dtype:` (or `bytes_per_param:`), `gpu:` (or `mem_bandwidth:`)" in out


@pytest.mark.parametrize("given, fragment", [
    ("{model: meta-llama/Meta-Llama-3-8b, weight_dtype: bf16, gpu: h100_sxm}", "unknown model 'meta-llama/Meta-Llama-3-8b' (did you mean 'meta-llama/Meta-Llama-3-8B'?)"),
    ("{model: meta-llama/Meta-Llama-3-8B, weight_dtype: bf16, gpu: h100_sx}", "unknown GPU 'h100_sx' (did you mean 'h100_sxm'?"),
])
def test_a_misspelled_model_or_gpu_gets_a_suggestion(project, monkeypatch, run_cli, given, fragment):
    claim_with(project, given)
    monkeypatch.chdir(project)
    code, _, err = run_cli("check")
    assert code == 2 and fragment in err


def test_a_misspelled_claim_id_gets_a_suggestion(project, monkeypatch, run_cli):
    (project / "claims" / "one.yaml").write_text(CLAIM.format(stated="128 KiB/token"))
    monkeypatch.chdir(project)
    code, _, err = run_cli("explain", "llama3-8b-kw")
    assert code == 2 and "no claim with id 'llama3-8b-kw' (did you mean 'llama3-8b-kv'?)" in err
