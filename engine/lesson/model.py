"""A lesson as data: its table, its prepared deal, the bots' script, its steps and their words.

A lesson is read from a game's ``lesson.yaml`` (``engine.lesson.loading``) and checked
against ``engine.lesson.schema`` before one of these is built, so everything here is known
to be well formed: the moves parse, the rule ids exist, the conditions name real moves and
events of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.actions import Action

Scalar = str | int | bool | None
"""A value a condition compares a view's or an event's field with."""
Value = Scalar | tuple[Scalar, ...]
"""A value of a view a condition compares with: plain, or a list (as a tuple)."""


@dataclass(frozen=True)
class Condition:
    """One moment of the game, every given part of which must hold (``holds``).

    ``start``: before any move of the lesson. ``over``: the game has ended. ``event``: an
    event of that type has happened since the step before (``fields`` narrow it:
    ``player: learner`` or ``other``, a player's name, or any value the event holds).
    ``decision``: the learner is to act and may make a move of that kind. ``phase``,
    ``period``: the game's phase, and its scoring period (day, round). ``view``: the view
    has these values (a list compared whole: what is on sale, in order). ``any_player``,
    ``learner``: some player's (the learner's) entry of the view has these values
    (``free_holds: 0``).
    """

    start: bool = False
    over: bool = False
    event: str | None = None
    fields: Mapping[str, Scalar] = field(default_factory=dict)
    decision: str | None = None
    phase: str | None = None
    period: int | None = None
    view: Mapping[str, Value] = field(default_factory=dict)
    any_player: Mapping[str, Scalar] = field(default_factory=dict)
    learner: Mapping[str, Scalar] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One thing the lesson says, once, when its moment comes (any of ``when``)."""

    id: str
    when: tuple[Condition, ...]
    say: str
    """The words, with ``{worth}``, ``{money}``, ``{name}``, ``{period}``, ``{unit}`` filled
    in from the learner's view when said."""
    introduces: tuple[str, ...] = ()
    """The rule ids (docs/rules.md) this step introduces."""
    title: str = ""
    after: str | None = None
    """The id of a step that must be said first: its events count from there (a draw
    after the first purchase)."""
    show: bool = False
    """Whether the table is drawn under the words (they point at it)."""


@dataclass(frozen=True)
class ScriptedMove:
    """A bot's move where the lesson needs it: ``move`` for ``player`` whenever ``when``
    holds at its decision (and the move is legal), instead of its own choice."""

    player: int
    move: Action
    when: Condition


@dataclass(frozen=True)
class Judging:
    """How the coach judges the learner's moves (by the bots' valuation, in money)."""

    poor: float = 5.0
    """A move that gives up this much or more is poor: it is explained and can be taken
    back."""
    fair: float = 1.5
    """A move that gives up less than this is good (told why, ``praise`` times a kind);
    from this up to ``poor`` it is fair (the better move is named)."""
    praise: int = 2
    """How many of the learner's moves of each kind are praised when good."""


@dataclass(frozen=True)
class Seat:
    """A seat at the lesson's table: a name, and the bot playing it (None: the learner)."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class Lesson:
    """A guided first game of one game: who sits where, the deal, the script, the steps."""

    game: str
    title: str
    variant: str
    seats: tuple[Seat, ...]
    seed: int
    orders: tuple[tuple[str, ...], ...]
    """The prepared deal: the draw orders, top first, as ``Game.supply_chance`` and
    records give them (one a day or round)."""
    choices: tuple[int, ...]
    """The random choices the deal fixes (start players, tie-breaks), in order."""
    steps: tuple[Step, ...]
    script: tuple[ScriptedMove, ...] = ()
    plain: Mapping[str, str] = field(default_factory=dict)
    """Rule id -> the rule in plain words, said when a move breaking it is refused."""
    judging: Judging = Judging()
    minutes: int = 15
    source: str = ""
    """The file the lesson was read from."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return tuple(seat.name for seat in self.seats)

    @property
    def bots(self) -> tuple[str | None, ...]:
        """Each seat's bot spec (None: the learner's seat)."""
        return tuple(seat.bot for seat in self.seats)

    @property
    def learner(self) -> int:
        """The learner's seat: the one without a bot."""
        return next(i for i, seat in enumerate(self.seats) if seat.bot is None)

    @property
    def introduced(self) -> tuple[str, ...]:
        """Every rule id the steps introduce, in the order they first do."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for rule in step.introduces:
                seen.setdefault(rule, None)
        return tuple(seen)
