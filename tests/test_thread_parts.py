"""The bots of one thread share their game's parts (``engine.bots.parts.thread_parts``), the
caches of what positions are worth, and make the very moves they make each with parts of
its own; two threads never share parts; a thread keeps the parts of a few variants only."""

from __future__ import annotations

import copy
import threading
from typing import Any

import pytest

import engine
from engine.bots import make_bot
from engine.bots.parts import KEPT_VARIANTS, AnyParts, ModelBot, build_parts, thread_parts
from engine.chance import seat_seed
from engine.rules import Variant, load_variant


def _game_events(name: str, specs: list[str], seed: int) -> list[Any]:
    """A whole seeded game of ``specs`` through ``Bot.choose``: its events."""
    variant = load_variant(name)
    game = engine.new_game(variant, len(specs), seed=seed)
    bots = [make_bot(s, seat_seed(seed, k)) for k, s in enumerate(specs)]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), variant))
    return game.events


TABLES = [
    ("medici", ["greedy", "greedy", "greedy", "greedy"], 11),
    ("medici", ["greedy", "mcts:25", "thrifty", "casual"], 12),
    ("medici", ["club", "spoiler", "greedy", "novice", "valuer"], 13),
    ("medici-vs-strozzi", ["greedy", "greedy"], 14),
    ("medici-vs-strozzi", ["greedy", "mcts:25"], 15),
    ("medici-vs-strozzi", ["expert", "face"], 16),
]


@pytest.mark.parametrize(("name", "specs", "seed"), TABLES)
def test_a_table_sharing_parts_plays_as_bots_each_with_their_own(
    monkeypatch: pytest.MonkeyPatch, name: str, specs: list[str], seed: int
) -> None:
    shared = _game_events(name, specs, seed)
    own: dict[int, tuple[ModelBot, Variant, AnyParts]] = {}

    def parts_of_its_own(bot: ModelBot, variant: Variant) -> AnyParts:
        """As before parts were shared: each bot built its own, on first use."""
        made = own.get(id(bot))
        if made is None or made[1] is not variant:
            made = own[id(bot)] = (bot, variant, build_parts(variant))
        return made[2]

    monkeypatch.setattr(ModelBot, "parts", parts_of_its_own)
    alone = _game_events(name, specs, seed)
    assert len({id(p) for _, _, p in own.values()}) > 1  # the bots did build their own
    assert alone == shared
    assert any(e["type"] in ("bid", "price") for e in shared)


def test_bots_of_one_thread_share_parts_and_two_threads_do_not() -> None:
    variant = load_variant("medici")
    here = make_bot("greedy", 1).parts(variant)
    assert make_bot("mcts:10", 2).parts(variant) is here
    assert make_bot("thrifty", 3).parts(variant) is here
    there: list[AnyParts] = []
    worker = threading.Thread(target=lambda: there.append(make_bot("greedy", 1).parts(variant)))
    worker.start()
    worker.join(timeout=60)
    assert len(there) == 1 and there[0] is not here
    assert thread_parts(load_variant("medici-vs-strozzi")) is not here


def test_a_thread_keeps_the_parts_of_a_few_variants() -> None:
    # Copies of one variant: other objects, so each has parts of its own.
    copies = [copy.copy(load_variant("medici")) for _ in range(KEPT_VARIANTS + 1)]
    first = thread_parts(copies[0])
    assert thread_parts(copies[0]) is first
    made = [thread_parts(v) for v in copies[1:]]
    assert len({id(p) for p in [first, *made]}) == len(copies)
    # The first was dropped when the thread's parts were full: built anew, not reused.
    assert thread_parts(copies[0]) is not first
