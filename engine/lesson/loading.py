"""Finding a game's lesson and reading it: safe YAML, checked with file:line errors.

A game ships its lesson as ``lesson.yaml`` in its own folder (beside the module of its
logic), or names another file in its descriptor's ``lesson`` field (relative to that
folder). Nothing outside the game's folder names a game's lesson: the shell asks
``lesson_for(game_id)``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from engine.errors import MediciError, RulesError
from engine.lesson.model import Condition, Judging, Lesson, ScriptedMove, Seat, Step
from engine.lesson.schema import check, variant_ref
from engine.registry import GameInfo, find, games
from engine.rules import load_variant
from engine.yamlsafe import load_yaml

FILE = "lesson.yaml"
"""The name of a game's lesson file in its folder."""

_CACHE: dict[str, tuple[tuple[int, int], Lesson]] = {}


class NoLesson(MediciError, LookupError):
    """A game without a lesson; the message names the games that have one."""


def lesson_path(info: GameInfo) -> Path | None:
    """Where ``info``'s game keeps its lesson, or None if it ships none."""
    module = sys.modules.get(info.logic.__module__)
    where = getattr(module, "__file__", None)
    if where is None:
        return None
    folder = Path(where).resolve().parent
    path = folder / (info.lesson or FILE)
    return path if path.is_file() else None


def lesson_games() -> list[str]:
    """The ids of the games that ship a lesson, in registration order."""
    return [gid for gid, info in games().items() if lesson_path(info) is not None]


def lesson_for(game_id: str) -> Lesson:
    """The lesson of the game ``game_id``; NoLesson if it has none, RulesError (every
    problem with its file and line) if its file is broken."""
    info = find(game_id)
    path = lesson_path(info) if info is not None else None
    if path is None:
        have = ", ".join(lesson_games()) or "none"
        what = f"the game {game_id!r}" if info is not None else f"no game {game_id!r}"
        raise NoLesson(f"no lesson for {what}: the games with a lesson are {have}")
    return load_lesson(path)


def load_lesson(path: str | os.PathLike[str]) -> Lesson:
    """Read and check one lesson file (cached while the file stays unchanged)."""
    resolved = Path(path).resolve()
    try:
        stat = resolved.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = (0, 0)
    key = str(resolved)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    doc = load_yaml(resolved, name=_shown(resolved))
    problems = check(doc)
    if problems:
        raise RulesError(problems)
    lesson = build(doc.data, str(resolved))
    _CACHE[key] = (stamp, lesson)
    return lesson


def build(data: Any, source: str = "") -> Lesson:
    """A Lesson from a lesson document already checked (``check``)."""
    seats = tuple(Seat(s["name"], s.get("bot")) for s in data["players"])
    names = [s.name for s in seats]
    info = find(data["game"])
    variant = variant_ref(data, info, source)
    grammar = load_variant(variant).logic.grammar
    steps = tuple(
        Step(id=s["id"], when=_moments(s["when"]), say=reflow(s["say"]),
             introduces=tuple(s.get("introduces", ())), title=s.get("title", ""),
             after=s.get("after"), show=s.get("show", False))
        for s in data["steps"]
    )
    script = tuple(
        ScriptedMove(names.index(e["player"]), grammar.parse(e["move"]), _condition(e))
        for e in data.get("script", [])
    )
    judge = data.get("judge", {})
    defaults = Judging()
    return Lesson(
        game=data["game"],
        title=data["title"],
        variant=variant,
        seats=seats,
        seed=data["seed"],
        orders=tuple(tuple(o) for o in data["deal"]["orders"]),
        choices=tuple(data["deal"].get("choices", ())),
        steps=steps,
        script=script,
        plain={k: " ".join(v.split()) for k, v in data.get("rules", {}).items()},
        judging=Judging(poor=judge.get("poor", defaults.poor),
                        fair=judge.get("fair", defaults.fair),
                        praise=judge.get("praise", defaults.praise)),
        minutes=data.get("minutes", 15),
        source=source,
    )


def reflow(text: str) -> str:
    """A step's words as paragraphs, each one line, a blank line between them: the YAML's
    line breaks are the file's, not the screen's (a front end wraps for its width)."""
    blocks = [" ".join(block.split()) for block in text.split("\n\n")]
    return "\n\n".join(block for block in blocks if block)


def _moments(value: Any) -> tuple[Condition, ...]:
    items = value if isinstance(value, list) else [value]
    return tuple(_condition(item) for item in items)


def _condition(value: Any) -> Condition:
    if value == "start":
        return Condition(start=True)
    if value == "over":
        return Condition(over=True)
    return Condition(
        start=value.get("start", False),
        over=value.get("over", False),
        event=value.get("event"),
        fields=dict(value.get("with", {})),
        decision=value.get("decision"),
        phase=value.get("phase"),
        period=value.get("period"),
        view={key: tuple(v) if isinstance(v, list) else v
              for key, v in value.get("view", {}).items()},
        any_player=dict(value.get("any_player", {})),
        learner=dict(value.get("learner", {})),
    )


def _shown(path: Path) -> str:
    """A lesson file's name in messages: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
