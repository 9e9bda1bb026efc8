"""Issue 28 item 4: applications off the core. The records import no bot, the OpenSpiel bot
does not reach up into the adapters, and a game's descriptor names its parts by typed
loaders (no ``module:attribute`` strings, no untyped ``extra``)."""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import botspecs, registry
from engine.records import load_game, save_game

ROOT = Path(__file__).resolve().parent.parent


def _imports(folder: Path) -> dict[str, set[str]]:
    """Each module of ``folder`` (by file name) and the modules it imports, at any depth of
    its code (a function's own imports too)."""
    out: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        out[path.name] = found
    return out


def test_the_records_import_no_bot() -> None:
    for name, modules in _imports(ROOT / "engine" / "records").items():
        assert not {m for m in modules if m == "engine.bots" or m.startswith("engine.bots.")}, \
            name


def test_the_openspiel_bot_reaches_no_adapter() -> None:
    modules = _imports(ROOT / "engine" / "bots")["openspiel_bot.py"]
    assert not {m for m in modules if m.startswith("engine.integrations")}, modules
    assert "engine.spiel.game" in modules or "engine.spiel" in modules


def _run(code: str) -> list[str]:
    """What ``code`` prints, run in a fresh interpreter (nothing imported before it)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True, timeout=120)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_loading_a_record_with_bot_seats_imports_no_bot(tmp_path: Path) -> None:
    import engine

    game = engine.new_game("medici", ["Ann", "Bo"], seed=4)
    game.apply("draw")
    path = save_game(game, "seats", bots=[None, "mcts:200"], directory=tmp_path)
    loaded = _run(
        "import json, sys\n"
        "from engine.records import load_game\n"
        f"assert load_game({str(path)!r}).bots == [None, 'mcts:200']\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('engine.'))))")
    assert not [m for m in loaded if m == "engine.bots" or m.startswith("engine.bots.")]
    assert "engine.botspecs" in loaded


def test_an_openspiel_bot_decides_without_the_adapter() -> None:
    pytest.importorskip("pyspiel")
    loaded = _run(
        "import json, sys\n"
        "import engine\n"
        "from engine.bots import make_bot\n"
        "game = engine.new_game('medici', 3, seed=2)\n"
        "game.apply('draw')\n"
        "bot = make_bot('openspiel-mcts:20', seed=1)\n"
        "bot.choose(game.view(game.current_player), game.legal_actions(), game.variant)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('engine.'))))")
    assert "engine.spiel.game" in loaded
    assert not [m for m in loaded if m.startswith("engine.integrations")], loaded


def test_the_bots_register_the_spec_check_the_records_ask(tmp_path: Path) -> None:
    import engine
    import engine.bots

    assert botspecs.spec_problem("greedy") is None
    assert "unknown bot 'frobnicate'" in str(botspecs.spec_problem("frobnicate"))
    game = engine.new_game("medici", ["Ann", "Bo"], seed=4)
    path = save_game(game, "mine", bots=[None, "greedy"], directory=tmp_path)
    assert load_game(path).bots == [None, "greedy"]


def test_the_descriptor_has_typed_parts_and_no_untyped_back_door() -> None:
    names = {f.name for f in dataclasses.fields(registry.GameInfo)}
    assert "extra" not in names and not hasattr(registry.GameInfo, "load")
    strozzi = registry.game_info("medici-vs-strozzi")
    assert strozzi.move_label is not None
    label = strozzi.move_label()
    game = registry.game_info("medici")
    # Every part is a loader (a function), never a "module:attribute" string.
    for info in (game, strozzi):
        for name in ("narrator", "table", "rules_text", "model", "encoding", "styles"):
            load = getattr(info, name)
            assert callable(load) and not isinstance(load, str), (info.id, name)
    assert callable(label)
