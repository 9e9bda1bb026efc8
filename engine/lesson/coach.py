"""The coach that runs beside a lesson's game: what to say before a decision, which rules a
step introduces, what a refused move broke in plain words, and what a move was worth.

The coach knows nothing of the shell: it is handed the game (after each move, and before
the learner's move to judge it) and returns words and verdicts. Any front end can sit it
beside a game: the shell's ``learn`` does (``engine.shell.lesson_mode``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from typing import NamedTuple

from engine import rulebook
from engine.actions import Action
from engine.bots.parts import AnyParts, build_parts
from engine.errors import MediciError
from engine.game import Game, game_from_view
from engine.lesson.judging import GOOD, NOTHING, Verdict, judge
from engine.lesson.model import Lesson, Step
from engine.lesson.moments import holds, period_key
from engine.records.format import record_from_game
from engine.records.verify import replay_record
from engine.registry import game_info

RULE_ID = re.compile(r"\b([A-Z]-[1-9][0-9]*)\b")
"""A rule id as the engine cites it in a refusal (``(M-9)``)."""


class Said(NamedTuple):
    """A step as the coach says it: the step, and its words filled in for the game now."""

    step: Step
    text: str


class Coach:
    """Follows one game of ``lesson`` for its learner: the steps said so far, in order."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.seat = lesson.learner
        self.places: dict[int, int] = {}
        """The steps said, by index: where the game stood (its log's length, or just after
        the event that made the step due) when each was said."""
        self.said: list[Said] = []
        self._index = {step.id: i for i, step in enumerate(lesson.steps)}
        self._parts: AnyParts | None = None

    # -- the steps ------------------------------------------------------------------------
    def due(self, game: Game, *, quiet: bool = False) -> list[Said]:
        """The steps whose moment has come, in the lesson's order, each said once: call it
        whenever the game has moved on (after each move; at the start). ``quiet`` marks them
        said without filling their words (catching up with a reopened game).

        A step waiting for its moment never holds up the steps after it: a lesson cannot
        stall on a moment this game did not bring (the learner never bought a lot), and a
        step said late is still said at its own moment. The events a step's condition
        looks at are those since the step before it in the lesson was said (or since its
        ``after`` step, which it waits for).
        """
        out: list[Said] = []
        for index, step in enumerate(self.lesson.steps):
            if index in self.places:
                continue
            if step.after is not None:
                first = self._index[step.after]
                if first not in self.places:
                    continue
                since = self.places[first]
            else:
                since = next((self.places[j] for j in range(index - 1, -1, -1)
                              if j in self.places), 0)
            place = next((p for p in (holds(c, game, self.seat, since) for c in step.when)
                          if p is not None), None)
            if place is None:
                continue
            self.places[index] = place
            said = Said(step, "" if quiet else self.words(step.say, game))
            self.said.append(said)
            out.append(said)
        return out

    def catch_up(self, game: Game) -> None:
        """Follow ``game`` (a reopened lesson) from its start, quietly, so that the steps
        already said are not said again."""
        self.places, self.said = {}, []

        def follow(_step: int, at: Game) -> None:
            self.due(at, quiet=True)

        replay_record(record_from_game(game), follow)

    @property
    def introduced(self) -> tuple[str, ...]:
        """The rule ids introduced so far, in the order the steps said them."""
        seen: dict[str, None] = {}
        for said in self.said:
            for rule in said.step.introduces:
                seen.setdefault(rule, None)
        return tuple(seen)

    @property
    def progress(self) -> tuple[int, int]:
        """Steps said, and steps in all."""
        return len(self.places), len(self.lesson.steps)

    @property
    def finished(self) -> bool:
        """Whether every step has been said."""
        return len(self.places) >= len(self.lesson.steps)

    def last(self, game: Game) -> Said | None:
        """The latest step said, its words filled in for the game now (``learn`` again)."""
        if not self.said:
            return None
        step = self.said[-1].step
        return Said(step, self.words(step.say, game))

    # -- words ----------------------------------------------------------------------------
    def words(self, text: str, game: Game) -> str:
        """``text`` with its placeholders filled in from the learner's view."""
        names = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        if not names:
            return text
        view = game.view(self.seat)
        me = view["players"][self.seat]
        unit = game_info(game.variant.game).vocabulary.money
        worth = self.worth(game) if "worth" in names else None
        values = {
            "worth": "?" if worth is None else f"{max(0.0, worth):.0f}",
            "money": str(me["money"]),
            "name": me["name"],
            "period": str(view.get(period_key(game), "")),
            "unit": unit,
        }
        return text.format_map(values)

    def worth(self, game: Game) -> float | None:
        """What is on sale is worth to the learner, by the bots' estimate (None: nothing is
        on sale, or no bot of this game can say)."""
        try:
            rebuilt = game_from_view(game.variant, game.view(self.seat), seed=0)
            return self.parts(game).explainer.sale_worth(rebuilt, self.seat)
        except (MediciError, ValueError):
            return None

    def refusal(self, reason: str) -> str:
        """The rules a refused move broke (the ids the engine's reason cites), in plain
        words: the lesson's own, else the rule's first paragraph; '' if it cites none."""
        out = []
        for rule in dict.fromkeys(RULE_ID.findall(reason)):
            words = self.lesson.plain.get(rule) or _first_paragraph(rule)
            if words:
                out.append(f"The rule ({rule}): {words}")
        return " ".join(out)

    # -- moves ----------------------------------------------------------------------------
    def judge(self, before: Game, action: Action) -> Verdict:
        """The verdict on the learner's ``action`` in ``before`` (the game before it): a
        poor move always, a fair one always, a good one the first ``praise`` times a kind
        (without words after that)."""
        if before.current_player != self.seat:
            return NOTHING
        verdict = judge(before, self.seat, action, self.lesson.judging, self.parts(before))
        if verdict.kind == GOOD and self.made(before, action.kind) >= self.lesson.judging.praise:
            return verdict._replace(text="")
        return verdict

    def made(self, game: Game, kind: str) -> int:
        """How many moves of ``kind`` the learner has made in ``game``."""
        action_of = game.logic.action_of
        return sum(1 for e in game.events
                   if e.get("player") == self.seat and (a := action_of(e)) is not None
                   and a.kind == kind)

    def parts(self, game: Game) -> AnyParts:
        """The bots' parts of the lesson's game (made once), whose valuation judges."""
        if self._parts is None:
            self._parts = build_parts(game.variant)
        return self._parts


def _first_paragraph(rule: str) -> str:
    try:
        text = rulebook.rule(rule).text
    except MediciError:
        return ""
    return " ".join(_lines_of_first(text.splitlines()))


def _lines_of_first(lines: Iterable[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        if not line.strip():
            if out:
                break
            continue
        out.append(line.strip())
    return out
