"""How a number's neighbours bear on it: a sum's operand printed again, a "B" that is bytes, the number's own
second printing, a before-and-after arrow, a 1× reference (auditor/scan/propose.py, given.py, sums.py)."""

from __future__ import annotations

from auditor.scan.sums import find_sums


def _located(tmp_path, text: str) -> list:
    from auditor.audit.project import Project
    from auditor.documents.locate import Document
    from auditor.scan.propose import Scanner, audit_proposals

    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    document, project = Document.read(page), Project.load(tmp_path)
    proposals = Scanner(document, project).proposals()
    audit_proposals(proposals, document, project)
    return proposals


def _one(found: list, stated: str):
    (match,) = [p for p in found if p.stated == stated]
    return match


def test_a_glued_b_is_bytes_where_billions_would_put_the_sum_a_billionfold_off(tmp_path):
    """2 × 4096 × 128 × 2 bytes = 2.1 MB, where 2 billion would give 2.1 PB; "7B × 2 = 14 GB" stays seven billion."""
    found = _located(tmp_path, "# Cache\n\nPer head, per layer: 2 × 4096 × 128 × 2B = 2 MB of cache.\n\nWeights: 7B × 2 = 14 GB.\n")
    head = _one(found, "2 MB")
    assert head.arithmetic == "2 * 4096 * 128 * (2*B)" and head.finding.verdict.holds
    assert "2B read as bytes" in head.evidence[-1]
    weights = _one(found, "14 GB")
    assert weights.arithmetic == "7e9 * 2" and weights.finding.verdict.holds


def test_a_sums_operand_that_restates_a_number_worked_above_carries_its_claim_any_other_is_an_input(tmp_path):
    found = _located(tmp_path, "# Cache\n\nOne head needs 2 × 4096 × 128 × 2 bytes = 2.1 MB.\n\nEight heads need 8 × 2.1 MB = 16.8 MB.\n")
    restated = [p for p in found if p.stated == "2.1 MB"]
    assert len(restated) == 2 and restated[1].evidence[0] == "restates the number worked out at line 3"
    assert restated[1].arithmetic == restated[0].arithmetic
    assert "8" not in [p.stated for p in found]  # the count is the second sum's input, not a claim


def test_a_number_printed_again_is_no_input_of_itself(tmp_path):
    """'leaves 500 GB ... 500 GB at 1.31 GB each': the second 500 GB is the first one again, not the cache it is made of."""
    found = _located(tmp_path, "# Budget\n\nAn 8-GPU node has 640 GB in all. The weights take 140 GB, which leaves 500 GB for the KV cache"
                               " serving the batch, so about 381 sequences fit, 500 GB at 1.31 GB each.\n")
    printings = [p for p in found if p.stated.endswith("500 GB")]
    assert len(printings) == 2 and not any("500 GB" in p.given.values() for p in printings)


def test_an_arrow_joins_one_quantity_before_and_after_neither_an_input_of_the_other():
    from types import SimpleNamespace

    from auditor.scan.given import _before_and_after

    text = "# 10.7 GB → 1.34 GB per sequence; 10.7 GB and 1.34 GB"
    before, after = SimpleNamespace(start=2, end=9), SimpleNamespace(start=12, end=19)
    assert _before_and_after(text, after, before) and _before_and_after(text, before, after)
    apart = SimpleNamespace(start=text.rindex("1.34"), end=len(text))
    assert not _before_and_after(text, apart, SimpleNamespace(start=text.rindex("10.7"), end=text.rindex("10.7") + 7))


def test_a_one_times_reference_is_located_and_never_audited(tmp_path):
    found = _located(tmp_path, "# Cache size\n\n- MHA: Baseline (1×)\n- GQA with 8 query heads a group: 8× smaller\n")
    reference = _one(found, "1×")
    assert not reference.proposed and "reference" in reference.evidence[0]


def test_a_line_that_sets_a_name_starts_a_new_sum():
    """'seq=4096' under '... = 727 sequences' sets seq; it does not go on from the line above."""
    text = "seq=2048:  480 / 0.66  = 727 sequences\nseq=4096:  480 / 1.31  = 366 sequences\n"
    assert [(s.expression, text[s.result_start : s.result_start + 3]) for s in find_sums(text)] == [("480 / 0.66", "727"), ("480 / 1.31", "366")]


def test_an_operand_restating_a_number_worked_above_is_taken_at_its_exact_value(tmp_path):
    """40 × 16.8 MB is 672 MB, but the 16.8 MB is 16,777,216 bytes worked out above: 40 of them are the 671 MB printed."""
    found = _located(tmp_path, "# Cache\n\nOne layer holds 2 × 4096 × 1024 × 2 bytes = 16.8 MB.\n\nForty layers hold 40 × 16.8 MB = 671 MB.\n")
    total = _one(found, "671 MB")
    assert total.arithmetic == "40 * (16.777216*MB)" and total.finding.verdict.holds
    assert "16.8 MB taken at its exact value, as worked out at line 3" in total.evidence


def test_an_operand_is_not_taken_exactly_from_a_working_that_does_not_hold(tmp_path):
    found = _located(tmp_path, "# Cache\n\nOne layer holds 2 × 4096 × 1024 × 2 bytes = 18.8 MB.\n\nForty layers hold 40 × 18.8 MB = 752 MB.\n")
    assert _one(found, "752 MB").arithmetic == "40 * (18.8*MB)"
