"""Reading a record into a game: every check, then a replay through the rules.

Nothing of the game is touched until the file has passed the JSON, version, checksum and
type checks; then the events are replayed move by move through ``Game.apply`` (the one
source of truth for the rules), each derived event is compared with the record, and the
final view with the stored one. A failure names the event and says what is wrong, e.g.
``saves/x.json: event 212 (bid 9 by Bo): Bo has only 7 florins (M-9)``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action
from engine.chance import Chance, ChanceScript, GivenChance, SeededChance, chance_from_events
from engine.errors import ChanceExhausted, IllegalAction, RecordError, RulesError
from engine.game import Game, new_game
from engine.records.format import Record, read_document, record_from_game, restore_keys
from engine.records.review_section import ReviewCheck, check_shape
from engine.records.schema import check_document, check_events
from engine.rules import Variant, digest, load_variant, variant_from_rules
from engine.views import Event, View

StepHook = Callable[[int, Game], None]
"""Called with ``(step, game)`` at step 0 (set up) and after each move: for snapshots."""

SAVED_RULES = "saved rules"
"""The source name of variants built from a record's rules (shared, so they are cached once)."""


def read_record(data: bytes, name: str, on_step: StepHook | None = None) -> tuple[Record, Game]:
    """Check and replay a record file's bytes; the verified Record and the game at its end."""
    doc, written = read_document(data, name)
    doc = check_document(doc, name)
    variant = variant_of(doc, name)
    names = tuple(p["name"] for p in doc["players"])
    bots = tuple(p.get("bot") for p in doc["players"])
    pending = doc.get("chance")
    review = _review_check(doc, name)
    if review is not None:
        on_step = _both(on_step, review.note)
    if "events" in doc:
        events = doc["events"]
        check_events(events, name, variant.logic.grammar.kinds, len(names))
        seed = doc["seed"] if "seed" in doc else events[0].get("seed")
        game = _start(variant, names, seed, _chance(events, pending, seed), name)
        replay_events(game, events, name, on_step)
    else:
        seed = doc.get("seed")
        game = _start(variant, names, seed, _chance([], pending, seed), name)
        play_moves(game, doc["moves"], name, on_step)
    if "state" in doc:
        _compare_state(game.view(), doc["state"], name)
    if review is not None:
        review.finish(game)
    record = record_from_game(
        game,
        bots,
        source=name,
        engine=doc.get("engine", ""),
        hand_written="moves" in doc,
        migrated_from=None if written == doc["version"] else written,
        branch_of=doc.get("branch_of"),
        table=doc.get("table"),
        review=None if review is None else review.section,
    )
    return record, game


# -- the review section (engine.records.review_section) ------------------------------------
def _review_check(doc: dict[str, Any], name: str) -> ReviewCheck | None:
    """The checks of a record's review section, its shape checked now (None: no review)."""
    if "review" not in doc:
        return None
    return ReviewCheck(check_shape(doc["review"], name), name)


def _both(first: StepHook | None, second: StepHook) -> StepHook:
    """One step hook calling ``first`` (if any), then ``second``."""
    def hook(step: int, game: Game) -> None:
        if first is not None:
            first(step, game)
        second(step, game)
    return hook


def variant_of(doc: dict[str, Any], name: str) -> Variant:
    """The variant a record was played under: its own stored rules, checked against the digest.

    A hand-written record may leave the rules out; the named variant of ``config/`` is then
    used (and must match ``rules_digest`` if the record gives one).
    """
    given = doc.get("rules_digest")
    if "rules" in doc:
        rules = restore_keys(doc["rules"])
        if given is not None and digest(rules) != given:
            raise RecordError(
                name,
                "the rules do not match rules_digest: they were changed after the game was saved",
            )
        try:
            var = variant_from_rules(rules, SAVED_RULES)
        except RulesError as err:
            raise RecordError(name, "rules: " + _problems(err)) from None
    else:
        try:
            var = load_variant(doc["variant"])
        except RulesError as err:
            raise RecordError(name, f"variant {doc['variant']!r}: {_problems(err)}") from None
        if given is not None and var.digest != given:
            raise RecordError(
                name,
                f"the record was played under other rules than variant {var.name!r} has now "
                f"(rules_digest {given[:12]}..., config {var.digest[:12]}...): the record "
                "needs its own rules",
            )
    if var.name != doc["variant"]:
        raise RecordError(
            name, f"variant: the record says {doc['variant']!r} but its rules are {var.name!r}"
        )
    if doc.get("game", var.game) != var.game:
        raise RecordError(
            name, f"game: the record says {doc['game']!r} but its rules play {var.game!r}"
        )
    return var


def _problems(err: RulesError) -> str:
    shown = "; ".join(f"{p.path}: {p.message}" if p.path else p.message for p in err.problems[:5])
    return shown or str(err)


def _chance(events: Sequence[Event], pending: ChanceScript | None, seed: int | None) -> Chance:
    """The outcomes recorded in ``events``, then those given ahead, then the seed's."""
    given = chance_from_events(events)
    orders, choices = given.orders, given.choices
    if pending:
        orders += pending.get("orders", [])
        choices += pending.get("choices", [])
    return GivenChance(orders, choices, None if seed is None else SeededChance(seed))


def replay_record(record: Record, on_step: StepHook | None = None) -> Game:
    """Replay an already read Record again (e.g. to take snapshots); the game at its end."""
    name = record.source or record.variant
    variant = variant_from_rules(record.rules, SAVED_RULES)
    chance = _chance(record.events, record.chance, record.seed)
    game = _start(variant, record.players, record.seed, chance, name)
    replay_events(game, record.events, name, on_step)
    return game


def _start(
    variant: Variant, names: tuple[str, ...], seed: int | None, chance: Chance, name: str
) -> Game:
    try:
        return new_game(variant, names, seed=seed, chance=chance)
    except ChanceExhausted as err:
        raise RecordError(name, f"setting up the game: {err}") from None
    except ValueError as err:
        raise RecordError(name, f"players: {err}") from None


def replay_events(
    game: Game, events: Sequence[Event], name: str, on_step: StepHook | None = None
) -> None:
    """Replay a record's events onto ``game`` (just set up from them), checking each one."""
    logic = game.logic
    names = game.players
    total = len(events)
    step = 0
    if on_step is not None:
        on_step(0, game)
    index = 0
    while index < total:
        built = game.events
        event = events[index]
        if index < len(built):
            if not same(built[index], event):
                raise RecordError(name, f"event {index}: {_difference(event, built[index])}")
            index += 1
            continue
        action = logic.action_of(event)
        if action is None:
            raise RecordError(
                name,
                f"event {index} ({event['type']}): does not follow from the moves before it; "
                f"the rules wait for {_waiting(game)}",
            )
        player = event.get("player")
        label = move_label(action, player, names)
        current = game.current_player
        if player is not None and player != current:
            turn = "the game is over" if current is None else f"it is {names[current]}'s turn"
            raise RecordError(name, f"event {index} ({label}): {turn}")
        _apply(game, action, name, f"event {index} ({label})")
        step += 1
        if on_step is not None:
            on_step(step, game)
    if len(game.events) > total:
        raise RecordError(
            name,
            f"the record stops after event {total - 1}, but the rules go on with "
            f"{_short(game.events[total])} (the file was cut short?)",
        )


def play_moves(
    game: Game, moves: Sequence[str], name: str, on_step: StepHook | None = None
) -> None:
    """Apply a hand-written record's moves (``"bid 7"``), numbered from 1 in messages."""
    grammar = game.logic.grammar
    names = game.players
    if on_step is not None:
        on_step(0, game)
    for number, text in enumerate(moves, 1):
        current = game.current_player
        if current is None:
            raise RecordError(name, f"move {number} ({text}): the game is already over")
        try:
            action = grammar.parse(text)
        except IllegalAction as err:
            raise RecordError(name, f"move {number} ({text!r}): {err.reason}") from None
        _apply(game, action, name, f"move {number} ({move_label(action, current, names)})")
        if on_step is not None:
            on_step(number, game)


def _apply(game: Game, action: Action, name: str, where: str) -> None:
    try:
        game.apply(action)
    except IllegalAction as err:
        raise RecordError(name, f"{where}: {err.reason}") from None
    except ChanceExhausted as err:
        raise RecordError(name, f"{where}: {err}") from None


def move_label(action: Action, player: object, names: Sequence[str]) -> str:
    """``bid 9 by Bo``: a move as messages and the game story name it."""
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(names):
        return f"{action} by {names[player]}"
    return str(action)


def _waiting(game: Game) -> str:
    current = game.current_player
    if current is None:
        return "nothing: the game is over"
    legal = ", ".join(str(x) for x in game.legal_actions())
    return f"a move by {game.players[current]} ({legal})"


def _normal(value: object) -> Any:
    return json.loads(json.dumps(value))  # JSON in


def same(built: object, stored: object) -> bool:
    """Whether an engine value equals its stored JSON form (tuples, number keys and all)."""
    return built == stored or _normal(built) == stored


def _short(event: object) -> str:
    text = json.dumps(event, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def _difference(stored: object, built: object) -> str:
    if isinstance(stored, dict) and isinstance(built, dict):
        built_n = _normal(built)
        keys = [k for k in dict.fromkeys([*built_n, *stored]) if built_n.get(k) != stored.get(k)]
        if stored.get("type") == built_n.get("type") and keys:
            parts = ", ".join(
                f"{k} is {_short(stored.get(k))} but the rules give {_short(built_n.get(k))}"
                for k in keys[:3]
            )
            return f"{stored.get('type')}: {parts}"
    return f"the record has {_short(stored)} but the rules give {_short(built)}"


def _compare_state(built: View, stored: object, name: str) -> None:
    """The replayed view must agree with the stored one wherever both have a key.

    Keys only one side has are left alone, so that a later engine may add to the view
    without making every older record fail; any value both have must be equal.
    """
    if same(built, stored):
        return
    found = first_difference(_normal(built), stored, common_only=True)
    if found is None:
        return
    path, a, b = found
    raise RecordError(
        name,
        f"the stored final state differs from the replay at {path or 'the top'}: "
        f"stored {_short(b)}, replayed {_short(a)}",
    )


def first_difference(
    a: object, b: object, path: str = "", common_only: bool = False
) -> tuple[str, object, object] | None:
    """The dotted path of the first place two JSON values differ and both values there.

    None if they are equal (with ``common_only``: equal wherever both objects have a key).
    """
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [k for k in a if k in b] if common_only else list(dict.fromkeys([*a, *b]))
        for key in keys:
            if key not in a or key not in b:
                return (f"{path}.{key}" if path else key), a.get(key), b.get(key)
            found = first_difference(a[key], b[key], f"{path}.{key}" if path else key, common_only)
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}.{i}" if path else str(i), common_only)
            if found is not None:
                return found
        return None
    return None if a == b else (path, a, b)
