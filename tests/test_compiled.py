"""The optional compiled build (mypyc): off by default, and the same games when on.

By default nothing is compiled: the editable install, ``pip install .`` and its wheel are
pure Python and need no compiler or mypy to build. ``MEDICI_EXPECT_COMPILED=1`` (CI's
compiled step, after ``python scripts/compile.py``) turns the first test round: then every
module ``scripts/compile.py`` lists must run compiled, and seeded games (random play and
iteration-capped bots, both games) must give the same events and money as the same tree
imported from its sources (``tests/compiled_check.py``).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import cli

ROOT = Path(__file__).resolve().parent.parent
EXPECT = os.environ.get("MEDICI_EXPECT_COMPILED", "") == "1"


def _compile_script():  # noqa: ANN202
    spec = importlib.util.spec_from_file_location("medici_compile", ROOT / "scripts" / "compile.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LISTED = sorted(path.removesuffix(".py").replace("/", ".") for path in _compile_script().MODULES)


def test_compiled_names_what_runs_compiled_and_by_default_nothing_does() -> None:
    assert list(engine.compiled()) == (LISTED if EXPECT else [])
    for name in LISTED:
        loader = importlib.import_module(name).__loader__
        assert isinstance(loader, importlib.machinery.ExtensionFileLoader) is EXPECT, name


def test_version_says_which_build_runs(capsys) -> None:
    assert cli.main(["--version"]) == 0
    lines = capsys.readouterr().out.splitlines()
    if EXPECT:
        assert lines[0] == f"medici {engine.__version__}, {len(LISTED)} modules compiled (mypyc):"
        assert [line.strip() for line in lines[1:]] == LISTED
    else:
        assert lines == [f"medici {engine.__version__}, pure Python"]


def test_the_default_wheel_is_pure_python_and_builds_without_mypy(unpacked_wheel,
                                                                   tmp_path) -> None:
    assert not any(name.endswith((".so", ".pyd")) for name in unpacked_wheel.names)
    info = next(n for n in unpacked_wheel.names if n.endswith(".dist-info/WHEEL"))
    wheel = (unpacked_wheel.site / info).read_text()
    assert "Root-Is-Purelib: true" in wheel and "Tag: py3-none-any" in wheel
    done = unpacked_wheel.run("import engine; print(engine.compiled())", tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "()", done.stderr


def test_the_build_hook_asks_for_mypy_only_for_a_compiled_build(monkeypatch) -> None:
    pytest.importorskip("hatchling", reason="the build hook is hatchling's (the [test] extra)")
    from hatchling.build import get_requires_for_build_wheel

    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("MEDICI_COMPILE", raising=False)
    assert get_requires_for_build_wheel() == []
    monkeypatch.setenv("MEDICI_COMPILE", "1")
    needs = get_requires_for_build_wheel()
    assert any(n.startswith("mypy") for n in needs) and any(n.startswith("setuptools")
                                                           for n in needs)


@pytest.mark.skipif(not EXPECT, reason="nothing is compiled: run scripts/compile.py and set "
                    "MEDICI_EXPECT_COMPILED=1 (CI's compiled step does)")
def test_compiled_games_are_the_pure_games_event_for_event() -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        import compiled_check
    finally:
        sys.path.remove(str(ROOT / "tests"))
    here = json.loads(json.dumps(compiled_check.games()))
    assert here["compiled"] == LISTED  # the games below ran compiled
    pure = subprocess.run([sys.executable, str(ROOT / "tests" / "compiled_check.py"), "--pure"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert pure.returncode == 0, pure.stderr[-3000:]
    reference = json.loads(pure.stdout)
    assert reference["compiled"] == []
    assert here["games"].keys() == reference["games"].keys()
    for key, game in reference["games"].items():
        assert here["games"][key]["money"] == game["money"], key
        assert here["games"][key]["events"] == game["events"], key
        assert here["games"][key].get("dict sizes") == game.get("dict sizes"), key
