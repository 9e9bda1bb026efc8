"""The documentation tools of ``scripts/`` (a folder of scripts, not a package), imported
for the tests: ``docs_pages`` reads the pages, ``docs_figures`` writes their figures."""

from __future__ import annotations

import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

import docs_figures  # noqa: E402
import docs_pages  # noqa: E402

__all__ = ["docs_figures", "docs_pages"]
