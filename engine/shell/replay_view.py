"""A saved game opened for replay: the records' cursor plus what the shell shows of it."""

from __future__ import annotations

from pathlib import Path

from engine.agreement import is_you
from engine.game import Game
from engine.play import Settings, render
from engine.records import ReplayCursor
from engine.registry import game_info
from engine.text import Text
from engine.views import View


class ReplayView:
    """A saved game opened in replay mode: the records' ReplayCursor plus what the shell shows."""

    def __init__(self, name: str, cursor: ReplayCursor, bots: list[str | None], path: Path,
                 settings: Settings | None = None) -> None:
        self.name = name
        self.cursor = cursor
        self.bots = bots
        self.path = path
        self.settings = settings if settings is not None else Settings()
        """The settings of the table the game was played at (a branch keeps them)."""

    @property
    def step(self) -> int:
        """The current step (0: the game as set up)."""
        return int(self.cursor.step)

    @property
    def total(self) -> int:
        """The last step."""
        return int(self.cursor.total)

    @property
    def game(self) -> Game:
        """The game at this step (read only)."""
        return self.cursor.game

    @property
    def unit(self) -> str:
        """``day`` (Medici) or ``round`` (Medici vs Strozzi)."""
        return game_info(self.game.variant.game).vocabulary.period

    @property
    def goto_unit(self) -> str:
        """``goto day D`` (Medici) or ``goto round R`` (Medici vs Strozzi)."""
        return f"goto {self.unit} {self.unit[0].upper()}"

    @property
    def units(self) -> int:
        """How many days or rounds the record reaches."""
        periods = self.cursor.periods
        return max(periods) if periods else 0

    def viewer(self) -> int:
        """Whose view to show: the first person's, else seat 0 (a view hides the pile, G-3)."""
        humans = [i for i, b in enumerate(self.bots) if b is None]
        return humans[0] if humans else 0

    def your_seat(self) -> int | None:
        """The seat of the person reading the replay, as far as the record tells: the one
        seat a person played, else the seat called "You"; None when neither says (a game
        of bots, a hot seat of several people)."""
        people = [i for i, b in enumerate(self.bots) if b is None]
        if len(people) == 1:
            return people[0]
        named = [i for i, name in enumerate(self.game.players) if is_you(name)]
        return named[0] if len(named) == 1 else None

    def view(self) -> View:
        """The table at this step."""
        return self.game.view(self.viewer())

    def header(self) -> Text:
        """``Step 12/300 · day 1 · bidding``."""
        view = self.game.view(self.viewer())
        when = view.get(self.unit)
        return Text(f"Step {self.step}/{self.total}", "title").add(
            f" · {self.unit} {when} · {str(view['phase']).replace('_', ' ')}", "dim")

    def step_lines(self) -> list[Text]:
        """What happened in this step: its move and all it caused."""
        events = list(self.cursor.events)
        all_events = self.game.events
        start = len(all_events) - len(events)
        return render.narrate(all_events, start, self.game.players,
                              render.StepViews(self.game, self.cursor))
