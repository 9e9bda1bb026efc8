"""``medici host`` end to end: a real host process on 127.0.0.1 (a free port), joined by
asyncssh's own client with pseudo-terminals (pyte draws each screen).

Each test drives the players from the game's save (the host writes it after every move,
before telling anyone): whose turn it is, and a random legal move for them, typed at that
player's prompt as a person would.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="asyncssh is not installed: pip install "
                               "-e '.[host]' runs the host's tests")
pytest.importorskip("pyte", reason="pyte is not installed: pip install -e '.[test]'")

from engine.bots import RandomBot  # noqa: E402
from engine.game import Game  # noqa: E402
from tests.hostclient import (  # noqa: E402
    Host,
    Player,
    kill_all,
    narration,
    plain,
    told_all,
    told_in_order,
)

PASSWORD = "tulip-4821-amber"


@pytest.fixture(autouse=True)
def _no_host_left_running():
    """A test that fails half-way kills the hosts it started."""
    yield
    kill_all()


async def play(host: Host, players: dict[str, Player], moves: int | None = None,
               seed: int = 1, timeout: float = 10.0,
               stop: Callable[[Game], bool] = lambda game: False) -> int:
    """Let the players make random legal moves, each at its own prompt, until ``moves``
    of theirs are made, the game ends or ``stop(game)``; the bots move by themselves."""
    chooser = RandomBot("random", seed)
    for player in players.values():
        await player.no_questions()
    made = 0
    while moves is None or made < moves:
        game = host.game()
        if game.is_over or stop(game):
            break
        seat = game.current_player
        assert seat is not None
        name = game.players[seat].lower()
        count = len(game.events)
        if name in players:
            action = chooser.choose(game.view(seat), game.legal_actions(), game.variant)
            await players[name].enter(str(action))
            made += 1
        await _changed(host, count, timeout)
    return made


async def _changed(host: Host, count: int, timeout: float) -> Game:
    deadline = time.monotonic() + timeout
    while True:
        game = host.game()
        if len(game.events) != count:
            return game
        if time.monotonic() > deadline:
            raise AssertionError(f"no move within {timeout} s; the host said: "
                                 f"{host.output()[-2000:]}")
        await asyncio.sleep(0.01)


async def until(host: Host, test: Callable[[Game], bool], timeout: float = 10.0) -> Game:
    """Wait for the saved game to pass ``test``."""
    deadline = time.monotonic() + timeout
    while True:
        game = host.game()
        if test(game):
            return game
        if time.monotonic() > deadline:
            raise AssertionError("the game never got there")
        await asyncio.sleep(0.01)


def test_four_players_three_remote_and_a_bot_play_to_the_end(tmp_path: Path) -> None:
    """Bo and Dee join their seats; Cy takes the open seat and names it; the bot plays its
    own; every move of the whole game is told on every screen; out of turn is refused."""
    host = Host(tmp_path, ["medici", "Bo", "?", "Dee", "bot:greedy", "--no-seat",
                           "--password", PASSWORD, "--seed", "11"])

    async def scenario() -> None:
        bo = await Player.connect(host.port, "bo", password=PASSWORD)
        dee = await Player.connect(host.port, "DEE", password=PASSWORD)  # any case
        await bo.wait_for("the game starts once every seat is taken (1 open seat left)")
        cy = await Player.connect(host.port, "cy", password=PASSWORD)
        await cy.wait_for("Your name at the table:")
        cy.send("\x15Cy\r")  # Ctrl-U drops the name offered (cy), then a name of one's own
        players = {"bo": bo, "cy": cy, "dee": dee}
        for player in players.values():
            await player.wait_for("The game begins")
        await bo.wait_for("Cy joined the table.")
        assert host.game().players == ("Bo", "Cy", "Dee", "Player 4")

        # The move of the seat to act, typed by another player: refused, nothing changes.
        game = await until(host, lambda g: g.current_player != 3)
        actor = game.players[game.current_player].lower()
        other = next(name for name in players if name != actor)
        mark = len(players[other].text())
        move = RandomBot("random", 1).choose(game.view(game.current_player),
                                             game.legal_actions(), game.variant)
        await players[other].enter(str(move))
        await players[other].wait_for(f"it is {actor.capitalize()}'s turn, not yours",
                                      start=mark)
        assert len(host.game().events) == len(game.events)

        await play(host, players, seed=3, timeout=15)
        final = host.game()
        assert final.is_over
        lines = narration(final)
        for player in players.values():
            await player.wait_for("This game was dealt from seed 11.")
            told_in_order(player.text(), lines)
            await player.wait_for("Final scores")
        # The hosting terminal tells every move too.
        told_in_order(host.wait_for("This game was dealt from seed 11."), lines)
        for player in players.values():
            await player.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))
    assert host.stop() == 0
    assert "The table is closed (the host stopped)" in host.output()
    assert "Traceback" not in host.proc.stderr.read()


def test_a_player_cut_off_mid_auction_comes_back_to_their_seat(tmp_path: Path) -> None:
    host = Host(tmp_path, ["medici", "Bo", "Cy", "Dee", "--no-seat", "--password",
                           PASSWORD, "--seed", "5"])

    async def scenario() -> None:
        players = {n: await Player.connect(host.port, n, password=PASSWORD)
                   for n in ("bo", "cy", "dee")}
        # Play until an auction is under way with Bo still to bid or pass.
        for player in players.values():
            await player.no_questions()
        chooser = RandomBot("random", 2)
        for _ in range(200):
            game = host.game()
            seat = game.current_player
            if game.phase == "bidding" and game.players[seat] != "Bo" and \
                    0 in game.view(0)["bidders"]:
                break
            action = chooser.choose(game.view(seat), game.legal_actions(), game.variant)
            await players[game.players[seat].lower()].enter(str(action))
            await _changed(host, len(game.events), 10)
        else:
            raise AssertionError("no auction with Bo still to bid")
        players["bo"].cut()
        for name in ("cy", "dee"):
            await players[name].wait_for("Bo left (connection lost)")
        actor = game.players[game.current_player]
        back = await Player.connect(host.port, "bo", password=PASSWORD)
        await back.wait_for(f"Welcome back, Bo: day {game.view(0)['day']}, {actor} is bidding")
        await players["cy"].wait_for("Bo is back.")
        players["bo"] = back
        before = len(host.game().events)
        await play(host, players, moves=12, seed=4)
        after = host.game()
        assert len(after.events) > before
        # What Bo missed while away is in the save; what came after, Bo was told.
        await told_all(back, narration(after, before))

    asyncio.run(asyncio.wait_for(scenario(), 90))
    host.stop()


def test_a_killed_host_resumes_from_the_last_move(tmp_path: Path) -> None:
    host = Host(tmp_path, ["medici", "Bo", "Cy", "bot:greedy", "--no-seat", "--password",
                           PASSWORD, "--seed", "9", "--name", "friday"])
    played: list[dict] = []

    async def first() -> None:
        players = {n: await Player.connect(host.port, n, password=PASSWORD)
                   for n in ("bo", "cy")}
        await play(host, players, moves=15, seed=6)
        played.extend(host.game().events)
        last = plain(narration(host.game())[-1])
        await players["bo"].wait_for(last)  # told: then it was saved before

    asyncio.run(asyncio.wait_for(first(), 60))
    host.kill()
    assert host.save().name == "friday.json"
    again = Host(tmp_path, ["--resume", "friday", "--no-seat", "--password", PASSWORD])
    assert "Resumed" in again.output()

    async def second() -> None:
        players = {n: await Player.connect(again.port, n, password=PASSWORD)
                   for n in ("bo", "cy")}
        game = again.game()
        assert game.events[: len(played)] == played  # nothing lost
        actor = game.players[game.current_player]
        where = "your turn (" if actor == "Bo" else f"{actor} is"
        await players["bo"].wait_for(f"Welcome back, Bo: day {game.view(0)['day']}, {where}")
        await play(again, players, moves=15, seed=7, timeout=15)
        final = again.game()
        assert len(final.events) > len(game.events) and final.events[: len(played)] == played
        assert again.save().name == "friday.json"  # the one save of the game, all along

    asyncio.run(asyncio.wait_for(second(), 90))
    again.stop()
    # The local shell never plays a hosted table's game on one keyboard: `open friday` says
    # how to host it again; a replay of it is fine.
    import subprocess
    import sys

    shell = subprocess.run([sys.executable, "-m", "engine.cli", "--script", "-"],
                           input="open friday\nreplay friday\nshow\n", capture_output=True,
                           text=True, env=again.env, timeout=60)
    assert "friday is a hosted table: `medici host --resume friday" in shell.stderr
    assert "Replay of" in shell.stdout, shell.stdout + shell.stderr


def test_a_wrong_password_an_unknown_key_and_an_unknown_name_are_refused(
        tmp_path: Path) -> None:
    host = Host(tmp_path, ["medici", "Bo", "Cy", "--no-seat", "--password", PASSWORD,
                           "--max-connections", "2"])

    async def by_password() -> None:
        began = time.monotonic()
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(host.port, "bo", password="tulip")
        assert time.monotonic() - began >= 0.9  # a wrong password is answered late
        stranger = await Player.connect(host.port, "zed", password=PASSWORD)
        await stranger.wait_for("No seat at this table is called 'zed'. Free seats: Bo: "
                                f"ssh -p {host.port} bo@127.0.0.1; Cy:")
        await asyncio.wait_for(stranger.closed.wait(), 5)
        # Two connections at most: a third is turned away before it may log in. (The
        # host may take a moment to see the stranger's connection end.)
        deadline = time.monotonic() + 5
        while True:
            try:
                bo = await Player.connect(host.port, "bo", password=PASSWORD)
                break
            except asyncssh.DisconnectError:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)
        cy = await Player.connect(host.port, "cy", password=PASSWORD)
        with pytest.raises(asyncssh.DisconnectError, match="2 connections already"):
            await Player.connect(host.port, "bo", password=PASSWORD)
        await bo.close()
        await cy.close()

    asyncio.run(asyncio.wait_for(by_password(), 30))
    host.stop()

    known = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_text(known.export_public_key().decode())
    keyed = Host(tmp_path, ["medici", "Bo", "Cy", "--no-seat", "--keys", str(keys)])
    assert "Password" not in keyed.output()

    async def by_key() -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(keyed.port, "bo", key=other)
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(keyed.port, "bo", password=PASSWORD)
        bo = await Player.connect(keyed.port, "bo", key=known)
        await bo.wait_for("Welcome, Bo: you play seat 1 of 2")

    asyncio.run(asyncio.wait_for(by_key(), 30))
    keyed.stop()


def test_garbage_and_a_megabyte_line_change_nothing_while_the_others_play(
        tmp_path: Path) -> None:
    host = Host(tmp_path, ["medici", "Bo", "Cy", "bot:greedy", "--no-seat", "--spectators",
                           "--password", PASSWORD, "--seed", "4"])

    async def scenario() -> None:
        players = {n: await Player.connect(host.port, n, password=PASSWORD)
                   for n in ("bo", "cy")}
        # Mallory watches, and sends everything a broken or hostile client could.
        conn = await asyncssh.connect("127.0.0.1", host.port, username="mallory",
                                      password=PASSWORD, known_hosts=None, client_keys=None,
                                      agent_path=None)
        mallory = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                            encoding=None)
        rng = random.Random(19)

        async def flood() -> None:
            mallory.stdin.write(bytes(rng.randrange(256) for _ in range(100_000)))
            mallory.stdin.write(b"draw" + b" " * (1 << 20) + b"\r")
            mallory.stdin.write(b"show\r" * 300)
            mallory.stdin.write(b"\x1b[200~" + b"x" * 50_000)  # a paste never closed
            mallory.stdin.write(bytes(rng.randrange(256) for _ in range(100_000)))

        async def drain() -> None:
            while await mallory.stdout.read(65536):
                pass

        reader = asyncio.create_task(drain())
        await flood()
        before = len(host.game().events)
        await play(host, players, moves=25, seed=8)
        after = host.game()
        lines = narration(after, before)
        for player in players.values():
            await told_all(player, lines)

        # Bo's own megabyte line on Bo's turn: `draw` and a megabyte of spaces. Cut to
        # 4096 characters it would be a move; it is dropped whole instead.
        def bo_draws(g: Game) -> bool:
            return (g.players[g.current_player] == "Bo"
                    and "draw" in [str(a) for a in g.legal_actions()])

        await play(host, players, seed=10, stop=bo_draws, timeout=15)
        game = host.game()
        assert bo_draws(game)
        bo = players["bo"]
        mark = len(bo.text())
        bo.send("draw" + " " * (1 << 20) + "\r")
        await bo.wait_for("Line dropped, nothing run: a line has at most 4096 characters.",
                          start=mark, timeout=15)
        await asyncio.sleep(0.5)
        assert len(host.game().events) == len(game.events)
        await play(host, players, moves=10, seed=9)
        assert len(host.game().events) > len(game.events)
        assert host.proc.poll() is None
        reader.cancel()
        conn.abort()

    asyncio.run(asyncio.wait_for(scenario(), 120))
    host.stop()
    assert "Traceback" not in host.proc.stderr.read()
