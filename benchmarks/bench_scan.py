"""The scan of a 100 KB page, as a ratio to `auditor check` on the shipped corpus, measured in the same run.

Run by hand (not by the tests):  python benchmarks/bench_scan.py

The page is the scan's Markdown tune documents (tests/data/scan/tune) repeated to 100 KB, so it has
the density of sums, tables and equations real pages have. Each timing is the best of three and
includes loading the project (catalogue and inputs), as the command does: `check` audits every
shipped claim and places it in its document; `scan -o` locates, proposes and audits each proposal (the
readings the audit settles on are the claims the file holds) and writes the claims file; the scan alone
(the API's `scan`) only locates and proposes.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from auditor.audit.project import Project
from auditor.documents.locate import Document, audit_paths
from auditor.scan.propose import Scanner, audit_proposals
from auditor.scan.proposals import proposals_yaml

REPO = Path(__file__).resolve().parent.parent
TUNE = REPO / "tests" / "data" / "scan" / "tune"
PAGE_BYTES = 100 * 1024


def timed(function, repeat: int = 3) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def page(folder: Path) -> Path:
    """A Markdown page of about PAGE_BYTES made of the tune documents, one after another, cut at a paragraph."""
    parts = [p.read_text(encoding="utf-8") for p in sorted(TUNE.glob("*.md"))]
    text = ""
    while len(text.encode("utf-8")) < PAGE_BYTES:
        text += "\n\n".join(parts) + "\n\n"
    text = text[: text.rfind("\n\n", 0, PAGE_BYTES) + 2]
    path = folder / "page.md"
    path.write_text(text, encoding="utf-8")
    return path


def check() -> int:
    project = Project.load(REPO)
    return len(audit_paths([REPO / "claims"], project))


def scan(path: Path, audit: bool) -> int:
    project = Project.load(REPO)
    document = Document.read(path)
    proposals = Scanner(document, project).proposals()
    if audit:
        audit_proposals(proposals, document, project)
        proposals_yaml(proposals, document, path.name)
    return sum(p.proposed for p in proposals)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = page(Path(folder))
        size = path.stat().st_size
        check()  # warm the imports both sides use, so neither pays them alone
        t_check, claims = timed(check)
        t_scan, proposed = timed(lambda: scan(path, audit=False))
        t_audit, _ = timed(lambda: scan(path, audit=True))
    print(f"auditor check, shipped corpus ({claims} claims): {t_check * 1000:8.0f} ms   1.00x")
    print(f"auditor scan -o, {size / 1024:.0f} KB page ({proposed} proposals): {t_audit * 1000:8.0f} ms   {t_audit / t_check:.2f}x")
    print(f"the scan alone (locate and propose), same page: {t_scan * 1000:8.0f} ms   {t_scan / t_check:.2f}x")


if __name__ == "__main__":
    main()
