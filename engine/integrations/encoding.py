"""What the OpenSpiel and PettingZoo adapters share: integer actions and observation tensors.

**Actions.** Each game has a fixed integer action space (``ActionMap``):

- Medici: ``0 draw``, ``1 stop``, ``2 pass``, then ``3 + N`` is ``bid N`` for N in
  0..``max_amount`` (bid 0 is never legal: M-9 asks for at least ``min_bid``).
- Medici vs Strozzi: ``0 draw``, ``1 stop``, ``2 buy``, ``3 decline``, ``4 discard``, then
  the loads in the order of the rules' ships and harbours (``load 3``, ``load 3 harbour 1``,
  ... ``load 5 harbour 3``: 12 with three ships and three harbours), then ``price N`` for N
  in 0..``max_amount``.

Amounts above ``max_amount`` are legal in the engine (a rich bidder, a price on loans) but
not offered by the adapters: the action space must be finite. The default, 200, is above
every final money we have seen in simulation.

**Observations.** ``observation(view, layout)`` turns ``Game.view(player)`` into a flat
float32 vector; ``Layout.pieces`` names its parts in order (``Layout.describe()``). It is
built from the player's view alone, so it never holds the pile order or removed cards (G-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from engine.actions import Action, Legal, Span, amount_action
from engine.rules import Variant

DEFAULT_MAX_AMOUNT = 200
"""The highest bid or price the integer action space holds, unless a game says otherwise."""
MAX_AMOUNT_LIMIT = 100_000
"""The most ``max_amount`` may be (the action space has ``max_amount + 1`` amount actions)."""


def check_max_amount(value: object) -> int:
    """``value`` as a ``max_amount``, or ValueError saying what is accepted."""
    if value.__class__ is not int or not 1 <= value <= MAX_AMOUNT_LIMIT:  # type: ignore[operator]
        raise ValueError(
            f"max_amount is a whole number from 1 to {MAX_AMOUNT_LIMIT}, got {value!r}"
        )
    return value  # type: ignore[return-value]


class ActionMap:
    """A game's actions as integers 0..``size - 1`` (the layout is in the module docstring)."""

    def __init__(self, variant: Variant, max_amount: int = DEFAULT_MAX_AMOUNT) -> None:
        self.max_amount = check_max_amount(max_amount)
        logic: Any = variant.logic
        if variant.game == "medici":
            fixed = [Action("draw"), Action("stop"), Action("pass")]
            self.amount_kind = "bid"
        else:
            fixed = [Action(k) for k in ("draw", "stop", "buy", "decline", "discard")]
            fixed += list(logic.loads.values())
            self.amount_kind = "price"
        self.fixed = fixed
        self.index = {action: i for i, action in enumerate(fixed)}
        self.base = len(fixed)
        self.size = self.base + max_amount + 1

    def action(self, action_id: int) -> Action:
        """The engine action of an id; ValueError for an id outside the space."""
        if not 0 <= action_id < self.size:
            raise ValueError(f"action id {action_id} is outside 0..{self.size - 1}")
        if action_id < self.base:
            return self.fixed[action_id]
        return amount_action(self.amount_kind, action_id - self.base)

    def id_of(self, action: Action) -> int:
        """The id of an engine action; ValueError if the space does not hold it."""
        i = self.index.get(action)
        if i is not None:
            return i
        if (
            action.kind == self.amount_kind
            and action.amount is not None
            and 0 <= action.amount <= self.max_amount
        ):
            return self.base + action.amount
        raise ValueError(
            f"{action} has no action id (amounts go up to max_amount={self.max_amount})"
        )

    def legal_ids(self, legal: Sequence[Legal]) -> list[int]:
        """The ids of ``Game.legal_actions()``, ascending; ranges cut at ``max_amount``."""
        out: list[int] = []
        for entry in legal:
            if entry.__class__ is Span:
                span: Span = entry  # type: ignore[assignment]
                top = self.max_amount if span.hi is None else min(span.hi, self.max_amount)
                out.extend(range(self.base + span.lo, self.base + top + 1))
            else:
                out.append(self.index[entry])  # type: ignore[index]
        out.sort()
        return out

    def mask(self, legal: Sequence[Legal]) -> np.ndarray:
        """A 0/1 int8 vector over the whole space: 1 for every legal id."""
        out = np.zeros(self.size, dtype=np.int8)
        out[self.legal_ids(legal)] = 1
        return out


def pieces_of(variant: Variant) -> list[str]:
    """The distinct cards or tiles of a variant, in the rules' order (``fur:3``, ``gold:10``)."""
    logic: Any = variant.logic
    deck = logic.deck if variant.game == "medici" else logic.tiles
    return list(dict.fromkeys(deck))


class Layout(NamedTuple):
    """The parts of an observation vector, in order: ``(name, size)`` each."""

    game: str
    players: int
    pieces: tuple[tuple[str, int], ...]
    cards: tuple[str, ...]

    @property
    def size(self) -> int:
        """The length of the vector."""
        return sum(size for _, size in self.pieces)

    def describe(self) -> str:
        """One line per part: offset, size and name."""
        lines, at = [], 0
        for name, size in self.pieces:
            lines.append(f"{at:5d} {size:4d}  {name}")
            at += size
        return "\n".join(lines)


MEDICI_PHASES = ("selecting", "bidding", "game_over")
STROZZI_PHASES = ("drawing", "pricing", "offer", "loading", "game_over")


def layout_for(variant: Variant, players: int) -> Layout:
    """The observation layout of a variant at a player count.

    Medici (n seats, C distinct cards, K commodities): ``viewer`` n, ``current`` n,
    ``phase`` 3 (selecting, bidding, over), ``day`` 1, ``money`` n, ``ships`` n*C (count
    of each card on each ship), ``tracks`` n*K (levels), ``lot`` C, ``discards`` C,
    ``pile_count`` 1, ``high_bid`` 1, ``high_bidder`` n, ``bidders`` n (still to bid),
    ``selector`` n, ``start_player`` n. Medici vs Strozzi (S ships, H harbours, R rows):
    ``viewer`` 2, ``current`` 2, ``phase`` 5 (drawing, pricing, offer, loading, over),
    ``round`` 1, ``coins`` 2, ``loans`` 2, ``ships`` 2*S*C, ``harbour_of_ship`` 2*S*(H+1)
    (none, then each harbour), ``markers`` R (signed: towards seat 0 negative), ``lot`` C,
    ``price`` 1, ``active`` 2, ``buyer`` 2, ``bag`` C, ``discards`` C. Amounts are raw
    florins or coins, counts raw counts; one-hots are 0/1.
    """
    logic: Any = variant.logic
    cards = tuple(pieces_of(variant))
    c, n = len(cards), players
    if variant.game == "medici":
        k = len(logic.commodities)
        parts = [
            ("viewer", n), ("current", n), ("phase", len(MEDICI_PHASES)), ("day", 1),
            ("money", n), ("ships", n * c), ("tracks", n * k), ("lot", c), ("discards", c),
            ("pile_count", 1), ("high_bid", 1), ("high_bidder", n), ("bidders", n),
            ("selector", n), ("start_player", n),
        ]
    else:
        s, h, r = len(logic.holds), len(logic.harbours), len(logic.rows)
        parts = [
            ("viewer", 2), ("current", 2), ("phase", len(STROZZI_PHASES)), ("round", 1),
            ("coins", 2), ("loans", 2), ("ships", 2 * s * c), ("harbour_of_ship", 2 * s * (h + 1)),
            ("markers", r), ("lot", c), ("price", 1), ("active", 2), ("buyer", 2), ("bag", c),
            ("discards", c),
        ]
    return Layout(variant.game, players, tuple(parts), cards)


def observation(view: dict[str, Any], layout: Layout) -> np.ndarray:
    """The float32 vector of a view (see ``layout_for`` for what each part holds)."""
    out = np.zeros(layout.size, dtype=np.float32)
    slots: dict[str, np.ndarray] = {}
    at = 0
    for name, size in layout.pieces:
        slots[name] = out[at : at + size]
        at += size
    card = {name: i for i, name in enumerate(layout.cards)}
    c = len(layout.cards)

    def one_hot(name: str, index: int | None, offset: int = 0) -> None:
        if index is not None:
            slots[name][offset + index] = 1.0

    def counts(name: str, items: Sequence[str], offset: int = 0) -> None:
        part = slots[name]
        for item in items:
            part[offset + card[item]] += 1.0

    one_hot("viewer", view.get("viewer"))
    one_hot("current", view.get("current_player"))
    players = view["players"]
    if layout.game == "medici":
        phase = view["phase"]
        one_hot("phase", MEDICI_PHASES.index(phase) if phase in MEDICI_PHASES else None)
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
        return out
    phase = view["phase"]
    one_hot("phase", STROZZI_PHASES.index(phase) if phase in STROZZI_PHASES else None)
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
    return out
