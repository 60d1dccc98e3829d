"""Proposing claims for a document nobody has written YAML for yet.

``auditor scan DOC`` reads the document as published (``views``: Markdown with LaTeX, HTML, MDX,
text), finds every number it states (``locate``), and for each says what it can: the sum the page
prints for it (``sums``: a claim checked as written, no formula needed), or the catalogue formula
the words around it describe with the inputs its own context gives (``choose``), each with a score
and the evidence for it. A number with neither, or with a score under the threshold, is located
and listed, not proposed. ``--audit`` recomputes the proposals; ``-o`` writes them as a claims file.
"""

from __future__ import annotations

import ast
import math
import re
from bisect import bisect_left
from dataclasses import replace
from fractions import Fraction

from auditor.base.errors import AuditorError
from auditor.base.precision import share_chance
from auditor.base.quantity import COUNT_SUFFIXES, parse_stated
from auditor.base.units import unit_or_none
from auditor.claims.verdicts import Verdict
from auditor.documents.locate import Document

from . import (beside_count, config_names, derivations, device_ratios, format_ratios, host_links, noise, repeats, sheet_operands, shown_below, sum_units, table_constants,
               table_sweeps, table_templates, tensor_shapes)
from . import given as given_module
from . import inputs as inputs_in_text
from . import match as words
from .cell_changes import change_baselines
from .choose import BARE_HOLDS, DEFAULT, DEVICE_SIZE, LEAD, RESULT_BEFORE, SCOPE_WEIGHTS, SIGNED, FormulaChooser, clause
from .gpu_figures import figure_for, gpu_figures
from .locate import RANGE_AFTER, SENTENCE_END, Proposal, bounds, find_numbers, unit_after
from .markdown_view import FRONT_MATTER
from .plausibility import evaluated
from .proposals import audit_proposals, audited_draft, coincidental, draft_audits, draft_claim, draft_sum, proposal_claim, proposal_ids, proposals_yaml
from .quantities import setting_symbol, written_quantities
from .quotes import Quotes
from .settings import find_settings, setting_for, symbol_meanings, symbol_settings
from .spans import covering
from .sums import SIZED_NOUN, bracketed_conversion, find_sums, operand_literals, plain_number, with_literal
from .table_relations import table_relations
from .table_totals import table_totals
from .tables import Cell, beside_left, column_and_labels, column_of, dollars_per_header, find_tables, in_table, left_cell, place_of, row_cells, row_key, table_at, table_settings, total_line
from .vertical_sums import vertical_sums
from .views import read_view
from .words import FormulaIndex

PER_BEFORE = re.compile(r"(?i)\b(?:per|each|every|an?[ -]single|one[ -]single)[ -](token|request)\b[^\d.,;:!?]{0,30}$")
"""A size said of one token before it is printed: "the KV cache per token is 512 KB", "each token then needs 327,680 bytes",
"a single token would take 0.125MB"."""
PER_WORDS = re.compile(r"(?i)\b(?:per|each|every|an?[ -]single)[ -](token|request)\b")
PER_AFTER = re.compile(r"(?i)\s*(?:/|per\b|each\b|a\s+(?:token|request|sequence)\b)")
SIZED_COUNTS = re.compile(rf"(?i)\d[\d,.]*\s+{SIZED_NOUN}\b")
"""Operands that count things with a size of their own ("6144 floats", "491,520 values")."""
REFERENCE_RATIO = re.compile(r"1(?:\.0+)?\s*[×x]")  # "Baseline (1×)": what the other ratios compare with
SPACED_B = re.compile(r"[ \u00a0]B(?![A-Za-z0-9/])")
"""A "B" a space after a sum's operand: bytes as printed, billions where only that reading holds."""
GLUED_B = re.compile(r"B(?![A-Za-z0-9])")  # the "B" of "2B": billions or bytes, the sum's scale says which
# a short line alone is a heading, unless it leads into what follows ("After a 4,096-token prefill (S = 4,608):")
HEADING = re.compile(r"^#+ .*$|^(?!(?:Figure|Fig|Table|Image|Source|Listing)\b)[A-Z][^\n.]{3,80}(?<![:,;])\n(?=\n)", re.MULTILINE)
"""A Markdown heading, or a short capitalised line set apart as one; a figure's or table's caption starts no section."""
SET_APART = 9  # the depth of a short line set apart, below any "#" heading
PARAGRAPH = re.compile(r"\n\s*\n")
NEAR = 40
RANGE_BEFORE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*(?:–|—|-|~|〜|to)\s*$")
SUM_SCORE = 0.95
WHOLE = re.compile(r"(?P<bound>(?:up|down) to )?(?P<count>[1-9]\d{0,2}(?:,\d{3})*|[1-9]\d*)")
ROUNDED_TO = re.compile(r"(?i)[^\d\n]{0,24}?(?:\bso\b|\bthus\b|\bhence\b|\btherefore\b|→|->|=>|⇒|\bi\.e\.|\bthat is\b|\brounded (?:down|up) to\b|\bround(?:ing)? (?:down|up)(?: to)?\b)[^\d\n]{0,12}")
"""What stands between a sum's result and the whole count it comes to: "7.8 -- so 7", "2.3 → 3", "1.6 GPUs, rounded up to 2"."""
UNRESOLVED_SUM_SCORE = 0.3
TABLE_RULE_SCORE = 0.85
CELL_SPAN = re.compile(r"\s*(?P<low>\d[\d.,]*)\s?[-–]\s?(?P<high>\d[\d.,]*)\s*[A-Za-z]{0,12}(?:\s*\([^()]{0,20}\))?\s*")
CELL_EXPRESSION = re.compile(r"^[\s\d.,()]*\d[\w.,]*\s*[*×x/+·÷-]\s*[\d(][\w\s.,()*×/+·÷-]*$")  # "7.6B * 2", "(32*8-24.6) / 2"
LABELLED_EXPRESSION = re.compile(r"^[^\d:|]*[A-Za-z)][^:|]*:\s*(?P<expression>\S.*)$")
"""A cell that names its sum before it: "Mistral full GQA KV: 2×88×8×128×2"."""
CELL_SUM_REACH = 10  # how far a cell's sum may miss the number beside it, with no slip named, and still be its working
DERIVED_SCORE = 0.9
PERIOD_FACTORS = (7, 12, 24, 30, 30.4, 31, 52, 60, 100, 168, 365, 720, 730, 744, 1000, 1024, 3600, 8760, 86400, 1e6, 1048576, 2592000, 31536000)
"""What a reading of a priced sum's units may put between its value and its result: periods, scales and a binary prefix."""
PERIOD_NUMBERS = frozenset({"24", "365", "720", "730", "744", "8760", "3600", "86400", "168", "52"})  # periods a page converts by hand
PERIOD_SLACK = 0.03  # a rounded figure's room about one of them
MONTH_CONVENTIONS = 1.1  # 730 against 720 hours, 365 against 360 days, a binary prefix against a decimal one: no miss to call
WEIGHTS_FORMULA = "weight_bytes"  # the catalogue's weights from a parameter count and a storage format
RESTATED_SCORE = 0.95  # a restatement is as good as the claim it repeats, a little less: its words may mean another quantity
TABLE_FIGURES = 8  # figures before a table a line of it may be scaled by: farther, a rule through one is a coincidence
DERIVATION_TRIES = 3  # matches audited per number: past the third, the earlier ones' failing says the digits are not these sums'
RESTATED = "points back to this number"
SHAPE_PRODUCT = re.compile(r"\(?\d+(?:\s*\*\s*\d+){1,3}\)?")
"""A printed sum that only multiplies sizes ("1 * 3840"): a tensor's shape when its result is in bytes."""
SHARE_WORDS = re.compile(r"(?i)\b(?:mbu|mfu|utili[sz](?:ation|ed)|efficiency|of (?:the )?(?:peak|theoretical|ceiling|roofline|max(?:imum)?))\b")
"""Words that call a percent a share of something: the quotient of two numbers beside it, achieved over possible."""
LENGTH_REACH = 160  # characters before a size that its clause may name its length in ("a 32K conversation ≈ 5.2 GB")
PER_TOKEN_LABEL = re.compile(r"(?i)/\s*(?:token|tok)\b|\bper[ \t]+token\b")
PER_TOKEN_AFTER = re.compile(r"(?i)[ \t]*(?:/[ \t]*(?:token|tok)\b|per[ \t]+token\b)")  # "~32KB / token": set apart from its size
"""A size's label that makes it one token's: "164 kB/token", "0.5 MB per token"."""
BRACKET_BEFORE = re.compile(r"[ \t]*\([ \t]*(?:~|≈)?[ \t]*\Z")
"""What opens a percent in brackets hung on the figure before it: "3,000 MB (13%)", "17 GB (~74%)"."""
SHARE_OF_AFTER = re.compile(r"[ \t]*of[ \t]+(?:(?:an?|the|its|theoretical|peak|available|[A-Z][\w-]*'s)[ \t]+){0,3}[~≈]?")
"""What makes a percent a share of the figure printed next: "68% of 320 GB/s", "51% of an H100's 80 GB"."""
LISTING_REACH = 3  # lines above a listing's line it may compare with ("→ 75% less" two lines under its baseline)
REDUCTION_WORDS = re.compile(r"(?i)\b(?:cut|cuts|saves?|saving|savings|reduc(?:es|ed|tion|ing)|smaller|less|lower|fewer|cheaper|unused|wasted?|shrinks?"
                             r"|discount(?:ed)?)\b|%\s*off\b")
"""Words that make a percent what one number saves against another: 1 - smaller / larger."""
GROWTH_WORDS = re.compile(r"(?i)\b(?:faster|more|higher|larger|bigger|increases?|increased|gains?|speed-?up|improvement)\b")
"""Words that make a percent what one number gains over another: larger / smaller - 1 ("7% faster")."""
COMPARED_WORDS = re.compile(r"(?i)\b(?:faster|slower|more|fewer|less|higher|lower|larger|smaller|bigger|speed-?up|cheaper|costlier)\b")
"""Words that make a ratio printed with its sign ("~19×") the quotient of two numbers its sentence compares."""
BEFORE_AND_AFTER = re.compile(
    r"\(\s*(?P<a>\d[\d,]*(?:\.\d+)?)\s?(?P<unit_a>[A-Za-z/]+)?\s*(?:->|→|⟶)\s*(?P<b>\d[\d,]*(?:\.\d+)?)\s?(?P<unit_b>[A-Za-z/]+)?[^()]{0,40}\)")
"""Two figures in brackets joined by an arrow, the second its before's after: "(170 -> 215 tok/s)", "(1.904ms -> 1.838ms)"."""
BEFORE_AND_AFTER_REACH = 120  # characters after the number, on its line, where the pair it compares may be printed
TOTAL_WORDS = re.compile(r"(?i)\b(?:total|sum|altogether|combined|overall|in all|available|left|remaining|free)\b|总计|合计|总共|剩余|空闲|可用")
INTENSITY_WORDS = re.compile(r"(?i)\bridge\b|\bintensity\b|\bI_?(?:peak|ridge|\*)|\bflops?\s*(?:per|/)\s*byte|\bmachine balance\b")
PARENT_SECTION = "part above"  # the section whose heading encloses the number's own section, up to the number
SCOPE_NAMES = ("clause", "sentence", "paragraph", "section", "heading above", "heading above", "heading above", "heading above", "heading above")
ROUNDED_AGAIN = 1.5  # how far a bare link of a chain ("474,317 tokens ≈ 470K") may round the result before it
SLIP_REACH = Fraction(6, 5)  # a unit slip that moves a number by less than this is one a derivation may carry ("MiB printed as MB")
SHEET_REACH = 4  # how far past the bundled sheets' range a figure the page cites for a card may lie
CONVERSION_REACH = Fraction(1100)  # a printed conversion off by more than a prefix's 1000 (or 1024) is two quantities
ROW_KEY = "the number that opens its table row: the row's setting or name, an input"
EXACT_CHANCE = 0.001  # a working of the page's own numbers this unlikely by coincidence outweighs a slip the words' formula needs
ROW_CHANCE = 0.05  # and one of the number's own row and column header, laid out by the table, at this chance
UNIFORM_COLUMN = "the formula the words chose gives each row of its column one value, where the column's figures vary"
UNIFORM_SPREAD = Fraction(21, 20)  # how far apart a column's figures stand for one value for all of them to be no reading
UNIFORM_TRACKING = 4  # a formula whose values spread less than a quarter as much as the column's does not follow its rows
CARRIED = "the slip there is carried here"  # the evidence of a figure taken at the value a slip upstream gives

__all__ = ["Proposal", "Scanner", "audit_proposals", "proposal_claim", "proposal_ids", "proposals_yaml", "scan_document"]


LABELLED_ITEM = re.compile(r"[ \t]*[-*•+][ \t]+[*_`]*[A-Za-z][^:\n]{0,48}?[*_`]*[ \t]*:[*_`]*[ \t]+[*_`~≈]*$")
"""A list item that names its number before a colon, the number right after it ("- Weights: 140 GB", "- **KV cache**: 26 GB")."""
LABELLED_CONTEXT = 0.1  # the weight left to the heading's, paragraph's and section's words beside such a label


class Scanner:
    """Scans one document against one project's catalogue and inputs."""

    def __init__(self, document: Document, project):
        self.raw, self.project = document, project
        self.view = read_view(document.text, document.path.suffix)
        self.document = Document(document.path, self.view.text)
        text, catalogue = self.view.text, project.catalogue
        self.models = words.find_models(text, project.inputs.model_ids())
        self.gpus = words.find_named(text, words.gpu_aliases(project.inputs.gpus))
        self.dtypes = words.find_dtypes(text, project.inputs.dtypes)
        self.main_dtype = given_module.main_dtype(self.dtypes, project.inputs.dtypes)
        self.aliases = inputs_in_text.symbol_aliases(catalogue)
        self.tables = find_tables(text)
        self._change_baselines = change_baselines(self.tables)  # bracketed changes and the row each is taken against
        self.in_tables = covering(len(text), [(t.rows[0][0].start, t.rows[-1][-1].end) for t in self.tables if t.rows and t.rows[0] and t.rows[-1]])
        counts = {n for n, s in catalogue.symbols.items() if s.config and s.unit.dimensionless} | {"n_kv_layers"}
        self.assignments = sorted(
            inputs_in_text.find_assignments(text, self.aliases) + inputs_in_text.counted_assignments(text, self.aliases, counts)
            + inputs_in_text.worded_assignments(text) + table_settings(self.tables, self.aliases)
            + host_links.link_settings(text, self.tables),
            key=lambda a: a.start,
        )
        self.names_pcie = "pci" in text.casefold() and host_links.PCIE.search(text) is not None
        self.sums = vertical_sums(text, find_sums(text))
        # a figure set equal to itself in another unit ("3.35 TB/s = 3350 GB/s"): a later "3.35 TB/s" prints its operand
        # again, an input, not its result
        starts = {found.result_start for found in self.sums}
        self._converted_from = {found.result_start: found.operand_spans[0] for found in self.sums if not found.operators
                                and len(found.operand_spans) == 1 and found.operand_spans[0][0] not in starts}
        self.settings = find_settings(text)
        self.page_symbols = symbol_meanings(text)  # "| `L` | average context length per request | tokens |": the page's own letters
        self.symbol_settings = symbol_settings(self.settings, self.aliases)
        in_names = covering(len(text), self.models)
        # every written figure, a count inside a model's name too ("70B" of "a 70B model"): what a size beside it divides by
        self.every_written = written_quantities(text)
        self.written = [w for w in self.every_written if w.dimensions or not in_names.covers(w.start)]
        self.gpu_figures = gpu_figures(text, self.gpus, self.written)  # "an H100 (Π = 1,979 TFLOPS)": the page's own sheet
        self.index = FormulaIndex(catalogue)
        self.notation = inputs_in_text.formula_notation(catalogue)
        self.spec_formulas = words.spec_lookups(catalogue)
        self.supplies = words.model_supplies(project)
        self.model_symbols = words.model_symbols(project, self.supplies)
        self.gpu_symbols = [s for s in catalogue.symbols.values() if s.gpu]
        self.chooser = FormulaChooser(self)
        self.headings = [(m.start(), m.end(), (len(m.group(0)) - len(m.group(0).lstrip("#"))) or SET_APART) for m in HEADING.finditer(text)]
        self.named_models = sorted({m for _, _, m in self.models})
        self.ambiguous = words.ambiguous(text, project.inputs.model_ids(), self.models)  # "Llama 70B": which release, unsaid
        self.lead = self._lead()
        self.setup_model, self.setup_gpu = self._only_in_lead(self.models), self._only_in_lead(self.gpus)
        self._feeds: dict[tuple[str, str], bool] = {}
        self._geometries: dict[str, object] = {}  # a model's derived geometry, for sums in its config names
        self._counts: dict[str, int | None] = {}
        self._geometry_counts: dict[str, dict[str, int]] = {}
        self.scenario_cache: dict[tuple, dict[str, int]] = {}
        self.written_values: dict[tuple, object] = {}  # a value the text writes for a symbol near a number (``given``)
        self.dtypes_named: dict[tuple, str | None] = {}  # the dtype a number's context sets up (``given``)
        self.page_values: dict[tuple, object] = {}  # the figure the page writes for a symbol near a number (``given``)
        self._variants: dict[tuple, dict] = {}
        self._dtype_free: dict[tuple, bool] = {}
        self._places: dict[int, object] = {}
        self._sheet_ranges: dict[str, tuple | None] = {}  # per card figure, the range the bundled sheets span
        # what a price is worked out from ("$2.50/hr", "1,000 tok/s of goodput"): the inputs of the formulas priced in USD
        self.price_inputs = {name for f in catalogue.formulas.values() if "USD" in f.unit.text for name in words.leaf_symbols(catalogue, f.id)
                             if catalogue.symbols[name].value is None and catalogue.symbols[name].default is None}
        # a device figure's sum over the devices: the formula that is n_devices times it ("aggregate_gpu_memory")
        self.aggregates = {f.expr_text.split("*")[1].strip(): f.id for f in catalogue.formulas.values()
                           if re.fullmatch(r"n_devices \* \w+", f.expr_text or "")}
        self._located_at: dict[int, Proposal] = {}  # every located number by where it starts, as ``proposals`` finds them
        self._located_starts: list[int] = []  # where each located number starts, in page order
        self._result_of: dict[int, int] = {}  # a printed sum's operand, by where it starts: where the sum's result starts
        self.draft_audits = draft_audits(project)  # the engine's findings for draft claims, by what they say (``audited_draft``)
        self._derived: dict[int, tuple] = {}  # a number two of the page's numbers give: the number, and the derivation
        self._conversions: list[tuple[Proposal, Proposal]] = []  # a one-number link after a sum that missed, and that sum
        self._restated: dict[int, Proposal] = {}  # a sum's operand that restates a number worked above: that number
        self._repeats: dict[int, list[Proposal]] = {}  # a number worked out, by its id: the later numbers that restate it
        self._rule_cells: dict[int, dict] = {}  # a cell priced by its table's own arithmetic: the cells it reads, by name

    def proposals(self) -> list[Proposal]:
        """Every located number, each proposed as a claim where its sum or its words allow."""
        inputs = [a for a in self.assignments if a.symbols & set(self.project.catalogue.symbols)]
        results = {found.result_start: found for found in self.sums}
        # "36 / 4 = 9 heads": a count the page names is an input it sets, unless a printed sum of numbers works it out
        # ("2·P = 140 GB" sets P, whatever its line goes on to say)
        worked = {start for start, found in results.items() if not found.names}
        skip = [(a, b) for a, b, _ in self.models + self.gpus] + [s for a in inputs for s in a.spans if s[0] not in worked] + self._device_counts()
        self._result_of = {span[0]: found.result_start for found in self.sums for span in found.operand_spans}
        # a sum's operand is its input, not a claim, unless it restates a number worked out above ("8 × 2 MB = 16 MB"
        # under "... = 2 MB"): located for now, kept only if ``_worked_out`` finds it a restatement
        operand_starts = {span[0] for found in self.sums for span in found.operand_spans if span[0] not in results}
        known = {s.start for settings in self.symbol_settings.values() for s in settings}
        skip += [(s.start, s.end) for s in self.settings if (s.start in known or len(s.name) < 2) and not s.worked]
        located = find_numbers(self.document, skip)
        inputs_set, quotes = self._input_statements(), Quotes(self.raw)
        # "C_FFN = 352,321,536": a value the page gives a name no input is called: located, a number a reader
        # may recompute, but its sum is elsewhere, so nothing is proposed for it
        named = {s.start: s.name for s in self.settings if s.start not in known and len(s.name) >= 2 and not s.worked}
        operands = {id(p) for p in located if p.start in operand_starts}
        self._located_at = {p.start: p for p in located}
        self._located_starts = sorted(self._located_at)
        for proposal in located:
            scopes = self._scopes(proposal)
            cell_sum = None if proposal.start in results else self._cell_sum(proposal)
            if id(proposal) in operands:
                proposal.evidence = ("an operand of a printed sum",)
            elif proposal.start in results and self._sum(self._priced_by_header(proposal), results[proposal.start]):
                pass
            elif cell_sum is not None and self._cell_sum_near(proposal, cell_sum):
                pass
            elif proposal.start in inputs_set and not self._summed_over_devices(proposal, inputs_set[proposal.start], scopes):
                proposal.evidence = (f"an input the page sets ({inputs_set[proposal.start]})",)
            elif proposal.start in named:
                proposal.evidence = (f"a value the page gives {named[proposal.start]}, whose sum it does not print here",)
            elif REFERENCE_RATIO.fullmatch(proposal.stated.strip()):
                proposal.evidence = ("1×: the reference the page's other ratios are measured against, not a claim",)
            else:
                place = place_of(self.tables, proposal.start)
                if place is not None and row_key(self.tables, proposal.start):
                    proposal.evidence = (ROW_KEY,)  # what the row is for: its setting or its name, which no formula works out
                else:
                    self._choose(proposal, scopes, place)
            proposal.raw = self.view.raw_span(proposal.start, proposal.end)
            proposal.quote = quotes.for_proposal(self.view, proposal, scopes[0])
        claims = [p for p in located if id(p) not in operands]
        table_inputs = self._table_rules(claims)
        self._table_sweeps(claims)
        self._table_templates(claims)
        self._carried_into_rules(claims)
        self._tensor_sizes(claims)
        self._shapes_in_bytes(claims)
        self._sum_inputs(claims)
        self._weights_beside_counts(claims)
        self._device_ratios(claims)
        self._page_scenarios(claims)
        self._mixed_formats(claims)
        self._uniform_in_a_varying_column(claims)
        self._per_device_shares(claims)
        self._shown_below(claims, results)
        self._worked_out(located, operands | table_inputs)
        self._format_ratios(claims)  # after the page's own numbers: "14 GB ... 3.5 GB ... 4x less" is their quotient
        self._before_and_after(claims)
        self._bracketed_restatements(located)
        self._sums_on_swapped_inputs(claims, results)
        self._exact_chains(located, operands, results)
        self._table_constants(located, operands)  # after the chains: a figure above is carried at what its working gives
        if carriers := self._carried_into_derivations():
            self._exact_chains(located, operands, results, carriers)  # a sum printed on such a figure carries the slip on
        self._conversions_carried()
        self._whole_counts(claims)
        self._short_repeats([p for p in located if id(p) not in operands])
        self._worked_out_below(operands)
        return located  # a sum's operands too: found, each an input of its sum ("an operand of a printed sum"), never proposed

    def _uniform_in_a_varying_column(self, claims: list[Proposal]) -> None:
        """Cells of one column for which the words chose one formula, where the column prints
        different figures ("memory time" down a batch sweep: 14.9, 16.8, 19.1 ms): the formula gives every row one
        value, so it leaves out what the rows vary (the KV bytes read beside the weights), and none of them is proposed."""
        columns: dict[tuple, list[Proposal]] = {}
        for proposal in claims:
            if proposal.formula is not None and proposal.arithmetic is None and (key := column_of(self.tables, proposal.start)) is not None:
                columns.setdefault(key + (proposal.formula,), []).append(proposal)
        for cells in columns.values():
            printed = {value[0] for p in cells if (value := derivations.printed_value(p)) is not None and value[0] > 0}
            if len(cells) < 2 or len(printed) < 2 or max(printed) <= min(printed) * UNIFORM_SPREAD:
                continue
            drafts = [self._draft(p, formula=p.formula) for p in cells]
            computed = {abs(Fraction(d.computed_base)) for d in drafts if d is not None and d.computed_base}
            if computed and max(computed) / min(computed) - 1 < (max(printed) / min(printed) - 1) / UNIFORM_TRACKING:
                for proposal in cells:
                    proposal.formula, proposal.given, proposal.score = None, {}, 0.0
                    proposal.evidence = (UNIFORM_COLUMN,) + proposal.evidence

    def _choose(self, proposal: Proposal, scopes: list, place) -> None:
        """The formula the number's words, table place and page give it (``choose``), where no sum is printed for it."""
        if place is not None:
            in_table(proposal, place, self.tables)
        wide = [clause(self.view.text, proposal, scopes[0])] + scopes + self._enclosing_headings(proposal.start)
        per = PER_BEFORE.search(self.view.text, max(wide[0][0], proposal.start - 48), proposal.start)
        if per and not proposal.per and "/" not in proposal.stated and not PER_AFTER.match(self.view.text, proposal.end):
            proposal.per = per[1].lower()  # "the KV cache per token is 512 KB", "each token needs 327,680 bytes"
        self.chooser.choose(proposal, wide, self._texts(proposal, scopes, place))

    def _whole_counts(self, claims: list[Proposal]) -> None:
        """A whole number right after a sum whose result is not one, said as what it comes to ("10 / 1.28 = 7.8 -- so 7",
        "≈ 2.3, i.e. 3 GPUs"): the count that fits (the result rounded down) or the count needed (rounded up), whichever
        it is; a number that is neither is left as located, for which the page meant is not for the scan to guess."""
        text = self.view.text
        for k, proposal in enumerate(claims):
            whole = WHOLE.fullmatch(proposal.stated.strip())
            if k == 0 or proposal.proposed or whole is None:
                continue
            before = claims[k - 1]
            between = text[before.end : proposal.start] + (whole["bound"] or "")  # "rounded up to 2": no bound, a rounding
            if not before.proposed or before.arithmetic is None or not ROUNDED_TO.fullmatch(between):
                continue
            finding = self._draft(before, before.arithmetic)
            if finding is None or finding.computed is None or finding.computed == int(finding.computed) or finding.unit not in ("", "dimensionless"):
                continue  # a size or a time is no count to round
            value, computed = int(whole["count"].replace(",", "")), finding.computed
            way = "floor" if value == math.floor(computed) else "ceil" if value == math.ceil(computed) else None
            if way is None:
                continue
            line = self.raw.position(before.raw[0])[0] if before.raw else self.raw.position(before.start)[0]
            proposal.arithmetic, proposal.score, proposal.bare, proposal.worked_out = f"{way}({before.arithmetic})", DERIVED_SCORE, False, True
            proposal.stated = whole["count"]  # "rounded up to 2" states 2, not a bound of 2
            proposal.carried = before.carried
            proposal.evidence = (f"the sum at line {line} {'rounded down: what fits' if way == 'floor' else 'rounded up: what it needs'}, "
                                 "a whole count said right after it",)

    def _sums_on_swapped_inputs(self, claims: list[Proposal], results: dict) -> None:
        """A printed sum that holds, whose words name a quantity the catalogue derives for the model its sentence or
        paragraph names, and whose result that model's config prices otherwise by a swapped variable the engine names
        ("2 × 48 × 4 × 64 × 2 = 49,152 bytes" per token for Qwen3-30B-A3B, whose head_dim is 128, not 2048 / 32): the
        page's arithmetic is right, its inputs are not, and the claim is the formula's. Only a swap the diagnosis names
        accuses; any other miss leaves the sum the claim."""
        from dataclasses import replace

        swapped: set[Fraction] = set()  # the results swapped so far: a conversion printed right after one follows it
        for proposal in claims:
            found = results.get(proposal.start)
            if found is None or proposal.arithmetic != found.expression or proposal.given or proposal.formula is not None:
                continue
            scopes = self._scopes(proposal)
            if not any(scopes[1][0] <= start < scopes[1][1] for start, _, _ in self.models):
                # the section's setup before the sum ("### Example: Qwen3-0.6B" and its lead-in), read up to the sum only:
                # what the section goes on to compare it with ("a 13B-class model") is no count of the sum's model
                scopes = scopes[:2] + [(scopes[2][0], proposal.end)]
                if len(self._set_up_before(scopes[1][0], scopes[2][0])) != 1:
                    continue  # no model set up just before it, or two: nothing to price it with (and no second choice to pay for)
            converts = not found.operators and _numbers_in(found.expression) & swapped  # "= 57,344 Bytes ≈ 56 KiB" after the sum
            if not converts and not self._prints_a_config_count(found.expression, scopes):
                continue  # a sum of none of the named model's counts is no sum about it (and choosing a formula costs)
            sum_finding = self._draft(proposal, proposal.arithmetic)
            label = _label_slip(sum_finding)  # "80 × 8196 × 2 × 2 = 2.5 MB": right in MiB, the unit printed for it aside
            if sum_finding is None or not (sum_finding.verdict.holds or label):
                continue
            wide = [clause(self.view.text, proposal, scopes[0])] + scopes + self._enclosing_headings(proposal.start)
            trial = replace(proposal, formula=None, arithmetic=None, given={}, evidence=(), score=0.0)
            per = PER_WORDS.search(self.view.text, scopes[0][0], found.start)  # "the KV cache per token in BF16 is 2 × ... = 49,152 bytes"
            if per and not trial.per and "/" not in proposal.stated:
                trial.per = per[1].lower()
            texts = self._texts(proposal, scopes, place_of(self.tables, proposal.start))
            self.chooser.choose(trial, wide, texts)
            swap = self._swap_in(trial, trial.formula, trial.given, wide, scopes, label)
            if swap is None:
                # the words' first choice may price the sentence's other figures ("Read:" under a budget's lead); a sum
                # the config gives exactly but for one swapped count is that formula's, whichever rank its words give it
                ranked = self.chooser.ranked(replace(trial, formula=None, given={}, evidence=()), texts)
                for formula in [s.formula for _, s in ranked if s.formula != trial.formula][:SWAP_TRIES]:
                    given, missing, _ = self.given_for(trial, formula, wide)
                    if not missing and (swap := self._swap_in(trial, formula, given, wide, scopes, label)) is not None:
                        trial.formula, trial.given = formula, dict(given)
                        trial.evidence = (f"words {formula}'s, below the first choice",) + tuple(e for e in trial.evidence[1:] if e.startswith("model named"))
                        break
            if swap is None or self._only_config_counts(found.expression, trial.given.get("model"), swap):
                continue  # a sum of the model's own counts and nothing else priced it with its config: no input is swapped
            proposal.formula, proposal.arithmetic, proposal.given, proposal.unit = trial.formula, None, dict(trial.given), trial.unit
            holds = f"holds ({label})" if label else "holds"
            proposal.evidence = (f"printed arithmetic {found.expression} {holds}, but {trial.given['model']}'s config gives"
                                 f" {trial.formula} otherwise: {swap}",) + trial.evidence
            self._restated_follow(claims, proposal, found.expression)
            swapped |= _numbers_in(derivations.plain_digits(proposal) or "")

    def _swap_in(self, trial: Proposal, formula: str | None, given: dict, wide, scopes, label: str = "") -> str | None:
        """The swapped count a formula's draft names for the sum's number, where the model is the sum's own (named
        near it, its counts not set by the page) and the page does not set that count itself; else None. ``label``:
        the unit slip the sum's own result prints with, which the draft may name beside the swap."""
        if formula is None or "model" not in given:
            return None
        draft = replace(trial, formula=formula, given=dict(given))
        if self.given_for(draft, formula, wide)[2] not in ("clause", "sentence", "paragraph", "section"):
            return None  # a model named only farther off may be another than the sum's
        if set(given) & self.supplies.get(given["model"], set()):
            return None  # the page sets some of the model's counts itself: its scenario, not the config, is the claim's
        finding = self._draft(draft, formula=formula)
        swap = _swapped(finding, label)
        return None if swap is None or self._sets_swapped_value(finding, (scopes[2][0], trial.start)) else swap

    def _page_scenarios(self, claims: list[Proposal]) -> None:
        """A model's formula that misses by one swapped count, the value of which the page sets in the number's section
        before it ("LLaMA-3-70B (L = 80, h = 64, ...)" and then "≈ 85.9 GB" for its cache): the page prices a scenario
        of its own (every head cached), not the config's, which the catalogue's formula cannot take, so nothing is
        proposed: its swap is the page's setup, not a slip. The same setting makes a printed sum on it the page's
        scenario (``_sums_on_swapped_inputs``)."""
        for proposal in claims:
            if proposal.formula is None or proposal.arithmetic is not None or "model" not in proposal.given:
                continue
            finding = self._draft(proposal, formula=proposal.formula)
            swap = _swapped(finding)
            if swap is not None and self._sets_swapped_value(finding, (self._scopes(proposal)[2][0], proposal.start)):
                _withdraw(proposal, f"held back: {finding.diagnoses[0].description}, as the page itself sets it before the"
                                    " number: its own scenario, which the model's formula does not take")

    def _per_device_shares(self, claims: list[Proposal]) -> None:
        """A number its unit, column header or clause says is one device's ("KV_per_token/GPU", "~0.08 MB/token/GPU", "per
        GPU", a row "(TP=4)") priced by a formula of the whole model, which takes no parallel degree: under tensor
        parallelism the page's figure is a rank's share, which that formula cannot give, so nothing is proposed for it;
        nor for one priced as a sum over the devices ("可用显存/GPU" as four H100s' memory). A row or clause that says
        "TP=1" keeps it: there the share is the whole."""
        for proposal in claims:
            if proposal.formula is None or proposal.arithmetic is not None:
                continue
            leaves = words.leaf_symbols(self.project.catalogue, proposal.formula, set(proposal.given))
            summed = proposal.formula in self.aggregates.values()  # a card's figure times the cards: the sum over them
            if not summed and (leaves & DEVICE_COUNTS or DEVICE_COUNTS & set(proposal.given)):
                continue
            cell = self.place(proposal.start)
            own = [proposal.stated, proposal.unit, self.view.text[proposal.end : proposal.end + 16]]
            if cell is not None:  # its row's label ("70B GQA-8 (TP=4)") and the table's headers ("KV_per_token/GPU")
                around = [cell.row, " | ".join(c.text for c in table_at(self.tables, proposal.start).header or ())]
            else:
                around = [self.view.text[slice(*clause(self.view.text, proposal, self._scopes(proposal)[0]))]]
            if any(PER_DEVICE.search(text) for text in own + around) and not any(ONE_DEVICE.search(text) for text in around):
                _withdraw(proposal, f"held back: the page prints the share of one GPU or rank, which {proposal.formula}, "
                                    + ("a sum over the cards" if summed else "a figure of the whole model with no parallel degree")
                                    + ", cannot give")

    def _mixed_formats(self, claims: list[Proposal]) -> None:
        """A number whose table row or clause names a GGUF file's mix of formats ("Q4_K_M", "Q5_K_S") and whose formula
        prices weights at one format: the mix's width depends on the model's tensors (``units/dtypes.yaml``), so no
        one format is the page's, and whatever the section names elsewhere (an "FP16 KV" cache) is not the weights'."""
        for proposal in claims:
            if proposal.formula is None or "weight_dtype" not in proposal.given:
                continue
            place = self.place(proposal.start)
            low, high = (place.headers[-1] if place is not None and len(place.headers) > 1 else
                         clause(self.view.text, proposal, self._scopes(proposal)[0]))
            mix = MIXED_FORMAT.search(self.view.text, low, high) or (
                MIXED_FORMAT.search(self.view.text, place.cell.start, place.cell.end) if place is not None else
                self._mix_leading_to(proposal))
            if mix is None:
                mix = self._mix_of_width(proposal, low, high)
            if mix is not None:
                _withdraw(proposal, f"held back: {mix.group(0)} is a mix of formats whose width depends on the model's"
                                    " tensors; no one format prices these weights")

    def _mix_of_width(self, proposal: Proposal, low: int, high: int) -> re.Match | None:
        """On a page that serves a GGUF mix ("Q4_K_M" anywhere on it), a paragraph that gives the weights only a width
        in bits ("Memory math (4-bit, 27 B):" and its weights below) means that mix, which stores more than its nominal
        bits: the mix of that width the page names; None where the weights' format is one of its own ("INT4", "AWQ")
        or the page names no such mix."""
        bits = re.search(r"\d+", str(proposal.given.get("weight_dtype", "")))
        width = BITS_WORDS.search(self.view.text, min(low, self._scopes(proposal)[1][0]), max(high, proposal.end))
        if bits is None or width is None or width.group(1) != bits.group(0):
            return None
        return next((m for m in MIXED_FORMAT.finditer(self.view.text) if re.search(r"\d", m.group(0))[0] == bits.group(0)), None)

    def _mix_leading_to(self, proposal: Proposal) -> re.Match | None:
        """The mix of formats the number's sentence names before it with no other format in between ("Use Q3_K_M
        quant → Weights drop to ~34 GB"): the step's arrow ends the clause, not the setup."""
        sentence = self._scopes(proposal)[0]
        mixes = list(MIXED_FORMAT.finditer(self.view.text, sentence[0], proposal.start))
        if not mixes or any(mixes[-1].end() <= start < proposal.start for start, _, _ in self.dtypes):
            return None
        return mixes[-1]

    def _restated_follow(self, claims: list[Proposal], first: Proposal, expression: str) -> None:
        """Later printings of a number that restate it as its sum ("56 KiB" again, a section on) take its new claim."""
        marker = f"{repeats.REPEATED} at line {self.raw.position(first.raw[0])[0]}"
        for later in claims:
            if later.start > first.start and later.arithmetic == expression and later.evidence[:1] == (marker,):
                self._repeat(later, first)

    def _set_up_before(self, paragraph: int, section: int) -> set[str]:
        """The models the section's heading, or the paragraph just before the number's, names: its setup."""
        text = self.view.text
        heading_end = text.find("\n", section) if section < paragraph else section
        lead = max(section, text.rfind("\n\n", section, max(section, paragraph - 2)))
        return {name for start, _, name in self.models if section <= start < heading_end or lead <= start < paragraph}

    def _prints_a_config_count(self, expression: str, scopes) -> bool:
        """Whether the sum prints a count the config of a model named in its paragraph or section (up to the sum) sets
        (28 layers, hidden 1024): one past the commonest factors, 1 and 2."""
        printed = _numbers_in(expression) - {0, 1, 2}
        for name in {m[2] for m in self.models if min(scopes[1][0], scopes[2][0]) <= m[0] < scopes[-1][1]}:
            geometry = self._geometry(name)
            if geometry is not None and printed & {Fraction(str(d.value)) for key, d in geometry.values.items() if d.origin.startswith("config ")}:
                return True
        return False

    def _only_config_counts(self, expression: str, model: str | None, swap: str = "") -> bool:
        """Whether every count the sum prints past 1 and 2 is one the model's config sets ("2 × 32 × 8 × 128 × 2" for
        Llama 3 8B: 32 layers, 8 KV heads, head_dim 128): the page worked with the model's real counts, so a formula
        that misses it with a swap the engine names (by a parallel degree set elsewhere) is the one misread. Not where
        the sum prints the count the swap puts in and not the one it takes out ("2 × 80 × 64 × 128 × 2" for Llama 3
        70B: its 64 query heads, and not its 8 KV heads): that is the swap, printed."""
        geometry = self._geometry(model) if model else None
        printed = _numbers_in(expression) - {0, 1, 2}
        if geometry is None or not printed:
            return False
        right, _, wrong = swap.partition(" <- ")
        values = {key: Fraction(str(d.value)) for key, d in geometry.values.items() if d.value is not None}
        if wrong in values and right in values and values[wrong] in printed and values[right] not in printed:
            return False
        own = {Fraction(str(d.value)) for key, d in geometry.values.items() if d.origin.startswith("config ") or key in MODEL_COUNTS}
        return printed <= own

    def _sets_swapped_value(self, finding, span: tuple[int, int]) -> bool:
        """Whether the page sets a name to the value the swap put in, before the number in its section ("L = 80, h = 64"
        for a 64-head model whose cache has 8): that count is the page's stated scenario, not a slip it made unseen."""
        found = SWAPPED_VALUE.search(finding.diagnoses[0].description)
        if found is None:
            return False
        value = float(found["value"].replace(",", ""))
        return any(span[0] <= s.start < span[1] and float(s.value) == value for s in self.settings)

    def _shown_below(self, claims: list[Proposal], results: dict) -> None:
        """A number the page states and then works out just after (``shown_below``) takes the sum printed there."""
        text = self.view.text
        sums = sorted((p for p in claims if p.start in results and p.proposed), key=lambda p: p.start)
        starts = [p.start for p in sums]
        for proposal in claims:
            if proposal.arithmetic is not None or proposal.start in results or not any(c.isdigit() for c in proposal.stated):
                continue
            digits = derivations.plain_digits(proposal)
            for later in sums[bisect_left(starts, proposal.end) :]:
                if later.start - proposal.end > shown_below.DISPLAY_WINDOW + 200:
                    break
                found = results[later.start]
                operands = {plain_number(text[a:b]) for a, b in found.operand_spans}
                if digits is None or digits in operands or later.start < proposal.end:
                    break
                same = digits == derivations.plain_digits(later) and shown_below.same_digits(text, proposal.end, later.start)
                if same and not _units_differ(proposal, later) or shown_below.announced(text, proposal.start, proposal.end, later.start):
                    self._repeat(proposal, later)
                    line = self.raw.position(later.raw[0])[0]
                    proposal.evidence = (f"worked out by the sum printed just after it, at line {line}",) + later.evidence
                    break

    def _exact_chains(self, located: list[Proposal], operands: set[int], results: dict, carriers: set[int] | None = None) -> None:
        """A sum whose operand restates a number the page worked out above, and whose working holds, takes that
        number at its exact value: "1.34 GB × 64" after "2 × 80 × 8 × 128 × 4096 × 2 = 1.34 GB" is 85.9 GB, not the
        85.8 the rounded operand gives; a chain of rounded steps ("8 × 2 MB = 16 MB", "80 × 16 MB = 1.28 GB") is
        checked against what its first step really gives. ``carriers``: only operands restating these figures (derived
        ones that carry a slip, once ``_carried_into_derivations`` has run)."""
        text = self.view.text
        at = {p.start: p for p in located if id(p) in operands}
        for proposal in located:
            found = results.get(proposal.start)
            literals = operand_literals(found) if found is not None else None
            converted = sum_units.divided_into_unit(found.expression, proposal) if literals is not None else None
            if literals is None or proposal.arithmetic is None or proposal.arithmetic not in (found.expression, converted and converted[0]) or proposal.given:
                continue
            expression, taken, rounded_only = found.expression, [], True
            for k in reversed(range(len(literals))):
                operand = at.get(found.operand_spans[k][0])
                first = self._restated.get(id(operand)) if operand is not None else None
                worked = self._located_at.get(found.operand_spans[k][0]) if operand is None and found.operators else None
                if worked is not None and worked.arithmetic is not None and worked.proposed and worked is not proposal:
                    operand = first = worked  # "(2 × 8192 × ...) = 20,401,094,656 bytes / 1,073,741,824 ≈ 19 GB": the step before's result
                elif (operand is None and worked is None and k == 0 and found.operand_spans[0][0] == found.start
                      and (step := self._result_just_above(found.start, literals[k].group(0))) is not None):
                    operand = first = step  # "= 5.625 GB" and on the next line "5.625 × 0.2 = 1.125 GB": a factor is never located
                if first is None or (first is not operand and first.end > found.start) or re.search(r"[*×^]", operand.stated):
                    continue  # worked out above the sum, and printed as one plain number
                if carriers is not None and id(first) not in carriers:
                    continue
                (exact, holds), factor = self._exact_value(first), derivations.unit_factor(operand)
                if not repeats.units_of(operand) and repeats.units_of(first):
                    factor = derivations.unit_factor(first)  # a bare operand read in its sum's unit, which is the step's
                    if exact is not None and not holds and not _within_a_slip(exact, derivations.printed_value(first)[0]):
                        continue  # "104e12 bytes ≈ 104GB", then "120-104": a prefix misprinted, the figure the one meant
                if exact is None or factor is None or literals[k].group(0) != derivations.plain_digits(operand):
                    continue
                expression = with_literal(expression, literals[k], derivations.decimal(exact / factor))
                rounded_only = rounded_only and _rounds_to(exact / factor, literals[k].group(0))
                line = self.raw.position(first.raw[0])[0]
                shown = text[operand.start:operand.end]
                taken.append(f"{shown} taken at its exact value, as worked out at line {line}" if holds else
                             f"{shown} taken at the value its own working at line {line} gives: {CARRIED}")
                proposal.carried += () if holds else (first,)
            if taken:
                printed = proposal.arithmetic
                proposal.printed_sum = printed if rounded_only else None
                proposal.arithmetic = expression if converted is None else sum_units.divided_into_unit(expression, proposal)[0]
                proposal.evidence = (f"printed arithmetic {found.expression}",) + tuple(reversed(taken)) + proposal.evidence[1:]
                if not rounded_only:
                    # "20,401,094,656 bytes / 1,073,741,824 ≈ 19 GB" on a product that is 21,474,836,480: the slip carried
                    # in misses as the page's GB, so it is checked at the bytes it sizes, as a sum that misses is
                    proposal.arithmetic, said = self._in_bytes_if_missing(proposal, proposal.arithmetic)
                    proposal.evidence += said
                self._repeats_follow(proposal, printed)

    def _result_just_above(self, position: int, digits: str) -> Proposal | None:
        """The result the line just above ``position`` ends on, where the sum there opens its line with the same digits:
        the step a chain of worked lines takes its next factor from; None otherwise."""
        text = self.view.text
        line = text.rfind("\n", 0, position)
        if line < 0 or not re.fullmatch(r"[ \t]*(?:[-*•][ \t]+)?[^\d\n]{0,40}", text[line + 1 : position]) or "." not in digits:
            return None  # the factor opens its line ("Safety margin: 5.625 × 0.2"), and is printed to a decimal
        above = text.rfind("\n", 0, line)
        index = bisect_left(self._located_starts, above + 1)
        for start in reversed(self._located_starts[index : bisect_left(self._located_starts, line)]):
            before = self._located_at[start]
            if before.proposed and before.arithmetic is not None and not before.given and derivations.plain_digits(before) == digits:
                return before  # the line above ends on it: "Base total: 3.5 + 0.125 + 2.0 = 5.625 GB"
            break
        return None

    def _in_bytes_if_missing(self, proposal: Proposal, expression: str) -> tuple[str, tuple[str, ...]]:
        """A sum over a power of 1024 that misses as the page's GB, taken at the bytes it counts in GiB, and what says
        so (``sum_units.binary_count_in_bytes``); the sum as it was, and nothing said, otherwise."""
        binary = sum_units.binary_count_in_bytes(expression, proposal)
        if binary is None or self._holds(proposal, expression):
            return expression, ()
        return binary[0], (binary[1],)

    def _repeats_follow(self, proposal: Proposal, printed: str) -> None:
        """Later printings of the number that restate it with the sum it had (``printed``) take its new working: "19 GB"
        again below, "Year 2: $375,376" under "Year 1", are the same working and carry the same slip."""
        for repeat in self._repeats.get(id(proposal), ()):
            if repeat.formula is None and repeat.arithmetic == printed:
                repeat.arithmetic, repeat.carried, repeat.printed_sum = proposal.arithmetic, proposal.carried, proposal.printed_sum

    def _exact_value(self, first: Proposal | None) -> tuple[Fraction | None, bool]:
        """(the value in base units a printed sum the page worked out gives, whether the sum holds) for a sum that
        names nothing; (the formula's value, False) for a number a formula flags with a named slip
        (``_slipped``); (None, False) for any other. A sum that does not hold passes its own value on: the page's
        next step, done on the figure it printed, carries the slip ("80 × 16 MB = 1.28 GB" over a 16 MB that is
        16.8)."""
        if first is not None and first.formula is not None and first.arithmetic is None and not first.worked_out:
            return self._slipped(first), False
        if first is not None and id(first) in self._rule_cells and first.arithmetic is not None:
            # a table's own arithmetic ("Total = Local + Global"), its cells at the values they were taken at
            finding = self._draft(first, rule=True)
            carried = any(CARRIED in e for e in first.evidence)  # a cell's slip carried in is the slip this total carries on
            if finding is not None and finding.computed_base is not None and (finding.verdict.holds or carried or _named_slip(finding)):
                return Fraction(finding.computed_base), finding.verdict.holds
            return None, False
        if first is not None and first.worked_out and first.carried:
            worked, _ = self._carried_value(first)  # a figure the page's numbers gave, with the slip it carries from above
            return worked, False
        if first is None or first.arithmetic is None or first.given or first.worked_out:
            return None, False
        finding = self._draft(first, first.arithmetic)
        if finding is not None and not finding.verdict.holds and first.printed_sum and not first.carried:
            printed = self._draft(first, first.printed_sum)  # it holds on its operands as printed: that is what it gives
            finding = printed if printed is not None and printed.verdict.holds else finding
        if finding is None or finding.computed_base is None or not (finding.verdict.holds or finding.verdict == Verdict.MISMATCH):
            return None, False
        if not finding.verdict.holds and not re.search(r"[-+*/]", first.arithmetic):
            return None, False  # a bare conversion that misses ("= 4096 ... = 5.2 GB") is a misreading, not a working
        return Fraction(finding.computed_base), finding.verdict.holds

    def _slipped(self, first: Proposal) -> Fraction | None:
        """The value the formula or sum proposed for a number gives, where it flags the number with a named slip
        ("0.26 MB" for 327,680 bytes, GiB printed as GB): the page's next step, done on the figure it printed,
        carries the slip. None where it holds, or misses with no slip named: a misreading is no working to carry."""
        finding = self._draft(first, first.arithmetic) if first.formula is None else self._draft(first, formula=first.formula)
        return Fraction(finding.computed_base) if _named_slip(finding) and finding.computed_base is not None else None

    def _draft(self, proposal: Proposal, expression: str | None = None, formula: str | None = None, rule: bool = False):
        """The engine's finding for the number as a sum (``expression``), as the formula with its proposed inputs, or
        (``rule``) as the table's own arithmetic proposed for it with its cells; None where the draft cannot be read."""
        from dataclasses import replace

        from auditor.base.errors import AuditorError

        try:
            if rule:
                draft = proposal_claim(replace(proposal, raw=proposal.raw or (0, 0)), None, "draft")
            else:
                draft = draft_sum(proposal, expression) if formula is None else draft_claim(proposal, formula, proposal.given, proposal.unit)
            return audited_draft(draft, self.project, self.draft_audits)
        except AuditorError:
            return None

    def _table_sweeps(self, located: list[Proposal]) -> None:
        """A table that tabulates a sum worked above it over its first column: each row the sum with the swept operand
        set to the row's value (``table_sweeps``)."""
        starts = [p.start for p in located]
        for table in self.tables:
            rows = table_sweeps.swept_column(table)
            if rows is None:
                continue
            begin = table.rows[0][0].start
            worked = [f for f in self.sums if f.result_start < begin and begin - f.start <= table_sweeps.WINDOW]
            for found in reversed(worked):  # the nearest worked sum first
                if self._sweep(located, starts, rows, found):
                    break

    def _table_templates(self, located: list[Proposal]) -> None:
        """A table whose first column sets the letter of a formula written above it, and whose other columns each
        name one such formula (``table_templates``): each cell the formula at its row's value. A column is taken
        only where the formula holds, or misses by a slip the diagnosis names, in two rows or more and in half of
        them: a formula its header names by chance would miss every row for no reason."""
        starts, text = [p.start for p in located], self.view.text
        for table in self.tables:
            rows = table_templates.first_column_values(table)
            letter = table_templates.header_letter(table.header[0].text) if rows else None
            if letter is None:
                continue
            begin = table.rows[0][0].start
            candidates = [t for t in table_templates.templates(text, max(0, begin - table_templates.WINDOW), begin) if t.letter == letter]
            for column in range(1, len(table.header)) if candidates else ():
                template = table_templates.column_template(table.header[column].text, candidates)
                cells = [(value, _leading(located, starts, row[column])) for value, row in rows] if template else []
                cells = [(value, p) for value, p in cells if p is not None and p.arithmetic is None and (p.formula is None or not self._formula_stands(p))]
                explained = sum(self._explained(p, table_templates.swept(template, value)) for value, p in cells)
                if not cells or explained < 2 or 2 * explained < len(cells):
                    continue
                line = self.raw.position(self.view.raw_span(template.start, template.start + 1)[0])[0]
                for value, proposal in cells:
                    proposal.formula, proposal.given, proposal.score, proposal.bare = None, {}, TABLE_RULE_SCORE, False
                    proposal.arithmetic, proposal.worked_out = table_templates.swept(template, value), True
                    proposal.evidence = (f"the formula at line {line}, {template.label} = {template.expression}, with {letter} = {value} from its row",)

    def _explained(self, proposal: Proposal, expression: str) -> bool:
        """Whether a sum holds for the number, or misses it by a slip the diagnosis names."""
        finding = self._draft(proposal, expression)
        return finding is not None and (finding.verdict.holds or _named_slip(finding))

    def _tensor_sizes(self, located: list[Proposal]) -> None:
        """A size in bytes beside a tensor's shape in its table row: the shape's product at a format's width
        (``tensor_shapes``), the format the cell's headers or the section name preferred."""
        if not self.tables:
            return
        for index, proposal in enumerate(located):
            if proposal.formula is not None or self.place(proposal.start) is None:
                continue
            if proposal.arithmetic is not None and (proposal.given or self._holds(proposal, proposal.arithmetic)):
                continue  # a shape written as a product ("(8192 × 28672)") is the cell's sum only where it holds
            size = _byte_size(index, proposal)
            if size is None:
                continue
            sizes = tensor_shapes.shape_in([c.text for c in row_cells(self.tables, proposal.start) if not c.start <= proposal.start < c.end])
            if sizes is None:
                continue
            found = self._sized(proposal, size, sizes, or_main=False)
            if found is not None:
                proposal.arithmetic, proposal.given, proposal.score, proposal.bare, proposal.worked_out = found[0], {}, TABLE_RULE_SCORE, False, True
                proposal.evidence = (f"the tensor shape {tuple(sizes)} in its row at {found[1]}'s width",)

    def _shapes_in_bytes(self, located: list[Proposal]) -> None:
        """A printed product of sizes whose result is in bytes ("[1 × 3,840] = 7,680 bytes"): a tensor's shape, its
        result the shape at a format's width, the format the number's setup names preferred (``tensor_shapes``)."""
        for index, proposal in enumerate(located):
            if proposal.arithmetic is None or proposal.given or not SHAPE_PRODUCT.fullmatch(proposal.arithmetic):
                continue
            size = _byte_size(index, proposal)
            if size is None or self._holds(proposal, proposal.arithmetic):
                continue
            sizes = [int(n) for n in re.findall(r"\d+", proposal.arithmetic)]
            found = self._sized(proposal, size, sizes, or_main=True)
            if found is not None:
                proposal.arithmetic, proposal.worked_out = found[0], True
                proposal.evidence = (f"the shape {tuple(sizes)} printed before it, at {found[1]}'s width",) + proposal.evidence

    def _sized(self, proposal: Proposal, size: tuple[float, float], sizes: list[int], or_main: bool) -> tuple[str, str] | None:
        """``tensor_shapes.sized`` at the width of the format the number's setup names, else at any plain format's."""
        named = self.dtype_set_up(proposal, self._scopes(proposal), or_main=or_main)
        width = beside_count.plain_width(self.project.inputs.dtypes.get(named)) if named else None
        return tensor_shapes.sized(*size, sizes, {width: named} if width is not None else beside_count.widths(self.project.inputs.dtypes))

    def _sweep(self, located, starts, rows, found) -> bool:
        line = self.raw.position(self.view.raw_span(found.start, found.end)[0])[0]
        for index, value in table_sweeps.operand_positions(found, {v for v, _ in rows}):
            anchor_row = next(r for v, r in rows if v == value)
            for column in range(1, len(anchor_row)):
                anchor = _leading(located, starts, anchor_row[column])
                if anchor is None or not self._holds(anchor, found.expression):
                    continue
                others = [(p, table_sweeps.varied(found, index, v), v) for v, r in rows if r is not anchor_row
                          if (p := _leading(located, starts, r[column])) is not None]
                held = [self._holds(p, expression) for p, expression, _ in others]
                if sum(held) < table_sweeps.MIN_HOLDING or len(held) - sum(held) > table_sweeps.MAX_FAILING:
                    continue
                for proposal, expression, v in [(anchor, found.expression, value)] + others:
                    if proposal.arithmetic is None and (proposal.formula is None or not self._formula_stands(proposal)):
                        proposal.formula, proposal.arithmetic, proposal.given, proposal.score = None, expression, {}, TABLE_RULE_SCORE
                        proposal.bare, proposal.worked_out = False, True
                        proposal.evidence = (f"the sum worked at line {line} with its {_shown(value)} set to the row's {_shown(v)}: the table sweeps it",)
                return True
        return False

    def _summed_over_devices(self, proposal: Proposal, symbol: str, scopes) -> bool:
        """A device figure that is the sheet's times the devices its sentence counts ("An 8×A100 node has 640 GB"): the
        page's sum over them, proposed as such when it holds; else the page's own input, as ever."""
        formula = self.aggregates.get(symbol)
        gpu = given_module.nearest(self.visible(self.gpus, proposal.start), scopes[:1], proposal.start) if formula else None
        count = given_module.device_count(self, gpu, scopes[:1], proposal.start) if gpu else None
        if not count:
            return False
        given = {"gpu": gpu, "n_devices": count}
        if not self.chooser.holds(proposal, formula, given):
            return False
        proposal.formula, proposal.given, proposal.score, proposal.bare = formula, given, DERIVED_SCORE, False
        proposal.evidence = (f"the sheet's {symbol} of the {gpu} times the {count} devices its sentence counts",)
        return True

    def _sum_inputs(self, located: list[Proposal]) -> None:
        """A number a sum printed later in its sentence takes as an operand ("32,768 tokens need 327,680 × 32,768 ≈
        10.7 GB") is that sum's input, not a claim the words' formula can price."""
        text = self.view.text
        for proposal in located:
            if proposal.formula is None or proposal.arithmetic is not None:
                continue
            sentence = self._scopes(proposal)[0]
            printed = text[proposal.start : proposal.end].split()
            digits = plain_number(printed[0]) if printed else ""
            later = [f for f in self.sums if proposal.end <= f.start < sentence[1]]
            if digits and any(plain_number(text[a:b]) == digits for f in later for a, b in f.operand_spans):
                _withdraw(proposal, "an operand of the sum printed after it in its sentence: an input, not a claim", alone=True)

    def _weights_beside_counts(self, located: list[Proposal]) -> None:
        """A byte size right after a parameter count whose ratio to it is a format's width: that count's weights."""
        formats = beside_count.widths(self.project.inputs.dtypes)
        for index, proposal in enumerate(located):
            if proposal.arithmetic is not None or any(RESTATED in e or DEVICE_SIZE in e for e in proposal.evidence):
                continue  # a number the page points back to, or a card's own size ("fits 40 GB A100")
            size = _byte_size(index, proposal)
            if size is None:
                continue
            scopes = self._scopes(proposal)
            here = given_module.set_up(self.dtypes_set_up(proposal.start), scopes, proposal.start, self.view.text)
            named = {here: self.project.inputs.dtypes[here].bits / 8} if here in self.project.inputs.dtypes else {}
            found = beside_count.weights_beside_count(self.view.text, self.every_written, proposal.start, proposal.end, *size,
                                                      scopes[0][0], formats, named)
            if found is None and not proposal.proposed:
                found = beside_count.weights_of_section_count(self.view.text, self.every_written, proposal.start, proposal.end, *size,
                                                              scopes[2][0], formats, self._format_beside(proposal, scopes), scopes[0])
                if found is not None and not self.chooser.holds(proposal, WEIGHTS_FORMULA, {"n_params": found.n_params, "weight_dtype": found.dtype}):
                    continue  # a count farther off only reproduces the page's arithmetic: "~1 GB" is no 400M at 4 bytes
            if found is None or (proposal.formula is not None and not found.listed and self.chooser.holds(proposal, proposal.formula, proposal.given)):
                continue  # the count's ratio is better evidence than the words, unless what they chose holds as printed
            replaced = proposal.formula
            given = {"n_params": found.n_params, "weight_dtype": found.dtype}
            model = self._named_by_count(found.count) if "." in (derivations.plain_digits(proposal) or "") else None
            evidence = f"the weights of the parameter count beside it ({found.count.text}) at {found.width} bytes each ({found.dtype})"
            if (row_format := self._row_format(proposal, found)) is not None:
                # "| Llama 3.1 70B (FP8) | ~140GB VRAM each |": the row names the count's format, whatever width the size fits
                given["weight_dtype"] = row_format
                evidence = f"the weights of the parameter count its row prints ({found.count.text}) at the format the row names ({row_format})"
            elif model is not None:  # "Mistral-7B | 14.0": the model's own count, which the name's size only rounds
                given, evidence = {"model": model, "weight_dtype": found.dtype}, f"the weights of {model}, whose name gives the count beside it ({found.count.text}), at {found.width} bytes each ({found.dtype})"
            elif not self.chooser.holds(proposal, WEIGHTS_FORMULA, given):
                continue  # "10GB headroom" beside "(7B model)": a width fits only if "10" is one figure, which the audit does not read
            proposal.formula, proposal.given, proposal.score, proposal.bare = WEIGHTS_FORMULA, given, DERIVED_SCORE, False
            proposal.worked_out = True
            proposal.evidence = (evidence,) + (
                (f"in place of {replaced}, which the words chose" + ("" if found.listed else " but which does not hold"),) if replaced else ())

    def _row_format(self, proposal: Proposal, found) -> str | None:
        """The one weight format a table row names in the cell that prints the parameter count ("Llama 3.1 70B (FP8)"),
        where its width is not the one the size fits: the page's words for those weights, which the audit then holds
        the size to; None outside a table, for a row naming no format or several, or one of the fitting width."""
        row = row_cells(self.tables, proposal.start)
        holder = next((c for c in row if c.start <= found.count.start < c.end), None)
        if holder is None or holder.start <= proposal.start < holder.end:
            return None
        named = {name for start, _, name in self.dtypes if holder.start <= start < holder.end}
        if len(named) != 1:
            return None
        (name,) = named
        dtype = self.project.inputs.dtypes.get(name)
        width = beside_count.plain_width(dtype)
        return name if width is not None and width != found.width else None

    def _named_by_count(self, count) -> str | None:
        """The bundled model whose name holds a parameter count the page prints ("7B" of "Mistral-7B"), if its config
        gives its own count: a name's size rounds the count, and a page that prices the name's size to a printed
        decimal ("14.0" GB) prints the nominal weights, the slip the engine names. A whole number ("140 GB" for a
        70B) is read at the name's precision, as the page meant it."""
        for start, end, model in self.models:
            if start <= count.start and count.end <= end and "n_params" in self.supplies.get(model, ()) and self.releases_agree(model, {"n_params"}):
                return model  # not "Llama-70B", whose releases count 69.0B and 70.6B
        return None

    def _device_ratios(self, located: list[Proposal]) -> None:
        """A ratio printed in words of a figure, where the sentence or paragraph names two cards: the ratio of
        their figures (``device_ratios``), proposed where it holds as printed, in place of nothing or of a
        formula the words chose that does not stand."""
        text = self.view.text
        for proposal in located:
            if proposal.arithmetic is not None or self.place(proposal.start) is not None or any(RESTATED in e for e in proposal.evidence):
                continue
            if not device_ratios.printed_as_ratio(proposal.stated, text[proposal.end : proposal.end + 24]):
                continue
            printed = derivations.printed_value(proposal)
            if printed is None or printed[1] or printed[0] <= 0:
                continue
            sentence, paragraph, section = self._scopes(proposal)
            cards = [gpu for start, _, gpu in self.gpus if sentence[0] <= start < sentence[1]]
            if len(set(cards)) < 2:
                cards = [gpu for start, end, gpu in self.gpus if paragraph[0] <= start and end <= max(proposal.end, sentence[1])]
            if len(set(cards)) == 1 and noise.RATIO_OF_NAME.match(text, proposal.end - 1):
                # "B200 ... 2,250 (~2.3× H100)": compared with the card it names, the number is the section's card's
                before = [gpu for start, _, gpu in self.gpus if section[0] <= start < proposal.start and gpu not in cards]
                cards = before[-1:] + cards
            low, high = clause(text, proposal, sentence)
            after = text[proposal.end : proposal.end + 24]
            comparison = device_ratios.compared(proposal.stated, after, text[low:high], text[sentence[0] : sentence[1]], cards)
            if comparison is None or not self._replaceable(proposal):
                continue
            percent = proposal.stated.rstrip().endswith("%")
            for source, (first, second) in self._card_figures(comparison, proposal.start):
                expression = device_ratios.ratio_expression(first, second, comparison.figure, printed[0], percent)
                if expression is not None and self._holds(proposal, expression):
                    replaced = proposal.formula
                    proposal.formula, proposal.arithmetic, proposal.given, proposal.score, proposal.bare = None, expression, {}, DERIVED_SCORE, False
                    proposal.worked_out = True
                    proposal.evidence = (f"{comparison.column} of {comparison.cards[0]} and {comparison.cards[1]} ({source}): the two cards "
                                         f"its words compare",) + ((f"in place of {replaced}, which the words chose but which does not stand",) if replaced else ())
                    break

    def _format_ratios(self, located: list[Proposal]) -> None:
        """A ratio or a saving printed beside two storage formats: the ratio of their widths in bits
        (``format_ratios``), proposed where it holds as printed, in place of nothing or of a formula the words chose
        that does not stand."""
        text, dtypes = self.view.text, self.project.inputs.dtypes
        named = [(start, dtype) for start, _, dtype in self.dtypes if dtype in dtypes and dtypes[dtype].storage]
        for proposal in located:
            if proposal.arithmetic is not None or any(RESTATED in e for e in proposal.evidence):
                continue
            printed = derivations.printed_value(proposal)
            if printed is None or printed[1] or printed[0] <= 0:
                continue
            sentence = self._scopes(proposal)[0]
            low, high = clause(text, proposal, sentence)
            own = [d for start, d in named if low <= start < high]
            around = [d for start, d in named if sentence[0] <= start < sentence[1]]
            compares, why = text[sentence[0] : sentence[1]], "the two formats its words compare"
            if self.place(proposal.start) is not None:
                # "| INT4 | 4× |" under "| FP16 | 1× (baseline) |": the row's format against the baseline row's
                row = row_cells(self.tables, proposal.start)
                own = [d for start, d in named if row[0].start <= start < row[0].end] if row else []
                around, compares, why = self._baseline_formats(proposal.start, named), "vs", "its row's format and its table's baseline row's"
            if len(set(around)) < 2 and self.place(proposal.start) is None and (lead := _list_lead(text, proposal.start)) is not None:
                heading = list(dict.fromkeys(d for start, d in named if lead[0] <= start < lead[1]))
                if not around and len(heading) == 2 and format_ratios.COMPARING.search(text, lead[0], lead[1]):
                    # "**FP16 → INT8**" over "- 2x memory reduction": the formats the line heading the list compares
                    own, around, compares, why = heading, heading, text[lead[0] : lead[1]], "the two formats the line heading its list compares"
                elif around and len(heading) == 1 and heading[0] not in around:
                    # "### FP8" over "- 2x memory saving vs FP16": the list's format against the one its item names
                    around, why = around + heading, "the format its list is of and the one its words compare it with"
            after = text[proposal.end : proposal.end + 24]
            for first, second in format_ratios.pairs(own, around, compares):
                expression = format_ratios.width_ratio(proposal.stated, after, text[low:high], dtypes[first].bytes, dtypes[second].bytes)
                if expression is None or not self._replaceable(proposal) or not self._holds(proposal, expression):
                    continue
                replaced = proposal.formula
                proposal.formula, proposal.arithmetic, proposal.given, proposal.score, proposal.bare = None, expression, {}, DERIVED_SCORE, False
                proposal.worked_out = True
                proposal.evidence = (f"the widths in bits of {first} and {second} ({expression}): {why}",) + (
                    (f"in place of {replaced}, which the words chose but which does not stand",) if replaced else ())
                break

    def _before_and_after(self, located: list[Proposal]) -> None:
        """A ratio or a percent followed, on its line, by the two figures it compares ("+3.5% (1.904ms -> 1.838ms)",
        "9.3× ... (95,472 → 891,535 tokens)"): the change from the first to the second, as a ratio of the larger over
        the smaller, or as a percent gained or saved; proposed only where one of those holds as printed."""
        text = self.view.text
        for proposal in located:
            if proposal.proposed or any(RESTATED in e for e in proposal.evidence) or self.place(proposal.start) is not None:
                continue
            percent, ratio = proposal.stated.rstrip().endswith("%"), device_ratios.RATIO.search(proposal.stated)
            line_end = text.find("\n", proposal.end)
            pair = BEFORE_AND_AFTER.search(text, proposal.end, min(line_end if line_end >= 0 else len(text), proposal.end + BEFORE_AND_AFTER_REACH))
            if not (percent or ratio) or pair is None or (pair["unit_a"] and pair["unit_b"] and not _same_unit(pair["unit_a"], pair["unit_b"])):
                continue
            a, b = plain_number(pair["a"]), plain_number(pair["b"])
            if Fraction(a) <= 0 or Fraction(b) <= 0 or a == b:
                continue
            high, low = (a, b) if Fraction(a) > Fraction(b) else (b, a)
            readings = [f"{high} / {low}"] if ratio else [f"{high} / {low} - 1", f"1 - {low} / {high}"]
            verdicts = {r: f.verdict for r in readings if (f := self._draft(proposal, r)) is not None and f.verdict.holds}
            holding = min(verdicts, key=lambda r: verdicts[r] is not Verdict.HOLDS, default=None)  # as printed before by rounding
            if holding is None:
                continue
            proposal.formula, proposal.arithmetic, proposal.given, proposal.score, proposal.bare = None, holding, {}, DERIVED_SCORE, False
            proposal.worked_out = True
            proposal.evidence = (f"the two figures it compares, printed after it ({pair.group(0).strip()}): {holding}",)

    def _baseline_formats(self, position: int, named: list) -> list[str]:
        """The formats named by the rows of the number's table that are its baseline: a row printing a ratio of 1
        ("1× (baseline)") or calling itself the baseline."""
        table = table_at(self.tables, position)
        found = []
        for row in table.body if table is not None and table.header else ():
            if row and any(REFERENCE_RATIO.fullmatch(re.sub(r"\([^()]*\)", "", c.text).strip(" ~≈*")) or "baseline" in c.text.lower() for c in row[1:]):
                found += [d for start, d in named if row[0].start <= start < row[0].end]
        return found

    def _card_figures(self, comparison, position: int):
        """The two cards' figures to compare, the page's own first ("H100 (989 TFLOPS)") and then the sheets'."""
        sheets = [self.project.inputs.gpu_value(card, comparison.column) for card in comparison.cards]
        sheet_values = [Fraction(s.value) if s is not None and s.value else None for s in sheets]
        if comparison.column in ("bf16_dense", "memory_bandwidth"):
            page = [figure_for(self.gpu_figures, card, comparison.figure, position) for card in comparison.cards]
            page = [w.value if w is not None else None for w in page]
            mixed = [p if p is not None else s for p, s in zip(page, sheet_values)]
            if None not in mixed and mixed != sheet_values:
                yield "the page's figures", tuple(mixed)
        if None not in sheet_values:
            yield "the sheets", tuple(sheet_values)

    def _format_beside(self, proposal: Proposal, scopes) -> tuple[str, Fraction] | None:
        """The storage format named in the number's own clause or table cell ("int8 (7 GB)"), or else in its column's
        header ("| Model Size | FP16 | FP8 | INT4 |" over "| 13B | 26 GB | 13 GB | 6.5 GB |") or its row's label
        ("| FP32 | 280 |" under "| Precision | Memory (GB) |"), with its width in bytes."""
        place = self.place(proposal.start)
        low, high = (place.cell.start, place.cell.end) if place is not None else clause(self.view.text, proposal, scopes[0])
        name = self._dtype_within(low, high)
        for header in place.headers if name is None and place is not None else ():
            if (name := self._dtype_within(*header)) is not None:
                break
        width = beside_count.plain_width(self.project.inputs.dtypes.get(name)) if name else None
        return (name, width) if width is not None else None

    def _cell_sum(self, proposal: Proposal):
        """A table row that prints a sum in one cell and its result in the next ("| 7.6B * 2 | 15.2 GB |"), or in a
        label before its sum ("| Mistral full GQA KV: 2×88×8×128×2 | 360,448 |"): the sum."""
        left = left_cell(self.tables, proposal.start) if self.tables else None
        labelled = LABELLED_EXPRESSION.match(left.text) if left is not None else None
        if labelled is not None and CELL_EXPRESSION.search(labelled["expression"]):
            left = Cell(left.start + labelled.start("expression"), left.end, labelled["expression"])
        if left is None or not CELL_EXPRESSION.search(left.text) or re.fullmatch(r"\s*\d+\s*/\s*\d+\s*", left.text):
            return None  # "32/50" heads a count of layers offloaded, not a division
        if (span := CELL_SPAN.fullmatch(left.text)) and float(plain_number(span["low"])) < float(plain_number(span["high"])):
            return None  # "7-8B", "1-2 GPUs": a span of sizes or counts, not a subtraction
        pairs = beside_left(self.tables, proposal.start)
        if len(pairs) > 1 and len({c.text.strip() for _, c in pairs}) == 1 and len({l.text.strip() for l, _ in pairs}) > 1:
            return None  # "| 3 × 128 GB/s | 900 GB/s |" in a column of 900s beside 128, 3 × 128, 7 × 128: no product of its left
        cell = place_of(self.tables, proposal.start).cell
        if self.view.text[cell.start : proposal.start].strip(" ~≈*`$"):
            return None  # the number is not what the cell starts with
        written = f"{left.text} = {self.view.text[proposal.start : cell.end]}"
        found = [f for f in find_sums(written) if f.result_start == len(left.text) + 3 and f.start == 0]
        if not found:
            return None
        shift = left.start
        return replace(found[0], start=shift, end=shift + found[0].end, result_start=proposal.start,
                       operand_spans=[(a + shift, b + shift) for a, b in found[0].operand_spans])

    def _cell_sum_near(self, proposal: Proposal, cell_sum) -> bool:
        """The cell before the number taken as its sum (``_sum``), unless its value is nowhere near the number's
        (``_far_from_its_cell``): then the cell is the row's setting, and the number is read as any other is."""
        self._sum(proposal, cell_sum)
        if proposal.arithmetic is None or not self._far_from_its_cell(proposal):
            return True
        proposal.arithmetic, proposal.given, proposal.score = None, {}, 0.0
        proposal.evidence = ("the cell before it reads as a product or sum, but its value is nowhere near this one and no"
                             " slip explains it: a setting the row is labelled by ('1 × 2K' under 'Batch × Context'), not its sum",)
        return False

    def _far_from_its_cell(self, proposal: Proposal) -> bool:
        """Whether a sum read from the cell before the number (no "=" printed between them) misses by more than tenfold,
        with no slip named: the page printed no sign that the cell is the number's working, so a value that far off says
        the cell is something else, the row's setting ("1 × 2K" is 2,000, its row's "0.625 GB" no product of it)."""
        finding = self._draft(proposal, proposal.arithmetic)
        if finding is None or finding.verdict.holds or finding.diagnoses or not finding.computed:
            return False
        try:
            printed = parse_stated(finding.stated).value
        except (AuditorError, ArithmeticError, ValueError):
            return False
        ratio = abs(float(finding.computed) / float(printed)) if printed else 0.0
        return not 1 / CELL_SUM_REACH <= ratio <= CELL_SUM_REACH

    def _table_rules(self, located: list[Proposal]) -> set[int]:
        """A cell nothing else prices takes the arithmetic its table applies in its other lines, or a total row the sum
        of the rows above it (``table_totals``); returns the
        proposals of the cells such arithmetic reads, the table's inputs ("| H100 | 1,979 | 3.35 | 591 |": 1,979
        is no product of 3.35 and 591)."""
        totals = table_totals(self.tables)
        relations = table_relations(self.tables, lambda table: self._figures_before(table, located)) + totals
        rules = {r.cell.start: r for r in reversed(relations)}  # a total row's sum before a rule across its columns
        if not rules:
            return set()
        read = {cell.start for r in relations for cell in r.operands}
        summed = {r.cell.start for r in totals}
        # a bare cell's words yield to its table's arithmetic, and any words to a total row's sum: its label says what it is
        open_ = {id(p) for p in located if not p.proposed or BARE_HOLDS in p.evidence or (
            p.arithmetic is None and (place := self.place(p.start)) is not None and place.cell.start in summed)}
        inputs = {id(p) for p in located if id(p) in open_ and (place := self.place(p.start)) is not None and place.cell.start in read}
        for proposal in located:
            place = place_of(self.tables, proposal.start) if id(proposal) in open_ else None
            if place is not None and REFERENCE_RATIO.match(place.cell.text.strip(" ~≈*")):
                continue  # "1.00× (baseline)", "1×": the reference the column's ratios are taken against, not a claim
            rule = rules.get(place.cell.start) if place is not None else None
            if rule is not None and proposal.start == place.cell.start + (len(place.cell.text) - len(place.cell.text.lstrip("*~`$ +"))):
                proposal.formula, proposal.arithmetic, proposal.given, proposal.score = None, rule.expression, dict(rule.given), TABLE_RULE_SCORE
                # "**~200 GB**" under "Bytes": a cell that prints its own unit keeps it
                proposal.unit = proposal.unit or ("" if repeats.units_of(proposal) else rule.unit)
                proposal.bare, proposal.worked_out = False, True
                proposal.evidence = (f"the table's own arithmetic: {rule.evidence}",)
                self._rule_cells[id(proposal)] = dict(zip(rule.given, rule.operands))
        return inputs

    def _figures_before(self, table, located: list[Proposal]) -> list[Cell]:
        """The figures printed just before the table, in its section or, with a unit, in one above, nearest last: what a
        line of it may be another line times ("a batch of N sequences needs 10 GFLOP × N" over a column of FLOPs), or
        over ("% of Theoretical" under the card's 320 GB/s)."""
        first = next((row[0] for row in table.rows if row), None)
        if first is None:
            return []  # a table of rules and no cells ("| --- | --- |"): nothing is before it
        start = first.start
        heading = self._heading_before(start)
        section = heading[0] if heading else 0
        low = max(0, start - derivations.WINDOW)
        # a figure with its unit a section above ("Memory bandwidth (theoretical): 320 GB/s" under the card's specs) is
        # one a table of measurements may be a share of; a bare count there ("8") is any section's
        before = [p for p in located if low <= p.start and p.end <= start and place_of(self.tables, p.start) is None
                  and (p.start >= section or derivations.unit_factor(p) is not None and derivations.printed_value(p)[1])]
        return [Cell(p.start, p.end, p.stated) for p in before[-TABLE_FIGURES:]] + total_line(table)

    def _carried_into_rules(self, located: list[Proposal]) -> None:
        """A table's own arithmetic over a cell a formula flags with a named slip takes that cell at the formula's
        value: "Total = Local + Global" over a 160 MB that is 167.8 MB carries the slip into the total."""
        starts = [p.start for p in located]
        for proposal in located:
            cells = self._rule_cells.get(id(proposal))
            if not cells or proposal.arithmetic is None:
                continue
            carried = []
            for name, cell in cells.items():
                first = _leading(located, starts, cell)
                readable = first is not None and first is not proposal and first.arithmetic is not None and not first.given
                exact = self._slipped(first) if readable else None
                factor = derivations.unit_factor(first) if exact is not None else None
                if exact is not None and factor and name in proposal.given:
                    proposal.given[name] = f"{derivations.decimal(exact / factor)} {derivations.printed_unit(first)}".strip()
                    carried.append(f"{cell.text.strip()} taken at the value its own formula gives: {CARRIED}")
                    proposal.carried += (first,)
            proposal.evidence += tuple(carried)

    def _worked_out(self, located: list[Proposal], operands: set[int] = frozenset()) -> None:
        """Numbers the page works out without printing the sum, in page order: a number printed again ("the 16
        GB read per token") carries the claim proposed where it first appeared; any other is tried as a sum of
        two numbers printed before it (``derivations``), proposed when the sum holds.

        A formula the words chose, which does not hold and for which no slip is found, gives way to
        either: "24 GB ... 14.5 GB of weights ... 9.5 GB to spare" is a subtraction, whatever
        "weights" beside it made the words choose. A repeat is tried first: that the page printed the
        very number above is better evidence than two numbers that happen to give it.
        """
        in_sums = operands  # a sum's operands: restatements at most, never operands of a derivation nor derived
        printed = [derivations.operand(index, p) for index, p in enumerate(located)]
        operands = [o if id(p) not in in_sums else None for o, p in zip(printed, located)]
        available = [o for o in operands if o is not None]
        available += [c for c in map(derivations.complement, available) if c is not None] + derivations.setting_operands(
            self.assignments, self.settings, {p.start for p in located})
        available.sort(key=_operand_start)
        earlier: dict[tuple, Proposal] = {}
        just_worked: dict[tuple, Proposal] = {}  # each sum's result by its printed value: a chain's next step reads it
        with_units: dict[Fraction, Proposal] = {}  # each number proposed with a unit, by its printed digits: a bare repeat reads it
        for proposal, target, single in zip(located, operands, printed):
            key = derivations.same_number_key(proposal)
            if id(proposal) in in_sums:
                first = earlier.get(key) if key is not None and single is not None else None
                if first is None and key is not None and single is not None:
                    first = _per_token_before(key, earlier)  # "8,192 × 320 KB" after "320 KB per token"
                if first is None and single is not None:
                    first = repeats.chained_from(proposal, just_worked) or self._converted(proposal, just_worked)
                if first is None and single is not None:
                    result = self._located_at.get(self._result_of.get(proposal.start, -1))
                    if (bare := repeats.bare_chained_from(proposal, result, just_worked)) is not None:
                        self._restated[id(proposal)] = bare  # read in its sum's unit, it is that step's result: never a claim
                        continue
                if first is not None and not derivations.printed_finer(proposal, first):
                    self._repeat(proposal, first)
                    self._restated[id(proposal)] = first
                elif single is not None and not proposal.proposed and not self._not_derived(proposal):
                    # "$4,608 / 2,680M" after "at 30% utilization" and "8,935M": an input of its sum, and a number the
                    # page worked out from two before it; proposed only when that holds, so the sum still reads it as printed
                    self._derive(proposal, single, available)
                continue
            if proposal.arithmetic is None and (proposal.formula is None or target is not None):
                first = earlier.get(key) if key is not None else None
                if first is not None and self._another_row(proposal, first):
                    first = None  # "| LLaMA-70B | ... | 3.2 GB |" under "| LLaMA-13B | ... | 3.2 GB |": another row's figure
                if first is None and key is not None and self._replaceable(proposal):
                    first = self._converted(proposal, just_worked) or (
                        repeats.named_before(proposal, with_units) if place_of(self.tables, proposal.start) is None else None)
                if first is not None and self._prints_the_operand(proposal, first):
                    first = None  # "3.35 TB/s" again after "3.35 TB/s = 3350 GB/s": the input, not the conversion
                if first is not None and self._a_named_links_figure(proposal):
                    first = None  # "PCIe Gen5 128GB/s" after "900÷7 = 128GB/s": the link's own figure, one digits apart
                if first is not None and not derivations.printed_finer(proposal, first):
                    if self._replaceable(proposal):
                        if repeats.units_of(proposal) != repeats.units_of(first):
                            proposal.unit = derivations.printed_unit(first)  # "What 295 means" after "≈ 295 flops per byte"
                        self._repeat(proposal, first)
                elif target is not None and not any(RESTATED in e for e in proposal.evidence) and not self._not_derived(proposal):
                    self._derive(proposal, target, available)
            if proposal.proposed and key is not None:
                earlier.setdefault(key, proposal)
                digits = derivations.bare_key(proposal)
                if digits is not None and repeats.units_of(proposal):
                    with_units.setdefault(digits, proposal)
            if proposal.proposed and proposal.arithmetic is not None and not proposal.given and not proposal.worked_out:
                printed_as = derivations.printed_value(proposal)
                if printed_as is not None and printed_as[1]:
                    just_worked[printed_as] = proposal

    def _worked_out_below(self, operands: set[int]) -> None:
        """A number the page states ahead of its working ("The Discovery: 10.73x speedup" in a title, the sum that gives
        it pages below) takes the claim of the first later printing that works it out, as a repeat takes the claim of
        one above. Only a number printed with a unit or to three figures (``same_number_key``), no operand of a printed sum
        (an input, whatever its sum gives: "$24,800/month = $297,600/year"), not to more figures than the working, not a
        cell of another row of the working's table, and never a figure of a card the page names: a bandwidth recovered
        later from a ridge point was the page's input all along."""
        cards = {gpu for _, _, gpu in self.gpus}
        below: dict[tuple, Proposal] = {}
        for proposal in sorted(self._located_at.values(), key=lambda p: p.start, reverse=True):
            key = derivations.same_number_key(proposal)
            if key is None:
                continue
            if proposal.proposed and (proposal.arithmetic or proposal.formula) and not repeats.a_repeat(proposal):
                below[key] = proposal
                continue
            worked = below.get(key) if not proposal.proposed and id(proposal) not in operands else None
            worked = None if worked is not None and self._prints_the_operand(proposal, worked) else worked
            if worked is not None and not derivations.printed_finer(proposal, worked) and not self._another_row(proposal, worked) \
                    and not any(self.sheet_figure(gpu, proposal) for gpu in cards) and not self._a_named_links_figure(proposal):
                self._repeat(proposal, worked)

    def _prints_the_operand(self, proposal: Proposal, converted: Proposal) -> bool:
        """Whether ``converted`` is a figure set equal to itself in another unit and ``proposal`` prints that figure's
        own digits and unit again: the page's input, stated twice, which the conversion restates, not the reverse."""
        span = self._converted_from.get(converted.start)
        operand = self._located_at.get(span[0]) if span is not None else None
        return operand is not None and derivations.printed_value(operand) == derivations.printed_value(proposal)

    def _table_constants(self, located: list[Proposal], operands: set[int]) -> None:
        """A column each of whose cells is one figure printed above the table over (or times) its row's value
        (``table_constants``): "231" in the row of 2,048 under "474,317 tokens" above, and a row for each length."""
        starts = [p.start for p in located]
        printed = [derivations.operand(index, p) for index, p in enumerate(located)]
        for table in self.tables:
            body = table.body
            if table.transposed or not table.header or len(body) < table_constants.MIN_HOLDING:
                continue
            begin, header_end = table.header[0].start, table.header[-1].end
            # a figure above the table, or one its header prints ("| Input cost (at $0.14/M tokens) |")
            constants = sorted((o for o in printed if o is not None and (o.unit or o.label == "USD") and not o.percent
                                and begin - table_constants.WINDOW <= o.start and o.end <= header_end), key=lambda o: abs(begin - o.end))
            constants = constants[: table_constants.NEAREST]
            # a price per million tokens times a row's tokens: the row's cost at a millionth of it a token
            constants += [replace(o, value=o.value / 1e6, term=f"{o.term} / 1e6") for o in constants
                          if o.label == "USD" and sum_units.PER_MILLION.search(self.view.text, o.start, o.end)]
            if not constants:
                continue
            cells = [[_leading(located, starts, cell) for cell in row] for row in body]
            for column in range(1, len(table.header)):
                targets = self._constant_targets(cells, column, operands, [row[column].text if column < len(row) else "" for row in body])
                if targets is None:
                    continue
                for by in range(len(table.header)):
                    # a cell that works its figure out ("100+200+100=400") gives the row its result
                    inputs = {k: float(v) for k, row in enumerate(body) if by != column and (v := table_sweeps.plain_cell(row[by].text.rsplit("=", 1)[-1]))}
                    found = table_constants.constant_column(list(targets.values()), inputs, [(o.value, o.dimensions) for o in constants])
                    if found is None:
                        continue
                    constant, sign = constants[found[0]], found[1]
                    line = self.raw.position(self.view.raw_span(constant.start, constant.end)[0])[0]
                    term, carried = self._constant_carried(constant)
                    for k, proposal in ((t.row, cells[t.row][column]) for t in targets.values() if t.row in inputs):
                        value = derivations.decimal(Fraction(str(inputs[k])))
                        proposal.formula, proposal.given, proposal.score, proposal.bare = None, {}, TABLE_RULE_SCORE, False
                        proposal.arithmetic, proposal.worked_out = f"{term} {sign} {value}", True
                        proposal.evidence = (f"the table's column: {self.view.text[constant.start:constant.end]} at line {line} "
                                             f"{'over' if sign == '/' else 'times'} the row's {table.header[by].text.strip()}",)
                        if carried is not None:
                            proposal.evidence += (f"{self.view.text[constant.start:constant.end]} taken at the value its own working at line {line} gives: {CARRIED}",)
                            proposal.carried += (carried,)
                        self._derived[id(proposal)] = (proposal, derivations.Derivation(proposal.arithmetic, constant, constant, 0.0))
                    break

    def _constant_carried(self, constant) -> tuple[str, Proposal | None]:
        """The term a table's column takes its figure above at: the value that figure's own working gives where that
        working misses it ("58 GB / 128 KiB = 474,317 tokens", which is 442,505), so each cell carries the slip; the
        figure as printed, and no source, otherwise."""
        first = self._located_at.get(constant.start)
        exact, holds = self._exact_value(first) if first is not None and first.proposed else (None, False)
        factor, digits = derivations.unit_factor(first) if first is not None else None, derivations.plain_digits(first) if first is not None else None
        if exact is None or holds or not factor or not digits or digits not in constant.term:
            return constant.term, None
        return constant.term.replace(digits, derivations.decimal(exact / factor), 1), first

    def _constant_targets(self, cells: list[list[Proposal | None]], column: int, operands: set[int], texts: list[str]) -> dict | None:
        """The column's numbers, each a ``table_constants.Target``, where every row prints one that nothing else
        prices (a formula that stands, a sum or a rule of the table); None where any row does not."""
        targets = {}
        for k, row in enumerate(cells):
            proposal = row[column] if column < len(row) else None
            if proposal is None and not texts[k].strip()[:1].isdigit():
                continue  # "| n | ... | ~(300n-200) × unit price |": a row that opens with no figure prices nothing
            if proposal is None or id(proposal) in operands:
                return None
            if proposal.arithmetic is not None and id(proposal) not in self._derived:
                return None
            if proposal.formula is not None and self._formula_stands(proposal):
                return None
            printed = derivations.printed_precision(proposal)
            if printed is None:
                return None
            targets[k] = table_constants.Target(k, *printed)
        return targets

    def _short_repeats(self, claims: list[Proposal]) -> None:
        """A figure too short to be known anywhere ("13", "0.97×", "9.0%") printed again, in the same digits and unit,
        not far below a result the page worked out and that holds: the same result restated ("FP8 KV → 13" after
        "74 / 5.37 ≈ 13.8 → 13"). Only a first printing that holds lends it: a flag carried by so slight a likeness
        could be another quantity's."""
        firsts: dict[tuple, Proposal] = {}
        for proposal in sorted(claims, key=lambda p: p.start):
            key = repeats.short_key(proposal)
            if key is None:
                continue
            if proposal.proposed:
                if not repeats.a_repeat(proposal):
                    firsts[key] = proposal
                continue
            first = firsts.get(key)
            if first is None or proposal.start - first.end > repeats.SHORT_REPEAT_WINDOW or self._in_another_place(proposal, first):
                continue
            if derivations.same_number_key(proposal) is None and self._stands(first):
                self._repeat(proposal, first)

    def _in_another_place(self, proposal: Proposal, first: Proposal) -> bool:
        """Whether a table cell and the figure it shares its digits with are not one row of that table: a cell is
        its column's quantity for its row, which a figure elsewhere matches in its digits by chance."""
        place = self.place(proposal.start)
        if place is None:
            return False
        other = self.place(first.start)
        return other is None or other.table != place.table or self._another_row(proposal, first)

    def _stands(self, first: Proposal) -> bool:
        """Whether the number's proposed sum or formula holds as drafted."""
        finding = self._draft(first, first.arithmetic) if first.arithmetic is not None else (
            self._draft(first, formula=first.formula) if first.formula is not None else None)
        return finding is not None and finding.verdict.holds

    def _another_row(self, proposal: Proposal, first: Proposal) -> bool:
        """Whether two printings of one figure are cells of one table in different rows: each row prices its own case
        (a model, a context), so the same digits there are two numbers, not one restated."""
        place, other = self.place(proposal.start), self.place(first.start)
        if place is None or other is None or place.table != other.table:
            return False
        return not any(cell.start <= first.start < cell.end for cell in row_cells(self.tables, proposal.start))

    def _bracketed_restatements(self, located: list[Proposal]) -> None:
        """A size printed again in brackets in another unit ("VRAM: 15,360 MiB (15 GB)"), with nothing else proposed for
        the bracket: a conversion of the size before it, as one after a sum's result is (``sums``). The size before it
        stays what it was, an input or a claim of its own."""
        at = {p.start: p for p in located}
        for first in located:
            found = bracketed_conversion(self.view.text, first.start) if not first.unit else None
            again = at.get(found.result_start) if found is not None else None
            if again is None or again.proposed or again.unit or place_of(self.tables, again.start) is not None:
                continue
            self._sum(again, found)

    def _not_derived(self, proposal: Proposal) -> bool:
        """A reference ratio ("1.00× (baseline)") or the sheet's own figure for the card its row or clause names
        ("| H200 SXM | 4.80 TB/s |"), or the page's lead alone names: the page cites it, so no two of its numbers that
        happen to give it are its sum."""
        if REFERENCE_RATIO.fullmatch(proposal.stated.strip(" ~≈*")) or any(DEVICE_SIZE in e or e in (DEFAULT, ROW_KEY) for e in proposal.evidence):
            return True  # "| 128GB Mac |" under "| 64GB Mac |": a machine's size is its name, no sum of two others
        gpu = self.table_gpu(proposal.start) or self.gpu_named_before(proposal.start) or (
            self.setup_gpu if self.past_lead(proposal.start) else None)  # "bandwidth (4.8 TB/s)" under a lead that names the H200
        cited = self.sheet_figure(gpu, proposal) if gpu is not None else None
        if cited is not None:
            proposal.evidence = (cited,)
        return cited is not None

    def sheet_figure(self, gpu: str, proposal: Proposal) -> str | None:
        """Why the number is the sheet's own figure for ``gpu`` (its memory, bandwidth or peak, to the printed digits),
        an input the page cites; None where it is none of them."""
        printed = derivations.printed_value(proposal)
        if printed is None or not printed[1]:
            return None
        half = derivations.half_width(proposal)
        for symbol in self.gpu_symbols:
            sheet = self.project.inputs.gpu_value(gpu, symbol.gpu)
            if sheet is not None and sheet.value and symbol.unit.dimensions == printed[1] and abs(Fraction(sheet.value) - printed[0]) <= half:
                return f"the sheet's {symbol.name} of {gpu}, the card it is printed for: an input the page cites"
        return None

    def _converted(self, proposal: Proposal, just_worked: dict) -> Proposal | None:
        """The sum just above whose exact result this number prints again in another unit, rounded: "= 327,680
        bytes" then "approximately 320 KiB, or 0.328 MB, per cached token". Only a sum that holds, close behind,
        and only when the number's printed digits take in that result (a unit, or three figures, as any repeat)."""
        printed = derivations.printed_value(proposal)
        if printed is None or not printed[1] or derivations.same_number_key(proposal) is None:
            return None
        half = derivations.half_width(proposal)
        for first in reversed(just_worked.values()):
            if not 0 <= proposal.start - first.end <= repeats.CHAIN_WINDOW:
                continue
            worked = derivations.printed_value(first)
            if worked is None or worked[1] != printed[1] or derivations.printed_finer(proposal, first) or repeats.a_repeat(first):
                continue
            exact, holds = self._exact_value(first)
            if holds and abs(exact - printed[0]) <= half and repeats.read_as_printed(first.arithmetic, exact):
                return first
        return None

    def _replaceable(self, proposal: Proposal) -> bool:
        """Nothing proposed yet, or a formula the words chose that does not stand (asked last: it audits the formula)."""
        return proposal.formula is None or not self._formula_stands(proposal)

    def _repeat(self, proposal: Proposal, first: Proposal) -> None:
        line = self.raw.position(first.raw[0])[0]
        proposal.formula, proposal.arithmetic, proposal.given = first.formula, _in_first_unit(first, proposal), dict(first.given)
        if not proposal.unit and not repeats.units_of(proposal):  # "736 ms" again after a cell "736" under "Total (ms)": its own unit
            proposal.unit = first.unit
        proposal.page_inputs, proposal.per = dict(first.page_inputs), first.per
        proposal.score, proposal.bare, proposal.worked_out = first.score * RESTATED_SCORE, False, first.worked_out
        self._repeats.setdefault(id(first), []).append(proposal)
        # a repeat of a repeat points to where the number was worked out, not to its last printing
        proposal.evidence = first.evidence if repeats.a_repeat(first) else (f"{repeats.REPEATED} at line {line}",) + first.evidence

    def _derive(self, proposal: Proposal, target, available: list) -> None:
        section = self._scopes(proposal)[2][0]
        own = self._heading_before(proposal.start)
        if own is not None and own[2] == SET_APART and proposal.start < own[1] and (above := self._heading_before(own[0])) is not None:
            section = above[0]  # "For 1024 tokens: 512 MB" alone on its line opens no section of its own: its working is above
        low = max(section, proposal.start - derivations.WINDOW)
        pool = [o for o in available[bisect_left(available, low, key=_operand_start) :] if o.end <= proposal.start]
        if (converted := self._row_conversion(proposal, target)) is not None:
            found = [converted]
        else:
            found = derivations.search(target, proposal, pool, slips=self._slip_factors(proposal))[:DERIVATION_TRIES]
        if not found and (row := self._row_before(proposal)):
            # a table's inputs too, where they stand before it in its own row: "| $4.66 | $4.15 (89%) |"
            taken = {o.start for o in pool}
            if lent := [o for o in row if o.start not in taken]:
                found = derivations.search(target, proposal, sorted(pool + lent, key=_operand_start))[:DERIVATION_TRIES]
        if not found:
            line = self.view.text.rfind("\n", 0, proposal.start) + 1
            named = TOTAL_WORDS.search(self.view.text, line, proposal.start)  # "Total: $2,800" says what it adds up
            found = derivations.totals(target, proposal, self._total_pool(proposal, pool), share_chance() if named else None, pairs=bool(named))[:DERIVATION_TRIES]
        if not found and not target.dimensions and not target.percent and INTENSITY_WORDS.search(self.view.text, *self._scopes(proposal)[0]):
            # "I_peak ≈ 117" after "70 TFLOPS BF16, 600 GB/s": a ridge point printed bare is FLOPs per byte
            found = derivations.search(replace(target, dimensions=derivations.intensity_dimensions()), proposal, pool)[:DERIVATION_TRIES]
        sentence = self._scopes(proposal)[0]
        words_of = self.view.text[slice(*sentence)]
        saving = target.percent and REDUCTION_WORDS.search(words_of)
        gain = target.percent and (target.value < 0 or not saving and (
            GROWTH_WORDS.search(words_of) or SIGNED.search(self.view.text, max(0, proposal.start - 2), proposal.start)))
        accuse = False
        if gain and (against := self._change_baselines.get(proposal.start)) is not None:
            # "| FP8 Static | 16452.52 (+26.7%) |" over "| BF16 | 13305.38 |": against the row the table's other changes are
            # taken against, whatever pair of figures happens to give the printed change
            figure, base = (derivations.operand(-1, self._located_at[s]) if s in self._located_at else None for s in against[:2])
            if figure is not None and base is not None:
                found, accuse = [derivations.Derivation(f"{figure.term} / {base.term} - 1", figure, base, 0.0, note=(
                    "the baseline row the table's other bracketed changes are taken against"))], True
        if not found and gain:
            # "| 718.6 tok/s | 770.2 tok/s | 1.07× | 7% faster |": what the larger of two like numbers gains over the smaller
            # (or, "-3.2%", what the smaller loses against the larger)
            beside = [o for o in pool + self._row_before(proposal) if o.start >= sentence[0] and not o.percent and o.unit]
            found = derivations.reductions(target, proposal, beside, share_chance(), growth=True)[:DERIVATION_TRIES]
            cell = place.cell if not found and (place := self.place(proposal.start)) is not None else None
            column = self._column_above(proposal, below=True) if cell is not None else []
            if own := [o for o in column if cell.start <= o.start < proposal.start]:
                # "| AWQ | 5653.4 (+46.1%) |" under "| BF16 | 3869.3 |": its cell's figure against another row's of its column
                found = [d for d in derivations.reductions(target, proposal, column, share_chance(), growth=True, before=False)
                         if own[0] in (d.left, d.right)][:DERIVATION_TRIES]
        if not found and ((target.percent and SHARE_WORDS.search(words_of)) or saving
                          or (device_ratios.RATIO.search(proposal.stated) and COMPARED_WORDS.search(words_of))):
            # "166 tok/s vs ~208 tok/s bandwidth ceiling (~80% MBU)": a share of two numbers in its own sentence
            beside = [o for o in pool if o.start >= sentence[0] and not o.percent]
            shares = derivations.search(target, proposal, beside, share_chance())
            found = _quotients(shares)
            if not found and saving:
                # "| Cache hit | $0.028 / M tokens (80% off) |" under "| Cache miss | $0.14 / M tokens |": its cell's figure
                # against the column's figure above, as a sentence's against the one before it
                found = derivations.reductions(target, proposal, beside + self._column_above(proposal), share_chance())[:DERIVATION_TRIES]
            if not found and saving and (above := self._code_lines_above(proposal.start)):
                # "INT8: 1 byte per number → 50% less" under "bfloat16: 2 bytes per number": a listing compares its
                # line with the lines above it, as a table's cell with the column's
                lined = [o for o in pool if above[0][0] <= o.start and o.end <= above[-1][1] and not o.percent]
                found = derivations.reductions(target, proposal, beside + lined, share_chance())[:DERIVATION_TRIES]
            if not found and device_ratios.RATIO.search(proposal.stated):
                found = self._ratio_in_paragraph(proposal, target, pool)
        if not found and device_ratios.RATIO.search(proposal.stated):
            found = self._ratio_in_sentence(proposal, target, available, sentence)
        if not found and place_of(self.tables, proposal.start) is None:
            found = self._derived_on_its_line(proposal, target, pool)
        if not found and target.percent:
            found = self._share_of_figure_after(proposal, target, pool, available, sentence)
        if not found and target.percent:
            found = self._bracketed_share(proposal, target, pool)
        if not found and not target.percent:
            found = self._length_times_per_token(proposal, target, pool, sentence)
            accuse = bool(found)  # the clause names the length and the page the size per token: a miss is the page's
        if not found or not (self._replaceable(proposal) or self._exact_over_a_slip(proposal, found)):
            return
        for derivation in found:
            if not accuse and self._down_its_column(proposal, derivation):
                continue  # "| 64GB |", "| 128GB |", "| 256GB |": a column's sizes add up to one another by their powers of two
            if accuse or self._holds(proposal, derivation.expression) or (derivation.slip is not None and not self._from_other_rows(proposal, derivation)
                                                                 and _named_slip(self._draft(proposal, derivation.expression))):
                shown, replaced = self.view.text, proposal.formula
                proposal.formula, proposal.arithmetic, proposal.given, proposal.score, proposal.bare = None, derivation.expression, {}, DERIVED_SCORE, False
                proposal.worked_out = True
                printed = [shown[o.start : o.end] for o in derivation.operands]
                proposal.evidence = (
                    (f"the page's own number: {printed[0]}" if len(printed) == 1 else
                     f"the page's own numbers: {', '.join(printed[:-1])} and {printed[-1]}")
                    + f" give{'s' if len(printed) == 1 else ''} {derivation.expression}"
                    + (f"; a coincidence has a chance of {derivation.chance:.1%}" if derivation.chance else ""),
                ) + ((f"in place of {replaced}, which the words chose but which does not hold and no slip explains",) if replaced else ()) + (
                    (derivation.note,) if derivation.note else ())
                self._derived[id(proposal)] = (proposal, derivation)
                return

    def _exact_over_a_slip(self, proposal: Proposal, found: list) -> bool:
        """Whether the page's own numbers give the number as printed, by a working no coincidence explains (a chance under
        ``EXACT_CHANCE``), where the formula the words chose holds only through a slip: "484.6 GiB of KV ... 320 KiB a
        token ... 1,587,937 tokens" is that quotient, whatever factor of two the words' formula needs to reach it."""
        if proposal.formula is None or not any(d.chance is not None and (d.chance < EXACT_CHANCE or (d.chance < ROW_CHANCE and self._of_its_row_and_header(proposal, d)))
                                               and self._holds(proposal, d.expression) for d in found):
            return False
        finding = self._draft(proposal, formula=proposal.formula)
        return finding is not None and not finding.verdict.holds

    def _of_its_row_and_header(self, proposal: Proposal, derivation) -> bool:
        """Whether every operand is a cell of the number's own row or its column's header ("| 70B FP16 | 140 GB | 14.6
        tok/s |" under "A100 (2.039 TB/s)"): the table lays the working out, which no pair of numbers does by chance."""
        place = self.place(proposal.start)
        if place is None:
            return False
        spans = [(c.start, c.end) for c in row_cells(self.tables, proposal.start)] + list(place.headers[:1])
        return all(any(low <= o.start < high for low, high in spans) for o in derivation.operands)

    def _from_other_rows(self, proposal: Proposal, derivation) -> bool:
        """Whether an operand is a cell of the number's table in another row: a column of measurements ("4.1 GB",
        "5.8 GB", "9.2 GB") is no working, and two rows that land near a third through a slip are a coincidence."""
        place = self.place(proposal.start)
        if place is None:
            return False
        row = row_cells(self.tables, proposal.start)
        return any(place.table[0] <= o.start < place.table[1] and not any(c.start <= o.start < c.end for c in row)
                   for o in derivation.operands)

    def _down_its_column(self, proposal: Proposal, derivation) -> bool:
        """Whether every operand is another row's cell of the number's own table column, in a table of items (a label and
        two columns or more): such a column lists one quantity for each row, and one row's figure is no working of the
        others' ("128 GB + 128 GB" for the "256 GB" under them). A table of a label and one value ("| Total VRAM | 96 GB |"
        under "| VRAM per GPU | 48 GB |") is a worked list, read down its column."""
        if len(row_cells(self.tables, proposal.start)) < 3:
            return False
        cells = [cell for _, cell in column_and_labels(self.tables, proposal.start) if not cell.start <= proposal.start < cell.end]
        return bool(cells) and len(derivation.operands) > 1 and all(any(c.start <= o.start < c.end for c in cells) for o in derivation.operands)

    def _total_pool(self, proposal: Proposal, pool: list) -> list:
        """The figures a total may add up: in a table, the cells before it in its own row ("| 70 GB | 52 GB | 28 GB |
        150 GB |"), a column of other rows being measurements, not a bill; outside one, the figures printed outside
        tables."""
        if self.place(proposal.start) is not None:
            return self._row_before(proposal)
        return [o for o in pool if place_of(self.tables, o.start) is None]

    def _row_conversion(self, proposal: Proposal, target):
        """The cell before the number in its table row that holds the same quantity in another unit ("| 166,886,718,583
        | 166.9 | 155.4 |" under "bytes", "GB", "GiB"): the number is that cell converted, the finest-printed such cell
        first. One the number meets only through a unit slip of its label (a GiB figure under "GB") is that cell too,
        and the audit names the slip; None where no cell converts."""
        if not target.unit or not target.value or self.place(proposal.start) is None:
            return None
        half = float(derivations.half_width(proposal))
        cells = [o for o in self._row_before(proposal) if o.unit and o.value > 0 and o.dimensions == target.dimensions and o.label != target.label]
        for o in sorted(cells, key=lambda o: -len(re.sub(r"\D", "", o.term.split("*")[0]))):
            if abs(o.value - target.value) <= half:
                return derivations.Derivation(o.term, o, o, derivations.CONVERSION_CHANCE, note=f"the row's {self.view.text[o.start:o.end]} in {target.label}")
            for factor in self._slip_factors(proposal):
                if abs(o.value - target.value * factor) <= half * factor:
                    return derivations.Derivation(o.term, o, o, derivations.CONVERSION_CHANCE, slip=factor)
        return None

    def _row_before(self, proposal: Proposal) -> list:
        """The figures of the cells before the number in its table row, as operands, the table's inputs among them: a
        row compares its own figures ("| 718.6 tok/s | 770.2 tok/s | 7% faster |")."""
        if self.place(proposal.start) is None:
            return []
        cells = [c for c in row_cells(self.tables, proposal.start) if c.end <= proposal.start]
        if not cells:
            return []
        starts = self._located_starts
        between = starts[bisect_left(starts, cells[0].start) : bisect_left(starts, proposal.start)]  # the row's span only
        figures = [self._located_at[s] for s in between if any(c.start <= s < c.end for c in cells)]
        return [o for o in (derivations.operand(-1, p) for p in figures) if o is not None]

    def _column_above(self, proposal: Proposal, below: bool = False) -> list:
        """The figures that open the cells above the number in its table column (and, ``below``, under it), and the one
        its own cell opens with before it, as operands: a column's rows compare ("$0.14 / M" above "$0.028 / M (80% off)")."""
        starts, figures = self._located_starts, []
        for _, cell in column_and_labels(self.tables, proposal.start):
            index = bisect_left(starts, cell.start)
            if (cell.start < proposal.start or below) and index < len(starts) and starts[index] < min(cell.end, max(proposal.start, cell.start + 1)):
                figures.append(self._located_at[starts[index]])
        return [o for o in (derivations.operand(-1, p) for p in figures) if o is not None and not o.percent]

    def _slip_factors(self, proposal: Proposal) -> tuple[float, ...]:
        """What each unit slip of the number's printed label ("MiB printed as MB") multiplies its value by, for the
        slips the catalogue holds likely (no prior of their own) and that move a number by less than a prefix does:
        a binary size printed with a decimal label, or the reverse."""
        try:
            printed = parse_stated(proposal.stated if not proposal.unit else f"{proposal.stated} {proposal.unit}").unit
        except AuditorError:
            return ()
        factors = set()
        for slip in self.project.catalogue.unit_slips:
            relabelled = slip.relabelled(printed.text) if slip.prior is None else None
            computed = unit_or_none(relabelled) if relabelled is not None else None
            if computed is not None and computed.dimensions == printed.dimensions and 1 / SLIP_REACH < computed.factor / printed.factor < SLIP_REACH:
                factors.add(float(computed.factor / printed.factor))
        return tuple(sorted(factors - {1.0}))

    def _ratio_in_paragraph(self, proposal: Proposal, target, pool: list) -> list:
        """A ratio printed with its sign in a sentence that compares ("exceeding the pool by 3.7x", "~23x faster than
        PCIe"), of two like figures printed with their units earlier in its paragraph: figures with units give a
        dimensionless number only as a quotient of two of a kind, so the match is weighed against those quotients
        alone (``share_chance``), as a ratio whose operands share its sentence is."""
        paragraph = self._scopes(proposal)[1]
        beside = [o for o in pool if o.start >= paragraph[0] and o.unit and not o.percent]
        found = derivations.search(target, proposal, beside, share_chance())
        return _quotients(found)

    def _ratio_in_sentence(self, proposal: Proposal, target, available: list, sentence) -> list:
        """A ratio printed with its sign, as the quotient of two like numbers of its own sentence, before or after it
        ("8 heads in place of 32 is a 4× decrease"): weighed against those quotients alone (``share_chance``), since a
        sentence that prints a ratio beside two figures compares them; outside a table, whose rows print other figures."""
        if place_of(self.tables, proposal.start) is not None:
            return []
        text = self.view.text
        beside = [o for o in available if sentence[0] <= o.start and o.end <= sentence[1] and o.start != proposal.start
                  and not (proposal.start <= o.start < proposal.end) and not _in_range(text, o.start, o.end)]
        return derivations.quotients(target, proposal, beside, share_chance())[:DERIVATION_TRIES]

    def _share_of_figure_after(self, proposal: Proposal, target, pool: list, available: list, sentence) -> list:
        """A percent of the figure printed right after it ("~217 GB/s ... (68% of 320 GB/s theoretical)", "51% of an
        H100's 80 GB"): that figure over it, and a number of its kind printed before in the sentence over that; the
        page names the denominator, so the match is weighed against the sentence's numbers alone (``share_chance``)."""
        of = SHARE_OF_AFTER.match(self.view.text, proposal.end)
        if of is None:
            return []
        after = next((o for o in available if o.start == of.end() and o.unit and not o.percent), None)
        if after is None:
            return []
        beside = [o for o in pool if o.start >= sentence[0] and not o.percent and o.dimensions == after.dimensions]
        if not beside:
            return []
        found = derivations.search(target, proposal, beside + [after], share_chance(), named_after=after)
        return _quotients([d for d in found if d.right is after])

    def _length_times_per_token(self, proposal: Proposal, target, pool: list, sentence) -> list:
        """A size said of a length in its own clause ("an 8K conversation ≈ 1.3 GB", "a 32K prompt needs 5.2 GB"): that
        many tokens, read as a context length is (``seq_len_count``: 32K is 32,768), times the size per token the page
        printed last above it. The clause names the length and the page the size per token, so the match is weighed
        against those two alone (``share_chance``)."""
        text = self.view.text
        if target.dimensions != beside_count.byte_dimensions() or proposal.start in self._result_of or PER_TOKEN_LABEL.search(
                f"{proposal.stated} {proposal.unit} {text[proposal.end:proposal.end + 12]}"):
            return []  # a sum's operand is its input; a size per token is no length's
        place = self.place(proposal.start)
        if place is not None:
            # "| For 1M tokens | 140GB | ≈ 32GB |": the row's label names the length; other columns' sizes are theirs
            label = place.headers[1] if len(place.headers) > 1 else (place.cell.start, place.cell.start)
            lengths = words.lengths_in(text, label[0], label[1]) + words.lengths_in(text, place.cell.start, proposal.start)
            since = place.cell.start
        else:
            lengths = words.lengths_in(text, max(sentence[0], proposal.start - LENGTH_REACH), proposal.start)
            since = lengths[-1][0].end() if lengths else proposal.start
        if not lengths or any(since <= o.start and o.end <= proposal.start and o.dimensions == target.dimensions for o in pool):
            return []  # a size between the length and the number is the one the length is of
        written, length = lengths[-1]
        count = length.tokens
        per = next((o for o in reversed(pool) if o.end <= written.start() and o.dimensions == target.dimensions and o.unit
                    and (PER_TOKEN_LABEL.search(o.label or text[o.start:o.end]) or PER_TOKEN_AFTER.match(text, o.end))), None)
        if per is None:
            return []
        counted = next((o for o in pool if o.start == length.start), None) or derivations.Operand(
            -1, length.start, length.end, float(count), (), str(count), False, False)  # a length set as an input
        half = derivations.relative_half_digit(proposal)
        chance = 3 * half / derivations.RANGE if half is not None else 1.0
        if chance >= float(share_chance()):
            return []
        worked = self._located_at.get(per.start)
        exact, holds = self._exact_value(worked) if worked is not None and worked.arithmetic is not None else (None, False)
        term = f"({derivations.decimal(exact)}*B)" if exact is not None and holds else per.term  # "1.3 MB/token" worked as 1,310,720 B
        decimal, note = length.decimal, ""
        if decimal != count and not self._holds(proposal, f"{term} * {count}") and self._holds(proposal, f"{term} * {decimal}"):
            if decimal % 1_000_000 == 0:
                # "for 1M tokens ≈ 32GB": a million tokens is the count pages bill and store by; a page that means the
                # binary million misses by 5%, too near to accuse, so the reading that gives the number is the page's
                return [derivations.Derivation(f"{term} * {decimal}", per, counted, chance,
                                               note=f"{written.group(0).strip()} read as {decimal:,} tokens, a million as pages count tokens")]
            note = f"{written.group(0).strip()} read as {count:,} tokens, as a context length is; {decimal:,} tokens give the number"
        return [derivations.Derivation(f"{term} * {count}", per, counted, chance, note=note)]

    def _bracketed_share(self, proposal: Proposal, target, pool: list) -> list:
        """A percent in brackets right after a figure ("Model weights: 3,000 MB (13%)"): that figure's share of a like
        figure printed before it in its paragraph, the total or the line it hangs under. The page puts the percent on
        its numerator, so a match is weighed against the paragraph's like figures alone (``share_chance``)."""
        text = self.view.text
        opened = BRACKET_BEFORE.search(text, max(0, proposal.start - 12), proposal.start)
        figure = next((o for o in reversed(pool) if o.end == opened.start()), None) if opened else None
        if figure is None or not figure.unit or figure.percent:
            return []
        paragraph = self._scopes(proposal)[1]
        beside = [o for o in pool if o.start >= paragraph[0] and o is not figure and not o.percent and o.dimensions == figure.dimensions]
        if not beside:
            return []
        found = derivations.search(target, proposal, beside + [figure], share_chance(), named_after=figure)
        return [d for d in _quotients(found) if d.left is figure]

    def _derived_on_its_line(self, proposal: Proposal, target, pool: list) -> list:
        """Two numbers on the number's own line, outside a table, that give it: "53.8 GB of 80 GB ... ~67%", "1.27 GB
        per request, so 220 GB holds 170". A line is where a page works a step in front of the reader, so a match
        there is weighed against the line's numbers alone and passes at ``share_chance``; across a paragraph, two
        numbers meet a two-figure value by coincidence as often as by derivation (``units/precision.yaml``)."""
        text = self.view.text
        line = text.rfind("\n", 0, proposal.start) + 1
        beside = [o for o in pool if o.start >= line and not _in_range(text, o.start, o.end)]
        half = derivations.relative_half_digit(proposal)
        if len(beside) < 2 or half is None or _in_range(text, proposal.start, proposal.end) or any(
                abs(o.value / target.value - 1) <= half for o in pool if o.dimensions == target.dimensions):
            return []  # "Q-heads 8-15" is a span, not 8 + 7; a "32GB" the paragraph printed before is restated, not derived
        found = derivations.search(target, proposal, beside, share_chance())
        return [d for d in found if not (d.left.percent and d.right.percent)][:DERIVATION_TRIES]  # "82% and 71% ... 58%": no share of either

    def _conversions_carried(self) -> None:
        """A one-number link of a chain ("= 474,317 tokens ≈ 470K tokens") after a sum that, read in full at last, still
        misses: the link prints that sum's result again, so it is checked against what the sum gives and carries its
        slip. Asked once every reading of the sum is done: one that holds after all ("[1 × 3,840] = 7,680 bytes", its
        bytes read) leaves the link a plain restatement."""
        for proposal, before in self._conversions:
            if before.arithmetic is None or before.given or before.formula is not None or _read_as_another_kind(proposal, before):
                continue  # "104e12 =~ 104 gb": a count read again as a size is a second reading, not the same result
            if self._holds(before, before.arithmetic):
                continue
            proposal.arithmetic, proposal.score, proposal.bare = before.arithmetic, SUM_SCORE, False
            proposal.carried += (before,)
            proposal.evidence = proposal.evidence[:-1] + (f"converts the result of the sum before it, which does not hold: taken at the value that sum gives ({CARRIED})",)

    def _carried_into_derivations(self) -> set[int]:
        """Each derivation the page's numbers gave, its operands that a formula or sum flags with a named slip taken at
        the value their own working gives (once every chain is taken at its exact value, ``_exact_chains``). Returns the
        ids of the derived figures that now carry a slip they did not before."""
        changed = set()
        for proposal, derivation in self._derived.values():
            if proposal.arithmetic != derivation.expression:
                continue
            expression, carried, sources = self._carried_operands(derivation, proposal)
            if carried:
                printed = proposal.arithmetic
                proposal.arithmetic, proposal.carried = expression, proposal.carried + sources
                proposal.evidence = proposal.evidence[:1] + carried + proposal.evidence[1:]
                self._repeats_follow(proposal, printed)
                changed |= {id(proposal)} | {id(r) for r in self._repeats.get(id(proposal), ())}
        return changed

    def _carried_operands(self, derivation, result: Proposal) -> tuple[str, tuple[str, ...], tuple]:
        """The derivation's expression with each operand a formula or sum flags with a named slip taken at the value
        its own working gives, and the evidence of each: "100 users at 4K tokens each ... 128 GB" over a "1.28 GB"
        that is 1.34 GB carries the slip, as a printed sum on that figure does (``_exact_chains``); and the proposals
        whose slips are so carried."""
        expression, carried, sources = derivation.expression, [], []
        for side in derivation.operands:
            first = self._located_at.get(side.start)
            if first is None or not first.proposed or (first.worked_out and not first.carried):
                continue  # a figure the page's numbers gave is carried only with the slip it carries
            if _printed(result.stated) in {_printed(str(v)) for v in first.page_inputs.values()}:
                continue  # "At 10 tok/s: 175 GB/s": an operand priced with the very number derived from it carries no slip into it
            exact, factor, digits = self._slipped(first), derivations.unit_factor(first), derivations.plain_digits(first)
            if exact is None and first.formula is None and (first.worked_out or derivation.between or self._carries_its_own(first, result)):
                # a figure carrying a slip passes it on; so does a bill's line whose sum does not give what it prints,
                # as the total adds the figure the line printed
                worked, holds = self._carried_value(first) if first.worked_out else self._exact_value(first)
                exact = None if holds else worked
            if exact is None or not factor or not digits or digits not in side.term:
                continue
            expression = expression.replace(side.term, side.term.replace(digits, derivations.decimal(exact / factor), 1), 1)
            line = self.raw.position(first.raw[0])[0] if first.raw else self.raw.position(first.start)[0]
            carried.append(f"{self.view.text[side.start:side.end]} taken at the value its own working at line {line} gives: {CARRIED}")
            sources.append(first)
        return expression, tuple(carried), tuple(sources)

    def _carries_its_own(self, first: Proposal, result: Proposal) -> bool:
        """Whether ``first`` is a printed sum of its own that took on a slip from above ("Safety margin: 5.625 × 0.2 =
        1.125 GB" over a base total that misses), so a figure the page adds from it ("Total: 6.75 GB") carries it on; not
        a restatement, and not a sum worked from the figure itself ("53.8 GB / 224 MB ≈ 240" under "224 MB × 240")."""
        printed = next((found.expression for found in self.sums if found.result_start == first.start), None)
        if not first.carried or printed is None or repeats.a_repeat(first):
            return False
        digits = derivations.plain_digits(result)
        return bool(digits) and not re.search(rf"(?<![\d.]){re.escape(digits)}(?![\d.])", printed)

    def _carried_value(self, first: Proposal) -> tuple[Fraction | None, bool]:
        """(the value a figure the page's numbers gave takes with the slip it carries, False); (None, True) where its
        working cannot be read: "3 × $375,376" over a total that carries a slip from its first line carries it on."""
        finding = self._draft(first, first.arithmetic) if first.carried and first.arithmetic else None
        if finding is None or finding.computed_base is None or finding.verdict.holds:
            return None, True
        return Fraction(finding.computed_base), False

    def _formula_stands(self, proposal: Proposal) -> bool:
        """Whether a formula the words chose holds, or misses by a slip the diagnosis names: then it is the claim.

        A pair of slips with another storage format in it explains a near miss by coincidence about as
        often as it explains it ("32 heads for 8 and a 0.625-byte cache" is 1.25x): against the page's own
        arithmetic it does not keep a formula the words chose (``proposals.coincidental``)."""
        from auditor.base.errors import AuditorError

        try:
            claim = draft_claim(proposal, proposal.formula, proposal.given, proposal.unit)
            verdict, _ = evaluated(claim, self.project)
            return verdict.holds or not all(map(coincidental, audited_draft(claim, self.project, self.draft_audits).diagnoses))
        except AuditorError:
            return True

    @staticmethod
    def _result_unit(proposal: Proposal) -> str:
        from auditor.base.errors import AuditorError

        try:
            return proposal.unit or parse_stated(proposal.stated).unit.text
        except AuditorError:
            return ""

    def _squared_quantity(self, proposal: Proposal, expression: str) -> str | None:
        """Why a sum is misread where its units, as read, multiply a quantity by itself and its result's do not
        ("6.58e13 FLOP" on the line above times "at 989e12 FLOP/s" is FLOP² a second: the page divides); None otherwise."""
        dims = sum_units.dimensions_of(expression)
        squared = [name for name, power in (dims or {}).items() if abs(power) >= 2]
        result = unit_or_none(self._result_unit(proposal))
        if not squared or result is None or any(abs(p) >= 2 for _, p in result.dimensions):
            return None
        return f"read as printed, its units give {squared[0].strip('[]')} squared, which its result is not: the sum is not the page's"

    def _period_reading(self, proposal: Proposal, expression: str) -> tuple[str, str] | None:
        """The sum with a bare period count read as the conversion it makes (``sum_units.period_readings``), where the
        sum as printed misses and that reading holds; None otherwise."""
        readings = sum_units.period_readings(expression)
        if not readings or self._holds(proposal, expression):
            return None
        return next(((reading, shown) for reading, shown in readings if self._holds(proposal, reading)), None)

    def _holds(self, proposal: Proposal, expression: str) -> bool:
        finding = self._draft(proposal, expression)
        return finding is not None and finding.verdict.holds

    def _device_counts(self) -> list[tuple[int, int]]:
        """The counts glued to an accelerator's name ("8x" of "8x TPU v5es"): a setting, not a claim."""
        text, found = self.view.text, []
        for start, _, _ in self.gpus:
            match = given_module.GLUED_COUNT.search(text, max(0, start - 8), start)
            if match:
                found.append((match.start(1), match.end()))
        return found

    def _input_statements(self) -> dict[int, str]:
        """Where the page states an input ("3.35 TB/s of HBM bandwidth", "16GB of HBM"): a figure it cites, not a claim."""
        symbols = [s for s in self.project.catalogue.symbols.values() if s.gpu or s.domain == "fraction"]
        generations = [a.start for a in self.assignments if "pcie_transfer_rate" in a.symbols]
        found = {}
        for written in self.written:
            if RESULT_BEFORE.search(self.view.text, max(0, written.start - 30), written.start):
                continue  # "that leaves about 10 GB for the KV cache": what is left over is worked out, not a figure cited
            name = setting_symbol(written, symbols) if written.dimensions or written.text.endswith("%") else None
            if name and self._of_a_named_link(written.start, generations):
                continue  # "a PCIe 4.0 x16 link moves 31.5 GB/s": the generation gives it, the page does not cite it
            if name and not self._a_cards_figure(name, written.value):
                continue  # "a token takes 0.125MB of VRAM": no card has so little, so it is no card's figure the page cites
            if name:
                found[written.start] = name
                ranged = RANGE_BEFORE.search(self.view.text, max(0, written.start - 16), written.start)
                if ranged:
                    found[ranged.start()] = name
        return found

    def _a_cards_figure(self, name: str, value: Fraction) -> bool:
        """Whether a size could be a card's memory: within a factor of ``SHEET_REACH`` of the range the bundled spec
        sheets span (any other figure passes: a rate the page cites may be a whole node's or a link's)."""
        symbol = self.project.catalogue.symbols[name]
        if not symbol.gpu or symbol.unit.dimensions != (("[information]", 1),):
            return True
        if name not in self._sheet_ranges:
            sheets = [found.value for gpu in self.project.inputs.gpus if (found := self.project.inputs.gpu_value(gpu, symbol.gpu)) is not None and found.value]
            self._sheet_ranges[name] = (min(sheets), max(sheets)) if sheets else None
        known = self._sheet_ranges[name]
        return known is None or Fraction(known[0]) / SHEET_REACH <= value <= Fraction(known[1]) * SHEET_REACH

    def _a_named_links_figure(self, proposal: Proposal) -> bool:
        """Whether a bandwidth is printed on a line that names PCIe, at a generation's sixteen-lane figure ("PCIe Gen5
        128GB/s", "| 128 GB/s (PCIe) |"): the link's own figure, an input, which no working elsewhere on the page gives."""
        text = self.view.text
        if not self.names_pcie:
            return False
        printed = derivations.printed_value(proposal)
        if printed is None or not printed[0] or printed[1] != derivations.bandwidth_dimensions():
            return False
        end = text.find("\n", proposal.end)
        line = text[text.rfind("\n", 0, proposal.start) + 1 : end if end >= 0 else len(text)]
        return host_links.PCIE.search(line) is not None and host_links.an_x16_figure(printed[0])

    def _of_a_named_link(self, position: int, generations: list[int]) -> bool:
        """Whether a PCIe generation is named shortly before ``position`` in its sentence (``host_links``)."""
        k = bisect_left(generations, position) - 1
        return k >= 0 and position - generations[k] <= host_links.NAMED_LINK_REACH and not SENTENCE_END.search(self.view.text, generations[k], position)

    def _misses_by_no_period(self, proposal: Proposal, reading: str) -> bool:
        """Whether a sum of prices read bare in its result's unit misses the result by a factor no reading of its units
        explains ("3 × $32.77 × 24 × 365 = $361,656/year" is 861,196 a year, 2.38 times the printed figure): not a period
        (24 hours, 365 days, 730 hours a month), a scale (a thousand, a million) or a binary prefix, nor within a
        month's conventions of the figure, so whatever the units meant, the arithmetic is wrong. Only a sum that converts
        its periods by hand (a 24, a 365, a 730 among its numbers): one that converts none may leave a factor unprinted."""
        if not PERIOD_NUMBERS & set(sum_units.BARE_NUMBER.findall(reading)):
            return False  # "$18 (4 GPUs × $3/hour)": no period converted by hand, so a factor left unprinted may be the miss
        finding = self._draft(proposal, reading)
        printed = derivations.printed_value(proposal)
        if finding is None or finding.computed is None or printed is None or not printed[0] or not finding.computed:
            return False
        ratio = abs(float(Fraction(finding.computed) / printed[0]))
        ratio = max(ratio, 1 / ratio)
        return ratio > MONTH_CONVENTIONS and not any(abs(ratio / factor - 1) < PERIOD_SLACK for factor in PERIOD_FACTORS)

    def _reads_in_result_unit(self, proposal: Proposal, expression: str) -> bool:
        """Whether the sum, as printed, gives a quantity of the result's dimensions (a mismatch is then the page's)."""
        dims = sum_units.dimensions_of(expression)
        unit = unit_or_none(self._result_unit(proposal))
        return dims is not None and unit is not None and dims == dict(unit.dimensions)

    def _two_quantities(self, proposal: Proposal, expression: str) -> bool:
        """Whether a conversion ("= 4 bits = 35 GB") joins values more than a prefix's thousandfold apart: no slip of
        units makes 4 bits 35 GB, so the page names two things, not one twice."""
        finding = self._draft(proposal, expression)
        if finding is None or finding.computed is None or finding.verdict.holds:
            return False
        stated = parse_stated(proposal.stated).value
        ratio = abs(Fraction(finding.computed) / stated) if stated else None
        return ratio is not None and not 1 / CONVERSION_REACH < ratio < CONVERSION_REACH

    def _sum(self, proposal: Proposal, found) -> bool:
        """A number the page computes in front of the reader: its sum is the claim. False where the "sum" is two
        quantities set side by side ("INT4 = 4 bits = 35 GB"): the number is then read as any other is."""
        if found.unreadable:
            proposal.evidence = (f"printed beside {found.expression}, but {found.unreadable}",)
            return True
        given, unset, carried = {}, [], []
        for name in found.names:
            value = setting_for(self.settings, name, found.start)
            if not _is_unit(name) and _carried(self.view.text, found, name):
                carried.append(name)  # on both sides, whatever the page sets it to elsewhere
            elif value is not None:
                given[name] = value
            elif not _is_unit(name) or _opening_symbol(self.view.text, found, name):
                unset.append(name)
        evidence = [f"printed arithmetic {found.expression}"] + [f"{k} = {v} set by the page" for k, v in given.items()]
        for name in carried:
            given[name] = 1
            evidence.append(f"{name} a factor on both sides (its result printed with {name}): {name} = 1")
            if not proposal.unit:  # "= 327,680 × S bytes": the unit printed after the name is the result's
                proposal.unit = _unit_after_carried(self.view.text, found, name) or ""
        expression = found.expression
        widths = [n for n in found.names if n not in given and n not in unset and n.lower() in config_names.WIDTH_NAMES]
        if unset and (configured := self._config_sum(proposal, found, unset + widths)) is not None:
            expression, read, shown = configured
            given.update(read)
            evidence += shown
            unset = []
        if unset:
            proposal.score, proposal.evidence = UNRESOLVED_SUM_SCORE, tuple(evidence + [f"names the page does not set: {', '.join(unset)}"])
            return True
        if not found.operators and self._carries_a_slip(found):
            proposal.score = UNRESOLVED_SUM_SCORE
            proposal.evidence = tuple(evidence + ["converts the result of the sum before it, which does not hold: the slip is that sum's"])
            self._conversions.append((proposal, self._located_at[found.operand_spans[0][0]]))
            return True
        if not found.operators and not given and self._two_quantities(proposal, expression):
            return False  # "INT4 = 4 bits = 35 GB": two quantities, not one in two units
        if not given and (in_bytes := self._glued_bytes(proposal, found)) is not None:
            expression, shown = in_bytes
            evidence[0] = f"printed arithmetic {expression}"
            evidence.append(f"{shown} read as bytes: as billions the sum is 10^9 off")
        if not given and (in_billions := self._spaced_billions(proposal, found, expression)) is not None:
            expression, shown = in_billions
            evidence[0] = f"printed arithmetic {expression}"
            evidence.append(f"{shown} read as billions: as bytes the sum is 10^9 off")
        after = re.sub(r"^[\d.,]+", "", self.view.text[found.result_start : found.result_start + 60])
        readings = sum_units.priced_readings(expression, after, self._result_unit(proposal), self.view.text)
        if readings:
            holding = next(((reading, shown) for reading, shown in readings if self._holds(proposal, reading)), None)
            if holding is None and not self._reads_in_result_unit(proposal, expression):
                if self._misses_by_no_period(proposal, readings[-1][0]):
                    holding = (readings[-1][0], readings[-1][1] + "; it misses by no period or scale a reading of its units would"
                                                                 " put between them, so the miss is the arithmetic's")
                else:
                    proposal.score, proposal.evidence = UNRESOLVED_SUM_SCORE, tuple(
                        evidence + ["a sum of prices whose units, read as printed, do not give the result's, and no reading of them holds: not proposed"])
                    return True
            if holding is not None and holding[1]:
                expression = holding[0]
                evidence.append(holding[1])
        converted = sum_units.divided_into_unit(expression, proposal)
        if converted is not None:
            expression, shown = converted
            evidence.append(shown)
        partnered = sum_units.bare_in_partners_unit(expression, proposal) if not given else None
        if partnered is not None:
            expression, shown = partnered
            evidence.append(shown)
        chained = sum_units.conversion_chain(expression, proposal) if not given else None
        if chained is not None:
            expression, shown = chained
            evidence.append(shown)
        counted = sum_units.time_counted(expression, proposal)
        if counted is not None:
            expression, shown = counted
            evidence.append(f"{shown} counted as a number: what it multiplies prints no per-time unit, and the result has no time in it")
        if not given and converted is None:
            expression, said = self._in_bytes_if_missing(proposal, expression)
            evidence.extend(said)
        if not given and (period := self._period_reading(proposal, expression)) is not None:
            expression, shown = period
            evidence.append(shown)
        other_prefix = sum_units.unit_left_unprinted(expression, proposal) if not given else None
        if not given and other_prefix is None and SIZED_COUNTS.search(self.view.text, found.start, found.end):
            other_prefix = sum_units.size_left_unprinted(expression, proposal)
        if other_prefix and (on_sheet := self._sheet_reading(proposal, expression)) is not None:
            (expression, shown), other_prefix = on_sheet, None
            evidence.append(shown)
        if other_prefix:
            proposal.score, proposal.evidence = UNRESOLVED_SUM_SCORE, tuple(evidence + [other_prefix])
            return True
        if (squared := self._squared_quantity(proposal, expression)) is not None:
            proposal.score, proposal.evidence = UNRESOLVED_SUM_SCORE, tuple(evidence + [squared])
            return True
        proposal.arithmetic, proposal.given, proposal.score, proposal.evidence = expression, given, SUM_SCORE, tuple(evidence)
        proposal.bare = False
        return True

    def _sheet_reading(self, proposal: Proposal, expression: str) -> tuple[str, str] | None:
        """The sum with its bare operands read as the sheet's figures of a card its row, the page just before it (the
        three cards named last there) or the page's lead names (``sheet_operands``), where that reading holds. Every
        operand matching one card's sheet to its printed digits is the evidence, so the card may be named a paragraph
        up ("For H100, ..."). A reading that misses accuses nothing, as a guessed prefix would not either."""
        low = proposal.start - derivations.WINDOW
        named = list(dict.fromkeys(gpu for start, _, gpu in reversed(self.visible(self.gpus, proposal.start)) if low <= start < proposal.start))
        for gpu in dict.fromkeys(filter(None, [self.table_gpu(proposal.start), *named[:3], self.setup_gpu])):
            figures = [(symbol.name, Fraction(sheet.value), symbol.unit.text) for symbol in self.gpu_symbols
                       if (sheet := self.project.inputs.gpu_value(gpu, symbol.gpu)) is not None and sheet.value]
            read = sheet_operands.sheet_reading(expression, figures, gpu)
            if read is not None and self._holds(proposal, read[0]):
                return read
        return None

    def _config_sum(self, proposal: Proposal, found, unset: list[str]) -> tuple[str, dict, list[str]] | None:
        """The sum in the config names of the model named nearest (``config_names``): (expression, the names'
        values, evidence), or None when a name is not the model's or no model or format is named."""
        scopes = self._scopes(proposal)
        place = self.place(proposal.start)
        visible = self.visible(self.models, proposal.start)
        before = [m for m in visible if 0 <= proposal.start - m[1] <= CONFIG_MODEL_REACH]
        candidates = ([self._in_headers(self.models, proposal.start)] if place is not None else []) + [
            given_module.nearest(visible, [scope], proposal.start) for scope in scopes] + [max(before)[2] if before else None]
        model = next((m for m in candidates if m), None)
        geometry = self._geometry(model) if model else None
        if geometry is None:
            return None
        values = config_names.config_values(unset, self.aliases, geometry)
        if values is None or any(self._page_sets_otherwise(symbol, value) for value, symbol in values.values()):
            return None
        if any(self._defined_otherwise(name, symbol) for name, (_, symbol) in values.items()):
            return None  # "| `L` | average context length per request |": the page's own letter, no config's layers
        read = {name: value for name, (value, _) in values.items()}
        shown = [f"{name} = {value:,}, {model}'s {symbol}" for name, (value, symbol) in values.items()]
        widths = config_names.width_names(unset)
        printed = derivations.printed_value(proposal)
        in_bytes = printed is not None and dict(printed[1]).get("[information]") == 1
        units = [n for n in found.names if n not in unset and _is_unit(n)]
        if not widths and not (in_bytes and not units):
            return (found.expression, read, shown) if values else None
        dtype = self.dtype_set_up(proposal, scopes)
        width = beside_count.plain_width(self.project.inputs.dtypes.get(dtype)) if dtype else None
        if width is None:
            return None  # no format named, or one whose elements are no whole number of bytes apart (groups, scales)
        each = derivations.decimal(width)
        if widths:
            read.update({name: f"{each} B" for name in widths})
            shown.append(f"{', '.join(widths)} = {each} bytes, the width of {dtype}")
            return found.expression, read, shown
        shown.append(f"its elements at {each} bytes each ({dtype}), as the page prints the result in bytes")
        return f"({found.expression}) * ({each}*B)", read, shown

    def _defined_otherwise(self, name: str, symbol: str) -> bool:
        """Whether the page's notation table defines the name as something the symbol is not: a row that gives the
        name ("`L`") and a meaning that shares no word with the symbol's ("average context length per request" against
        "transformer layers"). A page that fixes its letters says what each means; a letter's usual reading yields."""
        meaning = self.page_symbols.get(name)
        if meaning is None:
            return False
        own = set(re.findall(r"[a-z]{4,}", (self.project.catalogue.symbols[symbol].meaning or "").lower()))
        return not any(word[:5] in meaning for word in own)

    def _page_sets_otherwise(self, symbol: str, value: int) -> bool:
        """Whether the page sets the symbol, under any of its names, to another value ("d=12288" where the config
        has 8192): the page sizes with its own figures, and which model each is for is not known here."""
        return any(symbol in self.aliases.get(s.name, set()) | self.aliases.get(s.name.lower(), set()) and s.value != value
                   for s in self.settings)

    def releases_agree(self, model: str, names: set[str]) -> bool:
        """Whether every bundled release a name like "Llama 70B" may mean gives these symbols the same values (the KV
        geometry of Llama 2 70B and Llama 3 70B, not their parameter counts); True for a model the page names in full."""
        candidates = self.ambiguous.get(model)
        if not candidates:
            return True
        geometries = [self._geometry(c) for c in candidates]
        if any(g is None for g in geometries):
            return False
        return all(len({g.values[n].value if n in g.values else None for g in geometries}) == 1 for n in names)

    def _geometry(self, model: str):
        """The model's derived geometry, read once a page; None when it cannot be read."""
        if model not in self._geometries:
            from auditor.base.errors import AuditorError
            from auditor.inputs.models import model_geometry

            try:
                self._geometries[model] = model_geometry(model, self.project.inputs, None)[0]
            except AuditorError:
                self._geometries[model] = None
        return self._geometries[model]

    def _carries_a_slip(self, found) -> bool:
        """Whether a one-number link of a chain ("52 billion * 2 = 104e12 =~ 104 gb") converts a result that its own sum
        does not give: a conversion of a wrong number is that number's slip carried, not a second one."""
        before = self._located_at.get(found.operand_spans[0][0]) if found.operand_spans else None
        return before is not None and before.arithmetic is not None and not before.given and not self._holds(before, before.arithmetic)

    def _glued_bytes(self, proposal: Proposal, found) -> tuple[str, str] | None:
        """A "B" glued to a number in a sum is billions ("7B × 2 = 14 GB") or bytes ("2 × 4096 × 128 × 2B = 2 MB").
        Read as billions, the second is off by a factor of 10^9, which no slip explains; so where billions miss
        and bytes hold, the page meant bytes: (the sum so read, the operands read as bytes)."""
        text, literals = self.view.text, operand_literals(found)
        if literals is None:
            return None
        glued = [k for k, (a, b) in enumerate(found.operand_spans)
                 if GLUED_B.match(text, b) and literals[k].group(0).endswith("e9") and "e" not in text[a:b].lower()]
        if not glued or self._holds(proposal, found.expression):
            return None
        expression = found.expression
        for k in reversed(glued):
            expression = with_literal(expression, literals[k], f"({literals[k].group(0)[: -len('e9')]}*B)")
        if not self._holds(proposal, expression):
            return None
        return expression, ", ".join(text[found.operand_spans[k][0] : found.operand_spans[k][1] + 1] for k in glued)

    def _priced_by_header(self, proposal: Proposal) -> Proposal:
        """The sum's result, its dollars per what its cell's header prices by (``tables.dollars_per_header``)."""
        if (place := place_of(self.tables, proposal.start)) is not None:
            dollars_per_header(proposal, place)
        return proposal

    def _spaced_billions(self, proposal: Proposal, found, expression: str) -> tuple[str, str] | None:
        """A "B" set apart from its number in a sum is bytes ("2 B" per value) or billions ("27 B × 0.61 ≈ 17 GB", a
        parameter count at its bytes per parameter). Read as bytes the second is 10^9 off, which no slip explains;
        so where bytes miss and billions land within a factor of two of the number, the page meant billions, and the
        audit says whether the sum so read rounds to it: (the sum so read, the operands so read)."""
        text = self.view.text
        spaced = [(a, b) for a, b in found.operand_spans if SPACED_B.match(text, b)]
        if not spaced or self._holds(proposal, expression):
            return None
        read = expression
        for a, b in spaced:
            number = text[a:b].replace(",", "")
            if f"({number}*B)" not in read:
                return None
            read = read.replace(f"({number}*B)", f"{number}e9", 1)
        finding, printed = self._draft(proposal, read), derivations.printed_value(proposal)
        computed = getattr(finding, "computed_base", None) if finding is not None else None
        if computed is None or printed is None or not printed[0] or not 0.5 < float(computed) / float(printed[0]) < 2:
            return None  # as billions the sum must land near the number; whether it rounds to it is the audit's call
        return read, ", ".join(f"{text[a:b]} B" for a, b in spaced)

    def _scopes(self, proposal: Proposal) -> list[tuple[int, int]]:
        """Sentence, paragraph, section: where to look for words and inputs, nearest first."""
        text = self.view.text
        heading = self._heading_before(proposal.start)
        section_start = heading[0] if heading else 0
        following = bisect_left(self.headings, (proposal.end,))
        # a little past the number, but never into the next section: a model its heading names is that section's
        section_end = min(proposal.end + 200, self.headings[following][0]) if following < len(self.headings) else proposal.end + 200
        sentence = self._code_line(proposal.start) or bounds(text, proposal.start, SENTENCE_END)
        return [sentence, bounds(text, proposal.start, PARAGRAPH), (section_start, section_end)]

    def _code_lines_above(self, position: int) -> list[tuple[int, int]]:
        """The code block's lines right above the one holding the position (``LISTING_REACH`` at most), in order, each
        a line of the same block."""
        lines = self.view.code_lines
        index = bisect_left(lines, (position + 1,)) - 1
        if index < 1 or not lines[index][0] <= position < lines[index][1]:
            return []
        above = []
        for k in range(index - 1, max(-1, index - 1 - LISTING_REACH), -1):
            if self.view.text[lines[k][1] : lines[k + 1][0]].strip():
                break  # text between: another block
            above.insert(0, lines[k])
        return above

    def _code_line(self, position: int) -> tuple[int, int] | None:
        """The code block's line holding the position: its sentence, for a code block's lines are its statements
        ("FP16  ####  14 GB" under "FP32  ####  28 GB" names its own format)."""
        lines = self.view.code_lines
        index = bisect_left(lines, (position + 1,)) - 1
        return lines[index] if index >= 0 and lines[index][0] <= position < lines[index][1] else None

    def _heading_before(self, position: int) -> tuple[int, int, int] | None:
        index = bisect_left(self.headings, (position,)) - 1
        return self.headings[index] if index >= 0 else None

    def _enclosing_headings(self, position: int) -> list[tuple[int, int]]:
        """The headings above the number's own section ("# Serving Llama 3 8B" over "## A wrong number"): their setup applies too."""
        chain: list[tuple[int, int]] = []
        index = bisect_left(self.headings, (position,)) - 1
        level = self.headings[index][2] if index >= 0 else 0
        for start, end, depth in reversed(self.headings[: max(index, 0)]):
            if depth < level:
                chain.append((start, end))
                level = depth
        return chain

    def _texts(self, proposal: Proposal, scopes, place=None) -> list[tuple[str, float]]:
        text = self.view.text
        sentence, paragraph, section = scopes
        near = text[max(sentence[0], proposal.start - NEAR) : min(sentence[1], proposal.end + NEAR)]
        found = self._heading_before(proposal.start)
        heading = text[found[0] : found[1]] if found else ""
        own = f"{place.corner} {place.column} {place.row} {place.cell.text}" if place else text[slice(*clause(text, proposal, sentence))]
        if place:  # beside a cell are other cells: its words are its row's label and its column's header
            near = own
        parts = (own, near, text[slice(*sentence)], heading, text[slice(*paragraph)], text[section[0] : proposal.start])
        if not place and LABELLED_ITEM.match(text, text.rfind("\n", 0, proposal.start) + 1, proposal.start):
            # "- Weights: 140 GB" in a list of a budget's parts: the item's label says what its number is; the lead's
            # words ("weights + KV cache + workspace") name every part at once, so they only break a tie
            return list(zip(parts, SCOPE_WEIGHTS[:3] + tuple(w * LABELLED_CONTEXT for w in SCOPE_WEIGHTS[3:])))
        return list(zip(parts, SCOPE_WEIGHTS))

    def gpu_named_before(self, position: int) -> str | None:
        """The accelerator named right before the number, in its clause ("H100 (295 FLOPs/byte)", "the A100's 312")."""
        text = self.view.text
        return next((gpu for _, end, gpu in reversed(self.visible(self.gpus, position))
                     if 0 <= position - end <= GPU_BEFORE and not re.search(r"[.;:!?\n]", text[end:position])), None)

    def dtype_set_up(self, proposal: Proposal, scopes, or_main: bool = True, or_after: bool = True, cache: bool = False) -> str | None:
        """The dtype the cell's headers, or else the number's own setup, name for it (or, ``or_after``, its paragraph or
        section after it); the page's main one after that. ``cache``: for a cache priced alone, leaving out a dtype the
        page names for the weights ("FP8 weights 71 GB" two lines up)."""
        if self._header_of_two_widths(proposal.start):
            return None  # "| FP32/FP16 | ~18 GB |": the column is either, and the scan cannot tell which
        found = self.dtypes_set_up(proposal.start)
        low = scopes[0][0] if scopes else proposal.start
        if not any(low <= d[0] < proposal.start for d in found) and UNREAD_FORMAT.search(self.view.text, low, proposal.start):
            return None  # "in Q5 about 45 GB; in FP16 about 140 GB": a format of its own the scan cannot price, not the next clause's
        if cache:
            found = [d for d in found if not given_module.named_for_weights(self.view.text, d)]
        named = self.table_dtype(proposal.start) or given_module.set_up(found, scopes, proposal.start, self.view.text, or_after)
        return named or (self.main_dtype if or_main else None)

    def _header_of_two_widths(self, position: int) -> bool:
        """Whether the cell's column header names formats of different widths ("FP32/FP16"; "FP8/INT8" is one width)."""
        place = self.place(position)
        if place is None or not place.headers:
            return False
        low, high = place.headers[0]
        index = bisect_left(self.dtypes, low, key=_first)
        widths = set()
        for start, _, name in self.dtypes[index:]:
            if start >= high:
                break
            if name in self.project.inputs.dtypes:
                widths.add(self.project.inputs.dtypes[name].bits)
        return len(widths) > 1

    def table_gpu(self, position: int) -> str | None:
        """The GPU a table cell's own column header or row label names ("| | A100 80GB | H100 SXM |"), before any nearby."""
        return self._in_headers(self.gpus, position)

    def table_dtype(self, position: int) -> str | None:
        """The dtype a table cell's own column header or row label names ("| | FP16 | Q8_0 (8-bit) |"), before any nearby."""
        return None if self._dtype_free_column(position) else self._in_headers(self.dtypes, position)

    def _dtype_free_column(self, position: int) -> bool:
        """Whether the cell's column prints one figure in rows of different dtypes ("| INT8 | 7.24 GB | 1.07 GB |"
        under "| FP16 | 14.5 GB | 1.07 GB |"): that column does not depend on the rows' dtype (a 16-bit cache
        beside quantized weights), so no row's dtype is the cell's."""
        place = self.place(position)
        if place is None:
            return False
        key = (place.table, place.headers[0]) if place.headers else (place.table, (place.cell.start, place.cell.end))  # one answer per column
        if key not in self._dtype_free:
            self._dtype_free[key] = self._column_prints_one_figure(position)
        return self._dtype_free[key]

    def _column_prints_one_figure(self, position: int) -> bool:
        column = column_and_labels(self.tables, position)
        labelled = [(self._dtype_within(label.start, label.end), cell.text.strip(" *~`$")) for label, cell in column]
        dtypes = {d for d, _ in labelled if d}
        return len(dtypes) > 1 and len({text for d, text in labelled if d}) == 1

    def _in_headers(self, found: list[tuple[int, int, str]], position: int) -> str | None:
        """The first of ``found`` inside the column header or row label of the table cell at ``position``."""
        place = self.place(position)
        for low, high in place.headers if place is not None else ():
            named = [item for item in found if low <= item[0] < high]
            if named:
                return named[0][2]
        return None

    def feeds(self, formula: str, model: str) -> bool:
        """Whether the model has every part the formula needs (an MLA model has no head_dim)."""
        key = (formula, model)
        if key not in self._feeds:
            needed = given_module.leaf_symbols(self.project.catalogue, formula) & self.model_symbols
            self._feeds[key] = model not in self.supplies or needed <= self.supplies[model] | words.GEOMETRY_ONLY
        return self._feeds[key]

    def feedable(self, formula: str) -> bool:
        """A formula is proposable when the document names no model, or names one that can feed it."""
        return not self.models or any(self.feeds(formula, m) for m in self.named_models)

    def model_for(self, formula: str, scopes, position: int) -> tuple[str | None, str, int]:
        """The model the number's own clause, sentence, paragraph or section names and that can feed the formula, and the scope's index."""
        models = self.visible(self.models, position)
        for index, ((low, high), name) in enumerate(zip(scopes, SCOPE_NAMES)):
            inside = sorted((f for f in models if low <= f[0] < high and self.feeds(formula, f[2])), key=lambda f: abs(f[0] - position))
            if inside:
                return inside[0][2], name, index
        enclosing = self._enclosing_headings(position)
        named = {name for start, _, name in models if enclosing and max(enclosing[0][0], self.lead[1]) <= start < position}
        if len(named) == 1 and self.feeds(formula, (only := named.pop())):
            # "For Qwen2-0.5B: ... 24 KB per token" in the section before a table of the same part: the one model the
            # part names above the number is the part's, as a section's is its section's
            return only, PARENT_SECTION, len(scopes) - 1
        if self.setup_model and self.past_lead(position) and self.feeds(formula, self.setup_model):
            return self.setup_model, LEAD, len(scopes) - 1
        return None, "", -1

    def past_lead(self, position: int) -> bool:
        """Whether ``position`` comes after the page's opening, where what the opening alone sets up may apply."""
        return position >= self.lead[1]

    def _only_in_lead(self, found: list[tuple[int, int, str]]) -> str | None:
        """The one model (or card) the page's opening names, if it names exactly one."""
        named = {name for start, _, name in found if self.lead[0] <= start < self.lead[1]}
        return named.pop() if len(named) == 1 else None

    def _lead(self) -> tuple[int, int]:
        """The page's opening, where it sets up what the rest works with ("We use Llama-3.1-70B throughout"): the
        text before the first heading, or, where a heading opens the page (a title, an "Overview"), before the second."""
        front = FRONT_MATTER.match(self.raw.text)  # a title and summary the front matter gives come before the page's opening
        skip = bisect_left(self.view.origin, front.end()) if front else 0
        headings = [h for h in self.headings if h[0] >= skip]
        if not headings:
            return (0, 0)
        first = headings[0]
        opens = not self.view.text[skip : first[0]].strip()
        following = headings[1][0] if len(headings) > 1 else len(self.view.text)
        return (0, following if opens else first[0])

    def _dtype_within(self, start: int, end: int) -> str | None:
        """The first dtype named between ``start`` and ``end``."""
        index = bisect_left(self.dtypes, start, key=_first)
        return self.dtypes[index][2] if index < len(self.dtypes) and self.dtypes[index][0] < end else None

    def place(self, position: int):
        """``place_of`` the position, kept: the chooser asks it of every number for every candidate formula."""
        if position not in self._places:
            self._places[position] = place_of(self.tables, position)
        return self._places[position]

    def dtypes_set_up(self, position: int) -> list[tuple[int, int, str]]:
        """The dtypes that may set up the number's scenario: a dtype in a table's rows is that row's case
        ("| INT4 | 3.62 GB |"), not the setup of the text after the table."""
        if self.place(position) is not None and not self._dtype_free_column(position):
            return self.visible(self.dtypes, position)
        return [d for d in self.dtypes if not self.in_tables.covers(d[0])]

    def visible(self, found: list[tuple[int, int, str]], position: int) -> list[tuple[int, int, str]]:
        """``found`` less what other rows and columns of the number's table name."""
        place = self.place(position)
        return found if place is None else [f for f in found if not place.elsewhere(f[0])]

    def model_count(self, model: str) -> int | None:
        """The named model's parameter count, from its config (None when it cannot be read)."""
        if model not in self._counts:
            from auditor.inputs.models import model_geometry

            geometry = model_geometry(model, self.project.inputs, None)[0]
            self._counts[model] = int(geometry.value("n_params")) if geometry is not None and "n_params" in geometry.values else None
        return self._counts[model]

    def model_geometry_counts(self, model: str) -> dict[str, int]:
        """The model's config counts a page may set otherwise (heads, KV heads, layers, head width)."""
        if model not in self._geometry_counts:
            from auditor.inputs.models import model_geometry

            geometry = model_geometry(model, self.project.inputs, None)[0]
            names = [n for n, s in self.project.catalogue.symbols.items() if s.config and s.unit.dimensionless and s.domain == "positive integer"]
            values = geometry.values if geometry is not None else {}
            self._geometry_counts[model] = {n: int(geometry.value(n)) for n in names if n in values}
        return self._geometry_counts[model]

    def variant_values(self, model: str, changed: dict[str, int]) -> dict[str, int | Fraction]:
        """What the model's config derives anew with the page's counts ("8 KV heads" of a 40-KV-head model:
        the KV values per token), less its parameter counts: a page that changes the heads and says it
        keeps the parameters the same prices the weights as before."""
        key = (model, tuple(sorted(changed.items())))
        if key not in self._variants:
            from auditor.inputs.models import model_geometry

            geometry, _, config = model_geometry(model, self.project.inputs, None)
            symbols = self.project.catalogue.symbols
            values = {}
            if geometry is not None and all(symbols[n].config for n in changed):
                variant = dict(config) | {symbols[n].config: v for n, v in changed.items()}
                try:
                    derived = self.project.inputs.geometry(variant)
                except Exception:  # a config the counts make unreadable (heads not dividing): no variant
                    derived = None
                if derived is not None:
                    values = {n: d.value for n, d in derived.values.items()
                              if n in geometry.values and d.value != geometry.values[n].value and not n.startswith("n_params") and n not in changed}
            self._variants[key] = values
        return dict(self._variants[key])

    def given_for(self, proposal: Proposal, formula: str, scopes) -> tuple[dict, list[str], str]:
        """Model, GPU and dtypes named nearest the number, the values the text writes, and what is still missing."""
        return given_module.given_for(self, proposal, formula, scopes)


def _first(item: tuple) -> int:
    return item[0]


GPU_BEFORE = 24  # characters from an accelerator's name to a figure of it
SWAP_TRIES = 8  # formulas the words rank below their first choice, tried for a printed sum's swapped count
MODEL_COUNTS = frozenset({"head_dim", "n_kv_layers"})  # counts a model has whether its config states them or they follow from it
CONFIG_MODEL_REACH = 1200  # characters back to the model a sum in config names is read for, past a short section


def _units_differ(a: Proposal, b: Proposal) -> bool:
    """Two printings of the same digits in units that disagree ("16 GB", "16 ms"); a bare one agrees with any."""
    first, second = derivations.printed_value(a), derivations.printed_value(b)
    if first is None or second is None or not first[1] or not second[1]:
        return False
    return first[:2] != second[:2]


def _read_as_another_kind(link: Proposal, before: Proposal) -> bool:
    """Whether a link of a chain prints a unit of another kind than the result before it ("104e12 =~ 104 gb"); a
    link printed bare ("≈ 470K") reads as the result's own kind."""
    mine, theirs = derivations.printed_value(link), derivations.printed_value(before)
    if mine is None or theirs is None:
        return True
    if mine[1]:
        return mine[1] != theirs[1]
    return not 1 / ROUNDED_AGAIN < mine[0] / theirs[0] < ROUNDED_AGAIN  # "104e12 =~ 104": no rounding of the one before


def _quotients(found: list) -> list:
    """The derivations that divide one figure by another, the first few: what a share or a printed ratio is."""
    return [d for d in found if d.expression == f"{d.left.term} / {d.right.term}"][:DERIVATION_TRIES]


def _printed(text: str) -> str:
    """A figure's text as two printings of it share it: "1,536 GB" and "1536GB" alike."""
    return re.sub(r"[\s,~≈]", "", text)


def _withdraw(proposal: Proposal, why: str, alone: bool = False) -> None:
    """The formula proposed for a number taken back, and why: in place of its evidence, or after it."""
    proposal.formula, proposal.given, proposal.score = None, {}, 0.0
    proposal.evidence = (why,) if alone else proposal.evidence + (why,)


def _in_range(text: str, start: int, end: int) -> bool:
    """A number that is one end of a printed span ("0-7", "8–15"), not a quantity of its own; "from 400 tokens/s to
    1,600" is a change, each end a quantity."""
    if re.search(r"(?i)\bfrom\s+[~≈$]?$", text[max(0, start - 8) : start]):
        return False
    return bool(RANGE_AFTER.match(text, end) or re.search(r"\d\s*(?:–|—|-|~|〜|\bto)\s*$", text[max(0, start - 6) : start]))


def _operand_start(o) -> int:
    return o.start


def _carried(text: str, found, name: str) -> bool:
    """Whether the sum multiplies its whole by ``name`` and prints its result with it: "P × (4 + 4 + 4) = 12P".

    Such a sum says the rest of it equals the number, whatever the name's
    value: taken at 1, it is checked as printed, even where the page sets the
    name elsewhere. Only a name that is one factor of the whole product
    ("2 × 80 × S × 2") and appears nowhere else in it, and that the result
    carries glued, after one space or after a sign of product ("327,680 × S").
    """
    if _carried_with(text, found, name) is None:
        return False
    try:
        tree = ast.parse(found.expression, mode="eval").body
    except SyntaxError:
        return False
    factors = _factors(tree)
    alone = [f for f in factors if isinstance(f, ast.Name) and f.id == name]
    named = [f for f in factors if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(f))]
    return len(factors) > 1 and len(alone) == 1 and len(named) == 1


def _byte_size(index: int, proposal: Proposal) -> tuple[float, float] | None:
    """(value in bytes, relative half digit) of a number printed as one size in bytes; None for any other."""
    target, half = derivations.operand(index, proposal), derivations.relative_half_digit(proposal)
    if target is None or half is None or target.dimensions != beside_count.byte_dimensions():
        return None
    return target.value, half


def _leading(located: list[Proposal], starts: list[int], cell) -> Proposal | None:
    """The number a table cell starts with, as located."""
    index = bisect_left(starts, cell.start)
    return located[index] if index < len(located) and located[index].start < cell.end else None


def _shown(value: Fraction) -> str:
    return f"{float(value):,g}" if value.denominator != 1 else f"{value.numerator:,}"


def _carried_with(text: str, found, name: str) -> re.Match | None:
    """The sum's result followed by ``name``, glued, after one space or after a sign of product ("327,680 × S")."""
    from .sums import NUMBER

    return re.match(rf"{NUMBER}(?:\s?|\s*[×*·]\s*){re.escape(name)}(?![\w])", text[found.result_start : found.result_start + 60])


def _unit_after_carried(text: str, found, name: str) -> str | None:
    """The unit a result carried with a name prints after it ("327,680 × S bytes" is bytes per unit of S)."""
    match = _carried_with(text, found, name)
    if match is None:
        return None
    before = text[max(0, found.result_start - 8) : found.result_start]  # the result's own "=": "16.8S M FLOPs" is millions
    after = unit_after(text, found.result_start + match.end(), before)
    if after and after[0] in COUNT_SUFFIXES:
        return COUNT_SUFFIXES[after[0]]
    return after[0] if after and after[0] not in ("", "%", "×", "x") else None


def _factors(tree) -> list:
    """The factors of a product, however the parser grouped it: "2 * 80 * S * 2" is four."""
    if isinstance(tree, ast.BinOp) and isinstance(tree.op, ast.Mult):
        return _factors(tree.left) + _factors(tree.right)
    return [tree]


def _opening_symbol(text: str, found, name: str) -> bool:
    """Whether a unit's letter opens the sum as a factor of its own, no number before it: "Δ = s × 2^-3" multiplies
    the page's scale s, not a second; "(900 GB) / s" divides by the unit."""
    return len(name) == 1 and re.match(rf"{re.escape(name)}[ \t]*[×*·]", text[found.start : found.start + 8]) is not None


def _is_unit(name: str) -> bool:
    from .sums import _is_unit as is_unit

    return is_unit(name)


def scan_document(path, project) -> tuple[Document, list[Proposal]]:
    document = Document.read(path)
    return document, Scanner(document, project).proposals()


def _per_token_before(key: tuple, earlier: dict) -> Proposal | None:
    """The size printed before per token whose value a sum's operand prints with no "per token": in "8,192 × 320 KB"
    after "= 327,680 bytes = 320 KB per token", the 320 KB is that size again, multiplied by a length."""
    value, dimensions = key
    for (other, per), first in earlier.items():
        if other != value or per == dimensions:
            continue
        times_a_token = dict(per)
        times_a_token["[token]"] = times_a_token.get("[token]", 0) + 1
        if {k: v for k, v in times_a_token.items() if v} == dict(dimensions):
            return first
    return None


PER_DEVICE = re.compile(r"(?i)(?:/|\bper[ \t]+|\beach[ \t]+)(?:gpu|device|rank|card|chip)\b|\btp[ \t]*=[ \t]*(?:[2-9]|[1-9]\d)\b")
"""What makes a figure one device's: "KV_per_token/GPU", "~0.08 MB/token/GPU", "per GPU", "each rank", "(TP=4)"."""
ONE_DEVICE = re.compile(r"(?i)\btp[ \t]*=[ \t]*1\b")  # "8B GQA-8 (TP=1)": one device's share is the whole
DEVICE_COUNTS = frozenset({"tp", "n_devices", "pp", "ep", "dp"})
UNREAD_FORMAT = re.compile(r"(?i)\b(?:Q[2-8](?:_[01]|_K(?:_[SML])?)?|IQ[1-4]\w*|[2-8]-?bits?|NF4|AWQ|GPTQ|EXL2)\b")
"""A storage format a clause names before its number, which the dtypes catalogue may not hold ("Q5", "Q8", "5-bit")."""
BITS_WORDS = re.compile(r"(?i)\b([2-8])[- ]?bits?\b(?![ \t]*(?:KV|cache))")
"""A width in bits given for the weights in words ("4-bit", "4 bit"), no format's name."""
MIXED_FORMAT = re.compile(r"(?i)\bQ[2-8]_K_(?:XS|S|M|L|XL)\b|\bIQ[1-4]_(?:XXS|XS|S|M)\b")
"""A GGUF file's name for a mix of block formats ("Q4_K_M", "Q5_K_S", "IQ2_XS"), no single storage format."""
SWAPPED_VALUE = re.compile(r"= (?P<value>-?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?)\S* used for ")
"""The value a swap diagnosis says went in ("num_attention_heads = 64 used for num_key_value_heads = 8")."""


def _numbers_in(text: str) -> set[Fraction]:
    """The plain numbers an expression prints ("4 * 28 * 1024 * (8/16)": 4, 28, 1024, 8, 16)."""
    return {Fraction(n) for n in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", text)}


def _swapped(finding, label: str = "") -> str | None:
    """The swapped variable a draft's mismatch is most likely due to ("head_dim <- hidden_over_heads"), if that is
    what the diagnosis ranks first, alone or beside ``label`` (the unit slip the page's own sum prints with); a
    model's count as its name rounds it ("0.6B" for 596M) is no swap."""
    if finding is None or finding.verdict != Verdict.MISMATCH or not finding.diagnoses:
        return None
    parts = [part for part in finding.diagnoses[0].parts if part != label]
    swaps = [part for part in parts if " <- " in part and not part.endswith("_nominal")]  # a name's round count is no slip
    return swaps[0] if swaps and len(parts) == 1 else None


def _label_slip(finding) -> str:
    """The one unit slip a sum's miss is put down to first ("MiB printed as MB"): its digits are right in that unit;
    '' for any other finding."""
    if finding is None or finding.verdict != Verdict.MISMATCH or not finding.diagnoses:
        return ""
    first = finding.diagnoses[0]
    byte_prefixes = len(first.parts) == 1 and BYTE_LABEL_SLIP.fullmatch(first.parts[0])  # not bits for bytes: another number
    return first.parts[0] if first.kind == "unit" and byte_prefixes else ""


BYTE_LABEL_SLIP = re.compile(r"[kKMGT]*i?B printed as [kKMGT]*i?B")
"""A size counted with one prefix and printed with another ("MiB printed as MB", "kMiB printed as GB")."""


BARE_CARRY_REACH = 10  # how far a step's own working may stand from the figure it prints for a bare repeat to carry it


def _within_a_slip(exact: Fraction, printed: Fraction) -> bool:
    """Whether a figure's own working stands within ``BARE_CARRY_REACH`` of what it prints: further off, the
    printed figure is the one its writer meant and worked on."""
    return printed > 0 and exact > 0 and 1 / BARE_CARRY_REACH <= exact / printed <= BARE_CARRY_REACH


LIST_ITEM = re.compile(r"[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]")
LIST_LEAD_LINES = 8  # lines of a list above an item, up to the line that heads it


def _list_lead(text: str, position: int) -> tuple[int, int] | None:
    """The line heading the list the number's item is in ("**FP16 → INT4 (4-bit)**" over "- 4x memory reduction"),
    as (start, end); None where the number is in no list item, or no such line is close above."""
    line = text.rfind("\n", 0, position) + 1
    if not LIST_ITEM.match(text, line):
        return None
    for _ in range(LIST_LEAD_LINES):
        if line == 0:
            return None
        end = line - 1
        line = text.rfind("\n", 0, end) + 1
        content = text[line:end]
        if content.strip() and not LIST_ITEM.match(content):
            return line, end
    return None


def _same_unit(a: str, b: str) -> bool:
    """Whether two printed units are one ("bytes" and "byte", "tok/s" and "tok/s"): the same text, or the same unit."""
    if a == b:
        return True
    first, second = unit_or_none(a), unit_or_none(b)
    return first is not None and second is not None and first.factor == second.factor and first.dimensions == second.dimensions


def _named_slip(finding) -> bool:
    """A draft's finding that misses the number by a slip the diagnosis names: a working whose slip is the page's. Pairs
    of slips with another storage format in them alone (``coincidental``) name none: they hold a formula back, and
    carry no value on."""
    return finding is not None and finding.verdict == Verdict.MISMATCH and bool(finding.diagnoses) and not all(
        map(coincidental, finding.diagnoses))


def _in_first_unit(first: Proposal, again: Proposal) -> str | None:
    """The first printing's sum for a repeat of it: a sum of bare numbers ("72,000 - 35,000 - 10,000 = 27,000 MB") is
    in the unit its result was printed in, so printed again in another ("≈ 27 GB") it keeps that unit, not the repeat's."""
    from auditor.base.literal import literal_value

    bare, printed = literal_value(first.arithmetic) if first.arithmetic is not None else None, derivations.printed_value(first)
    if bare is None or printed is None or abs(bare - printed[0]) <= abs(printed[0]) / 20:
        return first.arithmetic  # a sum of units, or of bare numbers in base units already ("131,072 × 512 = 67.1 MB")
    unit, again_unit = derivations.unit_factor(first), derivations.unit_factor(again)
    if unit is None or again_unit is None or unit == again_unit or unit == 1 or not derivations.printed_unit(first):
        return first.arithmetic
    return f"({first.arithmetic}) * ({derivations.printed_unit(first)})"


SHORT_FIGURE = Fraction(1, 200)  # half a last digit wider than 0.5% of the figure: printed to fewer than three digits


def _rounds_to(exact: Fraction, literal: str) -> bool:
    """Whether a value only rounds to a figure printed to three digits or more ("22.0431" to "22.04"), not a slip
    away from it ("327.68" kB to "320") nor a figure so short its rounding hides one (1.07 GB to "1 GB")."""
    try:
        printed = parse_stated(literal).low
    except (AuditorError, ArithmeticError, ValueError):
        return False
    return bool(printed.value) and printed.half_ulp <= SHORT_FIGURE * abs(printed.value) and abs(exact - printed.value) <= printed.half_ulp
