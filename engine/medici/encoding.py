"""Medici as integers and tensors for the adapters (``engine.spiel.encoding``).

Actions: ``0 draw``, ``1 stop``, ``2 pass``, then ``3 + N`` is ``bid N`` for N in
0..``max_amount`` (bid 0 is never legal: M-9 asks for at least ``min_bid``).

Observation (n seats, C distinct cards, K commodities), after ``viewer`` n and ``current``
n: ``phase`` 3 (selecting, bidding, over), ``day`` 1, ``money`` n, ``ships`` n*C (count of
each card on each ship), ``tracks`` n*K (levels), ``lot`` C, ``discards`` C, ``pile_count``
1, ``high_bid`` 1, ``high_bidder`` n, ``bidders`` n (still to bid), ``selector`` n,
``start_player`` n. Amounts are raw florins.
"""

from __future__ import annotations

from typing import cast

from engine.actions import Action
from engine.medici.logic import MediciLogic
from engine.medici.views import MediciView
from engine.spiel.encoding import Counts, Encoding, OneHot, Slots
from engine.views import View

PHASES = ("selecting", "bidding", "game_over")


def _pieces(logic: MediciLogic) -> list[str]:
    return list(dict.fromkeys(logic.deck))


def _actions(logic: MediciLogic) -> tuple[list[Action], str]:
    return [Action("draw"), Action("stop"), Action("pass")], "bid"


def _parts(logic: MediciLogic, n: int, c: int) -> list[tuple[str, int]]:
    k = len(logic.commodities)
    return [
        ("phase", len(PHASES)), ("day", 1), ("money", n), ("ships", n * c), ("tracks", n * k),
        ("lot", c), ("discards", c), ("pile_count", 1), ("high_bid", 1), ("high_bidder", n),
        ("bidders", n), ("selector", n), ("start_player", n),
    ]


def _fill(given: View, slots: Slots, one_hot: OneHot, counts: Counts, c: int) -> None:
    view = cast(MediciView, given)  # a view of this game
    players = view["players"]
    phase = view["phase"]
    one_hot("phase", PHASES.index(phase) if phase in PHASES else None)
    slots["day"][0] = view["day"]
    k = len(players[0]["tracks"]) if players else 0
    for p, seat in enumerate(players):
        slots["money"][p] = seat["money"]
        counts("ships", seat["ship"], p * c)
        slots["tracks"][p * k : (p + 1) * k] = list(seat["tracks"].values())
    counts("lot", view["lot"])
    counts("discards", view["discards"])
    slots["pile_count"][0] = view["pile_count"]
    slots["high_bid"][0] = view["high_bid"] or 0
    one_hot("high_bidder", view["high_bidder"])
    for p in view["bidders"]:
        slots["bidders"][p] = 1.0
    one_hot("selector", view["selector"])
    one_hot("start_player", view["start_player"])


def _max_length(logic: MediciLogic, players: int) -> int:
    cards = max(pc["cards_per_day"] for pc in logic.counts.values())
    # A lot: up to 3 draws (each with its card), a stop, a bid or pass from each seat.
    return logic.days * (cards * (2 + 2 + players) + players + 1)


ENCODING: Encoding[MediciLogic] = Encoding(pieces=_pieces, actions=_actions, parts=_parts,
                                   fill=_fill, max_length=_max_length)
"""Medici's encoding (the descriptor's ``encoding``)."""
