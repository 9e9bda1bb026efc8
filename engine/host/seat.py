"""One person at a hosted table: their own shell, on their own screen.

A ``Guest`` is a connection to the table (a joiner over SSH, or the hosting terminal): a
shell ``Shell`` of their own, whose console writes to their ``Screen``, whose mode is a
``SeatMode``. So a joiner has the shell they know, with its command specs, Tab completion
(only their own legal moves, on their own turn), toolbar, narration and refusals; what
differs is the mode's list of commands:

- everyone: ``help show moves log rules set say who quit`` (and ``hint`` with ``--hints
  on``);
- the hosting terminal also: ``new`` (a new game for the same seats), ``save``, ``kick``,
  and its ``quit`` closes the table;
- nobody at a table: ``open``, ``saves``, ``resume``, ``replay``, ``undo`` and the replay
  commands; a joiner's ``new`` and ``save`` are refused with the reason.

Which commands a seat has is the command registry's (``engine.shell.registry``): each
command says whether it is played at a table, by whom, and why not; the table's own
commands (``say``, ``who``, ``kick``...) are declared here, in the table's mode.

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
from engine.host.table import HostedTable
from engine.play import HINT_BOT, parse_seed, render
from engine.play.worth import Worth, words
from engine.rules import Variant, load_variant, variant_names
from engine.shell import (
    Arg,
    Command,
    Context,
    Flag,
    Fragments,
    Mode,
    Parsed,
    Shell,
    ShellError,
    Spec,
    arg_completion,
    command,
    make_prompt,
    play_toolbar,
    registered,
    word_completer,
)
from engine.text import Text

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prompt_toolkit.completion import Completer

    from engine.game import Game
    from engine.play import Table

ac = arg_completion

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


HELP_FOOTER = {
    False: "`help CMD` explains one; Tab completes (moves: only the legal ones on your turn); "
           "Ctrl-C drops the line, Ctrl-D leaves the table (your seat waits for you).",
    True: "`help CMD` explains one; Tab completes (moves: only the legal ones on your turn); "
          "Ctrl-C drops the line, Ctrl-D closes the table (the game stays saved).",
}
"""The last line of ``help`` for a joiner (False) and at the host's terminal (True)."""


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
        table: HostedTable,
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
        self.shell.table = table.session

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


class SeatMode(Mode):
    """The shell's mode for one person at a hosted table (see the module's docstring)."""

    name = "table"
    plays = True
    reads_files = False
    """A joiner's commands touch no file on the host: ``rules`` takes rule ids and shipped
    variants only (``variant_named``), and nothing completes from the host's folders."""

    def __init__(self, shell: Shell, table: HostedTable, guest: Guest) -> None:
        super().__init__(shell)
        self.table = table
        self.guest = guest

    # -- commands -----------------------------------------------------------------------
    def commands(self) -> list[Command]:
        """This person's commands, in the order Tab offers them: the table mode's that
        everyone, or this person (a joiner, the host), may run; ``hint`` only where the
        host allows hints."""
        mine = "host" if self.guest.host else "joiner"
        return [c for c in super().commands() if c.at_table in ("all", mine)
                and (c.name != "hint" or self.table.options.hints)]

    def run(self, command: Command, parsed: Parsed) -> None:
        """Run a command: those that read the game do so under the table's lock."""
        if command.name in _UNLOCKED:
            super().run(command, parsed)
            return
        with self.table.lock:
            super().run(command, parsed)

    def raw(self, text: str) -> bool:
        """``say TEXT``: the text as typed, quotes and all."""
        word, _, rest = text.partition(" ")
        if word.lower() != "say":
            return False
        say(self, rest.strip())
        return True

    def line(self, word: str, args: list[str]) -> bool:
        """A move (for this person's own seat); a refusal for the shell's other commands."""
        if self.command(word) is None:
            refusal = self._refusal(word)
            if refusal is not None:
                raise ShellError(refusal)
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

    def _refusal(self, word: str) -> str | None:
        """Why the shell's command ``word`` is not played here (None: it is no command)."""
        entries = [c for c in registered() if c.calls(word)]
        if not entries:
            return None
        name = entries[0].name
        if any("table" in c.modes and c.at_table == "host" for c in entries):
            return (f"{name} is the host's: at a hosted table only the host's terminal "
                    "saves or starts games (every move is saved by the host)")
        reason = next((c.not_at_table for c in entries if c.not_at_table), "")
        return f"{name} isn't available at a shared table" + (f": {reason}" if reason else "")

    def elsewhere(self, name: str) -> str:
        """Why a shell command is not here."""
        return self._refusal(name) or "not here"

    def blank(self) -> None:
        """An empty line: nothing (the bots never wait for Enter at a table)."""

    def help_footer(self) -> str:
        """The keys, as they work at this table (a joiner's Ctrl-D leaves, not saves)."""
        return HELP_FOOTER[self.guest.host]

    def keep_setting(self, key: str, on: bool) -> None:
        """A setting at a table is this person's own, for this connection."""

    def variant_named(self, name: str) -> Variant:
        """At a table ``rules`` reads shipped variants only: a joiner learns nothing of the
        host's files (a path, existing or not, gets the same answer)."""
        if name not in variant_names():
            raise ShellError(f"at a table, rules takes a rule id or a shipped variant "
                             f"({', '.join(variant_names())})")
        return load_variant(name)

    def table_in_play(self) -> Table:
        """The table's game, once dealt."""
        return self._session()

    # -- what the prompt shows ------------------------------------------------------------
    def prompt(self) -> Fragments:
        """``Bo ›`` when it is Bo's turn, else ``Bo (Cy to act) ›``, greyed."""
        snap = self.table.snapshot
        me = self.guest.name
        asked = self.asked()
        if asked:
            return asked
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
            extra += " · " + ", ".join(snap.away) + " away"
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
            chair = self.guest.chair
            worth = self._worth()
            parts = play_toolbar(snap.view, list(snap.bots), chair, room,
                                 worth=None if worth is None else words(worth, snap.view,
                                                                        short=True))
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
        worth = self._worth()
        self.shell.console.say(render.table(
            view, session.bots, width,
            worth=None if worth is None else words(worth, view, own=True),
            rules=session.game.variant.rules))
        if session.game.is_over:
            self.shell.console.say(render.final_scores(view, width))

    def _worth(self) -> Worth | None:
        """What the lot is worth to this seat, as the table worked it out at its last change
        (where the host allows hints), unless this person set it off."""
        worths, chair = self.table.snapshot.worths, self.guest.chair
        if chair is None or chair >= len(worths) or self.shell.settings.get("worth") is False:
            return None
        return worths[chair]

    def _session(self) -> Table:
        session = self.table.session
        if session is None:
            raise ShellError(f"the game has not started: {self.table.where()}")
        return session


# -- the table's own commands -----------------------------------------------------------
def seat_of(ctx: Context) -> SeatMode:
    """The seat a table command runs at."""
    mode = ctx.mode
    if not isinstance(mode, SeatMode):
        raise ShellError("this command is played at a hosted table")
    return mode


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


@command("say", "tell the table something",
         "The text goes to everyone at the table, players and spectators, as `Bo: TEXT`; "
         f"at most {SAY_LIMIT[0]} lines in {SAY_LIMIT[1]:g} seconds.\n"
         "Examples: say good luck · say I'll pass on this one",
         Spec((Arg("TEXT", many=True),), reads_words=True), modes={"table": 7},
         at_table="all")
def say_cmd(ctx: Context, args: Parsed) -> None:
    """``say TEXT`` (as words; a typed line keeps its quotes: ``SeatMode.raw``)."""
    say(seat_of(ctx), " ".join(args.words))


@command("who", "who sits where, and who is connected",
         "Each seat with its player and whether they are connected, away or a bot, and "
         "how many are watching.\nExample: who", modes={"table": 8}, at_table="all")
def who(ctx: Context, args: Parsed) -> None:
    """``who``: every seat, who is at it, and the spectators."""
    mode = seat_of(ctx)
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
    ctx.console.say(out)


@command("hint", "ask the strongest bot for its top moves (if the host allows hints)",
         "On your turn: the bot looks at your view only and lists its best three moves, "
         "each with your chance of winning and the money you can expect to end with. Only "
         "at a table the host runs with --hints on.\nExamples: hint · hint --bot greedy",
         Spec(flags=(Flag("--bot", "which bot", "SPEC", ac.bot_specs),
                     Flag("--raw", "also the bot's own value of each move")),
              misuse="{name} takes --bot SPEC and --raw, got {got}"),
         modes={"table": 3}, at_table="all")
def hint(ctx: Context, args: Parsed) -> None:
    """``hint``: the strongest bot's top moves for you, on your turn (``--hints on``)."""
    mode = seat_of(ctx)
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
    ctx.console.say(Text(f"Asking {bot.spec}…", "dim"))
    # Worked out in a worker process, with a time and a memory limit (hint_worker).
    hints.say_hint(ctx.console, mode.guest, bot.spec, game, seat, raw="--raw" in args.flags)


def leave(ctx: Context, args: Parsed) -> None:
    """``quit``: a joiner leaves; the hosting terminal closes the table."""
    mode = seat_of(ctx)
    if mode.guest.host:
        mode.table.close("the host closed it")
        ctx.done = True
        return
    mode.guest.stop("Goodbye: your seat waits for you; the same ssh command brings you back."
                    if mode.guest.chair is not None else "Goodbye.")


command("quit", "leave the table (your seat waits for you)",
        "Closes your connection only. The game goes on; when it is your turn the table "
        "waits for you (or, if the host set --away-bot, a bot moves for you after a "
        "while). The same ssh command brings you back to your seat.\nExample: quit",
        aliases=("q", "bye"), modes={"table": 9}, at_table="joiner")(leave)
command("exit", "leave the table (as quit)", "The same as quit.\nExample: exit",
        modes={"table": 10}, at_table="joiner")(leave)


@command("quit", "close the table (the game stays saved)",
         "Tells everyone, saves the game and ends every connection; `medici host "
         "--resume NAME` opens the table again from the last move, with its name, options "
         "and password.\nExample: quit", aliases=("q", "bye"), modes={"table": 9},
         at_table="host")
def close(ctx: Context, args: Parsed) -> None:
    """``quit`` at the host's terminal: close the table."""
    leave(ctx, args)


command("exit", "close the table (as quit)", "The same as quit.\nExample: exit",
        modes={"table": 10}, at_table="host")(close)


@command("new", "deal a new game for the same seats",
         "The finished (or unfinished) game stays saved; the new one gets its own save. "
         "`--seed N` makes its shuffles repeatable.\nExamples: new · new --seed 7",
         Spec(flags=(Flag("--seed", "repeatable shuffles", "N"),),
              misuse="{name} takes only --seed N at a table, got {got}"),
         modes={"table": 20}, at_table="host")
def again(ctx: Context, args: Parsed) -> None:
    """``new [--seed N]`` (the host): a new game for the same seats."""
    mode = seat_of(ctx)
    seed_text = args.option("--seed")
    seed = parse_seed(seed_text) if seed_text is not None else None
    if mode.table.session is None:
        raise ShellError(f"the game has not started: {mode.table.where()}")
    mode.table.deal(seed)


@command("kick", "close someone's connection",
         "A player's seat stays theirs (they may come back); a spectator is let go. "
         "Someone still choosing a name for an open seat is named by the address `who` "
         "shows.\nExamples: kick Bo · kick 127.0.0.1:51234",
         Spec((Arg("NAME", complete=_seat_names),),
              misuse="{name} takes one name or address: kick NAME"),
         modes={"table": 22}, at_table="host")
def kick(ctx: Context, args: Parsed) -> None:
    """``kick NAME|ADDRESS`` (the host): close someone's connection, named by their name or
    their address (``who`` shows it): someone still choosing a name too."""
    mode = seat_of(ctx)
    name = args.words[0]
    found = kicked(mode.table, name, but=mode.guest)
    if not found:
        names = ", ".join(connected(mode.table, but=mode.guest)) or "no one"
        raise ShellError(f"no one called {name!r} is connected (connected: {names})")
    for guest in found:
        mode.table.leave(guest, "the host closed their connection")
        guest.stop("The host closed your connection.")


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
