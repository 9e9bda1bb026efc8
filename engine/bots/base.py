"""What every bot is: a seeded chooser of legal actions that sees only a player's view."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

from engine.actions import Action, Legal, is_legal
from engine.chance import Rng, fresh_seed
from engine.errors import MediciError
from engine.rules import Variant, load_variant
from engine.views import View

if TYPE_CHECKING:
    from engine.game import Game


class BotError(MediciError, ValueError):
    """A bot spec that cannot be used, or a bot asked to move when it cannot."""


UNSEEDED: Final = frozenset({"last_auction"})
"""Keys of a view a decision's generator is not seeded by (``Bot._rng``): records of moves
already over (Medici's last auction), added to the views after the bots' seeded decisions
were recorded, so that every draw a bot makes is as it was (``tests/test_decisions.py``)."""


class Analysis(NamedTuple):
    """One move as a bot sees it.

    ``value`` is the bot's estimate for the move, higher is better, in the bot's own unit
    (``mcts``: its objective, the chance of winning 0..1 plus small terms for expected rank
    and money, which break near-ties; ``greedy``: money gained against the alternative;
    ``random``: the chance it picks the move). ``win`` and ``money`` are what a person reads:
    the chance of winning (0..1) and the expected final money after the move (None where the
    bot has no such estimate, as ``random``). ``note`` says why in one line.
    """

    action: Action
    value: float
    note: str
    win: float | None = None
    money: float | None = None


NOBODY = -1
"""A ``reader`` that is no seat (a replay read by someone not at the table): the words
name every player."""


class Turn(NamedTuple):
    """One decision put to a bot: the player's view, what is legal, the variant, a
    generator, and the seat deciding (the view's viewer); ``reader``, for the words of an
    analysis, is the seat spoken to as "you" (None: the seat deciding; ``NOBODY``)."""

    view: View
    legal: list[Legal]
    variant: Variant
    rng: Rng
    seat: int
    reader: int | None = None


class Bot:
    """A player that decides from ``Game.view(player)`` and the legal actions alone (G-3).

    A bot never sees the pile order or removed cards: it is given nothing else. Each
    decision draws from a generator seeded by the bot's seed and the view itself. A bot
    also remembers what it saw opponents do earlier in the game (``memory``: the bids and
    passes of each auction it took part in, all public), so the same seed and the same
    views in the same order always give the same moves.
    """

    spec: str
    """The spec the bot was made from (``greedy``, ``mcts:2000``...)."""

    random_per_view: bool = True
    """Whether decisions draw from a generator seeded by the view (False: by the seed only,
    for bots whose moves do not depend on chance, which saves hashing the view)."""

    def __init__(self, spec: str, seed: int | None = None) -> None:
        self.spec = spec
        self.seed = fresh_seed() if seed is None else seed
        self.memory: dict[Hashable, list[Any]] = {}
        """Public actions of opponents seen in this game, one entry per sale (each a
        sighting of the game's opponent model: its own type, ``OpponentModel``)."""

    def choose(
        self, view: View, legal: Sequence[Legal], variant: Variant | str
    ) -> Action:
        """The move to make: one of ``legal``, the legal actions of the viewer."""
        action = self._choose(self._turn(view, legal, variant))
        if not is_legal(action, list(legal)):
            raise BotError(f"bot {self.spec} chose {action}, which is not legal here")
        return action

    def choose_in(self, game: Game, seat: int) -> Action:
        """``choose(game.view(seat), game.legal_actions(), game.variant)``: the same move,
        for a runner that holds the game itself and whose seat ``seat`` is to move. A bot
        that rebuilds its game from the view may build it from the game instead
        (``engine.game.seat_game``: what the seat cannot see stays hidden, G-3)."""
        return self.choose(game.view(seat), game.legal_actions(), game.variant)

    def analyse(
        self,
        view: View,
        legal: Sequence[Legal],
        variant: Variant | str,
        top: int | None = 3,
        also: Sequence[Action] = (),
        reader: int | None = None,
    ) -> list[Analysis]:
        """The best ``top`` moves (all considered moves with None), best first, with why.

        The first row is the move ``choose`` makes for this view. Moves in ``also`` (such
        as the move a player actually made) are evaluated too and always listed, after the
        top ones, so a replay can say how much value a move lost. The words speak to
        ``reader``'s seat as "you" and name the others (None: the mover is "you", as a
        hint is read; ``NOBODY``: everyone is named).
        """
        extra = [a for a in also if is_legal(a, list(legal))]
        turn = self._turn(view, legal, variant)._replace(reader=reader)
        rows = self._analyse(turn, extra)
        best = rows if top is None else rows[: max(0, top)]
        listed = {r.action for r in best}
        best += [r for r in rows if r.action in extra and r.action not in listed]
        return best

    def situation(
        self, view: View, legal: Sequence[Legal], variant: Variant | str,
        reader: int | None = None,
    ) -> str:
        """What the decision is about, in a line, for a hint's head ('' if the bot has no
        words for it); spoken to ``reader`` as ``analyse`` is."""
        return ""

    # What each bot provides.
    def _choose(self, turn: Turn) -> Action:
        """The move for ``turn``."""
        raise NotImplementedError

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        """Every move considered, best first (the move ``_choose`` makes first)."""
        raise NotImplementedError

    # Shared.
    def _turn(
        self, view: View, legal: Sequence[Legal], variant: Variant | str
    ) -> Turn:
        """Check what a bot is given, and put it together for one decision."""
        if not legal:
            raise BotError(
                f"bot {self.spec} has no legal action to choose from: the game is over "
                "or it is not this player's turn"
            )
        seat = view.get("viewer")
        if seat is None:
            raise BotError(
                f"bot {self.spec} was given the full view; give it the player's view, "
                "Game.view(player), which hides what the player cannot see (G-3)"
            )
        if view.get("current_player") != seat:
            raise BotError(
                f"bot {self.spec} was given player {seat}'s view, but it is "
                f"player {view.get('current_player')}'s turn"
            )
        var = variant if isinstance(variant, Variant) else load_variant(variant)
        if view.get("game") != var.game:
            raise BotError(
                f"bot {self.spec}: the view is of a {view.get('game')} game, "
                f"but the variant {var.name} is {var.game}"
            )
        return Turn(view, list(legal), var, self._rng(view), seat)

    def _rng(self, view: View) -> Rng:
        """A generator for one decision: from the bot's seed and the view, nothing else."""
        if not self.random_per_view:
            return Rng(self.seed)
        if not UNSEEDED.isdisjoint(view):
            view = cast(View, {k: v for k, v in view.items() if k not in UNSEEDED})
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
        return Rng(self.seed ^ int.from_bytes(digest, "big"))

    def __repr__(self) -> str:
        return f"<Bot {self.spec} seed={self.seed}>"
