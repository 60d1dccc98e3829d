"""A catalogue formula as an equation: LaTeX for Markdown, MathML for HTML.

Both are printed by SymPy from the parsed expression, never from the YAML
text, so the markup can only contain what SymPy emits for symbol names the
catalogue already restricted to letters, digits and underscores. That is why
the sheet templates may mark these two strings safe and nothing else.
Multi-letter names stay whole (``kv_bytes_per_token``, not ``kv`` with a
subscript); names of Greek letters print as the letter.
"""

from __future__ import annotations

import sympy
from sympy.printing.latex import greek_letters_set
from sympy.printing.mathml import MathMLPresentationPrinter

MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"


def _latex_name(name: str) -> str:
    if name in greek_letters_set or len(name) == 1:
        return sympy.latex(sympy.Symbol(name))
    return r"\mathrm{" + name.replace("_", r"\_") + "}"


def equation_latex(name: str, expr: sympy.Expr) -> str:
    """``name = expr`` in LaTeX, whole names upright, products with a centred dot."""
    names = {s: _latex_name(s.name) for s in expr.free_symbols}
    body = sympy.latex(expr, symbol_names=names, mul_symbol="dot")
    return f"{_latex_name(name)} = {body}"


class _Printer(MathMLPresentationPrinter):
    """SymPy's presentation printer, with if_else (Piecewise) as cases under a brace."""

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


def equation_mathml(name: str, expr: sympy.Expr) -> str:
    """``name = expr`` as a self-contained block ``<math>`` element (presentation MathML)."""
    settings = {"disable_split_super_sub": True, "mul_symbol": "dot"}
    body = _Printer(settings).doprint(expr)
    head = _Printer(settings).doprint(sympy.Symbol(name))
    return f'<math xmlns="{MATHML_NAMESPACE}" display="block"><mrow>{head}<mo>=</mo>{body}</mrow></math>'
