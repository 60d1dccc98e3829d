"""Diagnosis names the wrong variable by reproducing the wrong number, and only then."""

from pathlib import Path

import pytest

from auditor.audit.pipeline import audit_claim
from auditor.audit.project import Project
from auditor.claims.files import load_claim_file
from auditor.claims.verdicts import Verdict

CASES = Path(__file__).parent / "cases"
REPO = Path(__file__).resolve().parent.parent
WRONG = load_claim_file(CASES / "wrong_claims.yaml").claims
RIGHT = load_claim_file(CASES / "right_claims.yaml").claims


@pytest.fixture(scope="module")
def project():
    return Project.load(REPO)


@pytest.mark.parametrize("claim", WRONG, ids=[c.id for c in WRONG])
def test_a_wrong_number_is_diagnosed_with_its_cause(claim, project):
    finding = audit_claim(claim, project)
    assert finding.verdict == Verdict.MISMATCH
    causes = [set(d.parts) for d in finding.diagnoses]
    if claim.expect.cause:
        assert any(d.names(claim.expect.cause) for d in finding.diagnoses), f"found {causes}"
    else:
        assert causes == []


@pytest.mark.parametrize("claim", RIGHT, ids=[c.id for c in RIGHT])
def test_a_right_number_gets_no_explanation(claim, project):
    finding = audit_claim(claim, project)
    assert finding.verdict.holds, finding.message
    assert finding.diagnoses == ()


def test_every_reported_explanation_reproduces_the_stated_number(project):

    for claim in WRONG:
        for diagnosis in audit_claim(claim, project).diagnoses:
            stated = claim.stated.value
            assert abs(diagnosis.reproduced - stated) <= 2 * claim.stated.low.half_ulp or diagnosis.kind.startswith("unit") or "unit" in diagnosis.kind


def test_singles_are_reported_before_pairs(project):
    claim = next(c for c in WRONG if c.id == "w-heads-and-gib")
    diagnoses = audit_claim(claim, project).diagnoses
    assert diagnoses and all(d.complexity == 2 for d in diagnoses)
    simple = next(c for c in WRONG if c.id == "w-query-heads-70b")
    assert all(d.complexity == 1 for d in audit_claim(simple, project).diagnoses)


def test_a_search_for_single_slips_finds_what_the_whole_search_finds_and_never_a_pair(project):
    for claim in WRONG:
        whole = audit_claim(claim, project).diagnoses
        alone = audit_claim(claim, project, single=True).diagnoses
        if whole and all(d.complexity == 1 for d in whole):
            assert [d.kind for d in alone] == [d.kind for d in whole], claim.id
        else:
            assert alone == (), claim.id
    pair = next(c for c in WRONG if c.id == "w-heads-and-gib")
    assert audit_claim(pair, project).diagnoses and audit_claim(pair, project, single=True).diagnoses == ()


def test_three_slips_are_tried_only_when_no_pair_fits_and_within_their_cap(project, monkeypatch):
    from auditor.base import limits

    three = next(c for c in WRONG if c.id == "w-three-slips-70b")
    diagnoses = audit_claim(three, project).diagnoses
    assert diagnoses[0].complexity == 3 and all(d.complexity == 3 for d in diagnoses)
    pair = next(c for c in WRONG if c.id == "w-heads-and-gib")
    assert all(d.complexity == 2 for d in audit_claim(pair, project).diagnoses)
    monkeypatch.setitem(limits.LIMITS, "diagnosis_triples", limits.Limit("diagnosis_triples", 0, "combinations", "test"))
    assert audit_claim(three, project).diagnoses == ()


def test_a_unit_slip_with_its_own_prior_ranks_below_a_commoner_story(project):
    """Bits read as bytes (x8) gives the same number as 64 query heads for 8 KV heads; the slip's prior is lower."""
    claim = next(c for c in WRONG if c.id == "w-query-heads-or-bits")
    parts = [d.parts for d in audit_claim(claim, project).diagnoses]
    assert parts[0] == ("n_kv_heads <- n_heads",)
    assert ("Gb printed as GB",) in parts
    slip = next(s for s in project.catalogue.unit_slips if s.name == "Gb printed as GB")
    assert slip.prior < project.catalogue.kinds["unit"].prior


def test_explanations_declared_the_same_arithmetic_are_one_and_the_finding_names_each(project):
    """The nominal-bits rule and a 1-byte dtype compute P x 1 B (formulas/hypothesis_kinds.yaml, same_arithmetic)."""
    claim = next(c for c in WRONG if c.id == "w-q8-at-one-byte")
    diagnoses = audit_claim(claim, project).diagnoses
    names = ["fallacy: weight_rule_bytes", "weight_dtype 1-byte for q8_0", "bytes_per_param <- nominal_bytes_per_param"]
    assert all(diagnoses[0].names([name]) for name in names)
    assert all(name in diagnoses[0].description + diagnoses[0].hypothesis for name in names)
    assert [d for d in diagnoses[1:] if any(d.names([name]) for name in names)] == []


def test_a_same_arithmetic_entry_needs_two_names_and_a_reason(tmp_path):
    from auditor.base.errors import InputError
    from auditor.catalogue.kinds import read_same_arithmetic

    path = tmp_path / "hypothesis_kinds.yaml"
    path.write_text("kinds: {}\nsame_arithmetic:\n  - {names: [only one], reason: why}\n")
    with pytest.raises(InputError) as raised:
        read_same_arithmetic(path)
    assert ":3" in str(raised.value) and "two or more" in str(raised.value)


def test_a_diagnosis_names_the_config_keys_and_their_values(project):
    claim = next(c for c in WRONG if c.id == "w-query-heads-70b")
    descriptions = [d.description for d in audit_claim(claim, project).diagnoses]
    assert "num_attention_heads = 64 used for num_key_value_heads = 8" in descriptions


def test_check_shows_diagnoses_in_human_and_json_output(run_cli):
    import json

    wrong = str(CASES / "wrong_claims.yaml")
    code, out, _ = run_cli("check", wrong)
    assert code == 0  # every wrong number is recorded with its cause
    assert "most likely: num_attention_heads = 64 used for num_key_value_heads = 8 (n_kv_heads <- n_heads)" in out
    assert "no single explanation found" in out
    code, out, _ = run_cli("check", wrong, "--format", "json")
    finding = next(f for f in json.loads(out)["findings"] if f["claim"] == "w-heads-and-gib")
    assert [d["hypothesis"] for d in finding["diagnoses"]] == ["n_kv_heads <- n_heads, GiB printed as GB"]


def test_explain_shows_the_winning_derivation_beside_the_correct_one(run_cli):
    code, out, _ = run_cli("explain", "w-all-layers-hold-kv", str(CASES / "wrong_claims.yaml"))
    assert code == 0
    assert "best explanation: n_kv_layers <- n_layers" in out
    side_by_side = out.split("best explanation:")[1].splitlines()[1:]
    row = next(line for line in side_by_side if line.strip().startswith("n_kv_layers "))
    assert row.split()[1:4] == ["12", "48", "<-"]


def test_solve_prints_each_reading(run_cli):
    code, out, _ = run_cli("solve", "w-query-heads-70b", str(CASES / "wrong_claims.yaml"), "--for", "n_kv_heads")
    assert code == 0
    assert "as printed: n_kv_heads = 64 [exact; plausible: equals num_attention_heads = 64" in out


def test_a_niche_block_format_is_priced_when_named_but_never_tried_as_a_slip(project):
    from auditor.api import claim as make_claim

    # Llama-3.1-8B: 2 x 32 layers x 8 KV heads x 128 = 65,536 values a token; q6_K stores 210 B per 256
    named = make_claim(id="q6k", formula="kv_bytes_per_token_gqa", stated="53,760 B", given={"model": "meta-llama/Llama-3.1-8B", "kv_dtype": "Q6_K"})
    assert audit_claim(named, project).verdict == Verdict.HOLDS
    slipped = make_claim(id="fp16-at-q6k", formula="kv_bytes_per_token_gqa", stated="53,760 B", given={"model": "meta-llama/Llama-3.1-8B", "kv_dtype": "fp16"})
    finding = audit_claim(slipped, project)
    assert finding.verdict == Verdict.MISMATCH
    assert not any("q6_k" in d.description for d in finding.diagnoses), [d.hypothesis for d in finding.diagnoses]



def test_a_head_swap_re_derives_the_cache_widths_but_keeps_the_parameter_count(project):
    from auditor.api import claim as make_claim
    from auditor.diagnosis.search import applied, candidates, context
    from auditor.evaluate.resolve import resolve

    built = make_claim(id="budget", formula="max_batch", stated="2", given={
        "model": "meta-llama/Meta-Llama-3-8B", "weight_dtype": "fp16", "kv_dtype": "fp16",
        "gpu_memory": "24 GB", "gpu_memory_utilization": 1, "seq_len": 8192})
    bindings = resolve(built, project.catalogue, project.inputs)
    ctx = context(built, project, bindings)
    swap = next(h for h in candidates(ctx) if h.name == "n_kv_heads <- n_heads")
    swapped = applied(ctx, (swap,))[0]
    assert swapped.values["n_kv_heads"].value == 32 and swapped.values["kv_values_per_token"].value == 4 * bindings.values["kv_values_per_token"].value
    assert swapped.values["n_params"].value == bindings.values["n_params"].value == 8_030_261_248


def test_a_scan_draft_searched_for_single_slips_alone_does_not_stand_in_for_the_whole_audit(project):
    from auditor.scan.proposals import audited_draft

    pair = next(c for c in WRONG if c.id == "w-heads-and-gib")
    kept: dict = {}
    assert audited_draft(pair, project, kept, single=True).diagnoses == ()
    assert audited_draft(pair, project, kept).diagnoses  # the later whole audit still searches the pairs
    assert audited_draft(pair, project, kept, single=True).diagnoses  # and the whole finding then serves both
