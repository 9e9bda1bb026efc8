"""Making a review of a record: which moves, shared out over processes, kept with the game.

``review(record, ...)`` judges the moves of the seats asked (a person's by default) that a
review kept with the record does not judge already with the same search and seed, shares
them out over processes in small batches (``runner.share_out``), and returns the whole
review as the record keeps it (``ReviewSection``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from engine.bots.parts import build_parts
from engine.records import Record
from engine.records.cursor import period_of
from engine.records.review_section import SECTION_VERSION, JudgedMove, ReviewSection, fitted
from engine.review import labels
from engine.review.judge import (
    Settings,
    judge_batch,
    record_text,
    replay_record_to,
    table_chances,
)
from engine.review.runner import share_out

BATCH = 6
"""Moves a process is handed at a time: few, so the work evens out and the bar moves."""

Progress = Callable[[int, int], None]
"""Called with (moves judged, moves to judge) as batches come back."""


def default_seats(record: Record) -> list[int]:
    """Whose moves a review judges unless told: the people's; every seat where bots alone
    played (there is nobody else to review)."""
    people = [i for i, bot in enumerate(record.bots) if bot is None]
    return people or list(range(len(record.players)))


def default_settings(record: Record, bot: str | None = None, seed: int | None = None
                     ) -> Settings:
    """The settings of a review of ``record``: the default search, seeded by the game's
    seed (0 for a game of given chance), unless told."""
    given = Settings() if bot is None else Settings(bot=bot)
    chosen = seed if seed is not None else (record.seed or 0)
    return Settings(bot=given.bot, seed=chosen)


def review(
    record: Record,
    settings: Settings,
    seats: Iterable[int] | None = None,
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    kept: ReviewSection | None = None,
) -> ReviewSection:
    """The review of ``record``'s moves by ``seats`` (default ``default_seats``): each
    judged on ``jobs`` processes (None: one per core), reusing the judgements of ``kept``
    made with the same settings."""
    settings.check()
    chosen = set(default_seats(record) if seats is None else seats)
    chances: list[list[int]] = []
    course = walk(record, chances)
    steps, movers = course.steps, course.movers
    old = _reusable(record, settings, kept)
    todo = [s for s in range(1, steps + 1) if movers[s - 1] in chosen and s not in old]
    batches = [todo[i: i + BATCH] for i in range(0, len(todo), BATCH)]
    workers = (os.cpu_count() or 1) if jobs is None else jobs
    workers = max(1, min(workers, len(batches)))
    judged = dict(old)
    done = 0
    if progress is not None:
        progress(0, len(todo))
    for batch in share_out(judge_batch, (record_text(record), settings.bot, settings.seed),
                           batches, workers):
        for move in batch:
            judged[move["step"]] = move
        done += len(batch)
        if progress is not None:
            progress(done, len(todo))
    return {"version": SECTION_VERSION, "bot": settings.bot, "seed": settings.seed,
            "steps": steps, "thresholds": labels.bounds(), "chances": chances,
            "moves": [judged[s] for s in sorted(judged)]}


class Course(NamedTuple):
    """A record's moves in order: who made each, the move, and the scoring period (a day,
    a round) the game is in after it (index 0: as set up)."""

    movers: list[int]
    moves: list[str]
    periods: list[int | None]
    starts: list[int]
    """The index in the record's events of each move's event."""

    @property
    def steps(self) -> int:
        """The record's last step."""
        return len(self.movers)

    def period_starts(self) -> list[tuple[int, int]]:
        """(step, period) for each step from which a new period is played (the first
        period from step 0)."""
        out: list[tuple[int, int]] = []
        for step, period in enumerate(self.periods):
            if period is not None and (not out or out[-1][1] != period):
                out.append((step, period))
        return out

    def events(self, step: int, total: int) -> tuple[int, int]:
        """The record's events of ``step`` (1..steps), as (start, end) indexes; ``total``
        is the number of events."""
        end = self.starts[step] if step < len(self.starts) else total
        return self.starts[step - 1], end


def walk(record: Record, chances: list[list[int]] | None = None) -> Course:
    """The record's course; with ``chances`` (a list), every seat's chance at each step
    (the chart) is added to it."""
    game = replay_record_to(record, 0)
    parts = build_parts(game.variant) if chances is not None else None
    logic = game.logic
    course = Course([], [], [period_of(game)], [])
    if parts is not None and chances is not None:
        chances.append(table_chances(game, parts))
    for index, event in enumerate(record.events):
        move = logic.action_of(event)
        if move is None:
            continue
        seat = game.current_player
        assert seat is not None  # a verified record: each move by the player to act
        course.starts.append(index)
        course.movers.append(seat)
        course.moves.append(str(move))
        game.apply(move)
        course.periods.append(period_of(game))
        if parts is not None and chances is not None:
            chances.append(table_chances(game, parts))
    return course


def _reusable(record: Record, settings: Settings, kept: ReviewSection | None
              ) -> dict[int, JudgedMove]:
    """The judgements of a kept review that still hold: same search and seed, and the moves
    the record has (``fitted``)."""
    if kept is None or kept["bot"] != settings.bot or kept["seed"] != settings.seed \
            or kept["thresholds"] != labels.bounds():
        return {}
    from engine.records.verify import replay_record  # the game as the record has it

    still = fitted(kept, replay_record(record))
    return {} if still is None else {m["step"]: m for m in still["moves"]}


def seats_judged(section: ReviewSection) -> list[int]:
    """The seats whose moves a review judged."""
    return sorted({m["player"] for m in section["moves"]})


def judged_moves(section: ReviewSection, seat: int) -> Sequence[JudgedMove]:
    """One seat's judged moves, in order."""
    return [m for m in section["moves"] if m["player"] == seat]
