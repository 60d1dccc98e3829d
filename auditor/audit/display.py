"""A finding as a notebook shows it: a short HTML table or Markdown, every field escaped.

The reports in ``output`` are whole documents; a notebook cell wants one
finding at a glance, and the audit stage cannot reach up to the renderers, so
this small view lives beside the finding itself.
"""

from __future__ import annotations

from html import escape

from auditor.base.numbers import show


def computed_text(f) -> str:
    if f.computed is not None:
        return f"{show(f.computed)} {f.unit}".rstrip()
    if f.computed_base is not None:
        return f"{show(f.computed_base)} {f.base_unit}".rstrip()
    return ""


def rows(f) -> list[tuple[str, str]]:
    """(label, text) pairs worth showing; empty ones left out."""
    pairs = [
        ("claim", f.claim_id),
        ("verdict", f.verdict.value + ("" if f.as_expected is None else (", as recorded" if f.as_expected else f", recorded as {f.expected.verdict.value}"))),
        ("quote", f.quote),
        ("formula", f.formula or ""),
        ("stated", f.stated),
        ("computed", computed_text(f)),
        ("note", f.message),
    ]
    pairs += [("reproduced by", f"{d.description} ({d.hypothesis})") for d in f.diagnoses]
    return [(label, text) for label, text in pairs if text]


def finding_html(f) -> str:
    body = "".join(f"<tr><th style=\"text-align:left\">{escape(label)}</th><td>{escape(text)}</td></tr>" for label, text in rows(f))
    return f'<table class="auditor-finding {escape(f.verdict.value)}">{body}</table>'


def finding_markdown(f) -> str:
    def cell(text: str) -> str:
        return escape(" ".join(text.split())).replace("|", "\\|")

    lines = ["| | |", "|---|---|"] + [f"| **{cell(label)}** | {cell(text)} |" for label, text in rows(f)]
    return "\n".join(lines) + "\n"
