"""The one table a host serves: the game, its seats, who sits at them, every move told to all.

``HostedTable`` holds the live game (an ``engine.play.Table``: the same game, seats,
settings and one save file as a game on one machine) and its ``Chair`` s: who is connected
to each seat. Every change happens under ``HostedTable.lock``, from
whichever thread makes it (a player's command runs in a worker thread, a bot thinks in
another): the move goes through the engine (``Table.play`` / ``Table.apply``, which
call ``Game.apply``), the save is written (``Table.autosave``, before anyone is told),
and the move's narration (the narrator the local shell uses) is told to every connected
screen in the same order. What the prompts, toolbars and completion read between moves is
a ``Snapshot`` made under the lock after each change, so the event loop never reads a game
half-way through a move.

Bots (and the away bot standing in for an absent player) decide in a worker thread with
the lock released, so a bot thinking never holds up anyone's commands or screen. Each bot
owns its state, and no two threads share the parts bots judge with
(``engine.bots.parts.thread_parts``), so a seat's bot and a player's ``hint`` think at
once, in two threads, with no lock between them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from engine.actions import Legal, describe
from engine.bots import Bot, make_bot
from engine.game import new_game
from engine.names import player_name_problem
from engine.play import SavesFolder, Table, bot_seed, render, slips
from engine.play.worth import Worth, at_table
from engine.records.settings import Hosting, Settings
from engine.registry import find
from engine.rules import Variant
from engine.shell import ShellError
from engine.text import Text
from engine.views import View

if TYPE_CHECKING:
    from engine.host.seat import Guest

OPEN = "?"
"""A seat given as ``?``: the next joiner takes it and is asked for a name."""


@dataclass
class Chair:
    """One seat of the table."""

    name: str
    bot: str | None = None
    """The bot that plays it (a spec), or None for a person."""
    open: bool = False
    """A ``?`` seat no one has named yet."""
    host: bool = False
    """The hosting terminal's own seat."""
    guest: Guest | None = None
    """Who is connected to it now."""
    reserved: Guest | None = None
    """A joiner naming this open seat."""
    away_since: float = field(default_factory=time.monotonic)
    """Since when no one is connected to it."""
    joined: bool = False
    """Someone has sat here before (a new arrival is then someone coming back)."""

    @property
    def person(self) -> bool:
        """Played by a person (not a bot)."""
        return self.bot is None


@dataclass(frozen=True)
class Snapshot:
    """What the prompts, toolbars and completion show between two changes of the table."""

    view: View | None
    """A player's view of the game (what every player sees alike), None before the deal."""
    bots: tuple[str | None, ...]
    current: int | None
    """The seat to act, None before the deal and once the game is over."""
    legal: tuple[Legal, ...]
    """The moves of the seat to act."""
    away: tuple[str, ...]
    """The people whose seat has no one connected."""
    here: int
    """How many are connected (spectators and the hosting terminal too)."""
    worths: tuple[Worth | None, ...] = ()
    """What the lot on sale is worth to each person's seat, by the bots' estimate, where the
    host allows hints (worked out once a change, under the lock: the toolbars read it at
    every key)."""


@dataclass(frozen=True)
class TableOptions:
    """How the hosted table is run: its settings (the table's own, kept in its record), its
    saves folder, and the command that joins it."""

    settings: Settings = Settings(hints=False, hosting=Hosting())
    saves: SavesFolder = SavesFolder()
    join: Callable[[str], str] = lambda name: f"ssh {name}@HOST"
    """The command that joins the table as ``name`` (the host knows its address)."""

    @property
    def hosting(self) -> Hosting:
        """How people get in (a hosted table always has it)."""
        return self.settings.hosting or Hosting()

    @property
    def name(self) -> str | None:
        """The table's name (``--name``): the name of its game's save too."""
        return self.settings.name

    @property
    def hints(self) -> bool:
        """Whether players may ask for a hint."""
        return self.settings.hints

    @property
    def spectators(self) -> bool:
        """Whether a joiner whose name is no seat may watch."""
        return self.hosting.spectators

    @property
    def away_bot(self) -> str | None:
        """The bot that moves for an absent player, if any."""
        return self.hosting.away_bot

    @property
    def away_after(self) -> float:
        """Seconds the table waits for an absent player before the away bot moves."""
        return self.hosting.away_after

    @property
    def bot_delay(self) -> float:
        """The bots' pace: a bot's move is shown at least this long after the last."""
        return self.settings.pace


@dataclass(frozen=True)
class Claim:
    """What a joiner's SSH user name gets them: a seat, an open seat, a spectator's place."""

    kind: str
    """``seat``, ``open``, ``watch`` or ``refused``."""
    chair: int | None = None
    message: str = ""


class HostedTable:
    """The table: its game, its chairs and the people connected (see the module)."""

    def __init__(
        self,
        variant: Variant,
        chairs: Sequence[Chair],
        options: TableOptions,
        executor: Executor,
        session: Table | None = None,
        seed: int | None = None,
    ) -> None:
        self.lock = threading.RLock()
        self.variant = variant
        self.chairs = list(chairs)
        self.options = options
        self.executor = executor
        self.session = session
        self.seed = seed
        self.guests: list[Guest] = []
        """Everyone connected: players, spectators and the hosting terminal."""
        self.closed = False
        self.snapshot = Snapshot(None, (), None, (), (), 0)
        self._stop = threading.Event()
        self._auto_running = False
        self._turn_since = time.monotonic()
        self._away_bots: dict[int, Bot] = {}
        self.on_close: Callable[[], None] = lambda: None
        """Called once the table closes (the host stops its server)."""
        with self.lock:
            self._refresh()

    # -- telling ----------------------------------------------------------------------
    def tell(self, text: Text | str | Callable[[Guest], Text | str | None],
             but: Guest | None = None) -> None:
        """Tell every connected screen (but ``but``); a callable gives each guest's own text."""
        with self.lock:
            for guest in list(self.guests):
                if guest is but:
                    continue
                said = text(guest) if callable(text) else text
                if said is not None:
                    guest.console.say(said)

    def title(self) -> str:
        """The game's title, and its rules when they are not the game's own
        (``Medici``, ``Medici (medici-amigo)``)."""
        info = find(self.variant.game)
        title = info.title if info is not None else self.variant.game
        return title if self.variant.name == self.variant.game else (
            f"{title} ({self.variant.name})")

    def names(self) -> list[str]:
        """The seats' names in seat order (``?`` for an open one)."""
        return [OPEN if c.open else c.name for c in self.chairs]

    def label(self, index: int) -> str:
        """A seat's name, with its bot for a bot (``Dee (bot greedy)``)."""
        chair = self.chairs[index]
        if chair.open:
            return OPEN
        return f"{chair.name} (bot {chair.bot})" if chair.bot else chair.name

    def free(self) -> list[int]:
        """The seats a joiner may take: people's seats with no one connected (not the host's)."""
        return [i for i, c in enumerate(self.chairs)
                if c.person and not c.host and c.guest is None
                and (not c.open or c.reserved is None)]

    def free_text(self) -> str:
        """The free seats and how to take them, for a joiner who matched none."""
        free = self.free()
        if not free:
            return "No seat is free at this table."
        named = [self.chairs[i].name for i in free if not self.chairs[i].open]
        parts = [f"{name}: {self.options.join(name.lower())}" for name in named]
        if any(self.chairs[i].open for i in free):
            parts.append(f"an open seat: {self.options.join('YOURNAME')}")
        return "Free seats: " + "; ".join(parts) + "."

    # -- who sits where ---------------------------------------------------------------
    def claim(self, user: str) -> Claim:
        """What the SSH user name ``user`` gets (see ``Claim``); the seat is not taken yet."""
        with self.lock:
            if self.closed:
                return Claim("refused", message="The table is closing.")
            wanted = user.casefold()
            for i, chair in enumerate(self.chairs):
                if chair.open or chair.name.casefold() != wanted:
                    continue
                if chair.bot:
                    return Claim("refused", message=f"{chair.name} is a bot at this table "
                                 f"(bot {chair.bot}). {self.free_text()}")
                if chair.host:
                    return Claim("refused", message=f"{chair.name} plays at the host's own "
                                 f"terminal. {self.free_text()}")
                return Claim("seat", i)
            for i, chair in enumerate(self.chairs):
                if chair.open and chair.reserved is None:
                    return Claim("open", i)
            if self.options.spectators:
                return Claim("watch")
            shown = user if len(user) <= 40 else user[:37] + "..."
            return Claim("refused", message=f"No seat at this table is called {shown!r}. "
                         f"{self.free_text()}")

    def reserve(self, index: int, guest: Guest) -> bool:
        """Hold an open seat for ``guest`` while they choose a name; False if it went."""
        with self.lock:
            chair = self.chairs[index]
            if not chair.open or chair.reserved is not None:
                return False
            chair.reserved = guest
            return True

    def name_problem(self, index: int, name: str) -> str | None:
        """Why ``name`` cannot name the open seat ``index``, or None."""
        problem = player_name_problem(name)
        if problem is not None:
            return problem
        if name.strip() == OPEN:
            return "choose a name (not ?)"
        with self.lock:
            for i, chair in enumerate(self.chairs):
                if i != index and not chair.open and chair.name.casefold() == name.casefold():
                    return f"{chair.name} already sits at this table: choose another name"
        return None

    def name_seat(self, index: int, guest: Guest, name: str) -> str | None:
        """Name the open seat ``index`` (reserved by ``guest``); a problem, or None."""
        with self.lock:
            problem = self.name_problem(index, name)
            if problem is not None:
                return problem
            chair = self.chairs[index]
            if chair.reserved is not guest:
                return "the seat was given up"
            chair.name, chair.open, chair.reserved = name.strip(), False, None
            return None

    def release(self, guest: Guest) -> None:
        """Give up the open seats ``guest`` was naming (they left first)."""
        with self.lock:
            for chair in self.chairs:
                if chair.reserved is guest:
                    chair.reserved = None

    def sit(self, guest: Guest, index: int | None) -> None:
        """``guest`` joins: at seat ``index`` (a connection already there is replaced), or
        watching (None). The others are told; the guest is welcomed."""
        with self.lock:
            if self.closed:
                guest.stop("The table is closing.")
                return
            back = replaced = False
            if index is not None:
                chair = self.chairs[index]
                old = chair.guest
                back = chair.joined
                chair.guest, chair.joined = guest, True
                guest.chair = index
                if old is not None:
                    replaced = True
                    old.chair = None
                    self._drop(old)
                    old.stop(f"This connection was replaced: {chair.name} reconnected from "
                             "another terminal, which has the seat now.")
            self.guests.append(guest)
            guest.shell.table = self.session
            self._refresh()
            who = guest.name
            if index is None:
                self.tell(Text(f"{who} is watching.", "dim"), but=guest)
            elif replaced:
                self.tell(Text(f"{who} reconnected from another terminal.", "dim"), but=guest)
            elif back:
                self.tell(Text(f"{who} is back.", "dim"), but=guest)
            else:
                self.tell(Text(f"{who} joined the table.", "dim"), but=guest)
            if not guest.host:  # the host has read the banner
                self._welcome(guest, back)
            elif self.session is not None:  # a resumed table: where it stands, as at start
                self._show(guest)
            if index is not None and self.session is None and not self._open_left():
                self.deal()
            else:
                self._kick_auto()

    def leave(self, guest: Guest, why: str) -> None:
        """``guest`` has gone (``why``: quit, connection lost...); the others are told."""
        with self.lock:
            self.release(guest)
            if guest not in self.guests:
                return
            self._drop(guest)
            if self.closed:
                return
            index = guest.chair
            waits = ""
            if index is not None and self.snapshot.current == index:
                waits = f"; the table waits for {guest.name}"
                if self.options.away_bot:
                    waits += (f" (bot {self.options.away_bot} moves for them after "
                              f"{self.options.away_after:g} s)")
            gone = "left the table" if why == "quit" else f"left ({why})"
            self.tell(Text(f"{guest.name} {gone}{waits}.", "dim"))

    def _drop(self, guest: Guest) -> None:
        if guest in self.guests:
            self.guests.remove(guest)
        index = guest.chair
        if index is not None and self.chairs[index].guest is guest:
            self.chairs[index].guest = None
            self.chairs[index].away_since = time.monotonic()
        self._refresh()

    def _open_left(self) -> int:
        return sum(1 for c in self.chairs if c.open)

    def _welcome(self, guest: Guest, back: bool) -> None:
        index = guest.chair
        if back and index is not None:
            guest.console.say(Text(f"Welcome back, {guest.name}: {self.where(guest)}.",
                                   "title"))
        else:
            seated = (f"you play seat {index + 1} of {len(self.chairs)}" if index is not None
                      else "you are watching")
            table = f" at table {self.options.name}" if self.options.name else ""
            guest.console.say(Text(f"Welcome, {guest.name}: {seated}{table} "
                                   f"({', '.join(self.label(i) for i in range(len(self.chairs)))})"
                                   f"; {self.where(guest)}.", "title"))
            leave = ("`quit` closes the table" if guest.host
                     else "`quit` leaves (your seat waits)")
            guest.console.say(Text("`help` lists what you can do here; Tab completes; `say "
                                   f"TEXT` talks to the table; {leave}.", "dim"))
        self._show(guest)

    def _show(self, guest: Guest) -> None:
        """The table as ``guest`` sees it, and whose turn it is (nothing before the deal)."""
        if self.session is not None:
            width = guest.console.width()
            guest.console.say(render.table(self.view_for(guest), self.session.bots, width))
            if self.session.game.is_over:
                guest.console.say(render.final_scores(self.view_for(guest), width))
            else:
                said = self._status(guest)
                if said is not None:
                    guest.console.say(said)

    def where(self, guest: Guest | None = None) -> str:
        """Where the game stands: ``day 2, Cy is bidding`` (``your turn, bidding`` when it
        is ``guest``'s)."""
        session = self.session
        if session is None:
            left = self._open_left()
            if not left:
                return "the game begins"
            return (f"the game starts once every seat is taken ({left} open "
                    f"seat{'s' if left != 1 else ''} left)")
        game = session.game
        view = self.snapshot.view
        if game.is_over:
            winners = " and ".join(game.players[p] for p in game.winners)
            return f"the game is over, won by {winners}"
        info = find(game.variant.game)
        period = ""
        if info is not None and view is not None and info.vocabulary.period in view:
            period = f"{info.vocabulary.period} {view.get(info.vocabulary.period)}, "
        seat = game.current_player
        phase = game.phase.replace("_", " ")
        if guest is not None and seat is not None and seat == guest.chair:
            return f"{period}your turn ({phase})"
        who = game.players[seat] if seat is not None else "?"
        return f"{period}{who} is {phase}"

    # -- the game ---------------------------------------------------------------------
    def deal(self, seed: int | None = None) -> None:
        """Start the game of these chairs (or a new one, ``new``), saved and told to all."""
        with self.lock:
            game = new_game(self.variant, [c.name for c in self.chairs],
                            seed=seed if seed is not None else self.seed)
            first = self.session is None
            session = Table(game, [c.bot for c in self.chairs], self.options.saves,
                            settings=self.options.settings)
            if first and self.options.name:
                session.save(self.options.name)
            self.session = session
            self._turn_since = time.monotonic()
            self._saved(session)
            for guest in self.guests:
                guest.shell.table = session
            self._refresh()
            seats = ", ".join(self.label(i) for i in range(len(self.chairs)))
            chosen = f" (seed {seed})" if seed is not None else ""
            self.tell(Text(f"The game begins: {self.title()}, {seats}{chosen}.", "title"))
            lines = render.narrate(game.events, 0, game.players, render.StepViews(game))
            self.tell(lambda g: _block(lines))
            self.tell(lambda g: render.table(self.view_for(g), session.bots, g.console.width()))
            self.tell(self._status)
            self._kick_auto()

    def play(self, guest: Guest, text: str) -> None:
        """``guest`` types the move ``text``: only on their own seat's turn."""
        with self.lock:
            session = self.session
            if session is None:
                raise ShellError(f"the game has not started: {self.where()}")
            game = session.game
            seat = game.current_player
            if seat is None:
                raise ShellError("the game is over: no moves are left (`show` the table, "
                                 "`log` the story)")
            if guest.chair is None:
                raise ShellError("you are watching: only the players move")
            if seat != guest.chair:
                name = game.players[seat]
                raise ShellError(f"it is {name}'s turn, not yours: only {name} may move now "
                                 f"(you are {game.players[guest.chair]})")
            start = session.play(text)
            self.moved(start)

    def question(self, guest: Guest, text: str) -> str | None:
        """The shell's question before an amount out of all proportion (``slips``), for
        ``guest``'s move ``text`` on their own turn; None when there is none to ask."""
        with self.lock:
            session = self.session
            if session is None or session.game.current_player != guest.chair:
                return None  # not their move: ``play`` says why
            return slips.question(session.game, text)

    def moved(self, start: int) -> None:
        """A move was applied (its first event ``start``): save, then tell everyone."""
        with self.lock:
            session = self.session
            assert session is not None
            game = session.game
            self._saved(session)
            self._turn_since = time.monotonic()
            self._refresh()
            # As the local shell tells it: the standings after a scoring need the table
            # after each step (``StepViews``).
            lines = render.narrate(game.events, start, game.players, render.StepViews(game))
            if game.is_over:
                def end(guest: Guest) -> Text:
                    out = _block(lines).line(render.final_scores(self.view_for(guest),
                                                                 guest.console.width()))
                    if game.seed is not None:
                        out.line(Text(f"This game was dealt from seed {game.seed}.", "dim"))
                    return out
                self.tell(end)
                return
            block = _block(lines)
            self.tell(lambda g: _with(block, self._status(g)))
            self._kick_auto()

    def _saved(self, session: Table) -> None:
        before = session.autosave_error
        session.autosave()
        if session.autosave_error and session.autosave_error != before:
            self.tell(Text(f"warning: {session.autosave_error}", "bad"))

    def _status(self, guest: Guest) -> Text | None:
        """Whose turn it is, for ``guest``: their legal moves when it is theirs."""
        session = self.session
        if session is None or session.game.is_over:
            return None
        seat = session.game.current_player
        if seat is None or session.bots[seat] is not None:
            return None  # a bot's move comes next, and is told
        name = session.game.players[seat]
        if guest.chair == seat:
            legal = ", ".join(describe(session.legal()))
            return Text("→ Your turn, ").add(name, "turn").add(": ").add(legal, "cmd")
        away = " (away: the table waits)" if self.chairs[seat].guest is None else ""
        return Text("→ ").add(name, "turn").add(f" to act{away}")

    def view_for(self, guest: Guest) -> View:
        """The game as ``guest`` sees it: their seat's view, else a player's (the public
        view: every game here hides only what chance has not dealt yet, G-3, and hides it
        from every player alike)."""
        session = self.session
        assert session is not None
        if guest.chair is not None:
            return session.game.view(guest.chair)
        public: View = {**session.game.view(0), "viewer": None}
        return public

    def _refresh(self) -> None:
        """Make the snapshot of the table as it is now (under the lock)."""
        session = self.session
        away = tuple(c.name for c in self.chairs
                     if c.person and not c.open and c.guest is None)
        if session is None:
            self.snapshot = Snapshot(None, tuple(c.bot for c in self.chairs), None, (), away,
                                     len(self.guests))
            return
        game = session.game
        worths = tuple(at_table(None, game, seat, self.options.hints) if bot is None else None
                       for seat, bot in enumerate(session.bots))
        self.snapshot = Snapshot(game.view(0), tuple(session.bots), game.current_player,
                                 tuple(session.legal()), away, len(self.guests), worths)

    # -- bots -------------------------------------------------------------------------
    def _auto(self) -> tuple[int, Bot, bool] | None:
        """The seat a bot moves for now: a bot's seat, or an absent person's once the away
        bot's wait is over; with its bot and whether it stands in for a person."""
        session = self.session
        if session is None or self.closed or session.game.is_over:
            return None
        seat = session.game.current_player
        if seat is None:
            return None
        if session.bots[seat] is not None:
            return seat, session.bot(seat), False
        spec = self.options.away_bot
        chair = self.chairs[seat]
        if spec is None or chair.guest is not None:
            return None
        waited = time.monotonic() - max(chair.away_since, self._turn_since)
        if waited < self.options.away_after:
            return None
        bot = self._away_bots.get(seat)
        if bot is None:
            bot = self._away_bots[seat] = make_bot(spec, seed=bot_seed(session.game, seat))
        return seat, bot, True

    def _kick_auto(self) -> None:
        """Start the bots' worker if a bot is to move and none is at work."""
        with self.lock:
            if self._auto_running or self._auto() is None:
                return
            self._auto_running = True
        try:
            self.executor.submit(self._run_auto)
        except RuntimeError:  # the executor is shut down: the table is closing
            with self.lock:
                self._auto_running = False

    def check_away(self) -> None:
        """Let the away bot move if an absent player's wait is over (called now and then)."""
        self._kick_auto()

    def _run_auto(self) -> None:
        """The bots' worker: while a bot is to move, it decides (the lock released) and its
        move is applied, saved and told like any other."""
        try:
            while True:
                with self.lock:
                    found = self._auto()
                    if found is None:
                        return
                    seat, bot, away = found
                    session = self.session
                    assert session is not None
                    game = session.game
                    view, legal, before = game.view(seat), game.legal_actions(), len(game.events)
                began = time.monotonic()
                action = bot.choose(view, legal, game.variant)
                rest = self.options.bot_delay - (time.monotonic() - began)
                if rest > 0 and self._stop.wait(rest):
                    return
                with self.lock:
                    if (self.closed or self.session is not session
                            or len(game.events) != before):
                        continue
                    if away:
                        if self.chairs[seat].guest is not None:
                            continue  # they came back while the bot thought: their move
                        name = game.players[seat]
                        self.tell(Text(f"{name} is away: bot {bot.spec} moves for {name}.",
                                       "dim"))
                    self.moved(session.apply(action))
        except Exception as err:  # noqa: BLE001 - a bot's bug must not take the table down
            self.tell(Text(f"internal error: the bot stopped ({type(err).__name__}: {err}); "
                           "please report it", "error"))
        finally:
            with self.lock:
                self._auto_running = False

    # -- the end ----------------------------------------------------------------------
    def close(self, why: str) -> None:
        """Close the table: the game saved, everyone told and let go."""
        with self.lock:
            if self.closed:
                return
            self._stop.set()
            session = self.session
            where = None
            if session is not None:
                self._saved(session)
                if not session.game.is_over:
                    where = session.safe_on_disk()
            self.tell(lambda guest: self._closing(guest, why, where))
            self.closed = True
            for guest in list(self.guests):
                guest.stop("")
            self.guests.clear()
        self.on_close()


    def _closing(self, guest: Guest, why: str, where: Path | None) -> Text:
        """What ``guest`` reads as the table closes: who closed it, that the game is saved,
        and how to come back (a joiner: the same ssh command, once the host reopens it;
        the host: the command that reopens it). A joiner is never shown the host's paths."""
        out = Text(f"The table is closed ({why}).", "title")
        if where is None:
            return out
        if guest.host:
            name = self.options.saves.name_of(where)
            return out.line(Text(f"The game is saved as {name}: `medici host --resume "
                                 f"{name}{self.options.saves.option()}` reopens the table; "
                                 "the players join again with the same ssh command and "
                                 "password.", "dim"))
        back = (self.options.join(guest.name.lower()) if guest.chair is not None
                else "the same ssh command")
        return out.line(Text(f"The game is saved on the host's machine. Once the host "
                             f"reopens the table, `{back}` brings you back to your seat.",
                             "dim"))


def _block(lines: list[Text]) -> Text:
    """Narration lines as one block (one write for each screen)."""
    out = Text()
    for line in lines:
        out.line(line)
    return out


def _with(block: Text, status: Text | None) -> Text:
    """``block`` and then ``status``, as a new Text (the block is shared by every screen)."""
    out = Text().extend(block)
    if status is not None:
        out.line(status)
    return out
