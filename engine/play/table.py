"""A game at a table: its seats (people and bots), its settings, its moves, its save, undo.

``Table`` is the one owner of a game being played, below every front end: the shell, a
hosted table (``engine.host``), a lesson. Each front end shows it and feeds it moves; none
keeps its own copy of who sits where, what the table is set to, or which file is its save.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine import records
from engine.actions import Action, Legal
from engine.bots import Bot, make_bot
from engine.chance import seat_seed
from engine.errors import IllegalAction, MediciError
from engine.game import Game
from engine.narrative import tell
from engine.play.errors import TableError
from engine.play.saves import SavesFolder
from engine.records.format import Branch
from engine.records.review_section import ReviewSection
from engine.records.settings import Settings
from engine.views import View

DEFAULT_BOT = "mcts"
"""The bot that takes a seat given as a bare ``bot`` or by a player count alone (the
strongest; its default budget keeps a move within about a second)."""

HINT_BOT = "mcts"
"""The bot asked for hints and analysis: the strongest one."""


@contextmanager
def whole(table: Table) -> Iterator[None]:
    """Hold Ctrl-C while the game changes: a move is applied whole or not at all.

    A Ctrl-C that arrives meanwhile is remembered in ``table.interrupted`` for the front end
    to act on once the move is complete (and saved).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def remember(signum: int, frame: object) -> None:
        table.interrupted = True

    previous = signal.signal(signal.SIGINT, remember)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def bot_seed(game: Game, seat: int) -> int:
    """A seat's bot seed from the game's seed, by the rule the tournament runner uses too
    (``engine.bots.seat_seed``): the same seeded game plays the same in both."""
    return seat_seed(game.seed, seat)


@dataclass(frozen=True)
class Seat:
    """One seat at a table: its player's name and who plays it."""

    name: str
    bot: str | None = None
    """The bot that plays it (a spec such as ``mcts``), None for a person."""
    remote: bool = False
    """A person who plays from their own machine (a hosted table's joiner)."""

    @property
    def person(self) -> bool:
        """Played by a person."""
        return self.bot is None

    def label(self) -> str:
        """The seat's name, with its bot spec for a bot (``Bo (bot greedy)``)."""
        return f"{self.name} (bot {self.bot})" if self.bot else self.name


class Table:
    """One game being played at a table: the Game, the bot spec of each seat (None for a
    person), the table's settings and its save."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[str | None],
        saves: SavesFolder | str | None = None,
        path: Path | None = None,
        *,
        continues: bool = False,
        on_disk: bool | None = None,
        branch_of: Branch | None = None,
        settings: Settings | None = None,
        review: ReviewSection | None = None,
    ) -> None:
        if len(bots) != len(game.players):
            raise TableError(f"{len(bots)} seat kinds given for {len(game.players)} players")
        self.game = game
        self.bots: list[str | None] = list(bots)
        self.saves = SavesFolder.of(saves)
        self.settings = settings if settings is not None else Settings()
        """What the table is set to (kept in its record: ``engine.records.settings``)."""
        self.loaded_from = path
        self.path: Path | None = path if continues else None
        """The game's own file, rewritten after every move (one file per game): a save
        that is continued, else a new file made when the game first needs one."""
        self._dirty = path is None if on_disk is None else not on_disk
        """The game has changed since it was last written (a new game is not on disk yet;
        an opened or branched one is, in the file it came from, until a move is made)."""
        self._changes = 0
        self._copy: tuple[Path, int] | None = None
        """The last copy written (``save PATH``) and the game's ``_changes`` then."""
        self.branch_of = branch_of
        """``{"name", "step"}`` for a game branched from a replay: its file is named after
        that save (``friday-branch``) and its record says where it came from."""
        self.review = review
        """A review of the game kept with it (``review``; its record's review section)."""
        self._bots: dict[int, Bot] = {}
        self.autosave_error: str | None = None
        self.interrupted = False
        """Ctrl-C came while a move was being applied (see ``whole``)."""

    # -- who is who -------------------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        """Every seat, in seat order."""
        remote = self.settings.hosting
        return [Seat(name, bot, remote=bot is None and remote is not None
                     and remote.host_seat != i)
                for i, (name, bot) in enumerate(zip(self.game.players, self.bots, strict=True))]

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, b in enumerate(self.bots) if b is None]

    def viewer(self) -> int:
        """Whose view this table shows on one machine ("you"): the person to act (hot seat
        passes the keyboard), else the first person, else seat 0.

        A player's view hides the pile order and the removed cards (G-3), so the shell
        never shows what nobody at the table may see.
        """
        current = self.game.current_player
        if current is not None and self.bots[current] is None:
            return current
        humans = self.humans
        return humans[0] if humans else 0

    def view(self) -> View:
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
        return Seat(self.game.players[seat], self.bots[seat]).label()

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
            raise TableError("the game is over: `replay` it, or start a `new` one")
        if self.bots[seat] is not None:
            raise TableError(
                f"it is {game.players[seat]}'s turn, and {game.players[seat]} is a bot "
                f"({self.bots[seat]}): press Enter to let the bots play"
            )
        start = len(game.events)
        with whole(self):
            game.apply(text)
            self._dirty = True
            self._changes += 1
        return start

    def bot(self, seat: int) -> Bot:
        """The bot of a seat (made on first use, seeded from the game)."""
        bot = self._bots.get(seat)
        if bot is None:
            spec = self.bots[seat]
            if spec is None:
                raise TableError(f"{self.game.players[seat]} is not a bot")
            bot = make_bot(spec, seed=bot_seed(self.game, seat))
            self._bots[seat] = bot
        return bot

    def bot_move(self, seat: int) -> tuple[Action, int]:
        """Let the bot of ``seat`` choose and make its move; returns it and its first event."""
        game = self.game
        bot = self.bot(seat)
        action = bot.choose(game.view(seat), game.legal_actions(), game.variant)
        return action, self.apply(action)

    def apply(self, action: Action) -> int:
        """Apply a move already chosen for the player to act (a bot's, checked by the engine
        like any other); returns the index of its first event."""
        game = self.game
        start = len(game.events)
        with whole(self):
            game.apply(action)
            self._dirty = True
            self._changes += 1
        return start

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
            raise TableError("every seat is a bot: there is no move of yours to take back")
        undo = records.undo
        game = self.game
        taken: list[str] = []
        while True:
            try:
                back = undo(game)
            except IllegalAction as err:
                if taken:
                    raise TableError(_blocked(err.reason, len(taken))) from err
                raise
            seat = back.current_player  # who made the move just taken back
            if seat is not None and self.bots[seat] is not None:
                sale = back.logic.pm.rows[back.phase].sale
                if sale and game.phase != back.phase:
                    move = game.logic.action_of(game.events[len(back.events)])
                    raise TableError(
                        f"cannot take back your last move: {game.players[seat]}'s {move} "
                        f"(a bot) ended the {sale}, and you have seen how it ended; undo never "
                        f"goes back past the end of an {sale} you saw (`help undo`)"
                    )
            taken.insert(0, _told(game, len(back.events)))
            game = back
            if seat is not None and self.bots[seat] is None:
                break
        self.game = game
        self._dirty = True
        self._changes += 1
        self.autosave()
        return taken

    # -- saving -----------------------------------------------------------------------
    def autosave(self) -> Path | None:
        """Write the game to its own file if it changed (every move is on disk before the
        next prompt); the file is named when first needed (``game_path``)."""
        if not self._dirty:
            return self.path
        try:
            if self.path is None:
                self.path = (records.store.branch_path(self.branch_of["name"], self.saves)
                             if self.branch_of else Path(records.game_path(self.game,
                                                                           self.saves)))
            records.write_record(self.record(), self.path)
            self._dirty = False
            self.autosave_error = None
            return self.path
        except TableError as err:
            self.autosave_error = str(err)
        except (MediciError, OSError) as err:
            self.autosave_error = f"autosave failed: {err}"
        return None

    def record(self) -> records.Record:
        """The game's record as it stands (with where it was branched from, if it was, the
        table's settings, and a review kept with it)."""
        section = self.settings.section()
        return records.record_from_game(self.game, self.bots, branch_of=self.branch_of,
                                        table=section if len(section) > 1 else None,
                                        review=self.review)

    def change(self, settings: Settings) -> None:
        """Set the table to ``settings``; its save is written again with them."""
        if settings != self.settings:
            self.settings = settings
            self._dirty = True

    def keep_review(self, review: ReviewSection) -> Path | None:
        """Keep a review of the game with it, and write the game's file with it now."""
        self.review = review
        self._dirty = True
        return self.autosave()

    @property
    def autosave_path(self) -> Path | None:
        """The game's own file, once written."""
        return self.path

    @property
    def unsaved(self) -> bool:
        """Whether the game holds moves that are on no disk."""
        return self.safe_on_disk() is None and self._dirty

    def save(self, name: str | None, *, copy: bool = False, replace: bool = False) -> Path:
        """``save [NAME]``: write the game now; with NAME, the game's file takes that name
        (later moves go there) or, with ``copy`` or a path outside the saves folder, a copy
        is written and the game goes on in its file. Returns the file written.

        Never replaces another game's save or a file that is no save of this game, unless
        ``replace`` (TableError saying what is there and how to replace it).
        """
        if name is None:
            self._dirty = True  # written again even if unchanged: `save` always writes
            path = self.autosave()
            if path is None:
                raise TableError(self.autosave_error or "the game could not be saved")
            return path
        target = Path(records.resolve_save_path(name, self.saves))
        explicit = records.store.is_explicit_path(name)
        mine = self.path is not None and _same_file(target, self.path)
        if not replace and not mine and _occupied(target):
            if not records.same_game(target, self.game):
                flag = " --copy" if copy else ""
                raise TableError(
                    f"{records.store.display(target)} holds {records.what_is_there(target)}; "
                    f"nothing was saved: `save {shlex.quote(name)}{flag} --replace` replaces "
                    "it on purpose, or choose another name"
                )
        records.write_record(self.record(), target, make_folder=not explicit)
        if copy or explicit:
            self._copy = (target, self._changes)
            return target
        old = self.path
        self.path = target
        self._dirty = False
        self.autosave_error = None
        if old is not None and not mine:
            try:
                old.unlink()  # the game moved to its new name: one file per game
            except OSError:
                pass
        return target

    def safe_on_disk(self) -> Path | None:
        """The file holding the game as it is now, or None if its last moves are on none."""
        if not self._dirty:
            return self.path if self.path is not None else self.loaded_from
        if self._copy is not None and self._copy[1] == self._changes:
            return self._copy[0]  # the game's own file failed, but a copy is up to date
        return None


def _occupied(path: Path) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a == b


def _told(game: Game, index: int) -> str:
    """The move at ``events[index]`` as the narrative tells it (``Ann bids 5``)."""
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
