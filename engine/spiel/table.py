"""The engine side of an OpenSpiel state: a ``Table`` (an engine game) drawing its chance
from a ``TableChance`` (OpenSpiel's chance nodes).

Kept apart from ``engine.spiel.game`` (the adapter, ``engine.integrations.openspiel``,
re-exports these names, so they are found there as before) because it needs no pyspiel to
compile: the optional
compiled build (mypyc, docs/performance.md) compiles this module, where every step of the
adapter goes, while the pyspiel classes stay interpreted.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.actions import Action
from engine.chance import Chance
from engine.errors import ChanceExhausted
from engine.game import Game, new_game
from engine.logic import Logic, State
from engine.views import View

if TYPE_CHECKING:
    from engine.spiel.game import MediciSpielGame

_CONTINUED = ", continued"
"""How ``Logic.continue_order`` names the request for the next piece of an unknown order."""


Request = tuple[str, list[str], list[int]]
"""What a chance node asks for, ``(what, pieces, seats)``: the next piece of the order
``what`` among ``pieces`` (the unseen ones, with repeats), or a seat among ``seats`` (a
random choice). A plain tuple: one is made at every chance node."""


class TableChance(Chance):
    """Chance outcomes given one at a time, as OpenSpiel's chance nodes choose them.

    An order is left unknown when it is laid; the next piece and every random choice
    come from ``script`` (the outcomes chosen so far for the move in progress). When the
    script runs out, what is asked is kept in ``request`` and ``ChanceExhausted`` raised:
    the state becomes a chance node.
    """

    __slots__ = ("script", "pos", "request")

    def __init__(self) -> None:
        self.script: list[str | int] = []
        self.pos = 0
        self.request: Request | None = None

    def order(self, what: str, items: Sequence[str], count: int) -> tuple[list[str], int]:
        """An unknown order when it is laid; the scripted next piece when one is drawn."""
        if not what.endswith(_CONTINUED):
            return [], count
        if self.pos < len(self.script):
            piece = self.script[self.pos]
            if not isinstance(piece, str) or piece not in items:
                raise ValueError(f"{what}: {piece!r} is not among the unseen pieces")
            self.pos += 1
            return [piece], count - 1
        self.request = (what, list(items), [])
        raise ChanceExhausted(f"{what}: the next piece is a chance node")

    def choose(self, what: str, options: Sequence[int]) -> int:
        """The scripted choice, or a chance node over ``options``."""
        if self.pos < len(self.script):
            pick = self.script[self.pos]
            if not isinstance(pick, int) or pick not in options:
                raise ValueError(f"{what}: {pick!r} is not one of {list(options)}")
            self.pos += 1
            return pick
        self.request = (what, [], list(options))
        raise ChanceExhausted(f"{what}: a chance node")

    def clone(self) -> TableChance:
        """An independent copy."""
        out = TableChance()
        out.script = self.script[:]
        out.pos = self.pos
        out.request = self.request
        return out


class Outcome(NamedTuple):
    """A chance outcome in a table's history that one seat alone sees: its text (``stone
    stone:3``) and the seat. (An outcome everyone sees is kept as its text alone.)"""

    text: str
    seat: int


_START = Action("start")
"""The pending 'move' of a game whose setup waits for a chance outcome (a start player)."""


def _perform(logic: Logic[Any], st: State, move: Action) -> None:
    """Carry out ``move`` on ``st``; any failure (running out of chance included) cuts the
    log back to where it was, so the move can be tried again whole."""
    log = st.log
    logged = len(log)
    try:
        logic.perform(st, move)
    except BaseException:
        del log[logged:]
        raise


class Table:
    """The engine side of one OpenSpiel state: an engine ``Game`` drawing from a ``TableChance``.

    It is the state's only Python attribute, so OpenSpiel's ``clone`` (a deep copy of the
    attributes) uses ``__deepcopy__`` here, a cheap ``Game.clone``, and serialization
    (a pickle of the attributes) stores only the game's name, parameters and action ids:
    unpickling replays them.
    """

    __slots__ = ("spiel", "game", "chance", "pending", "backup", "moves", "ids", "actors")

    def __init__(self, spiel: MediciSpielGame) -> None:
        self.spiel = spiel
        self.actors = spiel.variant.logic.actors
        """Phase -> who acts in it (``Logic.actors``)."""
        self.game: Game | None = None
        self.chance = TableChance()
        self.pending: Action | None = None
        self.backup: State | None = None
        self.moves: list[Action | str | Outcome] = []
        """Every move and chance outcome so far, for the information state string."""
        self.ids: list[int] = []

    @classmethod
    def initial(cls, spiel: MediciSpielGame) -> Table:
        """The table before the first move (waiting for a start player when it is random)."""
        table = cls(spiel)
        table.pending = _START
        table.resume()
        return table

    def current(self) -> Game:
        """The engine game (there is one once the setup's chance nodes are done)."""
        assert self.game is not None, "the game is still being set up (a chance node)"
        return self.game

    def resume(self) -> None:
        """Carry out the pending move with the chance outcomes chosen so far."""
        ch = self.chance
        ch.pos = 0
        sp = self.spiel
        try:
            if self.pending is _START:
                self.game = new_game(sp.variant, sp.players, chance=ch)
            else:
                game = self.game
                assert game is not None  # a move is pending: the game is set up
                before, move = self.backup, self.pending
                assert before is not None and move is not None
                log = before.log
                if not game.logic.changes_before_chance(before, move):
                    st = before  # running out of chance leaves it as it was: no copy
                else:
                    # The move runs on a copy, so the position before it stays for the
                    # next try; the copy shares the log, which is only ever appended to:
                    # a try cut short is undone by cutting the log back (no log copy).
                    before.log = []
                    try:
                        st = before.clone()
                    finally:
                        before.log = log
                    st.log = log
                st.chance = ch
                _perform(game.logic, st, move)
                game.state = st
        except ChanceExhausted:
            return  # a chance node: ``ch.request`` says what is asked
        self.pending = self.backup = None
        ch.script = []
        ch.pos = 0
        ch.request = None

    def apply(self, action: int) -> None:
        """Apply a move id, or the outcome id of the chance node."""
        if self.pending is not None:
            outcome = self.outcome(action)
            self.chance.script.append(outcome)
            self.moves.append(self.outcome_seen(outcome))
        else:
            game = self.game
            assert game is not None  # no chance node pending: the game is set up
            act = self.spiel.actions.action(action)
            # An id from a caller is checked once, here; ``resume`` then carries it out
            # unchecked (the fast path: ``Logic.perform``, as ``Game.push`` does).
            logic = game.logic
            st = game.state
            logic.validate(st, act)
            self.moves.append(act)  # written out only when the information state is asked
            self.ids.append(action)
            if not logic.changes_before_chance(st, act):
                # Most moves: carried out in place, as ``resume`` would with no outcome
                # chosen yet (the chance source's script is empty between moves). One that
                # runs out of chance left ``st`` as it was: it waits for its outcomes.
                try:
                    _perform(logic, st, act)
                except ChanceExhausted:
                    self.backup = st
                    self.pending = act
                return
            self.backup = st
            self.pending = act
            self.chance.script = []
            self.resume()
            return
        self.ids.append(action)
        self.resume()

    def outcome(self, action: int) -> str | int:
        """The piece or seat of a chance outcome id; ValueError if it is not a possible one."""
        request = self.chance.request
        assert request is not None
        _, unseen, seats = request
        if seats:
            if action not in seats:
                raise ValueError(f"chance outcome {action}: the seat is one of {seats}")
            return action
        pieces = self.spiel.pieces
        if not 0 <= action < len(pieces) or pieces[action] not in unseen:
            raise ValueError(f"chance outcome {action}: not an unseen {self.spiel.piece_word}")
        return pieces[action]

    def outcome_seen(self, outcome: str | int) -> str | Outcome:
        """A chance outcome as the information states hold it: its text, with the one seat
        that sees it where the game deals it to one seat only (``Logic.private_to``)."""
        if isinstance(outcome, int):
            return f"seat {outcome}"
        request = self.chance.request
        assert request is not None
        text = f"{self.spiel.piece_word} {outcome}"
        seat = self.spiel.private_to(request[0])
        return text if seat is None else Outcome(text, seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)``: a piece by its share of the unseen, or a uniform seat."""
        request = self.chance.request
        assert self.pending is not None and request is not None
        _, unseen, seats = request
        if seats:
            return [(seat, 1.0 / len(seats)) for seat in sorted(seats)]
        # Counted in one pass over the sorted ids (cheaper than a Counter, then a sort):
        # equal pieces are neighbours there, and each count is the same whole number.
        ids = sorted(map(self.spiel.piece_index.__getitem__, unseen))
        total = len(unseen)
        out: list[tuple[int, float]] = []
        last = -1
        run = 0
        for i in ids:
            if i == last:
                run += 1
                continue
            if run:
                out.append((last, run / total))
            last, run = i, 1
        if run:
            out.append((last, run / total))
        return out

    def view(self, player: int | None = None) -> View:
        """The engine's ``Game.view(player)`` of the position (before a pending move)."""
        if self.game is None:
            return {"game": self.spiel.variant.game, "phase": "setup", "current_player": None,
                    "players": [], "winners": [], "viewer": player}
        return self.game.view(player)

    def history(self, player: int) -> list[str]:
        """Every move and chance outcome so far as ``player`` saw them (a piece dealt to
        another seat alone is only ``dealt``), for the information state string."""
        out = []
        for move in self.moves:
            if isinstance(move, Outcome):
                out.append(move.text if move.seat == player else f"{self.spiel.piece_word} dealt")
            else:
                out.append(str(move))
        return out

    def view_text(self, player: int | None) -> str:
        """The view as compact JSON, and the pending move at a chance node."""
        text = json.dumps(self.view(player), sort_keys=True, separators=(",", ":"))
        if self.pending is not None:
            text += f" pending {self.pending}"
        return text

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        out = Table(self.spiel)
        out.moves = self.moves[:]
        out.ids = self.ids[:]
        out.pending = self.pending
        out.chance = self.chance.clone()
        if self.game is not None:
            out.game = self.game.clone()
            out.game.state.chance = out.chance
            # While a move waits for chance, its position is the game's state (``apply``):
            # the copy's own, whose log is its own, never the original's.
            out.backup = None if self.backup is None else out.game.state
        return out

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any], list[int]], Table],
                                  tuple[str, dict[str, Any], list[int]]]:
        sp = self.spiel
        return _table_from_ids, (sp.get_type().short_name, dict(sp.get_parameters()), self.ids)


def _table_from_ids(short_name: str, params: dict[str, Any], ids: list[int]) -> Table:
    """A table rebuilt by replaying action ids (what a pickled ``Table`` holds)."""
    import pyspiel  # the extra; a pickled table was made by a game of ``engine.spiel.game``

    from engine.spiel.game import register_all

    register_all()  # load_game finds a game by its registered name
    table = Table.initial(pyspiel.load_game(short_name, params))
    for action in ids:
        table.apply(int(action))
    return table
