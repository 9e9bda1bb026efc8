"""What a command takes, declared once: its usage text, its parsing and its Tab completion
all come from one ``Spec``.

A ``Spec`` lists positional arguments (``Arg``) and options (``Flag``); ``usage`` writes the
usage line from them, ``parse`` reads the words typed after the command into a ``Parsed``
(or raises a ShellError with the command's own one-line ``misuse`` message), and
``SpecCompleter`` completes the word being typed: an option's value after the option, else
the positional argument due (and the next one too, while the due one is optional), then
the options not used yet (unless the argument due ``hides_options`` until a ``-``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, WordCompleter
from prompt_toolkit.document import Document

from engine.shell.errors import ShellError

if TYPE_CHECKING:
    from engine.shell.app import Shell

Source = Callable[["Shell", Sequence[str]], Completer]
"""Where an argument's completions come from: (the shell, the words typed after the command)
to a prompt_toolkit Completer, which is given the word being typed alone."""


@dataclass(frozen=True)
class Arg:
    """A positional argument: its name in the usage line and how it is read and completed."""

    metavar: str
    optional: bool = False
    many: bool = False
    """It takes every word left (``PLAYER...``)."""
    number: bool = False
    """A whole number, 1 or more (read as an int)."""
    choices: tuple[str, ...] = ()
    """The only words accepted, if any (``analyse all``)."""
    complete: Source | None = None
    hides_options: bool = False
    """While it is due, the options complete only once a ``-`` is typed (a long list of
    names comes alone: ``save <Tab>``)."""

    def usage(self) -> str:
        """``NAME``, ``[N]`` or ``[N | PLAYER...]``."""
        text = self.metavar + ("..." if self.many else "")
        return f"[{text}]" if self.optional else text


@dataclass(frozen=True)
class Flag:
    """An option: ``--copy`` alone, or ``--bot SPEC`` with a value."""

    name: str
    help: str
    """What the completion menu says of it."""
    metavar: str = ""
    """The value's name in the usage line; empty for an option without a value."""
    complete: Source | None = None
    missing: str = ""
    """The error when the value is missing (default: ``--bot needs a value``)."""

    def usage(self) -> str:
        """``[--copy]`` or ``[--bot SPEC]``."""
        return f"[{self.name} {self.metavar}]" if self.metavar else f"[{self.name}]"


@dataclass(frozen=True)
class Parsed:
    """The words typed after a command, read by its spec."""

    words: list[str]
    """Every word as typed (a command whose spec reads no words uses these)."""
    values: dict[str, str | int | list[str]] = field(default_factory=dict)
    """The positional arguments given, by metavar."""
    flags: dict[str, str | bool] = field(default_factory=dict)
    """The options given: the value of one that takes a value, else True."""

    def text(self, metavar: str) -> str | None:
        """A positional argument given as a word, or None."""
        value = self.values.get(metavar)
        return value if isinstance(value, str) else None

    def number(self, metavar: str, default: int) -> int:
        """A positional number, or ``default`` when it was not given."""
        value = self.values.get(metavar)
        return value if isinstance(value, int) else default

    def option(self, name: str) -> str | None:
        """The value of an option that takes one, or None when it was not given."""
        value = self.flags.get(name)
        return value if isinstance(value, str) else None


@dataclass(frozen=True)
class Spec:
    """Everything a command takes."""

    args: tuple[Arg, ...] = ()
    flags: tuple[Flag, ...] = ()
    misuse: str = "{name} takes no arguments, got {got}"
    """The error for words that do not fit: ``{name}`` is the command, ``{got}`` the words
    that did not fit, quoted."""
    unknown_flag: str = ""
    """The error for an unknown ``--option`` (``{flag}``); empty: it is a misfit word."""
    forms: tuple[str, ...] = ()
    """Alternative forms the command reads itself (``goto N | goto start``...): the usage
    line lists them, ``parse`` leaves the words to the command, ``args`` only complete."""
    reads_words: bool = False
    """The command reads its words itself (``new``): ``args`` give usage and completion."""

    def usage(self, name: str) -> str:
        """The usage line: ``save [NAME] [--copy] [--replace]``."""
        if self.forms:
            return " | ".join(f"{name} {form}" for form in self.forms)
        parts = [a.usage() for a in self.args] + [f.usage() for f in self.flags]
        return " ".join([name, *parts])

    @property
    def takes_arguments(self) -> bool:
        """Whether the command takes any word (completion then adds a space, as bash does)."""
        return bool(self.args or self.flags or self.forms)

    def flag(self, word: str) -> Flag | None:
        """The option spelled ``word``, if this command has it."""
        return next((f for f in self.flags if f.name == word), None)

    def parse(self, name: str, words: Sequence[str]) -> Parsed:
        """Read ``words``; a ShellError (the command's ``misuse`` message) if they do not fit."""
        words = list(words)
        if self.forms or self.reads_words:
            return Parsed(words)
        flags: dict[str, str | bool] = {}
        rest: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            flag = self.flag(word)
            if flag is None:
                if word.startswith("--") and self.unknown_flag:
                    raise ShellError(self.unknown_flag.format(flag=word))
                rest.append(word)
            elif flag.metavar:
                if i + 1 >= len(words):
                    raise ShellError(flag.missing or f"{word} needs a value")
                i += 1
                flags[word] = words[i]
            else:
                flags[word] = True
            i += 1
        return Parsed(words, self._positionals(name, rest), flags)

    def _positionals(self, name: str, rest: list[str]) -> dict[str, str | int | list[str]]:
        misuse = ShellError(self.misuse.format(name=name, got=repr(" ".join(rest))))
        values: dict[str, str | int | list[str]] = {}
        left = list(rest)
        for arg in self.args:
            if arg.many:
                values[arg.metavar], left = left, []
                break
            if not left:
                if not arg.optional:
                    raise misuse
                continue
            word = left.pop(0)
            if arg.choices and word not in arg.choices:
                raise misuse
            if arg.number:
                if not word.isdigit() or int(word) < 1:
                    raise misuse
                values[arg.metavar] = int(word)
            else:
                values[arg.metavar] = word
        if left:
            raise misuse
        return values


def complete_word(completer: Completer, prefix: str) -> Iterator[Completion]:
    """What ``completer`` offers for ``prefix`` typed alone."""
    return iter(completer.get_completions(Document(prefix), CompleteEvent()))


def word_completer(options: Iterable[str | tuple[str, str]]) -> WordCompleter:
    """prompt_toolkit's WordCompleter over words (or (word, meta) pairs), first one of each
    word kept, case ignored; a word is all that is not white space (``bot:mcts``)."""
    meta: dict[str, str] = {}
    for option in options:
        word, note = (option, "") if isinstance(option, str) else option
        meta.setdefault(word, note)
    return WordCompleter(list(meta), meta_dict=meta, WORD=True, ignore_case=True)


class SpecCompleter:
    """Completes the words after a command from its spec."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    def complete(self, shell: Shell, typed: Sequence[str], prefix: str) -> Iterator[Completion]:
        """Completions of ``prefix``, the word after the ``typed`` ones."""
        spec = self.spec
        last = spec.flag(typed[-1]) if typed else None
        if last is not None and last.metavar:
            if last.complete is not None:
                yield from complete_word(last.complete(shell, typed), prefix)
            return
        used: set[str] = set()
        position = 0
        skip = False
        for word in typed:
            flag = spec.flag(word)
            if skip:
                skip = False
            elif flag is not None:
                used.add(flag.name)
                skip = bool(flag.metavar)
            else:
                position += 1
        due = list(self._due(position))
        for arg in due:
            if arg.complete is not None:
                yield from complete_word(arg.complete(shell, typed), prefix)
        free = [(f.name, f.help) for f in spec.flags if f.name not in used]
        if any(arg.hides_options for arg in due) and not prefix.startswith("-"):
            return
        if free:
            yield from complete_word(word_completer(free), prefix)

    def _due(self, position: int) -> Iterator[Arg]:
        """The positional at ``position`` (a ``many`` one stays due), and the next while
        the due one is optional."""
        args = self.spec.args
        if args and args[-1].many:
            position = min(position, len(args) - 1)
        for arg in args[position:]:
            yield arg
            if not arg.optional:
                return
