"""A shell command is one entry: ``@command(...)`` beside its handler declares its name,
one-line and long help, ``Spec`` (its arguments, from which its usage line, parsing and
completion come), the modes it works in (and its place in each mode's Tab order), and
whether it is played at a hosted table (by everyone, a joiner or the host) or why not.
The shell, the host and ``help`` read the registry; adding a command is a module of
``engine.shell.commands`` (docs/development.md, "Adding a command").

A handler gets a ``Context`` (``engine.shell.context``), not the whole shell, and the
command's words as its spec read them. Moves (``draw``, ``bid 7``, ``load 4 harbour 2``...)
are not commands: they are the engine's own action words, applied through ``Game.apply``;
``moves()`` only describes them for ``help``, from each game's descriptor.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from engine.bots import KINDS
from engine.registry import game_info, games
from engine.shell.spec import Parsed, Spec

if TYPE_CHECKING:
    from engine.shell.context import Context

Handler = Callable[["Context", Parsed], None]
"""What runs a command: the context it runs in and its words as its spec read them."""

AtTable = Literal["", "all", "joiner", "host"]
"""Who may run a command at a hosted table: nobody (''), everyone, a joiner only (their
own ``quit``), or the host's terminal only (``save``, ``kick``)."""

BOTS = (
    ", ".join(spec for kind in KINDS if not kind.field for spec in kind.offered)
    + " (mcts is the default; mcts:N searches N iterations, mcts:Ts T seconds a move); "
    "the field's styles: " + ", ".join(kind.forms[0][0] for kind in KINDS if kind.field)
    + " (a style by its numbers; `medici simulate --help` says which)"
)
"""The bots ``help new`` names (from the table of bot kinds, ``engine.bots.kinds``)."""

MAX_LINE = 4096
"""The longest command line the shell reads (the longest real one is under 200 characters)."""


@dataclass(frozen=True)
class Command:
    """One shell command (see the module)."""

    name: str
    summary: str
    details: str
    spec: Spec = Spec()
    aliases: tuple[str, ...] = field(default=())
    run: Handler | None = None
    """What it does."""
    modes: Mapping[str, float] = field(default_factory=dict)
    """The modes it works in (``play``, ``replay``, ``table``: a seat at a hosted table),
    each with its place in that mode's Tab order."""
    at_table: AtTable = ""
    """Who may run it at a hosted table."""
    not_at_table: str = ""
    """Why it is not played at a hosted table (the refusal a joiner reads)."""

    @property
    def usage(self) -> str:
        """The usage line, from the spec."""
        return self.spec.usage(self.name)

    def calls(self, word: str) -> bool:
        """Whether ``word`` names this command (its name or an alias)."""
        return word in (self.name, *self.aliases)


REGISTRY: list[Command] = []
"""Every command declared, in the order declared (``command``). The shell's own are
declared when ``registered`` first imports their modules: read it through ``registered``
(a copy taken before holds none of them, and put back it would leave the process without
them)."""


NO_ARGUMENTS = Spec()
"""The spec of a command that takes no words."""


def command(
    name: str, summary: str, details: str, spec: Spec = NO_ARGUMENTS, *,
    aliases: tuple[str, ...] = (), modes: Mapping[str, float], at_table: AtTable = "",
    not_at_table: str = "",
) -> Callable[[Handler], Handler]:
    """Declare the command ``name`` with the handler it decorates (see ``Command``). A name
    may be declared more than once for modes apart (``exit`` in play and in replay mode),
    or for the same mode and other people (a hosted table's ``quit``: a joiner's, the
    host's); a second declaration for the same mode and people replaces the first."""

    def declare(handler: Handler) -> Handler:
        entry = Command(name, summary, details, spec, aliases, handler, dict(modes), at_table,
                        not_at_table)
        REGISTRY[:] = [c for c in REGISTRY if c.name != name or c.at_table != at_table
                       or not set(c.modes) & set(modes)]
        REGISTRY.append(entry)
        return handler

    return declare


def _load() -> None:
    """Import every module of ``engine.shell.commands``: each declares its commands."""
    package = importlib.import_module("engine.shell.commands")
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")


_loaded: list[bool] = []


def registered() -> list[Command]:
    """Every command declared (the package's modules imported the first time)."""
    if not _loaded:
        _loaded.append(True)
        _load()
    return REGISTRY


def commands_in(mode: str) -> list[Command]:
    """The commands of ``mode``, in its Tab order."""
    found = [c for c in registered() if mode in c.modes]
    return sorted(found, key=lambda c: c.modes[mode])


def by_name() -> dict[str, Command]:
    """Every command by name: the shell's own first (what ``help`` explains when the current
    mode lacks it), then those of other front ends (a hosted table's ``say``)."""
    out: dict[str, Command] = {}
    entries = registered()
    for entry in [c for c in entries if set(c.modes) & set(SHELL_MODES)] + entries:
        out.setdefault(entry.name, entry)
    return out


def modes_of(name: str) -> list[str]:
    """The shell's modes (play, replay) that have the command ``name``, sorted."""
    return sorted({m for c in registered() if c.name == name for m in c.modes
                   if m in SHELL_MODES})


class _ByName(Mapping[str, Command]):
    """``COMMANDS``: every command by name, read from the registry when used (so that
    importing it declares nothing yet, and a command declared later is in it)."""

    def __getitem__(self, name: str) -> Command:
        return by_name()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(by_name())

    def __len__(self) -> int:
        return len(by_name())


COMMANDS: Mapping[str, Command] = _ByName()
"""Every shell command by name (the first declared of a name)."""

SHELL_MODES = ("play", "replay")
"""The modes of the shell proper (the hosted table's seat mode is the host's)."""


@dataclass(frozen=True)
class Move:
    """What ``help`` says about a move word."""

    usage: str
    summary: str
    details: str
    games: tuple[str, ...]


def moves() -> dict[str, Move]:
    """Every registered game's move words with their help; a word several games share
    (``draw``) has each game's details, under the game's title."""
    found: dict[str, Move] = {}
    for info in games().values():
        for word, help_ in info.moves.items():
            other = found.get(word)
            if other is None:
                found[word] = Move(help_.usage, help_.summary, help_.details, (info.id,))
                continue
            if len(other.games) == 1:
                first = game_info(other.games[0]).title
                other = Move(other.usage, other.summary, f"{first}: {other.details}", other.games)
            found[word] = Move(other.usage, other.summary,
                               f"{other.details}\n{info.title}: {help_.details}",
                               (*other.games, info.id))
    return found


