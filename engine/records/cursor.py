"""Stepping through a record: forward, back, jump to a step, a scoring period, or a scoring.

A *step* is a move and everything it caused (derived events, chance outcomes, scoring);
step 0 is the game as set up, step ``total`` the end of the record. The cursor keeps a
snapshot (``Game.clone()``) every ``every`` steps while it verifies the record once, so
going back or jumping costs at most ``every`` moves, never a replay from the start.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.actions import Action
from engine.chance import GivenChance, SeededChance, fresh_seed
from engine.game import Game
from engine.records.format import Record, record_from_game
from engine.records.store import load_path
from engine.records.verify import replay_record
from engine.registry import game_info
from engine.views import Event, View

SNAPSHOT_EVERY = 16
"""Steps between snapshots: a jump applies at most this many moves."""

def period_of(game: Game) -> int | None:
    """The scoring period a game is in (its descriptor's ``vocabulary.period``); None
    before the first."""
    value = getattr(game.state, game_info(game.variant.game).vocabulary.period, None)
    return value if isinstance(value, int) else None


class ReplayCursor:
    """A position in a record, from step 0 (set up) to ``total`` (the last move).

    ``source`` is a Record, a path to a record file (verified on opening), or a live Game
    (replayed from its events). ``game`` is the game at the current step: read it, do not
    play on it (use ``branch()`` for that).
    """

    def __init__(
        self, source: Record | Game | str | os.PathLike[str], *, every: int = SNAPSHOT_EVERY
    ) -> None:
        if every < 1:
            raise ValueError("every: snapshots need a spacing of at least 1 step")
        self._every = every
        self._snapshots: list[Game] = []
        self._bounds: list[int] = []
        self._periods: list[int | None] = []
        if isinstance(source, Record):
            self.record = source
            replay_record(source, self._note)
        elif isinstance(source, Game):
            self.record = record_from_game(source)
            replay_record(self.record, self._note)
        else:
            self.record, _ = load_path(Path(source), self._note)
        events = self.record.events
        logic = self._snapshots[0].logic
        self._moves: list[Action] = []
        for bound in self._bounds[:-1]:
            action = logic.action_of(events[bound])
            assert action is not None  # verified: a step starts with its move
            self._moves.append(action)
        bounds = self._bounds
        # The steps whose move led to a scoring (M-13, S-14), for next_scoring().
        self.scoring_events = game_info(self._snapshots[0].variant.game).scoring_events
        """The event types that open a scoring in this record's game."""
        scoring = self.scoring_events
        self.scoring_steps: list[int] = [
            k
            for k in range(1, len(bounds))
            if any(e.get("type") in scoring for e in events[bounds[k - 1] : bounds[k]])
        ]
        self._step = 0
        self._game = self._snapshots[0].clone()

    def _note(self, step: int, game: Game) -> None:
        self._bounds.append(len(game.events))
        self._periods.append(period_of(game))
        if step % self._every == 0:
            self._snapshots.append(game.clone())

    # -- where we are -------------------------------------------------------------------
    @property
    def step(self) -> int:
        """The current step: 0 is the set-up game, ``total`` the end of the record."""
        return self._step

    @property
    def total(self) -> int:
        """The number of moves in the record (the last step)."""
        return len(self._bounds) - 1

    @property
    def game(self) -> Game:
        """The game at the current step (the cursor's own: read only, ``branch`` to play)."""
        return self._game

    @property
    def period(self) -> int | None:
        """The scoring period (a day, a round...) at the current step."""
        return self._periods[self._step]

    @property
    def periods(self) -> list[int]:
        """The scoring periods the record reaches, in order."""
        return sorted({p for p in self._periods if p is not None})

    @property
    def events(self) -> list[Event]:
        """What happened in this step: its move and everything that followed from it."""
        start = 0 if self._step == 0 else self._bounds[self._step - 1]
        return self.record.events[start : self._bounds[self._step]]

    @property
    def event(self) -> Event | None:
        """The move event of this step (None at step 0)."""
        if self._step == 0:
            return None
        return self.record.events[self._bounds[self._step - 1]]

    def view(self, player: int | None = None) -> View:
        """``Game.view`` at the current step."""
        return self._game.view(player)

    # -- moving -------------------------------------------------------------------------
    def goto(self, step: int) -> int:
        """Jump to ``step`` (0..total); raises ValueError outside the record."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.total:
            raise ValueError(f"no step {step}: this record has steps 0 to {self.total}")
        if step == self._step:
            return step
        if self._step < step <= self._step + self._every:
            game, at = self._game, self._step
        else:
            base = step // self._every
            game, at = self._snapshots[base].clone(), base * self._every
        apply = game.apply
        for action in self._moves[at:step]:
            apply(action)
        self._game = game
        self._step = step
        return step

    def forward(self, n: int = 1) -> int:
        """Go ``n`` steps on (stopping at the end); returns the new step."""
        return self.goto(min(self.total, max(0, self._step + n)))

    def back(self, n: int = 1) -> int:
        """Go ``n`` steps back (stopping at the start); returns the new step."""
        return self.goto(max(0, min(self.total, self._step - n)))

    def goto_period(self, number: int) -> int:
        """Jump to the first step of a scoring period (a day, a round)."""
        for step, value in enumerate(self._periods):
            if value == number:
                return self.goto(step)
        shown = ", ".join(str(d) for d in self.periods) or "none"
        word = game_info(self._snapshots[0].variant.game).vocabulary.period
        raise ValueError(f"no {word} {number} in this record (it has: {shown})")

    def next_scoring(self) -> int | None:
        """Jump to the next step with a scoring; None (and stay) if there is none."""
        for step in self.scoring_steps:
            if step > self._step:
                return self.goto(step)
        return None

    def previous_scoring(self) -> int | None:
        """Jump to the previous step with a scoring; None (and stay) if there is none."""
        for step in reversed(self.scoring_steps):
            if step < self._step:
                return self.goto(step)
        return None

    def branch(self, seed: int | None = None) -> Game:
        """A new, independent game from this step on, its log a copy of the events so far.

        Chance to come follows the record's seed (the same cards the original would have
        drawn, as far as play allows); ``seed`` gives fresh chance instead, as does a
        record without a seed. The record and the cursor are untouched.
        """
        game = self._game.clone()
        chance = game.state.chance
        fallback = chance.fallback if isinstance(chance, GivenChance) else chance
        if seed is None and fallback is None:
            seed = fresh_seed()
        if seed is not None:
            game.state.chance = SeededChance(seed)
            game.seed = seed
        else:
            assert fallback is not None
            game.state.chance = fallback
        return game
