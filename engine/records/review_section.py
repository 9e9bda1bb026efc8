"""The record's optional ``review`` section: a review of the game kept with it
(docs/record-format.md, "The review section"; ``medici review`` writes it).

Its own code, apart from the rest of the format: its shape, how it is written (one judged
move a line, so two reviews diff line by line), and what ``verify`` checks of it. Every
figure is a whole number (win chances in tenths of a percent, 0..1000), so the checksum
over it is the same on every machine. What ``verify`` checks: the section's shape; that
it covers no step the record lacks; that each judged move is the move the record has at
that step, by the player who made it; that the best move named was legal there; and that
each label follows from the figures and the section's own thresholds.
"""

from __future__ import annotations

import json
from typing import Any, NotRequired, TypedDict

from engine.errors import RecordError
from engine.game import Game
from engine.records.schema import Text, _raise
from engine.schema import Int, ListOf, Record, show, validate
from engine.yamlsafe import Document

SECTION_VERSION = 1
"""The version of the review section this code writes and reads."""

CHANCE = Int(0, 1000)
"""A win chance in tenths of a percent."""


class JudgedMove(TypedDict):
    """One move as the review judged it (win chances in tenths of a percent)."""

    step: int
    player: int
    move: str
    label: str
    before: int
    """The mover's win chance before the move (the chart's figure)."""
    after: int
    """Their win chance after the move played, as the search found it."""
    best: int
    """Their win chance after the best move the search found."""
    best_move: str
    money_after: NotRequired[int]
    """The expected final money after the move played (the search's)."""
    money_best: NotRequired[int]


class ReviewSection(TypedDict):
    """The ``review`` section of a record."""

    version: int
    bot: str
    """The search that judged (``mcts:300``): a fixed budget, so the review repeats."""
    seed: int
    steps: int
    """The record's steps the review covers (1..steps; a game reviewed in progress)."""
    thresholds: dict[str, int]
    """Points of win chance given away from which a move gets each label."""
    chances: list[list[int]]
    """Every seat's win chance at each step 0..steps, as the bots' valuation reads the
    table (the chart)."""
    moves: list[JudgedMove]


_MOVE = Record(
    {"step": Int(1, 1_000_000_000), "player": Int(0, 11), "move": Text(80),
     "label": Text(20), "before": CHANCE, "after": CHANCE, "best": CHANCE,
     "best_move": Text(80)},
    optional={"money_after": Int(-10**9, 10**9), "money_best": Int(-10**9, 10**9)},
)
SECTION = Record(
    {"version": Int(1), "bot": Text(64, what="a bot spec such as mcts:300"),
     "seed": Int(0, (1 << 64) - 1), "steps": Int(0, 1_000_000_000),
     "thresholds": Record({}, optional={"inaccuracy": Int(0, 100), "mistake": Int(0, 100),
                                        "blunder": Int(0, 100)}),
     "chances": ListOf(ListOf(CHANCE, min_len=1, max_len=12), max_len=1_000_001),
     "moves": ListOf(_MOVE, max_len=1_000_000)},
)
"""The section's shape (``engine.schema``)."""


def check_shape(section: Any, name: str) -> ReviewSection:
    """The section, if its version is one this code reads and every field has its type."""
    if isinstance(section, dict):
        version = section.get("version")
        if isinstance(version, int) and not isinstance(version, bool) \
                and version > SECTION_VERSION:
            raise RecordError(name, f"review: written by a newer medici (review section "
                                    f"version {version}; this medici reads version "
                                    f"{SECTION_VERSION}): update medici to open it")
    problems = validate(Document({"review": section}, name, {}), Record({"review": SECTION}))
    _raise(problems, name)
    checked: ReviewSection = section
    return checked


class ReviewCheck:
    """What ``verify`` checks of a review section against the game replayed: fed each step
    of the replay (``note``), then ``finish``-ed with the replayed game."""

    def __init__(self, section: ReviewSection, name: str) -> None:
        self.section = section
        self.name = name
        self.judged = {m["step"]: i for i, m in enumerate(section["moves"])}
        self.problems: list[str] = []

    def note(self, step: int, game: Game) -> None:
        """The game after ``step``: where a judged move comes next, its best move is legal."""
        index = self.judged.get(step + 1)
        if index is None or game.is_over:
            return
        judged = self.section["moves"][index]
        if not game.is_legal(judged["best_move"]):
            self.problems.append(
                f"review.moves.{index}.best_move: {show(judged['best_move'])} was not a "
                f"legal move at step {step + 1}")

    def finish(self, game: Game) -> None:
        """Check the rest against the replayed game; RecordError with the first problems."""
        section, name = self.section, self.name
        logic = game.logic
        moves: list[tuple[int, str]] = []
        for event in game.events:
            action = logic.action_of(event)
            if action is not None:
                player = event.get("player")
                moves.append((player if isinstance(player, int) else -1, str(action)))
        problems = self.problems
        if section["steps"] > len(moves):
            problems.append(f"review.steps: the review covers {section['steps']} steps, the "
                            f"record has {len(moves)}")
        if len(section["chances"]) != section["steps"] + 1:
            problems.append(f"review.chances: one entry per step 0 to {section['steps']} is "
                            f"needed ({section['steps'] + 1}), got {len(section['chances'])}")
        seats = len(game.players)
        for i, row in enumerate(section["chances"]):
            if len(row) != seats:
                problems.append(f"review.chances.{i}: one chance per seat ({seats}) is "
                                f"needed, got {len(row)}")
                break
        last = 0
        for i, judged in enumerate(section["moves"]):
            where = f"review.moves.{i}"
            step = judged["step"]
            if step <= last or step > section["steps"]:
                problems.append(f"{where}.step: steps rise, from 1 to {section['steps']}, "
                                f"got {step} after {last}")
                break
            last = step
            player, move = moves[step - 1]
            if (judged["player"], judged["move"]) != (player, move):
                problems.append(f"{where}: the record's step {step} is {move!r} by seat "
                                f"{player}, the review judged {judged['move']!r} by seat "
                                f"{judged['player']}")
            expected = label_of(judged, section["thresholds"])
            if judged["label"] != expected:
                problems.append(f"{where}.label: its figures make it {expected!r}, "
                                f"not {judged['label']!r}")
            if len(problems) >= 5:
                break
        if problems:
            raise RecordError(name, "; ".join(problems[:5]))


def label_of(judged: JudgedMove, thresholds: dict[str, int]) -> str:
    """The label a judged move's figures give under ``thresholds`` (``engine.review.labels``:
    a forced move keeps its label)."""
    from engine.review import labels  # the labels' one source; light, and only for reviews

    if judged["label"] == labels.FORCED:
        return labels.FORCED
    points = max(0, judged["best"] - judged["after"]) / 10
    return labels.label(points, judged["best_move"] == judged["move"], bounds=thresholds)


def encode_lines(section: ReviewSection, head: str, comma: str) -> list[str]:
    """The section as a record writes it: a key a line, each step's chances and each judged
    move on a line of their own."""
    lines = [head + "{"]
    items = list(section.items())
    for i, (key, value) in enumerate(items):
        end = "," if i < len(items) - 1 else ""
        inner = f"    {json.dumps(key)}: "
        if key in ("chances", "moves") and isinstance(value, list) and value:
            lines.append(inner + "[")
            lines.extend(f"      {_compact(v)}{',' if j < len(value) - 1 else ''}"
                         for j, v in enumerate(value))
            lines.append(f"    ]{end}")
        else:
            lines.append(inner + _compact(value) + end)
    lines.append(f"  }}{comma}")
    return lines


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)




def fitted(section: ReviewSection, game: Game) -> ReviewSection | None:
    """The part of a review that still fits ``game`` (a game taken back by ``undo``, or
    branched, keeps the judgements of the moves it still has): the steps up to the first
    that differs; None if none is left."""
    logic = game.logic
    moves = [str(a) for a in (logic.action_of(e) for e in game.events) if a is not None]
    steps = min(section["steps"], len(moves))
    kept = []
    for judged in section["moves"]:
        if judged["step"] > steps:
            break
        if moves[judged["step"] - 1] != judged["move"]:
            steps = judged["step"] - 1
            break
        kept.append(judged)
    if steps == section["steps"]:
        return section
    if steps == 0:
        return None
    return {**section, "steps": steps, "chances": section["chances"][: steps + 1],
            "moves": kept}
