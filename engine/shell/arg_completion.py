"""Where the commands' arguments complete from (the moves complete from the legal actions
instead): each is a ``Source`` of ``engine.shell.spec``, giving a prompt_toolkit Completer."""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from prompt_toolkit.completion import (
    CompleteEvent,
    Completer,
    Completion,
    PathCompleter,
    WordCompleter,
    merge_completers,
)
from prompt_toolkit.document import Document

from engine.bots import COMPLETIONS
from engine.play import SavesFolder
from engine.records.examples import examples
from engine.rules import variant_names
from engine.shell import saves
from engine.shell.errors import ShellError
from engine.shell.spec import word_completer

if TYPE_CHECKING:
    from engine.shell.app import Shell

BOT_CHOICES = tuple(spec for spec, _ in COMPLETIONS)
"""Bot specs offered on Tab (from the table of bot kinds, ``engine.bots.kinds``)."""


def variants(shell: Shell, typed: Sequence[str]) -> Completer:
    """The shipped variants (``rules VARIANT``, ``new --variant``), and rules files: the
    folders and ``.yaml`` files of the path being typed."""
    return merge_completers([WordCompleter(variant_names, WORD=True, ignore_case=True),
                             PathCompleter(file_filter=_rules_file, expanduser=True)])


def _rules_file(path: str) -> bool:
    """A folder (to go into) or a rules file."""
    return os.path.isdir(path) or path.endswith((".yaml", ".yml"))


def games(shell: Shell, typed: Sequence[str]) -> Completer:
    """``new GAME``: a game or any variant."""
    return word_completer((v, "game or variant") for v in variant_names())


def bot_seats(shell: Shell, typed: Sequence[str]) -> Completer:
    """``new ... bot:SPEC``: a bot seat."""
    return word_completer((f"bot:{spec}", meta) for spec, meta in COMPLETIONS)


def bot_specs(shell: Shell, typed: Sequence[str]) -> Completer:
    """``--bot SPEC``."""
    return word_completer(COMPLETIONS)


def save_names(shell: Shell, typed: Sequence[str]) -> Completer:
    """``open``/``replay``/``save``/``saves --delete``: the names of the saved games."""
    return SaveNameCompleter(shell.saves)


class SaveNameCompleter(Completer):
    """Save names starting with the word typed (with or without a quote), quoted if needed.

    A name with a space completes as ``"my game"``: the shell reads its lines as ``shlex``
    does, so unquoted it would be two words.
    """

    def __init__(self, folder: SavesFolder) -> None:
        self.folder = folder

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """The names of the saves in the folder that fit the text before the cursor."""
        try:
            names = saves.names(self.folder)
        except (ShellError, OSError):
            return
        yield from quoted_names(names, document.text_before_cursor)


def quoted_names(names: Iterable[str], prefix: str) -> Iterator[Completion]:
    """Save names starting with ``prefix`` (typed with or without a quote), quoted if needed."""
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


def goto_targets(shell: Shell, typed: Sequence[str]) -> Completer:
    """``goto``: the scoring period's word (day, round...), start, end, scoring."""
    record = shell.mode.record()
    if record is None:
        return word_completer(())
    unit = record.unit
    return word_completer([(unit, f"the start of a {unit}"), ("start", "step 0"),
                           ("end", f"step {record.total}"), ("scoring", "the next scoring")])


def goto_periods(shell: Shell, typed: Sequence[str]) -> Completer:
    """``goto day``: the periods the record reaches."""
    record = shell.mode.record()
    if record is None or list(typed[:1]) != [record.unit]:
        return word_completer(())
    return word_completer(str(n) for n in range(1, record.units + 1))


def analyse_scope(shell: Shell, typed: Sequence[str]) -> Completer:
    """``analyse all``."""
    return word_completer([("all", "every move from here on")])


def review_scope(shell: Shell, typed: Sequence[str]) -> Completer:
    """``review all``."""
    return word_completer([("all", "every seat's moves, not only the people's")])


def settings(shell: Shell, typed: Sequence[str]) -> Completer:
    """``set SETTING``: the settings."""
    return word_completer([("confirm", "ask before a move out of all proportion"),
                           ("worth", "show what is on sale is worth to you")])


def on_off(shell: Shell, typed: Sequence[str]) -> Completer:
    """``set confirm on|off``."""
    return word_completer(["on", "off"])


def replay_players(shell: Shell, typed: Sequence[str]) -> Completer:
    """``branch --as``: the players of the record replayed."""
    record = shell.mode.record()
    names = record.game.players if record is not None else ()
    return word_completer([(name, "take this seat") for name in names])


def play_targets(shell: Shell, typed: Sequence[str]) -> Completer:
    """``play --to``: the next scoring."""
    return word_completer([("scoring", "stop after the next scoring")])


def example_games(shell: Shell, typed: Sequence[str]) -> Completer:
    """``replay --example``: the games with a shipped example."""
    return word_completer([(name, "a whole game played by the bots") for name in examples()])
