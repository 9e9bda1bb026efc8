"""Shared test fixtures: scripted positions of each game (``tests/tables.py``), the user's
data folder in a temporary one, the package's wheel built once."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from tables import MediciTable, StrozziTable


@pytest.fixture(scope="session")
def medici_table() -> type[MediciTable]:
    """Scripted Medici positions (``tests/tables.py``)."""
    return MediciTable


@pytest.fixture(scope="session")
def strozzi_table() -> type[StrozziTable]:
    """Scripted Medici vs Strozzi positions (``tests/tables.py``)."""
    return StrozziTable


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path_factory, monkeypatch) -> None:
    """No test writes into the real user data folder: the default saves folder (and the
    platform's data folder behind it) point into a temporary folder for every test."""
    home = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("MEDICI_SAVES", str(home / "saves"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))


@dataclass(frozen=True)
class UnpackedWheel:
    """The package's wheel, built once a test run and unpacked as a stand-in site-packages."""

    site: Path
    names: frozenset[str]

    def run(self, probe: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        """Python code run from ``cwd`` with only the unpacked wheel to import ``engine``."""
        env = {**os.environ, "PYTHONPATH": str(self.site)}
        return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                              cwd=cwd, env=env, check=False)


@pytest.fixture(scope="session")
def unpacked_wheel(tmp_path_factory: pytest.TempPathFactory) -> UnpackedWheel:
    """``pip wheel .`` once for every test that checks what an install carries."""
    pytest.importorskip("hatchling", reason="the wheel build needs hatchling (the [test] extra)")
    root = Path(__file__).resolve().parent.parent
    where = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(where / "dist"), str(root)],
        capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    wheel = next((where / "dist").glob("medici-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = frozenset(archive.namelist())
        archive.extractall(where / "site")
    return UnpackedWheel(where / "site", names)


def pytest_sessionstart(session: pytest.Table) -> None:
    """Refuse to test a compiled module older than its source: Python would import the
    extension, so the tests would run yesterday's code (``scripts/compile.py`` again, or
    ``--clean``)."""
    import importlib.machinery

    import engine

    package = Path(engine.__file__).parent
    stale = []
    for name in engine.compiled():
        source = package.parent.joinpath(*name.split(".")).with_suffix(".py")
        built = [package.parent.joinpath(*name.split(".")[:-1], name.split(".")[-1] + s)
                 for s in importlib.machinery.EXTENSION_SUFFIXES]
        newest = max((p.stat().st_mtime for p in built if p.exists()), default=0.0)
        if source.stat().st_mtime > newest:
            stale.append(str(source.relative_to(package.parent)))
    if stale:
        pytest.exit(f"compiled modules older than their sources: {', '.join(stale)}; run "
                    "`python scripts/compile.py` again, or `--clean` for pure Python", 2)
