"""Whom the host's ``kick`` names: a connection by its name or by its address.

Someone still answering "Your name at the table" for an open seat has no name yet (and is
not among the table's guests): the host names them by the address ``who`` shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.host.seat import Guest
    from engine.host.table import HostedTable


def everyone(table: HostedTable) -> list[Guest]:
    """Every connection: the guests, and those naming an open seat."""
    with table.lock:
        found = list(table.guests)
        found += [c.reserved for c in table.chairs
                  if c.reserved is not None and c.reserved not in found]
    return found


def kicked(table: HostedTable, word: str, but: Guest | None = None) -> list[Guest]:
    """The connections ``word`` names (a name, case-blind, or an address ``host:port``,
    or a bare host for every connection from it), ``but`` left out."""
    wanted = word.casefold()
    found = []
    for guest in everyone(table):
        if guest is but:
            continue
        address = guest.address
        if (guest.name.casefold() == wanted
                or (address and (address == word or address.rpartition(":")[0] == word))):
            found.append(guest)
    return found


def connected(table: HostedTable, but: Guest | None = None) -> list[str]:
    """How ``kick``'s refusal lists the connections: ``Bo (127.0.0.1:51234)``."""
    out = []
    for guest in everyone(table):
        if guest is but:
            continue
        out.append(f"{guest.name} ({guest.address})" if guest.address else guest.name)
    return out
