#!/usr/bin/env python3
"""Write the built-in catalogue's built form, shipped with the package, or check that it is current.

A cold run reads the built-in catalogue from ``auditor/_built/catalogue.json``
instead of building it from YAML with SymPy; the file is ignored whenever
its key is not the key of the files beside it, so a stale one costs speed,
never a wrong result. Run this after changing a formula, a units file or a
module of ``auditor/base`` or ``auditor/catalogue``; ``--check`` (and
``tests/test_built_catalogue.py``) fails while the shipped form is stale.

    python scripts/build_catalogue.py [--check]
"""

from __future__ import annotations

import json
import sys

from auditor.base.textio import write_atomic
from auditor.base.units import built_units_form, built_units_key
from auditor.catalogue import built
from auditor.catalogue.folders import catalogue_dirs
from auditor.catalogue.load import load_catalogue


def forms() -> dict:
    """Each shipped file and the text it should hold.

    The units table holds every unit text the built-in data uses: the
    catalogue's, the inputs' and the shipped claims' (audited here for it).
    """
    from auditor.api.auditing import check
    from auditor.audit.project import Project
    from auditor.inputs.reference import Inputs

    catalogue = load_catalogue(catalogue_dirs(None))
    inputs = Inputs(None)
    inputs.accelerators, inputs.dtypes  # every part's and dtype's units, read now  # noqa: B018
    check(project=Project(catalogue=catalogue, inputs=inputs), builtin=True)
    return {
        built.SHIPPED: json.dumps(built.shipped_form(catalogue), ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n",
        built.UNITS: json.dumps(built_units_form(), ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n",
    }


def _key_of(path) -> str | None:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("key")
    except (OSError, ValueError, AttributeError):
        return None


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    if check:
        stale = [path for path, current in ((built.SHIPPED, built.shipped_key()), (built.UNITS, built_units_key())) if _key_of(path) != current]
    for path, text in ({} if check else forms()).items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
            print(f"wrote {path}")
    for path in stale:
        print(f"{path} is stale: run python scripts/build_catalogue.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
