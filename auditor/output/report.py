"""Markdown and HTML reports: the findings, the formulas as MathML, the decode roofline.

Both are jinja2 templates in ``reports/`` rendered with autoescaping on, so a
quote that holds markup, or a ``javascript:`` link, renders as inert text; the
Markdown report also escapes Markdown's own punctuation for the same reason.
Both are self-contained, with no script and no external resource. The HTML
report draws the roofline as inline SVG (``auditor.svgplot``) and prints
equations as MathML; the Markdown report is written for what GitHub renders,
so its equations are LaTeX in ``$$`` blocks and its roofline is a table of
the same points (GitHub shows neither MathML nor ``data:`` images).
"""

from __future__ import annotations

import re
from pathlib import Path

from auditor.audit.findings import Finding
from auditor.claims.verdicts import MEANING, Verdict

from .describe import explanation, numbers, verdict_tag

MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")
MAX_PLOTS = 4
ROOFLINE_FORMULAS = {"max_batch", "kv_budget", "kv_token_capacity", "max_seq", "t_step", "t_mem", "decode_throughput", "compute_knee_batch", "decode_ceiling_per_sequence"}


def markdown_text(text) -> str:
    """Plain text safe inside Markdown: punctuation escaped, one line."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def template_environment(**options):
    """The one jinja2 environment for reports/ templates: always autoescaped, with the Markdown filter."""
    import jinja2

    from auditor.base.resources import builtin

    loader = jinja2.FileSystemLoader(str(builtin("reports")))
    env = jinja2.Environment(loader=loader, autoescape=True, trim_blocks=True, lstrip_blocks=True, **options)
    env.filters["md"] = markdown_text
    return env


def _environment():
    return template_environment()


def mathml(formula_id: str, catalogue) -> str:
    """``id = expression`` as presentation MathML, the same printer as the formula sheet."""
    from .mathml import catalogue_notation, equation_mathml

    return equation_mathml(formula_id, catalogue.expressions[formula_id], catalogue_notation(catalogue))


def latex(formula_id: str, catalogue) -> str:
    """The same equation in LaTeX, for Markdown's ``$$`` blocks (GitHub renders those, not MathML)."""
    from .mathml import catalogue_notation, equation_latex

    return equation_latex(formula_id, catalogue.expressions[formula_id], catalogue_notation(catalogue))


def _row(f: Finding) -> dict:
    return {
        "id": f.claim_id,
        "verdict": f.verdict.value,
        "tag": verdict_tag(f),
        "passed": f.passed,
        "quote": f.quote,
        "numbers": numbers(f),
        "message": f.message,
        "explanation": explanation(f),
        "claims_location": str(f.location),
        "document_location": str(f.document_location) if f.document_location else "",
        "formula": f.formula or "",
        "section": f.section,
    }


def _formulas(findings: list[Finding], catalogue) -> list[dict]:
    from markupsafe import Markup

    used = sorted({f.formula for f in findings if f.formula in catalogue.formulas})
    entries = []
    for formula_id in used:
        formula = catalogue.formulas[formula_id]
        entries.append({"id": formula_id, "title": formula.title, "owner": formula.owner, "unit": formula.unit.text, "assumptions": list(formula.assumptions),
                        "mathml": Markup(mathml(formula_id, catalogue)), "latex": Markup(latex(formula_id, catalogue))})
    return entries


def _plots(findings: list[Finding], project) -> list[dict]:
    """One roofline per model and GPU that a memory or decode claim names."""
    from markupsafe import Markup

    from .roofline import knee_caption, roofline_for, roofline_svg

    plots, seen = [], set()
    for claim in _claims_of(findings):
        key = (str(claim.given.get("model")), str(claim.given.get("gpu")))
        if "model" not in claim.given or "gpu" not in claim.given or key in seen or claim.formula not in ROOFLINE_FORMULAS:
            continue
        seen.add(key)
        roofline = roofline_for(claim, project)
        if roofline is not None:
            points = [{"batch": b, "step_ms": f"{t:.2f}", "throughput": f"{x:,.0f}"} for b, t, x in zip(roofline.batches, roofline.step_ms, roofline.throughput)]
            plots.append({"title": roofline.title, "svg": Markup(roofline_svg(roofline)), "points": points, "caption": knee_caption(roofline), "claim": claim.id})
        if len(plots) == MAX_PLOTS:
            break
    return plots


def _claims_of(findings: list[Finding]):
    from auditor.claims.files import load_claim_file

    wanted = {f.claim_id for f in findings}
    for path in dict.fromkeys(f.location.path for f in findings):
        if Path(path).is_file():
            yield from (c for c in load_claim_file(Path(path)).claims if c.id in wanted)


def report_context(findings: list[Finding], verbose: bool, project, problems=()) -> dict:
    from collections import Counter

    counts = Counter(f.verdict.value for f in findings)
    failed = sum(not f.passed for f in findings)
    return {
        "rows": [_row(f) for f in findings if verbose or not f.passed or f.verdict != Verdict.HOLDS],
        "all_rows": len(findings),
        "counts": [(v.value, counts[v.value], MEANING[v]) for v in Verdict if counts[v.value]],
        "failed": failed,
        "problems": problem_rows(problems),
        "formulas": _formulas(findings, project.catalogue),
        "plots": _plots(findings, project),
    }


def problem_rows(problems) -> list[dict]:
    return [{"where": str(e.location or ""), "message": e.message} for e in problems]


def _render(template: str, findings: list[Finding], verbose: bool, project, problems=()) -> str:
    if project is None:
        from auditor.audit.project import Project

        project = Project.find()
    return _environment().get_template(template).render(**report_context(findings, verbose, project, problems))


def render_markdown(findings: list[Finding], verbose: bool = False, project=None, problems=()) -> str:
    return _render("report.md.j2", findings, verbose, project, problems)


def render_html(findings: list[Finding], verbose: bool = False, project=None, problems=()) -> str:
    return _render("report.html.j2", findings, verbose, project, problems)


def html_fragment(findings: list[Finding], problems=()) -> str:
    """The findings table and input errors alone, every finding listed: a notebook's view of an audit."""
    rows = [_row(f) for f in findings]
    return _environment().get_template("findings.html.j2").render(rows=rows, problems=problem_rows(problems))


render_markdown.wants_project = True
render_html.wants_project = True
