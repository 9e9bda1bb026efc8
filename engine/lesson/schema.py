"""The shape of a lesson file, and the checks that tie it to its game (file:line errors).

A lesson is safe YAML (``engine.yamlsafe``) of this shape::

    game: medici                      # the game it teaches (a registered game's id)
    title: Your first game of Medici
    variant: medici                   # its rules (a name, or a file beside this one; default:
                                      # the game's own)
    minutes: 12                       # about how long it takes a person
    players:                          # seat order; the one seat without a bot is the learner's
      - {name: You}
      - {name: Bo, bot: thrifty}
    seed: 29                          # chance beyond the deal (a tie-break the deal leaves open)
    deal:                             # the prepared deal, as a record gives chance (G-1)
      choices: [1]                    # random choices in order (a start player)
      orders: [[fur:5, ...], ...]     # each day's or round's draw order, top first
    judge: {poor: 5, fair: 2, praise: 2}
    script:                           # the bots' moves where the lesson needs them
      - {player: Bo, period: 1, view: {lot: [fur:5]}, move: draw}
    rules: {M-9: "..."}               # a rule in plain words, said when a move breaks it
    steps:
      - id: first-bid
        when: {decision: bid}         # or start, over, a list (any of them)
        after: watch                  # said only once the step `watch` has been
        show: true                    # the table is drawn under the words
        introduces: [M-9]
        say: |
          ...

Every problem is reported at once with its file, line and key path, as for rules files.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from engine.errors import MediciError, Problem, RulesError
from engine.schema import (
    Bool,
    Checker,
    Int,
    ListOf,
    MapOf,
    Name,
    Node,
    Record,
    Str,
    Text,
    show,
    validate,
)
from engine.yamlsafe import Document, KeyPath

PLACEHOLDERS = ("worth", "money", "name", "period", "unit")
"""What a step's words may name in braces, filled in from the learner's view when said:
what is on sale is worth to the learner (the bots' estimate), the learner's money and name,
the scoring period's number, the game's unit of money."""

MOMENTS = ("start", "over")
"""The moments a step's ``when`` may name in one word."""


class ViewValue(Node):
    """A value a view's key is compared with: a plain value, or a list of them."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a mapping, or a list holding anything but plain values."""
        items = value if isinstance(value, list) else [value]
        for index, item in enumerate(items):
            Scalar().check(item, path + ((index,) if isinstance(value, list) else ()), checker)


class Scalar(Node):
    """A plain value a view's or event's field is compared with: text, number, bool, null."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a list or a mapping."""
        if isinstance(value, (list, dict)) or isinstance(value, float):
            checker.error(path, f"expected text, a whole number, true, false or null, got "
                                f"{show(value)}")


CONDITION_KEYS: dict[str, Node] = {
    "start": Bool(),
    "over": Bool(),
    "event": Name(),
    "with": MapOf(Name(), Scalar()),
    "decision": Name(),
    "phase": Name(),
    "period": Int(1, 99),
    "view": MapOf(Name(), ViewValue()),
    "any_player": MapOf(Name(), Scalar()),
    "learner": MapOf(Name(), Scalar()),
}
"""A condition's keys (``engine.lesson.model.Condition``)."""

CONDITION = Record({}, CONDITION_KEYS)


class When(Node):
    """A step's moment: ``start``, ``over``, a condition, or a list of them (any holds)."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a moment that is none of those."""
        if isinstance(value, list):
            if not value:
                checker.error(path, "expected at least one moment, got an empty list")
            for index, item in enumerate(value):
                self.one(item, path + (index,), checker)
            return
        self.one(value, path, checker)

    def one(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Check one moment."""
        if isinstance(value, str):
            if value not in MOMENTS:
                checker.error(path, f"expected {' or '.join(MOMENTS)} or a condition "
                                    f"(a mapping of {', '.join(CONDITION_KEYS)}), got "
                                    f"{show(value)}")
            return
        if isinstance(value, dict) and not value:
            checker.error(path, "an empty condition always holds: name at least one of "
                                + ", ".join(CONDITION_KEYS))
            return
        CONDITION.check(value, path, checker)


STEP = Record(
    {"id": Name(), "when": When(), "say": Text()},
    {"introduces": ListOf(Str(), unique=True, max_len=20), "title": Text(), "after": Name(),
     "show": Bool()},
)
SCRIPTED = Record({"player": Text(), "move": Text()},
                  {k: v for k, v in CONDITION_KEYS.items()
                   if k in ("phase", "period", "view", "any_player")})
SEAT = Record({"name": Text()}, {"bot": Text()})

SCHEMA = Record(
    {
        "game": Name(),
        "title": Text(),
        "players": ListOf(SEAT, min_len=1, max_len=8),
        "seed": Int(0, 2**64 - 1),
        "deal": Record({"orders": ListOf(ListOf(Str(), max_len=400), max_len=40)},
                       {"choices": ListOf(Int(0, 99), max_len=100)}),
        "steps": ListOf(STEP, min_len=1, max_len=200),
    },
    optional={
        "variant": Text(),
        "description": Text(),
        "minutes": Int(1, 120),
        "judge": Record({}, {"poor": Int(1, 10_000), "fair": Int(0, 10_000),
                             "praise": Int(0, 100)}),
        "script": ListOf(SCRIPTED, max_len=500),
        "rules": MapOf(Str(), Text()),
    },
)
"""The shape of every lesson file."""


def check(doc: Document) -> list[Problem]:
    """Every problem of a lesson document: its shape, then how it fits its game."""
    problems = validate(doc, SCHEMA)
    if problems:
        return problems
    checker = Checker(doc)
    _fits_game(doc.data, checker)
    return checker.problems


def _fits_game(data: Any, checker: Checker) -> None:
    """The cross-checks: the game, the variant, the seats, the rule ids, the moves, the
    conditions' words, the placeholders and the deal."""
    from engine import rulebook
    from engine.bots import check_spec
    from engine.names import player_name_problem
    from engine.registry import find, game_ids
    from engine.rules import load_variant

    info = find(data["game"])
    if info is None:
        checker.error(("game",), f"no game {data['game']!r} (known: {', '.join(game_ids())})")
        return
    try:
        variant = load_variant(variant_ref(data, info, checker.doc.name))
    except (MediciError, OSError) as err:
        checker.error(("variant",), f"cannot load the variant: {_first_line(err)}")
        return
    if variant.game != info.id:
        checker.error(("variant",), f"the variant {variant.name!r} plays {variant.game}, "
                                    f"not {info.id}")
        return
    logic = variant.logic
    seats = data["players"]
    names = [seat["name"] for seat in seats]
    if len(seats) not in logic.player_counts():
        checker.error(("players",), f"{len(seats)} players: {variant.name} plays with "
                                    f"{', '.join(map(str, logic.player_counts()))}")
    learners = [i for i, seat in enumerate(seats) if "bot" not in seat]
    if len(learners) != 1:
        checker.error(("players",), "exactly one seat is the learner's (a seat without "
                                    f"`bot:`); {len(learners)} are")
    for index, seat in enumerate(seats):
        problem = player_name_problem(seat["name"])
        if problem is not None:
            checker.error(("players", index, "name"), problem)
        if names.index(seat["name"]) != index:
            checker.error(("players", index, "name"), f"{seat['name']!r} is seated twice")
        if "bot" in seat and (problem := check_spec(seat["bot"])) is not None:
            checker.error(("players", index, "bot"), problem)
    known = rulebook.rules()
    for index, step in enumerate(data["steps"]):
        for k, rule in enumerate(step.get("introduces", [])):
            if rule not in known:
                checker.error(("steps", index, "introduces", k), _no_rule(rule))
    for rule in data.get("rules", {}):
        if rule not in known:
            checker.error(("rules", rule), _no_rule(rule))
    ids: set[str] = set()
    for index, step in enumerate(data["steps"]):
        if step["id"] in ids:
            checker.error(("steps", index, "id"), f"step {step['id']!r} is written twice")
        if "after" in step and step["after"] not in ids:
            checker.error(("steps", index, "after"), f"no step {step['after']!r} before this "
                                                     "one")
        ids.add(step["id"])
        _check_words(step["say"], ("steps", index, "say"), checker)
        moments = step["when"] if isinstance(step["when"], list) else [step["when"]]
        for k, moment in enumerate(moments):
            if isinstance(moment, dict):
                where = ("steps", index, "when") + ((k,) if isinstance(step["when"], list)
                                                    else ())
                _check_condition(moment, where, info, logic, names, checker)
    for index, entry in enumerate(data.get("script", [])):
        where = ("script", index)
        if entry["player"] not in names:
            checker.error(where + ("player",), f"no player {entry['player']!r} at the table "
                                               f"({', '.join(names)})")
        elif "bot" not in seats[names.index(entry["player"])]:
            checker.error(where + ("player",), f"{entry['player']} is the learner: the "
                                               "script plays bots' moves only")
        try:
            logic.grammar.parse(entry["move"])
        except MediciError as err:
            checker.error(where + ("move",), f"not a move of {info.title}: {err}")
        _check_condition(entry, where, info, logic, names, checker)
    if not checker.problems:
        _check_deal(data, variant, checker)


def variant_ref(data: Any, info: Any, source: str) -> str:
    """The variant a lesson plays: its ``variant`` (a file named relative to the lesson's
    own folder when it is one there), else its game's default variant."""
    ref = data.get("variant")
    if ref is None:
        return str(info.variant)
    beside = Path(source).parent / ref
    if ref.endswith((".yaml", ".yml")) and not Path(ref).is_absolute() and beside.is_file():
        return str(beside.resolve())
    return str(ref)


def _check_condition(cond: dict[str, Any], where: KeyPath, info: Any, logic: Any,
                     names: list[str], checker: Checker) -> None:
    kinds = logic.grammar.kinds
    if "decision" in cond and cond["decision"] not in kinds:
        checker.error(where + ("decision",), f"{cond['decision']!r} is no move of "
                                             f"{info.title} ({', '.join(kinds)})")
    events = set(info.event_types) | set(kinds)
    if "event" in cond and info.event_types and cond["event"] not in events:
        checker.error(where + ("event",), f"{cond['event']!r} is no event of {info.title} "
                                          f"({', '.join(sorted(events))})")
    who = cond.get("with", {}).get("player")
    if isinstance(who, str) and who not in ("learner", "other", *names):
        checker.error(where + ("with", "player"), f"expected learner, other or a player's "
                                                  f"name ({', '.join(names)}), got {who!r}")


def _check_words(text: str, where: KeyPath, checker: Checker) -> None:
    """A step's words may name only the placeholders, plainly (``{worth}``)."""
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f is not None]
    except ValueError as err:
        checker.error(where, f"{err} (write a brace as {{{{ or }}}})")
        return
    for name in fields:
        if name not in PLACEHOLDERS:
            checker.error(where, f"unknown placeholder {{{name}}}: the words may name "
                                 + ", ".join(f"{{{p}}}" for p in PLACEHOLDERS))


def _check_deal(data: Any, variant: Any, checker: Checker) -> None:
    """The deal must set the game going: the first order and choices fit the game."""
    from engine.errors import ChanceExhausted
    from engine.game import new_game
    from engine.lesson.deal import deal_chance

    names = [seat["name"] for seat in data["players"]]
    chance = deal_chance(data["deal"]["orders"], data["deal"].get("choices", []), data["seed"])
    try:
        new_game(variant, names, seed=data["seed"], chance=chance)
    except ChanceExhausted as err:
        checker.error(("deal",), f"the deal does not fit the game: {err}")


def _no_rule(rule: str) -> str:
    from engine import rulebook

    return f"no rule {rule!r} in the rules text (rule ids: {rulebook.families()})"


def _first_line(err: Exception) -> str:
    if isinstance(err, RulesError) and err.problems:
        return str(err.problems[0])
    return str(err).splitlines()[0] if str(err) else type(err).__name__
