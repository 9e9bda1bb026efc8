"""Medici vs Strozzi as integers and tensors for the adapters (``engine.spiel.encoding``).

Actions: ``0 draw``, ``1 stop``, ``2 buy``, ``3 decline``, ``4 discard``, then the loads in
the order of the rules' ships and harbours (``load 3``, ``load 3 harbour 1``, ... ``load 5
harbour 3``: 12 with three ships and three harbours), then ``price N`` for N in
0..``max_amount``.

Observation (S ships, H harbours, R rows, C distinct tiles), after ``viewer`` 2 and
``current`` 2: ``phase`` 5 (drawing, pricing, offer, loading, over), ``round`` 1, ``coins``
2, ``loans`` 2, ``ships`` 2*S*C, ``harbour_of_ship`` 2*S*(H+1) (none, then each harbour),
``markers`` R (signed: towards seat 0 negative), ``lot`` C, ``price`` 1, ``active`` 2,
``buyer`` 2, ``bag`` C, ``discards`` C. Amounts are raw coins.
"""

from __future__ import annotations

from typing import cast

from engine.actions import Action
from engine.spiel.encoding import Counts, Encoding, OneHot, Slots
from engine.strozzi.logic import StrozziLogic
from engine.strozzi.views import StrozziView
from engine.views import View

PHASES = ("drawing", "pricing", "offer", "loading", "game_over")


def _pieces(logic: StrozziLogic) -> list[str]:
    return list(dict.fromkeys(logic.tiles))


def _actions(logic: StrozziLogic) -> tuple[list[Action], str]:
    fixed = [Action(k) for k in ("draw", "stop", "buy", "decline", "discard")]
    return fixed + list(logic.loads.values()), "price"


def _parts(logic: StrozziLogic, n: int, c: int) -> list[tuple[str, int]]:
    s, h, r = len(logic.holds), len(logic.harbours), len(logic.rows)
    return [
        ("phase", len(PHASES)), ("round", 1), ("coins", 2), ("loans", 2), ("ships", 2 * s * c),
        ("harbour_of_ship", 2 * s * (h + 1)), ("markers", r), ("lot", c), ("price", 1),
        ("active", 2), ("buyer", 2), ("bag", c), ("discards", c),
    ]


def _fill(given: View, slots: Slots, one_hot: OneHot, counts: Counts, c: int) -> None:
    view = cast(StrozziView, given)  # a view of this game
    players = view["players"]
    phase = view["phase"]
    one_hot("phase", PHASES.index(phase) if phase in PHASES else None)
    slots["round"][0] = view["round"]
    ships = len(players[0]["ships"])
    width = slots["harbour_of_ship"].size // (2 * ships)
    for p, seat in enumerate(players):
        slots["coins"][p] = seat["coins"]
        slots["loans"][p] = seat["loans"]
        for i, ship in enumerate(seat["ships"]):
            counts("ships", ship["tiles"], (p * ships + i) * c)
            one_hot("harbour_of_ship", ship["harbour"] or 0, (p * ships + i) * width)
    row = 0
    for harbour in view["harbours"]:
        for r in harbour["rows"]:
            slots["markers"][row] = r["marker"]
            row += 1
    counts("lot", view["lot"])
    slots["price"][0] = view["price"] or 0
    one_hot("active", view["active_player"])
    one_hot("buyer", view["buyer"])
    counts("bag", view["bag_tiles"])
    counts("discards", view["discards"])


def _max_length(logic: StrozziLogic, players: int) -> int:
    # A lot: up to 3 draws with their tiles, stop, price, answer, load or discard.
    return logic.rounds * len(logic.tiles) * 10


ENCODING: Encoding[StrozziLogic] = Encoding(pieces=_pieces, actions=_actions, parts=_parts,
                                   fill=_fill, max_length=_max_length)
"""Medici vs Strozzi's encoding (the descriptor's ``encoding``)."""
