"""A small declarative validator that reports every problem with file, line and key path.

A schema is a tree of nodes (:class:`Record`, :class:`ListOf`, :class:`Int`, ...).
:func:`validate` walks a :class:`~engine.yamlsafe.Document` against it and
returns all problems at once, so a user fixes a rules file in one pass rather
than one error per run. Game-specific cross-checks use :class:`Checker`.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Iterable

from engine.errors import Problem, RulesError
from engine.yamlsafe import Document, Key, KeyPath, dotted


class Checker:
    """Collects problems about a document, each placed at the file and line of its key path."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.problems: list[Problem] = []

    def error(self, path: KeyPath, message: str) -> None:
        """Record that the value at ``path`` is wrong, and why."""
        file, line = self.doc.where(path)
        self.problems.append(Problem(file, line, dotted(path), message))

    def conflict(self, paths: Iterable[KeyPath], message: str) -> None:
        """Record that the values at ``paths`` do not fit together (a cross-check).

        The problem is placed at the first of ``paths`` written in the checked file itself
        (a variant's own change is the likelier culprit than the base it extends), else at
        the first path; the message names where the others were written.
        """
        paths = [tuple(p) for p in paths]
        own = [p for p in paths if self.doc.where(p)[0] == self.doc.name]
        primary = own[0] if own else paths[0]
        here = self.doc.where(primary)
        notes = []
        for path in paths:
            where = self.doc.where(path)
            if path != primary and where != here:
                place = where[0] if where[1] is None else f"{where[0]}:{where[1]}"
                notes.append(f"{dotted(path)} at {place}")
        self.error(primary, message + (f" ({'; '.join(notes)})" if notes else ""))


class Node:
    """Base of all schema nodes: checks one value and reports what is wrong with it."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report every problem with ``value`` (found at ``path``) to ``checker``."""
        raise NotImplementedError


class Any(Node):
    """Any value at all."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Accept everything."""


class Int(Node):
    """An integer (true/false are not integers), optionally from ``min`` to ``max`` inclusive."""

    def __init__(self, min: int | None = None, max: int | None = None) -> None:
        self.min = min
        self.max = max

    def describe(self) -> str:
        """What this node accepts, in words."""
        if self.min is not None and self.max is not None:
            return f"an integer from {self.min} to {self.max}"
        if self.min is not None:
            return f"an integer of at least {self.min}"
        if self.max is not None:
            return f"an integer of at most {self.max}"
        return "an integer"

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a value that is not an integer in range."""
        # bool is a subclass of int in Python, but `true` is never a count.
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (self.min is not None and value < self.min)
            or (self.max is not None and value > self.max)
        ):
            checker.error(path, f"expected {self.describe()}, got {show(value)}")


class Str(Node):
    """A string, optionally one of ``choices``."""

    def __init__(self, choices: Iterable[str] | None = None) -> None:
        self.choices = None if choices is None else tuple(choices)

    def describe(self) -> str:
        """What this node accepts, in words."""
        if self.choices is None:
            return "a string"
        return "one of " + ", ".join(self.choices)

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a value that is not a string, or not one of the choices."""
        if not isinstance(value, str) or (self.choices is not None and value not in self.choices):
            checker.error(path, f"expected {self.describe()}, got {show(value)}")


class Name(Str):
    """A name used inside other names (``fur`` in ``fur:3``): lower-case, digits, ``-``, ``_``."""

    PATTERN = re.compile(r"[a-z][a-z0-9_-]*")

    def describe(self) -> str:
        """What this node accepts, in words."""
        return "a name of lower-case letters, digits, '-' and '_', starting with a letter"

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a value that is not such a name."""
        if not isinstance(value, str) or not self.PATTERN.fullmatch(value):
            checker.error(path, f"expected {self.describe()}, got {show(value)}")


class Text(Str):
    """A string that is not empty or blank (a player's name, a description)."""

    def describe(self) -> str:
        """What this node accepts, in words."""
        return "a text that is not empty"

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a value that is not a non-blank string."""
        if not isinstance(value, str) or not value.strip():
            checker.error(path, f"expected {self.describe()}, got {show(value)}")


class Bool(Node):
    """``true`` or ``false``."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a value that is not a bool."""
        if not isinstance(value, bool):
            checker.error(path, f"expected true or false, got {show(value)}")


class ListOf(Node):
    """A list whose every entry matches ``item``, with optional length limits and uniqueness."""

    def __init__(
        self,
        item: Node,
        length: int | None = None,
        min_len: int | None = None,
        max_len: int | None = None,
        unique: bool = False,
    ) -> None:
        self.item = item
        self.length = length
        self.min_len = min_len
        self.max_len = max_len
        self.unique = unique

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a non-list, a wrong length, bad entries and repeated entries."""
        if not isinstance(value, list):
            checker.error(path, f"expected a list, got {show(value)}")
            return
        count = len(value)
        if self.length is not None and count != self.length:
            checker.error(path, f"expected {_entries(self.length)}, got {count}")
        if self.min_len is not None and count < self.min_len:
            checker.error(path, f"expected at least {_entries(self.min_len)}, got {count}")
        if self.max_len is not None and count > self.max_len:
            checker.error(path, f"expected at most {_entries(self.max_len)}, got {count}")
        for index, item in enumerate(value):
            self.item.check(item, path + (index,), checker)
        if self.unique:
            seen: set[object] = set()
            for index, item in enumerate(value):
                key = _frozen(item)
                if key in seen:
                    checker.error(
                        path + (index,), f"duplicate entry {show(item)}: entries must be unique"
                    )
                seen.add(key)


class Record(Node):
    """A mapping with a fixed set of string keys: ``fields`` are required, ``optional`` are not."""

    def __init__(self, fields: dict[str, Node], optional: dict[str, Node] | None = None) -> None:
        self.fields = dict(fields)
        self.optional = dict(optional or {})

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a non-mapping, unknown keys, missing keys and bad values."""
        if not isinstance(value, dict):
            checker.error(path, f"expected a mapping, got {show(value)}")
            return
        known = {**self.fields, **self.optional}
        for key, item in value.items():
            node = known.get(key) if isinstance(key, str) else None
            if node is None:
                expected = ", ".join(known) or "no keys"
                close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6) \
                    if isinstance(key, str) else []
                hint = f": did you mean {close[0]!r}?" if close else ""
                checker.error(
                    path + (key,),
                    f"unknown key {show(key)}{hint} (expected one of: {expected})"
                )
            else:
                node.check(item, path + (key,), checker)
        for key in self.fields:
            if key not in value:
                checker.error(path, f"missing key {key!r}")


class MapOf(Node):
    """A mapping whose keys match ``key_node`` and values match ``value_node``."""

    def __init__(
        self, key_node: Node, value_node: Node, required_keys: Iterable[Key] | None = None
    ) -> None:
        self.key_node = key_node
        self.value_node = value_node
        self.required_keys = tuple(required_keys or ())

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a non-mapping, bad keys, bad values and missing required keys."""
        if not isinstance(value, dict):
            checker.error(path, f"expected a mapping, got {show(value)}")
            return
        for key, item in value.items():
            before = len(checker.problems)
            self.key_node.check(key, path + (key,), checker)
            # Say it is the key that is wrong, not the value under it.
            for i in range(before, len(checker.problems)):
                problem = checker.problems[i]
                checker.problems[i] = dataclasses.replace(
                    problem, message="bad key: " + problem.message
                )
            self.value_node.check(item, path + (key,), checker)
        for key in self.required_keys:
            if key not in value:
                checker.error(path, f"missing key {key!r}")


def validate(doc: Document, schema: Node) -> list[Problem]:
    """Every problem with ``doc.data`` against ``schema``, in document order; empty when valid."""
    checker = Checker(doc)
    schema.check(doc.data, (), checker)
    return checker.problems


def raise_if(problems: list[Problem]) -> None:
    """Raise :class:`RulesError` holding ``problems`` if there are any."""
    if problems:
        raise RulesError(problems)


def show(value: object) -> str:
    """A value as a message shows it: short, and in YAML's words for null and booleans."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str) and len(value) > 40:
        return repr(value[:37] + "...")
    return repr(value)


def _entries(count: int) -> str:
    return f"{count} entry" if count == 1 else f"{count} entries"


def _frozen(value: object) -> object:
    """A hashable stand-in for plain data, equal exactly when the data is equal."""
    # Tagged with the type so that 1, 1.0 and true stay distinct, as a reader expects.
    if isinstance(value, dict):
        return ("map", frozenset((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", tuple(_frozen(v) for v in value))
    return (type(value).__name__, value)
