"""Host links a page names: a PCIe generation and width ("PCIe 4.0 x16", "Gen5 x8"), a DRAM speed and its
channels ("DDR5-5600", "8-ch", "dual-channel").

Each is read as the inputs of the catalogue's host-link formulas (``pcie_link_bandwidth``,
``dram_bandwidth``): a generation's per-lane transfer rate and line encoding come from
``inputs/host_links.yaml``, so a page that names "PCIe Gen4" and prints 31.5 GB/s is checked against
16 GT/s × 16 lanes × 128/130. A "Gen" without "PCIe" anywhere on the page is some other generation
(a GPU's, a model's) and is not read.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from .inputs import Assignment

PCIE = re.compile(r"(?i)\bPCI-?e(?:xpress)?(?![a-z])|\bPCI Express\b")
LINK_NAME = r"\bPCI-?e[\s-]*(?:gen[\s-]*)?\d(?:\.\d)?(?:[\s-]*[x×]\d{1,2})?|\bDDR\d[\s-]\d{3,5}"
"""A host link's name with its figures ("PCIe 4.0 x8", "DDR5-5600"), case aside: its digits name the link, and no
printed sum takes them for operands (``sums.BOUNDARY``)."""
GENERATION = re.compile(
    r"(?i)(?:\bPCI-?e(?:xpress)?|\bPCI Express)[\s-]*(?:gen(?:eration)?[\s-]*)?(?P<pcie>[1-9])(?:\.0)?(?![\d.])"
    r"|\bgen(?:eration)?[\s-]?(?P<gen>[1-9])(?![\d.])"
)
""""PCIe 4.0", "PCIe Gen5", "PCIe4", "PCI Express 3.0"; a bare "Gen4" only on a page that names PCIe."""
LANES = re.compile(r"(?<![\w.])[x×](?P<n>1|2|4|8|16|32)(?!\w|\.\d)|(?<![\w.])(?P<count>1|2|4|8|16|32)[\s-]lanes?\b", re.IGNORECASE)
"""A link's width: "x16", "×8", "16 lanes" (the widths PCIe links come in)."""
DDR = re.compile(r"(?i)\b(?:LP)?DDR[3-6]X?[\s-](?P<rate>\d{3,5})\b")
"""A DRAM speed grade: "DDR4-3200", "DDR5 5600" (the number is its MT/s)."""
CHANNELS = re.compile(
    r"(?i)(?<![\w.])(?P<n>\d{1,2})[\s-]?(?:ch\b|channels?\b)|\b(?P<word>single|dual|triple|quad|hexa|octa)[\s-]channel\b"
)
NAMED_LINK_REACH = 60  # characters from a generation's name to the bandwidth it gives ("PCIe 4.0 x16 link moves 31.5 GB/s")
DRAM_WORDS = re.compile(r"(?i)\b(?:dram|system ram|host ram|memory channels?)\b")
CHANNEL_WORDS = {"single": 1, "dual": 2, "triple": 3, "quad": 4, "hexa": 6, "octa": 8}


@lru_cache(maxsize=1)
def pcie_generations() -> dict[int, tuple[Fraction, Fraction]]:
    """Each PCIe generation's (transfer rate in GT/s per lane, share of transfers that carry data)."""
    from auditor.base.quantity import parse_given
    from auditor.base.resources import builtin
    from auditor.base.units import parse_unit
    from auditor.base.yamlio import load_yaml

    gigatransfers = parse_unit("GT/s").factor
    table = {}
    for generation, entry in (load_yaml(builtin("inputs") / "host_links.yaml") or {}).get("pcie", {}).items():
        rate, unit = parse_given(entry["transfer_rate"])
        encoding, _ = parse_given(entry["encoding"])
        table[int(generation)] = (rate * unit.factor / gigatransfers, encoding)
    return table


X16_SLACK = Fraction(3, 100)  # how near a printed bandwidth stands to a generation's x16 figure to be that figure


def an_x16_figure(bytes_per_second: Fraction) -> bool:
    """Whether a bandwidth is a PCIe generation's sixteen-lane figure, one way or both, before or after its line code:
    "128 GB/s" is Gen5 x16 both ways as vendors round it (126 GB/s after 128b/130b)."""
    for rate, encoding in pcie_generations().values():
        raw = rate * 10**9 * 16 / 8
        for figure in (raw, raw * encoding, 2 * raw, 2 * raw * encoding):
            if abs(bytes_per_second / figure - 1) <= X16_SLACK:
                return True
    return False


def link_settings(text: str, tables=()) -> list[Assignment]:
    """The host-link inputs the text sets, each where it is written, and those a table's column header sets for each
    cell below it ("x16 (GB/s)" is a 16-lane link)."""
    found = []
    lowered = text.casefold()  # a page that names no host link costs a substring search, not a regular expression
    names_pcie = "pci" in lowered and PCIE.search(text) is not None
    generations = pcie_generations()
    for match in GENERATION.finditer(text) if names_pcie else ():
        group = "pcie" if match["pcie"] else "gen"
        generation = generations.get(int(match[group]))
        if generation is not None:
            span = (match.start(group), match.end(group))
            found.append(Assignment(match.start(), match.end(), frozenset({"pcie_transfer_rate"}), (generation[0],), (span,)))
            found.append(Assignment(match.start(), match.end(), frozenset({"pcie_encoding"}), (generation[1],), ()))
    if names_pcie:
        for match in LANES.finditer(text):
            group = "n" if match["n"] else "count"
            found.append(Assignment(match.start(), match.end(), frozenset({"pcie_lanes"}), (Fraction(match[group]),), ((match.start(group), match.end(group)),)))
        found += _column_lanes(tables)
    grades = list(DDR.finditer(text)) if "ddr" in lowered else []
    for match in grades:
        found.append(Assignment(match.start(), match.end(), frozenset({"dram_transfer_rate"}), (Fraction(match["rate"]),), ((match.start("rate"), match.end("rate")),)))
    if grades or (("ram" in lowered or "channel" in lowered) and DRAM_WORDS.search(text)):
        for match in CHANNELS.finditer(text):
            count = Fraction(match["n"]) if match["n"] else Fraction(CHANNEL_WORDS[match["word"].lower()])
            span = ((match.start("n"), match.end("n")),) if match["n"] else ()
            found.append(Assignment(match.start(), match.end(), frozenset({"dram_channels"}), (count,), span))
    return found


def _column_lanes(tables) -> list[Assignment]:
    """The width a table's column header gives each cell below it: "x16 (GB/s)" is a 16-lane link."""
    found = []
    for table in tables:
        for index, header in enumerate(table.header or ()):
            lanes = LANES.search(header.text) if index else None
            if lanes is None:
                continue
            value = Fraction(lanes["n"] or lanes["count"])
            found += [Assignment(row[index].start, row[index].start, frozenset({"pcie_lanes"}), (value,), ()) for row in table.rows[1:] if index < len(row)]
    return found
