"""The formula sheet regenerated from the catalogue: every formula in its section.

The book's sheet lost its equations; the catalogue holds each one exactly
once, with its owner ("formula sheet §2.1"), assumptions and symbols, and the
claims that cite it carry its published numbers and their verdicts. This
module arranges those into sections in the sheet's own order (by the section
number in the owner) and renders them through a template in ``reports/``:
Markdown with LaTeX equations, or self-contained HTML with MathML.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from auditor.audit.findings import Finding
from auditor.base.numbers import show

from .mathml import catalogue_notation, equation_latex, equation_mathml

SHEET_OWNER = re.compile(r"formula sheet\s*§\s*(\d+(?:\.\d+)*)")
CLAIM_SECTION = re.compile(r"^§\s*(\d+(?:\.\d+)*)\s+(.+)$")
TEMPLATES = {"markdown": "sheet.md.j2", "html": "sheet.html.j2"}
OTHER = "other"


@dataclass(frozen=True)
class SymbolRow:
    name: str
    unit: str
    meaning: str


@dataclass(frozen=True)
class ClaimRow:
    id: str
    quote: str
    stated: str
    computed: str
    verdict: str
    message: str
    location: str


@dataclass
class Entry:
    id: str
    title: str
    unit: str
    owner: str
    assumptions: tuple[str, ...]
    latex: object  # markupsafe.Markup: printed by SymPy, see auditor/mathml.py
    mathml: object
    symbols: list[SymbolRow]
    claims: list[ClaimRow]
    fallacy: str | None = None


@dataclass
class Section:
    number: str
    headings: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return "s-" + self.number.replace(".", "-")


def sheet_section(owner: str) -> str | None:
    """The formula-sheet section an owner names (``derivations §1; formula sheet §2.1`` -> ``2.1``)."""
    match = SHEET_OWNER.search(owner)
    return match.group(1) if match else None


def _section_key(number: str) -> tuple:
    return (1,) if number == OTHER else (0, *(int(part) for part in number.split(".")))


def build_sheet(catalogue, findings: list[Finding]) -> list[Section]:
    """Sections in sheet order, each formula with its equation, symbols and citing claims."""
    by_formula: dict[str, list[Finding]] = {}
    for finding in findings:
        by_formula.setdefault(finding.formula or "", []).append(finding)
    sections: dict[str, Section] = {}
    for formula in catalogue.formulas.values():
        number = sheet_section(formula.owner) or OTHER
        section = sections.setdefault(number, Section(number))
        section.entries.append(_entry(catalogue, formula, by_formula.get(formula.id, [])))
    _add_headings(sections, findings)
    for section in sections.values():
        section.entries.sort(key=lambda e: (e.fallacy is not None, e.owner if section.number == OTHER else ""))
    return [sections[n] for n in sorted(sections, key=_section_key)]


def _entry(catalogue, formula, findings: list[Finding]) -> Entry:
    from markupsafe import Markup

    expr = catalogue.expressions[formula.id]
    return Entry(
        id=formula.id,
        title=formula.title,
        unit=formula.unit.text,
        owner=formula.owner,
        assumptions=formula.assumptions,
        latex=Markup(equation_latex(formula.id, expr, catalogue_notation(catalogue))),  # SymPy output over validated names
        mathml=Markup(equation_mathml(formula.id, expr, catalogue_notation(catalogue))),  # SymPy output over validated names
        symbols=[_symbol_row(catalogue, name) for name in catalogue.depends_on(formula.id)],
        claims=[_claim_row(f) for f in findings],
        fallacy=formula.fallacy,
    )


def _symbol_row(catalogue, name: str) -> SymbolRow:
    if name in catalogue.symbols:
        symbol = catalogue.symbols[name]
        written = f" (written {', '.join(symbol.notation)})" if symbol.notation else ""
        return SymbolRow(name, symbol.unit.text, symbol.meaning + written)
    formula = catalogue.formulas[name]
    return SymbolRow(name, formula.unit.text, f"formula: {formula.title}")


def _claim_row(finding: Finding) -> ClaimRow:
    computed = ""
    if finding.computed is not None:
        computed = f"{show(finding.computed)} {finding.unit}".strip()
    elif finding.computed_base is not None:
        computed = f"{show(finding.computed_base)} {finding.base_unit}"
    return ClaimRow(finding.claim_id, finding.quote, finding.stated, computed, finding.verdict.value, finding.message, str(finding.location))


def _add_headings(sections: dict[str, Section], findings: list[Finding]) -> None:
    """Section headings as the claims record them (``§2.1 KV cache, full batch``), else the first formula's title."""
    for finding in findings:
        match = CLAIM_SECTION.match(finding.section or "")
        if match and match.group(1) in sections:
            headings = sections[match.group(1)].headings
            if match.group(2) not in headings:
                headings.append(match.group(2))
    for number, section in sections.items():
        if not section.headings and number != OTHER:
            section.headings.append(section.entries[0].title)


def sourced_facts(findings: list[Finding]) -> list[ClaimRow]:
    return [_claim_row(f) for f in findings if f.formula is None]


def verdict_counts(findings: list[Finding]) -> list[tuple[str, int]]:
    counts = Counter(f.verdict.value for f in findings)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def render_sheet(catalogue, findings: list[Finding], fmt: str = "markdown", title: str = "Formula sheet") -> str:
    """The sheet as Markdown (LaTeX equations) or self-contained HTML (MathML, no scripts)."""
    from jinja2 import StrictUndefined

    from .report import template_environment

    env = template_environment(undefined=StrictUndefined, keep_trailing_newline=True)
    sections = build_sheet(catalogue, findings)
    return env.get_template(TEMPLATES[fmt]).render(
        title=title,
        sections=sections,
        facts=sourced_facts(findings),
        formula_count=sum(len(s.entries) for s in sections),
        claim_count=len(findings),
        verdicts=verdict_counts(findings),
        other=OTHER,
    )
