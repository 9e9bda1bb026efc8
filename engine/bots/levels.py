"""Levels: bots that play like people of five strengths, from a first game to a master's.

Each level is one of our own bots with a person's errors, stated as numbers: a style of the
field (``Traits``: it misjudges each lot by a stated share, overbids when excited, draws by
feel), ``greedy`` that forgets what it saw and draws by feel, or the search (``mcts``). It
never plays a move a person would not: every move is the move of a player who values lots
a stated way, only worse. The numbers differ by game (a lot is worth other amounts there),
so each game's folder holds its own (its descriptor's ``levels``:
``engine/medici/levels.py``); the names, their order and what each level stands for are
here, for every game alike. ``medici ratings`` measures them on one scale.

A level bot builds the bot its game's numbers say on its first move of a game (it learns the
game from the variant it is handed), keeps it, and passes every decision to it: the bot
owns its state, and the same seed and views give the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Legal, Span, amount_action
from engine.bots.base import Analysis, Bot, BotError, Turn
from engine.bots.greedy import GreedyBot
from engine.bots.mcts import DEFAULT_ITERATIONS, DEFAULT_SECONDS, MctsBot
from engine.bots.parts import ModelBot
from engine.bots.styles import WORTHS, StyleBot, Traits, style_move
from engine.game import game_from_view
from engine.registry import find
from engine.rules import Variant, load_variant
from engine.views import View


@dataclass(frozen=True)
class Play:
    """How a level plays one game: a style of stated numbers, or ``greedy`` or the search
    with a person's handicaps."""

    traits: Traits | None = None
    """A style of stated numbers (``engine.bots.styles.Traits``), or None: our own bot."""
    iterations: int | None = None
    """With no traits: the search's iterations a move (None: ``greedy``, no search)."""
    seconds: float | None = None
    """The search's time limit a move (with ``iterations``; None: none)."""
    remembers: int | None = None
    """Besides the sale under way, how many of the last sales it remembers what opponents
    did in (None: every one; 0: none, so it judges them by the prior over the field)."""
    draws_below: int | None = None
    """Draws by feel: another piece while the lot's face value is below this, without
    weighing what the next one may bring (None: as its bot weighs it)."""
    overbids: float = 0.0
    """Overbids: every amount its bot would bid (or ask) is this share higher, within
    what is legal (0.2: a bid of 10 becomes 12)."""

    def bot(self, spec: str, seed: int) -> Bot:
        """A fresh bot playing this way."""
        if self.traits is not None:
            return StyleBot(spec, seed, self.traits)
        if self.iterations is not None:
            return _Search(spec, seed, self, self.iterations, self.seconds)
        return _Greedy(spec, seed, self)


@dataclass(frozen=True)
class Level:
    """One level: its name, and what it stands for in every game."""

    name: str
    person: str
    """Who plays like this, in a few words."""
    note: str
    """What it knows and how it errs, in general (each game's numbers say how much)."""


LEVELS: tuple[Level, ...] = (
    Level("novice", "a player in their first game",
          "values what is on sale at its face value and misjudges it widely; overpays, jumps "
          "its bids when excited, draws too much; remembers nothing of the others"),
    Level("casual", "a player who knows the rules",
          "values a sale halfway between face value and what it brings; misjudges it "
          "somewhat; pays a little more when excited; remembers nothing of the others"),
    Level("club", "a regular player",
          "values a sale by what it brings (the race first) and pays a thrifty share; "
          "misjudges a little; remembers nothing of the others"),
    Level("expert", "a strong player",
          "greedy's judgement and bidding, but forgets all but the last few sales and draws "
          "by feel"),
    Level("master", "a master (the default search)",
          f"the search (mcts, {DEFAULT_ITERATIONS} iterations, at most {DEFAULT_SECONDS:g} s "
          "a move) with everything it has seen"),
)
"""Every level, weakest first."""

NAMES = tuple(level.name for level in LEVELS)
"""The levels' names, weakest first."""

DRAW = Action("draw")
STOP = Action("stop")
"""The two moves of a draw decision, which a level may take by feel."""

FIRST_GAME = "casual"
"""The level the shell suggests for a first game."""
FIRST_GAME_LINE = f"new medici You bot:{FIRST_GAME} bot:{FIRST_GAME} bot:{FIRST_GAME}"
"""The command the shell suggests for a first game."""


def plays(name: str, variant: Variant) -> Play:
    """How level ``name`` plays ``variant``'s game; BotError if that game has no levels."""
    info = find(variant.game)
    load = info.levels if info is not None else None
    if load is None:
        raise BotError(f"level {name}: the game {variant.game!r} has no levels; "
                       "only its own bots (greedy, mcts, the field) play it")
    return load()[name]


class LevelBot(Bot):
    """A bot of one level: the bot its game's numbers say (``plays``), made on the first
    move of a game and asked every decision after."""

    random_per_view = False

    def __init__(self, spec: str, seed: int | None = None, level: str = "casual") -> None:
        super().__init__(spec, seed)
        if level not in NAMES:
            raise BotError(f"no level {level!r}; levels are {', '.join(NAMES)}")
        self.level = level
        self._inner: tuple[str, Bot] | None = None

    def inner(self, variant: Variant | str) -> Bot:
        """The bot that plays this level's moves in ``variant``'s game."""
        var = variant if isinstance(variant, Variant) else load_variant(variant)
        made = self._inner
        if made is None or made[0] != var.game:
            made = self._inner = (var.game, plays(self.level, var).bot(self.spec, self.seed))
            self.memory = made[1].memory  # what it remembers is its bot's
        return made[1]

    def choose(self, view: View, legal: Sequence[Legal], variant: Variant | str) -> Action:
        """The move its bot makes."""
        return self.inner(variant).choose(view, legal, variant)

    def analyse(
        self, view: View, legal: Sequence[Legal], variant: Variant | str,
        top: int | None = 3, also: Sequence[Action] = (), reader: int | None = None,
    ) -> list[Analysis]:
        """Its bot's analysis."""
        return self.inner(variant).analyse(view, legal, variant, top, also, reader)

    def situation(self, view: View, legal: Sequence[Legal], variant: Variant | str,
                  reader: int | None = None) -> str:
        """What the decision is about, as its bot says it."""
        return self.inner(variant).situation(view, legal, variant, reader)


class _Handicapped(ModelBot):
    """The handicaps of ``Play`` on one of our bots: forgetting, drawing by feel."""

    play: Play
    infers_passes = False  # an expert remembers its last few sales, nothing inferred

    def _forget(self) -> None:
        keep = self.play.remembers
        if keep is not None and len(self.memory) > keep:
            for key in list(self.memory)[: len(self.memory) - keep]:
                del self.memory[key]

    def _excited(self, turn: Turn, action: Action) -> Action:
        """``action`` with its amount raised by ``play.overbids``, within its legal span."""
        more = self.play.overbids
        amount = action.amount
        if not more or amount is None:
            return action
        for span in turn.legal:
            if isinstance(span, Span) and span.kind == action.kind:
                raised = max(amount, round(amount * (1 + more)))
                top = raised if span.hi is None else min(span.hi, raised)
                return amount_action(action.kind, max(span.lo, top))
        return action

    def _by_feel(self, turn: Turn) -> Action | None:
        """Whether to draw, by the face value on sale alone (the field's rule of the game,
        ``Traits.draw``), where drawing another piece or stopping is the question."""
        below = self.play.draws_below
        if below is None or DRAW not in turn.legal or STOP not in turn.legal:
            return None
        game = game_from_view(turn.variant, turn.view, turn.rng.next64())
        return style_move(game, Traits(draw=below), self.parts(turn.variant))


class _Greedy(_Handicapped, GreedyBot):
    # A level reads no prices: reading made Medici vs Strozzi's expert no longer clearly
    # apart from club (61.5% of 200 heads-up, where 66.8% was; the ladder asks two thirds).
    reads_prices = False

    def __init__(self, spec: str, seed: int, play: Play) -> None:
        super().__init__(spec, seed)
        self.play = play

    def _choose(self, turn: Turn) -> Action:
        self._forget()
        felt = self._by_feel(turn)
        return felt if felt is not None else self._excited(turn, super()._choose(turn))

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        self._forget()
        return super()._analyse(turn, also)


class _Search(_Handicapped, MctsBot):
    def __init__(self, spec: str, seed: int, play: Play, iterations: int,
                 seconds: float | None) -> None:
        super().__init__(spec, seed, iterations, seconds)
        self.play = play

    def _choose(self, turn: Turn) -> Action:
        self._forget()
        felt = self._by_feel(turn)
        return felt if felt is not None else super()._choose(turn)

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        self._forget()
        return super()._analyse(turn, also)


def describe(play: Play) -> str:
    """What a level knows and how it errs in one game, from its numbers."""
    words: list[str] = []
    t = play.traits
    if t is not None:
        mix = [f"{w:.0%} {name}" for name, w in zip(WORTHS, t.weights, strict=True) if w]
        words.append("values a sale by " + " + ".join(mix))
        if t.misjudge:
            words.append(f"misjudges each sale by up to {t.misjudge:.0%} either way")
        words.append(f"pays up to {t.pay:.0%} of it")
        if t.raise_:
            words.append(f"raise {t.raise_:g}")
        if t.excite:
            words.append(f"{t.excite:.0%} more when excited")
        if t.draw is not None:
            words.append(f"draws while the face value on sale is below {t.draw:g}")
        words.append("remembers nothing of the others")
        return "; ".join(words)
    words.append(f"searches {play.iterations} iterations a move" if play.iterations
                 else "greedy's one-step judgement")
    if play.remembers is not None:
        words.append(f"remembers the others' bids in the sale under way and the last "
                     f"{play.remembers} before it only")
    if play.overbids:
        words.append(f"bids {play.overbids:.0%} above its own judgement")
    if play.draws_below is not None:
        words.append(f"draws by feel, while the face value on sale is below "
                     f"{play.draws_below:g}")
    return "; ".join(words)


def make(level: str, seed: int | None = None) -> LevelBot:
    """A bot of ``level`` (one of ``NAMES``)."""
    return LevelBot(level, seed, level)
