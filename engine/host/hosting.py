"""``medici host``: one table served over SSH, and the hosting terminal that runs it.

``run_host(HostOptions)`` sets the table up (a new game's seats, or a saved game with
``resume``), makes or reads the host key, starts the SSH server, prints how to join and
runs the hosting terminal: a seat of its own (the first person named) unless ``no_seat``,
with the host's commands (``new``, ``save``, ``kick``, ``quit``). On a terminal it is the
shell's prompt; otherwise it reads commands line by line from standard input (end of
input leaves the table running; SIGTERM or SIGINT close it, the game saved).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import getpass
import os
import shlex
import shutil
import signal
import socket
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input.typeahead import clear_typeahead

from engine import records
from engine.errors import MediciError, escape_controls
from engine.host import keys as host_keys
from engine.host import passwords
from engine.host.passwords import Secret
from engine.host.screen import MAX_UNSENT, PipeWriter, Screen, ScreenConsole, SeatOutput
from engine.host.seat import Guest, ask_name, run_prompt
from engine.host.table import OPEN, Chair, HostedTable, TableOptions
from engine.names import player_name_problem, save_name_problem
from engine.play import (
    Hosting,
    SavesFolder,
    Settings,
    Table,
    latest_unfinished,
    open_table,
    parse_lineup,
    split_game,
)
from engine.rules import Variant
from engine.shell import ShellError, wants_color
from engine.text import Text

if TYPE_CHECKING:
    import asyncssh

    from engine.host.server import GuestSession

DEFAULT_PORT = 8022
MAX_CONNECTIONS = 16
AWAY_CHECK = 0.5
"""Seconds between checks whether an absent player's away bot should move."""

LOCAL = ("127.0.0.1", "localhost", "::1")
ANY = ("", "0.0.0.0", "::", "*")


@dataclass(frozen=True)
class HostOptions:
    """What ``medici host`` was asked (its command-line options). An option left None was
    not given: a new table takes its default, a resumed one keeps what its record says."""

    words: tuple[str, ...] = ()
    """``[GAME] [PLAYER...]`` as for ``new``; ``?`` is an open seat."""
    variant: str | None = None
    seed: int | None = None
    port: int | None = None
    listen: str | None = None
    password: str | None = None
    keys: str | None = None
    no_seat: bool = False
    name: str | None = None
    resume: str | None = None
    """A save to host (``""``: the latest unfinished game)."""
    hints: bool | None = None
    spectators: bool | None = None
    away_bot: str | None = None
    away_after: float | None = None
    max_connections: int | None = None
    saves: str | None = None
    host_key: str | None = None
    color: bool | None = None
    bot_delay: float = 0.0
    new_password: bool = False
    """Make a new password even for a table that has one kept (``--new-password``)."""


@dataclass
class Plan:
    """The table to host: its variant, chairs, settings, and the saved game it continues,
    if any."""

    variant: Variant
    chairs: list[Chair]
    settings: Settings
    saves: SavesFolder
    table: Table | None = None
    seed: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The table's name (its save's name)."""
        assert self.settings.name is not None
        return self.settings.name

    @property
    def hosting(self) -> Hosting:
        """How people get in."""
        assert self.settings.hosting is not None
        return self.settings.hosting


def plan_table(options: HostOptions) -> Plan:
    """The table ``options`` ask for; ShellError or MediciError saying what is wrong."""
    saves = SavesFolder.of(options.saves)
    if options.resume is not None:
        return _resumed(options, saves)
    if options.name is not None:
        problem = save_name_problem(options.name)
        if problem is not None:
            raise ShellError(f"--name {options.name!r}: {problem}")
        if saves.file(options.name).exists():
            raise ShellError(f"a save named {options.name} exists already: `medici host "
                             f"--resume {shlex.quote(options.name)}` hosts it again, or choose "
                             "another --name")
    words = list(options.words)
    game_word, players = split_game(words)
    if not players or (len(players) == 1 and players[0].isdigit()):
        count = players[0] if players else None
        players = _default_seats(game_word, count, options)
    opened = [i for i, word in enumerate(players) if word == OPEN]
    named = [f"{OPEN}{i}" if i in opened else word for i, word in enumerate(players)]
    line = ([game_word] if game_word else []) + named
    if options.variant is not None:
        line += ["--variant", options.variant]
    if options.seed is not None:
        line += ["--seed", str(options.seed)]
    spec = parse_lineup(line)
    chairs = [Chair(OPEN if i in opened else name, bot, open=i in opened)
              for i, (name, bot) in enumerate(zip(spec.names, spec.bots, strict=True))]
    if not any(c.person for c in chairs):
        raise ShellError("every seat is a bot: a table needs at least one person "
                         "(name the players: medici host medici Ann Bo bot:greedy)")
    host_seat = _seat_host(chairs, options.no_seat)
    name = options.name or _new_name(spec.variant, saves)
    settings = Settings(name=name, hints=bool(options.hints), pace=options.bot_delay,
                        hosting=_hosting(Hosting(), options, host_seat))
    return Plan(spec.variant, chairs, settings, saves, seed=spec.seed)


def _new_name(variant: Variant, saves: SavesFolder) -> str:
    """A name for a table none was given: its save's name, free in the saves folder."""
    base = records.store.game_name(variant.name)
    return records.store.numbered_path(saves.path, base).stem


def _hosting(kept: Hosting, options: HostOptions, host_seat: int | None) -> Hosting:
    """``kept`` with what ``options`` give (a resumed table keeps the rest)."""
    changes: dict[str, object] = {"host_seat": host_seat}
    for key in ("listen", "port", "spectators", "away_bot", "away_after", "max_connections"):
        value = getattr(options, key)
        if value is not None:
            changes[key] = value
    if options.keys is not None:
        changes["keys"] = str(Path(options.keys).expanduser().resolve())
    elif options.password is not None:
        changes["keys"] = None  # a password given: the table goes back to passwords
    return replace(kept, **changes)  # type: ignore[arg-type]


def _default_seats(game_word: str | None, count: str | None, options: HostOptions) -> list[str]:
    """A bare count (or nothing): the host and open seats to make it up (the variant's
    default count)."""
    from engine.registry import default_game
    from engine.rules import load_variant

    variant = load_variant(options.variant or game_word or default_game().variant)
    counts = list(variant.logic.player_counts())
    number = int(count) if count else variant.logic.default_player_count()
    if number not in counts:
        allowed = ", ".join(str(c) for c in counts)
        raise ShellError(f"{variant.name} is played by {allowed} players, not {number}")
    if options.no_seat:
        return [OPEN] * number
    return [_local_name()] + [OPEN] * (number - 1)


def _local_name() -> str:
    """The host's player name when none is given: their login name, capitalised."""
    try:
        name = getpass.getuser().capitalize()
    except (OSError, KeyError):
        name = ""
    return name if name and player_name_problem(name) is None and name != OPEN else "Host"


def _seat_host(chairs: list[Chair], no_seat: bool, seat: int | None = None) -> int | None:
    """Seat the hosting terminal: at ``seat`` (a resumed table's), else the first person
    named, unless ``no_seat``; the seat it takes, or None."""
    if no_seat:
        return None
    found = seat if seat is not None and chairs[seat].person else next(
        (i for i, c in enumerate(chairs) if c.person and not c.open), None)
    if found is not None:
        chairs[found].host = True
    return found


def _resumed(options: HostOptions, saves: SavesFolder) -> Plan:
    """The table of a saved game (``--resume``), opened as every front end opens a save
    (``engine.play.open_table``), with its name, settings and seats as they were."""
    if options.words:
        raise ShellError("--resume takes the game and its seats from the save: give no "
                         f"players (got {' '.join(options.words)})")
    name: str | Path | None = options.resume
    if not name:
        name = latest_unfinished(saves)
        if name is None:
            raise ShellError("no unfinished game is saved: `medici host medici Ann Bo` starts "
                             "a table")
    opened = open_table(name, saves, hosting=True)
    table = opened.table
    game = table.game
    chairs = [Chair(player, bot, joined=True)  # all of them sat here before
              for player, bot in zip(game.players, table.bots, strict=True)]
    kept = table.settings
    before = kept.hosting
    host_seat = _seat_host(chairs, options.no_seat,
                           before.host_seat if before is not None else None)
    changes: dict[str, object] = {
        "name": kept.name or saves.name_of(opened.path).strip("'"),
        "hosting": _hosting(before or Hosting(), options, host_seat),
        "pace": options.bot_delay,
    }
    if options.hints is not None:
        changes["hints"] = options.hints
    elif before is None:
        changes["hints"] = False  # a game first hosted now: hints off unless allowed
    table.change(kept.changed(**changes))
    if not opened.continues:
        raise ShellError(f"{records.store.display(opened.path)} is outside the saves folder: "
                         "a hosted table plays in its own save (open it with `medici open` "
                         "and `save NAME`, then host it)")
    note = f"Resumed {records.store.display(opened.path)}."
    return Plan(game.variant, chairs, table.settings, saves, table, game.seed, [note])


def shown_address(listen: str) -> str:
    """The address joiners type: the listening one, or this machine's on the network."""
    if listen not in ANY:
        return listen
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks a route
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def join_command(address: str, port: int) -> Callable[[str], str]:
    """The ``ssh`` command that joins as a given name."""
    where = f"[{address}]" if ":" in address else address
    flag = "" if port == 22 else f"-p {port} "

    def command(name: str) -> str:
        return f"ssh {flag}{shlex.quote(name)}@{where}"

    return command


def run_host(options: HostOptions) -> int:
    """Host a table until it is closed; the exit status (2: it could not start)."""
    try:
        plan = plan_table(options)
    except (ShellError, MediciError) as err:
        print(f"medici host: {err}", file=sys.stderr)
        return 2
    hosting = plan.hosting
    keys = None
    if hosting.keys is not None:
        import asyncssh

        try:
            keys = asyncssh.read_authorized_keys(hosting.keys)
        except (OSError, ValueError, asyncssh.KeyImportError) as err:
            print(f"medici host: cannot read the keys file {hosting.keys}: {err}",
                  file=sys.stderr)
            return 2
    try:
        key, key_path, made = host_keys.host_key(
            Path(options.host_key) if options.host_key else None)
        door = None if keys is not None else _password(options, plan, key_path.parent)
    except MediciError as err:
        print(f"medici host: {err}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_serve(options, plan, key, key_path, made, door, keys))
    except OSError as err:
        print(f"medici host: cannot listen on {hosting.listen}:{hosting.port}: "
              f"{err.strerror or err}", file=sys.stderr)
        return 2


@dataclass(frozen=True)
class Password:
    """The table's password as the door checks it, and what the banner says of it: the
    password itself when it is new (or given), else that it is the one kept."""

    secret: Secret
    shown: str | None
    made: bool


def _password(options: HostOptions, plan: Plan, folder: Path) -> Password:
    """The password of the table: ``--password``; else the one kept for a resumed table
    (``engine.host.passwords``), unless ``--new-password``; else a new one. A new or given
    password is kept (hashed) for the next ``--resume``."""
    if options.password is None and options.resume is not None and not options.new_password:
        kept = passwords.remembered(folder, plan.name)
        if kept is not None:
            return Password(kept, None, False)
    word = options.password or host_keys.new_password()
    secret = passwords.Secret.of(word)
    passwords.remember(folder, plan.name, secret)
    return Password(secret, word, options.password is None)


async def _serve(
    options: HostOptions, plan: Plan, key: asyncssh.SSHKey, key_path: Path, made: bool,
    password: Password | None, keys: asyncssh.SSHAuthorizedKeys | None,
) -> int:
    from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession

    from engine.host.server import Door, GuestSession, start_server

    loop = asyncio.get_running_loop()
    hosting = plan.hosting
    executor = ThreadPoolExecutor(max_workers=hosting.max_connections + 4,
                                  thread_name_prefix="medici-host")
    closed = asyncio.Event()
    address = shown_address(hosting.listen)
    holder: dict[str, object] = {}

    def join(name: str) -> str:
        command = holder.get("join")
        return command(name) if callable(command) else f"ssh {name}@{address}"

    table_options = TableOptions(plan.settings, plan.saves, join)
    table = HostedTable(plan.variant, plan.chairs, table_options, executor, plan.table,
                        plan.seed)

    def on_close() -> None:
        loop.call_soon_threadsafe(closed.set)

    table.on_close = on_close
    door = Door(password.secret if password is not None else None, keys,
                hosting.max_connections)
    local, tty, drain_output = _local_guest(table, options, loop)

    async def interact(session: PromptToolkitSSHSession) -> None:
        assert isinstance(session, GuestSession)
        await _interact(session, table, local)

    try:
        server = await start_server(interact, door, key, hosting.listen, hosting.port,
                                    MAX_UNSENT)
    except OSError:
        executor.shutdown(wait=False)
        raise
    port = server.get_port()
    holder["join"] = join_command(address, port)
    tasks = [asyncio.create_task(local.screen.run())]
    _banner(local, table, options, port, address, key, key_path, made, password, keys, plan)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, lambda: table.close("the host stopped"))
    host_chair = next((i for i, c in enumerate(table.chairs) if c.host), None)
    table.sit(local, host_chair)
    if table.session is None and not any(c.open for c in table.chairs):
        table.deal()
    elif table.session is not None:
        table.check_away()
    tasks.append(asyncio.create_task(_run_local(local, table, tty)))
    # What start-up made lives as long as the table: kept out of the collector's full
    # passes, which otherwise walk it all and hold up a move's telling by 10-20 ms.
    gc.freeze()
    if hosting.away_bot:
        tasks.append(asyncio.create_task(_watch_away(table)))
    await closed.wait()
    await local.screen.drained(1.0)
    server.close()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(server.wait_closed(), 2.0)
    # Every connection's tasks end here, within a bound: left to asyncio.run's own
    # cancelling, prompt-toolkit's screens waiting on each other can hang the exit.
    others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in others:
        task.cancel()
    if others:
        await asyncio.wait(others, timeout=3.0)
    executor.shutdown(wait=False, cancel_futures=True)
    drain_output(2.0)
    return 0


def _banner(local: Guest, table: HostedTable, options: HostOptions, port: int, address: str,
            key: asyncssh.SSHKey, key_path: Path, made: bool, password: Password | None,
            keys: asyncssh.SSHAuthorizedKeys | None, plan: Plan) -> None:
    say = local.console.say
    hosting = plan.hosting
    seats = ", ".join(
        f"{table.label(i)}{' (this terminal)' if c.host else ''}"
        for i, c in enumerate(table.chairs))
    say(Text(f"Table {plan.name}: {table.title()}, {len(table.chairs)} players: {seats}.",
             "title"))
    for note in plan.notes:
        say(Text(note, "dim"))
    allowed = [word for word, on in (("hints", table.options.hints),
                                     ("spectators", hosting.spectators)) if on]
    if hosting.away_bot:
        allowed.append(f"away bot {hosting.away_bot} after {hosting.away_after:g} s")
    if allowed:
        say(Text(f"Allowed: {', '.join(allowed)}.", "dim"))
    reach = (" (this machine only: --listen 0.0.0.0 lets your network in)"
             if hosting.listen in LOCAL else "")
    say(f"Listening on {hosting.listen or '*'}:{port}{reach}.")
    new = f" (new, kept in {key_path})" if made else ""
    say(f"Host key fingerprint: {host_keys.fingerprint(key)}{new}. Joiners see it when they "
        "first connect: it must be this one.")
    if keys is not None:
        say(f"Joiners log in with a key of {hosting.keys}; no password is accepted.")
    elif password is not None and password.shown is None:
        say(Text("Password: the same as before (kept hashed for this table; "
                 "--new-password makes a new one).", "dim"))
    elif password is not None:
        say(Text("Password: ").add(password.shown or "", "turn").add(
            " (made for this table: tell it to the players)" if password.made else "",
            "dim"))
    say(Text("To join:", "heading"))
    join = table.options.join
    for chair in table.chairs:
        if chair.open:
            say(f"  an open seat: {join('NAME')}  (the joiner is asked for a name)")
        elif chair.person and not chair.host:
            say(f"  {chair.name}: {join(chair.name.lower())}")
    if hosting.spectators:
        say(f"  watching: {join('NAME')} with any other name")


def _local_guest(table: HostedTable, options: HostOptions, loop: asyncio.AbstractEventLoop,
                 ) -> tuple[Guest, bool, Callable[[float], None]]:
    """The hosting terminal's guest, whether it is a terminal (a prompt) rather than lines
    from standard input, and what waits (at most so many seconds) for its output to be
    written out."""
    tty = _isatty(sys.stdin) and _isatty(sys.stdout)

    def write(text: str) -> None:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except (OSError, ValueError):
            pass

    # A terminal is written at once (the prompt is drawn there in the same loop anyway);
    # a pipe, by a thread of its own: nobody may be reading it.
    pipe = None if tty else PipeWriter(sys.stdout)
    screen = Screen(loop, write if pipe is None else pipe.write)
    if tty:
        color = wants_color(sys.stdout) if options.color is None else options.color
        console = ScreenConsole(screen, _terminal_size, term=os.environ.get("TERM"),
                                color=color, newline="\n")
    else:
        console = ScreenConsole(screen, None, color=False, newline="\n")
    name = next((c.name for c in table.chairs if c.host), "host")
    guest = Guest(table, name, screen, console, host=True)
    return guest, tty, (pipe.drain if pipe is not None else lambda timeout: None)


def _terminal_size() -> Size:
    size = shutil.get_terminal_size((80, 24))
    return Size(rows=size.lines, columns=size.columns)


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False


async def _run_local(guest: Guest, table: HostedTable, tty: bool) -> None:
    """The hosting terminal: the shell's prompt, or commands read from standard input."""
    if tty:
        await run_prompt(guest)
        if not table.closed:
            table.close("the host left")
        return
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, name="medici-host-stdin", daemon=True).start()
    while not table.closed:
        line = await lines.get()
        if line is None:
            return  # end of input: the table goes on until it is closed (SIGTERM)
        await loop.run_in_executor(table.executor, guest.shell.execute, line.rstrip("\n"))


async def _watch_away(table: HostedTable) -> None:
    while not table.closed:
        await asyncio.sleep(AWAY_CHECK)
        table.check_away()


async def _interact(session: GuestSession, table: HostedTable, local: Guest) -> None:
    """One joiner's connection, from the door to their leaving."""
    loop = asyncio.get_running_loop()
    chan = session.channel
    assert chan is not None
    term = chan.get_terminal_type()
    if term is None:
        chan.write("medici host needs a terminal: connect with `ssh -t ...` (no command).\r\n")
        return
    user = str(chan.get_extra_info("username") or "")
    why = ["connection lost"]

    def overflow(reason: str) -> None:
        why[0] = f"connection cut: {reason}"
        session.abort()

    screen = Screen(loop, session.send, session.unsent, on_overflow=overflow)
    output = SeatOutput(session.stdout, session.size, term=term, enable_cpr=False)
    writer = asyncio.create_task(screen.run())
    console = ScreenConsole(screen, session.size, term=term, color=True)
    session.notice = lambda text: console.say(Text(text, "error"))

    def stop(message: str) -> None:
        def end() -> None:
            why[0] = "quit"

            async def later() -> None:
                await screen.drained(1.0)
                task = session.interact_task
                if task is not None and not task.done():
                    task.cancel()

            loop.create_task(later())

        loop.call_soon_threadsafe(end)

    shown = escape_controls(user)[:40] or "?"
    guest = Guest(table, shown, screen, console, stop=stop)
    app = session.app_session
    try:
        claim = table.claim(user)
        if claim.kind == "refused":
            console.say(Text(escape_controls(claim.message), "error"))
            await screen.drained(2.0)
            return
        index = claim.chair
        if claim.kind == "open":
            assert index is not None
            if not table.reserve(index, guest):
                console.say(Text("The open seat was just taken: try again.", "error"))
                await screen.drained(2.0)
                return
            console.say(Text("You take an open seat at this table.", "title"))
            await screen.drained(1.0)
            default = user if table.name_problem(index, user) is None else ""
            assert app is not None
            name = await ask_name(app.input, output, default,
                                  lambda n: table.name_problem(index, n), console)
            problem = "no name given" if name is None else table.name_seat(index, guest, name)
            if problem is not None or name is None:
                table.release(guest)
                console.say(Text(f"No seat taken: {problem}.", "error"))
                await screen.drained(2.0)
                return
        if index is not None:
            guest.name = table.chairs[index].name
        table.sit(guest, index)
        assert app is not None
        await run_prompt(guest, app.input, output)
        if why[0] == "connection lost":
            why[0] = "quit"
    except asyncio.CancelledError:
        pass
    finally:
        table.release(guest)
        table.leave(guest, why[0])
        screen.close()
        writer.cancel()
        if app is not None:
            # Keys read but not yet used are kept by prompt-toolkit for the input's next
            # prompt, process-wide: there is none now.
            clear_typeahead(app.input)
        if local is not guest and why[0].startswith("connection cut"):
            local.console.say(Text(f"{guest.name}: {why[0]}.", "bad"))
