"""Actions a player can take, their text forms, and ranges of amounts."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from operator import itemgetter
from typing import Any, NamedTuple

from engine.errors import IllegalAction, MisusedMove, quote

try:  # the C descriptor NamedTuple fields use: ``action.kind`` is read on every move
    from _collections import _tuplegetter as _field  # type: ignore[import-not-found]
except ImportError:  # another Python
    def _field(index: int, doc: str) -> Any:
        return property(itemgetter(index), doc=doc)

_FORMS: dict[str, tuple[str, ...]] = {}
"""Each action kind's argument pattern, as the grammar of every game that has the kind
declares it (one pattern a kind): how ``str(action)`` writes its arguments."""


class Action(tuple[Any, ...]):  # a kind (text), then whole numbers: no tuple type says so
    """One move: its ``kind`` (``draw``, ``bid``...) and its arguments, whole numbers in the
    order its game's ``Grammar`` names them (``Action("bid", 7)``). The core knows no
    argument's meaning; the grammar names them and gives the text form (``str(action)``),
    which the shell and the records use.
    """

    __slots__ = ()

    def __new__(cls, kind: str, *args: int) -> Action:
        return tuple.__new__(cls, (kind, *args))

    kind: str = _field(0, "The action word.")

    @property
    def args(self) -> tuple[int, ...]:
        """The arguments, in the grammar's order."""
        return self[1:]

    @property
    def amount(self) -> int | None:
        """The number of a ``kind AMOUNT`` action (a bid, a price); None for the others."""
        return self[1] if len(self) == 2 else None

    def arg(self, name: str) -> int | None:
        """The argument the kind's grammar calls ``name``; None if it is not given."""
        pattern = _FORMS.get(self[0], ())
        for index, part in enumerate(pattern, 1):
            if part.rstrip("?") == name:
                return self[index] if index < len(self) else None
        return None

    def __str__(self) -> str:
        pattern = _FORMS.get(self[0], ())
        parts = [str(self[0])]
        for index, value in enumerate(self[1:]):
            part = pattern[index] if index < len(pattern) else ""
            parts.append(f"{part[:-1]} {value}" if part.endswith("?") else str(value))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action({', '.join(map(repr, self))})"

    def __getnewargs__(self) -> tuple[str | int, ...]:
        return tuple(self)


class Span(NamedTuple):
    """Every ``kind AMOUNT`` action with ``lo <= AMOUNT <= hi`` (``hi`` None: no upper bound)."""

    kind: str
    lo: int
    hi: int | None

    def __str__(self) -> str:
        top = "" if self.hi is None else str(self.hi)
        return f"{self.kind} {self.lo}..{top}" if self.hi != self.lo else f"{self.kind} {self.lo}"

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or len(action) != 2 or action[0] != self.kind:
            return False
        amount = action[1]
        return (
            amount.__class__ is int
            and self.lo <= amount
            and (self.hi is None or amount <= self.hi)
        )

    def actions(self, cap: int | None = None) -> Iterator[Action]:
        """Enumerate the span's actions, up to ``cap`` (needed when ``hi`` is None)."""
        top = self.hi if cap is None else (cap if self.hi is None else min(cap, self.hi))
        if top is None:
            raise ValueError(f"{self} has no upper bound: give a cap to enumerate it")
        for amount in range(self.lo, top + 1):
            yield amount_action(self.kind, amount)


MAX_NUMBER = 999_999_999
"""The largest number an action's argument may be (nine digits)."""

Legal = Action | Span
"""An entry of ``Game.legal_actions()``: a concrete action or a range of amounts."""

_AMOUNT_CACHE: dict[tuple[str, int], Action] = {}


def amount_action(kind: str, amount: int) -> Action:
    """The interned ``kind AMOUNT`` action (bids are made often; building them is not free)."""
    key = (kind, amount)
    act = _AMOUNT_CACHE.get(key)
    if act is None:
        act = Action(kind, amount)
        if len(_AMOUNT_CACHE) < 100_000:
            _AMOUNT_CACHE[key] = act
    return act


def is_legal(action: Action, legal: list[Legal]) -> bool:
    """Whether ``action`` is one of ``legal`` (a list as ``Game.legal_actions()`` returns)."""
    for entry in legal:
        # Span.__contains__ takes an action; mypy compares with a NamedTuple's own items.
        if entry == action if isinstance(entry, Action) else action in entry:  # type: ignore[comparison-overlap]
            return True
    return False


def describe(legal: list[Legal]) -> list[str]:
    """Text forms of legal entries, for messages (``bid 8..40``, ``pass``); actions of one
    kind that differ only in their numbers are written together, the choices of each
    number joined by ``/``: ``load 3/4/5 harbour 1/2/3`` for the nine loads of every ship
    to every harbour (when they are every such pair; ``load 4`` stays apart)."""
    out: list[str] = []
    groups: dict[tuple[str, tuple[str, ...]], list[list[str]]] = {}
    order: list[tuple[str, tuple[str, ...]] | str] = []
    for entry in legal:
        words = str(entry).split()
        if isinstance(entry, Span) or len(words) < 2 or not all(
                w.isdigit() for w in words[1::2] if w) or len(words) % 2:
            order.append(str(entry))
            continue
        key = (words[0], tuple(words[2::2]))  # the kind and the names between the numbers
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(words[1::2])
    for item in order:
        if isinstance(item, str):
            out.append(item)
            continue
        out.extend(_together(item, groups[item]))
    return out


def _together(key: tuple[str, tuple[str, ...]], numbers: list[list[str]]) -> list[str]:
    """Actions of one shape in as few texts as every combination allows."""
    kind, names = key
    columns = [sorted(set(row[i] for row in numbers), key=int) for i in range(len(names) + 1)]
    size = 1
    for column in columns:
        size *= len(column)
    if size != len({tuple(row) for row in numbers}):
        # Not every combination: by the first number, each with its choices of the rest.
        firsts: dict[str, list[list[str]]] = {}
        for row in numbers:
            firsts.setdefault(row[0], []).append(row[1:])
        out = []
        for first, rests in firsts.items():
            rest_cols = [sorted(set(r[i] for r in rests), key=int) for i in range(len(names))]
            out.append(" ".join([kind, first] + [f"{n} {'/'.join(c)}"
                                                  for n, c in zip(names, rest_cols, strict=True)]))
        return out
    parts = [kind, "/".join(columns[0])]
    for name, column in zip(names, columns[1:], strict=True):
        parts += [name, "/".join(column)]
    return [" ".join(parts)]


class Grammar:
    """The text forms of one game's actions.

    ``kinds`` maps each action word to its argument pattern: the names of its arguments, in
    order. A plain name is written as its number (``bid 7``); a name ending in ``?`` is
    optional, last, and written after its name (``load 4 harbour 2``). The names are also
    the keys of the arguments in the events that record the move.
    """

    def __init__(self, kinds: dict[str, tuple[str, ...]]) -> None:
        self.kinds = kinds
        for kind, pattern in kinds.items():
            known = _FORMS.setdefault(kind, pattern)
            if known != pattern:
                raise ValueError(f"{kind!r} is written {known} by another game, not {pattern}: "
                                 "one text form a kind")
        self._cache: dict[str, Action] = {}
        self._good: set[Action] = set()  # actions whose shape has been checked
        self.checked: dict[int, Action] = {}
        """The actions whose shape has been checked, by identity: the interned actions the
        bots and the parser hand out pass with one dict lookup (``Logic.validate`` reads it
        before it asks ``shape_problem``). It holds each action, so an id is never reused."""

    def parse(self, text: str) -> Action:
        """Parse ``bid 7`` / ``load 4 harbour 2`` into an Action, or raise IllegalAction."""
        act = self._cache.get(text)
        if act is not None:
            return act
        act = self._parse(text)
        # Short texts only: a cache of arbitrary input would hold megabytes of it.
        if len(text) <= 64 and len(self._cache) < 10_000:
            self._cache[text] = act
        return act

    def shape_problem(self, action: Action) -> str | None:
        """Why ``action``'s arguments do not fit its kind's pattern, or None.

        Actions built in code (not parsed) can carry any fields; one check here serves
        every game. Argument types are checked too: whole numbers only.
        """
        if self.checked.get(id(action)) is action:
            return None
        for arg in action[1:]:
            # Types first: Action("bid", 5.0) == Action("bid", 5), so the cache cannot tell.
            if arg.__class__ is not int or abs(arg) > MAX_NUMBER:
                return (
                    f"{action.kind}: arguments must be whole numbers up to {MAX_NUMBER}, "
                    f"got {quote(arg)}"
                )
        if action in self._good:
            return None
        pattern = self.kinds.get(action.kind)
        if pattern is None:
            return None
        given = len(action) - 1
        required = sum(1 for part in pattern if not part.endswith("?"))
        if not required <= given <= len(pattern):
            if not pattern:
                return f"{action.kind} takes no arguments"
            usage = " ".join([action.kind, *(_usage(p) for p in pattern)])
            return f"{action.kind} is written: {usage}"
        if len(self._good) < 100_000:
            self._good.add(action)
            self.checked[id(action)] = action
        return None

    def _parse(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise IllegalAction("empty action", sorted(self.kinds))
        kind = words[0].lower()
        pattern = self.kinds.get(kind)
        if pattern is None:
            raise IllegalAction(f"unknown action {quote(words[0])}", sorted(self.kinds))
        usage = " ".join([kind, *(_usage(p) for p in pattern)])
        values: list[int] = []
        rest = words[1:]
        for part in pattern:
            if part.endswith("?"):
                name = part[:-1]
                if rest and rest[0].lower() == name:
                    if len(rest) < 2:
                        raise MisusedMove(kind, f"{name} needs a number", usage)
                    values.append(_number(rest[1], name, kind, usage))
                    rest = rest[2:]
                continue
            if not rest:
                raise MisusedMove(kind, f"{kind} needs {_article(part)}", usage)
            values.append(_number(rest[0], part, kind, usage))
            rest = rest[1:]
        if rest:
            names = [p[:-1] for p in pattern if p.endswith("?")]
            close = difflib.get_close_matches(rest[0].lower(), names, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise MisusedMove(kind, f"unexpected {quote(' '.join(rest))} after {kind}{hint}",
                              usage)
        if len(values) == 1:
            return amount_action(kind, values[0])
        return Action(kind, *values)


def _usage(part: str) -> str:
    return f"[{part[:-1]} N]" if part.endswith("?") else part.upper()


def _article(part: str) -> str:
    return f"an {part}" if part[0] in "aeiou" else f"a {part}"


def _number(word: str, name: str, kind: str, usage: str) -> int:
    if word.isascii() and word.isdigit() and int(word[:40]) > MAX_NUMBER:
        shown = word if len(word) <= 24 else f"{word[:12]}... ({len(word)} digits)"
        raise MisusedMove(kind, f"{name} {shown} is too large", usage,
                          f": a number here is at most {MAX_NUMBER}")
    if not (word.isascii() and word.isdigit()):
        raise MisusedMove(kind, f"{name} must be a whole number 0 or more, got {quote(word)}",
                          usage)
    return int(word)
