"""What one connection may cost the table: every bound the host keeps per client, in size
and in time, in one place (the server, the seats and the docs read them from here).

A hosted table runs every joiner's prompt on one event loop. A client can ask for a huge
terminal, resize it a thousand times a second, type a line of thousands of keys one packet
at a time, stop reading its output while its SSH window lets everything through, or sit
at the name prompt of an open seat forever. Each of those is bounded here, so no client
can stall the table for the others or bring the host down.
"""

from __future__ import annotations

import os
import re

from engine.names import hidden_character

MAX_COLUMNS = 500
"""The widest terminal the table draws for (a wider one is drawn at this width)."""

MAX_ROWS = 200
"""The tallest terminal the table draws for."""

MIN_COLUMNS = 20
"""The narrowest terminal the table draws for (a client may claim 0 or 1 column)."""

MIN_ROWS = 4
"""The lowest terminal the table draws for."""

RESIZE_INTERVAL = 0.25
"""The least time between two redraws a client's window changes cause: a storm of window
changes is drawn at most four times a second, the last size always drawn."""

REDRAW_INTERVAL = 0.05
"""The least time between two redraws of a joiner's prompt (keys, completion menu): one
redraw costs time in the length of the line, so a line typed one key a packet is drawn at
most twenty times a second, not once a key."""

PASTE_RUN = 2
"""Typed text without a line end or a control key, at least this long in one packet,
reaches the prompt as one paste (one insertion, not one key each: a key costs the prompt
about half a millisecond). A person types one key a packet; a script, a paste or a flood
sends many, and each run of them then costs one insertion."""

PLAIN_RUN = re.compile(r"[^\x00-\x1f\x7f-\x9f]{" + str(PASTE_RUN) + ",}")
"""A run of typed text with no control key in it (no Enter, Tab, escape...): given to the
prompt as one paste."""

KEY_SEQUENCE = re.compile(r"\x1b\[[0-?]{0,16}[ -/]{0,4}[@-~]|\x1bO[ -~]|\x1b[ -~]")
"""A terminal's key sequence: CSI or SS3 (the arrows, Home, Delete, F1...) or Alt and a
key: one key, never part of a paste."""

KEY_OR_RUN = re.compile(f"({KEY_SEQUENCE.pattern})|{PLAIN_RUN.pattern}")
"""A key sequence (group 1) or a plain run, whichever comes first."""

PACKETS_PER_SECOND = 50
"""The SSH packets (keys, window changes) a session may send a second, on average: past
it the host stops reading the connection for a while (the client's TCP then waits). Each
packet costs the host its decryption whatever it holds; a person sends fewer than 20 a
second, a window dragged about 50 for a moment."""

PACKET_BURST = 150
"""The packets a session may send at once before ``PACKETS_PER_SECOND`` holds it back."""

READ_SIZE = 8 * 1024
"""The most one read of a connection's socket takes: a read full of tiny packets is then
a couple of hundred to decrypt at once, not thousands, and the event loop turns between
two reads (bulk data still flows: the next read follows at once)."""

MAX_UNSENT = 256 * 1024
"""Bytes a connection may hold unsent (the client is not reading them) before it is cut
off: counted in what the host queued for it, in the channel and in the connection's own
transport, whatever window the client's SSH grants."""

STALL_SECONDS = 20.0
"""A client whose output has waited unread this long is cut off, whatever it sends (a
client may keep typing, which keeps SSH's keepalive happy, while never reading)."""

KERNEL_SLACK = 16 * 1024
"""Bytes a connection's socket may hold unacknowledged and still count as read (a reading
client over a slow link has some in flight); more, for ``STALL_SECONDS``, is a client that
does not read."""

NAME_TIMEOUT = 60.0
"""Seconds a joiner has to answer "Your name at the table" for an open seat; then the seat
is free again and the connection closed."""



def name_timeout() -> float:
    """``NAME_TIMEOUT``, or ``$MEDICI_NAME_TIMEOUT`` seconds when set (the tests' short
    wait; a positive number)."""
    return _seconds("MEDICI_NAME_TIMEOUT", NAME_TIMEOUT)


def stall_seconds() -> float:
    """``STALL_SECONDS``, or ``$MEDICI_STALL_SECONDS`` when set (the tests' short wait)."""
    return _seconds("MEDICI_STALL_SECONDS", STALL_SECONDS)


def _seconds(variable: str, default: float) -> float:
    try:
        seconds = float(os.environ.get(variable, ""))
    except ValueError:
        return default
    return seconds if seconds > 0 else default


MAX_LOGINS = 8
"""Connections that have not logged in yet, at most: past it, the oldest waiting one is let
go, so silent connections can never shut a player out of their seat."""


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """The terminal size the table draws for, given the size a client claims (0: 80x24)."""
    columns = columns or 80
    rows = rows or 24
    return (min(max(columns, MIN_COLUMNS), MAX_COLUMNS), min(max(rows, MIN_ROWS), MAX_ROWS))


def size_notice(columns: int, rows: int) -> str | None:
    """What to tell a client whose claimed size is out of bounds (once), or None."""
    drawn = clamp_size(columns, rows)
    if drawn == (columns or 80, rows or 24):
        return None
    return (f"Your terminal says it is {columns}x{rows}; the table draws for "
            f"{drawn[0]}x{drawn[1]} (it draws for {MIN_COLUMNS}x{MIN_ROWS} to "
            f"{MAX_COLUMNS}x{MAX_ROWS}).")


def shown_said(text: str) -> str:
    """``say`` text as the table shows it: every character a player's name may not hold
    (controls, bidirectional overrides and isolates, line separators: ``engine.names``'
    one rule) written as an escape, so no one's words can reorder or hide another's."""
    if hidden_character(text) is None:
        return text
    return "".join(char if hidden_character(char) is None
                   else char.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for char in text)
