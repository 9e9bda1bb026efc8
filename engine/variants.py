"""House-rule variants: list the shipped ones, check a file, show resolved rules, diff two.

Loading and merging live in :mod:`engine.rules` (``extends``, ``remove``, deep merge with
provenance); this module is what the ``medici variants`` / ``medici variant`` commands
show of it. Every function takes a variant name (``medici-rich``) or a file path.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import Problem, RulesError
from engine.registry import default_game, find
from engine.rules import (
    Variant,
    check_document,
    config_dir,
    load_variant,
    resolve_document,
    variant_names,
)
from engine.schema import ListOf, MapOf, Node, validate
from engine.schema import Record as Fields
from engine.text import wrap_words
from engine.yamlsafe import Document, KeyPath, Origin, Where, dotted, load_yaml

MISSING = object()
"""Stands for a key that one side of a diff does not have."""


@dataclass
class CheckResult:
    """What checking one variant found: ``problems`` make it unusable, ``warnings`` do not."""

    ref: str
    document: Document | None
    files: list[Path]
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the variant can be played."""
        return not self.problems


@dataclass(frozen=True)
class VariantInfo:
    """One shipped variant as ``medici variants`` lists it."""

    name: str
    game: str
    description: str
    extends: str | None
    path: Path
    players: tuple[int, ...]
    problem: str | None = None


@dataclass(frozen=True)
class Difference:
    """One key whose value differs between two resolved variants (``MISSING`` if unset)."""

    path: KeyPath
    left: object
    right: object
    left_at: Where | None
    right_at: Where | None

    @property
    def key(self) -> str:
        """The dotted key path, as rules files and messages write it."""
        return dotted(self.path)


# -- checking -------------------------------------------------------------------------


def check_variant(ref: str) -> CheckResult:
    """Resolve and validate a variant, collecting every problem instead of raising."""
    files: list[Path] = []
    try:
        doc = resolve_document(ref, files=files)
    except RulesError as err:
        problems = list(err.problems)
        if any(p.path == "extends" for p in problems):
            # The base is missing, but the file's own keys can still be checked.
            problems += _own_problems(ref, problems)
        return CheckResult(ref, None, files, problems=by_line(problems))
    result = CheckResult(ref, doc, files)
    result.problems = by_line(_problems(doc))
    info = find(doc.data.get("game")) if isinstance(doc.data, dict) else None
    if info is not None:
        result.problems = deeper_hints(result.problems, info.schema)
    result.warnings = _warnings(doc, files)
    return result


_UNKNOWN = re.compile(r"unknown key '([^']+)'(?:: did you mean '([^']+)'\?)?")


def deeper_hints(problems: list[Problem], schema: Node) -> list[Problem]:
    """An unknown key that is the name of a key deeper in the rules, misspelt or not
    (``start_mony`` at the top: ``player_counts.N.start_money``), is pointed there."""
    keys = _schema_keys(schema, "")
    out = []
    for problem in problems:
        found = _UNKNOWN.match(problem.message)
        if found is None:
            out.append(problem)
            continue
        key = found.group(1)
        here = problem.path.rsplit(".", 1)[0] if "." in problem.path else ""
        # Only keys of other levels: this level's were offered already.
        names = {name: where for name, where in keys if where != here}
        close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.8)
        best = found.group(2)
        if close and (best is None or difflib.SequenceMatcher(None, key, close[0]).ratio()
                      > difflib.SequenceMatcher(None, key, best).ratio()):
            where = f"{names[close[0]]}.{close[0]}" if names[close[0]] else close[0]
            if close[0] == key:
                # The right word at the wrong level: only where it goes is news.
                level = f"under {here}" if here else "at the top level"
                message = f"{key!r} does not go {level}: it goes at {where}"
            else:
                message = (f"unknown key {key!r}: did you mean {close[0]!r}? It goes at "
                           f"{where}" + problem.message[found.end():])
            problem = Problem(problem.file, problem.line, problem.path, message)
        out.append(problem)
    return out


def _schema_keys(node: Node, where: str) -> list[tuple[str, str]]:
    """(key, where it goes) for every key of a schema, ``N`` for a mapping's keys."""
    out: list[tuple[str, str]] = []
    if isinstance(node, Fields):
        for key, inner in {**node.fields, **node.optional}.items():
            out.append((key, where))
            out += _schema_keys(inner, f"{where}.{key}" if where else key)
    elif isinstance(node, MapOf):
        out += _schema_keys(node.value_node, f"{where}.N" if where else "N")
    elif isinstance(node, ListOf):
        out += _schema_keys(node.item, where)
    return out


def by_line(problems: list[Problem]) -> list[Problem]:
    """Problems in the order of the file: the checked file's first, by line, then those
    of the files it extends (inherited values), by file and line."""
    first = problems[0].file if problems else ""
    return sorted(problems, key=lambda p: (p.file != first, str(p.file), p.line or 0))


def _own_problems(ref: str, found: list[Problem]) -> list[Problem]:
    """What is wrong with a rules file's own keys, checked against its game's schema
    without the base it names (which cannot be found): unknown keys and values of the
    wrong kind; a key it leaves to the base is no problem here."""
    try:
        doc = load_yaml(Path(ref))
    except (RulesError, OSError, ValueError):
        return []
    data = doc.data if isinstance(doc.data, dict) else {}
    base = data.get("extends")
    close = difflib.get_close_matches(str(base), variant_names(), n=1, cutoff=0.6)
    game = data.get("game")
    if not isinstance(game, str):
        game = load_variant(close[0]).game if close else default_game().id
    info = find(game)
    if info is None:
        return []
    own = doc.without("extends").without("remove")
    seen = {(p.line, p.path) for p in found}
    return deeper_hints([p for p in validate(own, info.schema)
                         if not p.message.startswith("missing key")
                         and (p.line, p.path) not in seen], info.schema)


def _problems(doc: Document) -> list[Problem]:
    """``check_document``: every problem of the resolved rules."""
    return check_document(doc)


def _warnings(doc: Document, files: list[Path]) -> list[Problem]:
    """What is legal but probably not meant: an inherited description, a misnamed file."""
    warnings: list[Problem] = []
    data = doc.data if isinstance(doc.data, dict) else {}
    if len(files) > 1 and doc.where(("description",))[0] != doc.name:
        warnings.append(
            Problem(
                doc.name, 1, "description",
                "inherited from the variant this one extends: say what this variant changes",
            )
        )
    name = data.get("name")
    path = files[0] if files else None
    shipped = path is not None and path.resolve().parent == config_dir().resolve()
    if shipped and isinstance(name, str) and path is not None and name != path.stem:
        file, line = doc.where(("name",))
        warnings.append(
            Problem(
                file, line, "name",
                f"the variant is called {name!r} but its file is {path.name}: by name it is "
                f"found as {path.stem!r}; rename one of them",
            )
        )
    return warnings


# -- listing --------------------------------------------------------------------------


def list_variants(directory: Path | None = None) -> list[VariantInfo]:
    """Every variant file in ``directory`` (default: the shipped ``config/``), by name.

    A file that does not load is listed with its first problem rather than left out.
    """
    folder = config_dir() if directory is None else directory
    infos = []
    for path in sorted(folder.glob("*.yaml"), key=lambda p: p.stem):
        result = check_variant(str(path))
        extends = _extends_of(path)
        data = result.document.data if result.document is not None else {}
        if not isinstance(data, dict):
            data = {}
        players: tuple[int, ...] = ()
        problem = str(result.problems[0]) if result.problems else None
        if problem is None:
            players = tuple(load_variant(str(path)).logic.player_counts())
        infos.append(
            VariantInfo(
                name=path.stem,
                game=str(data.get("game", "?")),
                description=" ".join(str(data.get("description", "")).split()),
                extends=extends,
                path=path,
                players=players,
                problem=problem,
            )
        )
    return infos


def _extends_of(path: Path) -> str | None:
    try:
        data = load_yaml(path).data
    except RulesError:
        return None
    base = data.get("extends") if isinstance(data, dict) else None
    return base if isinstance(base, str) else None


# -- showing --------------------------------------------------------------------------


def resolved(ref: str) -> tuple[Variant, Document, list[Path]]:
    """The validated variant, its resolved document (with origins) and the files it came
    from (the variant's own file first). Raises RulesError with every problem."""
    result = check_variant(ref)
    if not result.ok or result.document is None:
        raise RulesError(result.problems)
    return load_variant(ref), result.document, result.files


def show(ref: str, origins: bool = False) -> str:
    """The resolved rules of a variant as YAML (which loads back to the same rules).

    With ``origins`` every value is followed by a comment naming the file and line it
    was written on, so one sees what a variant changes and what it inherits.
    """
    variant, doc, files = resolved(ref)
    chain = " <- ".join(display_path(p) for p in files)
    head = [f"# {variant.name}: resolved rules ({chain})"]
    body = to_yaml(doc.data, doc.origins if origins else None)
    return "\n".join(head) + "\n" + body


def display_path(path: Path) -> str:
    """A path as messages show it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_WORDS = {"true", "false", "null", "~", "yes", "no", "on", "off"}


def scalar(value: object) -> str:
    """One value in YAML flow form (strings quoted when plain text would read otherwise)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {scalar(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _WORDS and not text.lower().startswith(
        (".inf", ".nan")
    ):
        return text
    # A JSON string is a valid YAML double-quoted scalar.
    return json.dumps(text, ensure_ascii=False)


def to_yaml(
    data: object, origins: dict[KeyPath, Origin] | None = None, width: int = 100
) -> str:
    """Plain data as block YAML; short lists and mappings of scalars stay on one line."""
    lines: list[str] = []
    _emit(data, (), 0, origins, width, lines)
    return "\n".join(lines) + "\n"


def _emit(
    value: object,
    path: KeyPath,
    indent: int,
    origins: dict[KeyPath, Origin] | None,
    width: int,
    lines: list[str],
) -> None:
    pad = " " * indent
    items: list[tuple[str, KeyPath, object]]
    if isinstance(value, dict):
        items = [(f"{scalar(k)}:", (*path, k), v) for k, v in value.items()]
    elif isinstance(value, list):
        items = [("-", (*path, i), v) for i, v in enumerate(value)]
    else:
        lines.append(pad + scalar(value))
        return
    for label, sub, item in items:
        flow = scalar(item)
        nested = isinstance(item, (dict, list)) and bool(item)
        if not nested or (_flat(item) and indent + len(label) + len(flow) < width - 20):
            note = _note(origins, sub)
            lines.append(f"{pad}{label} {flow}{note}")
        else:
            lines.append(f"{pad}{label}")
            _emit(item, sub, indent + 2, origins, width, lines)


def _flat(value: object) -> bool:
    """A list or mapping whose entries are all scalars (shown on one line)."""
    entries = value.values() if isinstance(value, dict) else value if isinstance(
        value, list) else ()
    return all(not isinstance(v, (dict, list)) for v in entries)


def _note(origins: dict[KeyPath, Origin] | None, path: KeyPath) -> str:
    if origins is None:
        return ""
    origin = origins.get(path)
    return "" if origin is None else f"  # {_at(origin)}"


# -- diffing --------------------------------------------------------------------------


def diff(left: str, right: str) -> list[Difference]:
    """Every key whose resolved value differs between two variants, in document order.

    Mappings are compared key by key down to their leaves; a list is one value (a
    variant replaces a list as a whole). A key only one side has is ``MISSING`` on the
    other, leaf by leaf.
    """
    _, a, _ = resolved(left)
    _, b, _ = resolved(right)
    out: list[Difference] = []
    _diff(a.data, b.data, (), a, b, out)
    return out


def _diff(
    x: object, y: object, path: KeyPath, a: Document, b: Document, out: list[Difference]
) -> None:
    if isinstance(x, dict) and isinstance(y, dict):
        for key in {**x, **y}:
            sub = (*path, key)
            _diff(x.get(key, MISSING), y.get(key, MISSING), sub, a, b, out)
        return
    if x is MISSING and isinstance(y, dict) and y:
        for key, value in y.items():
            _diff(MISSING, value, (*path, key), a, b, out)
        return
    if y is MISSING and isinstance(x, dict) and x:
        for key, value in x.items():
            _diff(value, MISSING, (*path, key), a, b, out)
        return
    if _same(x, y):
        return
    out.append(
        Difference(
            path, x, y,
            None if x is MISSING else a.where(path),
            None if y is MISSING else b.where(path),
        )
    )


def _same(x: object, y: object) -> bool:
    # 1 == true and 1 == 1.0 in Python; in a rules file they are different values.
    if type(x) is not type(y):
        return False
    if isinstance(x, list) and isinstance(y, list):
        return len(x) == len(y) and all(map(_same, x, y))
    if isinstance(x, dict) and isinstance(y, dict):
        return x.keys() == y.keys() and all(_same(x[k], y[k]) for k in x)
    return x == y


def show_value(value: object) -> str:
    """A diffed value as text: its YAML flow form, or ``(not set)``."""
    return "(not set)" if value is MISSING else scalar(value)


def format_diff(left: str, right: str, differences: list[Difference],
                width: int | None = None) -> str:
    """``medici variant diff`` output: a header naming both sides, then one key per line;
    a line wider than ``width`` goes on under its key, indented (None: never)."""
    lines = [f"--- {left}", f"+++ {right}"]
    if not differences:
        lines.append("(no differences)")
    for d in differences:
        lines += wrap_words(f"{d.key}: {show_value(d.left)} -> {show_value(d.right)}", width, 4)
    return "\n".join(lines) + "\n"


def diff_as_json(differences: list[Difference]) -> list[dict[str, Any]]:
    """Differences as JSON-ready records (a value that is not set is left out)."""
    out = []
    for d in differences:
        record: dict[str, Any] = {"key": d.key}
        if d.left is not MISSING:
            record["left"] = d.left
            record["left_at"] = _at(d.left_at)
        if d.right is not MISSING:
            record["right"] = d.right
            record["right_at"] = _at(d.right_at)
        out.append(record)
    return out


def _at(origin: Where | None) -> str | None:
    if origin is None:
        return None
    file, line = origin
    return file if line is None else f"{file}:{line}"

