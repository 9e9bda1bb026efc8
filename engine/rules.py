"""Rules variants: find them, load them (safe YAML, fully validated), resolve ``extends``.

A ``Variant`` is a resolved rules document plus the game logic (and so the phase machine)
built for it. Variants are cached by name and file, so every game of a variant shares one
machine.
"""

from __future__ import annotations

import copy
import difflib
import functools
import hashlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import UNSAFE_TEXT, Problem, RulesError, quote
from engine.names import variant_name_problem
from engine.registry import find, game_ids
from engine.yamlsafe import Document, dotted, load_yaml, merge

if TYPE_CHECKING:
    from engine.logic import Logic

MAX_EXTENDS = 8


def config_dir() -> Path:
    """Where the shipped rules files are: ``$MEDICI_CONFIG``, the installed copy, or ``config/``."""
    env = os.environ.get("MEDICI_CONFIG")
    if env:
        return Path(env)
    return _shipped_dir()


@functools.cache
def _shipped_dir() -> Path:
    # Worked out once: resolving this file's path costs more than the rest of a cached
    # load_variant, which OpenSpiel's load_game asks for every game.
    here = Path(__file__).resolve().parent
    installed = here / "config"
    if installed.is_dir():
        return installed
    return here.parent / "config"


def variant_names() -> list[str]:
    """The names of the shipped variants."""
    return sorted(p.stem for p in config_dir().glob("*.yaml"))


@dataclass(frozen=True, eq=False)
class Variant:
    """A resolved, validated rules variant and the logic built for it."""

    name: str
    game: str
    description: str
    rules: dict[str, Any]
    """The resolved rules: YAML read in, checked against the game's schema."""
    digest: str
    source: str
    logic: Logic[Any]
    """The game's logic for these rules; its state type is the game's, known at run time
    (``Game`` holds it as a ``Logic`` of its own state type)."""

    def __repr__(self) -> str:
        return f"<Variant {self.name} ({self.game}) from {self.source}>"


DEFAULT_PLAYERS = 4
"""The table a game is played at unless asked otherwise, where the game seats it."""


def default_player_count(variant: Variant | Sequence[int]) -> int:
    """How many play unless told: ``DEFAULT_PLAYERS`` where the variant (or a list of
    player counts) seats that many, else the fewest it seats (Medici vs Strozzi: 2). The
    one rule ``new_game``, the runners (``engine.runs.lineup``) and every front end share."""
    counts = sorted(variant.logic.player_counts() if isinstance(variant, Variant) else variant)
    if not counts:
        raise ValueError("no player count to choose from")
    return DEFAULT_PLAYERS if DEFAULT_PLAYERS in counts else counts[0]


def _locate(ref: str, relative_to: Path | None = None) -> Path:
    if not isinstance(ref, str) or "\0" in ref or UNSAFE_TEXT.search(ref.replace("\t", " ")):
        # No file is called so (NUL), or the name could not even be printed in the message.
        raise RulesError([Problem(quote(ref), None, "", "not a variant name or a file name")])
    looks_like_path = "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml"))
    if looks_like_path:
        path = Path(ref)
        if not path.is_absolute() and relative_to is not None and not path.exists():
            path = relative_to / ref
        return path
    return config_dir() / f"{ref}.yaml"


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False rather than an error for a name the system refuses
    (too long, say): such a file does not exist either."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def resolve_document(
    ref: str, relative_to: Path | None = None, depth: int = 0, files: list[Path] | None = None
) -> Document:
    """Load a rules file and everything it ``extends``, merged (lists replace, maps merge).

    ``files``, if given, collects the paths read, for cache checks.
    """
    path = _locate(ref, relative_to)
    if files is not None:
        files.append(path)
    if not _is_file(path):
        known = ", ".join(variant_names())
        raise RulesError(
            [Problem(str(path), None, "", f"no such rules file (shipped variants: {known})")]
        )
    doc = load_yaml(path, name=_display(path))
    data = doc.data
    if not isinstance(data, dict):
        raise RulesError([Problem(doc.name, 1, "", "a rules file is a mapping of keys")])
    base_ref = data.get("extends")
    if base_ref is None:
        if "remove" in data:
            file, line = doc.where(("remove",))
            raise RulesError([Problem(file, line, "remove", "only a variant that `extends` "
                                      "another can remove keys from it")])
        return doc
    if not isinstance(base_ref, str):
        file, line = doc.where(("extends",))
        raise RulesError([Problem(file, line, "extends", "expected a variant name or file")])
    if depth >= MAX_EXTENDS:
        file, line = doc.where(("extends",))
        message = f"more than {MAX_EXTENDS} levels (a loop?)"
        raise RulesError([Problem(file, line, "extends", message)])
    if not _is_file(_locate(base_ref, path.parent)):
        # Said at the `extends:` line: that is where the fix goes.
        file, line = doc.where(("extends",))
        names = variant_names()
        close = difflib.get_close_matches(base_ref, names, n=1, cutoff=0.6)
        hint = f": did you mean {close[0]!r}?" if close else ""
        message = (f"no variant or rules file {base_ref!r}{hint} (shipped variants: "
                   f"{', '.join(names)})")
        raise RulesError([Problem(file, line, "extends", message)])
    base = resolve_document(base_ref, path.parent, depth + 1, files)
    own = doc.without("extends")
    if "remove" in data:
        base = _removed(base, own)
        own = own.without("remove")
    if "name" not in data:
        # A house rule that does not name itself is named after its file, never after
        # the variant it extends (a saved game would otherwise claim the base's rules).
        origins = {**own.origins, ("name",): (own.name, 1)}
        rest = own.data
        assert isinstance(rest, dict)  # ``data`` without a key: a mapping still
        own = Document({"name": path.stem, **rest}, own.name, origins)
    return merge(base, own)


def _removed(base: Document, own: Document) -> Document:
    """``base`` without the keys listed under ``own``'s ``remove:`` (dotted key paths).

    Removal happens before the merge, so removing a mapping and writing it again in the
    same file replaces it as a whole.
    """
    fields = own.data
    assert isinstance(fields, dict)  # a rules file is a mapping (checked when read)
    entries = fields["remove"]
    if not isinstance(entries, list):
        file, line = own.where(("remove",))
        message = "expected a list of key paths, such as [player_counts.2]"
        raise RulesError([Problem(file, line, "remove", message)])
    data: Any = copy.deepcopy(base.data)  # YAML read in: the key paths are checked below
    origins = dict(base.origins)
    problems = []
    for index, entry in enumerate(entries):
        file, line = own.where(("remove", index))
        found = _key_path(data, entry)
        if isinstance(found, str):
            problems.append(Problem(file, line, f"remove.{index}", found))
            continue
        parent: Any = data
        for key in found[:-1]:
            parent = parent[key]
        del parent[found[-1]]
        origins = {p: o for p, o in origins.items() if p[: len(found)] != found}
    if problems:
        raise RulesError(problems)
    return Document(data, base.name, origins)


def _key_path(data: object, entry: object) -> tuple[str | int, ...] | str:
    """The key path a ``remove:`` entry names in ``data``, or why it names none."""
    if not isinstance(entry, (str, int)) or isinstance(entry, bool) or entry == "":
        return f"expected a dotted key path such as player_counts.2, got {entry!r}"
    found: list[str | int] = []
    node: Any = data  # YAML read in, each step checked
    for word in str(entry).split("."):
        key: str | int | None = None
        if isinstance(node, dict):
            if word in node:
                key = word
            elif word.lstrip("-").isdigit() and int(word) in node:
                key = int(word)
        if key is None:
            where = ".".join(str(k) for k in found) or "the top level"
            if isinstance(node, list):
                return f"cannot remove {entry}: {where} is a list (write the whole list instead)"
            return f"cannot remove {entry}: the base has no key {word!r} at {where}"
        found.append(key)
        node = node[key]
    return tuple(found)


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def check_document(doc: Document) -> list[Problem]:
    """Every problem in a resolved rules document."""
    data = doc.data
    unsafe = _unsafe_text(doc)
    if unsafe:
        return unsafe
    game = data.get("game") if isinstance(data, dict) else None
    info = find(game)
    if info is None:
        file, line = doc.where(("game",))
        return [Problem(file, line, "game",
                        f"expected one of {', '.join(game_ids())}, got {game!r}")]
    return info.check(doc) + _name_problems(doc)


def _unsafe_text(doc: Document) -> list[Problem]:
    """Strings that no screen should print: control characters (a YAML ``"\\e"`` is ESC)
    and unpaired surrogates (``"\\ud800"``), which cannot even be printed."""
    problems = []
    todo: list[tuple[Any, tuple[str | int, ...]]] = [(doc.data, ())]
    while todo:
        value, path = todo.pop()
        if isinstance(value, dict):
            todo.extend((v, (*path, k)) for k, v in value.items())
            todo.extend((k, path) for k in value if isinstance(k, str))
        elif isinstance(value, list):
            todo.extend((v, (*path, i)) for i, v in enumerate(value))
        elif isinstance(value, str) and (bad := UNSAFE_TEXT.search(value)) is not None:
            file, line = doc.where(path)
            problems.append(Problem(file, line, dotted(path), f"character U+{ord(bad.group()):04X} "
                                    "is not allowed in text: remove it"))
    return problems


NOT_RULES = ("description",)
"""Top-level keys of a rules file that change no rule (the words ``medici variants`` shows):
the digest leaves them out, so rewording a description relabels no saved game."""


def digest(rules: dict[str, Any]) -> str:
    """A SHA-256 over the canonical JSON of resolved rules, their description left out
    (``NOT_RULES``): two rules files that play the same game have the same digest.

    Records of version 1 and before took the description in (``digest_with_description``);
    reading one recomputes its digest this way once the old one is checked.
    """
    if isinstance(rules, dict) and any(key in rules for key in NOT_RULES):
        rules = {k: v for k, v in rules.items() if k not in NOT_RULES}
    return digest_with_description(rules)


def digest_with_description(rules: dict[str, Any]) -> str:
    """The digest of records up to version 1: a SHA-256 over the canonical JSON of the
    whole resolved rules, description included."""
    try:
        text = json.dumps(rules, sort_keys=True, separators=(",", ":"), default=str)
    except TypeError:
        # Keys of mixed kinds (2 and "x" in one mapping) cannot be sorted. Valid rules
        # never mix them, so this digest only has to differ from theirs, not be pretty.
        text = json.dumps(_text_keys(rules), sort_keys=True, separators=(",", ":"), default=str)
    # surrogatepass: an unpaired surrogate in foreign rules still gets a digest (to refuse).
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _text_keys(value: Any) -> Any:
    """``value`` with every mapping key written as ``type:key`` text (sortable, distinct)."""
    if isinstance(value, dict):
        return {f"{type(k).__name__}:{k}": _text_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_text_keys(v) for v in value]
    return value


_CACHE: dict[tuple[str, str, bool | None], Variant] = {}


def variant_from_rules(rules: dict[str, Any], source: str, strict: bool | None = None) -> Variant:
    """A Variant from an already resolved rules mapping (as a saved game stores it), validated."""
    problems = check_document(Document(rules, source, {}))
    if problems:
        raise RulesError(problems)
    return _build(rules, source, strict)


def _build(rules: dict[str, Any], source: str, strict: bool | None) -> Variant:
    key = (digest(rules), source, strict)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    info = find(rules["game"])
    assert info is not None  # checked before building
    try:
        logic = info.logic(rules, strict=strict)
    except (ValueError, KeyError, TypeError, IndexError) as err:
        # Validation should have caught it; if a combination slipped through, still say
        # which file, never a traceback.
        problem = Problem(source, None, "", f"the game cannot be built from these rules: {err}")
        raise RulesError([problem]) from err
    var = Variant(
        name=rules["name"],
        game=rules["game"],
        description=rules.get("description", ""),
        rules=rules,
        digest=key[0],
        source=source,
        logic=logic,
    )
    _CACHE[key] = var
    return var


_FILE_CACHE: dict[tuple[str, bool | None], tuple[list[tuple[Path, int, int]], Variant]] = {}


def _stamp(path: Path) -> tuple[Path, int, int]:
    try:
        st = path.stat()
    except OSError:
        return (path, -1, -1)
    return (path, st.st_mtime_ns, st.st_size)


def _name_problems(doc: Document) -> list[Problem]:
    """The variant's name by the rule records check it with (``engine.names``): a variant
    that could be played but whose games could never be loaded back is refused here."""
    name = doc.data.get("name") if isinstance(doc.data, dict) else None
    problem = variant_name_problem(name)
    if problem is None:
        return []
    file, line = doc.where(("name",))
    fix = re.sub(r"[^a-z0-9_-]+", "-", str(name).lower()).strip("-_")
    fix = fix if fix[:1].isalpha() else f"house-{fix}".rstrip("-")
    return [Problem(file, line, "name", f"{quote(name)}: {problem} (a record names its rules "
                    f"so); write `name: {fix[:60]}` in the file")]


def load_variant(ref: str, strict: bool | None = None) -> Variant:
    """Load a variant by name (``medici``) or file path, validated.

    Cached while none of the files it was read from changes, so games share one machine.
    """
    key = (str(_locate(ref).resolve()), strict)
    hit = _FILE_CACHE.get(key)
    if hit is not None and all(_stamp(stamp[0]) == stamp for stamp in hit[0]):
        return hit[1]
    files: list[Path] = []
    doc = resolve_document(ref, files=files)
    problems = check_document(doc)
    if problems:
        raise RulesError(problems)
    assert isinstance(doc.data, dict)  # checked: a rules file is a mapping
    var = _build(doc.data, doc.name, strict)
    _FILE_CACHE[key] = ([_stamp(p) for p in files], var)
    return var


def rules_label(name: str, rules_digest: str) -> str:
    """How ``verify``, ``log`` and ``variant check`` name a record's or a file's rules.

    The name itself, unless it is a shipped variant's name on other rules (a house rule
    file or an edited record calling itself ``medici``): then ``modified medici rules
    (digest 2c87184a5dc4)``, so no one takes them for the shipped rules. Such rules are
    flagged, not refused: a record saved under an older release's shipped rules still loads.
    """
    if name not in variant_names():
        return name
    try:
        shipped = load_variant(name).digest
    except RulesError:
        return name
    if shipped == rules_digest:
        return name
    return f"modified {name} rules (digest {rules_digest[:12]})"
