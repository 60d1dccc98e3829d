"""``python -m auditor``: the same command as ``auditor``."""

import sys

from auditor.cli import main

sys.exit(main())
