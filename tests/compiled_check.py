"""Seeded games whose every event and final money a compiled build must reproduce.

``python tests/compiled_check.py`` prints them as JSON from the engine as it imports
(compiled where an extension module sits beside its source); ``--pure`` imports every
``engine`` module from its ``.py`` source even so, and checks that it did. The test
(``tests/test_compiled.py``) compares the two, so the pure run is the reference.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

RANDOM_GAMES = [("medici", 4, range(12)), ("medici", 6, range(4)),
                ("medici-vs-strozzi", 2, range(12))]
"""(variant, players, seeds) played by ``play_random``."""
BOT_GAMES = [
    ("medici", ["mcts:150", "greedy", "thrifty", "random"], 1),
    ("medici", ["greedy", "racer", "greedy"], 2),
    ("medici-vs-strozzi", ["mcts:150", "greedy"], 1),
    ("medici-vs-strozzi", ["greedy", "spoiler"], 3),
    # Long enough that the search's valuation fills its standings and empties its memos
    # (engine/bots/positions.py) more than once.
    ("medici-vs-strozzi", ["thrifty", "mcts:300"], 4),
]
"""(variant, bots, seed): whole games by iteration-capped bots (deterministic at any load)."""
SPIEL_GAMES = [("python_medici", {"players": 4}, range(4)), ("python_medici", {"players": 3},
                                                               range(2)),
               ("python_medici_vs_strozzi", {}, range(4))]
"""(OpenSpiel game, parameters, seeds): random playthroughs of the OpenSpiel adapter (its
chance nodes, action ids and validation go through the compiled rules), where pyspiel is
installed."""


class SourceOnly(importlib.abc.MetaPathFinder):
    """Finds ``engine`` modules as usual, but from their ``.py`` where an extension is."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """The source's spec in place of a compiled module's."""
        if name.partition(".")[0] != "engine":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return spec
        assert spec.origin is not None
        source = Path(spec.origin).with_name(name.rpartition(".")[2] + ".py")
        return importlib.util.spec_from_file_location(name, source)


def extension_modules() -> list[str]:
    """The ``engine`` modules imported so far that are extension modules (mypyc's shared
    library, ``engine.native__mypyc``, apart)."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.partition(".")[0] == "engine" and not name.endswith("__mypyc")
                  and isinstance(getattr(module, "__loader__", None),
                                 importlib.machinery.ExtensionFileLoader))


def games() -> dict[str, Any]:
    """Every game's events and money, and which engine modules ran compiled."""
    from engine import load_variant, new_game
    from engine.bots import make_bot, seat_seed
    from engine.runs.random_play import play_random

    out: dict[str, Any] = {}
    for name, players, seeds in RANDOM_GAMES:
        var = load_variant(name)
        for seed in seeds:
            game = play_random(var, players, seed)
            out[f"random {name} {players}p seed {seed}"] = _record(game)
    for name, bots, seed in BOT_GAMES:
        game = new_game(name, len(bots), seed=seed)
        players = [make_bot(spec, seat_seed(seed, seat)) for seat, spec in enumerate(bots)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat), game.legal_actions(),
                                            game.variant))
        out[f"{name} {','.join(bots)} seed {seed}"] = _record(game)
    out.update(spiel_games())
    return {"games": out, "compiled": extension_modules()}


def spiel_games() -> dict[str, Any]:
    """Each OpenSpiel playthrough's chance outcomes and moves (ids), its final view and
    returns; none without pyspiel (the ``openspiel`` extra)."""
    if importlib.util.find_spec("pyspiel") is None:
        return {}
    import random

    import pyspiel

    import engine.integrations.openspiel  # noqa: F401  (registers the games)

    out: dict[str, Any] = {}
    for name, params, seeds in SPIEL_GAMES:
        game = pyspiel.load_game(name, params)
        for seed in seeds:
            rng = random.Random(seed)
            state = game.new_initial_state()
            steps: list[Any] = []
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, probs)[0]
                    steps.append([action, list(probs)])
                else:
                    legal = state.legal_actions()
                    action = rng.choice(legal)
                    steps.append([action, len(legal)])
                state.apply_action(action)
            out[f"openspiel {name} {params} seed {seed}"] = {
                "events": [steps, str(state)], "money": state.returns()}
    return out


def _record(game: Any) -> dict[str, Any]:
    views = [game.view(None), *(game.view(seat) for seat in range(len(game.view(None)["players"])))]
    return {"events": json.loads(json.dumps(list(game.events), default=repr)),
            "money": game.summary()["money"],
            "dict sizes": [dict_sizes(list(game.events)), dict_sizes(views)]}


def dict_sizes(value: Any) -> list[int]:
    """``sys.getsizeof`` of every dict in ``value``, nested ones too, in order: compiled code
    must build the same compact dicts as CPython (mypyc makes a display of more than five
    entries a dict of general keys, 80 bytes more; docs/performance.md)."""
    out: list[int] = []
    if isinstance(value, dict):
        out.append(sys.getsizeof(value))
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        for item in value:
            out += dict_sizes(item)
    return out


def main() -> None:
    """Print the games as JSON (``--pure``: from the sources only)."""
    if "--pure" in sys.argv[1:]:
        sys.meta_path.insert(0, SourceOnly())
    result = games()
    if "--pure" in sys.argv[1:] and result["compiled"]:
        raise SystemExit(f"--pure still imported compiled modules: {result['compiled']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
