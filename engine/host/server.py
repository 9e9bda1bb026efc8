"""The SSH server of a table: prompt-toolkit's ``contrib.ssh`` on asyncssh, with the
table's door (authentication, limits) and a guard on every joiner's keys and screen.

- Nobody gets in without the table's password (compared in constant time; a wrong one
  is answered only after ``FAILED_LOGIN_DELAY``) or a key of the ``--keys`` file (an
  OpenSSH ``authorized_keys``); with ``--keys`` no password is accepted.
- At most ``MAX_LOGINS`` connections waiting to log in (past it the oldest is let go),
  and ``max_connections`` logged in, counted apart: a player coming back to their own
  seat is always let in (their old connection, if any, is replaced). One session a
  connection, a pseudo-terminal required; no port forwarding, agent, X11, SFTP or SCP.
- Each session's keys go through an ``InputGuard`` (floods, overlong lines, garbage)
  and a ``RawBudget`` (reading stops for a while when a client sends too much); long runs
  of plain text reach the prompt as one paste. Its terminal size is clamped and its
  window changes coalesced (``engine.host.limits``). Its output is bounded by what the
  host queued for it (``MAX_UNSENT``), and a client that has not read for
  ``STALL_SECONDS`` is cut off whatever it sends.
"""

from __future__ import annotations

import asyncio
import struct
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size

from engine.host.guard import InputGuard, RawBudget
from engine.host.limits import (
    KERNEL_SLACK,
    KEY_OR_RUN,
    MAX_LOGINS,
    PACKET_BURST,
    PACKETS_PER_SECOND,
    PASTE_RUN,
    READ_SIZE,
    RESIZE_INTERVAL,
    STALL_SECONDS,
    clamp_size,
    size_notice,
    stall_seconds,
)
from engine.host.passwords import Secret

FAILED_LOGIN_DELAY = 1.0
"""Seconds before a wrong password is answered (a guesser gets one try a second)."""

LOGIN_TIMEOUT = 30.0
"""Seconds a connection has to log in."""

WINDOW = 64 * 1024
"""Each session's SSH receive window: what a client may send before it must wait for the
server to read (bounds what a flooding client costs while its reading is paused)."""

KEEPALIVE = 30.0
"""Seconds between keepalives: a connection that stops answering three is dropped."""

_PASTE = ("\x1b[200~", "\x1b[201~")

Interact = Callable[[PromptToolkitSSHSession], Coroutine[Any, Any, None]]
"""A session's life: given its ``GuestSession`` (as prompt-toolkit's server types it)."""


class _ChannelOut:
    """The session's terminal output (what prompt_toolkit draws): written to the channel
    (newlines as the terminal needs them); a client that stops reading is cut off."""

    def __init__(self, session: GuestSession) -> None:
        self.session = session

    def write(self, data: str) -> None:
        self.session.send(data.replace("\n", "\r\n"))

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        pass

    @property
    def encoding(self) -> str:
        return "utf-8"


class GuestSession(PromptToolkitSSHSession):
    """One joiner's SSH session: prompt-toolkit's, with its keys guarded, its size clamped,
    its window changes coalesced and its output bounded."""

    def __init__(self, interact: Interact, max_unsent: int,
                 stall_seconds: float = STALL_SECONDS) -> None:
        super().__init__(interact, enable_cpr=False)
        self.channel: asyncssh.SSHServerChannel[str] | None = None
        self.guard = InputGuard()
        self.budget = RawBudget(reserve=WINDOW)
        self.packets = RawBudget(per_second=PACKETS_PER_SECOND, burst=PACKET_BURST)
        self._paused = False
        self._held = False
        self.max_unsent = max_unsent
        self.stall_seconds = stall_seconds
        self._unsent: list[str] = []
        self._typed: list[str] = []
        self.notice: Callable[[str], None] = lambda text: None
        """Tells the joiner something (set once their console exists)."""
        self.stdout = _ChannelOut(self)  # type: ignore[assignment]
        self.lost = False
        self.cut_why = ""
        """Why the host cut the connection off (empty if it did not)."""
        self.address = ""
        """The client's address (``host:port``)."""
        self._backlog_since: float | None = None
        self._watching = False
        self._size_told = False
        self._resize_at = 0.0
        self._resize_due = False
        self.resizes = 0
        """Window changes the client sent (the tests and the bench read it)."""
        self.redraws = 0
        """Redraws those window changes caused."""

    def connection_made(self, chan: Any) -> None:
        """The channel is open."""
        super().connection_made(chan)
        self.channel = chan

    def size(self) -> Size:
        """The joiner's terminal size (80x24 until the client says), clamped to what the
        table draws for (``engine.host.limits``)."""
        if self.channel is None:
            return Size(rows=24, columns=80)
        width, height, _, _ = self.channel.get_terminal_size()
        columns, rows = clamp_size(width, height)
        return Size(rows=rows, columns=columns)

    def _get_size(self) -> Size:
        """prompt-toolkit's own output for this session reads the clamped size too."""
        return self.size()

    def tell_size(self) -> None:
        """Tell the joiner, once, that their terminal's size is out of bounds."""
        if self._size_told or self.channel is None:
            return
        width, height, _, _ = self.channel.get_terminal_size()
        notice = size_notice(width, height)
        if notice is not None:
            self._size_told = True
            self.notice(notice)

    def terminal_size_changed(self, width: int, height: int, pixwidth: object,
                              pixheight: object) -> None:
        """A window change: redrawn at most every ``RESIZE_INTERVAL`` (the last size is
        always drawn, a moment later at most)."""
        self.resizes += 1
        self._packet()
        self.tell_size()
        if self._resize_due:
            return
        wait = self._resize_at + RESIZE_INTERVAL - time.monotonic()
        self._resize_due = True
        if wait <= 0:
            self._redraw()
        else:
            asyncio.get_running_loop().call_later(wait, self._redraw)

    def _redraw(self) -> None:
        self._resize_due = False
        self._resize_at = time.monotonic()
        app = self.app_session.app if self.app_session is not None else None
        if app is not None and not self.lost and app.is_running:
            self.redraws += 1
            app._on_resize()

    def close_prompt(self) -> None:
        """Take the joiner's prompt off their screen for good (it ends, erased): what the
        table tells them next is the last thing they see (their seat was taken over,
        they were kicked, the table closed)."""
        app = self.app_session.app if self.app_session is not None else None
        if app is None or not app.is_running or app.future is None or app.future.done():
            return
        app.erase_when_done = True
        app.exit(exception=KeyboardInterrupt())

    def unsent(self) -> int:
        """What the host holds for the client that the client has not taken yet: in the
        channel (its SSH window is closed) and in the connection's transport (its SSH
        window is open but it does not read from the socket)."""
        chan = self.channel
        if chan is None:
            return 0
        held = chan.get_write_buffer_size()
        # asyncssh ignores its transport's pause_writing, so a client that grants a huge
        # window and never reads lets the data pile up in the transport: read it there.
        transport = self._transport()
        return held + (transport.get_write_buffer_size() if transport is not None else 0)

    def send(self, text: str) -> None:
        """Write to the client (in the event loop). What is written in one turn of the
        loop goes in one SSH packet: prompt-toolkit hides the prompt, the news is written
        and the prompt drawn again, three writes that would otherwise be three packets."""
        if self.lost:
            return
        self._unsent.append(text)
        if len(self._unsent) == 1:
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Send what was written; cut the client off if it has stopped reading."""
        data = "".join(self._unsent)
        self._unsent.clear()
        chan = self.channel
        if chan is None or self.lost or not data:
            return
        if self.stalled():
            return
        if self.unsent() + len(data) > self.max_unsent:
            self.cut(f"it stopped reading (over {self.max_unsent} bytes unsent)")
            return
        try:
            chan.write(data)
        except (BrokenPipeError, OSError):
            pass
        self._watch()

    def stalled(self) -> bool:
        """Whether the client has left its output unread for ``stall_seconds`` (it is
        then cut off); watched while anything waits."""
        if self.lost:
            return True
        if self.unsent() == 0 and self.in_kernel() <= KERNEL_SLACK:
            self._backlog_since = None
            return False
        now = time.monotonic()
        if self._backlog_since is None:
            self._backlog_since = now
            self._watch()
            return False
        if now - self._backlog_since >= self.stall_seconds:
            self.cut(f"it has not read for {self.stall_seconds:g} s")
            return True
        return False

    def in_kernel(self) -> int:
        """Bytes the connection's socket has not had taken by the client yet (Linux's
        ``SIOCOUTQ``; 0 where it cannot be read): a client that grants a huge SSH window
        and never reads fills its own receive buffer, then this."""
        transport = self._transport()
        sock = transport.get_extra_info("socket") if transport is not None else None
        return socket_backlog(sock)

    def _watch(self) -> None:
        """Look again a second from now while output waits (it is read, or it is not)."""
        if self._watching or self.lost:
            return
        self._watching = True

        def again() -> None:
            self._watching = False
            if not self.stalled() and self._backlog_since is not None:
                self._watch()

        asyncio.get_running_loop().call_later(1.0, again)

    def cut(self, why: str) -> None:
        """Cut the client off (``why``: for the host's log)."""
        if not self.lost:
            self.cut_why = why
        self.abort()

    def abort(self) -> None:
        """Drop the connection at once (nothing more is sent)."""
        self.lost = True
        chan = self.channel
        if chan is not None:
            conn = chan.get_extra_info("connection")
            if conn is not None:
                conn.abort()

    def data_received(self, data: str, datatype: object) -> None:
        """The client's keys: through the guard to the prompt (a client that does not
        read is cut off whatever it sends)."""
        if self.stalled():
            return
        self._packet()
        pause = self.budget.spend(len(data))
        chan = self.channel
        if pause and chan is not None and not self._paused:
            self._paused = True
            chan.pause_reading()
            asyncio.get_running_loop().call_later(pause, self._resume)
        text, notices = self.guard.feed(data)
        for notice in notices:
            self.notice(notice)
        if text and self._input is not None:
            self._typed.append(text)
            if len(self._typed) == 1:
                asyncio.get_running_loop().call_soon(self._type)

    def _type(self) -> None:
        """Give the prompt what was typed in this turn of the loop, long runs of plain text
        as one paste each (one insertion: a key at a time costs the prompt much more)."""
        text = "".join(self._typed)
        self._typed.clear()
        if self._input is None or self.lost:
            return
        self._input.send_text(pasted(text))

    def _resume(self) -> None:
        self._paused = False
        if self.channel is not None and not self.lost:
            self.channel.resume_reading()

    def _packet(self) -> None:
        """One more packet from the client: past ``PACKETS_PER_SECOND``, the connection is
        not read for a while (not even decrypted: the client's TCP waits meanwhile)."""
        pause = self.packets.spend(1)
        if not pause or self._held:
            return
        transport = self._transport()
        if transport is None:
            return
        self._held = True
        transport.pause_reading()

        def resume() -> None:
            self._held = False
            if not self.lost and not transport.is_closing():
                transport.resume_reading()

        asyncio.get_running_loop().call_later(max(pause, 0.1), resume)

    def _transport(self) -> asyncio.Transport | None:
        """The connection's TCP transport (asyncssh keeps it as ``_transport``)."""
        chan = self.channel
        conn = chan.get_extra_info("connection") if chan is not None else None
        transport = getattr(conn, "_transport", None)
        return transport if isinstance(transport, asyncio.Transport) else None

    def eof_received(self) -> bool:
        """The client closed its input: the session ends."""
        self._end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        """The session's channel closed: the joiner's prompt loop ends (their seat waits),
        and so does the connection (one session a connection: an idle one would hold a
        place of ``--max-connections``)."""
        self.lost = True
        self._end()
        conn = self.channel.get_extra_info("connection") if self.channel is not None else None
        if conn is not None:
            conn.close()

    def break_received(self, msec: int) -> bool:
        """A break: ignored."""
        return True

    def _end(self) -> None:
        task = self.interact_task
        if task is not None and not task.done():
            task.cancel()


def socket_backlog(sock: Any) -> int:
    """What ``sock``'s send queue holds that its peer has not acknowledged (Linux's
    ``SIOCOUTQ``; 0 where the system cannot say)."""
    if sock is None:
        return 0
    try:
        import fcntl
        import termios

        asked = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0" * 4)
        return int(struct.unpack("i", asked)[0])
    except (ImportError, AttributeError, OSError, ValueError, struct.error):
        return 0


def pasted(text: str) -> str:
    """``text`` (already guarded: no paste markers in it) with each long run of plain text
    between bracketed-paste markers, so that the prompt inserts it at once."""
    if len(text) < PASTE_RUN:
        return text
    return KEY_OR_RUN.sub(lambda m: m.group() if m.group(1) else _PASTE[0] + m.group() + _PASTE[1],
                          text)


class Door:
    """Who may come in: the password or the keys; the connections waiting to log in and
    those logged in, counted apart."""

    def __init__(self, password: Secret | None, keys: asyncssh.SSHAuthorizedKeys | None,
                 max_connections: int, failed_delay: float = FAILED_LOGIN_DELAY,
                 owns_seat: Callable[[str], bool] = lambda user: False,
                 max_logins: int = MAX_LOGINS) -> None:
        self.password = password
        self.keys = keys
        self.max_connections = max_connections
        self.failed_delay = failed_delay
        self.owns_seat = owns_seat
        """Whether an SSH user name is a person's seat: its player always gets in."""
        self.max_logins = max_logins
        self.waiting: deque[TableServer] = deque()
        """The connections not logged in yet, oldest first."""
        self.connections = 0
        """The connections logged in."""
        self.refused_full = 0
        self.let_go = 0
        """Connections let go while logging in to make room for a newer one."""
        self.failed_logins = 0

    def check_password(self, given: str) -> bool:
        """Whether ``given`` is the table's password (its hash compared in constant time)."""
        return self.password is not None and self.password.matches(given)

    def full(self, user: str) -> bool:
        """Whether ``user`` is turned away: the table has as many connections as it takes,
        and ``user`` is no player coming back to their seat."""
        return self.connections >= self.max_connections and not self.owns_seat(user)

    def arrive(self, server: TableServer) -> TableServer | None:
        """A new connection waits to log in; the one to let go to make room, if any: the
        oldest of the address with the most connections waiting (a flood from one address
        pushes out its own connections, not another's)."""
        self.waiting.append(server)
        if len(self.waiting) <= self.max_logins:
            return None
        counts: dict[str, int] = {}
        for waiting in self.waiting:
            source = waiting.address.rpartition(":")[0]
            counts[source] = counts.get(source, 0) + 1
        most = max(counts.values())
        oldest = next(w for w in self.waiting
                      if counts[w.address.rpartition(":")[0]] == most)
        self.waiting.remove(oldest)
        self.let_go += 1
        return oldest


class TableServer(PromptToolkitSSHServer):
    """One SSH connection's server side: the door, then one guarded session."""

    def __init__(self, interact: Interact, door: Door, max_unsent: int) -> None:
        super().__init__(interact, enable_cpr=False)
        self.door = door
        self.max_unsent = max_unsent
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        """The client's address (``host:port``: what the host's ``kick`` may name)."""
        self.user = ""
        self._counted = False
        self._sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        """A connection: it waits to log in (the oldest waiting may be let go for it)."""
        self.conn = conn
        transport = getattr(conn, "_transport", None)
        if isinstance(getattr(transport, "max_size", None), int):
            transport.max_size = READ_SIZE  # type: ignore[union-attr]
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = f"{peer[0]}:{peer[1]}"
        gone = self.door.arrive(self)
        if gone is not None and gone.conn is not None:
            gone.conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection went."""
        if self in self.door.waiting:
            self.door.waiting.remove(self)
        if self._counted:
            self.door.connections -= 1
            self._counted = False

    def _turn_away(self, at_once: bool = False) -> None:
        door = self.door
        door.refused_full += 1
        if self in door.waiting:
            door.waiting.remove(self)
        if self.conn is None:
            return
        args = (asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"the table has {door.max_connections} connections already")
        if at_once:
            self.conn.disconnect(*args)
        else:
            asyncio.get_running_loop().call_soon(self.conn.disconnect, *args)

    def begin_auth(self, username: str) -> bool:
        """Everyone must log in; with ``--keys``, by one of those keys. A full table turns
        a newcomer away before they log in (but never a player coming back to a seat):
        told as they give their password (they then wait for the answer, so the message
        reaches them rather than a reset connection), or at once with ``--keys``."""
        self.user = username
        if self.door.keys is None:
            return True
        if self.door.full(username):
            self._turn_away()
            return True
        if self.conn is not None:
            self.conn.set_authorized_keys(self.door.keys)
        return True

    def auth_completed(self) -> None:
        """Logged in: counted among the table's connections (unless it is full now)."""
        door = self.door
        if self in door.waiting:
            door.waiting.remove(self)
        if door.full(self.user):
            self._turn_away()
            return
        door.connections += 1
        self._counted = True

    def password_auth_supported(self) -> bool:
        """Passwords, unless the table takes keys."""
        return self.door.keys is None and self.door.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """The table's password; a wrong one is answered late."""
        if self.door.full(username):
            self._turn_away(at_once=True)
            return False
        if self.door.check_password(password):
            return True
        self.door.failed_logins += 1
        await asyncio.sleep(self.door.failed_delay)
        return False

    def public_key_auth_supported(self) -> bool:
        """Keys, with ``--keys``."""
        return self.door.keys is not None

    def kbdint_auth_supported(self) -> bool:
        """No keyboard-interactive login: a password or a key."""
        return False

    def session_requested(self) -> Any:
        """One session a connection, with its own receive window and guard."""
        if self._sessions or self.conn is None:
            return False
        self._sessions += 1
        channel = self.conn.create_server_channel(encoding="utf-8", errors="replace",
                                                  window=WINDOW)
        session = GuestSession(self.interact, self.max_unsent, stall_seconds())
        session.address = self.address
        return channel, session


async def start_server(
    interact: Interact, door: Door, host_key: asyncssh.SSHKey, listen: str, port: int,
    max_unsent: int,
) -> asyncssh.SSHAcceptor:
    """Listen on ``listen:port`` (port 0: any free one) for the table's joiners."""
    return await asyncssh.create_server(
        lambda: TableServer(interact, door, max_unsent),
        listen, port,
        server_host_keys=[host_key],
        line_editor=False,
        encoding="utf-8", errors="replace",
        login_timeout=LOGIN_TIMEOUT,
        keepalive_interval=KEEPALIVE, keepalive_count_max=3,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        sftp_factory=None,
        reuse_address=True,
    )
