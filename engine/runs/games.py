"""Playing the games of a run: one game between bots, and a batch of a run's games.

Game ``i`` of a run with seed ``s`` is dealt from seed ``s + i`` and seats the line-up
rotated by ``i`` places (seat ``k`` gets bot ``(k + i) mod n``), so over ``n`` games every
bot sits in every seat once. A game depends on nothing but its variant, line-up and seed,
so a run gives the same results in this process, on a pool of processes or on a cluster
(``engine.runs.pool``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from engine.bots import Bot, make_bot
from engine.chance import seat_seed
from engine.game import Game, new_game
from engine.rules import Variant, load_variant, variant_from_rules
from engine.runs.random_play import play_random
from engine.views import Summary

RANDOM = "random"
"""The bot spec of uniformly random play."""


class Played(Summary):
    """One game of a run: ``Game.summary()`` (with the game's own tallies) and who played."""

    bots: list[str]
    """The bot spec of each seat."""
    seed: int


class Numbered(Played):
    """A game of a run, numbered: game ``game`` of the run (its seed and seats follow)."""

    game: int


bot_seed = seat_seed
"""The seed of the bot in a seat (``engine.chance.seat_seed``, shared with the shell)."""


def play_game(variant: str | Variant, bots: Sequence[str], seed: int) -> Played:
    """One game with ``bots[k]`` in seat ``k``: ``game.summary()`` plus ``bots`` and ``seed``.

    Each bot sees only its player's view (``Game.view(seat)``). A line-up of random bots
    plays ``engine.runs.random_play.play_random``, so it matches plain random simulation.
    """
    var = variant if isinstance(variant, Variant) else load_variant(variant)
    specs = list(bots)
    if all(spec == RANDOM for spec in specs):
        game = play_random(var, len(specs), seed)
    else:
        game = new_game(var, len(specs), seed=seed)
        players = [make_bot(spec, bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
        _play(game, players)
    return {**game.summary(), "bots": specs, "seed": seed}


def _play(game: Game, players: list[Bot]) -> None:
    # The fast path: ``Bot.choose_in`` checks its move against the legal list of this very
    # state, so the move needs no second check; a bot that rebuilds its game may build it
    # from the game (``seat_game``), not from a view made to be read back.
    push = game.push
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        push(players[seat].choose_in(game, seat))


def lineup(bots: Sequence[str], index: int) -> list[str]:
    """The seats of game ``index``: the line-up rotated by ``index`` places."""
    n = len(bots)
    return [bots[(seat + index) % n] for seat in range(n)]


def play_batch(
    rules: dict[str, Any], source: str, bots: Sequence[str], seed: int, indexes: Sequence[int]
) -> list[Numbered]:
    """Games ``indexes`` of a run (for a worker process or a Dask worker).

    The variant travels as its resolved rules, so workers need no rules files of their own.
    """
    return list(iter_batch(rules, source, bots, seed, indexes))


def iter_batch(
    rules: dict[str, Any], source: str, bots: Sequence[str], seed: int, indexes: Iterable[int]
) -> Iterator[Numbered]:
    """``play_batch`` one game at a time: each record as its game ends (nothing held)."""
    var = variant_from_rules(rules, source)
    for i in indexes:
        yield {**play_game(var, lineup(bots, i), seed + i), "game": i}
