"""Medici vs Strozzi rules S-1..S-17, played through the public API with scripted bags.

Seat 0 is Medici, seat 1 Strozzi. A marker position is signed: negative on Medici's side.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from tables import GOODS, StrozziTable

import engine
from engine import Action, IllegalAction, Span
from engine.game import Game, game_from_view

VARIANT = StrozziTable.variant
MEDICI, STROZZI = 0, 1
TILES = StrozziTable.tiles
bag, new, lot, give = StrozziTable.bag, StrozziTable.new, StrozziTable.lot, StrozziTable.give
finish_round = StrozziTable.finish_round


def since(game: Game, start: int, kind: str) -> list[dict]:
    """The events of type ``kind`` after the first ``start`` events."""
    return [e for e in game.events[start:] if e["type"] == kind]


def refused(game: Game, action: str | Action, *words: str) -> IllegalAction:
    """Apply an illegal ``action``: it must be refused naming ``words`` and change nothing."""
    before = (game.view(), list(game.events))
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    for word in words:
        assert word in str(info.value), (word, str(info.value))
    assert (game.view(), game.events) == before
    return info.value


# -- components and setup -------------------------------------------------------------
def test_s1_bag_holds_26_tiles_four_goods_and_two_gold() -> None:
    game = engine.new_game(VARIANT, seed=3)
    order = game.events[1]
    assert order["type"] == "order" and order["what"] == "round 1 bag"
    assert Counter(order["order"]) == Counter(TILES) and len(order["order"]) == 26
    view = game.view(MEDICI)
    assert view["bag_count"] == 26 and Counter(view["bag_tiles"]) == Counter(TILES)


def test_s2_players_coins_and_ships() -> None:
    game = engine.new_game(VARIANT, seed=1)  # a count: the sides' names
    assert game.players == ("Medici", "Strozzi")
    for seat in game.view()["players"]:
        assert (seat["coins"], seat["loans"], seat["money"]) == (300, 0, 300)
        assert [s["holds"] for s in seat["ships"]] == [3, 4, 5]
        assert all(s["harbour"] is None and s["tiles"] == [] for s in seat["ships"])
    named = engine.new_game(VARIANT, ["Ann", "Bo"], seed=1)
    assert named.players == ("Ann", "Bo")
    with pytest.raises(ValueError, match="2 players"):
        engine.new_game(VARIANT, 3, seed=1)


def test_s3_harbours_and_monopoly_rows() -> None:
    harbours = engine.new_game(VARIANT, seed=1).view()["harbours"]
    rows = [[r["good"] for r in h["rows"]] for h in harbours]
    assert rows == [["cloth", "dye", "fur"], ["dye", "fur", "spice"], ["cloth", "spice"]]
    assert Counter(g for r in rows for g in r) == {g: 2 for g in GOODS}


def test_s4_markers_start_in_the_middle() -> None:
    harbours = engine.new_game(VARIANT, seed=1).view()["harbours"]
    assert all(
        (r["marker"], r["side"], r["space"]) == (0, None, 0) for h in harbours for r in h["rows"]
    )


def test_g3_player_view_hides_the_bag_order() -> None:
    game = engine.new_game(VARIANT, seed=5)
    order = game.events[1]["order"]
    give(game, MEDICI, 2, "load 4 harbour 1")
    full, mine = game.view(), game.view(STROZZI)
    assert full["bag"] == order[2:]
    assert "bag" not in mine and mine["viewer"] == STROZZI
    assert mine["bag_count"] == 24 and Counter(mine["bag_tiles"]) == Counter(order[2:])
    assert json.loads(json.dumps(full)) == full


# -- a turn -------------------------------------------------------------------------
def test_s6_s7_active_player_draws_one_to_three_tiles() -> None:
    game = new(["cloth:1", "dye:2", "fur:3", "spice:4"])
    assert game.current_player == MEDICI and game.phase == "drawing"
    assert game.legal_actions() == [Action("draw")]
    refused(game, "stop", "draw at least one tile", "S-7")
    game.apply("draw")
    assert game.events[-1] == {"type": "draw", "player": MEDICI, "tile": "cloth:1"}
    assert game.legal_actions() == [Action("draw"), Action("stop")]
    game.apply("draw")
    game.apply("draw")
    assert game.view()["lot"] == ["cloth:1", "dye:2", "fur:3"]
    refused(game, "draw", "already has 3 tiles", "S-7")
    assert game.legal_actions() == [Action("stop")]
    refused(game, "stop 2", "unexpected '2' after stop")
    refused(game, Action("stop", 2), "stop takes no arguments")
    game.apply("stop")
    assert game.phase == "pricing" and game.current_player == MEDICI


def test_s7_drawing_is_limited_by_the_emptiest_own_ship() -> None:
    game = new()
    give(game, MEDICI, 3, "load 5 harbour 1")  # ship 5: 2 free
    give(game, MEDICI, 3, "load 4 harbour 2")  # ship 4: 1 free
    give(game, MEDICI, 3, "load 3 harbour 3")  # ship 3: full
    assert game.current_player == MEDICI
    game.apply("draw")
    game.apply("draw")
    refused(game, "draw", "emptiest ship has room for only 2 tiles", "S-7")
    assert game.legal_actions() == [Action("stop")]


def test_s8_price_is_any_whole_number_from_zero() -> None:
    game = new(["cloth:1"])
    lot(game, 1)
    assert game.legal_actions() == [Span("price", 0, None)]
    refused(game, "price -1", "whole number 0 or more")
    refused(game, "price", "price needs an amount")
    refused(game, Action("price", -3), "at least 0", "S-8")
    refused(game, "buy", "not possible while pricing")
    assert game.is_legal("price 0") and game.is_legal("price 100000")
    game.apply("price 0")
    assert game.events[-1] == {"type": "price", "player": MEDICI, "amount": 0}
    assert game.phase == "offer" and game.view()["price"] == 0
    refused(game, "draw", "draw is not possible while the offer is open")


def test_s8_a_price_of_zero_gives_the_lot_away() -> None:
    game = new(["cloth:1"])
    lot(game, 1)
    game.apply("price 0")
    game.apply("buy")
    assert game.events[-1] == {
        "type": "purchase", "player": STROZZI, "tiles": ["cloth:1"], "price": 0
    }
    assert [p["coins"] for p in game.view()["players"]] == [300, 300]


def test_s9_the_opponent_decides_and_may_buy() -> None:
    game = new(["cloth:1", "dye:2"])
    lot(game, 2)
    game.apply("price 7")
    assert game.current_player == STROZZI and game.phase == "offer"
    assert game.legal_actions() == [Action("buy"), Action("decline")]
    refused(game, Action("buy", 7), "buy takes no arguments")
    game.apply("buy")
    view = game.view()
    assert view["buyer"] == STROZZI and game.current_player == STROZZI
    assert [p["coins"] for p in view["players"]] == [300, 293]


def test_s9_decline_makes_the_active_player_buy() -> None:
    game = new(["cloth:1", "dye:2"])
    lot(game, 2)
    game.apply("price 12")
    start = len(game.events)
    game.apply("decline")
    assert game.events[start:] == [
        {"type": "decline", "player": STROZZI},
        {"type": "purchase", "player": MEDICI, "tiles": ["cloth:1", "dye:2"], "price": 12},
    ]
    assert game.current_player == MEDICI and game.phase == "loading"
    assert [p["coins"] for p in game.view()["players"]] == [288, 300]


def test_s10_the_whole_lot_goes_onto_one_ship_or_is_discarded() -> None:
    game = new(["cloth:1", "dye:2", "fur:3", "spice:4"])
    give(game, MEDICI, 3, "load 3 harbour 1")
    ship3 = game.view()["players"][MEDICI]["ships"][0]
    assert ship3 == {
        "holds": 3, "harbour": 1, "tiles": ["cloth:1", "dye:2", "fur:3"], "value": 6,
        "free_holds": 0,
    }
    assert game.view()["harbours"][0]["values"] == [6, 0]
    give(game, MEDICI, 1, "discard")
    assert game.events[-1] == {"type": "discard", "player": MEDICI, "tiles": ["spice:4"]}
    assert game.view()["discards"] == ["spice:4"]


def test_s10_a_lot_that_fits_no_ship_must_be_discarded() -> None:
    game = new()
    give(game, MEDICI, 3, "load 5 harbour 1")
    give(game, MEDICI, 3, "load 4 harbour 2")
    give(game, MEDICI, 3, "load 3 harbour 3")  # Medici's free holds: 0, 1, 2
    give(game, STROZZI, 1, "load 3 harbour 1")  # Strozzi becomes the active player
    tiles = lot(game, 3)
    game.apply("price 4")
    assert game.is_legal("buy")  # S-10: buying a lot that fits nowhere is allowed
    game.apply("buy")
    assert game.legal_actions() == [Action("discard")]
    refused(game, "load 5", "ship 5 has 2 free holds, too few for a lot of 3 tiles", "S-10")
    game.apply("discard")
    assert game.view()["discards"] == tiles
    assert game.view()["players"][MEDICI]["coins"] == 296


def test_s11_first_load_assigns_a_harbour_for_the_round() -> None:
    game = new()
    lot(game, 1)
    game.apply("price 0")
    game.apply("decline")
    legal = [str(a) for a in game.legal_actions()]
    assert legal == [
        f"load {s} harbour {h}" for s in (3, 4, 5) for h in (1, 2, 3)
    ] + ["discard"]
    refused(game, "load 4", "ship 4 has no harbour yet", "load 4 harbour 1", "S-11")
    refused(game, "load 4 harbour 4", "no harbour 4", "1 to 3")
    refused(game, "load 6 harbour 1", "no ship 6", "3, 4, 5")
    refused(game, "load", "load needs a ship")
    game.apply("load 4 harbour 2")
    tile = game.events[-2]["tiles"][0]
    assert game.events[-2:] == [
        {"type": "load", "player": MEDICI, "ship": 4, "harbour": 2, "tiles": [tile]},
        {"type": "assign", "player": MEDICI, "ship": 4, "harbour": 2},
    ]
    lot(game, 1)
    game.apply("price 0")
    game.apply("decline")
    legal = [str(a) for a in game.legal_actions()]
    assert legal == [
        "load 3 harbour 1", "load 3 harbour 3", "load 4", "load 5 harbour 1", "load 5 harbour 3",
        "discard",
    ]
    refused(game, "load 5 harbour 2", "your ship 4 is already in harbour 2", "S-11")
    refused(game, "load 4 harbour 3", "ship 4 is in harbour 2 and stays there", "S-11")
    refused(game, "load 4 harbour 2", "already in harbour 2: write load 4")
    game.apply("load 4")
    assert game.events[-1]["type"] == "load" and "harbour" not in game.events[-1]
    ships = game.view()["players"][MEDICI]["ships"]
    assert [s["harbour"] for s in ships] == [None, 2, None] and len(ships[1]["tiles"]) == 2


def test_s11_harbours_are_per_player() -> None:
    game = new()
    give(game, MEDICI, 1, "load 3 harbour 1")
    give(game, STROZZI, 1, "load 3 harbour 1")  # the opponent's ship may share a harbour
    view = game.view()
    assert [p["ships"][0]["harbour"] for p in view["players"]] == [1, 1]


def test_s12_the_buyer_draws_next() -> None:
    game = new()
    give(game, STROZZI, 1, "load 3 harbour 1")  # Strozzi buys Medici's lot
    assert game.phase == "drawing" and game.current_player == STROZZI
    assert game.view()["active_player"] == STROZZI
    give(game, STROZZI, 1, "load 3")  # Medici declines Strozzi's lot: Strozzi again
    assert game.current_player == STROZZI
    give(game, MEDICI, 1, "discard")  # discarding still makes the buyer the next drawer
    assert game.current_player == MEDICI


def test_s5_loans_let_money_go_below_zero_and_are_repaid_at_the_end() -> None:
    game = new(["gold:5", "cloth:1"])
    lot(game, 1)
    game.apply("price 350")  # more than Medici's 300 coins
    start = len(game.events)
    game.apply("decline")
    assert since(game, start, "loan") == [
        {"type": "loan", "player": MEDICI, "amount": 50, "loans": 50}
    ]
    game.apply("load 3 harbour 1")
    medici = game.view()["players"][MEDICI]
    assert (medici["coins"], medici["loans"], medici["money"]) == (0, 50, -50)
    give(game, STROZZI, 1, price=20)  # Strozzi pays from coins: no loan
    assert game.view()["players"][STROZZI] | {"ships": None} == {
        "name": "Strozzi", "coins": 280, "loans": 0, "money": 280, "ships": None
    }
    finish_round(game)
    # S-14: gold:5 wins harbour 1 for Medici; income goes to coins, the loan stays.
    medici = game.view()["players"][MEDICI]
    assert (medici["coins"], medici["loans"], medici["money"]) == (20, 50, -30)
    finish_round(game)
    start = len(game.events)
    finish_round(game)
    assert game.is_over
    assert since(game, start, "repay") == [{"type": "repay", "player": MEDICI, "amount": 50}]
    assert game.events[-1] == {"type": "game_over", "money": [-30, 280], "winners": [STROZZI]}
    medici = game.view()["players"][MEDICI]
    assert (medici["coins"], medici["loans"], medici["money"]) == (-30, 0, -30)
    assert game.summary()["money"] == [-30, 280] and game.summary()["loans"] == [50, 0]


def test_s13_round_ends_when_a_players_three_ships_are_full() -> None:
    game = new()
    give(game, MEDICI, 3, "load 3 harbour 1")
    give(game, MEDICI, 3, "load 4 harbour 2")
    give(game, MEDICI, 1, "load 4")
    give(game, MEDICI, 3, "load 5 harbour 3")
    assert game.view()["round"] == 1
    start = len(game.events)
    give(game, MEDICI, 2, "load 5")
    ends = since(game, start, "round_end")
    assert ends == [{"type": "round_end", "round": 1, "by": "full_ships"}]
    view = game.view()
    assert view["round"] == 2 and view["bag_count"] == 26
    assert game.summary()["round_ends"] == ["full_ships"]


def test_s13_round_ends_when_the_lot_with_the_last_tile_is_placed() -> None:
    game = new()
    for _ in range(8):
        give(game, game.current_player, 3)  # 24 tiles discarded
    assert game.view()["bag_count"] == 2
    game.apply("draw")
    game.apply("draw")
    refused(game, "draw", "the bag is empty", "S-7")
    game.apply("stop")
    game.apply("price 0")
    game.apply("buy")
    assert game.view()["round"] == 1 and game.phase == "loading"
    start = len(game.events)
    game.apply("load 4 harbour 3")
    assert since(game, start, "round_end") == [{"type": "round_end", "round": 1, "by": "empty_bag"}]
    assert game.view()["round"] == 2


def test_s6_later_rounds_start_with_strozzi_and_reset_ships_not_markers() -> None:
    game = new(["cloth:0"])
    give(game, MEDICI, 1, "load 3 harbour 3")
    finish_round(game)
    view = game.view()
    assert view["round"] == 2 and game.current_player == STROZZI
    assert view["start_player"] == STROZZI
    starts = [e for e in game.events if e["type"] == "start_player"]
    assert starts == [
        {"type": "start_player", "round": 1, "player": MEDICI},
        {"type": "start_player", "round": 2, "player": STROZZI},
    ]
    assert all(
        s["tiles"] == [] and s["harbour"] is None for p in view["players"] for s in p["ships"]
    )
    assert view["harbours"][2]["rows"][0] == {"good": "cloth", "marker": -2, "side": 0, "space": 2}
    assert view["bag_count"] == 26 and view["discards"] == []
    finish_round(game)
    assert game.view()["round"] == 3 and game.current_player == STROZZI


# -- scoring ------------------------------------------------------------------------
def test_s14_to_s17_three_rounds_of_net_moves_clamping_bonuses_and_prizes() -> None:
    """S-14 prizes (a tie pays nothing); S-15 both players' pushes netted (a 0 pushes two),
    then clamped at the row's end; S-16 10 per marker plus its space's bonus, markers
    carrying over; S-17 the game ends after round 3."""
    game = new(
        ["cloth:0", "cloth:1", "cloth:2", "cloth:3"],
        ["cloth:0", "cloth:4", "fur:0", "gold:5", "spice:4"],
        ["cloth:1", "cloth:2", "cloth:3"],
    )
    # Round 1: Medici 0+1+2 (2+1+1 spaces), Strozzi 3 (1 space), both in harbour 1.
    give(game, MEDICI, 3, "load 5 harbour 1")
    give(game, STROZZI, 1, "load 3 harbour 1")
    start = len(game.events)
    finish_round(game)
    assert since(game, start, "harbour")[0] == {
        "type": "harbour", "harbour": 1, "values": [3, 3], "winner": None, "prize": 0
    }
    markers = since(game, start, "marker")
    assert len(markers) == 8
    assert markers[0] == {
        "type": "marker", "harbour": 1, "good": "cloth", "moves": [4, 1], "net": -3,
        "from": 0, "to": -3,
    }
    assert all(m["moves"] == [0, 0] and m["to"] == 0 for m in markers[1:])
    assert since(game, start, "payout") == [
        {"type": "payout", "player": MEDICI, "amount": 10, "reason": "row", "harbour": 1,
         "good": "cloth", "space": 3, "payment": 10, "bonus": 0}
    ]
    # Round 2 (Strozzi starts): Medici 0+4 pushes 3 more: clamped at the end (S-4).
    give(game, MEDICI, 2, "load 4 harbour 1")
    give(game, STROZZI, 2, "load 5 harbour 1")  # fur:0 two spaces, gold:5 none
    give(game, MEDICI, 1, "load 4")  # spice has no row in harbour 1
    start = len(game.events)
    finish_round(game)
    assert since(game, start, "harbour")[0]["values"] == [8, 5]
    markers = {(m["harbour"], m["good"]): m for m in since(game, start, "marker")}
    assert markers[(1, "cloth")] | {"type": None} == {
        "type": None, "harbour": 1, "good": "cloth", "moves": [3, 0], "net": -3,
        "from": -3, "to": -5,
    }
    assert (markers[(1, "fur")]["moves"], markers[(1, "fur")]["to"]) == ([0, 2], 2)
    payouts = [(p["player"], p["amount"], p["reason"]) for p in since(game, start, "payout")]
    assert payouts == [(MEDICI, 20, "harbour"), (MEDICI, 30, "row"), (STROZZI, 10, "row")]
    assert since(game, start, "payout")[1]["bonus"] == 20
    # Round 3: Strozzi 1+2 (2 spaces) against Medici 3 (1): net one space back to 4.
    give(game, STROZZI, 2, "load 4 harbour 1")
    give(game, MEDICI, 1, "load 3 harbour 1")
    start = len(game.events)
    finish_round(game)
    cloth = since(game, start, "marker")[0]
    assert (cloth["moves"], cloth["net"], cloth["from"], cloth["to"]) == ([1, 2], 1, -5, -4)
    payouts = [(p["player"], p["amount"], p["bonus"]) for p in since(game, start, "payout")]
    assert payouts == [(MEDICI, 20, 10), (STROZZI, 10, 0)]
    # S-17: after round 3 the game ends; G-4: most money wins.
    assert game.is_over and game.phase == "game_over" and game.current_player is None
    assert game.events[-1] == {"type": "game_over", "money": [380, 320], "winners": [MEDICI]}
    assert game.winners == [MEDICI] and game.legal_actions() == []
    refused(game, "draw", "the game is over")


def test_s14_s15_absent_ship_counts_zero_and_gold_or_rowless_goods_move_nothing() -> None:
    """S-14: no ship in a harbour counts as 0; S-15: gold, and a good with no row in that
    harbour (dye in harbour 3), move no marker, even a 0-value tile."""
    game = new(["gold:5", "dye:0"])
    give(game, STROZZI, 1, "load 5 harbour 3")  # gold: no row anywhere
    give(game, MEDICI, 1, "load 3 harbour 3")  # dye has no row in harbour 3
    start = len(game.events)
    finish_round(game)
    harbours = since(game, start, "harbour")
    assert [(h["values"], h["winner"], h["prize"]) for h in harbours] == [
        ([0, 0], None, 0), ([0, 0], None, 0), ([0, 5], STROZZI, 20)
    ]
    assert all(m["moves"] == [0, 0] for m in since(game, start, "marker"))
    assert [(p["player"], p["amount"]) for p in since(game, start, "payout")] == [(STROZZI, 20)]


def test_rulebook_scoring_example_medici_80_strozzi_50() -> None:
    """S-14..S-16: Medici wins two harbours (40), one is a tie; four markers on Medici's side
    (40); three on Strozzi's, one on the 20-bonus space (30 + 20). Medici 80, Strozzi 50."""
    view = engine.new_game(VARIANT, seed=1).view(MEDICI)
    on_board = ["spice:4", "dye:3", "gold:5", "gold:5"]
    view.update(
        phase="loading", lot=["gold:5"], price=0, buyer=MEDICI, active_player=MEDICI,
        bag_count=0, bag_tiles=[], discards=list((Counter(TILES) - Counter(on_board)).elements()),
    )
    medici, strozzi = (p["ships"] for p in view["players"])
    medici[0].update(harbour=1, tiles=["spice:4"])  # no spice row in harbour 1: moves nothing
    medici[1].update(harbour=3, tiles=["dye:3"])  # no dye row in harbour 3
    strozzi[0].update(harbour=2, tiles=["gold:5"])
    positions = {(1, "cloth"): -1, (1, "dye"): -2, (1, "fur"): -3, (2, "dye"): -1,
                 (2, "fur"): 1, (2, "spice"): 5, (3, "cloth"): 2, (3, "spice"): 0}
    for harbour in view["harbours"]:
        for row in harbour["rows"]:
            row["marker"] = positions[(harbour["harbour"], row["good"])]
    game = game_from_view(VARIANT, view, seed=1)
    start = len(game.events)
    game.apply("load 5 harbour 2")  # the last tile: the round ends (S-13)
    harbours = since(game, start, "harbour")
    assert [(h["values"], h["winner"]) for h in harbours] == [
        ([4, 0], MEDICI), ([5, 5], None), ([3, 0], MEDICI)
    ]
    earned = [0, 0]
    for payout in since(game, start, "payout"):
        earned[payout["player"]] += payout["amount"]
    assert earned == [80, 50]
    players = game.view()["players"]
    assert [p["coins"] for p in players] == [380, 350]


# -- views for bots ---------------------------------------------------------------------
def test_state_from_view_keeps_what_the_viewer_sees_and_samples_the_bag() -> None:
    game = engine.new_game(VARIANT, seed=11)
    give(game, MEDICI, 2, "load 4 harbour 2", price=400)
    lot(game, 1)
    game.apply("price 3")
    for seat in (MEDICI, STROZZI):
        view = game.view(seat)
        copy = game_from_view(VARIANT, view, seed=99)
        assert copy.view(seat) == view
        assert copy.legal_actions() == game.legal_actions()
        assert Counter(copy.view()["bag"]) == Counter(view["bag_tiles"])
    broken = game.view(MEDICI) | {"bag_count": 5}
    with pytest.raises(ValueError, match="bag holds 5 tiles"):
        game_from_view(VARIANT, broken, seed=1)


def test_replay_rebuilds_a_scripted_game() -> None:
    game = new(["cloth:0", "fur:4"])
    give(game, STROZZI, 2, "load 5 harbour 2", price=9)
    finish_round(game)
    again = engine.replay(game.events)
    assert again.events == game.events and again.view() == game.view()


def test_g1_a_given_bag_order_may_stop_short_and_chance_may_run_out() -> None:
    """G-1: chance given in advance (a real table's tiles entered as drawn) can end early."""
    game = engine.new_game(VARIANT, ["Medici", "Strozzi"], chance={"orders": [["dye:3", "gold:5"]]})
    assert game.view()["bag"] == ["dye:3", "gold:5"] + ["?"] * 24
    assert game.view(MEDICI)["bag_count"] == 26
    game.apply("draw")
    game.apply("draw")
    before = (game.view(), list(game.events))
    with pytest.raises(engine.ChanceExhausted, match="no draw order given for round 1 bag"):
        game.apply("draw")  # drawing is legal (S-7); only the next tile is unknown
    assert (game.view(), game.events) == before
    game.supply_chance(order=["fur:0"])
    game.apply("draw")
    assert game.view()["lot"] == ["dye:3", "gold:5", "fur:0"]
    one_round = engine.new_game(VARIANT, ["Medici", "Strozzi"], chance={"orders": [bag()]})
    for _ in range(8):
        give(one_round, one_round.current_player, 3)
    lot(one_round, 2)
    one_round.apply("price 0")
    one_round.apply("buy")
    before = (one_round.view(), list(one_round.events))
    with pytest.raises(engine.ChanceExhausted, match="round 2 bag"):
        one_round.apply("discard")  # the round ends and round 2 needs a bag order
    assert (one_round.view(), one_round.events) == before
