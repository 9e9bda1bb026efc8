"""The record format: its version, the ``Record`` it reads into, how it is written and checked.

A record is one JSON object (docs/record-format.md). It is written pretty-printed with one
event per line, so that two records diff line by line, and carries a SHA-256 checksum over
its canonical form, so that damage is caught before anything is replayed. Older versions
are migrated by code on reading; newer ones are refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict, cast

from engine import __version__
from engine.botspecs import spec_problem
from engine.chance import ChanceScript, GivenChance
from engine.errors import MediciError, RecordError
from engine.game import Game
from engine.records.review_section import ReviewSection, encode_lines, fitted
from engine.records.strictjson import canonical, decode
from engine.rules import digest, digest_with_description, load_variant
from engine.views import Event, SetupEvent, View

FORMAT = "medici-record"
"""The value of every record's ``format`` key: what the file is."""

VERSION = 3
"""The record version this code writes. Versions from OLDEST_VERSION up are read."""

OLDEST_VERSION = 0

CHECKSUM_PREFIX = "sha256:"

_HEX64 = re.compile(r"[0-9a-f]{64}")
_INT_KEY = re.compile(r"-?[0-9]{1,9}")


class Branch(TypedDict):
    """Where a branched game came from: the save it was replayed from, and the step."""

    name: str
    step: int


@dataclass(frozen=True)
class Record:
    """A whole game as a record: who played what under which rules, and every event.

    A record read from a file has been verified (checksum, rules digest, replay, final
    state); ``events`` are then the events as the engine rebuilt them. ``chance`` holds
    given chance outcomes not used yet (a table game entered ahead of play), else None.
    ``state`` is ``Game.view()`` after the last event: the full view once the game is over;
    before that, without what every player's view hides (``stored_state``, G-3).
    """

    variant: str
    game: str
    rules: dict[str, Any]
    """The resolved rules (``Variant.rules``): YAML once, JSON in the file."""
    rules_digest: str
    players: tuple[str, ...]
    bots: tuple[str | None, ...]
    seed: int | None
    events: list[Event]
    state: View
    chance: ChanceScript | None = None
    engine: str = ""
    source: str = ""
    hand_written: bool = False
    migrated_from: int | None = None
    branch_of: Branch | None = None
    """For a game branched from a replay: ``{"name": save name, "step": N}`` (version 2)."""
    table: dict[str, Any] | None = None
    """The settings of the table the game is played at (version 3): ``Settings.section()``
    (``engine.records.settings``), None for a record without them (the defaults)."""
    review: ReviewSection | None = None
    """A review of the game kept with it (``engine.records.review_section``), or None."""

    @property
    def finished(self) -> bool:
        """Whether the game in the record has ended (its final view names the winners)."""
        return bool(self.state.get("winners"))

    def document(self) -> dict[str, Any]:
        """The record as the JSON object a file holds (without its checksum)."""
        doc: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "engine": __version__,
            "game": self.game,
            "variant": self.variant,
            "rules_digest": self.rules_digest,
            "seed": self.seed,
            "players": [
                {"name": n, "bot": b} for n, b in zip(self.players, self.bots, strict=True)
            ],
            "rules": self.rules,
            "events": self.events,
        }
        if self.chance:
            doc["chance"] = self.chance
        if self.branch_of:
            doc["branch_of"] = self.branch_of
        if self.table:
            doc["table"] = self.table
        doc["state"] = self.state
        if self.review:
            doc["review"] = self.review
        return doc


def record_from_game(
    game: Game,
    bots: list[str | None] | tuple[str | None, ...] | None = None,
    *,
    source: str = "",
    engine: str = "",
    hand_written: bool = False,
    migrated_from: int | None = None,
    branch_of: Branch | None = None,
    table: dict[str, Any] | None = None,
    review: ReviewSection | None = None,
) -> Record:
    """The record of a game as it stands (the event objects are shared: never edit them);
    ``table`` is the table's settings section, if the game is played at one; ``review``, a
    review kept with it, is cut to the moves the game still has."""
    names = game.players
    seats = _bots(bots, names)
    chance = game.state.chance
    pending: ChanceScript | None = None
    if isinstance(chance, GivenChance) and (chance.orders or chance.choices):
        pending = {"orders": [list(o) for o in chance.orders], "choices": list(chance.choices)}
    return Record(
        variant=game.variant.name,
        game=game.variant.game,
        rules=game.variant.rules,
        rules_digest=game.variant.digest,
        players=tuple(names),
        bots=seats,
        seed=cast(SetupEvent, game.events[0]).get("seed"),
        events=list(game.events),
        state=stored_state(game),
        chance=pending,
        source=source,
        engine=engine,
        hand_written=hand_written,
        migrated_from=migrated_from,
        branch_of=branch_of,
        table=table,
        review=None if review is None else fitted(review, game),
    )


def stored_state(game: Game) -> View:
    """The final state a record stores: ``Game.view()``, but while the game is unfinished
    without the keys only the full view has (Medici: ``pile``, ``removed``; Medici vs
    Strozzi: ``bag``).

    G-3: nobody may know the order of the pile, and a save of a game in progress is a file
    anyone at the table can open. Once the game is over there is nothing left to hide.
    Loading compares only the keys both sides have, so such a state still verifies.
    """
    full = game.view()
    if game.is_over:
        return full
    hidden = full.keys() - game.view(0).keys()
    # What only the full view has are keys a view may leave out: still a View.
    return cast(View, {k: v for k, v in full.items() if k not in hidden})


def _bots(
    bots: list[str | None] | tuple[str | None, ...] | None, names: tuple[str, ...]
) -> tuple[str | None, ...]:
    count = len(names)
    if bots is None:
        return (None,) * count
    seats = tuple(bots)
    if len(seats) != count:
        raise ValueError(f"bots: one entry per seat is needed ({count}), got {len(seats)}")
    for spec in seats:
        if spec is not None and (not isinstance(spec, str) or not spec.strip()):
            raise ValueError(f"bots: each entry is None (a person) or a bot spec, got {spec!r}")
    for seat, spec in enumerate(seats):
        # Asked through the seam the bots fill: the records import no bot.
        problem = None if spec is None else spec_problem(spec)
        if problem is not None:
            raise ValueError(f"bots: seat {seat} ({names[seat]}): {problem}")
    return seats


# -- writing ------------------------------------------------------------------------------
def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)


_ONE_PER_LINE = {"players", "events"}
_KEY_PER_LINE = {"rules", "state", "chance"}


def encode(record: Record) -> str:
    """The record as file text: pretty JSON, one event per line, checksum last."""
    doc = record.document()
    check_rules_storable(record.rules, record.source or record.variant)
    normal = json.loads(json.dumps(doc, allow_nan=False))
    doc["checksum"] = checksum(normal)
    lines = ["{"]
    items = list(doc.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        head = f"  {json.dumps(key)}: "
        if key in _ONE_PER_LINE and isinstance(value, list) and value:
            lines.append(head + "[")
            lines.extend(
                f"    {_compact(v)}{',' if j < len(value) - 1 else ''}" for j, v in enumerate(value)
            )
            lines.append(f"  ]{comma}")
        elif key == "review" and isinstance(value, dict):
            lines.extend(encode_lines(cast(ReviewSection, value), head, comma))
        elif key in _KEY_PER_LINE and isinstance(value, dict) and value:
            lines.append(head + "{")
            inner = list(value.items())
            lines.extend(
                f"    {json.dumps(str(k))}: {_compact(v)}{',' if j < len(inner) - 1 else ''}"
                for j, (k, v) in enumerate(inner)
            )
            lines.append(f"  }}{comma}")
        else:
            lines.append(head + _compact(value) + comma)
    lines.append("}")
    return "\n".join(lines) + "\n"


def checksum(doc: dict[str, Any]) -> str:
    """``sha256:HEX`` over the canonical JSON of a record's content (every key but checksum)."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return CHECKSUM_PREFIX + hashlib.sha256(canonical(body)).hexdigest()


# -- rules keys ---------------------------------------------------------------------------
def restore_keys(value: Any) -> Any:
    """Rules with whole-number keys (player counts, levels) as numbers again.

    JSON object keys are always strings; the YAML the rules came from had numbers there.
    """
    if isinstance(value, dict):
        return {
            (int(k) if isinstance(k, str) and _INT_KEY.fullmatch(k) else k): restore_keys(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [restore_keys(v) for v in value]
    return value


def check_rules_storable(rules: dict[str, Any], name: str) -> None:
    """Refuse rules that would not read back exactly (keys JSON cannot tell apart)."""
    try:
        back = restore_keys(json.loads(json.dumps(rules, allow_nan=False)))
    except (TypeError, ValueError) as err:
        raise RecordError(name, f"rules cannot be stored as JSON: {err}") from None
    if back != rules:
        raise RecordError(
            name,
            "rules cannot be stored exactly: a key is a string of digits or not a string "
            "or whole number",
        )


# -- reading ------------------------------------------------------------------------------
def read_document(data: bytes, name: str) -> tuple[dict[str, Any], int]:
    """Parse and check a record file's bytes: JSON, format, version, checksum, migration.

    Returns the document in the current version's shape and the version it was written in.
    """
    doc = decode(data, name)
    if not isinstance(doc, dict):
        raise RecordError(name, f"a record is a JSON object {{...}}, this file holds {_kind(doc)}")
    if doc.get("format") != FORMAT:
        raise RecordError(
            name, f'not a medici game record: it has no "format": "{FORMAT}" (is it a record?)'
        )
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(name, f"version: expected a whole number, got {version!r}")
    if version > VERSION:
        raise RecordError(
            name,
            f"written by a newer medici (record version {version}; this medici reads "
            f"versions {OLDEST_VERSION} to {VERSION}): update medici to open it",
        )
    if version < OLDEST_VERSION:
        raise RecordError(
            name, f"record version {version} does not exist (versions start at {OLDEST_VERSION})"
        )
    if "checksum" in doc:
        stored = doc["checksum"]
        if not (
            isinstance(stored, str)
            and stored.startswith(CHECKSUM_PREFIX)
            and _HEX64.fullmatch(stored[len(CHECKSUM_PREFIX) :])
        ):
            raise RecordError(name, f"checksum: expected sha256: and 64 hex digits, got {stored!r}")
        if checksum(doc) != stored:
            raise RecordError(
                name,
                "the checksum does not match the content: the file was damaged or changed "
                "after it was saved (to load a record edited on purpose, remove its "
                '"checksum" entry, the last line before the closing }, and the comma that ends '
                "the line above it, so the JSON stays valid: the replay still checks every move)",
            )
    written = version
    while version < VERSION:
        doc = MIGRATIONS[version](doc, name)
        version += 1
        doc["version"] = version
    return doc, written


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    return f"the value {value!r}"


# -- migrations ---------------------------------------------------------------------------
def _from_version_0(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """Version 0 (the draft format) kept ``log``, ``rules_hash`` and parallel ``bots``.

    Version 1 calls the events ``events``, the digest ``rules_digest``, and gives each
    player an object ``{"name", "bot"}``.
    """
    out = dict(doc)
    renames = {"log": "events", "rules_hash": "rules_digest"}
    for old, new in renames.items():
        if old in out:
            if new in out:
                raise RecordError(name, f"version 0 record has both {old!r} and {new!r}")
            out[new] = out.pop(old)
    players = out.get("players")
    bots = out.pop("bots", None)
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        if bots is None:
            bots = [None] * len(players)
        if not isinstance(bots, list) or len(bots) != len(players):
            raise RecordError(name, "version 0 record: bots must list one entry per player")
        out["players"] = [{"name": p, "bot": b} for p, b in zip(players, bots, strict=True)]
    elif bots is not None:
        raise RecordError(name, "version 0 record: players must be a list of names")
    return out


def _from_version_1(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """Version 1's ``rules_digest`` took the rules' description in; version 2's leaves it
    out (``engine.rules.digest``), so that rewording a description (the shipped ones now
    cite docs/rules.md) labels no saved game "modified rules".

    A version-1 digest that matches its rules (or, with no rules, the named variant's) is
    replaced by the version-2 digest of the same rules; one that does not is left as it
    is, and loading refuses it as before.
    """
    out = dict(doc)
    given = out.get("rules_digest")
    if not isinstance(given, str):
        return out
    rules = out.get("rules")
    if isinstance(rules, dict):
        restored = restore_keys(rules)
        if digest_with_description(restored) == given:
            out["rules_digest"] = digest(restored)
        return out
    variant = out.get("variant")
    if isinstance(variant, str):
        try:
            current = load_variant(variant).rules
        except (MediciError, OSError, ValueError):
            return out
        if digest_with_description(current) == given:
            out["rules_digest"] = digest(current)
    return out


def _from_version_2(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """Version 3 adds the optional ``table`` section (the table's settings); a version-2
    record has none, and is played at a table with the default settings."""
    return dict(doc)


MIGRATIONS: dict[int, Callable[[dict[str, Any], str], dict[str, Any]]] = {
    0: _from_version_0, 1: _from_version_1, 2: _from_version_2}
"""Version N -> a function turning a version-N document into a version N+1 one."""
