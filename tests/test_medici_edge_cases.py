"""Medici edge cases: corners of M-7..M-12, M-6's tie-break, 2 players, the M-8/M-15 switches."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from engine.game import Game


def day_ends(game: Game) -> list[str]:
    """How each day so far ended."""
    return [e["by"] for e in game.events if e["type"] == "day_end"]


def test_selector_presents_a_lot_they_cannot_take_M8(medici_table):
    """M-8: the selector (1 free hold) may present 3 cards others can take; M-9: they cannot bid."""
    lots = [
        (["fur:0", "fur:1", "fur:2"], 0, 1),
        (["fur:3"], 0, 1),
        (["cloth:0"], None, 0),
        (["cloth:1"], None, 0),
    ]
    lot = ["gold:10", "cloth:5", "dye:5"]
    game = medici_table.new(4, [medici_table.order([*lots, (lot, None, 0)])])
    assert medici_table.lots(game, lots) == [0, 1, 2, 3]
    assert game.current_player == 0 and game.view()["players"][0]["free_holds"] == 1
    for card in lot:
        game.apply("draw")
        assert game.events[-1]["card"] == card
    game.apply("stop")
    assert game.view()["bidders"] == [1, 2, 3]  # the selector is not among them
    game.apply("pass").apply("bid 2").apply("pass")
    assert game.events[-1] == {"type": "buy", "player": 2, "cards": lot, "price": 2}
    assert game.view()["players"][0]["ship"] == ["fur:0", "fur:1", "fur:2", "fur:3"]


def test_selector_unable_to_take_a_lot_nobody_bids_is_discarded_M10(medici_table):
    """M-8, M-10: if everyone else passes, a lot the selector cannot take is discarded."""
    lots = [
        (["fur:0", "fur:1", "fur:2"], 0, 1),
        (["fur:3", "fur:4", "fur:5"], 1, 1),
        (["cloth:0"], None, 0),
        (["cloth:1"], None, 0),
    ]
    game = medici_table.new(3, [medici_table.order(lots, count=18)])
    assert medici_table.lots(game, lots) == [0, 1, 2, 0]
    # Seat 1 (2 free holds) presents 3 cards; only seat 2 can take them, and passes.
    assert game.current_player == 1
    game.apply("draw").apply("draw").apply("draw").apply("stop")
    assert game.view()["bidders"] == [2]
    game.apply("pass")
    assert game.events[-1]["type"] == "discard" and len(game.view()["discards"]) == 5
    assert game.current_player == 2


def test_no_lot_that_nobody_can_take_M8(medici_table):
    """M-8: with every player still in the day down to 1 free hold, lots have 1 card."""
    lots = [
        (["fur:0", "fur:1", "fur:2"], 0, 1),
        (["fur:3", "fur:4"], 0, 1),  # seat 0 full (0 free holds, out for the day)
        (["cloth:0", "cloth:1", "cloth:2"], 1, 1),
        (["cloth:3"], 1, 1),
        (["grain:0", "grain:1", "grain:2"], 2, 1),
        (["grain:3"], 2, 1),
        (["dye:0", "dye:1", "dye:2"], 3, 1),
        (["dye:3"], 3, 1),
    ]
    game = medici_table.new(4, [medici_table.order(lots, count=24)], choices=[3])
    assert medici_table.lots(game, lots) == [3, 0, 1, 2, 3, 1, 2, 3]
    assert game.current_player == 1
    free = [p["free_holds"] for p in game.view()["players"]]
    assert free == [0, 1, 1, 1]
    game.apply("draw")
    assert game.legal_actions() == [engine.Action("stop")]
    with pytest.raises(engine.IllegalAction, match="no player has room for 2 cards") as err:
        game.apply("draw")
    assert err.value.legal == ["stop"]


def test_player_with_zero_money_must_pass_M2_M9(medici_table):
    """M-2, M-9: a player with no money can only pass (but may still select)."""
    game = medici_table.new(3, [medici_table.order([(["gold:10"], 0, 40)], count=18)])
    medici_table.lot(game, ["gold:10"], 0, 40)
    assert game.view()["players"][0]["money"] == 0
    game.apply("draw").apply("stop")  # seat 1 selects; seat 2, then seat 0, then seat 1 bid
    game.apply("pass")
    assert game.current_player == 0
    assert game.legal_actions() == [engine.Action("pass")]
    before, events = game.view(), list(game.events)
    with pytest.raises(engine.IllegalAction, match="only 0 florins") as err:
        game.apply("bid 1")
    assert err.value.legal == ["pass"]
    assert game.view() == before and game.events == events
    game.apply("pass").apply("pass")
    medici_table.lot(game, game.view()["pile"][:1], None)  # seat 2 selects
    assert game.current_player == 0 and game.legal_actions() == [engine.Action("draw")]


def test_full_players_skipped_when_selecting_and_bidding_M7_M11(medici_table):
    """M-7, M-11: two neighbouring full players are passed over in both roles."""
    lots = [
        (["fur:0", "fur:1", "fur:2"], 1, 1),  # seat 0 selects
        (["fur:3", "fur:4", "fur:5"], 2, 1),  # seat 1
        (["cloth:0", "cloth:1"], 1, 1),  # seat 2: seat 1 full
        (["cloth:2", "cloth:3"], 2, 1),  # seat 3: seat 2 full
        (["cloth:4"], None, 0),  # seat 4
    ]
    game = medici_table.new(5, [medici_table.order(lots, count=30)])
    assert medici_table.lots(game, lots) == [0, 1, 2, 3, 4]
    assert game.current_player == 0
    game.apply("draw").apply("stop")
    assert game.view()["bidders"] == [3, 4, 0]
    game.apply("pass").apply("pass").apply("pass")
    assert game.current_player == 3  # seats 1 and 2 are out


def test_everyone_passes_lot_discarded_for_the_day_M10(medici_table):
    """M-10: discarded lots stay out (counted in discards) until the day ends."""
    lots = [(["gold:10", "fur:5"], None, 0), (["fur:4", "fur:3", "fur:2"], None, 0)]
    game = medici_table.new(3, [medici_table.order(lots, count=18)], fallback=3)
    medici_table.lots(game, lots)
    view = game.view()
    assert view["discards"] == ["gold:10", "fur:5", "fur:4", "fur:3", "fur:2"]
    assert view["pile_count"] == 13
    assert [e["cards"] for e in game.events if e["type"] == "discard"] == [
        ["gold:10", "fur:5"], ["fur:4", "fur:3", "fur:2"],
    ]
    medici_table.discard_rest(game)
    assert game.view()["day"] == 2 and game.view()["discards"] == []


def test_free_fill_with_a_pile_too_short_M12(medici_table):
    """M-12 (a): the last player takes what is left; the ship sails with empty holds."""
    lots = [
        (["fur:0", "fur:1", "fur:2"], 0, 1),
        (["fur:3", "fur:4", "fur:5"], 1, 1),
        (["cloth:0", "cloth:1", "cloth:2"], None, 0),
        (["cloth:3", "cloth:4", "cloth:5"], None, 0),
        (["grain:0", "grain:1"], 0, 1),
        (["grain:2", "grain:3"], 1, 1),
    ]
    tail = ["dye:4", "dye:5"]
    game = medici_table.new(3, [medici_table.order(lots, tail, 18)], fallback=1)
    assert medici_table.lots(game, lots) == [0, 1, 2, 0, 1, 2]
    assert medici_table.new_events(game, 0, "free_fill") == [
        {"type": "free_fill", "player": 2, "cards": tail}
    ]
    assert day_ends(game) == ["full_ships"]
    ship = [e for e in game.events if e["type"] == "payout" and e["reason"] == "ship"][2]
    assert ship["value"] == 9
    track = [e for e in game.events if e["type"] == "track" and e["player"] == 2]
    assert track == [
        {"type": "track", "player": 2, "commodity": "dye", "cards": 2, "from": 0, "to": 2}
    ]


def test_free_fill_from_an_empty_pile_takes_nothing_M12(medici_table):
    """M-12 (a): the last lot empties the pile and fills the second-last ship: nothing left."""
    lots = [
        (["cloth:0", "cloth:1", "cloth:2"], None, 0),
        (["cloth:3", "cloth:4", "cloth:5"], None, 0),
        (["cloth:5", "grain:0", "grain:1"], None, 0),
        (["grain:2", "grain:3"], None, 0),
        (["fur:0", "fur:1", "fur:2"], 0, 1),
        (["fur:3", "fur:4", "fur:5"], 0, 1),
        (["fur:5"], 0, 1),
    ]
    game = medici_table.new(2, [medici_table.order(lots, count=18)], fallback=1)
    medici_table.lots(game, lots)
    assert medici_table.new_events(game, 0, "free_fill") == [
        {"type": "free_fill", "player": 1, "cards": []}
    ]
    assert len(day_ends(game)) == 1 and game.view()["day"] == 2


def test_empty_pile_ends_the_day_no_draw_from_it_M8_M12(medici_table):
    """M-8: no drawing from an empty pile; M-12 (b): the auction of the last card ends the day."""
    game = medici_table.new(3, [medici_table.order([], count=18)], fallback=2)
    pile = game.view()["pile"]
    lots = [(pile[i : i + 3], None, 0) for i in range(0, 15, 3)] + [(pile[15:17], 1, 4)]
    medici_table.lots(game, lots)
    assert game.view()["pile_count"] == 1
    game.apply("draw")
    assert game.view()["pile_count"] == 0
    assert game.legal_actions() == [engine.Action("stop")]
    with pytest.raises(engine.IllegalAction, match="the pile is empty"):
        game.apply("draw")
    game.apply("stop").apply("pass").apply("pass").apply("pass")
    assert day_ends(game) == ["empty_pile"]
    assert not medici_table.new_events(game, 0, "free_fill")
    assert game.view()["day"] == 2


def test_day_2_and_3_tie_for_least_money_broken_by_seeded_choice_M6(medici_table):
    """M-6, G-1: equal least money is a logged random choice, the same for the same seed."""
    results = set()
    for seed in range(12):
        game = engine.new_game("medici", 3, seed=seed)
        medici_table.discard_rest(game)
        medici_table.discard_rest(game)
        chooses = [e for e in game.events if e["type"] == "choose"]
        assert [e["what"] for e in chooses] == [
            "day 1 start player", "day 2 start player", "day 3 start player",
        ]
        starts = [e for e in game.events if e["type"] == "start_player"]
        for choose, start in zip(chooses[1:], starts[1:], strict=True):
            assert choose["options"] == [0, 1, 2]
            assert start["player"] == choose["result"]
            assert start["reason"] == "least money, tie broken at random"
        assert game.current_player == chooses[2]["result"]
        results.add(chooses[1]["result"])
        again = engine.new_game("medici", 3, seed=seed)
        medici_table.discard_rest(again)
        medici_table.discard_rest(again)
        assert again.events == game.events
    assert results == {0, 1, 2}


def test_tie_for_least_money_chooses_among_the_tied_only_M6(medici_table):
    """M-6: only the players tied on the least money are candidates; given choice decides."""
    lots = [(["fur:1"], 0, 10), (["cloth:1"], 1, 10), (["gold:10"], 2, 1)]
    days = [medici_table.order(lots, count=18), medici_table.order([], count=18)]
    game = medici_table.new(3, days, [0, 1])
    medici_table.lots(game, lots)
    medici_table.discard_rest(game)
    money = [p["money"] for p in game.view()["players"]]
    assert money[0] == money[1] < money[2]
    chooses = [e for e in game.events if e["type"] == "choose"]
    assert chooses[-1] == {
        "type": "choose", "what": "day 2 start player", "options": [0, 1], "result": 1,
    }
    assert game.current_player == 1 and game.view()["start_player"] == 1


def test_least_money_without_a_tie_logs_no_choice_M6(medici_table):
    """M-6: a single poorest player starts; no chance is used."""
    lots = [(["fur:5"], 0, 1), (["fur:0"], 1, 39)]
    days = [medici_table.order(lots, count=18), medici_table.order([], count=18)]
    game = medici_table.new(3, days, [0])
    medici_table.lots(game, lots)
    medici_table.discard_rest(game)
    money = [p["money"] for p in game.view()["players"]]
    assert money.index(min(money)) == 1 and money.count(min(money)) == 1
    assert [e["what"] for e in game.events if e["type"] == "choose"] == ["day 1 start player"]
    start = [e for e in game.events if e["type"] == "start_player"][-1]
    assert start == {"type": "start_player", "day": 2, "player": 1, "reason": "least money"}


def test_two_player_game_M3_M4_M13_M16(medici_table):
    """2 players: 18 cards a day, ships of 7, ship payouts 20/0 and track payouts 10/0."""
    lots = [
        (["gold:10", "fur:5", "fur:4"], 0, 1),
        (["cloth:5", "cloth:4", "grain:5"], 0, 1),
        (["grain:4"], 0, 1),
    ]
    tail = ["fur:0", "cloth:0", "dye:0", "dye:1", "spice:0", "spice:1", "spice:2"]
    game = medici_table.new(["Ann", "Bo"], [medici_table.order(lots, tail, 18)], fallback=3)
    view = game.view()
    assert view["pile_count"] == 18 and len(view["removed"]) == 18
    assert [p["free_holds"] for p in view["players"]] == [7, 7]
    assert [p["money"] for p in view["players"]] == [40, 40]
    medici_table.lots(game, lots)
    assert medici_table.new_events(game, 0, "free_fill") == [
        {"type": "free_fill", "player": 1, "cards": tail}
    ]
    pays = [e for e in game.events if e["type"] == "payout"]
    assert [(e["player"], e["amount"]) for e in pays if e["reason"] == "ship"] == [(0, 20), (1, 0)]
    majority = {
        e["commodity"]: (e["player"], e["amount"]) for e in pays if e["reason"] == "majority"
    }
    # fur 2-1, cloth 2-1, grain 2-0 to Ann; dye 0-2, spice 0-3 to Bo; 10 to the top, 0 below.
    assert majority == {
        "fur": (0, 10), "cloth": (0, 10), "grain": (0, 10), "dye": (1, 10), "spice": (1, 10),
    }


def test_two_player_track_tie_shares_10_and_0(medici_table):
    """M-16 with 2 players: a tie on a track shares (10 + 0) // 2 = 5."""
    game = medici_table.new(2, [medici_table.order([], count=18)], fallback=4)
    medici_table.discard_rest(game)
    majority = [e for e in game.events if e["type"] == "payout" and e["reason"] == "majority"]
    assert len(majority) == 10 and all(e["amount"] == 5 for e in majority)
    ships = [e for e in game.events if e["type"] == "payout" and e["reason"] == "ship"]
    assert [e["amount"] for e in ships] == [10, 10]


# -- switches (variants written to tmp_path) ----------------------------------------------


def variant_file(tmp_path: Path, name: str, body: str) -> str:
    """Write a variant extending medici; returns its path."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: medici\nname: {name}\n{body}")
    return str(path)


@pytest.mark.parametrize("lot_limit", ["any_player", "self"])
def test_lot_limit_switch_M8(lot_limit, tmp_path, medici_table):
    """M-8 switch: with ``self`` the selector never draws more than their own free holds."""
    path = variant_file(tmp_path, f"limit-{lot_limit}", f"lot_limit: {lot_limit}\n")
    assert engine.load_variant(path).rules["lot_limit"] == lot_limit
    lots = [(["fur:0", "fur:1", "fur:2"], 0, 1), (["cloth:0"], None, 0), (["cloth:1"], None, 0)]
    game = medici_table.new(3, [medici_table.order(lots, count=18)], variant=path)
    medici_table.lots(game, lots)
    assert game.current_player == 0 and game.view()["players"][0]["free_holds"] == 2
    game.apply("draw").apply("draw")
    if lot_limit == "any_player":
        game.apply("draw")
        game.apply("stop")
        assert game.view()["bidders"] == [1, 2]
    else:
        assert game.legal_actions() == [engine.Action("stop")]
        with pytest.raises(engine.IllegalAction, match="room for only 2 cards"):
            game.apply("draw")


@pytest.mark.parametrize("track_moves", ["day_end", "on_purchase"])
def test_track_moves_switch_M15(track_moves, tmp_path, medici_table):
    """M-15 switch: ``on_purchase`` moves tracks as cards are bought; payouts still at day end."""
    path = variant_file(tmp_path, f"tracks-{track_moves}", f"track_moves: {track_moves}\n")
    lots = [(["fur:1", "fur:2", "gold:10"], 0, 1), (["fur:3"], 0, 1)]
    game = medici_table.new(2, [medici_table.order(lots, count=18)], variant=path, fallback=5)
    medici_table.lot(game, *lots[0])
    moved = medici_table.new_events(game, 0, "track")
    if track_moves == "on_purchase":
        assert game.events[-1] == {
            "type": "track", "player": 0, "commodity": "fur", "cards": 2, "from": 0, "to": 2,
        }
        assert game.view()["players"][0]["tracks"]["fur"] == 2
    else:
        assert moved == [] and game.view()["players"][0]["tracks"]["fur"] == 0
    assert not medici_table.new_events(game, 0, "payout")
    medici_table.lot(game, *lots[1])
    medici_table.discard_rest(game)
    fur = [e for e in game.events if e["type"] == "track" and e["commodity"] == "fur"]
    assert sum(e["cards"] for e in fur) == 3  # moved once, never twice
    assert fur[-1]["to"] == 3
    assert len(medici_table.new_events(game, 0, "day_end")) == 1
    majority = [e for e in game.events if e["type"] == "payout" and e.get("commodity") == "fur"]
    assert [(e["player"], e["amount"]) for e in majority] == [(0, 10)]
