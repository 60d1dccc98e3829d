"""``python -m auditor``: the same command as ``auditor``."""

from auditor.cli import run

run()
