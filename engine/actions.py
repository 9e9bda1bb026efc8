"""Actions a player can take, their text forms, and ranges of amounts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from engine.errors import IllegalAction, quote


class Action(NamedTuple):
    """One move: ``kind`` (``draw``, ``bid``, ``load``, ...) and its arguments.

    ``amount`` is a bid or price, ``ship`` a ship named by its holds, ``harbour`` a harbour
    number. The text form (``str(action)``) is what the shell and the records use.
    """

    kind: str
    amount: int | None = None
    ship: int | None = None
    harbour: int | None = None

    def __str__(self) -> str:
        parts = [self.kind]
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.ship is not None:
            parts.append(str(self.ship))
        if self.harbour is not None:
            parts.append(f"harbour {self.harbour}")
        return " ".join(parts)


class Span(NamedTuple):
    """Every ``kind AMOUNT`` action with ``lo <= AMOUNT <= hi`` (``hi`` None: no upper bound)."""

    kind: str
    lo: int
    hi: int | None

    def __str__(self) -> str:
        top = "" if self.hi is None else str(self.hi)
        return f"{self.kind} {self.lo}..{top}" if self.hi != self.lo else f"{self.kind} {self.lo}"

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Action)
            and action.kind == self.kind
            and action.amount is not None
            and action.ship is None
            and action.harbour is None
            and self.lo <= action.amount
            and (self.hi is None or action.amount <= self.hi)
        )

    def actions(self, cap: int | None = None) -> Iterator[Action]:
        """Enumerate the span's actions, up to ``cap`` (needed when ``hi`` is None)."""
        top = self.hi if cap is None else (cap if self.hi is None else min(cap, self.hi))
        if top is None:
            raise ValueError(f"{self} has no upper bound: give a cap to enumerate it")
        for amount in range(self.lo, top + 1):
            yield amount_action(self.kind, amount)


MAX_NUMBER = 999_999_999
"""The largest amount, ship or harbour number an action may carry (nine digits)."""

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
        if entry == action if isinstance(entry, Action) else action in entry:
            return True
    return False


def describe(legal: list[Legal]) -> list[str]:
    """Text forms of legal entries, for messages (``bid 8..40``, ``pass``)."""
    return [str(entry) for entry in legal]


class Grammar:
    """The text forms of one game's actions.

    ``kinds`` maps each action word to its argument pattern: a tuple of ``"amount"``,
    ``"ship"`` (positional integers, in that order) and ``"harbour?"`` (an optional
    ``harbour N`` suffix).
    """

    def __init__(self, kinds: dict[str, tuple[str, ...]]) -> None:
        self.kinds = kinds
        self._cache: dict[str, Action] = {}
        self._good: set[Action] = set()  # actions whose shape has been checked
        # The same, by identity: the interned actions the bots and the parser hand out pass
        # with one dict lookup. The dict holds each action, so its id is never reused.
        self._good_ids: dict[int, Action] = {}

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
        if self._good_ids.get(id(action)) is action:
            return None
        for arg in action[1:]:
            # Types first: Action("bid", 5.0) == Action("bid", 5), so the cache cannot tell.
            if arg is not None and (arg.__class__ is not int or abs(arg) > MAX_NUMBER):
                return (
                    f"{action.kind}: arguments must be whole numbers up to {MAX_NUMBER}, "
                    f"got {quote(arg)}"
                )
        if action in self._good:
            return None
        pattern = self.kinds.get(action.kind)
        if pattern is None:
            return None
        for name, value in zip(("amount", "ship", "harbour"), action[1:], strict=True):
            required = name in pattern
            allowed = required or f"{name}?" in pattern
            if (value is None and required) or (value is not None and not allowed):
                if not pattern:
                    return f"{action.kind} takes no arguments"
                usage = " ".join([action.kind, *(_usage(p) for p in pattern)])
                return f"{action.kind} is written: {usage}"
        if len(self._good) < 100_000:
            self._good.add(action)
            self._good_ids[id(action)] = action
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
        values: dict[str, int] = {}
        rest = words[1:]
        for part in pattern:
            if part.endswith("?"):
                name = part[:-1]
                if rest and rest[0].lower() == name:
                    if len(rest) < 2:
                        raise IllegalAction(f"{name} needs a number: {usage}")
                    values[name] = _number(rest[1], name, usage)
                    rest = rest[2:]
                continue
            if not rest:
                raise IllegalAction(f"{kind} needs {_article(part)}: {usage}")
            values[part] = _number(rest[0], part, usage)
            rest = rest[1:]
        if rest:
            raise IllegalAction(f"unexpected {quote(' '.join(rest))} after {kind}: {usage}")
        if set(values) == {"amount"}:
            return amount_action(kind, values["amount"])
        return Action(kind, **values)


def _usage(part: str) -> str:
    return f"[{part[:-1]} N]" if part.endswith("?") else part.upper()


def _article(part: str) -> str:
    return f"an {part}" if part[0] in "aeiou" else f"a {part}"


def _number(word: str, name: str, usage: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > len(str(MAX_NUMBER)):
        raise IllegalAction(
            f"{name} must be a whole number 0 or more, got {quote(word)}: {usage}"
        )
    return int(word)
