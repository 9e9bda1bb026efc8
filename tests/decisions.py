"""Seeded games of the model bots, move by move: the record that says a speed-up changed
no decision.

``GAMES`` lists line-ups of ``greedy``, the field's styles and iteration-capped ``mcts`` in
both games and a house rule; ``moves(game)`` plays one (the runner's own ``play_game``
rule: game ``seed``, each seat's bot seeded by ``seat_seed``) and gives every move as text.
``tests/data/decisions.json`` holds the moves the code played when the record was made
(``python tests/decisions.py`` writes it again: only for a change that means to change
decisions, said in its commit); ``tests/test_decisions.py`` plays them again and compares.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = Path(__file__).parent / "data" / "decisions.json"

GAMES: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("medici", ("greedy",) * 3, 1),
    ("medici", ("greedy",) * 4, 1),
    ("medici", ("greedy",) * 4, 2),
    ("medici", ("greedy",) * 5, 3),
    ("medici", ("greedy", "greedy", "racer", "face", "thrifty", "collector"), 4),
    ("medici", ("greedy", "valuer", "spoiler", "hoarder"), 5),
    ("medici-four-days", ("greedy",) * 4, 6),
    ("medici-loans", ("greedy", "greedy", "random", "greedy"), 7),
    ("medici-tracks-on-purchase", ("greedy",) * 4, 8),
    ("medici", ("mcts:40", "greedy", "greedy", "racer"), 9),
    ("medici-vs-strozzi", ("greedy", "greedy"), 1),
    ("medici-vs-strozzi", ("greedy", "greedy"), 2),
    ("medici-vs-strozzi", ("greedy", "spoiler"), 3),
    ("medici-vs-strozzi", ("face", "greedy"), 4),
    ("medici-vs-strozzi", ("mcts:40", "greedy"), 5),
)
"""(variant, a bot per seat, seed) of each recorded game."""


def moves(variant: str, bots: tuple[str, ...], seed: int) -> list[str]:
    """Every move of one game, as text, with the final money last."""
    from engine.bots import make_bot
    from engine.chance import seat_seed
    from engine.game import new_game

    game = new_game(variant, len(bots), seed=seed)
    players = [make_bot(spec, seat_seed(seed, seat)) for seat, spec in enumerate(bots)]
    out = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        action = players[seat].choose(game.view(seat), game.legal_actions(), game.variant)
        out.append(f"{seat} {action}")
        game.apply(action)
    out.append("money " + " ".join(map(str, game.summary()["money"])))
    return out


def record() -> dict[str, list[str]]:
    """Every listed game's moves, keyed ``variant bots seed``."""
    return {f"{v} {','.join(b)} {s}": moves(v, b, s) for v, b, s in GAMES}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_text(json.dumps(record(), indent=0) + "\n")
    print(f"wrote {RECORD}")
