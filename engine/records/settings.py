"""A table's settings, as its game's record carries them (the record's ``table`` section).

``Settings`` travel in the game's record (its ``table`` section, docs/record-format.md), so
a table opened again, by the shell or by ``medici host --resume``, is the table it was: its
name, whether hints are allowed, the question before a slip, the bots' pace, and for a
hosted table how people get in (``Hosting``). The table layer (``engine.play``) owns them;
the record format defines how they are kept, so they are written here, below both. What is
secret (a password) is never in the record: the host keeps it hashed in the user's data
folder (``engine.host.keys``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

SECTION_VERSION = 1
"""The version of the record's ``table`` section this code writes and reads."""

DEFAULT_PORT = 8022
"""The port a hosted table listens on unless told."""


@dataclass(frozen=True)
class Hosting:
    """How a hosted table (``medici host``) lets people in, and what it allows them."""

    listen: str = "127.0.0.1"
    """The address it listens on (this machine only unless told)."""
    port: int = DEFAULT_PORT
    keys: str | None = None
    """An ``authorized_keys`` file: joiners log in with a key of it, no password."""
    spectators: bool = False
    away_bot: str | None = None
    """The bot that moves for a player who is away, after ``away_after`` seconds."""
    away_after: float = 60.0
    host_seat: int | None = None
    """The seat the hosting terminal plays (None: it only hosts)."""
    max_connections: int = 16


@dataclass(frozen=True)
class Settings:
    """What a table is set to (see the module)."""

    name: str | None = None
    """The table's name, which is its save's name (``--name club``)."""
    hints: bool = True
    """Whether a person may ask for a hint (a hosted table: only if the host allows it)."""
    confirm: bool = True
    """Ask before a bid or price out of all proportion (``set confirm``)."""
    worth: bool | None = None
    """Show what the lot on sale is worth to you (None: on against bots, off at a hosted
    table unless hints are allowed)."""
    pace: float = 0.0
    """Seconds a bot's move is shown after the last one at least (a person can follow)."""
    hosting: Hosting | None = None
    """How a hosted table lets people in; None for a game on one machine."""

    @property
    def hosted(self) -> bool:
        """Whether the table is hosted (played over the network): it is reopened only by
        ``medici host --resume``, never as a game on one keyboard."""
        return self.hosting is not None

    def changed(self, **changes: Any) -> Settings:
        """These settings with ``changes`` made."""
        return replace(self, **changes)

    def section(self) -> dict[str, Any]:
        """The record's ``table`` section: every setting that differs from the default,
        with the section's version."""
        out: dict[str, Any] = {"version": SECTION_VERSION}
        default = Settings()
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "hosting":
                if value is not None:
                    out["hosting"] = _changed(asdict(value), asdict(Hosting()))
                continue
            if value != getattr(default, f.name):
                out[f.name] = value
        return out


def _changed(values: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v != defaults[k]}


def settings_from_section(section: dict[str, Any] | None) -> Settings:
    """The Settings a record's ``table`` section holds (the section already checked by
    ``engine.records.schema``'s ``TABLE``); the defaults for a record without one."""
    if section is None:
        return Settings()
    values = {k: v for k, v in section.items() if k != "version"}
    hosting = values.pop("hosting", None)
    return Settings(**values, hosting=None if hosting is None else Hosting(**hosting))


def hosted_section(section: object) -> bool:
    """Whether a record's ``table`` section (as read, unchecked) is a hosted table's."""
    return isinstance(section, dict) and isinstance(section.get("hosting"), dict)


__all__ = ["DEFAULT_PORT", "SECTION_VERSION", "Hosting", "Settings", "hosted_section",
           "settings_from_section"]
