"""`auditor sheet`: the catalogue as a document, formulas in the sheet's order, each
with its equation, owner, assumptions, symbols and the claims that cite it; text is
escaped, only SymPy's equations are markup; the HTML displays in a real browser."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.output.sheet import sheet_section
from conftest import require_browser

REPO = Path(__file__).resolve().parent.parent
HOSTILE = "<script>alert(1)</script> & *not bold*"


@pytest.fixture(scope="module")
def markdown(tmp_path_factory):
    from auditor.cli import main

    out = tmp_path_factory.mktemp("sheet") / "sheet.md"
    assert main(["sheet", "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def html(tmp_path_factory):
    from auditor.cli import main

    out = tmp_path_factory.mktemp("sheet") / "sheet.html"
    assert main(["sheet", "--format", "html", "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "owner, section",
    [
        ("formula sheet §2.1", "2.1"),
        ("derivations §1; formula sheet §3.5", "3.5"),
        ("formula sheet §0.4, §1.1", "0.4"),
        ("formula sheet §6 (expected accepted length)", "6"),
        ("derivations §2", None),
        ("GPU sizing article, phase 3", None),
    ],
)
def test_a_formula_sits_in_the_sheet_section_its_owner_names(owner, section):
    assert sheet_section(owner) == section


def test_sections_follow_the_sheet_in_numeric_order(markdown):
    numbers = re.findall(r"^## §(\d+(?:\.\d+)?)", markdown, re.M)
    keys = [tuple(int(p) for p in n.split(".")) for n in numbers]
    assert keys == sorted(keys)
    assert numbers.index("2.1") < numbers.index("10.1")
    assert markdown.index("## Other formulas in the catalogue") > markdown.index("## §13.4")


def test_a_formula_shows_equation_owner_assumptions_symbols_and_claims(markdown):
    entry = markdown[markdown.index("`kv_bytes_per_token_gqa`"):]
    entry = entry[: entry.index("\n### ")]
    # each symbol in the notation it declares: head_dim as d_h, kv_bytes_per_element as b_kv, n_kv_heads as h_kv
    assert r"\mathrm{kv\_bytes\_per\_token\_gqa} = \frac{2 \cdot d_{h} \cdot b_{kv} \cdot h_{kv} \cdot \mathrm{n\_kv\_layers}}{\mathrm{one\_token}}" in entry
    assert "formula sheet §2.1" in entry
    assert "every layer that keeps a cache stores one K and one V vector per KV head" in entry
    assert "`n_kv_heads` [dimensionless]" in entry
    assert "**holds** `fs-kv-cell-llama3-8b`" in entry
    assert "**proved** `fs-kv-cell-independent-of-h`" in entry


def test_every_formula_has_one_mathml_equation_and_the_page_has_no_script(html):
    assert html.count("<article") == html.count('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">') > 200
    assert "<script" not in html.lower()
    assert "<mfrac>" in html and "<mtable>" in html


def test_verdicts_are_shown_with_their_claims(html):
    row = html[html.index("<code>fs-moe-ridge-batch-deepseek</code>") - 200:]
    assert 'class="verdict mismatch">mismatch' in row[:400]


def test_text_from_claims_is_escaped_in_both_formats(run_cli, project):
    (project / "claims" / "hostile.yaml").write_text(
        "claims:\n"
        f"  - {{id: hostile, quote: {HOSTILE!r}, formula: kv_bytes_per_token_gqa,\n"
        "      given: {model: meta-llama/Meta-Llama-3-8B, kv_dtype: bf16}, stated: '128 KiB/token'}\n",
        encoding="utf-8",
    )
    for fmt in ("html", "markdown"):
        code, out, _ = run_cli("--project", project, "sheet", "--format", fmt, "--title", "<b>sheet</b>")
        assert code == 0
        assert "<script>" not in out and "<b>sheet</b>" not in out
        assert "&lt;script&gt;" in out


def test_the_html_sheet_displays_its_equations_in_chromium():
    require_browser()
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "render_check.py")], capture_output=True, text=True, timeout=600, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the equations display" in done.stdout and "every equation fits its column" in done.stdout


def test_the_html_equations_write_each_symbol_in_its_notation(html):
    article = html[html.index('id="f-kv_bytes_per_token_gqa"'):]
    equation = article[article.index("<math"):article.index("</math>")]
    assert "<msub><mi>h</mi><mi>kv</mi></msub>" in equation and "<msub><mi>d</mi><mi>h</mi></msub>" in equation
    assert "n_kv_heads" not in equation and "<mi>n_kv_layers</mi>" in equation  # a symbol with no notation keeps its name


def test_a_browser_check_that_would_skip_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="under CI the browser checks must run"):
        require_browser(find=lambda: None)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        require_browser(find=lambda: None)


def test_a_long_max_inside_an_equation_sets_one_argument_and_one_term_per_line():
    import sympy

    from auditor.output.mathml import equation_mathml

    floor, base, size, per_token, graphs, per_graph = sympy.symbols(
        "sglang_reserve_floor sglang_reserve_base chunked_prefill_size sglang_reserve_per_prefill_token cuda_graph_max_bs sglang_reserve_per_graph_batch")
    reserve = base + size * per_token + graphs * per_graph
    math = equation_mathml("reserved", sympy.Max(floor, reserve))
    # max( floor, \n base \n + size·per_token \n + graphs·per_graph ): one table of two arguments, the sum a table of three rows
    assert math.count("<mtable") == 2 and math.count("<mo>,</mo>") == 1 and math.count("<mo>+</mo>") == 2
    short = equation_mathml("m", sympy.Max(*sympy.symbols("a b")))
    assert "<mtable" not in short
