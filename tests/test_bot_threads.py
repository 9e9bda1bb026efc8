"""Bots own their state: two bots of one game decide in two threads at once, their decisions
interleaved, and make the same moves as when they play one after the other (issue 20,
item 1: a network host runs bots in worker threads)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import engine
from engine.bots import make_bot
from engine.chance import seat_seed
from engine.rules import Variant, load_variant


def _moves(variant: Variant, specs: list[str], seed: int,
           gate: threading.Barrier | None = None, turns: int = 60) -> list[str]:
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
        action = bots[seat].choose(game.view(seat), game.legal_actions(), variant)
        game.apply(action)
        moves.append(f"{seat}:{action}")
    if gate is not None:
        gate.abort()  # the other thread may have more turns: let it run on alone
    return moves


@contextmanager
def _switching_often() -> Iterator[None]:
    """Threads switch every few microseconds, so the decisions really interleave."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _in_two_threads(variant: Variant, lineups: list[list[str]], seeds: list[int],
                    turns: int) -> list[list[str]]:
    gate = threading.Barrier(2)
    out: list[list[str]] = [[], []]
    errors: list[BaseException] = []

    def play(i: int) -> None:
        try:
            out[i] = _moves(variant, lineups[i], seeds[i], gate, turns)
        except BaseException as err:  # noqa: BLE001 - reported by the main thread
            errors.append(err)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(2)]
    with _switching_often():
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
    assert not errors, errors
    assert not any(t.is_alive() for t in threads)
    return out


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
    together = _in_two_threads(variant, lineups, seeds, turns)
    assert together == alone
    assert all(len(moves) > 10 for moves in alone)
