"""LaTeX equations as the plain arithmetic a reader checks.

"512 \\cdot \\frac{2 \\cdot 530\\text{e}9}{16 \\cdot 312\\text{e}12} = 109\\text{ms}" is read as
"512 · (2 · 530e9)/(16 · 312e12) = 109ms": fractions become divisions, ``\\text{}`` its words (so
units and "e12" exponents join their numbers), operators their symbols, subscripted names one
identifier ("n_\\text{layers}" as n_layers), layout commands nothing. Each character written keeps
the file offset of the source it came from.
"""

from __future__ import annotations

import re

SYMBOLS = {
    "cdot": " · ", "times": " × ", "ast": " * ", "div": " ÷ ", "approx": " ≈ ", "approxeq": " ≈ ", "simeq": " ≈ ",
    "sim": " ~ ", "leq": " ≤ ", "le": " ≤ ", "geq": " ≥ ", "ge": " ≥ ", "lt": " < ", "gt": " > ", "neq": " ≠ ",
    "ll": " ≪ ", "gg": " ≫ ", "implies": " ⇒ ", "iff": " ⇔ ", "leftrightarrow": " ⇔ ", "rightarrow": " → ", "to": " → ",
    "mu": "µ", "pi": "π", "alpha": "α", "beta": "β", "gamma": "γ", "kappa": "κ", "lambda": "λ", "rho": "ρ", "sigma": "σ",
    "theta": "θ", "tau": "τ", "eta": "η", "epsilon": "ε", "delta": "δ", "Theta": "Θ", "infty": "∞", "%": "%", "$": "$",
    "nu": "ν", "xi": "ξ", "zeta": "ζ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "varepsilon": "ε",
    "Gamma": "Γ", "Delta": "Δ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    "Rightarrow": " ⇒ ", "Longrightarrow": " ⇒ ", "Leftarrow": " ⇐ ", "propto": " ∝ ",
    ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "quad": " ", "qquad": " ", "space": " ", "\\": "  ", "{": "{", "}": "}",
    "_": "_", "&": "&", "#": "#",
}
WRAPPERS = {"text", "textbf", "textit", "textrm", "mathrm", "mathbf", "mathit", "operatorname", "boldsymbol", "mathbb", "mathcal", "small", "hbox", "mbox"}
FIRST_ONLY = {"underbrace", "overbrace", "underset", "overset", "boxed"}
COMMAND = re.compile(r"\\([A-Za-z]+|.)")


class _Writer:
    def __init__(self):
        self.chars: list[str] = []
        self.origin: list[int] = []

    def put(self, text: str, at: int) -> None:
        self.chars.append(text)
        self.origin.extend([at] * len(text))


def convert(source: str, offset: int) -> tuple[str, list[int]]:
    """(plain text, file offset of each character) for LaTeX ``source`` that starts at file offset ``offset``."""
    writer = _Writer()
    _Reader(source, offset, writer).run(0, len(source))
    return "".join(writer.chars), writer.origin


class _Reader:
    def __init__(self, source: str, offset: int, writer: _Writer):
        self.source, self.offset, self.out = source, offset, writer

    def run(self, i: int, end: int) -> None:
        while i < end:
            i = self.step(i, end)

    def step(self, i: int, end: int) -> int:
        char = self.source[i]
        if char == "\\":
            return self.command(i, end)
        if char == "{":
            close = self.group_end(i)
            wrap = self.source.startswith("^", close + 1) and not self.is_atom(i + 1, close)
            self.put("(" if wrap else "", i)
            self.run(i + 1, close)
            self.put(")" if wrap else "", close)
            return close + 1
        if char == "}":
            return i + 1
        if char == "^" and self.source.startswith("{", i + 1):
            close = self.group_end(i + 1)
            if re.fullmatch(r"\s*-?\d+\s*", self.source[i + 2 : close]):  # "10^{11}": a power of ten as "10^11", one number
                self.put("^" + self.source[i + 2 : close].strip(), i)
                return close + 1
            self.put("^(", i)
            self.run(i + 2, close)
            self.put(")", close)
            return close + 1
        self.put(" " if char in "&~\n" else char, i)
        return i + 1

    def command(self, i: int, end: int) -> int:
        match = COMMAND.match(self.source, i, end)
        if match is None:
            return i + 1
        name, after = match[1], match.end()
        if name == "frac" or name in ("dfrac", "tfrac"):
            return self.fraction(i, after)
        if name == "sqrt":
            return self.wrapped(i, after, "sqrt(", ")")
        if name in WRAPPERS:
            return self.wrapped(i, after, "", "")
        if name in FIRST_ONLY:
            after = self.wrapped(i, after, "", "")
            return self.skip_script(after)
        if name in ("begin", "end", "left", "right", "big", "Big", "bigg", "Bigg", "displaystyle", "tiny", "scriptsize", "large", "Large"):
            return self.skip_argument(after) if name in ("begin", "end") else after
        self.put(SYMBOLS.get(name, " " if name.isalpha() else ""), i)
        return after

    def fraction(self, i: int, after: int) -> int:
        first = self.argument(after)
        if first is None:
            return after
        second = self.argument(first[1] + 1)
        if second is None:
            return after
        self.put("(", i)
        self.run(first[0], first[1])
        self.put(")/(", first[1])
        self.run(second[0], second[1])
        self.put(")", second[1])
        return second[1] + 1

    def wrapped(self, i: int, after: int, before: str, close_text: str) -> int:
        argument = self.argument(after)
        if argument is None:
            return after
        self.put(before, i)
        self.run(argument[0], argument[1])
        self.put(close_text, argument[1])
        return argument[1] + 1

    def argument(self, i: int) -> tuple[int, int] | None:
        """(start, end) inside the braces of the argument at ``i`` (spaces skipped), or None."""
        while i < len(self.source) and self.source[i] == " ":
            i += 1
        if i >= len(self.source) or self.source[i] != "{":
            return None
        return i + 1, self.group_end(i)

    def skip_argument(self, i: int) -> int:
        argument = self.argument(i)
        self.put("\n", i)
        return argument[1] + 1 if argument else i

    def skip_script(self, i: int) -> int:
        """An underbrace's label ("_{\\text{Attention}}") is a caption, not arithmetic."""
        if i < len(self.source) and self.source[i] in "_^":
            argument = self.argument(i + 1)
            return argument[1] + 1 if argument else i + 2
        return i

    def group_end(self, i: int) -> int:
        depth = 0
        for j in range(i, len(self.source)):
            if self.source[j] == "\\":
                continue
            if self.source[j] == "{" and (j == 0 or self.source[j - 1] != "\\"):
                depth += 1
            elif self.source[j] == "}" and (j == 0 or self.source[j - 1] != "\\"):
                depth -= 1
                if depth == 0:
                    return j
        return len(self.source)

    def is_atom(self, start: int, end: int) -> bool:
        return bool(re.fullmatch(r"\s*[\w.]+\s*", self.source[start:end]))

    def put(self, text: str, i: int) -> None:
        if text:
            self.out.put(text, self.offset + min(i, len(self.source) - 1 if self.source else 0))
