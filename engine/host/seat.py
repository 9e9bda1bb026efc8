"""One person at a hosted table: their own shell, on their own screen.

A ``Guest`` is a connection to the table (a joiner over SSH, or the hosting terminal): a
shell ``Shell`` of their own, whose console writes to their ``Screen``, whose mode is a
``SeatMode``. So a joiner has the shell they know, with its command specs, Tab completion
(only their own legal moves, on their own turn), toolbar, narration and refusals; what
differs is the mode's list of commands:

- everyone: ``help show moves log rules say who quit`` (and ``hint`` with ``--hints on``);
- the hosting terminal also: ``new`` (a new game for the same seats), ``save``, ``kick``,
  and its ``quit`` closes the table;
- nobody at a table: ``open``, ``saves``, ``resume``, ``replay``, ``undo`` and the replay
  commands; a joiner's ``new`` and ``save`` are refused with the reason.

``run_prompt`` is a guest's prompt loop: prompt_toolkit's ``prompt_async`` in the guest's
own session, each line run in a worker thread (``Shell.execute``), so that the table's
event loop only ever edits lines and draws screens.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from engine.actions import Legal
from engine.bots import make_bot
from engine.errors import escape_controls
from engine.host import hint_worker as hints
from engine.host.kick import connected, kicked
from engine.host.limits import REDRAW_INTERVAL, shown_said
from engine.host.screen import Screen, ScreenConsole
from engine.host.table import Table
from engine.host.table_rules import table_rules
from engine.shell import handlers, render
from engine.shell.app import Shell
from engine.shell.commands import COMMANDS, Command
from engine.shell.errors import ShellError
from engine.shell.mode import Fragments, Mode
from engine.shell.newgame import parse_seed
from engine.shell.prompt import make_prompt
from engine.shell.session import HINT_BOT
from engine.shell.spec import Arg, Flag, Parsed, Spec, word_completer
from engine.shell.text import Text
from engine.shell.toolbar import play_toolbar

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prompt_toolkit.completion import Completer

    from engine.game import Game
    from engine.shell.session import Session

SAY_LIMIT = (5, 10.0)
"""At most 5 ``say`` lines in 10 seconds from one person."""

MAX_SAY = 500
"""The longest ``say`` text told to the table (characters)."""

HISTORY = 500
"""Lines a guest's prompt remembers (Up, Ctrl-R)."""


def _seat_names(shell: Shell, typed: Sequence[str]) -> Completer:
    """``kick NAME``: the names of the people connected."""
    mode = shell.mode
    names = [g.name for g in mode.table.guests] if isinstance(mode, SeatMode) else []
    return word_completer(names)


SAY = Command("say", "tell the table something",
              "The text goes to everyone at the table, players and spectators, as `Bo: TEXT`; "
              f"at most {SAY_LIMIT[0]} lines in {SAY_LIMIT[1]:g} seconds.\n"
              "Examples: say good luck · say I'll pass on this one",
              Spec((Arg("TEXT", many=True),), reads_words=True))
WHO = Command("who", "who sits where, and who is connected",
              "Each seat with its player and whether they are connected, away or a bot, and "
              "how many are watching.\nExample: who")
LEAVE = Command("quit", "leave the table (your seat waits for you)",
                "Closes your connection only. The game goes on; when it is your turn the table "
                "waits for you (or, if the host set --away-bot, a bot moves for you after a "
                "while). The same ssh command brings you back to your seat.\nExample: quit",
                aliases=("q", "bye"))
LEAVE_EXIT = Command("exit", "leave the table (as quit)", "The same as quit.\nExample: exit")
CLOSE = Command("quit", "close the table (the game stays saved)",
                "Tells everyone, saves the game and ends every connection; `medici host "
                "--resume NAME` opens the table again from the last move.\nExample: quit",
                aliases=("q", "bye"))
CLOSE_EXIT = Command("exit", "close the table (as quit)", "The same as quit.\nExample: exit")
AGAIN = Command("new", "deal a new game for the same seats",
                "The finished (or unfinished) game stays saved; the new one gets its own save. "
                "`--seed N` makes its shuffles repeatable.\nExamples: new · new --seed 7",
                Spec(flags=(Flag("--seed", "repeatable shuffles", "N"),),
                     misuse="{name} takes only --seed N at a table, got {got}"))
KICK = Command("kick", "close someone's connection",
               "A player's seat stays theirs (they may come back); a spectator is let go. "
               "Someone still choosing a name for an open seat is named by the address "
               "`who` shows.\nExamples: kick Bo · kick 127.0.0.1:51234",
               Spec((Arg("NAME", complete=_seat_names),),
                    misuse="{name} takes one name or address: kick NAME"))

HOST_ONLY = ("new", "save")
"""Commands a joiner may not run: the host's terminal alone changes or saves the table."""

NOT_AT_A_TABLE = {
    "open": "a table plays its one game: the host opens saved games (`medici host --resume "
            "NAME`)",
    "saves": "the saves are the host's files",
    "resume": "a table plays its one game: the host resumes games (`medici host --resume`)",
    "replay": "a replay is for a game on your own machine: `medici replay NAME` there",
    "undo": "moves are not taken back at a shared table: everyone has seen them",
    "next": "next is a replay command; a replay is for a game on your own machine",
    "prev": "prev is a replay command; a replay is for a game on your own machine",
    "goto": "goto is a replay command; a replay is for a game on your own machine",
    "analyse": "analyse is a replay command; a replay is for a game on your own machine",
    "branch": "branch is a replay command; a replay is for a game on your own machine",
}
"""Why the shell's other commands are not played at a table."""


class BoundedHistory(InMemoryHistory):
    """A prompt's history in memory, keeping only the last ``HISTORY`` lines."""

    def store_string(self, string: str) -> None:
        """Keep ``string`` (and forget the oldest beyond ``HISTORY``)."""
        super().store_string(string)
        if len(self._storage) > HISTORY:
            del self._storage[: len(self._storage) - HISTORY]
        if len(self._loaded_strings) > HISTORY:
            del self._loaded_strings[HISTORY:]


class Guest:
    """One connection to the table: its screen, its shell, its seat (None: watching)."""

    def __init__(
        self,
        table: Table,
        name: str,
        screen: Screen,
        console: ScreenConsole,
        *,
        host: bool = False,
        stop: Callable[[str], None] = lambda message: None,
    ) -> None:
        self.table = table
        self.name = name
        self.screen = screen
        self.console = console
        self.host = host
        """The hosting terminal (it saves, deals and closes the table)."""
        self.chair: int | None = None
        self.address = ""
        """Where the connection comes from (``host:port``; empty at the host's terminal)."""
        self._stop = stop
        self._said: deque[float] = deque()
        self.shell = Shell(console, saves=table.options.saves, interactive=True)
        self.shell.mode = SeatMode(self.shell, table, self)
        self.shell.session = table.session

    def stop(self, message: str) -> None:
        """End this connection (from any thread), ``message`` told first if any."""
        if message:
            self.console.say(Text(message, "title"))
        self.shell.done = True
        self._stop(message)

    def may_say(self) -> bool:
        """Whether a ``say`` now keeps within ``SAY_LIMIT``; counts it if so."""
        count, seconds = SAY_LIMIT
        now = time.monotonic()
        while self._said and now - self._said[0] >= seconds:
            self._said.popleft()
        if len(self._said) >= count:
            return False
        self._said.append(now)
        return True

    def __repr__(self) -> str:
        return f"<Guest {self.name} seat={self.chair} host={self.host}>"


class SeatMode(Mode, listed=False):
    """The shell's mode for one person at a hosted table (see the module's docstring)."""

    name = "table"
    reads_files = False
    """A joiner's commands touch no file on the host: ``rules`` takes rule ids and shipped
    variants only, and nothing completes from the host's folders."""
    order = ("help", "show", "moves", "hint", "log", "rules", "set", "say", "who", "quit",
             "exit")
    plays = True

    def __init__(self, shell: Shell, table: Table, guest: Guest) -> None:
        super().__init__(shell)
        self.table = table
        self.guest = guest

    # -- commands -----------------------------------------------------------------------
    def commands(self) -> list[Command]:
        """This person's commands, in the order Tab offers them."""
        host = self.guest.host
        own: dict[str, Command] = {"say": SAY, "who": WHO, "quit": CLOSE if host else LEAVE,
                                   "exit": CLOSE_EXIT if host else LEAVE_EXIT}
        found = [own.get(name) or COMMANDS[name] for name in self.order
                 if name != "hint" or self.table.options.hints]
        if host:
            found += [AGAIN, COMMANDS["save"], KICK]
        return found

    def run(self, command: Command, parsed: Parsed) -> None:
        """Run a command: those that read the game do so under the table's lock."""
        handler = _HANDLERS.get(command.name)
        if handler is None:
            raise ShellError(f"{command.name} is not played at this table")
        if command.name in _UNLOCKED:
            handler(self, parsed)
            return
        with self.table.lock:
            handler(self, parsed)

    def raw(self, text: str) -> bool:
        """``say TEXT``: the text as typed, quotes and all."""
        word, _, rest = text.partition(" ")
        if word.lower() != "say":
            return False
        say(self, rest.strip())
        return True

    def line(self, word: str, args: list[str]) -> bool:
        """A move (for this person's own seat); a refusal for the shell's other commands."""
        if word in HOST_ONLY and not self.guest.host:
            raise ShellError(f"{word} is the host's: at a hosted table only the host's "
                             "terminal saves or starts games (every move is saved by the host)")
        if word in NOT_AT_A_TABLE:
            raise ShellError(f"{word} is not played at a table: {NOT_AT_A_TABLE[word]}")
        if word == "hint" and not self.table.options.hints:
            raise ShellError("hints are off at this table (the host allows them with "
                             "`medici host ... --hints on`)")
        session = self.table.session
        if session is None or word not in session.game.logic.grammar.kinds:
            return False
        text = " ".join([word, *args])
        table, guest, shell = self.table, self.guest, self.shell
        asked = table.question(guest, text) if shell.settings["confirm"] else None
        if asked is not None:
            shell.ask(asked, lambda: table.play(guest, text),
                      f"Nothing done: {text} was not made (`set confirm off` stops these "
                      "questions).")
            return True
        table.play(guest, text)
        return True

    def elsewhere(self, name: str) -> str:
        """Why a shell command is not here."""
        if name in HOST_ONLY:
            return "at a hosted table only the host's terminal runs it"
        return f"not played at a table: {NOT_AT_A_TABLE.get(name, 'not here')}"

    def blank(self) -> None:
        """An empty line: nothing (the bots never wait for Enter at a table)."""

    # -- what the prompt shows ------------------------------------------------------------
    def prompt(self) -> Fragments:
        """``Bo ›`` when it is Bo's turn, else ``Bo (Cy to act) ›``, greyed."""
        snap = self.table.snapshot
        me = self.guest.name
        if self.shell.pending is not None:
            return [("class:turn", "y/N"), ("", " › ")]
        if snap.current is not None and snap.current == self.guest.chair:
            return [("class:turn", me), ("", " › ")]
        if snap.current is not None and snap.view is not None:
            actor = snap.view["players"][snap.current].get("name", "?")
            return [("class:dim", f"{me} ({actor} to act)"), ("", " › ")]
        return [("class:dim", me), ("", " › ")]

    def toolbar(self, width: int | None = None) -> Fragments:
        """The game's toolbar (as the shell's, with this seat's place), then who is away
        (and, at the host's terminal, how many are connected), fitted to ``width``."""
        snap = self.table.snapshot
        extra = ""
        if snap.away:
            extra += " · away: " + ", ".join(snap.away)
        if self.guest.host:
            extra += f" · {snap.here} connected"
        if width is not None and len(extra) > width // 3:
            extra = ""  # the game's own parts first when the terminal is narrow
        room = None if width is None else width - len(extra)
        if snap.view is None:
            left = sum(1 for c in self.table.chairs if c.open)
            parts: Fragments = [("class:bottom-toolbar.key", " Table "),
                                ("", f" waiting for {left} more player{'s' if left != 1 else ''}")]
        else:
            parts = play_toolbar(snap.view, list(snap.bots), self.guest.chair, room)
        return parts + [("", extra)] if extra else parts

    def legal_moves(self) -> list[Legal]:
        """This person's legal moves on their own turn ([] otherwise)."""
        snap = self.table.snapshot
        if snap.current is None or snap.current != self.guest.chair:
            return []
        return list(snap.legal)

    def game(self) -> Game | None:
        """The table's game, once dealt."""
        session = self.table.session
        return session.game if session is not None else None

    def show(self) -> None:
        """The table as this person sees it (the final scores too once it is over)."""
        session = self._session()
        view = self.table.view_for(self.guest)
        width = self.shell.console.width()
        self.shell.console.say(render.table(view, session.bots, width))
        if session.game.is_over:
            self.shell.console.say(render.final_scores(view, width))

    def _session(self) -> Session:
        session = self.table.session
        if session is None:
            raise ShellError(f"the game has not started: {self.table.where()}")
        return session


# -- the commands' handlers ------------------------------------------------------------
def _needs_game(handler: Callable[[SeatMode, Parsed], None]) -> Callable[[SeatMode, Parsed],
                                                                         None]:
    def run(mode: SeatMode, args: Parsed) -> None:
        mode._session()
        handler(mode, args)
    return run


def say(mode: SeatMode, text: str) -> None:
    """``say TEXT``: a line to the table, what a name may not hold escaped (controls,
    bidirectional overrides: ``engine.host.limits.shown_said``)."""
    if not text:
        raise ShellError("say takes the text to tell the table: say good luck")
    if not mode.guest.may_say():
        count, seconds = SAY_LIMIT
        raise ShellError(f"at most {count} lines in {seconds:g} seconds: wait a moment, "
                         "nothing was said")
    shown = shown_said(text)
    if len(shown) > MAX_SAY:
        shown = shown[: MAX_SAY - 3] + "..."
    mode.table.tell(Text(f"{mode.guest.name}: ", "name").add(shown))


def who(mode: SeatMode, args: Parsed) -> None:
    """``who``: every seat, who is at it, and the spectators."""
    table = mode.table
    out = Text("At this table", "heading")
    for i, chair in enumerate(table.chairs):
        if chair.open:
            state = ("someone is choosing a name" if chair.reserved is not None
                     else f"open: {table.options.join('YOURNAME')}")
            if chair.reserved is not None and mode.guest.host and chair.reserved.address:
                state += f" (from {chair.reserved.address})"
            name = "?"
        elif chair.bot:
            name, state = chair.name, f"bot {chair.bot}"
        elif chair.guest is not None:
            name = chair.name
            state = "at the host's terminal" if chair.host else "connected"
            if mode.guest.host and chair.guest.address:
                state += f" (from {chair.guest.address})"
        else:
            name = chair.name
            state = ("away: " + table.options.join(chair.name.lower())) if chair.joined else (
                "not joined yet: " + table.options.join(chair.name.lower()))
        you = "  (you)" if mode.guest.chair == i else ""
        out.row(Text(f"  {i + 1}. ").add(name, "name").add(f"  {state}").add(you, "dim"))
    watching = [g for g in table.guests if g.chair is None and not g.host]
    if watching:
        out.line(Text(f"Watching: {', '.join(g.name for g in watching)}", "dim"))
    mode.shell.console.say(out)


def hint(mode: SeatMode, args: Parsed) -> None:
    """``hint``: the strongest bot's top moves for you, on your turn (``--hints on``)."""
    table = mode.table
    with table.lock:
        session = mode.table.session
        if session is None:
            raise ShellError(f"the game has not started: {table.where()}")
        game = session.game
        seat = game.current_player
        if seat is None:
            raise ShellError("the game is over: there is nothing to hint")
        if seat != mode.guest.chair:
            raise ShellError(f"a hint is for your own turn; it is {game.players[seat]}'s")
        game = game.clone()  # the bot thinks with the lock released
    bot = make_bot(args.option("--bot") or HINT_BOT, seed=game.seed)
    if hints.busy(mode.guest):
        raise ShellError("a hint for you is being worked out already: it comes in a moment")
    mode.shell.console.say(Text(f"Asking {bot.spec}…", "dim"))
    hints.say_hint(mode.shell, mode.guest, bot.spec, game, seat, raw="--raw" in args.flags)


def leave(mode: SeatMode, args: Parsed) -> None:
    """``quit``: a joiner leaves; the hosting terminal closes the table."""
    if mode.guest.host:
        mode.table.close("the host closed it")
        mode.shell.done = True
        return
    mode.guest.stop("Goodbye: your seat waits for you; the same ssh command brings you back."
                    if mode.guest.chair is not None else "Goodbye.")


def again(mode: SeatMode, args: Parsed) -> None:
    """``new [--seed N]`` (the host): a new game for the same seats."""
    seed_text = args.option("--seed")
    seed = parse_seed(seed_text) if seed_text is not None else None
    if mode.table.session is None:
        raise ShellError(f"the game has not started: {mode.table.where()}")
    mode.table.deal(seed)


def kick(mode: SeatMode, args: Parsed) -> None:
    """``kick NAME|ADDRESS`` (the host): close someone's connection, named by their name or
    their address (``who`` shows it): someone still choosing a name too."""
    name = args.words[0]
    found = kicked(mode.table, name, but=mode.guest)
    if not found:
        names = ", ".join(connected(mode.table, but=mode.guest)) or "no one"
        raise ShellError(f"no one called {name!r} is connected (connected: {names})")
    for guest in found:
        mode.table.leave(guest, "the host closed their connection")
        guest.stop("The host closed your connection.")


_HANDLERS: dict[str, Callable[[SeatMode, Parsed], None]] = {
    "help": handlers.help_cmd,
    "show": _needs_game(handlers.show_cmd),
    "moves": _needs_game(handlers.moves_cmd),
    "log": _needs_game(handlers.log_cmd),
    "rules": table_rules,
    "set": handlers.set_cmd,
    "hint": hint,
    "say": lambda mode, args: say(mode, " ".join(args.words)),
    "who": who,
    "quit": leave, "exit": leave,
    "new": again,
    "save": _needs_game(handlers.save_cmd),
    "kick": kick,
}
"""What the table's commands do (``help``, ``show``... are the shell's own)."""

_UNLOCKED = frozenset({"hint", "quit", "exit", "help"})
"""Commands that take the table's lock themselves, or need none."""


# -- a guest's prompt -------------------------------------------------------------------
async def ask_name(prompt_input: Input, output: Output, default: str,
                   problem: Callable[[str], str | None], console: ScreenConsole,
                   tries: int = 3) -> str | None:
    """Ask an open seat's joiner for their name (``default``: their SSH user name)."""
    from prompt_toolkit import PromptSession

    session: PromptSession[str] = PromptSession(input=prompt_input, output=output,
                                                history=InMemoryHistory())
    session.app.min_redraw_interval = REDRAW_INTERVAL
    for _ in range(tries):
        try:
            name = (await session.prompt_async("Your name at the table: ", default=default))
        except (KeyboardInterrupt, EOFError):
            return None
        name = name.strip()
        why = problem(name)
        if why is None:
            return name
        console.say(Text(escape_controls(why), "error"))
        await console.screen.drained(1.0)
        default = ""
    return None


async def run_prompt(guest: Guest, prompt_input: Input | None = None,
                     output: Output | None = None) -> None:
    """The guest's prompt loop, until they leave or the table closes."""
    shell = guest.shell
    loop = asyncio.get_running_loop()
    prompt = make_prompt(shell, input=prompt_input, output=output, history=BoundedHistory())
    prompt.app.min_redraw_interval = REDRAW_INTERVAL
    while not shell.done and not guest.table.closed:
        await guest.screen.drained(1.0)
        try:
            line = await prompt.prompt_async(lambda: FormattedText(shell.prompt_text()))
        except KeyboardInterrupt:
            continue
        except EOFError:
            await loop.run_in_executor(guest.table.executor, shell.execute, "quit")
            break
        await loop.run_in_executor(guest.table.executor, shell.execute, line)
    await guest.screen.drained(1.0)
