"""Property tests (hypothesis) over random legal Medici play with 2-6 players.

Invariants checked after every action: the 36 cards are all accounted for (M-1, M-3), money
never negative and changed only by purchases and payouts (M-2, M-10, M-13..M-17), no ship
over capacity (M-4), tracks within 0..7 and never falling (M-5, M-15), player views hide the
pile and the removed cards (G-3). Then: illegal actions change nothing (G-2), clones are
independent, play is deterministic, replay rebuilds the game (G-1), and the strict
``transitions`` machine plays exactly like the compiled table.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import engine
from engine.actions import Action, Span
from engine.chance import Rng
from engine.game import Game
from engine.runs.random_play import random_choice

CARDS = Counter(
    [f"{c}:{v}" for c in ("cloth", "fur", "grain", "dye", "spice") for v in (0, 1, 2, 3, 4, 5, 5)]
    + ["gold:10"]
)  # M-1
CAPACITY = {2: 7, 3: 5, 4: 5, 5: 5, 6: 5}  # M-4
TOP = 7  # M-5

FAST = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

players_st = st.integers(min_value=2, max_value=6)
seed_st = st.integers(min_value=0, max_value=2**63 - 1)
# How often a bidder passes and a selector draws again: the extremes give discarded lots and
# empty piles (M-12 b), or full ships and free fills (M-12 a).
bias_st = st.integers(min_value=0, max_value=100)


class Player:
    """A random policy over legal actions, its choices from a seeded generator."""

    def __init__(self, seed: int, pass_bias: int, draw_bias: int) -> None:
        self.rng = Rng(seed)
        self.pass_bias = pass_bias
        self.draw_bias = draw_bias

    def choose(self, game: Game) -> Action:
        """A legal action: draw/stop by ``draw_bias``, pass by ``pass_bias``, else a bid."""
        legal = game.legal_actions()
        spans = [e for e in legal if isinstance(e, Span)]
        plain = [e for e in legal if isinstance(e, Action)]
        rng = self.rng
        if game.phase == "selecting":
            draw = Action("draw")
            if draw in plain and (len(plain) == 1 or rng.below(100) < self.draw_bias):
                return draw
            return Action("stop")
        if spans and rng.below(100) >= self.pass_bias:
            span = spans[0]
            assert span.hi is not None
            # Half the bids near the minimum, half anywhere up to all the bidder's money.
            top = span.hi if rng.below(2) else min(span.hi, span.lo + 3)
            return Action("bid", span.lo + rng.below(top - span.lo + 1))
        return Action("pass")


def play(game: Game, policy: Player, limit: int | None = None) -> list[Action]:
    """Play to the end (or ``limit`` actions); returns the actions applied."""
    done = []
    while not game.is_over and (limit is None or len(done) < limit):
        action = policy.choose(game)
        game.apply(action)
        done.append(action)
    return done


class Ledger:
    """Money rebuilt from the events: only purchases (at the winning bid) and payouts change it."""

    def __init__(self, money: list[int]) -> None:
        self.money = list(money)
        self.high: dict[str, Any] | None = None

    def feed(self, events: list[dict[str, Any]]) -> None:
        """Account for new events."""
        for event in events:
            kind = event["type"]
            if kind == "stop":  # an auction begins
                self.high = None
            elif kind == "bid":
                assert self.high is None or event["amount"] > self.high["amount"]  # M-9
                self.high = event
            elif kind == "buy":  # M-10: the high bidder pays the high bid
                assert self.high is not None
                assert (event["player"], event["price"]) == (
                    self.high["player"], self.high["amount"],
                )
                self.money[event["player"]] -= event["price"]
            elif kind == "discard":
                assert self.high is None  # M-10: only when nobody bid
            elif kind == "payout":
                assert event["amount"] >= 0
                self.money[event["player"]] += event["amount"]


def check_cards(view: dict[str, Any]) -> None:
    """M-1, M-3: pile + removed + lot + ships + discards are exactly the 36 cards."""
    seen = view["pile"] + view["removed"] + view["lot"] + view["discards"]
    for p in view["players"]:
        seen += p["ship"]
    assert Counter(seen) == CARDS


@given(players=players_st, seed=seed_st, pass_bias=bias_st, draw_bias=bias_st)
@FAST
def test_invariants_hold_after_every_action(players, seed, pass_bias, draw_bias):
    """M-1..M-5, M-15, G-3: cards, money, ships and tracks stay consistent throughout play."""
    game = engine.new_game("medici", players, seed=seed)
    policy = Player(seed ^ 0xA5, pass_bias, draw_bias)
    view = game.view()
    check_cards(view)
    seen_events = len(game.events)
    ledger = Ledger([p["money"] for p in view["players"]])
    while not game.is_over:
        game.apply(policy.choose(game))
        new = game.view()
        check_cards(new)
        ledger.feed(game.events[seen_events:])
        seen_events = len(game.events)
        money = ledger.money
        assert [p["money"] for p in new["players"]] == money
        for before, after in zip(view["players"], new["players"], strict=True):
            assert after["money"] >= 0  # M-2
            assert len(after["ship"]) <= CAPACITY[players]  # M-4
            assert after["free_holds"] == CAPACITY[players] - len(after["ship"])
            for commodity, level in after["tracks"].items():
                assert before["tracks"][commodity] <= level <= TOP  # M-5, M-15
        view = new
    assert game.events[-1]["type"] == "game_over"
    assert game.events[-1]["money"] == money
    assert game.winners == [p for p, m in enumerate(money) if m == max(money)]


@given(players=players_st, seed=seed_st, steps=st.integers(0, 400))
@FAST
def test_player_views_hide_pile_and_removed(players, seed, steps):
    """G-3: a player's view has no pile or removed cards, but the same public facts."""
    game = engine.new_game("medici", players, seed=seed)
    play(game, Player(seed, 50, 50), limit=steps)
    full = game.view()
    assert full["viewer"] is None
    for seat in range(players):
        mine = game.view(seat)
        assert "pile" not in mine and "removed" not in mine
        assert "?" not in json.dumps(mine)
        assert mine["viewer"] == seat
        public = {k: v for k, v in full.items() if k not in ("pile", "removed", "viewer")}
        assert {k: v for k, v in mine.items() if k != "viewer"} == public
        assert json.loads(json.dumps(mine)) == mine


def wrong_actions(game: Game) -> list[str | Action]:
    """Actions the rules forbid right now, by phase (M-8, M-9, game over)."""
    view = game.view()
    phase = game.phase
    out: list[str | Action] = ["draw 2", "stop 1", "pass 3", "bid", "bid x", "bid -1", "buy 3"]
    out += [Action("draw", 1), Action("bid"), Action("bid", 5, 3), Action("load", 4)]
    if phase == "selecting":
        out += ["bid 1", "pass", Action("bid", 3)]
        if not view["lot"]:
            out.append("stop")
        if not game.is_legal("draw"):
            out.append("draw")
    elif phase == "bidding":
        bidder = view["players"][game.current_player]
        out += ["draw", "stop", "bid 0", f"bid {bidder['money'] + 1}"]
        if view["high_bid"]:
            out.append(f"bid {view['high_bid']}")
    else:
        out += ["draw", "stop", "pass", "bid 1"]
    return out


junk_st = st.one_of(
    st.text(max_size=12),
    st.lists(
        st.sampled_from(["draw", "stop", "bid", "pass", "BID", "harbour", "-1", "0", "x", "99"]),
        max_size=4,
    ).map(" ".join),
)


@given(
    players=players_st,
    seed=seed_st,
    steps=st.integers(0, 400),
    junk=st.lists(junk_st, max_size=6),
)
@FAST
def test_illegal_actions_change_nothing(players, seed, steps, junk):
    """G-2: every illegal action (junk text, wrong phase) raises IllegalAction, changes nothing."""
    game = engine.new_game("medici", players, seed=seed)
    play(game, Player(seed, 40, 60), limit=steps)
    view, events = game.view(), [dict(e) for e in game.events]
    tried = 0
    for action in [*junk, *wrong_actions(game)]:
        if game.is_legal(action):
            continue
        tried += 1
        with pytest.raises(engine.IllegalAction) as err:
            game.apply(action)
        assert err.value.reason and str(err.value).startswith(err.value.reason)
        assert game.view() == view
        assert game.events == events
    assert tried > 0
    if not game.is_over:  # and the game goes on as if nothing had been tried
        game.apply(Player(seed, 40, 60).choose(game))


@given(players=players_st, seed=seed_st, steps=st.integers(0, 300))
@FAST
def test_clone_is_independent(players, seed, steps):
    """Game.clone(): playing either copy never changes the other."""
    game = engine.new_game("medici", players, seed=seed)
    play(game, Player(seed, 50, 50), limit=steps)
    copy = game.clone()
    view, events = copy.view(), list(copy.events)
    assert view == game.view() and events == game.events
    play(game, Player(seed + 1, 30, 70))
    assert copy.view() == view and copy.events == events
    final = game.view()
    play(copy, Player(seed + 2, 70, 30))
    assert game.view() == final
    assert copy.is_over


@given(players=players_st, seed=seed_st, pass_bias=bias_st)
@FAST
def test_same_seed_and_actions_give_identical_events(players, seed, pass_bias):
    """G-1: a seed and a list of actions determine the whole game."""
    game = engine.new_game("medici", players, seed=seed)
    actions = play(game, Player(seed, pass_bias, 50))
    again = engine.new_game("medici", players, seed=seed)
    for action in actions:
        again.apply(str(action))  # the text form replays the same
    assert again.events == game.events
    assert again.view() == game.view()


@given(players=players_st, seed=seed_st, pass_bias=bias_st, cut=st.floats(0, 1))
@FAST
def test_replay_rebuilds_an_identical_game(players, seed, pass_bias, cut):
    """G-1: engine.replay(events) rebuilds the game; a prefix rebuilds the game at that point."""
    game = engine.new_game("medici", players, seed=seed)
    actions = play(game, Player(seed, pass_bias, 50))
    events = json.loads(json.dumps(game.events))  # as a saved record would hold them
    rebuilt = engine.replay(events)
    assert rebuilt.events == game.events
    assert rebuilt.view() == game.view()
    assert rebuilt.is_over and rebuilt.winners == game.winners
    # Part-way: replay the events up to the k-th move, then the remaining moves by hand.
    k = int(cut * len(actions))
    moves = [i for i, e in enumerate(events) if e["type"] in ("draw", "stop", "bid", "pass")]
    upto = moves[k] if k < len(moves) else len(events)
    partial = engine.replay(events, upto=upto)
    assert partial.events == events[:upto]
    for action in actions[k:]:
        partial.apply(action)
    assert partial.events == game.events


@given(players=players_st, seed=seed_st, pass_bias=bias_st)
@settings(max_examples=40, deadline=None)
def test_strict_machine_plays_like_the_compiled_table(players, seed, pass_bias):
    """The transitions Machine fired for real gives identical events to the fast path."""
    strict = engine.load_variant("medici", strict=True)
    fast = engine.load_variant("medici", strict=False)
    assert strict.logic.pm.strict and not fast.logic.pm.strict
    game = engine.new_game(fast, players, seed=seed)
    actions = play(game, Player(seed, pass_bias, 50))
    slow = engine.new_game(strict, players, seed=seed)
    for action in actions:
        slow.apply(action)
    assert slow.events == game.events
    assert slow.view() == game.view()


@given(players=players_st, seed=seed_st, steps=st.integers(1, 300))
@FAST
def test_legal_actions_are_accepted_and_match_is_legal(players, seed, steps):
    """Every action legal_actions() offers is accepted; is_legal agrees with apply."""
    game = engine.new_game("medici", players, seed=seed)
    play(game, Player(seed, 50, 50), limit=steps)
    assume(not game.is_over)
    for entry in game.legal_actions():
        candidates = list(entry.actions()) if isinstance(entry, Span) else [entry]
        for action in candidates[:3] + candidates[-2:]:
            assert game.is_legal(action) and game.is_legal(str(action))
            game.clone().apply(action)


@pytest.mark.parametrize(("variant", "players"), [
    ("medici", 3), ("medici", 6), ("medici-own-lot-limit", 4),
])
def test_draw_and_stop_are_offered_exactly_when_the_rules_accept_them(
    variant: str, players: int,
) -> None:
    """M-8: the selecting offer (written out for speed) is what the rule checks allow."""
    draw, stop = Action("draw"), Action("stop")
    seen = Counter()
    for seed in range(40):
        game = engine.new_game(variant, players, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == "selecting":
                for action in (draw, stop):
                    assert (action in legal) == game.is_legal(action)
                    seen[action in legal, action.kind] += 1
            game.push(random_choice(legal, rng))
    assert seen[False, "draw"] > 20 and seen[True, "draw"] > 200  # both kinds of answer
