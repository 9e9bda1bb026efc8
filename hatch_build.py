"""hatchling's build hook: the optional compiled build (mypyc), only when asked.

``MEDICI_COMPILE=1 pip install .`` compiles the modules ``scripts/compile.py`` lists into
the wheel (which is then for this platform and Python only), asking for mypy and
setuptools as build requirements then; it needs a C compiler and the Python headers.
Without the variable the hook does nothing, requires nothing, and the wheel is the pure
Python one. An editable install (``pip install -e .``) stays pure Python either way:
``python scripts/compile.py`` builds the same modules in place in a checkout.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ASKED = "MEDICI_COMPILE"
"""The environment variable that asks for the compiled build (``1``, ``true`` or ``yes``)."""
NEEDS = [
    "mypy>=2.4,<2.5", "setuptools>=61",
    # mypyc type-checks the compiled modules and what they import, strictly, as ``mypy``
    # does in a checkout: the libraries they import, or their stubs, must be there too,
    # or the build stops ("Library stubs not installed for yaml", "Cannot find ...
    # transitions", "... numpy"). The same pins as ``[project]``'s and the extras'.
    "types-PyYAML>=6.0", "transitions>=0.9.1", "typing_extensions>=4.12", "numpy>=1.24",
    # The text kit (engine/text), which the games' modules import, reads prompt-toolkit's
    # character widths.
    "prompt-toolkit>=3.0.40",
]
"""What the compiled build needs to build (mypyc ships with mypy; the same pin as the test
extra's, under which the typed core is checked), and what its type check reads."""


def asked() -> bool:
    """Whether this build was asked to compile."""
    return os.environ.get(ASKED, "").strip().lower() in ("1", "true", "yes")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the hot modules with mypyc into a standard wheel, if ``MEDICI_COMPILE``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """Build requirements: only for a compiled build (a pure one needs none)."""
        return list(NEEDS) if asked() and self.target_name == "wheel" else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Build the extensions and add them to the wheel, marked platform-specific."""
        if not asked() or self.target_name != "wheel":
            return
        if version == "editable":
            self.app.display_warning(
                f"{ASKED}: an editable install stays pure Python; "
                "run `python scripts/compile.py` in the checkout instead")
            return
        root = Path(self.root)
        spec = importlib.util.spec_from_file_location("medici_compile",
                                                      root / "scripts" / "compile.py")
        assert spec and spec.loader
        compile_ = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(compile_)
        self._out = tempfile.TemporaryDirectory(prefix="medici-wheel-")
        out = Path(self._out.name)
        self.app.display_info(f"{ASKED}: compiling {len(compile_.MODULES)} modules with mypyc")
        for path in compile_.build(root, build_lib=out):
            build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # cp311-cp311-<platform>: what the extensions need

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the built extensions' temporary folder once the wheel holds them."""
        out = getattr(self, "_out", None)
        if out is not None:
            out.cleanup()
