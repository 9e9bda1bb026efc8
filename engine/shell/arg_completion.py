"""Argument completers of the commands (the moves complete from the legal actions instead)."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from prompt_toolkit.completion import Completion

from engine.shell.commands import COMMANDS, moves
from engine.shell.completion import words
from engine.shell.errors import ShellError

if TYPE_CHECKING:
    from engine.shell.app import Shell

BOT_CHOICES = (
    "random", "greedy", "mcts", "mcts:2000", "mcts:1s", "thrifty", "valuer", "spoiler", "hoarder"
)
"""Bot specs offered on Tab (the shell does not import the bots to start; a test keeps this
in step with ``engine.bots.STYLES``)."""


def help_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``help CMD``: command and move names."""
    if args:
        return []
    options = [(c.name, c.summary) for c in COMMANDS.values()]
    options += [(w, f"move: {m.summary}") for w, m in sorted(moves().items())]
    return words(options, prefix)


def _variants() -> list[str]:
    from engine.rules import variant_names

    return variant_names()


def variant_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``rules VARIANT``: the shipped variants."""
    return [] if args else words(_variants(), prefix)


def new_args(shell: Shell, args: list[str], prefix: str) -> Iterator[Completion]:
    """``new``: game or variant, then bot seats and the options."""
    if args and args[-1] == "--variant":
        yield from words(_variants(), prefix)
        return
    if args and args[-1] == "--seed":
        return
    if not args:
        yield from words([(v, "game or variant") for v in _variants()], prefix)
    options = [(f"bot:{b}", "a bot seat") for b in BOT_CHOICES]
    options += [("--variant", "rules file or variant name"), ("--seed", "repeatable shuffles")]
    yield from words(options, prefix)


def save_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``open``/``replay``: the names of the saved games."""
    if args:
        return []
    from engine.shell import saves

    try:
        names = saves.names(shell.saves)
    except (ShellError, OSError):
        return []
    return quoted_names(names, prefix)


def save_option_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``save``: a save name first, then --copy and --replace."""
    options = words([("--copy", "keep a snapshot; the game goes on in its save"),
                     ("--replace", "replace what is there on purpose")], prefix)
    if prefix.startswith("-") or [a for a in args if not a.startswith("-")]:
        return list(options)
    return list(save_args(shell, [], prefix))


def saves_option_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``saves``: --all, --delete NAME."""
    if args and args[-1] == "--delete":
        return save_args(shell, [], prefix)
    return words([("--all", "every save, not only the 20 newest"),
                  ("--delete", "remove a save")], prefix)


def quoted_names(names: Iterable[str], prefix: str) -> Iterator[Completion]:
    """Save names starting with ``prefix`` (typed with or without a quote), quoted if needed.

    A name with a space completes as ``"my game"``: the shell reads its lines as ``shlex``
    does, so unquoted it would be two words.
    """
    typed = _unquote_prefix(prefix)
    for name in names:
        if not name.lower().startswith(typed.lower()):
            continue
        text = name if shlex.quote(name) == name else _quote(name)
        yield Completion(text, -len(prefix), display=name, display_meta="saved game")


def _unquote_prefix(prefix: str) -> str:
    if prefix[:1] in ("'", '"'):
        return prefix[1:].rstrip(prefix[0])
    return prefix


def _quote(name: str) -> str:
    return f'"{name}"' if not any(c in name for c in '"\\$`') else shlex.quote(name)


def goto_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``goto``: day or round, start, end, scoring; after day/round its numbers."""
    replay = shell.replay
    if replay is None:
        return []
    unit = replay.unit
    if not args:
        return words([(unit, f"the start of a {unit}"), ("start", "step 0"),
                      ("end", f"step {replay.total}"), ("scoring", "the next scoring")], prefix)
    if len(args) == 1 and args[0] == unit:
        return words([str(n) for n in range(1, replay.units + 1)], prefix)
    return []


def analyse_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``analyse``: all, --bot SPEC."""
    if args and args[-1] == "--bot":
        return words(BOT_CHOICES, prefix)
    return words([("all", "every move from here on"), ("--bot", "which bot")], prefix)


def bot_option_args(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
    """``hint --bot SPEC``."""
    if args and args[-1] == "--bot":
        return words(BOT_CHOICES, prefix)
    return words([("--bot", "which bot")], prefix) if not args else []
