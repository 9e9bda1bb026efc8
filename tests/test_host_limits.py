"""Issue 33's bounds, part by part, without a network: the size clamp, what ``say`` shows,
long runs given as one paste, keys handled one by one, completion's bounded prefix, the
output a session holds and a client that stops reading, the door's two counts, ``kick``
by address, ``rules`` at a table, and the hint worker's limits."""

from __future__ import annotations

import asyncio
import io
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from engine.game import new_game
from engine.host import hint_worker
from engine.host.guard import DROP, InputGuard
from engine.host.kick import connected, kicked
from engine.host.limits import (
    KERNEL_SLACK,
    MAX_COLUMNS,
    MAX_ROWS,
    clamp_size,
    shown_said,
    size_notice,
)
from engine.host.seat import Guest
from engine.host.table import Chair, HostedTable, TableOptions
from engine.names import player_name_problem
from engine.play import SavesFolder, Settings
from engine.rules import load_variant
from engine.shell.app import Shell
from engine.shell.completion import COMPLETE_UPTO, ShellCompleter, split_line
from engine.shell.console import Console
from engine.shell.errors import ShellError

asyncssh = pytest.importorskip("asyncssh", reason="asyncssh is not installed: pip install "
                               "-e '.[host]' runs the host's tests")

from engine.host.server import Door, GuestSession, pasted, socket_backlog  # noqa: E402


# -- sizes, say, typing -------------------------------------------------------------------
def test_a_terminal_size_is_clamped_and_the_client_told_why() -> None:
    assert clamp_size(10_000_000, 10) == (MAX_COLUMNS, 10)
    assert clamp_size(2000, 100_000) == (MAX_COLUMNS, MAX_ROWS)
    assert clamp_size(0, 0) == (80, 24)  # a client that says nothing: the usual size
    assert clamp_size(1, 1) == (20, 4)
    assert size_notice(80, 24) is None and size_notice(500, 200) is None
    assert size_notice(10_000_000, 10) == (
        "Your terminal says it is 10000000x10; the table draws for 500x10 (it draws for "
        "20x4 to 500x200).")


@pytest.mark.parametrize("char", ["\u202e", "\u202d", "\u2066", "\u2069", "\u200f",
                                  "\x1b", "\x07", "\u2028", "\x9b"])
def test_say_escapes_what_a_name_may_not_hold(char: str) -> None:
    said = shown_said(f"look {char}here")
    assert char not in said
    assert said == "look " + char.encode("unicode_escape").decode("ascii") + "here"
    assert player_name_problem(f"Bo{char}") is not None  # the one rule: names refuse it


def test_say_keeps_what_a_name_may_hold() -> None:
    text = "héllo wörld 👍 — ça va? 日本"
    assert shown_said(text) == text


def test_runs_of_plain_text_reach_the_prompt_as_one_paste() -> None:
    assert pasted("d") == "d"  # a person types one key a packet: a key it stays
    line = "say " + "x" * 100
    assert pasted(line + "\r") == "\x1b[200~" + line + "\x1b[201~\r"
    # Control keys stay keys: Ctrl-U, then a run, then an arrow, then one letter.
    assert pasted("\x15" + "bid 15" + "\x1b[Dx") == "\x15\x1b[200~bid 15\x1b[201~\x1b[Dx"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_keys_handled_one_by_one_are_bounded_apart_from_pasted_text() -> None:
    clock = Clock()
    guard = InputGuard(clock=clock, presses_per_second=10, press_burst=20)
    assert guard.feed("x" * 4000) == ("x" * 4000, [])  # one plain run: one key
    passed, notices = guard.feed("\x15a\x01b\x05c\x15d\x01e\x05f\x15g\x01h\x05i\x15j\x01k\x05"
                                 "\x15\x01\x05\x15\x01")
    assert passed == DROP and notices == ["Line dropped, nothing run: typing too fast."]
    clock.now += 2.0
    assert guard.feed("\r")[0] == ""  # the dropped line ends
    clock.now += 2.0
    arrows = "\x1b[D" * 15  # an arrow is one key, not three
    assert guard.feed(arrows) == (arrows, [])


def test_a_line_that_is_not_utf8_is_dropped_whole_and_counts_as_a_line() -> None:
    clock = Clock()
    guard = InputGuard(clock=clock)
    passed, notices = guard.feed("bid 1\ufffd5\r")
    assert passed == "" and "not UTF-8 text" in notices[0]
    passed, _ = guard.feed("x\ufffd\r" * 40 + "show\r")
    assert passed == ""  # forty dropped lines and one more: over 20 a second
    clock.now += 1.0
    assert guard.feed("show\r") == ("show\r", [])


def test_the_line_limit_is_4096_characters_with_its_enter_on_a_full_budget() -> None:
    guard = InputGuard()
    line = "say " + "x" * 4092
    assert guard.feed(line + "\r") == (line + "\r", [])
    passed, notices = InputGuard().feed(line + "x\r")
    assert notices == ["Line dropped, nothing run: a line has at most 4096 characters."]


# -- completion -------------------------------------------------------------------------
def test_completion_reads_a_bounded_prefix_in_the_local_shell_too(monkeypatch) -> None:
    shell = Shell(Console(io.StringIO(), io.StringIO()), interactive=True)
    completer = ShellCompleter(shell)
    event = CompleteEvent(completion_requested=True)
    words = [c.text for c in completer.get_completions(Document("ru"), event)]
    assert "rules " in words
    near = "say " + "x" * (COMPLETE_UPTO - 8) + " ru"
    assert len(near) <= COMPLETE_UPTO
    seen: list[int] = []
    monkeypatch.setattr("engine.shell.completion.split_line",
                        lambda text: seen.append(len(text)) or split_line(text))
    list(completer.get_completions(Document(near), event))
    assert seen == [len(near)]
    long = "say " + "x" * 4000 + " ru"
    assert list(completer.get_completions(Document(long), event)) == []
    assert seen == [len(near)]  # past the bound the line is not read at all


# -- a session's output -----------------------------------------------------------------
class FakeTransport(asyncio.Transport):
    def __init__(self, extra: dict[str, Any] | None = None) -> None:
        super().__init__(extra)
        self.buffered = 0
        self.paused = False

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def is_closing(self) -> bool:
        return False


class FakeConnection:
    def __init__(self) -> None:
        self._transport = FakeTransport()
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


class FakeChannel:
    def __init__(self) -> None:
        self.conn = FakeConnection()
        self.written: list[str] = []
        self.size = (80, 24, 0, 0)

    def get_extra_info(self, name: str) -> Any:
        return self.conn if name == "connection" else None

    def get_write_buffer_size(self) -> int:
        return 0

    def get_terminal_size(self) -> tuple[int, int, int, int]:
        return self.size

    def write(self, data: str) -> None:
        self.written.append(data)


async def _noop(session: Any) -> None:
    return None


def test_output_is_bounded_by_what_the_transport_holds_not_the_channel() -> None:
    async def scenario() -> tuple[FakeChannel, GuestSession]:
        session = GuestSession(_noop, max_unsent=1000)
        chan = FakeChannel()
        session.connection_made(chan)
        session.send("Bo bids 5.\r\n")
        await asyncio.sleep(0)
        # The client's SSH window is wide open, but it does not read its socket: the
        # channel holds nothing, the transport more and more.
        chan.conn._transport.buffered = 900
        session.send("x" * 200)
        await asyncio.sleep(0)
        return chan, session

    chan, session = asyncio.run(scenario())
    assert chan.written == ["Bo bids 5.\r\n"]
    assert chan.conn.aborted and session.cut_why == "it stopped reading (over 1000 bytes unsent)"


def test_a_client_that_does_not_read_is_cut_off_whatever_it_sends() -> None:
    async def scenario() -> tuple[FakeChannel, GuestSession, list[str]]:
        session = GuestSession(_noop, max_unsent=1 << 20, stall_seconds=0.3)
        chan = FakeChannel()
        session.connection_made(chan)
        chan.conn._transport.buffered = 10  # a little waits, and never goes
        typed: list[str] = []
        for _ in range(8):
            session.data_received("x", None)  # it keeps typing (SSH's keepalive is happy)
            typed.append("x")
            await asyncio.sleep(0.1)
        return chan, session, typed

    chan, session, _ = asyncio.run(scenario())
    assert chan.conn.aborted
    assert session.cut_why == "it has not read for 0.3 s"


def test_a_client_whose_socket_fills_is_cut_off_though_nothing_waits_in_the_host() -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    mine = socket.create_connection(server.getsockname())
    theirs, _ = server.accept()  # never read: a deaf client
    mine.setblocking(False)
    assert socket_backlog(mine) == 0
    try:
        for _ in range(1000):
            mine.send(b"x" * 65536)
    except BlockingIOError:
        pass
    assert socket_backlog(mine) > KERNEL_SLACK

    async def scenario() -> tuple[FakeChannel, GuestSession]:
        session = GuestSession(_noop, max_unsent=1 << 20, stall_seconds=0.3)
        chan = FakeChannel()
        chan.conn._transport = FakeTransport({"socket": mine})
        session.connection_made(chan)
        for _ in range(8):
            session.data_received("x", None)
            await asyncio.sleep(0.1)
        return chan, session

    try:
        chan, session = asyncio.run(scenario())
    finally:
        for sock in (mine, theirs, server):
            sock.close()
    assert chan.conn.aborted and session.cut_why == "it has not read for 0.3 s"


def test_a_reading_client_is_never_cut_off() -> None:
    async def scenario() -> FakeChannel:
        session = GuestSession(_noop, max_unsent=1 << 20, stall_seconds=0.3)
        chan = FakeChannel()
        session.connection_made(chan)
        for i in range(8):
            chan.conn._transport.buffered = 10 if i % 2 else 0  # it reads, now and then
            session.data_received("x", None)
            await asyncio.sleep(0.1)
        return chan

    assert not asyncio.run(scenario()).conn.aborted


def test_too_many_packets_stop_the_connection_being_read_for_a_while() -> None:
    async def scenario() -> tuple[bool, bool]:
        session = GuestSession(_noop, max_unsent=1 << 20)
        chan = FakeChannel()
        session.connection_made(chan)
        transport = chan.conn._transport
        for _ in range(150):
            session.data_received("x", None)
        calm = transport.paused
        for _ in range(100):
            session.terminal_size_changed(81, 24, 0, 0)  # a window change is a packet too
        held = transport.paused
        return calm, held

    calm, held = asyncio.run(scenario())
    assert not calm and held


def test_a_storm_of_window_changes_redraws_a_few_times_and_draws_the_last_size() -> None:
    class App:
        is_running = True

        def __init__(self, chan: FakeChannel, drawn: list[tuple[int, int, int, int]]) -> None:
            self.chan, self.drawn = chan, drawn

        def _on_resize(self) -> None:
            self.drawn.append(self.chan.size)

    class AppSession:
        def __init__(self, app: App) -> None:
            self.app = app

    async def scenario() -> tuple[list[tuple[int, int, int, int]], GuestSession]:
        session = GuestSession(_noop, max_unsent=1 << 20)
        session.packets.burst = session.packets._left = 1e9  # this test is not about packets
        chan = FakeChannel()
        session.connection_made(chan)
        drawn: list[tuple[int, int, int, int]] = []
        session.app_session = AppSession(App(chan, drawn))  # type: ignore[assignment]
        for i in range(2000):
            chan.size = (80 + i % 40, 24, 0, 0)
            session.terminal_size_changed(chan.size[0], 24, 0, 0)
            if i % 200 == 0:
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.6)
        return drawn, session

    drawn, session = asyncio.run(scenario())
    assert session.resizes == 2000
    assert 1 <= len(drawn) <= 12  # about 0.5 s of storm: a few redraws, not 2000
    assert drawn[-1] == (80 + 1999 % 40, 24, 0, 0)  # the last size is the one drawn


# -- the door ---------------------------------------------------------------------------
class Waiting:
    def __init__(self, address: str) -> None:
        self.address = address


def test_the_oldest_waiting_login_of_the_busiest_address_is_let_go() -> None:
    door = Door("pw", None, max_connections=2, max_logins=3)
    ann = Waiting("10.0.0.1:1")
    flood = [Waiting(f"10.0.0.9:{i}") for i in range(3)]
    assert door.arrive(ann) is None  # type: ignore[arg-type]
    assert door.arrive(flood[0]) is None  # type: ignore[arg-type]
    assert door.arrive(flood[1]) is None  # type: ignore[arg-type]
    assert door.arrive(flood[2]) is flood[0]  # type: ignore[arg-type]
    assert list(door.waiting) == [ann, flood[1], flood[2]]
    assert door.let_go == 1


def test_a_full_table_still_lets_a_player_back_to_their_seat() -> None:
    door = Door("pw", None, max_connections=2, owns_seat=lambda user: user == "bo")
    door.connections = 2
    assert door.full("zed") and not door.full("bo")
    door.connections = 1
    assert not door.full("zed")


# -- the table's parts ------------------------------------------------------------------
def _table(tmp_path: Path, pool: ThreadPoolExecutor, chairs: list[Chair]) -> HostedTable:
    opts = TableOptions(Settings(), SavesFolder(str(tmp_path)))
    return HostedTable(load_variant("medici"), chairs, opts, pool)


def _guest(table: HostedTable, name: str, address: str = "", host: bool = False) -> Guest:
    made = Guest(table, name, None, Console(io.StringIO(), io.StringIO(), color=False),  # type: ignore[arg-type]
                 host=host)
    made.address = address
    return made


def test_kick_names_a_connection_by_name_or_address_even_one_choosing_a_name(
        tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as pool:
        table = _table(tmp_path, pool, [Chair("Bo"), Chair("?", open=True)])
        host = _guest(table, "Host", host=True)
        bo = _guest(table, "Bo", "127.0.0.1:5001")
        squatter = _guest(table, "squatter", "127.0.0.1:5002")
        table.guests += [host, bo]
        assert table.reserve(1, squatter)
        assert kicked(table, "127.0.0.1:5002", but=host) == [squatter]
        assert kicked(table, "BO", but=host) == [bo]
        assert kicked(table, "127.0.0.1", but=host) == [bo, squatter]
        assert kicked(table, "Host", but=host) == []
        assert connected(table, but=host) == ["Bo (127.0.0.1:5001)",
                                              "squatter (127.0.0.1:5002)"]


def test_rules_at_a_table_answers_the_same_for_any_path(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as pool:
        table = _table(tmp_path, pool, [Chair("Bo")])
        mode = _guest(table, "Bo").shell.mode
        readable = tmp_path / "house.yaml"
        readable.write_text("game: medici\nname: house\n")
        answers = set()
        for word in (str(readable), "/etc/passwd", "/no/such/file.yaml", str(tmp_path)):
            with pytest.raises(ShellError) as refused:
                mode.variant_named(word)
            answers.add(str(refused.value))
        assert len(answers) == 1
        assert mode.variant_named("medici-amigo").name == "medici-amigo"
        assert not mode.reads_files  # nothing completes from the host's folders either


# -- hints ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def game():
    played = new_game("medici", ["Ann", "Bo", "Cy"], seed=2)
    return played


def test_a_hint_is_worked_out_in_a_worker_and_told_as_the_shell_tells_it(game) -> None:
    rows, situation = hint_worker.analyse(object(), "greedy", game.seed, game,
                                          game.current_player)
    assert rows and all(str(row.action) in [str(a) for a in game.legal_actions()]
                        for row in rows)
    from engine.bots import make_bot

    local = make_bot("greedy", seed=game.seed).analyse(game.view(game.current_player),
                                                       game.legal_actions(), game.variant,
                                                       top=3)
    assert [r.action for r in rows] == [r.action for r in local]  # the same answer
    # ...told the same way as the shell's own hint.
    from engine.shell import say_hint

    here, there = io.StringIO(), io.StringIO()
    say_hint(Console(here, here, color=False), make_bot("greedy", seed=game.seed), game,
             game.current_player)
    hint_worker.say_hint(Console(there, there, color=False), object(), "greedy", game,
                         game.current_player)
    assert there.getvalue() == here.getvalue() and "Hint from greedy for" in here.getvalue()


def test_a_hint_over_its_time_is_stopped_and_one_at_a_time_per_person(game) -> None:
    owner = object()
    errors: list[str] = []

    def ask() -> None:
        try:
            hint_worker.analyse(owner, "mcts:30s", game.seed, game, game.current_player,
                                seconds=3.0)
        except ShellError as err:
            errors.append(str(err))

    first = threading.Thread(target=ask)
    first.start()
    deadline = time.monotonic() + 30
    while not hint_worker.busy(owner):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    with pytest.raises(ShellError, match="being worked out already"):
        hint_worker.analyse(owner, "greedy", game.seed, game, game.current_player)
    first.join(60)
    assert errors == ["the hint took over 3 s and was stopped: a quicker bot answers "
                      "sooner (hint --bot mcts:2s)"]
    assert not hint_worker.busy(owner)


def test_a_hint_cancelled_when_its_person_leaves(game) -> None:
    owner = object()
    errors: list[str] = []

    def ask() -> None:
        try:
            hint_worker.analyse(owner, "mcts:30s", game.seed, game, game.current_player)
        except ShellError as err:
            errors.append(str(err))

    thread = threading.Thread(target=ask)
    thread.start()
    deadline = time.monotonic() + 30
    while not hint_worker.busy(owner):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    time.sleep(0.5)
    began = time.monotonic()
    assert hint_worker.cancel(owner)
    thread.join(30)
    assert errors == ["the hint was cancelled"]
    assert time.monotonic() - began < 10  # well before its 15 s (a liveness bound)


def test_a_hint_that_needs_too_much_memory_fails_in_the_worker(game) -> None:
    # Three seconds of search grow a tree far past 1 MB.
    with pytest.raises(ShellError, match=r"needed over 1 MB"):
        hint_worker.analyse(object(), "mcts:3s", game.seed, game, game.current_player,
                            memory=1024 * 1024)

