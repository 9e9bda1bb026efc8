"""The parts a bot's judgement of one game is made of, each small and named for what it does.

A game's folder builds them (its descriptor's ``model`` names the builder): an
``Evaluator`` says what a position is worth, a ``Policy`` which moves to play and to try, an
``OpponentModel`` how the others play and what their moves tell, an ``Explainer`` what
``hint`` and ``analyse`` say. A search is handed them, as OpenSpiel hands its MCTS an
``Evaluator``. A bot's memory, beliefs and search are its own; beliefs are handed to the
parts that use them, never stored in them. The parts keep only the game's judgement of
positions, pure functions of what they are asked, so the bots of one thread share them
(``thread_parts``): what a position is worth, worked out for one bot, serves the next. No
two threads share parts, so two bots decide in two threads at once.

The parts are generic over the game's state (``Evaluator[MediciState]``): a game's own parts
read its state typed. A bot plays any game, so it holds ``AnyParts``: the state type is
the game's, named by the descriptor, which the core never reads.

The valuations' cache of positions, ``PositionCache``, lives in ``engine/bots/positions.py``
(it compiles in the optional compiled build; this module does not) and is imported here
under its old name too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, cast

from typing_extensions import TypeVar  # with a default (PEP 696; in typing from 3.13)

from engine.actions import Action, Legal, is_legal
from engine.bots.base import Bot, BotError
from engine.bots.opponents import Beliefs, Kind, Learnt, learn
from engine.bots.positions import PositionCache
from engine.chance import Rng
from engine.game import Game, game_from_view, seat_game
from engine.logic import State
from engine.registry import find, games
from engine.rules import Variant
from engine.views import View

__all__ = [
    "ROLLOUT_NOISE", "AnyParts", "Evaluator", "Explainer", "ModelBot", "OpponentModel", "Parts",
    "Policy", "PositionCache", "Reader", "assemble", "build_parts", "reader_of", "reads_beliefs",
    "thread_parts",
]

S = TypeVar("S", bound=State, default=State)
"""A game's state type (``MediciState``): what its parts read."""
S_contra = TypeVar("S_contra", bound=State, contravariant=True, default=State)
"""The state type a part takes its games of (a part only ever takes them)."""
V = TypeVar("V", default=object)
"""A game's valuation type (``MediciValuation``): what its parts and styles share."""
T = TypeVar("T", default=Any)
"""What an opponent model's evidence holds for each move seen (a sighting), the game's own."""
P = TypeVar("P", bound="Policy[Any]")
"""A game's policy class, which its opponent model and explainer consult."""

ROLLOUT_NOISE = 0.1
"""Share of the policy's bids or prices that rollouts jitter, so a search does not trust
them blindly."""


class Evaluator(Protocol[S_contra]):
    """What a position is worth to each player."""

    spread: float
    """Money that makes a clear difference in a game's outcome (turns equity into win chances)."""

    def equity(self, game: Game[S_contra]) -> list[float]:
        """Each player's expected final money from here."""

    def outlook(self, game: Game[S_contra]) -> tuple[list[float], list[float]]:
        """Each player's position as a search weighs it (money, with the parts a model is
        known to misjudge weighed), and their expected final money (``equity``)."""

    def horizon(self, game: Game[S_contra]) -> Hashable:
        """A mark that changes where a rollout stops to evaluate (a scoring period)."""

    def scorings_left(self, game: Game[S_contra]) -> int:
        """Scorings still to come, the one under way included."""


class Policy(Protocol[S_contra]):
    """Which moves to play (the greedy move), to search, and to roll out."""

    def move(self, game: Game[S_contra], beliefs: Beliefs | None,
             rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy move of the player to act (``noise`` > 0: jittered, for rollouts)."""

    def candidates(self, game: Game[S_contra], beliefs: Beliefs | None) -> list[Action]:
        """The moves a search considers for the player to act."""

    def rollout_move(self, game: Game[S_contra], beliefs: Beliefs | None, rng: Rng) -> Action:
        """A rollout move of the searching player (beyond the tree)."""


class Reader(Protocol[S_contra]):
    """A policy whose greedy move also reads what its bot saw of the opponent, cheaply: a
    record of the game's own (``new_reading``) that the bot keeps from move to move and the
    policy updates with each move, from the worths the move needs anyway (unlike beliefs,
    learnt at a cost every move). Medici vs Strozzi's reads prices asked off the fair one
    (``StrozziPolicy``)."""

    def new_reading(self) -> Any:
        """The record before anything was seen."""

    def read_move(self, game: Game[S_contra], reading: Any) -> Action:
        """The greedy move with ``reading``, which it updates with what this move sees."""


class OpponentModel(Protocol[S_contra, T]):
    """How the others play: a prior, what their public moves tell, their moves by kind."""

    def prior(self, players: int) -> Beliefs:
        """Beliefs about opponents before any evidence."""

    def evidence(self, game: Game[S_contra]) -> tuple[Hashable, list[T]] | None:
        """Opponents' public actions in the sale under way, keyed by the sale (None: none
        to learn from). Each sighting is a tuple whose first item is the player."""

    def observe(self, beliefs: Beliefs, sighting: T) -> None:
        """Update ``beliefs`` with one sighting from ``evidence``."""

    def move(self, game: Game[S_contra], kind: Kind | None, rng: Rng) -> Action:
        """A rollout move of the opponent to act, of sampled ``kind`` (None: no model)."""


class Explainer(Protocol[S_contra]):
    """What ``hint`` and ``analyse`` say about a move, in a player's words."""

    def situation(self, game: Game[S_contra], beliefs: Beliefs | None,
                  reader: int | None = None) -> str:
        """What the decision of the player to act is about, in a line ('' if nothing),
        spoken to ``reader``'s seat as "you" and naming every other (None: the player to
        act is "you"; ``engine.bots.base.NOBODY``: everyone is named)."""

    def explain(self, game: Game[S_contra], action: Action, beliefs: Beliefs | None,
                reader: int | None = None) -> str:
        """A few words on what ``action`` does for the player to act, beside
        ``situation`` (spoken to ``reader`` as it is)."""

    def greedy_values(
        self, game: Game[S_contra], beliefs: Beliefs | None, also: list[Action]
    ) -> list[tuple[Action, float]]:
        """Moves with the greedy estimate of the money each gains (the policy's move is
        the one of most value)."""

    def sale_worth(self, game: Game[S_contra], seat: int) -> float | None:
        """What the lot on sale is worth to ``seat`` in money (None: no lot, or it cannot
        be theirs), for the shell's question before an amount out of all proportion."""

    def shift(self, equity: list[float], me: int, value: float) -> list[float]:
        """Each player's expected final money once ``me`` gains ``value`` by a move, as
        ``greedy_values`` counts gains."""


@dataclass(frozen=True)
class Parts(Generic[S, V]):
    """One bot's parts for one variant: built by the game's folder, owned by the bot."""

    evaluator: Evaluator[S]
    policy: Policy[S]
    opponents: OpponentModel[S, Any]
    """(Its sightings are the game's own: only the model itself reads them.)"""
    explainer: Explainer[S]
    valuation: V
    """The game's own valuation (what lots are worth to whom), which the styles read."""


AnyParts = Parts[Any, Any]
"""The parts of whichever game a variant names, as a bot holds them: their state and
valuation types are the game's own, which the core's bots never read."""


def reads_beliefs(policy: Policy[Any]) -> bool:
    """Whether ``policy.move`` reads the beliefs it is handed: its ``reads_beliefs``, True
    where it does not say. A bot may hand one that does not None, and learn nothing for
    the move (a policy that says False reads no beliefs in ``candidates`` either)."""
    return bool(getattr(policy, "reads_beliefs", True))


def reader_of(policy: Policy[Any]) -> Reader[Any] | None:
    """``policy`` as a ``Reader`` where it reads what its bot saw (None where it does not).
    (By its ``read_move``: a check against the protocol costs a bot's every move.)"""
    return cast("Reader[Any]", policy) if hasattr(policy, "read_move") else None


def assemble(
    valuation: V,
    evaluator: Callable[[V], Evaluator[S]],
    policy: Callable[[V], P],
    opponents: Callable[[V, P], OpponentModel[S, Any]],
    explainer: Callable[[V, P], Explainer[S]],
) -> Parts[S, V]:
    """A bot's parts over one ``valuation``: the evaluator and the policy are built on it,
    the opponent model and the explainer on it and the policy (which they consult)."""
    move = policy(valuation)
    return Parts(evaluator(valuation), move, opponents(valuation, move),
                 explainer(valuation, move), valuation)


def build_parts(variant: Variant) -> AnyParts:
    """Fresh parts of a variant's game (BotError for a game no bot but random knows)."""
    info = find(variant.game)
    build = info.model() if info is not None and info.model is not None else None
    if build is None:
        known = ", ".join(g.id for g in games().values() if g.model)
        raise BotError(f"no bot but random knows the game {variant.game!r} (known: {known})")
    parts: AnyParts = build(variant)
    return parts


_THREAD = threading.local()
"""Each thread's parts (``thread_parts``): ``_THREAD.kept`` maps a variant's ``id`` to the
variant and its parts."""
KEPT_VARIANTS: Final = 4
"""The most variants a thread keeps parts of (a long-lived host thread meets a few)."""


def thread_parts(variant: Variant) -> AnyParts:
    """The parts of ``variant`` for every bot that decides in this thread: built on first use,
    then shared by them, never with another thread.

    Parts hold no bot's state: a bot's memory, beliefs, reading and search tree are its own,
    and beliefs are handed to the parts that use them, never stored in them. What parts keep
    is the game's judgement of positions, each a pure function of what it is asked (keyed by
    all it reads), so a bot reads the same answer from a cache another bot filled as it would
    work out itself, to the last bit (``tests/test_decisions.py``). Bots at one table share
    what a position shares between them: the lot's worth to every player, worked out once
    for the player who draws, serves each bidder after them. A thread's own, because a
    thread decides one move at a time, and two threads (a seat's bot and a player's
    ``hint`` at a hosted table) must never work in the same caches at once."""
    try:
        kept: dict[int, tuple[Variant, AnyParts]] = _THREAD.kept
    except AttributeError:
        kept = _THREAD.kept = {}
    got = kept.get(id(variant))
    if got is None or got[0] is not variant:  # the variant kept in the entry: no id reused
        if len(kept) >= KEPT_VARIANTS:
            kept.clear()
        got = kept[id(variant)] = (variant, build_parts(variant))
    return got[1]


class ModelBot(Bot):
    """A bot that judges with its game's parts (``parts``: its thread's)."""

    def situation(
        self, view: View, legal: Sequence[Legal], variant: Variant | str,
        reader: int | None = None,
    ) -> str:
        """What the decision is about, in a line, as the explainer says it to ``reader``."""
        turn = self._turn(view, legal, variant)
        parts = self.parts(turn.variant)
        game = game_from_view(turn.variant, view, turn.rng.next64())
        beliefs = learn(parts.opponents, game, dict(self.memory), turn.seat, self.learnt)
        return parts.explainer.situation(game, beliefs, reader)

    infers_passes = True
    """Whether, where its game's opponent model learns moves made after its own (Medici's
    ``note_bid`` and ``settle``: the bids and passes after its own in an auction, read from
    the last auction over, or the passes a bid of its own that won implies), it keeps them
    in its memory; the levels do not (an expert remembers its last few sales, none else)."""

    def __init__(self, spec: str, seed: int | None = None) -> None:
        super().__init__(spec, seed)
        self.learnt = Learnt()
        """What it learnt of its opponents so far (``learn`` picks up from it)."""
        self.pending: Any = None
        """What its last bid or pass leaves to settle at its next move (``settle``), where
        its game's opponent model learns moves made after it (None: nothing)."""

    def _settle(self, parts: AnyParts, game: Game, seat: int) -> None:
        """Add to its memory what followed its last bid or pass, where the opponent model
        learns it (``pending``), before it learns for a move."""
        pending = self.pending
        if pending is not None:
            self.pending = None
            got = parts.opponents.settle(game, seat, pending)  # type: ignore[attr-defined]
            if got is not None:
                self.memory[got[0]] = got[1]

    def _note(self, parts: AnyParts, game: Game, seat: int, action: Action,
              beliefs: Beliefs | None) -> None:
        """Keep what ``action`` leaves to settle at its next move (``pending``), where its
        game's opponent model infers moves and this bot keeps them (``infers_passes``);
        ``beliefs``, the move's, tell whom it is still worth inferring anything of."""
        if (action.kind == "bid" or action.kind == "pass") and self.infers_passes:
            note = getattr(parts.opponents, "note_bid", None)
            if note is not None:
                self.pending = note(game, seat, action, beliefs)

    def _choose_in_own(self, game: Game, seat: int, move: Callable[[Game], Action]) -> Action:
        """``choose_in`` for a bot whose move reads only the seat's own game, rebuilt with
        the hidden pieces left in order (``seat_game(..., sample=False)``): ``move`` of it,
        with ``choose``'s checks around it (whose turn, a forced move, a legal answer)."""
        if game.current_player != seat:
            raise BotError(f"bot {self.spec} was asked to move for player {seat}, but it is "
                           f"player {game.current_player}'s turn")
        legal = game.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], Action):
            return legal[0]
        action = move(seat_game(game, seat, self.seed, sample=False))
        if not is_legal(action, legal):
            raise BotError(f"bot {self.spec} chose {action}, which is not legal here")
        return action

    def parts(self, variant: Variant) -> AnyParts:
        """The parts this bot judges ``variant`` with: this thread's (``thread_parts``)."""
        return thread_parts(variant)
