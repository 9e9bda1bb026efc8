"""Medici's bots read a miser (issue 31): an opponent who pays far less of a lot's worth
than the lowest share the beliefs know (``WILLING``: 0.35), as the tuner's best exploiters
of greedy and the search do (docs/bots.md, "What the tuner found": a fifth to a quarter).
Each bid and pass is weighed for a miser against the grid's types
(``Beliefs.observe_miser``), those after a bot's own move read from the view's last auction
at its next move; from ``MISER_ODDS`` on, the bidder is read as one, and the bots' outbid
chances, selector's gains and the search's sampled types take it to pay a miser's share of
its worth (``MISER_SHARES``; M-9: each player bids once, so a pass below a share of the
worth says that share is above its limit). The field's payers of half a lot's worth or
more are never read; greedy and the players who pay near a third now and then are, at no
cost measured (docs/bots.md, "Medici's bots read a miser")."""

from __future__ import annotations

import pytest

from engine.actions import Span, amount_action
from engine.bots import make_bot
from engine.bots.opponents import CLEARED, MISER_ODDS, MISER_SHARES, WILLING, Beliefs, learn
from engine.bots.parts import build_parts
from engine.chance import Rng, seat_seed
from engine.game import Game, game_from_view, new_game, seat_game
from engine.medici.logic import PASS
from engine.medici.opponents import INFERRED, MISER_REACH, MediciOpponents
from engine.medici.policy import MediciPolicy
from engine.medici.value import MAJORITIES, RACE, VALUATIONS
from engine.rules import load_variant

MISER = "style:face0.361/race0.289/majorities0.35/pay0.2/raise0.6/draw13"
"""The tuner's best exploiter of greedy in Medici (docs/bots.md): it pays a fifth of a mix
of face value, race and majorities."""
WORTH = (40, 36, 12, 20, 38)
"""A lot's ceilings for one bidder by each valuation (ours, face, race, majorities, mix)."""


def parts() -> tuple[MediciPolicy, MediciOpponents]:
    made = build_parts(load_variant("medici"))
    assert isinstance(made.policy, MediciPolicy)
    assert isinstance(made.opponents, MediciOpponents)
    return made.policy, made.opponents


def test_passes_far_below_every_share_the_grid_knows_read_a_miser() -> None:
    _, opponents = parts()
    beliefs = opponents.prior(4)
    # M-9: a pass at 6 of a lot worth 24 or more by every valuation: a miser's (one paying
    # 0.15 of the face value would pay 3.6), as no type of the grid (0.35 of its worth at
    # the least) passes it.
    rich = (40, 24, 24, 24, 32)
    assert 6 + 1 < min(WILLING) * min(rich)
    passes = 0
    while not beliefs.is_miser(1):
        opponents.observe(beliefs, (1, rich, 6, None))
        passes += 1
        assert passes < 4
    assert beliefs.miser_odds[1] >= MISER_ODDS
    assert min(MISER_SHARES) <= beliefs.mean_share(1) <= max(MISER_SHARES) < min(WILLING)
    assert not beliefs.is_miser(2)
    # A pass at 3 of a lot worth 12 by the race alone and 20 or more by the rest: only a
    # small share of the race fits it, as it fits a racer's every pass, and a miser goes
    # by no part of a lot alone (MISER_LEAN): it tells a miser from the grid nothing. (By
    # the race, one such pass was read as a miser's.)
    beliefs = opponents.prior(4)
    assert max(MISER_SHARES) * WORTH[RACE] <= 3 < min(MISER_SHARES) * min(
        c for v, c in enumerate(WORTH) if v not in (RACE, MAJORITIES))
    for _ in range(10):
        opponents.observe(beliefs, (1, WORTH, 3, None))
    assert abs(beliefs.miser_odds[1]) < 0.1


def test_passes_a_grid_type_explains_read_no_one() -> None:
    _, opponents = parts()
    beliefs = opponents.prior(4)
    for _ in range(30):
        # Passes at 0.6 of every worth and bids at the lowest bid where it is above what
        # any miser pays and below a third of the best worth: a player paying half, say.
        opponents.observe(beliefs, (1, WORTH, int(0.6 * min(WORTH)), None))
        high = int(max(MISER_SHARES) * max(WORTH)) + 1
        assert high < MISER_REACH * max(WORTH)  # no bid that clears it at once
        opponents.observe(beliefs, (1, WORTH, high, high))
    assert not beliefs.is_miser(1)


def test_a_bid_no_miser_makes_clears_a_player_for_good() -> None:
    _, opponents = parts()
    beliefs = opponents.prior(4)
    opponents.observe(beliefs, (1, WORTH, 3, int(MISER_REACH * max(WORTH)) + 1))
    assert beliefs.miser_odds[1] == CLEARED
    for _ in range(20):
        opponents.observe(beliefs, (1, WORTH, 3, None))
    assert not beliefs.is_miser(1)


def test_until_a_miser_is_read_every_answer_is_the_grids() -> None:
    _, opponents = parts()
    beliefs = opponents.prior(4)
    plain = opponents.prior(4)
    # A pass at 14: above every grid type's limit by the race (12) and a miser's by all.
    opponents.observe(beliefs, (1, WORTH, 14, None))
    plain.observe(1, WORTH, 14, None)  # the grid's learning alone
    assert 0 < beliefs.miser_odds[1] < MISER_ODDS
    assert beliefs.weights == plain.weights
    assert beliefs.outbid_table(1, WORTH) == plain.outbid_table(1, WORTH)
    assert beliefs.paid_shares(1) == plain.paid_shares(1)
    assert beliefs.sample(1, Rng(5)) == plain.sample(1, Rng(5))
    beliefs.read_miser(1)
    assert {beliefs.sample(1, Rng(seed)).share for seed in range(40)} == set(MISER_SHARES)
    assert beliefs.outbid_chance(1, WORTH, 10) < plain.outbid_chance(1, WORTH, 10)
    assert sum(beliefs.paid_shares(1)) < sum(plain.paid_shares(1))


def test_a_miser_goes_by_no_part_of_a_lot_alone() -> None:
    _, opponents = parts()
    beliefs = opponents.prior(3)
    beliefs.read_miser(1)
    # MISER_LEAN: a small share of the race worth or of the majorities', which fits a
    # racer's or a collector's every pass, is no miser's limit; the rest are (the tuner's
    # misers go by mixes of them).
    drawn = {beliefs.sample(1, Rng(seed)).valuation for seed in range(200)}
    assert drawn == set(range(len(VALUATIONS))) - {RACE, MAJORITIES}
    paid = beliefs.paid_shares(1)
    assert paid[RACE] == paid[MAJORITIES] == 0
    assert all(paid[v] > 0 for v in range(len(VALUATIONS)) if v not in (RACE, MAJORITIES))
    # A miser's prior is checked as the grid's: one weight per valuation, none negative.
    for bad in ((1.0,) * (len(VALUATIONS) - 1), (0.0,) * len(VALUATIONS),
                (1.0, -0.5) + (1.0,) * (len(VALUATIONS) - 2)):
        with pytest.raises(ValueError, match="miser's prior"):
            Beliefs(3, WILLING, VALUATIONS, miser_prior=bad)
        with pytest.raises(ValueError, match="^the prior needs"):
            Beliefs(3, WILLING, VALUATIONS, prior=bad)  # the grid's, blamed as such


def test_a_racer_is_read_as_a_miser_in_fewer_than_a_third_of_its_seats() -> None:
    # A racer pays the whole of its race worth, often little: by a share of the race alone
    # it was read in 36 of these 80 seats, and then taken to pay a quarter of what it does
    # (docs/bots.md, "Medici's bots read a miser"). The misers are read as before.
    read = sum(len(watch(["greedy", "racer", "racer"], seed)[0]) for seed in range(1, 41))
    assert read <= 30  # 24 when written
    assert sum(len(watch(["greedy", MISER, MISER, MISER], seed)[0]) for seed in range(1, 5)) >= 11


def bidding_positions(seed: int) -> list[Game]:
    """Positions of one seeded game of greedy players where a bidder with later bidders
    is to act (copies, as the game went on)."""
    game = new_game("medici", 4, seed=seed)
    bots = [make_bot("greedy", seat_seed(seed, seat)) for seat in range(4)]
    found = []
    while not game.is_over:
        st = game.state
        if st.phase == "bidding" and st.turn + 1 < len(st.order):
            found.append(game.clone())
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), game.variant))
    return found


def test_against_read_misers_after_it_greedy_bids_less() -> None:
    # Where it bid against the grid's beliefs, it bids less against misers in all, never
    # more than beats every miser's limit (a lot it passed, or bid low for as likely
    # outbid, may now be worth the bid that beats a miser paying a quarter: the search's
    # too).
    policy, opponents = parts()
    lower = 0
    plain_total = against_total = 0
    for game in bidding_positions(3)[:40]:
        st = game.state
        beliefs = opponents.prior(4)
        misers = beliefs.copy()
        for q in st.order[st.turn + 1 :]:
            misers.read_miser(q)
        plain = policy.bid(st, game.legal_actions(), beliefs)
        against = policy.bid(st, game.legal_actions(), misers)
        if plain.amount is None:
            continue
        beats_all = max(max(MISER_SHARES) * max(ceilings)
                        for _, ceilings in policy.later_ceilings(st))
        assert against.amount is not None and against.amount <= max(beats_all + 1, plain.amount)
        lower += against.amount < plain.amount
        plain_total += plain.amount
        against_total += against.amount
    assert lower >= 3
    assert against_total < 0.95 * plain_total


def watch(bots: list[str], seed: int, variant: str = "medici") -> list[set[int]]:
    """One seeded game (the runner's seeding); per seat, the seats the bot at it ever read
    as a miser, looked at after each of its moves."""
    game = new_game(variant, len(bots), seed=seed)
    players = [make_bot(spec, seat_seed(seed, seat)) for seat, spec in enumerate(bots)]
    ever: list[set[int]] = [set() for _ in bots]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        bot = players[seat]
        game.apply(bot.choose(game.view(seat), game.legal_actions(), game.variant))
        beliefs = getattr(getattr(bot, "learnt", None), "beliefs", None)
        if beliefs is not None:
            ever[seat] |= {q for q in range(len(bots)) if beliefs.is_miser(q)}
    return ever


PAYERS = {"thrifty", "valuer", "spoiler", "hoarder", "collector"}
"""The field's styles that pay half a lot's worth or more by our model or their own
valuation (``engine.medici.styles``): ``hoarder`` from the second day (0.4 on the first,
``HOARD_FIRST``: at a table of three hoarders greedy reads one in about a third of its
seats, at the mixed tables below in none), the rest from the first."""


def test_the_fields_payers_are_never_read_and_misers_are_read_early() -> None:
    # Over whole seeded games, every line-up of tests/test_decisions.py among them: no
    # bot reads a payer of half the worth or more; greedy and the players who pay near a
    # third are read now and then (at no cost measured: docs/bots.md), a miser nearly
    # always.
    lineups = [
        ["greedy"] * 4,
        ["greedy", "thrifty", "valuer", "spoiler"],
        ["greedy", "hoarder", "face", "racer"],
        ["greedy", "collector", "random", "greedy"],
        ["greedy", "novice", "casual", "club"],
        ["mcts:40", "greedy", "valuer", "spoiler"],
    ]
    for bots in lineups:
        for seed in range(1, 9 if "mcts:40" not in bots else 3):
            read = {bots[q] for seen in watch(bots, seed) for q in seen}
            assert not read & PAYERS, (bots, seed, read)
    for seed in range(1, 6):
        read = watch(["greedy", "thrifty", "greedy", "spoiler"], seed, "medici-loans")
        assert not {1, 3} & (read[0] | read[2])
    misers = [watch(["greedy", MISER, MISER, MISER], seed)[0] for seed in range(1, 9)]
    assert sum(map(len, misers)) >= 21  # of 24 miser seats (all 24 when written)


def test_greedy_reads_the_tuners_miser_and_keeps_the_reading_in_its_own_state() -> None:
    read_in = [seed for seed in range(1, 31) if watch(["greedy", MISER, MISER, MISER], seed)[0]]
    assert read_in  # the miser is read in most games
    seed = read_in[0]
    game = new_game("medici", 4, seed=seed)
    bots = [make_bot(spec, seat_seed(seed, s)) for s, spec in
            enumerate(["greedy", MISER, MISER, MISER])]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), game.variant))
    greedy = bots[0]
    beliefs = greedy.learnt.beliefs  # type: ignore[attr-defined]
    assert any(beliefs.is_miser(q) for q in (1, 2, 3))
    # The bot's own: another greedy of the same game has its own beliefs, and a new game
    # (another memory) starts from the prior, nobody read.
    assert make_bot("greedy", 1).learnt.beliefs is None  # type: ignore[attr-defined]
    fresh = new_game("medici", 4, seed=seed + 1000)
    others = [make_bot("greedy", s) for s in range(4)]
    while fresh.phase != "bidding" or not fresh.state.bids:
        seat = fresh.current_player
        assert seat is not None
        fresh.apply(others[seat].choose(fresh.view(seat), fresh.legal_actions(), fresh.variant))
    seat = fresh.current_player
    assert seat is not None
    model = build_parts(fresh.variant).opponents
    again = learn(model, fresh, {}, seat, greedy.learnt)  # type: ignore[attr-defined]
    afresh = learn(model, fresh, {}, seat)
    assert again is not None and afresh is not None
    assert again.miser_odds == afresh.miser_odds and again.weights == afresh.weights
    assert greedy.learnt.beliefs is again  # type: ignore[attr-defined]


def test_the_passes_after_a_won_bid_are_weighed_for_the_miser_alone() -> None:
    policy, opponents = parts()
    game = bidding_positions(3)[0]
    st = game.state
    me = st.order[st.turn]
    lo = game.legal_actions()[0]
    assert isinstance(lo, Span)
    later = list(st.order[st.turn + 1 :])
    pending = opponents.note_bid(game.clone(), me, amount_action("bid", lo.lo))
    assert pending is not None
    game.apply(f"bid {lo.lo}")
    while game.phase == "bidding":
        game.apply("pass")  # M-9: every later bidder passes; the lot is ours at our bid
    got = opponents.settle(game, me, pending)
    assert got is not None and got[0][0] == INFERRED
    assert [s[0] for s in got[1]] == later
    beliefs = opponents.prior(4)
    for sighting in got[1]:
        opponents.observe(beliefs, sighting)
    assert beliefs.weights == opponents.prior(4).weights  # the grid learnt nothing
    assert beliefs.seen == [0, 0, 0, 0]


def test_the_view_holds_the_last_auction_over_and_a_rebuilt_game_keeps_it() -> None:
    game = new_game("medici", 4, seed=11)
    assert game.view(0)["last_auction"] is None
    bots = [make_bot("greedy", seat_seed(11, seat)) for seat in range(4)]
    made: list[tuple[int, int | None]] = []
    while not game.state.bids or game.phase == "bidding":
        seat = game.current_player
        assert seat is not None
        action = bots[seat].choose(game.view(seat), game.legal_actions(), game.variant)
        if game.phase == "bidding":
            made.append((seat, action.amount))
            lot, selector, day = list(game.state.lot), game.state.selector, game.state.day
        game.apply(action)
    last = game.view(2)["last_auction"]
    assert last == {"day": day, "selector": selector, "lot": lot,
                    "bids": [{"player": p, "bid": b} for p, b in made]}
    rebuilt = game_from_view(game.variant, game.view(2), 5)
    assert rebuilt.view(2)["last_auction"] == last
    assert seat_game(game, 2, 5).view(2)["last_auction"] == last
    # Not part of a decision's seed: the bots' draws are as they were before the key.
    view = game.view(game.current_player)
    without = {k: v for k, v in view.items() if k != "last_auction"}
    bot = make_bot("mcts:5", 3)
    assert bot._rng(view).next64() == bot._rng(without).next64()  # type: ignore[arg-type]


def test_the_moves_after_its_own_are_read_from_the_last_auction_for_the_miser_alone() -> None:
    _, opponents = parts()
    game = bidding_positions(3)[0]
    st = game.state
    me = st.order[st.turn]
    later = list(st.order[st.turn + 1 :])
    assert len(later) >= 2
    pending = opponents.note_bid(game.clone(), me, PASS)  # a pass leaves as much to learn
    assert pending is not None and pending.bid is None
    game.apply("pass")
    low = game.legal_actions()[0]
    assert isinstance(low, Span)
    game.apply(f"bid {low.lo + 2}")  # a raise above the lowest
    while game.phase == "bidding":
        game.apply("pass")
    got = opponents.settle(game, me, pending)
    assert got is not None and got[0][0] == INFERRED
    assert [(s[0], s[3]) for s in got[1]] == [(later[0], low.lo + 2)] + [
        (q, None) for q in later[1:]]
    assert got[1][1][2] == low.lo + 3  # the lowest bid after that raise
    beliefs = opponents.prior(4)
    for sighting in got[1]:
        opponents.observe(beliefs, sighting)
    assert beliefs.weights == opponents.prior(4).weights  # the grid learnt nothing
    assert beliefs.miser_odds != opponents.prior(4).miser_odds


def test_a_raise_to_a_misers_share_tells_more_than_a_raise_by_the_minimum() -> None:
    _, opponents = parts()
    # A raise from 3 to a fifth of the best worth: as a limit bid at once, a miser's; as a
    # raise by the minimum from 8, any type whose limit reaches 8 (M-9).
    fifth = int(0.2 * max(WORTH))
    jump = opponents.prior(4)
    opponents.observe(jump, (1, WORTH, 3, fifth))
    least = opponents.prior(4)
    opponents.observe(least, (1, WORTH, fifth, fifth))
    assert jump.miser_odds[1] > least.miser_odds[1]
    assert jump.weights == least.weights  # the grid learns the same of both
