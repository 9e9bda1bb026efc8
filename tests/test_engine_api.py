"""The public API (docs/api.md) and the `medici rules` / `medici simulate` commands."""

from __future__ import annotations

import json

import pytest

import engine
from engine import Action, ChanceExhausted, IllegalAction, Span
from engine.chance import GivenChance, SeededChance
from engine.cli import main as cli

PHASES = ("setup", "day_start", "selecting", "bidding", "free_fill", "scoring", "game_over")


# -- actions: text and object forms ----------------------------------------------------


def test_text_and_action_forms_play_the_same_game():
    """Game.apply takes an Action or its text form; both give the same events."""
    by_text = engine.new_game("medici", 3, seed=42)
    by_object = engine.new_game("medici", 3, seed=42)
    for text, action in [
        ("draw", Action("draw")),
        ("  DRAW ", Action("draw")),
        ("stop", Action("stop")),
        ("bid 7", Action("bid", 7)),
        ("Bid   9", Action("bid", 9)),
        ("pass", Action("pass")),
    ]:
        assert by_text.apply(text) is by_text
        by_object.apply(action)
    assert by_text.events == by_object.events
    selector = by_text.events[-6]["player"]
    assert by_text.events[-6:-1] == [
        {"type": "draw", "player": selector, "card": by_text.events[-1]["cards"][1]},
        {"type": "stop", "player": selector},
        {"type": "bid", "player": (selector + 1) % 3, "amount": 7},
        {"type": "bid", "player": (selector + 2) % 3, "amount": 9},
        {"type": "pass", "player": selector},
    ]
    assert by_text.events[-1]["price"] == 9


def test_action_text_forms_round_trip():
    """str(Action) is the text form; Span prints as a range."""
    assert [str(a) for a in (Action("draw"), Action("stop"), Action("bid", 7), Action("pass"))] == [
        "draw", "stop", "bid 7", "pass",
    ]
    assert str(Span("bid", 1, 40)) == "bid 1..40" and str(Span("bid", 5, 5)) == "bid 5"
    game = engine.new_game("medici", 4, seed=1)
    game.apply("draw").apply("stop")
    for entry in game.legal_actions():
        for action in entry.actions() if isinstance(entry, Span) else [entry]:
            assert game.is_legal(str(action)) and game.is_legal(action)


def test_legal_actions_bid_range_enumerates():
    """Bids come as a Span that can be tested and enumerated."""
    game = engine.new_game("medici", 4, seed=1)
    game.apply("draw").apply("stop").apply("bid 30")
    span, pass_ = game.legal_actions()
    assert span == Span("bid", 31, 40) and pass_ == Action("pass")
    assert Action("bid", 31) in span and Action("bid", 30) not in span
    assert [a.amount for a in span.actions()] == list(range(31, 41))
    assert not game.is_legal("bid 30") and game.is_legal("bid 40")


def test_illegal_action_says_why_and_what_is_legal():
    """G-2: IllegalAction (a ValueError) carries the reason and the legal text forms."""
    game = engine.new_game("medici", 4, seed=1)
    game.apply("draw").apply("stop")
    with pytest.raises(IllegalAction) as err:
        game.apply("bid 41")
    assert isinstance(err.value, ValueError)
    assert err.value.reason == "Player 2 has only 40 florins (M-9)"
    assert err.value.legal == ["bid 1..40", "pass"]
    assert str(err.value) == "Player 2 has only 40 florins (M-9); legal now: bid 1..40, pass"
    with pytest.raises(IllegalAction, match="draw is not possible while bidding") as err:
        game.apply("draw")
    assert err.value.legal == ["bid 1..40", "pass"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("fold", "unknown action 'fold'"),
        ("bid", "bid needs an amount"),
        ("bid seven", "amount must be a whole number"),
        ("bid -3", "amount must be a whole number"),
        ("bid 7 8", "unexpected '8' after bid"),
        ("pass 2", "unexpected '2' after pass"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text, reason):
    """Text that is not an action is an IllegalAction that says what is wrong."""
    game = engine.new_game("medici", 4, seed=1)
    game.apply("draw").apply("stop")
    view, events = game.view(), list(game.events)
    with pytest.raises(IllegalAction, match=reason):
        game.apply(text)
    assert not game.is_legal(text)
    assert game.view() == view and game.events == events


def test_superscript_digit_amount_is_an_illegal_action():
    """G-2: 'bid ²' is refused as an IllegalAction, not a crash of int()."""
    game = engine.new_game("medici", 4, seed=1)
    game.apply("draw").apply("stop")
    with pytest.raises(IllegalAction):
        game.apply("bid ²")


def test_non_integer_bid_object_is_refused():
    """G-2: a bid must be a whole number also when given as an Action object."""
    game = engine.new_game("medici", 4, seed=1)
    game.apply("draw").apply("stop")
    view = game.view()
    with pytest.raises(IllegalAction):
        game.apply(Action("bid", 7.5))  # type: ignore[arg-type]
    assert game.view() == view


def test_wrong_arguments_on_action_objects_are_refused():
    """Action objects with arguments their kind does not take are refused (G-2)."""
    game = engine.new_game("medici", 4, seed=1)
    with pytest.raises(IllegalAction, match="draw takes no arguments"):
        game.apply(Action("draw", 3))
    with pytest.raises(IllegalAction, match="unknown action 'load'"):
        game.apply(Action("load", 4))
    game.apply("draw").apply("stop")
    with pytest.raises(IllegalAction, match="bid AMOUNT"):
        game.apply(Action("bid"))
    with pytest.raises(IllegalAction, match="bid AMOUNT"):
        game.apply(Action("bid", 5, 3))


# -- new_game --------------------------------------------------------------------------


def test_new_game_defaults_and_names():
    """Four players by default, named Player 1..4; given names are kept in seat order."""
    game = engine.new_game(seed=3)
    assert game.players == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert game.variant.name == "medici"
    named = engine.new_game("medici", ["Ann", "Bo", "Cy"], seed=3)
    assert named.players == ("Ann", "Bo", "Cy")
    assert [p["name"] for p in named.view()["players"]] == ["Ann", "Bo", "Cy"]
    assert named.events[0] == {
        "type": "setup", "game": "medici", "variant": "medici",
        "players": ["Ann", "Bo", "Cy"], "seed": 3,
    }
    assert engine.new_game("medici", 5).events[0]["seed"] is not None  # a fresh seed is logged


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (1, "1 players: this variant plays with 2, 3, 4, 5, 6 players"),
        (7, "7 players: this variant plays with 2, 3, 4, 5, 6 players"),
        (0, "0 players"),
        (["Ann"], "1 players"),
        (["A", "B", "C", "D", "E", "F", "G"], "7 players"),
        (["Ann", "Bo", "Ann"], "distinct"),
        (["Ann", " "], "may not be empty"),
    ],
)
def test_new_game_refuses_bad_players(players, message):
    """new_game: a clear ValueError for a wrong count or bad names."""
    with pytest.raises(ValueError, match=message):
        engine.new_game("medici", players, seed=1)


def test_new_game_refuses_a_string_of_players():
    """players='Abe' is a mistake (a name where a list was meant), not three players."""
    with pytest.raises(ValueError):
        engine.new_game("medici", "Abe", seed=1)  # type: ignore[arg-type]


def test_new_game_refuses_unknown_variant_and_chance_keys():
    """An unknown variant is a RulesError naming the shipped ones; chance keys are checked."""
    with pytest.raises(engine.RulesError, match="no such rules file.*medici"):
        engine.new_game("no-such-variant", 4, seed=1)
    with pytest.raises(ValueError, match="unknown chance keys \\['order'\\]"):
        engine.new_game("medici", 4, chance={"order": []})


def test_game_properties_through_a_game():
    """phase, current_player, is_over, winners through a whole game."""
    game = engine.new_game("medici", 2, seed=5)
    assert (game.phase, game.is_over, game.winners) == ("selecting", False, [])
    assert game.current_player == game.view()["current_player"] == game.view()["selector"]
    rng = SeededChance(9).rng
    while not game.is_over:
        legal = game.legal_actions()
        entry = legal[rng.below(len(legal))]
        game.apply(next(entry.actions()) if isinstance(entry, Span) else entry)
        assert game.phase in ("selecting", "bidding", "game_over")
    assert game.current_player is None and game.phase == "game_over"
    money = [p["money"] for p in game.view()["players"]]
    assert game.winners == [p for p in (0, 1) if money[p] == max(money)]
    assert game.summary()["money"] == money


# -- views -----------------------------------------------------------------------------


def test_views_are_json_serialisable_in_every_phase():
    """Game.view() and every player's view survive a JSON round trip, throughout a game."""
    game = engine.new_game("medici", 3, seed=17)
    rng = SeededChance(3).rng
    phases = set()
    while True:
        phases.add(game.phase)
        for seat in (None, 0, 1, 2):
            view = game.view(seat)
            assert json.loads(json.dumps(view)) == view
        if game.is_over:
            break
        legal = game.legal_actions()
        entry = legal[rng.below(len(legal))]
        game.apply(next(entry.actions()) if isinstance(entry, Span) else entry)
    assert phases == {"selecting", "bidding", "game_over"}
    assert json.loads(json.dumps(game.events)) == game.events


def test_view_documented_keys():
    """The keys docs/api.md documents, full view and player view (G-3)."""
    game = engine.new_game("medici", 4, seed=2)
    keys = {
        "game", "day", "days", "phase", "current_player", "players", "selector",
        "start_player", "lot", "high_bid", "high_bidder", "bids", "bidders", "pile_count",
        "discards", "last_auction", "winners", "viewer",
    }
    assert set(game.view()) == keys | {"pile", "removed"}
    assert set(game.view(1)) == keys
    assert set(game.view()["players"][0]) == {
        "name", "money", "ship", "ship_value", "free_holds", "tracks",
    }


@pytest.mark.parametrize("seat", [-1, 4, 10])
def test_view_of_a_missing_seat_is_refused(seat):
    """view(player) checks the seat."""
    with pytest.raises(ValueError, match="no player"):
        engine.new_game("medici", 4, seed=2).view(seat)


# -- chance given instead of drawn -----------------------------------------------------


def test_given_chance_plays_the_given_cards(medici_table):
    """chance={"orders", "choices"}: the pile comes up in the given order, no seed needed."""
    order = medici_table.order([(["gold:10", "fur:5", "dye:0"], None, 0)])
    game = engine.new_game("medici", 4, chance={"orders": [order], "choices": [1]})
    assert game.events[0]["seed"] is None and game.current_player == 1
    assert game.view()["pile"] == order
    game.apply("draw").apply("draw").apply("draw")
    assert game.view()["lot"] == ["gold:10", "fur:5", "dye:0"]


def test_given_chance_running_out_raises_and_changes_nothing(medici_table):
    """ChanceExhausted when the script has no day 2; the game is exactly as before."""
    game = medici_table.new(3, [medici_table.order([], count=18)])
    with pytest.raises(ChanceExhausted, match="no draw order given for day 2"):
        medici_table.discard_rest(game)
    assert game.phase == "bidding" and game.view()["day"] == 1
    view, events = game.view(), list(game.events)
    with pytest.raises(ChanceExhausted):
        game.apply("pass")
    assert game.view() == view and game.events == events


def test_given_chance_missing_tie_break_raises_and_changes_nothing(medici_table):
    """The day-2 tie-break is a chance outcome too (M-6)."""
    orders = [medici_table.order([], count=18), medici_table.order([], count=18)]
    game = medici_table.new(3, orders, choices=[0])
    with pytest.raises(ChanceExhausted, match="no choice given for day 2 start player"):
        medici_table.discard_rest(game)
    view = game.view()
    assert view["day"] == 1 and game.phase == "bidding"
    assert not [e for e in game.events if e["type"] == "day_end"]


def test_partly_given_order_leaves_the_rest_unknown(medici_table):
    """A day's order may be shorter than the pile: the rest is '?', removed unknown."""
    known = ["gold:10", "fur:5"]
    game = engine.new_game("medici", 4, chance={"orders": [known], "choices": [0]})
    view = game.view()
    assert view["pile"] == known + ["?"] * 22 and view["removed"] is None
    assert view["pile_count"] == 24
    assert game.events[1] == {
        "type": "order", "what": "day 1 pile", "order": known, "unknown": 22,
    }
    game.apply("draw").apply("draw")
    assert game.is_legal("draw")  # drawing is legal (M-8); only the card is not known yet
    view, events = game.view(), list(game.events)
    with pytest.raises(ChanceExhausted, match="no draw order given for day 1 pile, continued"):
        game.apply("draw")
    assert game.view() == view and game.events == events
    assert game.view()["lot"] == known


def test_a_table_game_enters_each_card_as_it_is_drawn():
    """G-1: cards supplied one at a time continue the pile; the log replays them."""
    game = engine.new_game("medici", 3, chance={"orders": [[]], "choices": [1]})
    assert game.view()["pile"] == ["?"] * 18
    for card in ["fur:3", "gold:10"]:
        game.supply_chance(order=[card])
        game.apply("draw")
    game.apply("stop").apply("bid 4").apply("pass").apply("pass")
    assert game.view()["players"][2]["ship"] == ["fur:3", "gold:10"]
    continued = [e for e in game.events if e["type"] == "order"][1:]
    assert [e["order"] for e in continued] == [["fur:3"], ["gold:10"]]
    assert [e["unknown"] for e in continued] == [17, 16]
    rebuilt = engine.replay(game.events)
    assert rebuilt.view() == game.view() and rebuilt.events == game.events


def test_a_supplied_card_already_seen_is_refused_and_changes_nothing():
    """A card that cannot still be in the pile is refused; the game is unchanged (G-2)."""
    game = engine.new_game("medici", 3, chance={"orders": [["fur:1"]], "choices": [0]})
    game.apply("draw")
    game.supply_chance(order=["fur:1"])
    view, events = game.view(), list(game.events)
    with pytest.raises(ChanceExhausted, match="'fur:1' is not available"):
        game.apply("draw")
    assert game.view() == view and game.events == events


def test_supply_chance_needs_a_game_of_given_chance():
    game = engine.new_game("medici", 3, seed=1)
    with pytest.raises(ValueError, match="draws its own chance"):
        game.supply_chance(order=["fur:1"])


@pytest.mark.parametrize("seed", [-5, 2**64, True, 1.5, "7"])
def test_a_seed_out_of_range_is_refused(seed):
    """A seed a record could not store is refused at the start, not at the first save."""
    with pytest.raises(ValueError, match="a seed is a whole number"):
        engine.new_game("medici", 4, seed=seed)


@pytest.mark.parametrize("amount", [5.0, True, 2**70, -(10**12)])
def test_a_bad_amount_is_refused_even_after_the_same_value_was_legal(amount):
    """G-2: Action('bid', 5.0) equals Action('bid', 5); the type check must still refuse it."""
    game = engine.new_game("medici", 4, seed=1)
    game.apply("draw").apply("stop")
    game.clone().apply("bid 5").apply("bid 6")  # warm any cache with the good forms
    view = game.view()
    with pytest.raises(IllegalAction, match="whole numbers up to 999999999"):
        game.apply(engine.Action("bid", amount))
    assert game.view() == view


@pytest.mark.parametrize("junk", [None, ("draw",), 7, ["bid", 3]])
def test_apply_refuses_what_is_not_an_action(junk):
    game = engine.new_game("medici", 4, seed=1)
    with pytest.raises(IllegalAction, match="expected an action or its text form"):
        game.apply(junk)


def test_free_fill_from_unknown_cards_raises_and_changes_nothing(medici_table):
    """A free fill needing cards the script does not give: ChanceExhausted, nothing changed."""
    lots = [(["fur:0", "fur:1", "fur:2"], 0, 1), (["fur:3", "fur:4", "fur:5"], 0, 1)]
    cards = [c for cards, _, _ in lots for c in cards] + ["gold:10"]
    game = engine.new_game("medici", 2, chance={"orders": [cards], "choices": [0]})
    medici_table.lots(game, lots)
    game.apply("draw").apply("stop").apply("pass")
    view, events = game.view(), list(game.events)
    with pytest.raises(ChanceExhausted, match="no draw order given for day 1 pile, continued"):
        game.apply("bid 1")  # seat 0 is now full; seat 1's free fill needs unknown cards
    assert game.view() == view and game.events == events


@pytest.mark.parametrize(
    ("chance", "message"),
    [
        ({"orders": [["fur:0", "fur:0"]], "choices": [0]}, "'fur:0' is not available"),
        ({"orders": [["gold:11"]], "choices": [0]}, "'gold:11' is not available"),
        ({"orders": [[]], "choices": [4]}, "given 4, but the choice is among \\[0, 1, 2, 3\\]"),
        ({"orders": [[]], "choices": []}, "no choice given for day 1 start player"),
        ({"orders": [], "choices": [0]}, "no draw order given for day 1 pile"),
    ],
)
def test_bad_given_chance_is_refused(chance, message):
    """Given outcomes that cannot happen are refused with what was wrong."""
    with pytest.raises(ChanceExhausted, match=message):
        engine.new_game("medici", 4, chance=chance)


def test_bad_later_order_with_a_fallback_changes_nothing(medici_table):
    """G-2: a refused chance outcome leaves the game as it was, fallback or not."""
    chance = GivenChance([medici_table.order([], count=18), ["fur:0", "fur:0"]], [0],
                         SeededChance(1))
    game = engine.new_game("medici", 3, chance=chance)
    with pytest.raises(ChanceExhausted):
        medici_table.discard_rest(game)
    assert game.phase == "bidding" and game.legal_actions()


# -- replay ----------------------------------------------------------------------------


def test_replay_refuses_a_log_that_does_not_follow():
    """replay() checks every derived event against the rules."""
    game = engine.new_game("medici", 3, seed=4)
    game.apply("draw").apply("stop").apply("bid 5").apply("pass").apply("pass")
    events = json.loads(json.dumps(game.events))
    assert engine.replay(events).events == game.events
    with pytest.raises(ValueError, match="starts with its setup"):
        engine.replay(events[1:])
    forged = [dict(e) for e in events]
    buy = next(i for i, e in enumerate(forged) if e["type"] == "buy")
    forged[buy]["price"] = 1
    with pytest.raises(ValueError, match=f"event {buy}"):
        engine.replay(forged)
    stop = next(i for i, e in enumerate(events) if e["type"] == "stop")
    illegal = events[: stop + 1] + [{"type": "bid", "player": 0, "amount": 99}]
    with pytest.raises(IllegalAction):
        engine.replay(illegal)


def test_replay_without_a_seed_uses_the_logged_chance(medici_table):
    """G-1: a given-chance game has no seed; its log alone replays it."""
    game = medici_table.new(3, [medici_table.order([], count=18)], fallback=8)
    medici_table.discard_rest(game)
    assert game.events[0]["seed"] is None
    again = engine.replay(game.events)
    assert again.events == game.events and again.view() == game.view()


# -- commands --------------------------------------------------------------------------


def test_rules_diagram_names_every_phase(capsys):
    """`medici rules diagram medici` prints a Mermaid state diagram with every phase."""
    assert cli(["rules", "diagram", "medici"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "stateDiagram-v2"
    assert "[*] --> setup" in out and "game_over --> [*]" in out
    assert set(engine.load_variant("medici").logic.pm.states) == set(PHASES)
    for phase in PHASES:
        assert any(phase in line and "-->" in line for line in lines), phase
    for move in ("draw", "stop", "bid", "pass"):
        assert f": {move}" in out
    assert "selecting --> bidding: stop" in out
    assert "bidding --> selecting: next_lot (auto)" in out


def test_rules_diagram_unknown_variant_fails_cleanly(capsys):
    """A missing variant is an error message and exit code 2, not a traceback."""
    assert cli(["rules", "diagram", "no-such-variant"]) == 2
    assert "no such rules file" in capsys.readouterr().err


def test_simulate_json_output(capsys):
    """`medici simulate ... --json`: games, and per seat the mean final money and win share."""
    argv = ["simulate", "--game", "medici", "--players", "4", "--games", "20", "--seed", "1",
            "--json"]
    assert cli(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"variant", "players", "games", "seats"} <= set(result)
    assert result["variant"] == "medici" and result["players"] == 4 and result["games"] == 20
    seats = result["seats"]
    assert [s["seat"] for s in seats] == [1, 2, 3, 4]
    for seat in seats:
        assert {"mean_money", "win_share"} <= set(seat)
        assert 0 <= seat["win_share"] <= 1 and seat["mean_money"] >= 0
    assert sum(s["win_share"] for s in seats) == pytest.approx(1, abs=1e-3)
    assert cli(argv) == 0  # the same seed gives the same figures
    again = json.loads(capsys.readouterr().out)
    assert again["seats"] == seats
