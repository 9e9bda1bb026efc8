"""Bots: legal moves only, seeded, blind to hidden cards (G-3), specs and analyses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.actions import Action, Span, is_legal
from engine.bots import BOT_SPECS, Analysis, BotError, GreedyBot, MctsBot, RandomBot, make_bot
from engine.game import Game, game_from_view
from engine.runs.games import bot_seed


def play(variant: str, specs: list[str], seed: int) -> Game:
    """A whole game, asserting that every move a bot makes is legal when it makes it."""
    game = engine.new_game(variant, len(specs), seed=seed)
    bots = [make_bot(spec, bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal, game.variant)
        assert isinstance(action, Action)
        assert is_legal(action, legal), (specs[seat], action, legal)
        game.apply(action)
    return game


# -- legal moves only, in both games and at every table size ------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4, 5, 6]))
def test_greedy_and_random_play_only_legal_moves_in_medici(seed: int, players: int) -> None:
    specs = ["greedy", "random"] * 3
    game = play("medici", specs[:players], seed)
    assert game.winners


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_greedy_and_random_play_only_legal_moves_in_medici_vs_strozzi(seed: int) -> None:
    assert play("medici-vs-strozzi", ["greedy", "random"], seed).winners
    assert play("medici-vs-strozzi", ["random", "greedy"], seed + 1).winners


@pytest.mark.parametrize(
    ("variant", "specs"),
    [
        ("medici", ["mcts:3", "greedy"]),
        ("medici", ["random", "mcts:3", "greedy"]),
        ("medici", ["greedy", "greedy", "mcts:2", "random"]),
        ("medici", ["greedy", "random", "greedy", "random", "mcts:2"]),
        ("medici", ["random", "greedy", "random", "greedy", "random", "mcts:2"]),
        ("medici-loans", ["mcts:2", "greedy", "random", "greedy"]),  # bids without a top
        ("medici-own-lot-limit", ["greedy", "mcts:2", "random"]),  # M-8 switch
        ("medici-tracks-on-purchase", ["greedy", "random", "mcts:2", "greedy"]),  # M-15 switch
        ("medici-amigo", ["greedy", "greedy", "random", "greedy", "mcts:2"]),  # M-19
        ("medici-vs-strozzi", ["mcts:3", "greedy"]),
        ("medici-vs-strozzi", ["random", "mcts:3"]),
    ],
)
def test_every_bot_plays_only_legal_moves(variant: str, specs: list[str]) -> None:
    game = play(variant, specs, seed=len(specs) * 7 + len(variant))
    assert game.is_over and game.winners


def test_greedy_beats_random_more_often_than_not() -> None:
    # Not a strength measurement (see docs/bots.md); a guard against a valuation turned upside
    # down, which would make greedy lose to random play.
    wins = sum(0 in play("medici", ["greedy", "random", "random"], seed).winners
               for seed in range(6))
    assert wins >= 4


# -- seeded -----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["medici", "medici-vs-strozzi"])
def test_same_seed_same_moves(variant: str) -> None:
    specs = ["mcts:4", "greedy"] + (["random"] if variant == "medici" else [])
    first = play(variant, specs, 11)
    again = play(variant, specs, 11)
    assert first.events == again.events


def test_a_decision_depends_on_the_seed_and_the_view_only() -> None:
    game = engine.new_game("medici", 3, seed=5)
    game.apply("draw")
    game.apply("stop")
    seat = game.current_player
    view, legal = game.view(seat), game.legal_actions()
    moves = {make_bot("random", seed).choose(view, legal, "medici") for seed in range(40)}
    assert len(moves) > 3  # the seed matters
    bot = make_bot("random", 9)
    first = bot.choose(view, legal, "medici")
    assert all(bot.choose(view, legal, game.variant) == first for _ in range(5))


# -- blind to the hidden order (G-3) -----------------------------------------------------------
def _two_medici_games(medici_table: type) -> tuple[Game, Game]:
    """Two 4-player games whose day-1 piles share their first three cards and nothing more."""
    cards = list(medici_table.cards)
    shown = cards[:3]
    rest = cards[3:]
    one = shown + rest[:21]
    two = shown + rest[::-1][:21]
    assert one[3:] != two[3:]
    games = tuple(
        engine.new_game("medici", 4, chance={"orders": [order], "choices": [0]})
        for order in (one, two)
    )
    return games  # type: ignore[return-value]


def _two_strozzi_games() -> tuple[Game, Game]:
    """Two games whose round-1 bags agree on the first two tiles only."""
    tiles = engine.new_game("medici-vs-strozzi", seed=1).view(0)["bag_tiles"]
    one = tiles[:]
    two = tiles[:2] + tiles[2:][::-1]
    assert one != two
    return tuple(  # type: ignore[return-value]
        engine.new_game("medici-vs-strozzi", chance={"orders": [order]}) for order in (one, two)
    )


def _assert_blind(one: Game, two: Game, specs: list[str]) -> None:
    assert one.view() != two.view()  # the full views differ: the piles are not the same
    seat = one.current_player
    assert seat is not None and seat == two.current_player
    view = one.view(seat)
    assert view == two.view(seat)  # what the player sees is the same
    for spec in specs:
        a = make_bot(spec, 3).choose(view, one.legal_actions(), one.variant)
        b = make_bot(spec, 3).choose(two.view(seat), two.legal_actions(), two.variant)
        assert a == b, spec
        rows_a = make_bot(spec, 3).analyse(view, one.legal_actions(), one.variant, top=None)
        rows_b = make_bot(spec, 3).analyse(two.view(seat), two.legal_actions(), two.variant,
                                           top=None)
        assert rows_a == rows_b, spec
    # Determinization samples from what the player cannot see, never from the truth.
    sample_a = game_from_view(one.variant, view, 17)
    sample_b = game_from_view(two.variant, two.view(seat), 17)
    assert sample_a.view() == sample_b.view()


def test_medici_bots_decide_alike_when_only_the_hidden_pile_differs(medici_table: type) -> None:
    one, two = _two_medici_games(medici_table)
    for game in (one, two):
        game.apply("draw")
        game.apply("draw")  # the selector now decides: draw a third card or stop (M-8)
    _assert_blind(one, two, ["greedy", "mcts:25", "random"])
    for game in (one, two):
        game.apply("stop")  # now the first bidder decides (M-9)
    _assert_blind(one, two, ["greedy", "mcts:25"])


def test_strozzi_bots_decide_alike_when_only_the_hidden_bag_order_differs() -> None:
    one, two = _two_strozzi_games()
    for game in (one, two):
        game.apply("draw")
    _assert_blind(one, two, ["greedy", "mcts:20"])
    for game in (one, two):
        game.apply("stop")  # S-8: the active player prices the lot
    _assert_blind(one, two, ["greedy", "mcts:20"])


def test_a_bot_refuses_the_full_view() -> None:
    game = engine.new_game("medici", 3, seed=2)
    with pytest.raises(BotError, match="full view"):
        make_bot("greedy", 1).choose(game.view(), game.legal_actions(), game.variant)


def test_a_bot_refuses_to_move_with_nothing_legal_or_in_the_wrong_game() -> None:
    game = engine.new_game("medici", 3, seed=2)
    seat = game.current_player
    with pytest.raises(BotError, match="no legal action"):
        make_bot("greedy", 1).choose(game.view(seat), [], game.variant)
    other = (seat + 1) % 3
    with pytest.raises(BotError, match=f"it is player {seat}'s turn"):
        make_bot("random", 1).choose(game.view(other), game.legal_actions(), game.variant)
    with pytest.raises(BotError, match="is medici-vs-strozzi"):
        make_bot("mcts:2", 1).choose(game.view(seat), game.legal_actions(), "medici-vs-strozzi")


# -- specs ------------------------------------------------------------------------------------
def test_specs_make_the_bots_they_name() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot(" Greedy ", 1), GreedyBot)
    plain = make_bot("mcts", 1)
    assert isinstance(plain, MctsBot) and plain.spec == "mcts"
    assert plain.iterations and plain.seconds  # iterations, capped by time (the default)
    counted = make_bot("mcts:2000", 1)
    assert (counted.iterations, counted.seconds, counted.spec) == (2000, None, "mcts:2000")
    timed = make_bot("mcts:1s", 1)
    assert (timed.iterations, timed.seconds) == (None, 1.0)
    assert make_bot("mcts:250ms", 1).seconds == pytest.approx(0.25)
    assert make_bot("mcts:0.5s", 1).seconds == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("wizard", "unknown bot 'wizard'"),
        ("mcts:0", "give iterations"),
        ("mcts:fast", "give iterations"),
        ("mcts:-1s", "above 0"),
        ("greedy:5", "greedy takes no budget"),
        ("", "unknown bot"),
    ],
)
def test_bad_specs_say_what_is_accepted(spec: str, says: str) -> None:
    with pytest.raises(BotError, match=says) as err:
        make_bot(spec, 1)
    assert "mcts" in str(err.value)


def test_the_help_text_lists_every_spec() -> None:
    for spec in ("random", "greedy", "mcts ", "mcts:N", "mcts:Ts"):
        assert spec in BOT_SPECS


# -- analyses -----------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["greedy", "mcts:30", "random"])
@pytest.mark.parametrize("variant", ["medici", "medici-vs-strozzi"])
def test_analyse_lists_the_chosen_move_first_with_a_reason(spec: str, variant: str) -> None:
    game = engine.new_game(variant, 2 if variant != "medici" else 3, seed=4)
    game.apply("draw")
    game.apply("stop")  # a bidding (Medici) or pricing (Medici vs Strozzi) decision
    seat = game.current_player
    view, legal = game.view(seat), game.legal_actions()
    bot = make_bot(spec, 6)
    rows = bot.analyse(view, legal, game.variant, top=3)
    assert 1 <= len(rows) <= 3
    assert all(isinstance(r, Analysis) and r.note for r in rows)
    assert all(is_legal(r.action, legal) for r in rows)
    assert rows[0].action == make_bot(spec, 6).choose(view, legal, game.variant)
    everything = bot.analyse(view, legal, game.variant, top=None)
    assert len(everything) >= len(rows)


def test_analyse_also_values_the_move_actually_played() -> None:
    game = engine.new_game("medici", 4, seed=8)
    game.apply("draw")
    game.apply("stop")
    seat = game.current_player
    span = game.legal_actions()[0]
    assert isinstance(span, Span)
    played = Action("bid", span.hi)  # everything the player has: rarely a candidate
    for spec in ("greedy", "mcts:20"):
        rows = make_bot(spec, 2).analyse(game.view(seat), game.legal_actions(), game.variant,
                                         top=1, also=[played])
        assert rows[-1].action == played and len(rows) == 2
        # Greedy says how much a bid of all one's money gives away against its best move.
        assert rows[0].value >= rows[-1].value


def test_mcts_values_are_chances_of_winning() -> None:
    game = engine.new_game("medici-vs-strozzi", seed=3)
    game.apply("draw")
    rows = make_bot("mcts:40", 1).analyse(game.view(0), game.legal_actions(), game.variant,
                                          top=None)
    assert {r.action.kind for r in rows} == {"draw", "stop"}
    assert all(0.0 <= r.value <= 1.0 for r in rows)
    assert all(r.win is not None and 0.0 <= r.win <= 1.0 and r.money is not None for r in rows)
