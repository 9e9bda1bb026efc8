"""The SSH server of a table: prompt-toolkit's ``contrib.ssh`` on asyncssh, with the
table's door (authentication, limits) and a guard on every joiner's keys and screen.

- Nobody gets in without the table's password (compared in constant time; a wrong one
  is answered only after ``FAILED_LOGIN_DELAY``) or a key of the ``--keys`` file (an
  OpenSSH ``authorized_keys``); with ``--keys`` no password is accepted.
- At most ``max_connections`` connections at once (counted before they log in), one
  session each, a pseudo-terminal required; no port forwarding, agent, X11, SFTP or SCP.
- Each session's keys go through an ``InputGuard`` (floods, overlong lines, garbage)
  and a ``RawBudget`` (reading stops for a while when a client sends too much); its
  output goes through a ``Screen`` (bounded: a client that stops reading is cut off).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size

from engine.host.guard import InputGuard, RawBudget
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
    """One joiner's SSH session: prompt-toolkit's, with its keys guarded."""

    def __init__(self, interact: Interact, max_unsent: int) -> None:
        super().__init__(interact, enable_cpr=False)
        self.channel: asyncssh.SSHServerChannel[str] | None = None
        self.guard = InputGuard()
        self.budget = RawBudget(reserve=WINDOW)
        self._paused = False
        self.max_unsent = max_unsent
        self._unsent: list[str] = []
        self.notice: Callable[[str], None] = lambda text: None
        """Tells the joiner a line was dropped (set once their console exists)."""
        self.stdout = _ChannelOut(self)  # type: ignore[assignment]
        self.lost = False

    def connection_made(self, chan: Any) -> None:
        """The channel is open."""
        super().connection_made(chan)
        self.channel = chan

    def size(self) -> Size:
        """The joiner's terminal size (80x24 until the client says)."""
        if self.channel is None:
            return Size(rows=24, columns=80)
        width, height, _, _ = self.channel.get_terminal_size()
        return Size(rows=height or 24, columns=width or 80)

    def unsent(self) -> int:
        """What the channel holds that the client has not taken yet."""
        return self.channel.get_write_buffer_size() if self.channel is not None else 0

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
        if chan.get_write_buffer_size() > self.max_unsent:
            self.abort()
            return
        try:
            chan.write(data)
        except (BrokenPipeError, OSError):
            pass

    def abort(self) -> None:
        """Drop the connection at once (nothing more is sent)."""
        self.lost = True
        chan = self.channel
        if chan is not None:
            conn = chan.get_extra_info("connection")
            if conn is not None:
                conn.abort()

    def data_received(self, data: str, datatype: object) -> None:
        """The client's keys: through the guard to the prompt."""
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
            self._input.send_text(text)

    def _resume(self) -> None:
        self._paused = False
        if self.channel is not None and not self.lost:
            self.channel.resume_reading()

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


class Door:
    """Who may come in: the password or the keys, and the connection count."""

    def __init__(self, password: Secret | None, keys: asyncssh.SSHAuthorizedKeys | None,
                 max_connections: int, failed_delay: float = FAILED_LOGIN_DELAY) -> None:
        self.password = password
        self.keys = keys
        self.max_connections = max_connections
        self.failed_delay = failed_delay
        self.connections = 0
        self.refused_full = 0
        self.failed_logins = 0

    def check_password(self, given: str) -> bool:
        """Whether ``given`` is the table's password (its hash compared in constant time)."""
        return self.password is not None and self.password.matches(given)


class TableServer(PromptToolkitSSHServer):
    """One SSH connection's server side: the door, then one guarded session."""

    def __init__(self, interact: Interact, door: Door, max_unsent: int) -> None:
        super().__init__(interact, enable_cpr=False)
        self.door = door
        self.max_unsent = max_unsent
        self.conn: asyncssh.SSHServerConnection | None = None
        self._counted = False
        self._sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        """A connection: counted, or turned away when the table has too many."""
        self.conn = conn
        door = self.door
        if door.connections >= door.max_connections:
            door.refused_full += 1
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"the table has {door.max_connections} connections already")
            return
        door.connections += 1
        self._counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection went."""
        if self._counted:
            self.door.connections -= 1
            self._counted = False

    def begin_auth(self, username: str) -> bool:
        """Everyone must log in; with ``--keys``, by one of those keys."""
        if self.door.keys is not None and self.conn is not None:
            self.conn.set_authorized_keys(self.door.keys)
        return True

    def password_auth_supported(self) -> bool:
        """Passwords, unless the table takes keys."""
        return self.door.keys is None and self.door.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """The table's password; a wrong one is answered late."""
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
        return channel, GuestSession(self.interact, self.max_unsent)


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
