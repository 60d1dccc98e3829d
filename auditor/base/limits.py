"""What one input may ask of a run: each bound declared once, with the reason for it.

Claims files, catalogues and config.json files arrive in strangers' pull
requests, and CI audits them unattended. A few bytes can stand for an
unbounded amount of work (an alias that repeats a subtree, a power tower, a
model with 10⁹ layers), so every way an input can make a run slow or large is
capped here, and a refusal names the file, the line and the limit it passed.
The figures sit far above anything a real document or model needs (the
reason says how far) and far below what would hurt a CI runner.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError, Location


@dataclass(frozen=True)
class Limit:
    """One bound: its value, what it counts, and why it is there."""

    name: str
    value: int | float
    unit: str
    reason: str


def _table(*limits: Limit) -> dict[str, Limit]:
    return {limit.name: limit for limit in limits}


LIMITS = _table(
    Limit("file_bytes", 4 * 2**20, "bytes", "the largest shipped claims file is 65 kB; every byte read is held, parsed and walked"),
    Limit("document_bytes", 16 * 2**20, "bytes", "a book chapter is under 1 MB; a document is read whole to locate quotes"),
    Limit("yaml_depth", 32, "levels of nesting", "shipped files nest 6 levels; the YAML reader recurses once per level"),
    Limit("yaml_nodes", 200_000, "nodes, aliases expanded", "an alias repeats its whole subtree wherever it is walked; a few lines can stand for billions of nodes"),
    Limit("collection_items", 10_000, "items in one list or mapping", "the longest shipped list has 194 claims; each item is audited"),
    Limit("diagnosis_triples", 4_000, "three-slip combinations tried for one claim", "the shipped claims that need three slips try under 1,200; each costs about as much as a pair, so the cap keeps an unexplained claim's search within a few times its pair search"),
    Limit("claims_per_file", 1_000, "claims in one claims file", "the largest shipped file has 194 claims; each costs a few ms cold, so a file stays within seconds (split a larger corpus across files)"),
    Limit("numbers_per_document", 10_000, "numbers one scan proposes claims for", "a long article prints a few hundred numbers and a results page a few thousand; each is matched against the catalogue"),
    Limit("text_chars", 10_000, "characters in one text field", "a quote locates a number with a short phrase; each is searched for in its document"),
    Limit("expression_chars", 2_000, "characters in one expression", "the longest shipped formula is under 200 characters; SymPy's work grows with the tree"),
    Limit("literal_digits", 40, "digits in an integer literal", "no inference constant needs more; exact arithmetic on long literals is slow"),
    Limit("literal_exponent", 64, "in a literal exponent", "2**64 is the largest power a formula writes; a tower of powers is a number of unbounded size"),
    Limit("printed_chars", 200, "characters in one printed quantity", "a stated number with its unit and qualifier is a few dozen characters; the reader backtracks over it"),
    Limit("printed_digits", 60, "characters in one printed number", "a document's number is a few digits; each digit costs exact arithmetic"),
    Limit("printed_exponent", 100, "in a power of ten", "10^100 is no inference quantity, and exact powers past it cost unbounded time"),
    Limit("exact_bits", 4_096, "bits in an exact intermediate", "inference quantities need under 200 bits; past this a value is carried as a float"),
    Limit("loop_count", 1_000_000, "terms in a harmonic sum or binomial", "exact sums and products loop once per term; past this an asymptotic float is used"),
    Limit("symbolic_seconds", 5, "seconds of SymPy work per check", "shipped property claims decide in well under a second; simplify has no bound of its own"),
    Limit("model_layers", 10_000, "decoder layers in a config.json", "the deepest shipped model has 126 layers; geometry holds one record per layer"),
    Limit("model_count", 10**12, "for any count in a config.json (heads, widths, experts)", "the largest real widths are under 10⁶; a count past this is a typo or an attack"),
    Limit("hub_response_bytes", 16 * 2**20, "bytes in one Hub answer (decompressed)", "a config.json is a few kB and a safetensors header under 1 MB"),
    Limit("hub_seconds", 60, "seconds of Hub traffic per command", "one pull or weigh takes a few seconds; a server that drips bytes would otherwise hold the command forever"),
)


def limit(name: str) -> int | float:
    """The value of the limit ``name``."""
    return LIMITS[name].value


def over(name: str, where: Location | None, what: str) -> InputError:
    """The located refusal for ``what`` (already measured and described) passing the limit ``name``."""
    bound = LIMITS[name]
    return InputError(where, f"{what}, over the limit of {bound.value:,} {bound.unit} ({bound.name})")
