"""Medici vs Strozzi's greedy bot reads an opponent who values lots otherwise than it does
(issue 31): one that asks prices well off the fair one (S-8), as a buyer does who asks more
and, declined, pays it to the bank itself (S-9), keeping the lots and the turn (S-12). Once
read, greedy asks a thrifty share of the fair price (and no less than most of the lot's
worth to the opponent), and buys the opponent's lots dearer while its own ships are behind,
at a thrifty share of the fair price otherwise, a smaller one from a player who bought
most of the lots greedy priced. Against greedy nothing is ever read."""

from __future__ import annotations

from tables import StrozziTable

from engine.bots import make_bot
from engine.bots.parts import build_parts
from engine.chance import seat_seed
from engine.game import Game, new_game
from engine.rules import load_variant
from engine.strozzi.logic import BUY, DECLINE
from engine.strozzi.policy import (
    ASKEW,
    BEHIND_PREMIUM,
    BUYER_THRIFT,
    THEIR_SHARE,
    THRIFT,
    Reading,
    StrozziPolicy,
)
from engine.strozzi.value import SCALE

MEDICI, STROZZI = 0, 1
BUYER = "style:ours0.244/face0.295/race0.177/majorities0.284/pay2.47/raise0.58/draw11"
"""The tuner's best exploiter of greedy before the reading (docs/bots.md, "What the tuner
found"): it buys nearly every lot at up to 2.5 times its worth."""
TUNED_BUYER = "style:ours0.394/face0.281/race0.108/majorities0.216/pay1.72/raise0.41/draw12"
"""The tuner's best exploiter of the first reading greedy: it pays up to 1.72 times its own
mix of worths, and buys most of the lots greedy prices."""


def policy() -> StrozziPolicy:
    made = build_parts(load_variant(StrozziTable.variant)).policy
    assert isinstance(made, StrozziPolicy)
    return made


def fair(pol: StrozziPolicy, game: Game) -> float:
    """The fair price of the lot on show by our worths, unrounded (as greedy buys by it)."""
    st = game.state
    pos = pol.val.position(st)
    return SCALE * (pos.worth(MEDICI, st.lot) + pos.worth(STROZZI, st.lot)) / 2


def test_a_price_asked_far_off_the_fair_one_is_read_and_a_fair_one_is_not() -> None:
    pol = policy()
    for over, read in ((0, 0), (int(ASKEW) + 3, 1), (-int(ASKEW) - 3, 1)):
        game = StrozziTable.new(["cloth:4", "fur:3", "spice:4"])
        StrozziTable.lot(game, 3)
        price = round(fair(pol, game)) + over
        game.apply(f"price {price}")
        reading = Reading()
        move = pol.read_move(game, reading)
        assert move == pol.move(game, None)  # nothing read yet: greedy's own move
        assert move == (BUY if price <= fair(pol, game) else DECLINE)
        assert reading.askew == read


def test_behind_a_buyer_greedy_buys_what_it_declined_before_reading_it() -> None:
    pol = policy()
    game = StrozziTable.new(["cloth:1", "dye:2", "fur:3", "spice:4", "cloth:2", "dye:3",
                             "fur:4"])
    # S-9, S-12: Medici, declined, buys two lots and keeps the turn: six tiles ahead.
    StrozziTable.give(game, MEDICI, 3, "load 5 harbour 1")
    StrozziTable.give(game, MEDICI, 3, "load 4 harbour 2")
    StrozziTable.lot(game, 1)
    worth = fair(pol, game)
    price = int(worth) + 2  # more than ASKEW above the fair price, within the premium
    assert price - worth > ASKEW and price <= worth + BEHIND_PREMIUM * 6 / 2
    game.apply(f"price {price}")
    reading = Reading()
    assert pol.read_move(game, reading) == DECLINE == pol.move(game, None)
    assert reading.askew == 1
    assert pol.read_move(game, reading) == BUY  # the same offer, the buyer read


def test_not_behind_a_buyer_greedy_pays_a_thrifty_share_of_the_fair_price() -> None:
    pol = policy()
    game = StrozziTable.new(["cloth:4", "fur:3", "spice:4"])
    StrozziTable.lot(game, 3)
    worth = fair(pol, game)
    price = int(worth * (1 + THRIFT) / 2)  # below the fair price, above the thrifty share
    assert THRIFT * worth < price <= worth
    game.apply(f"price {price}")
    assert pol.read_move(game, Reading()) == BUY == pol.move(game, None)
    read = Reading()
    read.askew = 1
    assert pol.read_move(game, read) == DECLINE


def play(bots: tuple[str, str], seed: int) -> list:
    """One seeded game (the runner's seeding); the bots, as they ended it."""
    game = new_game(StrozziTable.variant, 2, seed=seed)
    players = [make_bot(spec, seat_seed(seed, seat)) for seat, spec in enumerate(bots)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(), game.variant))
    return players


def test_greedy_never_reads_another_greedy_player_as_a_buyer() -> None:
    # A greedy player asks the fair price rounded, half a coin above it at most: its
    # moves are never read, so greedy against greedy plays as before the reading
    # (tests/test_decisions.py holds the moves).
    for seed in range(1, 21):
        for bot in play(("greedy", "greedy"), seed):
            assert bot.reading is None or bot.reading.askew == 0, seed


def test_greedy_reads_the_tuners_buyer_and_an_analysis_changes_no_reading() -> None:
    greedy, _ = play(("greedy", BUYER), 1_000_001)
    assert greedy.reading.askew > 0
    game = new_game(StrozziTable.variant, 2, seed=7)
    while game.phase != "offer":
        game.apply("draw" if game.phase == "drawing" and not game.view()["lot"] else
                   "stop" if game.phase == "drawing" else "price 60")
    seat = game.current_player
    seen = greedy.reading.askew
    bot = make_bot("greedy", 3)
    bot.reading = greedy.reading
    rows = bot.analyse(game.view(seat), game.legal_actions(), game.variant, top=None)
    assert rows[0].action == bot.choose(game.view(seat), game.legal_actions(), game.variant)
    assert bot.reading.askew == seen + 1  # the choice read the price of 60, the analysis not


def test_to_a_buyer_greedy_asks_a_thrifty_share_of_the_fair_price() -> None:
    pol = policy()
    game = StrozziTable.new(["cloth:4", "fur:3", "spice:4"])
    StrozziTable.lot(game, 3)
    fair_price = pol.val.fair_price(pol.val.position(game.state), game.state)
    assert fair_price >= 10
    assert pol.read_move(game, Reading()) == pol.move(game, None)
    assert pol.read_move(game, Reading()).amount == fair_price
    read = Reading()
    read.askew = 1
    assert pol.read_move(game, read).amount == round(fair_price * THRIFT) < fair_price


def test_the_levels_greedy_reads_no_prices() -> None:
    """The expert level is greedy with a person's errors, and reads nothing: reading made it
    no longer clearly apart from club (docs/bots.md, the ladder)."""
    expert, _ = play(("expert", BUYER), 1_000_001)
    inner = expert.inner(load_variant(StrozziTable.variant))
    assert inner.reading is None or inner.reading.askew == 0
    greedy, _ = play(("greedy", BUYER), 1_000_001)
    assert greedy.reading.askew > 0


def test_greedy_notes_whether_the_opponent_bought_the_lot_it_priced() -> None:
    pol = policy()
    game = StrozziTable.new(["cloth:4", "fur:3", "spice:4", "dye:2", "dye:3"])
    reading = Reading()
    StrozziTable.lot(game, 1)
    pol.read_move(game, reading)  # Medici prices the cloth
    game.apply("price 5")
    game.apply("buy")  # S-9, S-12: Strozzi buys, loads, and draws the next lot
    game.apply("load 3 harbour 1")
    StrozziTable.lot(game, 1)
    game.apply("price 9")
    pol.read_move(game, reading)  # Medici answers: the cloth was sold
    assert (reading.sold, reading.kept, reading.buyer) == (1, 0, True)
    game.apply("buy")  # Medici buys the fur and takes the turn
    game.apply("load 3 harbour 1")
    StrozziTable.lot(game, 1)
    pol.read_move(game, reading)  # Medici prices the spice
    game.apply("price 30")
    game.apply("decline")  # S-9: Medici buys it at its own price
    pol.read_move(game, reading)  # Medici loads: the spice was kept
    assert (reading.sold, reading.kept, reading.buyer) == (1, 1, False)
    copy = reading.copy()
    assert (copy.sold, copy.kept, copy.asked_in) == (1, 1, -1)


def test_from_a_buyer_read_greedy_pays_a_smaller_share_of_the_fair_price() -> None:
    pol = policy()
    game = StrozziTable.new(["cloth:4", "fur:3", "spice:4"])
    StrozziTable.lot(game, 3)
    worth = fair(pol, game)
    price = int(worth * (THRIFT + BUYER_THRIFT) / 2)  # between the two shares
    assert BUYER_THRIFT * worth < price <= THRIFT * worth
    game.apply(f"price {price}")
    read = Reading()
    read.askew = 1
    assert pol.read_move(game, read) == BUY
    buyer = Reading()
    buyer.askew = buyer.sold = 1
    assert buyer.buyer and pol.read_move(game, buyer) == DECLINE


def test_greedy_asks_most_of_a_lots_worth_to_the_opponent_who_values_it_more() -> None:
    pol = policy()
    val = pol.val
    game = new_game(StrozziTable.variant, 2, seed=11)
    raised = 0
    while not game.is_over:
        st = game.state
        if st.phase == "pricing":
            pos = val.position(st)
            thrifty = round(val.fair_price(pos, st) * THRIFT)
            theirs = int(THEIR_SHARE * SCALE * pos.worth(1 - st.active, st.lot))
            read = Reading()
            read.askew = 1
            price = pol.read_move(game, read).amount
            assert price == max(val.min_price, thrifty, theirs)
            raised += theirs > thrifty
            assert pol.read_move(game, Reading()) == pol.move(game, None)  # nothing read
        game.apply(pol.move(game, None))
    assert raised  # the lot worth more to the opponent came


def test_greedy_reads_the_tuners_buyer_as_a_buyer_and_thrifty_not() -> None:
    greedy, _ = play(("greedy", TUNED_BUYER), 1_000_001)
    assert greedy.reading.buyer
    greedy, _ = play(("greedy", "thrifty"), 1_000_001)
    assert greedy.reading.askew > 0 and not greedy.reading.buyer
