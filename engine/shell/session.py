"""The live game in the shell: who sits where (people or bots), moves, autosave and undo."""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine.actions import Action, Legal
from engine.chance import seat_seed
from engine.errors import IllegalAction, MediciError
from engine.game import Game
from engine.shell import deps
from engine.shell.errors import ShellError

DEFAULT_BOT = "mcts"
"""The bot that takes a seat given as a bare ``bot`` or by a player count alone (the
strongest; its default budget keeps a move within about a second)."""

HINT_BOT = "mcts"
"""The bot asked for hints and analysis: the strongest one."""


@contextmanager
def whole(session: Session) -> Iterator[None]:
    """Hold Ctrl-C while the game changes: a move is applied whole or not at all.

    A Ctrl-C that arrives meanwhile is remembered in ``session.interrupted`` for the shell
    to act on once the move is complete (and saved).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def remember(signum: int, frame: object) -> None:
        session.interrupted = True

    previous = signal.signal(signal.SIGINT, remember)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def bot_seed(game: Game, seat: int) -> int:
    """A seat's bot seed from the game's seed, by the rule the tournament runner uses too
    (``engine.bots.seat_seed``): the same seeded game plays the same in both."""
    return seat_seed(game.seed, seat)


class Session:
    """One game being played: the Game, the bot spec of each seat (None for a person)."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[str | None],
        saves: str | None = None,
        path: Path | None = None,
    ) -> None:
        if len(bots) != len(game.players):
            raise ShellError(f"{len(bots)} seat kinds given for {len(game.players)} players")
        self.game = game
        self.bots: list[str | None] = list(bots)
        self.saves = saves
        self.loaded_from = path
        self.path = None if path is None or _is_autosave(path) else path
        """The file the game was last saved to or loaded from by name (None: autosave only)."""
        self._bots: dict[int, Any] = {}
        self._autosave: Any = None
        self.autosave_error: str | None = None
        self.interrupted = False
        self.saved_upto = -1
        """How many events the game had when last saved by name."""
        """Ctrl-C came while a move was being applied (see ``whole``)."""

    # -- who is who -------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, b in enumerate(self.bots) if b is None]

    def viewer(self) -> int:
        """Whose view the table shows: the person to act, else the first person, else seat 0.

        A player's view hides the pile order and the removed cards (G-3), so the shell
        never shows what nobody at the table may see.
        """
        current = self.game.current_player
        if current is not None and self.bots[current] is None:
            return current
        humans = self.humans
        return humans[0] if humans else 0

    def view(self) -> dict[str, Any]:
        """The table as the viewer sees it."""
        return self.game.view(self.viewer())

    def bot_to_act(self) -> int | None:
        """The seat of the bot whose move it is, or None."""
        current = self.game.current_player
        if current is not None and self.bots[current] is not None:
            return current
        return None

    def label(self, seat: int) -> str:
        """A seat's name, with its bot spec for a bot."""
        spec = self.bots[seat]
        name = self.game.players[seat]
        return f"{name} (bot {spec})" if spec else name

    # -- moves ------------------------------------------------------------------------
    def legal(self) -> list[Legal]:
        """What the player to act may do (nothing once the game is over)."""
        return [] if self.game.is_over else self.game.legal_actions()

    def play(self, text: str) -> int:
        """Apply a person's move (text form); returns the index of its first event.

        An illegal move raises IllegalAction with the engine's reason and changes nothing.
        """
        game = self.game
        seat = game.current_player
        if seat is None:
            raise ShellError("the game is over: `replay` it, or start a `new` one")
        if self.bots[seat] is not None:
            raise ShellError(
                f"it is {game.players[seat]}'s turn, and {game.players[seat]} is a bot "
                f"({self.bots[seat]}): press Enter to let the bots play"
            )
        start = len(game.events)
        with whole(self):
            game.apply(text)
        return start

    def bot(self, seat: int) -> Any:
        """The bot of a seat (made on first use, seeded from the game)."""
        bot = self._bots.get(seat)
        if bot is None:
            spec = self.bots[seat]
            if spec is None:
                raise ShellError(f"{self.game.players[seat]} is not a bot")
            bot = deps.bots().make_bot(spec, seed=bot_seed(self.game, seat))
            self._bots[seat] = bot
        return bot

    def bot_move(self, seat: int) -> tuple[Action, int]:
        """Let the bot of ``seat`` choose and make its move; returns it and its first event."""
        game = self.game
        bot = self.bot(seat)
        action = bot.choose(game.view(seat), game.legal_actions(), game.variant)
        start = len(game.events)
        with whole(self):
            game.apply(action)
        return action, start

    def undo(self) -> list[str]:
        """Take back the last move of a person, and the bot moves after it; returns them told
        (``Ann bids 5``), oldest first.

        Undo goes through the records' ``undo``, which never crosses a chance outcome
        already seen (a revealed card stays revealed). Nor does it take back a bot's move
        that ended a sale (``Phase.sale``): the person has seen how the auction or offer ended,
        and could otherwise bid again knowing the others' bids. Between people alone
        (hot seat) it is one move at a time: they see everything anyway. If a person's
        turn cannot be reached, nothing changes.
        """
        if not self.humans:
            raise ShellError("every seat is a bot: there is no move of yours to take back")
        undo = deps.records().undo
        game = self.game
        taken: list[str] = []
        while True:
            try:
                back = undo(game)
            except IllegalAction as err:
                if taken:
                    raise ShellError(_blocked(err.reason, len(taken))) from err
                raise
            seat = back.current_player  # who made the move just taken back
            if seat is not None and self.bots[seat] is not None:
                sale = back.logic.pm.rows[back.phase].sale
                if sale and game.phase != back.phase:
                    move = game.logic.action_of(game.events[len(back.events)])
                    raise ShellError(
                        f"cannot take back your last move: {game.players[seat]}'s {move} "
                        f"(a bot) ended the {sale}, and you have seen how it ended; undo never "
                        f"goes back past the end of an {sale} you saw (`help undo`)"
                    )
            taken.insert(0, _told(game, len(back.events)))
            game = back
            if seat is not None and self.bots[seat] is None:
                break
        self.game = game
        self._autosave_now()
        return taken

    # -- saving -----------------------------------------------------------------------
    def autosave(self) -> Path | None:
        """Write the autosave (every move is on disk before the next prompt)."""
        return self._autosave_now()

    def _autosave_now(self) -> Path | None:
        try:
            if self._autosave is None:
                records = deps.records()
                if self.loaded_from is not None:
                    # An autosave goes on in its own file; a named save is left as it was.
                    self._autosave = records.Autosave.resuming(self.loaded_from, self.saves)
                else:
                    self._autosave = records.Autosave(self.saves)
            self._autosave.save(self.game, self.bots)
            self.autosave_error = None
            return Path(self._autosave.path)
        except ShellError as err:
            self.autosave_error = str(err)
        except (MediciError, OSError) as err:
            self.autosave_error = f"autosave failed: {err}"
        return None

    @property
    def autosave_path(self) -> Path | None:
        """The autosave file, once written."""
        return None if self._autosave is None else Path(self._autosave.path)

    def save(self, name: str | None) -> Path:
        """Save under ``name`` (or the name it was saved or loaded under); returns the path."""
        records = deps.records()
        target: str | Path | None = name if name is not None else self.path
        path = records.save_game(self.game, target, bots=self.bots, directory=self.saves)
        self.path = Path(path)
        self.saved_upto = len(self.game.events)
        return self.path

    def safe_on_disk(self) -> Path | None:
        """A file holding the game as it is now: the autosave, else an up-to-date save."""
        if self._autosave is not None and self.autosave_error is None:
            return Path(self._autosave.path)
        if self.path is not None and self.saved_upto == len(self.game.events):
            return self.path
        return None


def _told(game: Game, index: int) -> str:
    """The move at ``events[index]`` as the narrative tells it (``Ann bids 5``)."""
    from engine.narrative import tell

    events = game.events
    lines = [line for line in tell(events[: index + 1], index, game.players)
             if line.index == index]
    if lines:
        return lines[0].plain().rstrip(".")
    event = events[index]
    seat = event.get("player")
    who = game.players[seat] if isinstance(seat, int) else "?"
    return f"{who}: {game.logic.action_of(event)}"


def _blocked(reason: str, bot_moves: int) -> str:
    """Why undo stopped behind ``bot_moves`` bot moves (nothing was taken back)."""
    found = re.match(r"cannot undo (.+?): (.*)", reason)
    moves = f"{bot_moves} bot move{'s' if bot_moves != 1 else ''}"
    if found is None:
        return f"cannot take back your last move (behind the last {moves}): {reason}"
    return (f"cannot take back your last move: the {found[1]} before the last {moves} "
            f"cannot be undone ({found[2]})")


def _is_autosave(path: Path) -> bool:
    try:
        prefix = deps.records().store.AUTOSAVE_PREFIX
    except (ShellError, AttributeError):
        prefix = "autosave-"
    return path.name.startswith(prefix)
