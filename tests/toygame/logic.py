"""Oracle's rules: each season every player is dealt a hidden stone (chance, hidden
information), stakes shells, then guesses the sum of all stones or folds; the stones are
shown and the closest guesses share the pot. Most shells after the last season wins.

A toy game of the engine's tests: it proves a game plugs in through its descriptor alone,
and its logic's hooks: undo stops at the stones shown (``revealed``), the OpenSpiel adapter
deals each stone to its seat alone (``private_to``, ``forget_order``).
Its bots' parts and field styles are in ``bots.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

from engine.actions import Action, Grammar, Legal, Span, is_legal
from engine.chance import Chance
from engine.errors import Problem
from engine.logic import Logic, Rules, State, multiset_without
from engine.phases import Phase, phase_table
from engine.schema import Int, ListOf, Record, Str, validate
from engine.scoring import best
from engine.views import Event, GameOverEvent, MoveEvent, Summary, View
from engine.yamlsafe import Document
from toygame.views import AmountEvent, OraclePlayer, OracleView, PayoutEvent, RevealEvent

SCHEMA = Record(
    {
        "name": Str(),
        "game": Str(choices=["oracle"]),
        "description": Str(),
        "stones": ListOf(Int(0, 99), min_len=4, max_len=40),
        "seasons": Int(1, 9),
        "start_shells": Int(0, 1000),
        "players": ListOf(Int(2, 6), min_len=1, unique=True),
    }
)


def check(doc: Document) -> list[Problem]:
    """Every problem of an Oracle rules document (its shape; the bag must deal everyone)."""
    problems = validate(doc, SCHEMA)
    if problems:
        return problems
    data: Any = doc.data  # YAML read in, of the shape SCHEMA has just checked
    if max(data["players"]) > len(data["stones"]):
        file, line = doc.where(("players",))
        return [Problem(file, line, "players", "more players than stones to deal them")]
    return []


PHASES = phase_table([
    Phase("setup", auto={"begin": "dealing"}),
    Phase("dealing", on_enter="enter_dealing", auto={"open": "staking"},
          text="each player is dealt a hidden stone"),
    Phase("staking", actor="mover()", moves={"stake": None}, auto={"guesses": "guessing"},
          text="each player stakes shells"),
    Phase("guessing", actor="mover()", moves={"guess": None, "fold": None},
          auto={"score": "scoring"}, text="each guesses the sum of the stones, or folds"),
    Phase("scoring", on_enter="enter_scoring", scoring=True,
          auto={"next_season": "dealing", "finish": "over"},
          text="the closest guesses share the pot"),
    Phase("over", on_enter="enter_over", final=True),
])


class OracleState(State):
    """One Oracle game."""

    __slots__ = ("season", "shells", "stones", "stakes", "guesses", "turn", "pot")

    season: int
    shells: list[int]
    stones: list[str | None]  # each player's hidden stone this season
    stakes: list[int]
    guesses: list[int | None]  # None: folded (or not guessed yet)
    turn: int
    pot: int

    def clone(self) -> OracleState:
        """An independent copy."""
        c = self.copy_base()
        c.season = self.season
        c.shells = self.shells[:]
        c.stones = self.stones[:]
        c.stakes = self.stakes[:]
        c.guesses = self.guesses[:]
        c.turn = self.turn
        c.pot = self.pot
        return c


DEALT = re.compile(r"season \d+ stone of seat (\d+)")
"""The order that deals a seat its stone (``what``), continued or not."""


class OracleLogic(Logic[OracleState]):
    """Oracle's rules for one variant."""

    game = "oracle"
    grammar = Grammar({"stake": ("amount",), "guess": ("amount",), "fold": ()})
    phases = PHASES

    def __init__(self, rules: Rules, strict: bool | None = None) -> None:
        super().__init__(rules, strict)
        self.bag = [f"stone:{v}" for v in rules["stones"]]
        self.value = {s: int(s.split(":")[1]) for s in self.bag}
        self.seasons: int = rules["seasons"]
        self.start_shells: int = rules["start_shells"]
        self.counts = sorted(rules["players"])
        low = sorted(rules["stones"])
        self.low, self.high = low, low[::-1]

    def player_counts(self) -> Sequence[int]:
        """The counts the rules allow."""
        return self.counts

    def new_state(self, names: tuple[str, ...], chance: Chance) -> OracleState:
        """Everyone with the start shells and no stone."""
        n = len(names)
        st = OracleState()
        st.phase, st.log, st.chance, st.names = "setup", [], chance, names
        st.season = 0
        st.shells = [self.start_shells] * n
        st.stones = [None] * n
        st.stakes = [0] * n
        st.guesses = [None] * n
        st.turn = 0
        st.pot = 0
        return st

    def mover(self, st: OracleState) -> int:
        """Players act in seat order, the season's first player rotating."""
        return (st.season - 1 + st.turn) % len(st.names)

    def legal_stake(self, st: OracleState) -> list[Legal]:
        """0 up to the player's shells."""
        return [Span("stake", 0, st.shells[self.mover(st)])]

    def legal_guess(self, st: OracleState) -> list[Legal]:
        """Any sum the stones could make."""
        n = len(st.names)
        return [Span("guess", sum(self.low[:n]), sum(self.high[:n]))]

    def check(self, st: OracleState, action: Action) -> None:
        """A stake within the player's shells; a guess within the possible sums."""
        for entry in self.legal(st):
            if isinstance(entry, Span) and entry.kind == action.kind and not is_legal(
                    action, [entry]):
                raise self.refuse(st, f"{action.kind} must be in {entry}")

    def perform(self, st: OracleState, action: Action) -> None:
        """Log the move, then move on (the last stake opens guessing; the last guess scores)."""
        p = self.mover(st)
        n = len(st.names)
        self.pm.fire(st, action.kind)
        if action.kind == "stake":
            amount = action[1]  # stake AMOUNT (its span checked)
            stake: AmountEvent = {"type": "stake", "player": p, "amount": amount}
            st.log.append(stake)
            st.shells[p] -= amount
            st.stakes[p] = amount
            st.pot += amount
        elif action.kind == "guess":
            guess: AmountEvent = {"type": "guess", "player": p, "amount": action[1]}
            st.log.append(guess)
            st.guesses[p] = action[1]
        else:
            fold: MoveEvent = {"type": "fold", "player": p}
            st.log.append(fold)
        st.turn += 1
        if st.turn < n:
            return
        st.turn = 0
        self.pm.fire(st, "guesses" if st.phase == "staking" else "score")

    def enter_dealing(self, st: OracleState) -> None:
        """A new season: every player is dealt one stone from the shaken bag, seat by seat
        (a table game, or the OpenSpiel adapter, gives each stone when it is dealt)."""
        st.season += 1
        n = len(st.names)
        unseen = list(self.bag)
        st.stones = [None] * n
        for p in range(n):
            what = f"season {st.season} stone of seat {p + 1}"
            order, unknown = self.chance_order(st, what, unseen, 1)
            if not order:
                order, _ = self.continue_order(st, what, unseen, unknown)
            st.stones[p] = order[0]
            unseen.remove(order[0])
        st.stakes = [0] * n
        st.guesses = [None] * n
        self.pm.fire(st, "open")

    def enter_scoring(self, st: OracleState) -> None:
        """Stones shown; the closest guesses share the pot (the rest stays in it)."""
        total = sum(self.value[s] for s in st.stones if s is not None)
        reveal: RevealEvent = {"type": "reveal", "stones": st.stones[:], "total": total}
        st.log.append(reveal)
        miss = {p: abs(g - total) for p, g in enumerate(st.guesses) if g is not None}
        if miss:
            closest = [p for p in miss if miss[p] == min(miss.values())]
            share = st.pot // len(closest)
            for p in closest:
                st.shells[p] += share
                payout: PayoutEvent = {"type": "payout", "player": p, "amount": share,
                                       "reason": "closest guess"}
                st.log.append(payout)
            st.pot -= share * len(closest)
        self.pm.fire(st, "next_season" if st.season < self.seasons else "finish")

    def enter_over(self, st: OracleState) -> None:
        """Most shells wins; equal shells share the victory."""
        over: GameOverEvent = {"type": "game_over", "money": st.shells[:],
                               "winners": best(st.shells)}
        st.log.append(over)

    def view(self, st: OracleState, player: int | None) -> OracleView:
        """Everyone's shells and stakes; a player sees only their own stone."""
        players: list[OraclePlayer] = [
            {
                "name": name,
                "money": st.shells[p],
                "stake": st.stakes[p],
                "guess": st.guesses[p],
                "stone": st.stones[p] if player is None or player == p or st.phase == "over"
                else None,
            }
            for p, name in enumerate(st.names)
        ]
        return {
            "game": "oracle",
            "season": st.season,
            "seasons": self.seasons,
            "phase": st.phase,
            "current_player": self.current_player(st),
            "pot": st.pot,
            "players": players,
            "winners": self.winners(st),
            "viewer": player,
        }

    def state_from_view(self, given: View, chance: Chance) -> OracleState:
        """A state for a view; the stones the viewer cannot see are drawn from the rest."""
        view = cast(OracleView, given)  # a view of this game (``Game.view``)
        seats = view["players"]
        st = self.new_state(tuple(p["name"] for p in seats), chance)
        st.phase, st.season, st.pot = view["phase"], view["season"], view["pot"]
        st.shells = [p["money"] for p in seats]
        st.stakes = [p["stake"] for p in seats]
        st.guesses = [p["guess"] for p in seats]
        known = [p["stone"] for p in seats]
        unseen = multiset_without(self.bag, [s for s in known if s is not None])
        hidden = [p for p, s in enumerate(known) if s is None]
        drawn, _ = chance.order("hidden stones", unseen, len(hidden))
        st.stones = known[:]
        for p, stone in zip(hidden, drawn, strict=False):
            st.stones[p] = stone
        current = view["current_player"]
        st.turn = 0 if current is None else (current - (st.season - 1)) % len(seats)
        return st

    def revealed(self, event: Event) -> str | None:
        """Undo stops at the stones shown: a guess is never made again knowing them."""
        if event.get("type") == "reveal":
            return "the stones have been shown"
        return super().revealed(event)

    def private_to(self, what: str) -> int | None:
        """A stone is dealt to its seat alone."""
        dealt = DEALT.match(what)
        return int(dealt.group(1)) - 1 if dealt else None

    def forget_order(self, st: OracleState) -> None:
        """Nothing to forget: the stones a view hides are dealt already, and a sample of
        them is what a state rebuilt from a view is; no order is laid out ahead."""

    def winners(self, st: OracleState) -> list[int]:
        """Most shells, at the end."""
        return best(st.shells) if st.phase == "over" else []

    def summary(self, st: OracleState) -> Summary:
        """Final shells and winners."""
        return {"money": st.shells[:], "winners": self.winners(st)}
