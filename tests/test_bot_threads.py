"""Bots own their state: two bots of one game decide in two threads at once, their decisions
interleaved, and make the same moves as when they decide one after the other (issue 20,
item 1: the network host runs a seat's bot and a player's hint in worker threads, with no
lock between them)."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import engine
from engine.bots import make_bot
from engine.chance import seat_seed
from engine.game import Game
from engine.rules import Variant, load_variant

Spans = list[tuple[float, float]]
"""When each decision of a thread began and ended (``time.perf_counter``)."""


def _moves(variant: Variant, specs: list[str], seed: int,
           gate: threading.Barrier | None = None, turns: int = 60,
           spans: Spans | None = None) -> list[str]:
    """The first ``turns`` moves of a game; with a ``gate``, every decision waits for the
    other thread's, so the two threads' decisions run at the same time."""
    game = engine.new_game(variant, len(specs), seed=seed)
    bots = [make_bot(s, seat_seed(seed, k)) for k, s in enumerate(specs)]
    moves = []
    for _ in range(turns):
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        if gate is not None:
            try:
                gate.wait(timeout=60)
            except threading.BrokenBarrierError:
                gate = None  # the other game is over: play on alone
        began = time.perf_counter()
        action = bots[seat].choose(game.view(seat), game.legal_actions(), variant)
        if spans is not None:
            spans.append((began, time.perf_counter()))
        game.apply(action)
        moves.append(f"{seat}:{action}")
    if gate is not None:
        gate.abort()  # the other thread may have more turns: let it run on alone
    return moves


@contextmanager
def _switching_often() -> Iterator[None]:
    """Threads switch every few microseconds, and each hands the other its turn whenever it
    asks a game for its legal moves (every bot does, many times a decision): the decisions
    interleave at many points, not only where the interpreter happens to switch."""
    before = sys.getswitchinterval()
    legal_actions = Game.legal_actions

    def yielding(game: Game) -> Any:
        time.sleep(0)  # lets the other thread run
        return legal_actions(game)

    sys.setswitchinterval(1e-5)
    Game.legal_actions = yielding  # type: ignore[method-assign]
    try:
        yield
    finally:
        Game.legal_actions = legal_actions  # type: ignore[method-assign]
        sys.setswitchinterval(before)


def _run_both(work: list[Callable[[], Any]]) -> list[Any]:
    """Run the two callables in two threads at once; their results, or the first error."""
    out: list[Any] = [None, None]
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            out[i] = work[i]()
        except BaseException as err:  # noqa: BLE001 - reported by the main thread
            errors.append(err)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    with _switching_often():
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
    assert not errors, errors
    assert not any(t.is_alive() for t in threads)
    return out


def _overlaps(a: Spans, b: Spans) -> int:
    """How many decisions of ``a`` ran while one of ``b`` was running."""
    return sum(any(s < f2 and s2 < f for s2, f2 in b) for s, f in a)


@pytest.mark.parametrize(
    ("game", "lineups", "turns"),
    [
        # Greedy bots learn from every auction: their beliefs must stay their own.
        ("medici", [["greedy", "greedy", "thrifty", "greedy"],
                    ["greedy", "valuer", "greedy", "greedy"]], 80),
        ("medici", [["mcts:40", "greedy", "spoiler"], ["greedy", "mcts:40", "hoarder"]], 40),
        ("medici-vs-strozzi", [["mcts:30", "greedy"], ["greedy", "mcts:30"]], 40),
    ],
)
def test_two_threads_make_the_moves_of_one_after_the_other(
    game: str, lineups: list[list[str]], turns: int
) -> None:
    variant = load_variant(game)  # one variant object for both threads, as a host has
    seeds = [5, 6]
    alone = [_moves(variant, lineups[i], seeds[i], None, turns) for i in range(2)]
    gate = threading.Barrier(2)
    spans: list[Spans] = [[], []]
    together = _run_both([
        lambda i=i: _moves(variant, lineups[i], seeds[i], gate, turns, spans[i])  # type: ignore[misc]
        for i in range(2)
    ])
    assert together == alone
    assert all(len(moves) > 10 for moves in alone)
    # The decisions really ran at the same time (not one thread after the other).
    assert _overlaps(spans[0], spans[1]) >= 5


@pytest.mark.parametrize(
    ("game", "specs", "adviser", "turns"),
    [
        ("medici", ["greedy", "mcts:30", "face", "racer"], "mcts:30", 30),
        ("medici", ["greedy", "greedy", "collector"], "greedy", 60),
        ("medici-vs-strozzi", ["mcts:25", "greedy"], "mcts:25", 30),
    ],
)
def test_a_seats_bot_and_a_hint_think_at_once_in_one_game(
    game: str, specs: list[str], adviser: str, turns: int
) -> None:
    """As at a host's table: while the bot to move decides in one thread, another bot of
    the same game analyses the same position for a hint in another; each decides as it
    would alone."""
    variant = load_variant(game)

    spans: list[Spans] = [[], []]

    def timed(i: int, work: Callable[[], Any]) -> Any:
        began = time.perf_counter()
        got = work()
        spans[i].append((began, time.perf_counter()))
        return got

    def play(together: bool) -> list[tuple[str, list[tuple[str, float]]]]:
        table = engine.new_game(variant, len(specs), seed=9)
        bots = [make_bot(s, seat_seed(9, k)) for k, s in enumerate(specs)]
        hints = make_bot(adviser, seed=77)  # one hint bot, asked at every turn
        out = []
        for _ in range(turns):
            if table.is_over:
                break
            seat = table.current_player
            assert seat is not None
            view, legal = table.view(seat), table.legal_actions()

            def move() -> str:
                return str(bots[seat].choose(view, legal, variant))  # noqa: B023

            def hint() -> list[tuple[str, float]]:
                rows = hints.analyse(view, legal, variant, top=3)  # noqa: B023
                return [(str(r.action), r.value) for r in rows]

            if together:
                chosen, rows = _run_both([lambda: timed(0, move), lambda: timed(1, hint)])
            else:
                chosen, rows = move(), hint()
            table.apply(table.logic.grammar.parse(chosen))
            out.append((chosen, rows))
        return out

    alone = play(False)
    assert len(alone) > 10
    spans[0].clear()
    spans[1].clear()
    assert play(True) == alone
    assert _overlaps(spans[0], spans[1]) >= 5  # the two really thought at the same time
