"""Write the shipped example records in saves/: whole games played by the bots.

    python scripts/make_examples.py

Each game is seeded, and each bot seeded from the game's seed as the shell seeds them
(``engine.chance.seat_seed``), so running this again writes the same files.
"""

from __future__ import annotations

from pathlib import Path

from engine.bots import make_bot
from engine.chance import seat_seed
from engine.game import new_game
from engine.records import save_game

ROOT = Path(__file__).resolve().parent.parent

GAMES = [
    ("medici-4-players", "medici", {"Ann": "greedy", "Bo": "thrifty", "Cy": "valuer",
                                    "Di": "mcts:300"}, 2026),
    ("medici-vs-strozzi", "medici-vs-strozzi", {"Cosimo": "greedy", "Filippo": "mcts:300"},
     1434),
]


def main() -> None:
    for name, variant, seats, seed in GAMES:
        game = new_game(variant, list(seats), seed=seed)
        bots = [make_bot(spec, seed=seat_seed(seed, i)) for i, spec in enumerate(seats.values())]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), game.variant))
        path = save_game(game, ROOT / "saves" / f"{name}.json", bots=list(seats.values()))
        print(f"{path.relative_to(ROOT)}: {len(game.events)} events, winners "
              f"{', '.join(game.players[w] for w in game.winners)}")


if __name__ == "__main__":
    main()
