"""Medici's bots read a miser (issue 31): an opponent who pays far less of a lot's worth
than the lowest share the beliefs know (``WILLING``: 0.35), as the tuner's best exploiters
of greedy and the search do (docs/bots.md, "What the tuner found": a fifth). Each bid and
pass seen is weighed for a miser against the grid's types (``Beliefs.observe_miser``);
from ``MISER_ODDS`` on, the bidder is read as one, and the bots' outbid chances, selector's
gains and the search's sampled types take it to pay ``MISER_SHARE`` of its worth (M-9: each
player bids once, so a pass below a share of the worth says that share is above its
limit). Greedy, the levels and the field's styles are never read, so their games keep
every move (``tests/test_decisions.py``)."""

from __future__ import annotations

from engine.actions import Span, amount_action
from engine.bots import make_bot
from engine.bots.opponents import CLEARED, MISER_ODDS, MISER_SHARE, WILLING, learn
from engine.bots.parts import build_parts
from engine.chance import Rng, seat_seed
from engine.game import Game, new_game
from engine.medici.opponents import INFERRED, MISER_REACH, MediciOpponents
from engine.medici.policy import MediciPolicy
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
    # M-9: a pass at 3 of a lot worth 12 or more by every valuation: a miser's, as no type
    # of the grid (0.35 of its worth at the least) passes it.
    assert 3 < min(WILLING) * min(WORTH)
    passes = 0
    while not beliefs.is_miser(1):
        opponents.observe(beliefs, (1, WORTH, 3, None))
        passes += 1
        assert passes < 10
    assert passes >= 2  # never at once
    assert beliefs.miser_odds[1] >= MISER_ODDS
    assert beliefs.mean_share(1) == MISER_SHARE
    assert not beliefs.is_miser(2)


def test_passes_a_grid_type_explains_read_no_one() -> None:
    _, opponents = parts()
    beliefs = opponents.prior(4)
    for _ in range(30):
        # Passes at 0.6 of every worth and bids at the lowest bid where it is below a
        # quarter of it: a player paying half the worth, say.
        opponents.observe(beliefs, (1, WORTH, int(0.6 * min(WORTH)), None))
        opponents.observe(beliefs, (1, WORTH, 2, 2))
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
    opponents.observe(beliefs, (1, WORTH, 3, None))
    plain.observe(1, WORTH, 3, None)  # the grid's learning alone
    assert 0 < beliefs.miser_odds[1] < MISER_ODDS
    assert beliefs.weights == plain.weights
    assert beliefs.outbid_table(1, WORTH) == plain.outbid_table(1, WORTH)
    assert beliefs.paid_shares(1) == plain.paid_shares(1)
    assert beliefs.sample(1, Rng(5)) == plain.sample(1, Rng(5))
    beliefs.read_miser(1)
    assert beliefs.sample(1, Rng(5)).share == MISER_SHARE
    assert beliefs.outbid_chance(1, WORTH, 10) < plain.outbid_chance(1, WORTH, 10)
    assert sum(beliefs.paid_shares(1)) < sum(plain.paid_shares(1))


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
    # Where it bid against the grid's beliefs, it bids as much or less against misers
    # (a lot it passed before may now be worth a low bid: the search's too).
    policy, opponents = parts()
    lower = 0
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
        assert against.amount is not None and against.amount <= plain.amount
        lower += against.amount < plain.amount
    assert lower >= 3


def watch(bots: list[str], seed: int, variant: str = "medici") -> list[bool]:
    """One seeded game (the runner's seeding); per seat, whether the bot at it ever read
    anyone as a miser, looked at after each of its moves."""
    game = new_game(variant, len(bots), seed=seed)
    players = [make_bot(spec, seat_seed(seed, seat)) for seat, spec in enumerate(bots)]
    ever = [False] * len(bots)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        bot = players[seat]
        game.apply(bot.choose(game.view(seat), game.legal_actions(), game.variant))
        beliefs = getattr(getattr(bot, "learnt", None), "beliefs", None)
        if beliefs is not None:
            ever[seat] = ever[seat] or any(beliefs.is_miser(q) for q in range(len(bots)))
    return ever


def test_nobody_reads_greedy_the_search_the_levels_or_the_field_as_misers() -> None:
    # Over whole seeded games, every line-up of tests/test_decisions.py among them: no
    # bot reads anyone, so each plays every move as before the reading.
    lineups = [
        ["greedy"] * 4,
        ["greedy"] * 3,
        ["greedy"] * 5,
        ["greedy", "thrifty", "valuer", "spoiler"],
        ["greedy", "hoarder", "face", "racer"],
        ["greedy", "collector", "random", "greedy"],
        ["greedy", "novice", "casual", "club"],
        ["greedy", "expert", "random", "random"],
    ]
    for bots in lineups:
        for seed in range(1, 16):
            assert not any(watch(bots, seed)), (bots, seed)
    for seed in range(1, 11):
        assert not any(watch(["greedy", "greedy", "random", "greedy"], seed, "medici-loans"))
    for bots in (["mcts:40", "greedy", "greedy", "racer"],
                 ["greedy", "mcts:40", "valuer", "spoiler"]):
        for seed in range(1, 4):
            assert not any(watch(bots, seed)), (bots, seed)  # the search reads, and is read


def test_greedy_reads_the_tuners_miser_and_keeps_the_reading_in_its_own_state() -> None:
    read_in = [seed for seed in range(1, 31) if watch(["greedy", MISER, MISER, MISER], seed)[0]]
    assert read_in  # the miser is read in some games (late: docs/bots.md says why)
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
    again = learn(build_parts(fresh.variant).opponents, fresh, {}, seat,
                  greedy.learnt)  # type: ignore[attr-defined]
    assert again is not None and not any(again.is_miser(q) for q in range(4))
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
