"""Medici vs Strozzi's greedy bot learns what a read opponent pays at most for a lot from
the prices it asks (S-8), checks that against its answers to greedy's prices (S-9), and
prices against it (issue 31, ``engine.strozzi.limits``)."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st
from tables import StrozziTable

from engine.bots import make_bot
from engine.bots.styles import Traits
from engine.chance import seat_seed
from engine.game import new_game
from engine.strozzi.limits import (
    MIN_ANSWERS,
    MIN_ASKS,
    MISFIT,
    MISFITS,
    LimitFit,
    part_worths,
    price_against,
    solve,
)
from engine.strozzi.policy import Reading, StrozziPolicy
from engine.strozzi.styles import _mixed_worth
from engine.strozzi.value import SCALE

BUYER = "style:ours0.323/face0.268/race0.1/majorities0.31/pay1.6/raise0.56/draw10"
"""The budget-300 tuner's best exploiter of greedy before it learnt limits (docs/bots.md,
"What the tuner found"): it holds greedy to 53.5% of 200 games without them."""


def test_solve_finds_the_solution_and_refuses_a_singular_system() -> None:
    assert solve([[2.0, 1.0], [1.0, 3.0]], [5.0, 10.0]) == [1.0, 3.0]
    assert solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0]) is None


QUERY = (20.0, 4.0, 3.0)
"""A lot's worth to the opponent by part (whole, prize, rows), whose face value is 2: by
``linear_fit``'s opponent, it pays at most 0.8 * 20 + 2 = 18 for it."""


def linear_fit(asks: int, answers: list[tuple[int, bool]]) -> LimitFit:
    """A fit of an opponent who asks 0.5 of the lot's whole worth to itself plus 0.3 of its
    whole worth to the other side, plus the face value, floored (so that it pays at most
    0.8 of its whole worth plus the face value), the parts' worths set apart; and the
    given answers (price, bought) to prices of ``QUERY``'s lot."""
    fit = LimitFit()
    draw = random.Random(5).uniform
    for _ in range(asks):
        own = (draw(10, 25), draw(0, 8), draw(0, 8))
        other = (draw(0, 15), draw(0, 8), draw(0, 8))
        face = float(int(draw(0, 10)))
        price = int(0.5 * own[0] + 0.3 * other[0] + face)
        fit.add_ask([*own, *other, face], price)
    for price, bought in answers:
        fit.saw_answer(QUERY, 2.0, price, bought)
    return fit


def test_a_fit_is_used_only_after_enough_asks_and_answers() -> None:
    agreeing = [(16, True), (20, False), (17, True), (19, False)]  # about a limit of 18
    assert len(agreeing) == MIN_ANSWERS
    assert linear_fit(MIN_ASKS - 1, agreeing).estimate(QUERY, 2.0) is None
    assert linear_fit(MIN_ASKS + 32, agreeing[:-1]).estimate(QUERY, 2.0) is None
    got = linear_fit(MIN_ASKS + 32, agreeing).estimate(QUERY, 2.0)
    assert got is not None
    limit, spread = got
    assert abs(limit - 18.0) < 0.5 and spread >= 0.5


def test_a_fit_its_answers_contradict_is_not_used() -> None:
    agreeing = [(16, True), (20, False), (17, True), (19, False)]
    # Bought well above the limit the asks tell, MISFITS times: a player who asks
    # otherwise than it buys.
    against = [(int(18 + MISFIT) + 2, True)] * MISFITS
    assert linear_fit(MIN_ASKS + 32, agreeing + against[:-1]).estimate(QUERY, 2.0)
    assert linear_fit(MIN_ASKS + 32, agreeing + against).estimate(QUERY, 2.0) is None
    # Declined well below it, as often: the same.
    under = [(int(18 - MISFIT) - 2, False)] * MISFITS
    assert linear_fit(MIN_ASKS + 32, agreeing + under[:-1]).estimate(QUERY, 2.0)
    assert linear_fit(MIN_ASKS + 32, agreeing + under).estimate(QUERY, 2.0) is None


def test_a_new_ask_moves_the_limit() -> None:
    fit = linear_fit(MIN_ASKS + 32, [])
    before = fit.limit(QUERY, 2.0)
    assert before is not None
    for _ in range(3 * MIN_ASKS):  # the opponent now asks far more for such lots
        fit.add_ask([*QUERY, 0.0, 0.0, 0.0, 2.0], 40)
    after = fit.limit(QUERY, 2.0)
    assert after is None or after > before + 5


def test_asks_that_stray_from_any_fit_give_no_limit() -> None:
    fit = LimitFit()
    for i in range(3 * MIN_ASKS):
        fit.add_ask([10.0, 5.0, 5.0, 10.0, 5.0, 5.0, 3.0], 1 + 30 * (i % 2))
    assert fit.limit((10.0, 5.0, 5.0), 3.0) is None


def test_an_ask_at_the_least_price_is_left_out() -> None:
    game = StrozziTable.new(["cloth:4", "fur:3", "spice:4"])
    StrozziTable.lot(game, 2)
    game.apply("price 0")
    pol = make_bot("greedy", 1).parts(game.variant).policy
    assert isinstance(pol, StrozziPolicy)
    fit = LimitFit()
    fit.saw_ask(pol.val.position(game.state), game.state, 0)
    assert fit.asks == []


@given(limit=st.floats(0.0, 60.0), mine=st.floats(0.0, 60.0), theirs=st.floats(0.0, 60.0))
def test_against_a_known_limit_the_price_sells_just_under_or_buys_just_over(
        limit: float, mine: float, theirs: float) -> None:
    spread = 1e-6  # the limit known to a millionth of a coin
    price = price_against(limit, spread, mine, theirs, 0)
    under, over = math.floor(limit), math.floor(limit) + 1
    if abs(limit - round(limit)) < 1e-4:
        return  # a limit on a whole coin: buying or not at it is a toss
    sell, buy = under - theirs, mine - over
    if abs(sell - buy) > 1e-9:
        assert price == (under if sell > buy else over)


def test_a_wider_spread_keeps_the_price_further_from_the_limit() -> None:
    # Selling gains more: just under the limit, further under when it is less sure.
    sure = price_against(20.0, 0.5, 5.0, 10.0, 0)
    unsure = price_against(20.0, 3.0, 5.0, 10.0, 0)
    assert unsure < sure <= 20
    # Buying it ourselves gains more: just over, further over when it is less sure.
    sure = price_against(12.5, 0.5, 40.0, 30.0, 0)
    unsure = price_against(12.5, 3.0, 40.0, 30.0, 0)
    assert 12.5 < sure < unsure


def play_learning(bots: tuple[str, str], seed: int) -> list[tuple[float, float]]:
    """One seeded game; at each of greedy's prices where its reading used a limit, that
    limit and the style's own (its worth by its mix, times its pay, S-9)."""
    game = new_game(StrozziTable.variant, 2, seed=seed)
    players = [make_bot(spec, seat_seed(seed, seat)) for seat, spec in enumerate(bots)]
    me = bots.index("greedy")
    other = players[1 - me]
    traits = other.style
    assert isinstance(traits, Traits)
    seen = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        st_ = game.state
        if seat == me and st_.phase == "pricing" and players[me].reading is not None:
            reading: Reading = players[me].reading
            pol = players[me].parts(game.variant).policy
            pos = pol.val.position(st_)
            their = part_worths(pos, 1 - me, st_.lot)
            got = reading.limits.estimate(their, float(pos.face(st_.lot)))
            if reading.askew and got is not None:
                seen.append((got[0], _mixed_worth(pos, traits, 1 - me, st_.lot) * traits.pay))
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(), game.variant))
    return seen


def test_greedy_learns_the_tuners_buyers_limit_to_a_coin() -> None:
    seen = [pair for seed in range(1_000_001, 1_000_005)
            for pair in play_learning(("greedy", BUYER) if seed % 2 else (BUYER, "greedy"),
                                      seed)]
    assert len(seen) >= 20  # a fit is used in most of each game
    close = sum(abs(learnt - true) <= 1.0 for learnt, true in seen)
    assert close >= 0.9 * len(seen), (close, len(seen))


def test_greedy_prices_against_a_learnt_limit() -> None:
    game = new_game(StrozziTable.variant, 2, seed=1_000_001)
    players = [make_bot("greedy", 1), make_bot(BUYER, 2)]
    priced = 0
    while not game.is_over and not priced:
        seat = game.current_player
        assert seat is not None
        bot = players[seat]
        reading = players[0].reading
        st_ = game.state
        if seat == 0 and st_.phase == "pricing" and reading is not None and reading.askew:
            pol = bot.parts(game.variant).policy
            assert isinstance(pol, StrozziPolicy)
            pos = pol.val.position(st_)
            got = reading.limits.estimate(part_worths(pos, 1, st_.lot), float(pos.face(st_.lot)))
            if got is not None:
                expected = price_against(got[0], got[1], SCALE * pos.worth(0, st_.lot),
                                         SCALE * pos.worth(1, st_.lot), pol.val.min_price)
                move = bot.choose(game.view(0), game.legal_actions(), game.variant)
                assert move.amount == expected
                priced += 1
                game.apply(move)
                continue
        game.apply(bot.choose(game.view(seat), game.legal_actions(), game.variant))
    assert priced


def test_greedy_passes_the_opponents_answer_to_the_price_it_asked() -> None:
    game = StrozziTable.new(["cloth:4", "fur:3", "spice:4", "dye:2", "dye:3"])
    pol = make_bot("greedy", 1).parts(game.variant).policy
    assert isinstance(pol, StrozziPolicy)
    reading = Reading()
    reading.askew = 1
    StrozziTable.lot(game, 1)
    asked = pol.read_move(game, reading).amount  # Medici prices the cloth, read
    game.apply(f"price {asked}")
    game.apply("buy")  # S-9, S-12: Strozzi buys, loads, and prices the next lot
    game.apply("load 3 harbour 1")
    StrozziTable.lot(game, 1)
    game.apply("price 9")
    pol.read_move(game, reading)
    assert [(price, bought) for _, _, price, bought in reading.limits.answers] == [(asked, True)]
    assert len(reading.limits.asks) == 1  # the fur's price of 9, noted once read
    game.apply("buy")
    game.apply("load 3 harbour 1")
    StrozziTable.lot(game, 1)
    asked = pol.read_move(game, reading).amount  # Medici prices the spice
    game.apply(f"price {asked}")
    game.apply("decline")  # S-9: Medici buys it at its own price
    pol.read_move(game, reading)
    assert [(price, bought) for _, _, price, bought in reading.limits.answers][1:] == [
        (asked, False)]


def test_a_reading_copy_learns_apart_from_the_original() -> None:
    reading = Reading()
    reading.limits.saw_answer((10.0, 5.0, 5.0), 3.0, 7, True)
    copy = reading.copy()
    copy.limits.saw_answer((10.0, 5.0, 5.0), 3.0, 9, False)
    copy.limits.add_ask([1.0] * 7, 3)
    assert len(reading.limits.answers) == 1 and reading.limits.asks == []
