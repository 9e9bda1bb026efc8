"""Tab completion from what is legal right now.

Small pieces that compose with prompt_toolkit's own completers: ``amounts`` offers the
amounts of a ``Span``, ``moves`` the next word of any legal action (read off
``Game.legal_actions()``, so the engine stays the one source of truth); ``ModeCompleter``
completes a mode's lines (its commands and the legal move words first, merged, then each
command's arguments from its spec) and ``ShellCompleter`` follows the shell's current mode.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, merge_completers
from prompt_toolkit.document import Document

from engine.actions import Action, Legal, Span
from engine.shell.registry import MAX_LINE
from engine.shell.spec import SpecCompleter, complete_word, word_completer

if TYPE_CHECKING:
    from engine.shell.app import Shell
    from engine.shell.mode import Mode

LIST_LIMIT = 60
"""Amount ranges up to this many values are offered one by one; longer ones as a range."""


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
    if prefix and Action(span.kind, int(prefix)) in span:  # type: ignore[comparison-overlap]
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
    legal: Sequence[Legal], typed: Sequence[str], prefix: str, meta: Callable[[str], str],
    label: Callable[[list[str]], str | None] | None = None,
) -> Iterator[Completion]:
    """The next word of every legal action that begins with the ``typed`` words.

    ``typed`` includes the move word once it is typed (``["load", "4"]``); ``meta(word)``
    describes a move word when it is the one being completed, ``label(words)`` (the game's
    own) what the words so far would do (``load 3``: onto the empty 3-hold ship).
    """
    position = len(typed)
    low = [w.lower() for w in typed]
    seen: set[str] = set()
    for entry in legal:
        if isinstance(entry, Span):
            if position == 0:
                candidates: Iterable[Completion] = spaced(
                    complete_word(word_completer([(entry.kind, meta(entry.kind))]), prefix))
            elif position == 1 and low[0] == entry.kind:
                candidates = amounts(entry, prefix)
            else:
                continue
        else:
            tokens = str(entry).split()
            if len(tokens) <= position or tokens[:position] != low:
                continue
            word = tokens[position]
            note = meta(word) if position == 0 else (
                (label(tokens[: position + 1]) if label is not None else None) or str(entry))
            candidates = complete_word(word_completer([(word, note)]), prefix)
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


class LegalMoves(Completer):
    """The first word of every move legal now."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """The legal move words starting with the word typed."""
        yield from moves(self.mode.legal_moves(), [], document.text_before_cursor,
                         self.mode.shell.move_meta)


class CommandNames(Completer):
    """The names of the mode's commands (but a word that is also a legal move is the move);
    one that takes arguments completes with a space after it, as bash does."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """The command names starting with the word typed, in the mode's order."""
        legal = set(legal_words(self.mode.legal_moves()))
        commands = [c for c in self.mode.commands() if c.name not in legal]
        spaced_names = {c.name for c in commands if c.spec.takes_arguments}
        names = word_completer((c.name, c.summary) for c in commands)
        for found in names.get_completions(document, complete_event):
            yield from spaced([found]) if found.text in spaced_names else [found]


class ModeCompleter(Completer):
    """A mode's completer: commands and legal moves first, then each command's arguments."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.first = merge_completers([LegalMoves(mode), CommandNames(mode)])

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """Completions for the word before the cursor."""
        typed, prefix = split_line(document.text_before_cursor)
        mode = self.mode
        if not typed:
            yield from complete_word(self.first, prefix)
            return
        word = typed[0].lower()
        legal = mode.legal_moves()
        if word in set(legal_words(legal)):
            yield from moves(legal, typed, prefix, mode.shell.move_meta, mode.shell.move_label)
        command = mode.command(word)
        if command is not None:
            yield from SpecCompleter(command.spec).complete(mode.shell, typed[1:], prefix)


class ShellCompleter(Completer):
    """The shell's completer: the current mode's (none for a line too long to run)."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        """Completions for the word before the cursor, from the shell's current mode."""
        if len(document.text_before_cursor) > MAX_LINE:
            return
        yield from self.shell.mode.completer().get_completions(document, complete_event)
