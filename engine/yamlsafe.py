"""A strict, safe YAML loader that remembers the file and line of every value.

Only plain data comes out: dict, list, str, int, float, bool and None. Anything
that makes a rules file mean something other than what it plainly says (tags,
anchors and aliases, duplicate keys, yes/no booleans, several documents) is
refused with a :class:`~engine.errors.RulesError` naming the file and line.
"""

from __future__ import annotations

import math
import os
import re
from typing import TYPE_CHECKING, NoReturn, Protocol

import yaml

from engine.errors import Problem, RulesError

Key = str | int
KeyPath = tuple[Key, ...]
Origin = tuple[str, int]
Where = tuple[str, int | None]
"""A file and line, the line None where no line can be named (``Document.where``)."""

MAX_DEPTH = 32
MAX_DIGITS = 400
"""The longest whole number a YAML file may write: far beyond any rule (which the rules
checks bound much tighter), far below Python's own 4300-digit limit on ``int()``."""
ANCHORS = "anchors and aliases are not allowed: write the value out"

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"


class _Loader(yaml.SafeLoader):
    """SafeLoader that only composes, with a narrower set of implicit types."""

    # Every pattern here matches a subset of what PyYAML's own resolver matches,
    # so a string that yaml.safe_dump writes unquoted always reads back as a
    # string. Dropped on purpose: yes/no/on/off booleans, octal/hex/sexagesimal
    # ints, timestamps, '=' and '<<' (merge keys are refused separately).
    yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    if TYPE_CHECKING:  # PyYAML's stubs leave the parser's two event methods untyped
        def peek_event(self) -> yaml.Event: ...
        def get_event(self) -> yaml.Event: ...

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or (
                isinstance(event, yaml.NodeEvent) and event.anchor is not None):
            raise _Refused(event.start_mark, ANCHORS)
        if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and (
                event.tag is not None):
            raise _Refused(
                event.start_mark,
                f"tags are not allowed (found {_short_tag(event.tag)}): write a plain value; "
                "strings, numbers, true/false and null need no tag",
            )
        if not isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            return super().compose_node(parent, index)
        # Checked while composing, before the recursion gets deep enough to hurt.
        if self._depth >= MAX_DEPTH:
            raise _Refused(
                event.start_mark,
                f"nesting is deeper than {MAX_DEPTH} levels: flatten the structure",
            )
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_Loader.add_implicit_resolver(
    _BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Loader.add_implicit_resolver(_INT, re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$"), list("-+0123456789"))
_Loader.add_implicit_resolver(
    _FLOAT,
    re.compile(
        r"""^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?
            |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
            |[-+]?\.(?:inf|Inf|INF)
            |\.(?:nan|NaN|NAN))$""",
        re.VERBOSE,
    ),
    list("-+0123456789."),
)
_Loader.add_implicit_resolver(_NULL, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])


class _Mark(Protocol):
    """Where a YAML event starts (PyYAML's mark, or its C extension's)."""

    line: int


class _Refused(Exception):
    """Something the loader refuses, found while composing (before any data exists)."""

    def __init__(self, mark: _Mark | None, message: str) -> None:
        super().__init__(message)
        self.line = mark.line + 1 if mark is not None else None
        self.message = message


def _short_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix) :] if tag.startswith(prefix) else tag


def dotted(path: KeyPath) -> str:
    """A key path as messages show it: ``('counts', 5, 'payouts')`` -> ``counts.5.payouts``."""
    return ".".join(str(key) for key in path)


class Document:
    """Plain data loaded from YAML, with the ``(file, line)`` each value came from."""

    __slots__ = ("data", "name", "origins")

    def __init__(self, data: object, name: str, origins: dict[KeyPath, Origin]) -> None:
        self.data = data
        self.name = name
        self.origins = origins

    def where(self, path: KeyPath) -> Where:
        """The origin of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        for end in range(len(path), -1, -1):
            origin = self.origins.get(path[:end])
            if origin is not None:
                return origin
        return (self.name, None)

    def without(self, key: Key) -> Document:
        """A copy of this document without the top-level ``key``."""
        origins: dict[KeyPath, Origin] = {}
        data = _copied(self.data, (), self, origins)
        if isinstance(data, dict) and key in data:
            del data[key]
            origins = {p: o for p, o in origins.items() if not (p and p[0] == key)}
        return Document(data, self.name, origins)

    def __repr__(self) -> str:
        return f"Document({self.name!r}, {self.data!r})"


def load_yaml(
    path: str | os.PathLike[str], *, max_bytes: int = 256_000, name: str | None = None
) -> Document:
    """Load one YAML file strictly; ``name`` is how messages call the file (default: ``path``)."""
    name = str(path) if name is None else name
    try:
        size = os.stat(path).st_size
        if size > max_bytes:
            _fail(name, 1, f"file is {size} bytes, larger than the limit of {max_bytes} bytes")
        with open(path, "rb") as file:
            # Read one byte past the limit: stat can under-report (pipes, growing files).
            raw = file.read(max_bytes + 1)
    except OSError as exc:
        _fail(name, None, f"cannot read the file: {exc.strerror or exc}")
    if len(raw) > max_bytes:
        _fail(name, 1, f"file is larger than the limit of {max_bytes} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        _fail(
            name,
            line,
            f"file is not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start}): "
            "save it as UTF-8",
        )
    return load_yaml_text(text, name)


def load_yaml_text(text: str, name: str) -> Document:
    """Load YAML from a string strictly; ``name`` is how messages call its file."""
    try:
        loader = _Loader(text)  # checks for unprintable characters
        try:
            root = _compose_single(loader)
        finally:
            loader.dispose()
    except _Refused as exc:
        _fail(name, exc.line, exc.message)
    except yaml.MarkedYAMLError as exc:
        line, message = syntax_words(exc)
        _fail(name, line, message)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        _fail(name, line, f"character U+{exc.character:04X} is not allowed in YAML: remove it")
    if root is None:
        _fail(name, 1, "file is empty")
    builder = _Builder(name)
    builder.origins[()] = (name, _line(root))
    data = builder.value(root, ())
    if builder.problems:
        raise RulesError(builder.problems)
    return Document(data, name, builder.origins)


def merge(base: Document, override: Document) -> Document:
    """Deep-merge ``override`` onto ``base``: mappings merge key by key, anything else replaces.

    Provenance follows the values: whatever the override wrote points at the
    override, the rest keeps the base's origin. Neither input is changed; the
    result is named after the override.
    """
    origins: dict[KeyPath, Origin] = {}
    data = _merged(base.data, override.data, (), base, override, origins)
    return Document(data, override.name, origins)


def _merged(
    base: object,
    over: object,
    path: KeyPath,
    base_doc: Document,
    over_doc: Document,
    origins: dict[KeyPath, Origin],
) -> object:
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return _copied(over, path, over_doc, origins)
    if path in over_doc.origins:
        origins[path] = over_doc.origins[path]
    result = {}
    for key in {**base, **over}:  # base's order, then keys only the override has
        sub = path + (key,)
        if key not in over:
            result[key] = _copied(base[key], sub, base_doc, origins)
        elif key not in base:
            result[key] = _copied(over[key], sub, over_doc, origins)
        else:
            result[key] = _merged(base[key], over[key], sub, base_doc, over_doc, origins)
    return result


def _copied(value: object, path: KeyPath, doc: Document, origins: dict[KeyPath, Origin]) -> object:
    """Deep-copy ``value`` (found at ``path`` in ``doc``), carrying its origins along."""
    if path in doc.origins:
        origins[path] = doc.origins[path]
    if isinstance(value, dict):
        return {k: _copied(v, path + (k,), doc, origins) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v, path + (i,), doc, origins) for i, v in enumerate(value)]
    return value


def syntax_words(exc: yaml.MarkedYAMLError) -> tuple[int | None, str]:
    """The line and a person's words for one of PyYAML's syntax errors: what is wrong and
    what to check (most are a slip of indentation), where PyYAML speaks of its tokens
    (``expected <block end>, but found '<block mapping start>'``). One it has no words for
    is given as PyYAML says it."""
    problem, context = exc.problem or "", exc.context or ""
    at, opened = exc.problem_mark, exc.context_mark
    line = at.line + 1 if at is not None else (opened.line + 1 if opened is not None else None)
    if problem.startswith("expected <block end>") and at is not None:
        if opened is not None and at.column == opened.column and problem.endswith("'-'"):
            return line, ("a list item (`- `) among the keys of a mapping: write it as "
                          "`key: value`, or indent the list under its key")
        spaces = at.column
        message = (f"this line is indented {spaces} space{'s' if spaces != 1 else ''}, in "
                   "line with no key above it")
        if opened is not None:
            message += (f" (the keys from line {opened.line + 1} are indented "
                        f"{opened.column})")
        return line, (message + ": check its indentation; the keys of one mapping stand in "
                      "one column, indented with spaces")
    if problem.startswith("mapping values are not allowed"):
        return line, ("a `key: value` where none can go: check this line's indentation (is "
                      "it indented under a value?), or quote a value that holds ': '")
    if problem.startswith("could not find expected ':'") and opened is not None:
        return opened.line + 1, ("this line is not `key: value`: add the colon after the key, "
                                 "or check its indentation")
    if "'\\t'" in problem:
        return line, "a tab in the indentation: YAML indents with spaces only"
    if context.startswith("while scanning a quoted scalar") and opened is not None:
        return line, (f"the quoted text opened on line {opened.line + 1} is never closed: "
                      "add its closing quote")
    if context.startswith("while parsing a flow") and opened is not None:
        return line, (f"the list or mapping opened on line {opened.line + 1} ('[' or '{{') is "
                      "not closed where this line starts: close it, or check its commas")
    what = problem or context or "invalid YAML"
    if context and problem:
        what = f"{problem} ({context})"
    return line, f"YAML syntax error: {what}"


def _fail(name: str, line: int | None, message: str) -> NoReturn:
    raise RulesError([Problem(name, line, "", message)])


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _compose_single(loader: _Loader) -> yaml.Node | None:
    """The one document's root node, or None when the file holds no value at all."""
    loader.get_event()  # StreamStartEvent
    if loader.check_event(yaml.StreamEndEvent):
        return None
    root = loader.compose_document()
    if not loader.check_event(yaml.StreamEndEvent):
        raise _Refused(
            loader.peek_event().start_mark,
            "more than one document in the file (a second one starts here): "
            "put everything in a single document",
        )
    # A bare '---' holds an empty plain scalar: nothing was written.
    if isinstance(root, yaml.ScalarNode) and root.value == "" and root.style is None:
        return None
    return root


class _Builder:
    """Turns composed nodes into plain data, recording origins and collecting problems."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.origins: dict[KeyPath, Origin] = {}
        self.problems: list[Problem] = []

    def problem(self, node: yaml.Node, path: KeyPath, message: str) -> None:
        self.problems.append(Problem(self.name, _line(node), dotted(path), message))

    def value(self, node: yaml.Node, path: KeyPath) -> object:
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            items = []
            for index, item in enumerate(node.value):
                self.origins[path + (index,)] = (self.name, _line(item))
                items.append(self.value(item, path + (index,)))
            return items
        assert isinstance(node, yaml.ScalarNode)  # the composer makes no other node
        return self.scalar(node, path)

    def mapping(self, node: yaml.MappingNode, path: KeyPath) -> dict[Key, object]:
        result: dict[Key, object] = {}
        # Keys are checked on the node, before constructing, so a refused key is
        # reported once, as written.
        for key_node, value_node in node.value:
            plain = isinstance(key_node, yaml.ScalarNode) and key_node.style is None
            if plain and key_node.value == "<<":
                self.problem(key_node, path, "merge keys (<<) are not allowed; " + ANCHORS)
                continue
            if key_node.tag not in (_STR, _INT):
                self.problem(
                    key_node,
                    path,
                    f"mapping keys must be strings or integers, got {_describe(key_node)}",
                )
                continue
            key = self.scalar(key_node, path)
            if not isinstance(key, (str, int)):  # a number too long to read: told above
                continue
            if key in result:
                first = self.origins[path + (key,)][1]
                self.problem(
                    key_node,
                    path + (key,),
                    f"duplicate key {key!r} (first written on line {first}): write each key once",
                )
                continue
            self.origins[path + (key,)] = (self.name, _line(key_node))
            result[key] = self.value(value_node, path + (key,))
        return result

    def scalar(self, node: yaml.ScalarNode, path: KeyPath) -> object:
        text = node.value
        if node.tag == _NULL:
            return None
        if node.tag == _BOOL:
            return text.lower() == "true"
        if node.tag == _INT:
            digits = text.replace("_", "").lstrip("+-")
            if len(digits) > MAX_DIGITS:
                # Before int(): Python refuses over 4300 digits with its own ValueError.
                self.problem(
                    node, path, f"a number with {len(digits)} digits: at most {MAX_DIGITS}"
                )
                return None
            return int(text.replace("_", ""))
        if node.tag == _FLOAT:
            special = text.lstrip("+-").lower() in (".inf", ".nan")
            value = math.inf if special else float(text.replace("_", ""))
            if not math.isfinite(value):
                self.problem(
                    node,
                    path,
                    f"{text[:40]!r} is not allowed: write a finite number (no infinity or NaN)",
                )
                return None
            return value
        return text


def _describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return "null" if node.tag == _NULL else node.value
