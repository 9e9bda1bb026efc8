"""The game registry: one descriptor (``GameInfo``) per game, found through entry points.

A game is a package that exports ``GAME = GameInfo(...)``: its id and title, rules check and
schema, logic (with its phase table), the words its players read (day or round, florins or
coins), what ``help`` says of its moves, and where its narrator, table renderer, rules
summary and bot valuation live. Packages declare their descriptor in the ``medici.games``
entry point group (``pyproject.toml``), so a game can live in another installed package;
``register`` adds one at run time (tests, plugins loaded by hand).

Everything that used to look a game up by id asks ``game_info(id)`` instead. The heavy parts
(bots, narration, rendering) are typed loaders (``Part``): functions of no argument that
import the part and return it, so checking a rules file does not import the bots and the
shell starts quickly, and mypy checks each part against the type its field declares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.bots.levels import Play
    from engine.bots.parts import AnyParts
    from engine.bots.styles import Traits
    from engine.errors import Problem
    from engine.game import Game
    from engine.logic import Logic
    from engine.narrative import Narrator
    from engine.review.board import Board
    from engine.rules import Variant
    from engine.schema import Node
    from engine.spiel.encoding import Encoding
    from engine.text import Text
    from engine.yamlsafe import Document

T = TypeVar("T")

Part: TypeAlias = Callable[[], T]
"""A part of a game loaded when first wanted: a function of no argument that imports it
and returns it (``def _table() -> TableDrawer: from .render import table; return table``).
Its import stays out of the descriptor's module, and mypy checks what it returns."""

TableDrawer: TypeAlias = Callable[..., "Text"]
"""``table(view, bots, width) -> Text``: a game's table for a terminal's width (``width``
None: a pipe, no wrapping); one of two arguments, ``table(view, bots)``, is wrapped by the
shell. (Of the game's own view type, so its arguments are not spelt out here.)"""
RulesSummary: TypeAlias = Callable[..., "Text"]
"""``summary(rules, players[, width]) -> Text``: a game's rules in a screenful."""
ModelBuilder: TypeAlias = Callable[["Variant"], "AnyParts"]
"""``parts(variant)``: one bot's parts of a game's model (``engine.bots.parts.Parts``)."""
StyleMove: TypeAlias = Callable[["Game[Any]", "str | Traits", "AnyParts"], "Action | None"]
"""``style_move(game, style, parts)``: a field style's move (``engine.bots.styles``; a named
style or one of stated numbers, ``Traits``), None for the model's greedy move."""
Levels: TypeAlias = Mapping[str, "Play"]
"""How each level plays the game (``engine.bots.levels``), by the level's name."""
BoardDrawer: TypeAlias = Callable[[Any, dict[str, Any]], "Board"]
"""``board(view, rules) -> engine.review.board.Board``: a view drawn on the replay page
(``medici export --html``): seats, rows of pieces, ladders, the sale."""
MoveLabel: TypeAlias = Callable[[Any, list[str]], "str | None"]
"""``move_label(view, words)``: what the move begun with ``words`` would do, in the game's
words, for the completion menu (None: nothing to say). ``view`` is the game's own view."""

PROGRAM = "medici"
"""The program's name (the command, its folders): the project's, not a game's."""

GROUP = "medici.games"
"""The entry point group games are declared in."""

BUILTIN = ("engine.medici:GAME", "engine.strozzi:GAME")
"""The shipped games' descriptors, found even when the installed metadata declares none (a
source checkout run without ``pip install -e``)."""


@dataclass(frozen=True)
class Vocabulary:
    """The words a game's players read: what a scoring period and the money are called."""

    period: str
    """One scoring period: ``day``, ``round``; also the game state's attribute counting
    them, and the view's key."""
    periods: str
    """Its plural, as rules files and messages use it."""
    money: str
    """The unit of money: ``florins``, ``coins``."""
    piece: str = "piece"
    """One of the pieces chance turns up: ``card``, ``tile`` (the OpenSpiel adapter's
    chance outcomes are written ``card fur:3``)."""
    on_sale: str = "the sale"
    """What is sold, as the shell's messages name it: ``the lot`` (``price 1000 is 43 times
    what the lot is worth to you``)."""


@dataclass(frozen=True)
class MoveHelp:
    """What ``help`` says about one move word of a game."""

    usage: str
    summary: str
    details: str


@dataclass(frozen=True)
class GameInfo:
    """One game: everything the core, the shell, the records and the bots need to know of it."""

    id: str
    title: str
    check: Callable[[Document], list[Problem]]
    """Every problem of a resolved rules document of this game."""
    logic: type[Logic[Any]]
    """The rules logic; its ``phases`` table decides who acts and which moves are legal.
    (Of its own state type: the registry holds games of every state type.)"""
    schema: Node
    """The schema of its rules files (``engine.schema``)."""
    vocabulary: Vocabulary
    moves: Mapping[str, MoveHelp]
    """Help for each move word of its grammar."""
    scoring_events: frozenset[str] = frozenset()
    """The event types that open a scoring (where a replay's ``goto scoring`` stops)."""
    rule_example: str = ""
    """A rule id to show as an example (``rules M-8``)."""
    narrator: Part[type[Narrator]] | None = None
    """Its narrator (an ``engine.narrative.Narrator`` subclass); None tells events
    plainly."""
    table: Part[TableDrawer] | None = None
    """Its table drawn from a view for a terminal's width (``TableDrawer``); None shows
    the generic table."""
    rules_text: Part[RulesSummary] | None = None
    """Its rules in a screenful (``RulesSummary``); None lists the rules file's keys."""
    model: Part[ModelBuilder] | None = None
    """What builds one bot's parts of its model (evaluator, policy, opponent model,
    explainer; ``ModelBuilder``); None leaves the game to the random bot alone."""
    encoding: Part[Encoding[Any]] | None = None
    """Its integer actions and observation tensors for the OpenSpiel and PettingZoo
    adapters (``engine.spiel.encoding.Encoding``); None for none."""
    styles: Part[StyleMove] | None = None
    """The field styles' moves (``StyleMove``); None plays the model's greedy move for
    every style."""
    levels: Part[Levels] | None = None
    """How each level plays it (``Levels``, ``engine.bots.levels``); None: no levels."""
    move_label: Part[MoveLabel] | None = None
    """What a move being typed would do, for the completion menu (``MoveLabel``); None
    says nothing."""
    lesson: str = ""
    """The file of its guided first game beside its logic module (``medici learn``,
    ``engine.lesson``); '' for the default name, ``lesson.yaml``, where there is one."""
    page: Part[BoardDrawer] | None = None
    """Its table on the replay page (``BoardDrawer``); None draws each player's name and
    money only."""
    example: str = ""
    """The file name of its shipped example record (in the top-level ``saves/``, and in
    the wheel's ``engine/examples/``); '' for none."""
    default_variant: str = ""
    """The variant ``new GAME`` starts when no variant is named (the id itself by default)."""
    view_type: type | None = None
    """The ``TypedDict`` of its views (``engine.views.View`` and the game's own keys)."""
    event_types: Mapping[str, type] = field(default_factory=dict)
    """The ``TypedDict`` of each event type it logs, by ``type``."""

    @property
    def variant(self) -> str:
        """The variant that plays this game by default."""
        return self.default_variant or self.id


_GAMES: dict[str, GameInfo] = {}
_LOADED = False


def _discover() -> None:
    """Fill the registry from the entry points (or the built-in list), once."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    # The shipped games come first (the first is the default game), then any other
    # installed package's; a stale editable install that declares none still finds these.
    refs = [*BUILTIN, *(ep.value for ep in entry_points(group=GROUP))]
    for ref in refs:
        module, _, name = ref.partition(":")
        info = getattr(import_module(module), name or "GAME")
        _GAMES.setdefault(info.id, info)


def register(info: GameInfo) -> GameInfo:
    """Add a game (replacing one of the same id); returns it."""
    _discover()
    _GAMES[info.id] = info
    return info


def unregister(game_id: str) -> None:
    """Remove a game added with ``register`` (tests clean up after themselves)."""
    _discover()
    _GAMES.pop(game_id, None)


def games() -> dict[str, GameInfo]:
    """Every known game, by id, in registration order."""
    _discover()
    return dict(_GAMES)


def game_ids() -> list[str]:
    """The ids of every known game."""
    _discover()
    return list(_GAMES)


def find(game_id: object) -> GameInfo | None:
    """The descriptor of ``game_id``, or None if no game has that id."""
    _discover()
    return _GAMES.get(game_id) if isinstance(game_id, str) else None


def game_info(game_id: str) -> GameInfo:
    """The descriptor of ``game_id``; KeyError naming the known games if there is none."""
    info = find(game_id)
    if info is None:
        raise KeyError(f"no game {game_id!r} (known: {', '.join(game_ids())})")
    return info


def titles() -> str:
    """Every game's title, for help texts: ``A, B and C``."""
    names = [info.title for info in games().values()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def default_variant() -> str:
    """The variant commands play when none is named: the default game's."""
    return default_game().variant


def default_game() -> GameInfo:
    """The game that commands play when none is named: the first registered."""
    _discover()
    return next(iter(_GAMES.values()))
