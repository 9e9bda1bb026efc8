"""Hostile clients of a hosted table, as ``scripts/bench_host.py --hostile`` and
``tests/test_host_attacks.py`` run them: each attack of issue 33, from 127.0.0.1 only,
bounded in count and in time (it stops when told, or when its own count is done).

An attack is a coroutine ``attack(ctx)`` that runs until ``ctx.stop`` is set and returns
a line saying what it did. ``Scale`` says how hard: the bench uses the issue's figures
(``Scale.full()``), the tests a short version (``Scale.short()``).
"""

from __future__ import annotations

import asyncio
import random
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncssh


@dataclass(frozen=True)
class Scale:
    """How hard each attack pushes."""

    resizes: int
    """Window changes in the resize burst (then 500 a second until the end)."""
    line_clients: int
    """Clients typing long lines, one key a packet."""
    line_length: int
    """Characters of each long line (``say`` and its text)."""
    line_gap: float
    """Seconds each of them waits between two lines."""
    garbage_clients: int
    garbage_bytes: int
    """Random bytes each garbage client sends a round (five rounds a second)."""
    silent: int
    """Silent TCP connections (no SSH at all)."""
    hint_bot: str
    """The bot a hint asks for."""

    @classmethod
    def full(cls) -> Scale:
        """The issue's figures."""
        return cls(resizes=10_000, line_clients=4, line_length=4000, line_gap=2.0,
                   garbage_clients=8, garbage_bytes=20_000, silent=40, hint_bot="mcts:30s")

    @classmethod
    def short(cls) -> Scale:
        """A test's short version."""
        return cls(resizes=2000, line_clients=1, line_length=4000, line_gap=1.0,
                   garbage_clients=2, garbage_bytes=5_000, silent=20, hint_bot="mcts:30s")


@dataclass
class Context:
    """What an attack is given: the table's port and password, when to stop, how hard."""

    port: int
    password: str
    stop: asyncio.Event
    scale: Scale
    command: Callable[[str], None] = lambda line: None
    """Types a line at the hosting terminal (the squatter's kick)."""
    notes: list[str] = field(default_factory=list)
    seen: dict[str, str] = field(default_factory=dict)
    """What each attacking client was shown (plain text, the last 20,000 characters)."""


async def tcp_socket(ctx: Context, receive_buffer: int | None = None) -> socket.socket:
    """A TCP connection to the host, not yet a word said (with ``receive_buffer``, its
    kernel receive buffer fixed at that many bytes); closed again if it fails (OSError)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if receive_buffer is not None:
            # Set before connecting, so the TCP window is agreed on this size.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        await asyncio.wait_for(
            asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", ctx.port)), 30)
    except (OSError, TimeoutError):
        sock.close()
        raise
    return sock


async def connect(ctx: Context, user: str, size: tuple[int, int] = (80, 24),
                  window: int | None = None, encoding: str | None = "utf-8",
                  receive_buffer: int | None = None,
                  ) -> tuple[asyncssh.SSHClientConnection, Any]:
    """Log in as ``user`` and open a terminal session of ``size`` columns and rows (with
    ``receive_buffer``, over a socket whose kernel receive buffer is fixed at that many
    bytes rather than grown by the kernel)."""
    where: dict[str, Any] = {"host": "127.0.0.1", "port": ctx.port}
    if receive_buffer is not None:
        where = {"sock": await tcp_socket(ctx, receive_buffer)}
    conn = await asyncio.wait_for(asyncssh.connect(
        **where, username=user, password=ctx.password, known_hosts=None,
        client_keys=None, agent_path=None), 30)
    extra: dict[str, Any] = {} if window is None else {"window": window}
    proc = await conn.create_process(term_type="xterm", term_size=size, encoding=encoding,
                                     **extra)
    return conn, proc


def reader(ctx: Context, name: str, proc: Any) -> asyncio.Task[None]:
    """Read everything ``proc`` is sent (keeping the last of it in ``ctx.seen[name]``)."""
    from tests.hostclient import plain

    async def read() -> None:
        kept = ""
        try:
            while True:
                data = await proc.stdout.read(65536)
                if not data:
                    return
                if isinstance(data, bytes):
                    data = data.decode("utf-8", "replace")
                kept = (kept + data)[-40_000:]
                ctx.seen[name] = plain(kept)[-20_000:]
        except (asyncssh.Error, OSError, asyncio.CancelledError):
            pass

    return asyncio.create_task(read())


async def until_stopped(ctx: Context, step: float = 0.1) -> None:
    """Wait for the end of the attack."""
    while not ctx.stop.is_set():
        await asyncio.sleep(step)


async def huge_size(ctx: Context) -> str:
    """A terminal of 10,000,000x10 at login, then window changes between that and
    1,000,000x100 twice a second."""
    conn, proc = await connect(ctx, "giant", size=(10_000_000, 10))
    task = reader(ctx, "giant", proc)
    changes = 0
    try:
        while not ctx.stop.is_set():
            for size in ((1_000_000, 100), (10_000_000, 10)):
                proc.change_terminal_size(*size)
                changes += 1
                await asyncio.sleep(0.5)
    finally:
        task.cancel()
        conn.abort()
    return f"a 10,000,000x10 terminal, {changes} changes to and from 1,000,000x100"


async def resize_storm(ctx: Context) -> str:
    """``scale.resizes`` window changes at once, then 500 a second."""
    conn, proc = await connect(ctx, "storm")
    task = reader(ctx, "storm", proc)
    sent = 0
    began = time.monotonic()
    try:
        for i in range(ctx.scale.resizes):
            proc.change_terminal_size(80 + i % 40, 24 + i % 10)
            sent += 1
            if i % 200 == 199:
                await asyncio.sleep(0)
        burst = time.monotonic() - began
        while not ctx.stop.is_set():
            for i in range(50):
                proc.change_terminal_size(80 + i % 40, 24)
            sent += 50
            await asyncio.sleep(0.1)
    finally:
        task.cancel()
        conn.abort()
    return f"{ctx.scale.resizes} window changes in {burst:.1f} s, then 500 a second ({sent} in all)"


async def long_lines(ctx: Context) -> str:
    """``scale.line_clients`` spectators each typing ``say`` lines of
    ``scale.line_length`` characters, one key a packet."""

    async def one(name: str) -> int:
        conn, proc = await connect(ctx, name)
        task = reader(ctx, name, proc)
        lines = 0
        line = "say " + "x" * (ctx.scale.line_length - 4)
        try:
            while not ctx.stop.is_set():
                for char in line:
                    proc.stdin.write(char)
                    if ctx.stop.is_set():
                        break
                proc.stdin.write("\r")
                await proc.stdin.drain()
                lines += 1
                await asyncio.sleep(ctx.scale.line_gap)
        finally:
            task.cancel()
            conn.abort()
        return lines

    counts = await asyncio.gather(*(one(f"typist{i}") for i in range(ctx.scale.line_clients)))
    return (f"{ctx.scale.line_clients} clients typed {sum(counts)} lines of "
            f"{ctx.scale.line_length} characters, one key a packet")


async def deaf(ctx: Context) -> str:
    """A 2,000-column client with a 1 GB SSH window that never reads its socket, resizing
    and typing ``show`` five times a second. Its kernel's receive buffer is held at 64 kB:
    grown by the kernel (to some megabytes on loopback) it would take the host's screens
    for many seconds before the host's own send queue showed anything unread, longer the
    busier the machine, and the host's wait for a reader starts only then."""
    conn, proc = await connect(ctx, "deaf", size=(2000, 50), window=1 << 30,
                               receive_buffer=64 * 1024)
    transport = getattr(conn, "_transport", None)
    if transport is not None:
        transport.pause_reading()  # never read from the socket again
    sent = 0
    began = time.monotonic()
    cut_after: float | None = None
    try:
        while not ctx.stop.is_set():
            try:
                proc.change_terminal_size(2000 + sent % 2, 50)
                proc.stdin.write("show\r")
            except (asyncssh.Error, OSError, BrokenPipeError):
                cut_after = time.monotonic() - began
                break
            sent += 1
            await asyncio.sleep(0.2)
    finally:
        conn.abort()
    ended = "" if cut_after is None else f"; its connection was closed after {cut_after:.0f} s"
    return f"a deaf 2000-column client sent {sent} resizes and show lines{ended}"


async def squatter(ctx: Context) -> str:
    """A joiner who takes the open seat and never answers "Your name at the table"."""
    conn, proc = await connect(ctx, "squatter")
    task = reader(ctx, "squatter", proc)
    try:
        await until_stopped(ctx)
    finally:
        task.cancel()
        conn.abort()
    return "a joiner held the open seat's name prompt"


async def rules_probe(ctx: Context) -> str:
    """``rules`` with paths of the host: one that exists, one it cannot read as a file, one
    missing; and Tab after ``rules /``."""
    conn, proc = await connect(ctx, "prober")
    task = reader(ctx, "prober", proc)
    try:
        for path in ("/etc/passwd", "/etc", "/no/such/file.yaml"):
            proc.stdin.write(f"rules {path}\r")
            await asyncio.sleep(0.3)
        proc.stdin.write("rules /e\t")
        await until_stopped(ctx)
    finally:
        task.cancel()
        conn.abort()
    return "rules with an existing, an unreadable and a missing path"


async def silent(ctx: Context) -> str:
    """``scale.silent`` TCP connections that never say a word."""
    socks = []
    for _ in range(ctx.scale.silent):
        try:
            socks.append(await tcp_socket(ctx))
        except (OSError, TimeoutError):
            continue
    try:
        await until_stopped(ctx)
    finally:
        for sock in socks:
            sock.close()
    return f"{len(socks)} silent TCP connections"


async def hint_hog(ctx: Context, user: str) -> str:
    """The player to act asks for ``hint --bot SCALE.hint_bot`` again and again."""
    conn, proc = await connect(ctx, user)
    task = reader(ctx, user, proc)
    asked = 0
    try:
        while not ctx.stop.is_set():
            proc.stdin.write(f"hint --bot {ctx.scale.hint_bot}\r")
            asked += 1
            await asyncio.sleep(1.0)
    finally:
        task.cancel()
        conn.abort()
    return f"{user} asked for {asked} hints from {ctx.scale.hint_bot}"


async def garbage(ctx: Context) -> str:
    """``scale.garbage_clients`` clients sending random bytes five times a second."""
    rng = random.Random(7)

    async def one(i: int) -> int:
        sent = 0
        while not ctx.stop.is_set():
            try:
                conn, proc = await connect(ctx, f"noise{i}", encoding=None)
            except (asyncssh.Error, OSError, TimeoutError):
                await asyncio.sleep(0.5)
                continue
            task = reader(ctx, f"noise{i}", proc)
            try:
                while not ctx.stop.is_set():
                    proc.stdin.write(bytes(rng.randrange(256)
                                           for _ in range(ctx.scale.garbage_bytes)))
                    sent += ctx.scale.garbage_bytes
                    await asyncio.sleep(0.2)
            except (asyncssh.Error, OSError, BrokenPipeError):
                pass  # its garbage held a Ctrl-D: the session ended; it comes back
            finally:
                task.cancel()
                conn.abort()
        return sent

    sent = await asyncio.gather(*(one(i) for i in range(ctx.scale.garbage_clients)))
    return f"{ctx.scale.garbage_clients} clients sent {sum(sent) / 1e6:.1f} MB of random bytes"


ATTACKS: dict[str, Callable[[Context], Awaitable[str]]] = {
    "huge size": huge_size,
    "resize storm": resize_storm,
    "long lines": long_lines,
    "deaf client": deaf,
    "squatter": squatter,
    "rules probe": rules_probe,
    "silent connections": silent,
    "hint hog": lambda ctx: hint_hog(ctx, "cy"),
    "garbage": garbage,
}
"""Every attack by name (the hint hog plays Cy, who is to act first at the bench's table)."""


async def run_alone(name: str, port: int, password: str, seconds: float, scale: Scale) -> str:
    """Attack ``name`` against the table at ``port`` for ``seconds``; what it did."""
    ctx = Context(port, password, asyncio.Event(), scale)
    attack = asyncio.create_task(ATTACKS[name](ctx))
    await asyncio.sleep(seconds)
    ctx.stop.set()
    return await asyncio.wait_for(attack, 60)


def main() -> None:
    """``python -m tests.hostattacks NAME PORT PASSWORD SECONDS``: one attack in a process
    of its own (the bench's measuring client then shares no CPU with the attacker's)."""
    import sys

    name, port, password, seconds = sys.argv[1:5]
    print(asyncio.run(run_alone(name, int(port), password, float(seconds), Scale.full())))


if __name__ == "__main__":
    main()
