"""How fast a hosted table tells a move, and whether its memory stays flat.

Starts a real ``medici host`` (six people's seats, no bot: every move is a client's) on
127.0.0.1 and connects six SSH clients with pseudo-terminals (asyncssh's client; each
answers prompt-toolkit's cursor-position requests as a terminal does). Each move is
typed by the client whose turn it is, as a line at its prompt; the figure is the time
from writing that line to the moment the last of the six clients has received the move's
narration (the last line the table tells for it). The move's text and its narration come
from a mirror of the game played here from the same seed, so nothing is read back from
the host to decide what to wait for.

Then it goes on for ``--moves`` moves in all (games back to back: the host's ``new``
deals the next one) and samples the host's resident memory every 100 moves.

``--flood`` adds a seventh connection, a spectator that sends random bytes, megabyte
lines and 300-line bursts the whole time, to measure what a hostile client costs the
others.

Usage: python scripts/bench_host.py [--latency-moves 200] [--moves 1000] [--flood] [--quick]
(run it under ``nice -n 10`` on a shared machine; it prints the figures and the load).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

from engine import new_game  # noqa: E402
from engine.bots import RandomBot  # noqa: E402
from engine.play import render  # noqa: E402
from tests.hostclient import Host  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
PASSWORD = "bench-pass-word"
ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|"
                    r"\x1b[=>78]|[\r\x07\x08]")
CPR = "\x1b[6n"


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time a process has used (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def save_time(game, folder: Path) -> float:
    """The median time to write a game's save as the host does (atomic, fsync'd), ms."""
    from engine import records

    record = records.record_from_game(game, [None] * len(game.players))
    times = []
    for _ in range(20):
        began = time.perf_counter()
        records.write_record(record, folder / "bench-save-time.json")
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def squash(text: str) -> str:
    return " ".join(text.split())


class Client:
    """A light client: what it was sent, as plain text, and when a wanted text arrived."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 proc: asyncssh.SSHClientProcess[str]) -> None:
        self.conn = conn
        self.proc = proc
        self.plain: list[str] = []
        self.carry = ""
        self.seen = ""
        self.wanted: str | None = None
        self.found_at = 0.0
        self.found = asyncio.Event()
        self.sent: list[float] = []
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, port: int, user: str) -> Client:
        conn = await asyncssh.connect("127.0.0.1", port, username=user, password=PASSWORD,
                                      known_hosts=None, client_keys=None, agent_path=None)
        proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24))
        return cls(conn, proc)

    async def _read(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                return
            now = time.perf_counter()
            for _ in range(data.count(CPR)):
                self.proc.stdin.write("\x1b[20;1R")
            data = self.carry + data
            cut = data.rfind("\x1b")
            if cut >= 0 and cut > len(data) - 32 and not ESCAPE.match(data, cut):
                data, self.carry = data[:cut], data[cut:]
            else:
                self.carry = ""
            self.seen = (self.seen + " " + squash(ESCAPE.sub("", data)))[-4000:]
            if self.wanted is not None and self.wanted in self.seen:
                self.found_at = now
                self.wanted = None
                self.seen = ""
                self.found.set()

    def expect(self, text: str) -> None:
        self.found.clear()
        self.wanted = text
        if text in self.seen:  # already here (it came before the expectation was set)
            self.found_at = time.perf_counter()
            self.wanted = None
            self.seen = ""
            self.found.set()

    async def type(self, line: str) -> float:
        """Type ``line`` and Enter, under the host's 20 lines a second; when it was sent."""
        now = time.monotonic()
        self.sent = [t for t in self.sent if now - t < 1.0]
        if len(self.sent) >= 18:
            await asyncio.sleep(1.0 - (now - self.sent[0]) + 0.01)
        self.sent.append(time.monotonic())
        began = time.perf_counter()
        self.proc.stdin.write(line + "\r")
        return began


async def flood(port: int, stop: asyncio.Event) -> tuple[int, int]:
    """A hostile spectator: garbage, megabyte lines, bursts of lines, until ``stop``; when
    its garbage ends its own session (a Ctrl-D), it comes back. Bytes sent, sessions."""
    rng = random.Random(7)
    sent = sessions = 0
    while not stop.is_set():
        conn = await asyncssh.connect("127.0.0.1", port, username="mallory",
                                      password=PASSWORD, known_hosts=None, client_keys=None,
                                      agent_path=None)
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                         encoding=None)
        sessions += 1

        async def drain(proc: asyncssh.SSHClientProcess[bytes] = proc) -> None:
            while await proc.stdout.read(65536):
                pass

        reader = asyncio.create_task(drain())
        try:
            while not stop.is_set():
                for chunk in (bytes(rng.randrange(256) for _ in range(20_000)),
                              b"show" + b" " * (1 << 20) + b"\r", b"show\r" * 300):
                    proc.stdin.write(chunk)
                    sent += len(chunk)
                await proc.stdin.drain()
                await asyncio.sleep(0.2)
        except (BrokenPipeError, asyncssh.Error, OSError):
            pass
        reader.cancel()
        conn.abort()
    return sent, sessions


async def run(args: argparse.Namespace) -> None:
    home = Path(tempfile.mkdtemp(prefix="bench-host-"))
    seed = 1
    extra = ["--spectators"] if args.flood else []
    host = Host(home, ["medici", *NAMES, "--no-seat", "--password", PASSWORD,
                       "--seed", str(seed), *extra])
    try:
        await measure(host, args, seed)
    except BaseException:
        # The host is stopped whatever happened; if it hangs, its threads' stacks are shown.
        host.stop()
        raise


async def measure(host: Host, args: argparse.Namespace, seed: int) -> None:
    """Connect the six, play the moves, print the figures (and stop the host)."""
    home = host.home
    clients = [await Client.connect(host.port, name.lower()) for name in NAMES]
    await asyncio.sleep(1.0)  # everyone's welcome drawn
    for client in clients:  # random bids are made without the shell's question first
        client.expect("confirm is off")
        await client.type("set confirm off")
    await asyncio.wait_for(asyncio.gather(*(c.found.wait() for c in clients)), 20)
    stop = asyncio.Event()
    flooding = asyncio.create_task(flood(host.port, stop)) if args.flood else None
    if flooding is not None:
        await asyncio.sleep(1.0)
    game = new_game("medici", players=NAMES, seed=seed)
    chooser = RandomBot("random", 11)
    latencies: list[float] = []
    memory: list[tuple[int, int]] = [(0, host.rss())]
    cpu_start = cpu_seconds(host.proc.pid)
    cpu_timed = 0.0
    games = 1
    for move in range(1, args.moves + 1):
        if game.is_over:
            seed += 1
            games += 1
            for client in clients:
                client.expect(f"The game begins: Medici, {', '.join(NAMES)} (seed {seed}).")
            host.command(f"new --seed {seed}")
            await asyncio.wait_for(asyncio.gather(*(c.found.wait() for c in clients)), 20)
            game = new_game("medici", players=NAMES, seed=seed)
        seat = game.current_player
        action = chooser.choose(game.view(seat), game.legal_actions(), game.variant)
        start = len(game.events)
        game.apply(action)
        told = render.narrate(game.events, start, game.players, render.StepViews(game))
        last = squash(told[-1].plain())
        for client in clients:
            client.expect(last)
        began = await clients[seat].type(str(action))
        await asyncio.wait_for(asyncio.gather(*(c.found.wait() for c in clients)), 20)
        if move <= args.latency_moves:
            latencies.append(max(c.found_at for c in clients) - began)
            if move == args.latency_moves:
                cpu_timed = cpu_seconds(host.proc.pid) - cpu_start
        if move % 100 == 0:
            memory.append((move, host.rss()))
    save_ms = save_time(game, home / "saves")
    stop.set()
    flood_bytes, sessions = await flooding if flooding is not None else (0, 0)
    load = os.getloadavg()
    host.stop()
    ms = sorted(x * 1000 for x in latencies)
    print(f"host bench: 6 clients on loopback, {len(ms)} moves timed"
          + (", a seventh client flooding" if args.flood else ""))
    print(f"  move to the last client's screen: median {statistics.median(ms):.1f} ms, "
          f"p90 {ms[int(len(ms) * 0.9)]:.1f} ms, max {ms[-1]:.1f} ms")
    print(f"  of which the save (fsync'd, written before anyone is told): median "
          f"{save_ms:.1f} ms on this disk, measured beside the host")
    print(f"  the host's CPU time per timed move: {cpu_timed / len(ms) * 1000:.1f} ms "
          "(the move, its save, and six screens drawn)")
    print(f"  memory (host RSS, kB) over {args.moves} moves in {games} games: "
          + ", ".join(f"{m}:{kb}" for m, kb in memory))
    if len(memory) > 2:
        base = dict(memory)[100]
        print(f"  growth from move 100 to move {memory[-1][0]}: {memory[-1][1] - base:+d} kB")
    if args.flood:
        print(f"  the flooder sent {flood_bytes / 1e6:.1f} MB in {sessions} sessions (its "
              "garbage's Ctrl-D ends one; it comes back)")
    print(f"  load average during the run: {load[0]:.2f} (2 cores, shared machine)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency-moves", type=int, default=200)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--flood", action="store_true",
                        help="a seventh, hostile client floods the host meanwhile")
    parser.add_argument("--quick", action="store_true", help="20 moves timed, 30 in all")
    args = parser.parse_args()
    if args.quick:
        args.latency_moves, args.moves = 20, 30
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
