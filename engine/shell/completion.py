"""Tab completion from what is legal right now.

Small pieces that compose, in the manner of prompt_toolkit's own completers: ``words``
offers fixed words, ``amounts`` the amounts of a ``Span``, ``moves`` the next word of any
legal action (read off ``Game.legal_actions()``, so the engine stays the one source of
truth), and ``ShellCompleter`` picks the right piece for the word under the cursor:
command names and legal move words first, then each command's own argument completer.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from engine.actions import Action, Legal, Span
from engine.shell.commands import REPLAY_FIRST, takes_arguments

if TYPE_CHECKING:
    from engine.shell.app import Shell

LIST_LIMIT = 60
"""Amount ranges up to this many values are offered one by one; longer ones as a range."""

ArgCompleter = Callable[["Shell", list[str], str], Iterable[Completion]]
"""A command's argument completer: (shell, words typed after the command, current prefix)."""


def split_line(text: str) -> tuple[list[str], str]:
    """The whole words before the cursor and the word being typed (empty after a space).

    Quotes group words as the shell's own reading (``shlex``) does: ``load "my ga`` has
    the words ``["load"]`` and the prefix ``"my ga`` (kept raw, quote and all, so that a
    completion replaces exactly what was typed).
    """
    raw: list[str] = []
    current = ""
    quote = ""
    for char in text:
        if quote:
            current += char
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
            current += char
        elif char.isspace():
            if current:
                raw.append(current)
            current = ""
        else:
            current += char
    return [_unquote(word) for word in raw], current


def _unquote(word: str) -> str:
    try:
        parts = shlex.split(word)
    except ValueError:
        return word
    return parts[0] if len(parts) == 1 else word


def words(options: Iterable[str | tuple[str, str]], prefix: str) -> Iterator[Completion]:
    """Each option (a word, or a (word, meta) pair) that starts with ``prefix``, once."""
    seen: set[str] = set()
    low = prefix.lower()
    for option in options:
        word, meta = (option, "") if isinstance(option, str) else option
        if word in seen or not word.lower().startswith(low):
            continue
        seen.add(word)
        yield Completion(word, -len(prefix), display_meta=meta)


def amounts(span: Span, prefix: str, meta: str = "") -> Iterator[Completion]:
    """The amounts of ``span`` starting with ``prefix``: each one, or the range when long."""
    if prefix and not prefix.isdigit():
        return
    hi = span.hi
    top = f"{hi}" if hi is not None else ""
    label = meta or f"{span.kind} {span.lo}..{top}"
    if hi is not None and hi - span.lo < LIST_LIMIT:
        for amount in range(span.lo, hi + 1):
            text = str(amount)
            if text.startswith(prefix):
                end = " (lowest)" if amount == span.lo else " (highest)" if amount == hi else ""
                yield Completion(text, -len(prefix), display_meta=label + end)
        return
    # A long or open range: offer its ends (the typed number too, if legal), not every value.
    shown: list[int] = [span.lo]
    if prefix and Action(span.kind, int(prefix)) in span:
        shown.insert(0, int(prefix))
    if hi is not None:
        shown.append(hi)
    seen: set[int] = set()
    for amount in shown:
        text = str(amount)
        if amount in seen or not text.startswith(prefix):
            continue
        seen.add(amount)
        what = "lowest" if amount == span.lo else "highest" if amount == hi else "this amount"
        yield Completion(text, -len(prefix), display_meta=f"{what}; legal: {span.lo}..{top}")


def moves(
    legal: Sequence[Legal], typed: Sequence[str], prefix: str, meta: Callable[[str], str]
) -> Iterator[Completion]:
    """The next word of every legal action that begins with the ``typed`` words.

    ``typed`` includes the move word once it is typed (``["load", "4"]``); ``meta(word)``
    describes a move word when it is the one being completed.
    """
    position = len(typed)
    low = [w.lower() for w in typed]
    seen: set[str] = set()
    for entry in legal:
        if isinstance(entry, Span):
            if position == 0:
                candidates: Iterable[Completion] = spaced(
                    words([(entry.kind, meta(entry.kind))], prefix))
            elif position == 1 and low[0] == entry.kind:
                candidates = amounts(entry, prefix)
            else:
                continue
        else:
            tokens = str(entry).split()
            if len(tokens) <= position or tokens[:position] != low:
                continue
            word = tokens[position]
            note = meta(word) if position == 0 else str(entry)
            candidates = words([(word, note)], prefix)
            if position == 0 and len(tokens) > 1:
                candidates = spaced(candidates)
        for completion in candidates:
            if completion.text not in seen:
                seen.add(completion.text)
                yield completion


def spaced(completions: Iterable[Completion]) -> Iterator[Completion]:
    """The same completions followed by a space: the word takes arguments (as in bash)."""
    for c in completions:
        yield Completion(c.text + " ", c.start_position, display=c.text,
                         display_meta=c.display_meta)


def legal_words(legal: Sequence[Legal]) -> list[str]:
    """The move words of the legal actions, in the engine's order (``draw``, ``stop``...)."""
    out: list[str] = []
    for entry in legal:
        if entry.kind not in out:
            out.append(entry.kind)
    return out


class ShellCompleter(Completer):
    """The shell's completer: commands and legal moves first, then each command's arguments."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """Completions for the word before the cursor (none for a line too long to run)."""
        from engine.shell.app import MAX_LINE

        if len(document.text_before_cursor) > MAX_LINE:
            return
        typed, prefix = split_line(document.text_before_cursor)
        shell = self.shell
        legal = shell.legal_moves()
        if not typed:
            yield from moves(legal, [], prefix, shell.move_meta)
            legal_kinds = set(legal_words(legal))
            commands = [c for c in shell.commands_here() if c.name not in legal_kinds]
            if shell.mode == "replay":
                # Replay's own commands first: `n<Tab>` is `next`, never a way out of replay.
                order = {name: i for i, name in enumerate(REPLAY_FIRST)}
                commands.sort(key=lambda c: order.get(c.name, len(order)))
            for command in commands:
                found = words([(command.name, command.summary)], prefix)
                yield from spaced(found) if takes_arguments(command) else found
            return
        word = typed[0].lower()
        if word in set(legal_words(legal)):
            yield from moves(legal, typed, prefix, shell.move_meta)
        command = shell.command(word)
        if command is not None and command.complete is not None:
            yield from command.complete(shell, typed[1:], prefix)
