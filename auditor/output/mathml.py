"""A catalogue formula as an equation: LaTeX for Markdown, MathML for HTML.

Both are printed by SymPy from the parsed expression, never from the YAML
text, so the markup can only contain what SymPy emits for symbol names the
catalogue already restricted to letters, digits and underscores. That is why
the sheet templates may mark these two strings safe and nothing else.
Multi-letter names stay whole (``kv_bytes_per_token``, not ``kv`` with a
subscript); names of Greek letters print as the letter. A symbol that
declares a notation prints in it (``n_kv_heads`` as h with subscript kv,
``seq_len`` as s), the way the documents write it; a notation is used only
when it is a plain letter name with at most one subscript, so it too can
carry nothing but what SymPy prints.
"""

from __future__ import annotations

import re

import sympy
from sympy.printing.latex import greek_letters_set
from sympy.printing.mathml import MathMLPresentationPrinter

MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"


NOTATION = re.compile(r"^[^\W\d_][^\W_]*(?:_[^\W_]+)?$")
"""A notation the printers may use: letters (Greek included) and digits, one optional subscript."""


def usable_notation(names: dict[str, str] | None, expr: sympy.Expr) -> dict[str, str]:
    """The notations of ``expr``'s symbols that are safe and tell its symbols apart."""
    chosen = {s.name: names[s.name] for s in expr.free_symbols if names and s.name in names and NOTATION.match(names[s.name])}
    clashes = {n for n in chosen.values() if list(chosen.values()).count(n) > 1}
    return {name: n for name, n in chosen.items() if n not in clashes}


def catalogue_notation(catalogue) -> dict[str, str]:
    """Each symbol's first declared notation (``n_kv_heads`` -> ``h_kv``)."""
    return {s.name: s.notation[0] for s in catalogue.symbols.values() if s.notation}


def _latex_name(name: str) -> str:
    if name in greek_letters_set or len(name) == 1:
        return sympy.latex(sympy.Symbol(name))
    return r"\mathrm{" + name.replace("_", r"\_") + "}"


def equation_latex(name: str, expr: sympy.Expr, notation: dict[str, str] | None = None) -> str:
    """``name = expr`` in LaTeX, whole names upright, declared notations as written, products with a centred dot."""
    written = usable_notation(notation, expr)
    names = {s: sympy.latex(sympy.Symbol(written[s.name])) if s.name in written else _latex_name(s.name) for s in expr.free_symbols}
    body = sympy.latex(expr, symbol_names=names, mul_symbol="dot")
    return f"{_latex_name(name)} = {body}"


class _Printer(MathMLPresentationPrinter):
    """SymPy's presentation printer, with if_else (Piecewise) as cases under a brace, and symbols in their notation."""

    def __init__(self, settings, notation: dict[str, str] | None = None):
        super().__init__(settings)
        self._notation = notation or {}

    def _print_Symbol(self, sym, style="plain"):
        written = self._notation.get(sym.name)
        if written is None:
            return super()._print_Symbol(sym, style)
        whole = self._settings["disable_split_super_sub"]
        self._settings["disable_split_super_sub"] = False
        try:
            return super()._print_Symbol(sympy.Symbol(written), style)
        finally:
            self._settings["disable_split_super_sub"] = whole

    def doprint(self, expr):
        self._root = expr
        return super().doprint(expr)

    def _print_Add(self, expr, order=None):
        node = super()._print_Add(expr, order)
        if expr is self._root or _width(node) <= NESTED_TEXT:
            return node
        return self._column(_signed_terms(expr))

    def _print_Min(self, expr):
        return self._call("min", expr, super()._print_Min)

    def _print_Max(self, expr):
        return self._call("max", expr, super()._print_Max)

    def _call(self, name: str, expr, inline):
        """min or max inline, or, when that runs long, its arguments one per line inside the parentheses."""
        node = inline(expr)
        if _width(node) <= NESTED_TEXT:
            return node
        head = self.dom.createElement("mi")
        head.appendChild(self.dom.createTextNode(name))
        group = self.dom.createElement("mrow")
        for part in (head, self._mark("("), self._column([("", a) for a in expr.args], ","), self._mark(")")):
            group.appendChild(part)
        return group

    def _column(self, rows: list[tuple[str, sympy.Expr]], separator: str = ""):
        """Rows of a left-aligned table: a sign or nothing, then the term; ``separator`` after every row but the last."""
        table = self.dom.createElement("mtable")
        table.setAttribute("columnalign", "left")
        for index, (sign, term) in enumerate(rows):
            line = self.dom.createElement("mrow")
            if sign:
                line.appendChild(self._mark(sign))
            line.appendChild(self._print(term))
            if separator and index < len(rows) - 1:
                line.appendChild(self._mark(separator))
            row = self.dom.createElement("mtr")
            row.appendChild(self._cell(line))
            table.appendChild(row)
        return table

    def _mark(self, text: str):
        mark = self.dom.createElement("mo")
        mark.appendChild(self.dom.createTextNode(text))
        return mark

    def _print_Piecewise(self, expr):
        table = self.dom.createElement("mtable")
        for value, condition in expr.args:
            row = self.dom.createElement("mtr")
            row.appendChild(self._cell(self._print(value)))
            row.appendChild(self._cell(self._condition(condition)))
            table.appendChild(row)
        brace = self.dom.createElement("mo")
        brace.appendChild(self.dom.createTextNode("{"))
        group = self.dom.createElement("mrow")
        group.appendChild(brace)
        group.appendChild(table)
        return group

    def _cell(self, content):
        cell = self.dom.createElement("mtd")
        cell.appendChild(content)
        return cell

    def _condition(self, condition):
        text = self.dom.createElement("mtext")
        text.appendChild(self.dom.createTextNode("otherwise" if condition == sympy.true else "if\u00a0"))
        if condition == sympy.true:
            return text
        group = self.dom.createElement("mrow")
        group.appendChild(text)
        group.appendChild(self._print(condition))
        return group


LONG_TEXT = 120
"""Characters of printed text past which a sum is set one term per line (MathML has no automatic line breaks)."""


NESTED_TEXT = 60
"""Characters past which a sum, min or max inside an equation is set one term or argument per line."""


def _width(node) -> int:
    return len(re.sub(r"<[^>]+>", "", node.toxml()))


def _signed_terms(expr: sympy.Add) -> list[tuple[str, sympy.Expr]]:
    """``a - b + c`` as ("", a), ("−", b), ("+", c): the rows of a sum set one term per line."""
    terms = expr.as_ordered_terms()
    rows = [("", terms[0])]
    for term in terms[1:]:
        rows.append(("−", -term) if term.could_extract_minus_sign() else ("+", term))
    return rows


def equation_mathml(name: str, expr: sympy.Expr, notation: dict[str, str] | None = None) -> str:
    """``name = expr`` as a self-contained block ``<math>`` element (presentation MathML); a long sum one term per line."""
    settings = {"disable_split_super_sub": True, "mul_symbol": "dot"}
    written = usable_notation(notation, expr)
    body = _Printer(settings, written).doprint(expr)
    head = _Printer(settings).doprint(sympy.Symbol(name))
    if isinstance(expr, sympy.Add) and len(re.sub(r"<[^>]+>", "", body)) > LONG_TEXT:
        return _stacked(head, expr, settings, written)
    return f'<math xmlns="{MATHML_NAMESPACE}" display="block"><mrow>{head}<mo>=</mo>{body}</mrow></math>'


def _stacked(head: str, expr: sympy.Add, settings: dict, written: dict) -> str:
    """``head = t1`` over ``+ t2``, ``− t3``...: the rows of a table, aligned on the terms."""
    (_, first), *rest = _signed_terms(expr)
    rows = [f"<mtr><mtd><mrow>{head}<mo>=</mo></mrow></mtd><mtd><mrow>{_Printer(settings, written).doprint(first)}</mrow></mtd></mtr>"]
    for sign, shown in rest:
        rows.append(f"<mtr><mtd></mtd><mtd><mrow><mo>{sign}</mo>{_Printer(settings, written).doprint(shown)}</mrow></mtd></mtr>")
    return f'<math xmlns="{MATHML_NAMESPACE}" display="block"><mtable columnalign="right left">{"".join(rows)}</mtable></math>'
