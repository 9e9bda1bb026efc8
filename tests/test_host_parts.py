"""The host's parts without a network: the input guard, the bounded screen, and the table
(seats, turns, the shell's commands restricted per seat, bots in a worker thread, the
away bot), with guests whose consoles write to strings."""

from __future__ import annotations

import asyncio
import io
import os
import re
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from engine import records
from engine.host.guard import DROP, InputGuard, RawBudget
from engine.host.screen import PipeWriter, Screen
from engine.host.seat import Guest
from engine.host.table import Chair, HostedTable, TableOptions
from engine.play import Hosting, SavesFolder, Settings, Table
from engine.rules import load_variant
from engine.shell.console import Console
from engine.shell.errors import ShellError


# -- the guard --------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_line_over_the_limit_is_dropped_whole_even_split_across_chunks() -> None:
    guard = InputGuard(max_line=4096)
    passed, notices = guard.feed("draw" + " " * 3000)
    more, notices2 = guard.feed(" " * 3000 + "\r")
    assert passed == "draw" + " " * 3000  # the prompt had the start of it...
    assert more == DROP  # ...which is taken back; the rest and its Enter never reach it
    assert notices == [] and notices2 == ["Line dropped, nothing run: a line has at most "
                                          "4096 characters."]
    assert guard.feed("draw\r") == ("draw\r", [])  # the next line is read as ever


def test_more_than_twenty_lines_a_second_are_dropped_and_told_once() -> None:
    clock = Clock()
    guard = InputGuard(clock=clock)
    passed, notices = guard.feed("show\r" * 30)
    assert passed == "show\r" * 20  # the ten over never reach the prompt at all
    assert notices == ["Line dropped, nothing run: more than 20 lines a second."]
    assert guard.dropped_lines == 10
    clock.now += 1.0
    assert guard.feed("show\r") == ("show\r", [])


def test_typing_faster_than_the_key_budget_drops_the_line_not_some_keys() -> None:
    clock = Clock()
    guard = InputGuard(max_line=4096, keys_per_second=100, clock=clock)
    guard.feed("a" * 4000 + "\r")
    passed, notices = guard.feed("bid 15\r")  # 96 keys left in the budget: enough
    assert passed == "bid 15\r"
    passed, notices = guard.feed("x" * 50)  # 46 keys left
    assert passed == "x" * 50
    passed, notices = guard.feed("x" * 100 + "\r")
    assert passed == DROP and "typing too fast" in notices[0]  # the 50 given taken back
    clock.now += 3.0
    assert guard.feed("bid 15\r")[0] == "bid 15\r"


def test_paste_markers_are_removed_even_when_split_and_crlf_is_one_line_end() -> None:
    guard = InputGuard()
    first, _ = guard.feed("pass\x1b[20")
    second, _ = guard.feed("0~stop\x1b[201~\r\n")
    assert first + second == "passstop\r"


def test_the_raw_budget_asks_to_pause_reading_for_what_was_overspent() -> None:
    clock = Clock()
    budget = RawBudget(per_second=1000, clock=clock)
    assert budget.spend(800) == 0.0
    assert budget.spend(700) == pytest.approx(0.5)
    clock.now += 1.0
    assert budget.spend(100) == 0.0
    # With a reserve, reading resumes only once the budget could take that much at once.
    held = RawBudget(per_second=1000, reserve=200, clock=clock)
    assert held.spend(1500) == pytest.approx(0.7)


# -- the screen -------------------------------------------------------------------------
def test_a_screen_that_is_not_read_gives_up_and_costs_nothing_more() -> None:
    async def scenario() -> tuple[list[str], list[str], int]:
        loop = asyncio.get_running_loop()
        written: list[str] = []
        why: list[str] = []
        unsent = [0]
        screen = Screen(loop, written.append, lambda: unsent[0], why.append,
                        max_pending=1000, max_unsent=5000)
        task = asyncio.create_task(screen.run())
        screen.put("Bo bids 5.\r\n")
        await screen.drained(1)
        unsent[0] = 6000  # the client stopped reading: the connection holds 6000 bytes
        screen.put("Cy passes.\r\n")
        await asyncio.wait_for(task, 1)
        screen.put("x" * 10_000)  # nothing is kept once it gave up
        return written, why, screen.written

    written, why, count = asyncio.run(scenario())
    assert written == ["Bo bids 5.\r\n"]
    assert why == ["it stopped reading (over 5000 bytes unsent)"]
    assert count == len("Bo bids 5.\r\n")


def test_a_screen_with_too_much_waiting_gives_up_from_another_thread() -> None:
    async def scenario() -> list[str]:
        loop = asyncio.get_running_loop()
        why: list[str] = []
        screen = Screen(loop, lambda text: None, on_overflow=why.append, max_pending=1000)
        thread = threading.Thread(target=lambda: [screen.put("y" * 100) for _ in range(20)])
        thread.start()
        thread.join()
        await asyncio.sleep(0.05)
        assert screen.closed
        return why

    assert asyncio.run(scenario()) == ["over 1000 characters wait for its screen"]


# -- the table --------------------------------------------------------------------------
def guest(table: HostedTable, name: str, host: bool = False) -> tuple[Guest, io.StringIO]:
    out = io.StringIO()
    console = Console(out, out, color=False, errors_to_err=False)
    stopped: list[str] = []
    made = Guest(table, name, None, console, host=host,  # type: ignore[arg-type]
                 stop=stopped.append)
    made.stopped = stopped  # type: ignore[attr-defined]
    return made, out


@pytest.fixture
def pool():
    with ThreadPoolExecutor(4) as executor:
        yield executor


def make_table(tmp_path: Path, pool: ThreadPoolExecutor, chairs: list[Chair],
               hints: bool = False, **hosting: object) -> HostedTable:
    settings = Settings(hints=hints, hosting=Hosting(**hosting))  # type: ignore[arg-type]
    opts = TableOptions(settings, SavesFolder(str(tmp_path)),
                        join=lambda n: f"ssh -p 8022 {n}@host")
    return HostedTable(load_variant("medici"), chairs, opts, pool, seed=3)


def seated(tmp_path: Path, pool: ThreadPoolExecutor, **options: object):
    """A dealt table of Bo and Cy, both connected: the table and each one's guest and output."""
    table = make_table(tmp_path, pool, [Chair("Bo"), Chair("Cy")], **options)
    bo, bo_out = guest(table, "Bo")
    cy, cy_out = guest(table, "Cy")
    table.sit(bo, 0)
    table.sit(cy, 1)
    return table, bo, bo_out, cy, cy_out


def play_while_seat(game, player: Guest, seat: int) -> None:
    """``player`` makes quick moves (stop, pass, else draw) while ``seat`` is to act."""
    while game.current_player == seat:
        words = [str(a) for a in game.legal_actions()]
        player.shell.execute("stop" if "stop" in words else "pass" if "pass" in words
                             else "draw")


def wait(test, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_names_claim_seats_case_blind_and_the_rest_are_told_the_free_seats(
        tmp_path, pool) -> None:
    table = make_table(tmp_path, pool, [Chair("Ann", host=True), Chair("Bo"),
                                        Chair("Cy", "greedy"), Chair("?", open=True)])
    assert table.claim("BO").chair == 1 and table.claim("BO").kind == "seat"
    refused = table.claim("cy")
    assert refused.kind == "refused" and "Cy is a bot at this table" in refused.message
    assert "plays at the host's own terminal" in table.claim("ann").message
    assert table.claim("zed").kind == "open"
    zed, _ = guest(table, "zed")
    assert table.reserve(3, zed)
    stranger = table.claim("mallory")
    assert stranger.kind == "refused"
    assert stranger.message == ("No seat at this table is called 'mallory'. Free seats: Bo: "
                                "ssh -p 8022 bo@host.")
    assert table.name_seat(3, zed, "bo") == "Bo already sits at this table: choose another name"
    assert table.name_seat(3, zed, "Zed") is None


def test_only_the_seat_to_act_moves_every_move_is_saved_and_told_to_all(
        tmp_path, pool) -> None:
    table, bo, bo_out, cy, cy_out = seated(tmp_path, pool)  # every seat taken: dealt
    session = table.session
    assert session is not None
    game = session.game
    actor, other = (bo, cy) if game.current_player == 0 else (cy, bo)
    with pytest.raises(ShellError, match=f"it is {actor.name}'s turn, not yours"):
        table.play(other, "draw")
    assert other.shell.execute("draw") is False  # the same through the shell: refused
    count = len(game.events)
    assert actor.shell.execute("draw")
    assert len(game.events) > count
    saved = records.load_game(session.path).game
    assert saved.events == game.events  # on disk before anyone is told
    told = f"{actor.name} draws"
    assert told in bo_out.getvalue() and told in cy_out.getvalue()


def test_a_joiner_has_the_shell_but_not_the_hosts_commands(tmp_path, pool) -> None:
    table = make_table(tmp_path, pool, [Chair("Ann", host=True), Chair("Bo")])
    ann, ann_out = guest(table, "Ann", host=True)
    bo, bo_out = guest(table, "Bo")
    table.sit(ann, 0)
    table.sit(bo, 1)
    for line, reason in [
        ("save friday", "save is the host's"),
        ("new", "new is the host's"),
        ("open friday", "open isn't available at a shared table"),
        # Issue 34 item 8: words a person would write.
        ("undo", "undo isn't available at a shared table: moves can't be taken back once "
                 "everyone has seen them"),
        ("hint", "hints are off at this table"),
        ("replay x", "replay isn't available at a shared table"),
    ]:
        assert bo.shell.execute(line) is False
        assert reason in bo_out.getvalue(), line
    assert ann.shell.execute("save friday")
    assert (tmp_path / "friday.json").exists()
    before = len(bo_out.getvalue())
    bo.shell.execute("help")
    listed = bo_out.getvalue()[before:]
    assert "say" in listed and "who" in listed
    # A joiner's help lists only what a joiner may do, and their keys.
    for host_only in ("save ", "kick ", "new "):
        assert f"  {host_only}" not in listed, host_only
    assert "Ctrl-D saves" not in listed and "Ctrl-D leaves the table" in listed
    bo.shell.execute("help save")
    assert "(save is the host's: at a hosted table only the host's terminal" in (
        bo_out.getvalue())
    # say: the text as typed (an apostrophe is no open quote), escaped, to everyone.
    assert bo.shell.execute("say it's \x1b[2Jmine")
    for out in (ann_out, bo_out):
        assert "Bo: it's \\x1b[2Jmine" in out.getvalue()
    for _ in range(4):
        bo.shell.execute("say hi")
    assert bo.shell.execute("say one too many") is False
    assert "at most 5 lines in 10 seconds" in bo_out.getvalue()
    # A joiner's quit leaves (the table goes on); the host's closes the table.
    assert bo.shell.execute("quit") and bo.shell.done and not table.closed
    assert ann.shell.execute("quit") and table.closed


def test_tab_completes_only_ones_own_legal_moves_on_ones_own_turn(tmp_path, pool) -> None:
    table, bo, _, cy, _ = seated(tmp_path, pool)
    actor, other = (bo, cy) if table.session.game.current_player == 0 else (cy, bo)

    def offered(who: Guest, text: str) -> list[str]:
        completer = who.shell.mode.completer()
        return [c.text.strip() for c in completer.get_completions(Document(text),
                                                                   CompleteEvent())]

    assert "draw" in offered(actor, "dr")
    assert offered(other, "dr") == []
    assert "say" in offered(other, "sa") and "save" not in offered(other, "sa")


def test_a_bot_thinks_in_a_worker_thread_while_the_table_answers(
        tmp_path, pool, monkeypatch) -> None:
    thinking = threading.Event()
    release = threading.Event()
    threads: list[threading.Thread] = []

    class SlowBot:
        spec = "slow"

        def choose(self, view, legal, variant):
            threads.append(threading.current_thread())
            thinking.set()
            release.wait(10)
            return legal[-1]  # draw, stop or pass: an action, never a range

    slow = SlowBot()
    monkeypatch.setattr(Table, "bot", lambda self, seat: slow)
    table = make_table(tmp_path, pool, [Chair("Bo"), Chair("Cy", "greedy")])
    bo, bo_out = guest(table, "Bo")
    table.sit(bo, 0)
    game = table.session.game
    play_while_seat(game, bo, 0)
    wait(thinking.is_set)
    # The bot thinks (it waits for `release`); the table answers Bo all the same: its lock
    # is not held meanwhile (if it were, these commands would wait for ever).
    answered: list[bool] = []
    asking = threading.Thread(target=lambda: answered.extend(
        [bo.shell.execute("show"), bo.shell.execute("who")]))
    asking.start()
    asking.join(10)
    assert answered == [True, True] and not release.is_set()
    assert threads[0] is not threading.current_thread()
    release.set()  # the bot's move is then applied, saved and told
    wait(lambda: re.search(r"\nCy (passes|stops|draws)",
                           bo_out.getvalue().split("At this table")[-1]) is not None)


def test_the_away_bot_moves_for_an_absent_player_after_the_wait(tmp_path, pool) -> None:
    table, bo, bo_out, cy, _ = seated(tmp_path, pool, away_bot="random", away_after=0.2)
    game = table.session.game
    play_while_seat(game, bo, 0)  # until it is Cy's turn
    table.leave(cy, "connection lost")
    assert "Cy left (connection lost)" in bo_out.getvalue()
    count = len(game.events)
    table.check_away()
    assert len(game.events) == count  # not yet: the table waits away_after first
    deadline = time.monotonic() + 10
    while len(game.events) == count and time.monotonic() < deadline:
        time.sleep(0.05)
        table.check_away()
    assert "Cy is away: bot random moves for Cy." in bo_out.getvalue()


def test_a_new_connection_to_a_seat_replaces_the_old_one(tmp_path, pool) -> None:
    table, old, _, cy, cy_out = seated(tmp_path, pool)
    new, new_out = guest(table, "Bo")
    table.sit(new, 0)
    # Issue 34, item 10: Bo never left; the old screen is told it was replaced.
    assert old.stopped == ["This connection was replaced: Bo reconnected from another "
                           "terminal, which has the seat now."]
    assert table.chairs[0].guest is new and old not in table.guests
    assert "Bo reconnected from another terminal." in cy_out.getvalue()
    assert "Bo is back." not in cy_out.getvalue()
    assert "Welcome back, Bo: day 1" in new_out.getvalue()
    # Coming back after leaving is still "back".
    table.leave(new, "quit")
    again, _ = guest(table, "Bo")
    table.sit(again, 0)
    assert cy_out.getvalue().count("Bo is back.") == 1


def test_spectators_watch_the_public_view_and_hints_come_only_when_allowed(
        tmp_path, pool) -> None:
    table, bo, bo_out, cy, cy_out = seated(tmp_path, pool, spectators=True, hints=True)
    assert table.claim("zed").kind == "watch"
    zed, zed_out = guest(table, "zed")
    table.sit(zed, None)
    assert "zed is watching." in bo_out.getvalue()
    assert zed.shell.execute("show")
    assert "Pile:" in zed_out.getvalue()
    assert zed.shell.execute("draw") is False
    assert "you are watching: only the players move" in zed_out.getvalue()
    actor, actor_out, other, other_out = ((bo, bo_out, cy, cy_out)
                                          if table.session.game.current_player == 0
                                          else (cy, cy_out, bo, bo_out))
    assert actor.shell.execute("hint --bot greedy")
    assert f"Hint from greedy for {actor.name}:" in actor_out.getvalue()
    assert "Hint from" not in other_out.getvalue()  # a hint is told to its asker only
    assert other.shell.execute("hint --bot greedy") is False
    assert "a hint is for your own turn" in other_out.getvalue()


def test_the_host_deals_again_and_kicks(tmp_path, pool) -> None:
    table = make_table(tmp_path, pool, [Chair("Ann", host=True), Chair("Bo")])
    ann, ann_out = guest(table, "Ann", host=True)
    bo, bo_out = guest(table, "Bo")
    table.sit(ann, 0)
    table.sit(bo, 1)
    first = table.session
    assert ann.shell.execute("new --seed 12")
    assert table.session is not first and table.session.game.seed == 12
    assert bo.shell.table is table.session  # every guest's shell follows the new game
    assert "The game begins: Medici, Ann, Bo (seed 12)." in bo_out.getvalue()
    assert first.safe_on_disk() is not None  # the first game stays saved
    assert ann.shell.execute("kick bo")
    assert bo.stopped == ["The host closed your connection."]
    assert "Bo left (the host closed their connection)" in ann_out.getvalue()
    assert ann.shell.execute("kick zed") is False


def test_a_bid_out_of_proportion_is_asked_about_first_as_in_the_shell(tmp_path, pool) -> None:
    table, bo, bo_out, cy, cy_out = seated(tmp_path, pool)
    game = table.session.game
    players = {0: bo, 1: cy}
    while game.phase != "bidding":  # someone draws a card and offers it
        player = players[game.current_player]
        player.shell.execute("draw" if len(game.view(0)["lot"]) == 0 else "stop")
    actor = players[game.current_player]
    out = bo_out if actor is bo else cy_out
    count = len(game.events)
    assert actor.shell.execute("bid 40")
    assert out.getvalue().rstrip().endswith("Bid 40? [y/N]")
    assert len(game.events) == count  # asked, not made
    assert actor.shell.mode.prompt()[0][1] == "y/N"
    assert actor.shell.execute("n")
    assert "Nothing done: bid 40 was not made" in out.getvalue()
    assert len(game.events) == count
    actor.shell.execute("bid 40")
    assert actor.shell.execute("y")
    assert len(game.events) > count and f"{actor.name} bids 40." in out.getvalue()


def test_without_asyncssh_medici_host_says_what_to_install(monkeypatch, capsys) -> None:
    from engine.cli import main

    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    assert main(["host", "medici", "Ann", "Bo"]) == 2
    assert "pip install 'medici[host]'" in capsys.readouterr().err


def test_the_hosts_output_to_a_pipe_nobody_reads_never_holds_the_table_up() -> None:
    read_end, write_end = os.pipe()
    writer = PipeWriter(os.fdopen(write_end, "w"), limit=100_000)
    done = threading.Event()

    def tell() -> None:  # a megabyte, where the pipe holds 64 kB and nobody reads it
        for _ in range(1000):
            writer.write("x" * 999 + "\n")
        done.set()

    threading.Thread(target=tell, daemon=True).start()
    assert done.wait(10)  # every write returned: none waited for the pipe
    seen: list[bytes] = []

    def read() -> None:  # someone reads at last
        while chunk := os.read(read_end, 65536):
            seen.append(chunk)

    threading.Thread(target=read, daemon=True).start()
    writer.drain(10)
    writer.write("the end\n")
    wait(lambda: b"".join(seen).endswith(b"the end\n"))
    text = b"".join(seen)
    kept = text.count(b"x")  # what fitted the bound (and the first lines taken), no more
    assert 99_000 <= kept <= 200_000
    dropped = re.search(rb"\[(\d+) characters of the host's output were dropped: nothing "
                        rb"was reading them\]\n", text)
    assert dropped is not None and int(dropped[1]) + kept + kept // 999 == 1_000_000
    assert text.endswith(b"the end\n")


def _bar(player: Guest) -> str:
    return "".join(text for _, text in player.shell.mode.toolbar(200))


@pytest.mark.parametrize("hints", [True, False])
def test_a_seats_toolbar_says_what_the_lot_is_worth_to_that_seat_where_hints_are_allowed(
        tmp_path, pool, hints) -> None:
    from engine.play.worth import at_table
    table, bo, bo_out, cy, _ = seated(tmp_path, pool, hints=hints)
    session = table.session
    assert session is not None
    game = session.game
    people = {0: bo, 1: cy}
    while "bid" not in " ".join(str(a) for a in game.legal_actions()):  # a lot on sale
        words = [str(a) for a in game.legal_actions()]
        people[game.current_player].shell.execute("stop" if "stop" in words else "draw")
    for seat, player in people.items():
        worth = at_table(None, game, seat, True)
        assert worth is not None and worth.seat == seat
        if hints:  # each seat its own figure (G-3: from its own view), as `show` says it
            assert f"worth ~{max(0.0, worth.amount):.0f}" in _bar(player)
        else:
            assert "worth" not in _bar(player)
    start = len(bo_out.getvalue())
    bo.shell.execute("show")  # Bo's own screen: the lot's worth to him is "to you"
    assert ("florins to you" in bo_out.getvalue()[start:]) is hints
    bo.shell.execute("set worth off")
    assert "worth" not in _bar(bo)
    assert ("worth ~" in _bar(cy)) is hints  # Bo's setting is Bo's alone
