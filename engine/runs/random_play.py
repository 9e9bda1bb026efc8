"""Random play: the uniformly random policy (``random_choice``) and whole games played by it
(``play_random``), for the random bot, the runners and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import engine.game as game_module
from engine.actions import Action, Legal, Span, amount_action
from engine.chance import BELOW_LIMITS, Rng, below_limit
from engine.game import Game, new_game
from engine.logic import State
from engine.rules import Variant

Policy = Callable[[Game, Rng], Action]

OPEN_RANGE = 50
"""How far above its lower end an open-ended range (a price with loans) is sampled."""


def random_choice(legal: Sequence[Legal], rng: Rng) -> Action:
    """A random pick from ``legal``: a uniform entry, then a uniform amount within a range.

    Picking the entry first keeps auctions from being flooded by the many possible bids.
    Open-ended ranges (prices with loans) are capped at their lower end plus ``OPEN_RANGE``.
    """
    entry = legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]
    if entry.__class__ is Span:
        top = entry.lo + OPEN_RANGE if entry.hi is None else entry.hi
        return amount_action(entry.kind, entry.lo + rng.below(top - entry.lo + 1))
    return entry  # type: ignore[return-value]  # not a Span: an Action (mypy narrows no __class__ test)


def random_action(game: Game, rng: Rng) -> Action:
    """A random legal action of ``game`` (see ``random_choice``)."""
    return random_choice(game.legal_actions(), rng)


POLICY_SALT = 0x5DEECE66D
"""Mixed into a game's seed to seed ``play_random``'s policy: its own SplitMix64 stream."""


def _pushing(game: Game) -> Callable[[State, Action], None]:
    """``logic.perform``'s signature, moving through ``game.push`` (and its checks)."""
    def push(_: State, action: Action) -> None:
        game.push(action)
    return push


def play_random(variant: Variant | str, players: int, seed: int) -> Game:
    """One game played to the end by random legal actions (deterministic for a seed).

    The policy is ``random_choice``'s, drawing from ``Rng(seed ^ POLICY_SALT)``: a seed
    gives the same game as in every earlier release. Every move comes from
    ``legal_actions()`` of the state it is played in, so it goes through the fast path,
    ``Game.push`` (its body for a seeded game: the logic's ``perform``); the games are the
    same as through ``apply``.
    """
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed ^ POLICY_SALT)
    ahead: list[int] = []  # the policy's next SplitMix64 outputs
    k = 0
    logic = game.logic
    st = game.state  # a seeded game keeps its state object: push never replaces it
    # ``Game.push`` and ``Game.legal_actions`` inlined, as they are for a seeded game: the
    # phase's offer, then ``logic.perform``, two calls less a move (``push`` itself while
    # ``CHECK_PUSH`` asks for its checks).
    perform = _pushing(game) if game_module.CHECK_PUSH else logic.perform
    offers = logic.offers
    final = logic.pm.final_states
    while st.phase not in final:
        options = offers[st.phase](st)
        n = len(options)
        entry = options[0]
        # random_choice with Rng.below inlined (its draws, in order): two calls less a move.
        if n > 1:
            limit = BELOW_LIMITS[n] if n <= 256 else below_limit(n)
            while True:
                if k == len(ahead):
                    ahead, k = rng.outputs(64), 0
                z = ahead[k]
                k += 1
                if z < limit:
                    break
            entry = options[z % n]
        if entry.__class__ is Span:
            lo = entry.lo
            n = (OPEN_RANGE if entry.hi is None else entry.hi - lo) + 1
            limit = BELOW_LIMITS[n] if n <= 256 else below_limit(n)
            while True:
                if k == len(ahead):
                    ahead, k = rng.outputs(64), 0
                z = ahead[k]
                k += 1
                if z < limit:
                    break
            entry = amount_action(entry.kind, lo + z % n)
        perform(st, entry)  # type: ignore[arg-type]
    return game


