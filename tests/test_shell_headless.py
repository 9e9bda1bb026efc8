"""Whole games through the interactive shell, driven headless by prompt_toolkit's pipe input.

Each prompt of the real PromptSession reads keys from a pipe (``create_pipe_input``) and
draws to a ``DummyOutput``; the shell's own output is captured. A driver feeds the pipe
before every prompt: scripted lines first, then (for the person's seat) a seeded random
legal move, read off the engine like any player would.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine.chance import Rng
from engine.records import ReplayCursor, list_saves, load_game
from engine.shell import run_shell
from engine.simulate import random_action

Line = str | Callable[[object], str]


class Driver:
    """Feeds the shell: queued lines, then the person's moves, then ``quit`` at the end."""

    def __init__(self, lines: list[Line], seed: int = 1, moves: int | None = None,
                 then: list[Line] | None = None) -> None:
        self.lines = list(lines)
        self.then = list(then or [])
        self.rng = Rng(seed)
        self.moves_left = moves
        self.prompts: list[str] = []
        self.shells: list = []
        self.pipe = None

    def hook(self, shell) -> None:
        self.shells.append(shell)
        self.prompts.append("".join(text for _, text in shell.prompt_text()))
        if shell.pending is not None:  # a random move out of all proportion: yes, make it
            self.pipe.send_text("y\r")
            return
        if self.lines:
            line = self.lines.pop(0)
            self.pipe.send_text((line(shell) if callable(line) else line) + "\r")
            return
        session = shell.table
        playing = (
            shell.mode.plays and session is not None and not session.game.is_over
            and session.bot_to_act() is None and self.moves_left != 0
        )
        if playing:
            if self.moves_left is not None:
                self.moves_left -= 1
            self.pipe.send_text(f"{random_action(session.game, self.rng)}\r")
            return
        if self.then:
            self.lines = self.then
            self.then = []
            self.hook(shell)
            self.prompts.pop()
            self.shells.pop()
            return
        self.pipe.send_text("quit\r")

    def run(self, saves: Path, raw: str = "", **kwargs) -> tuple[int, str]:
        out = io.StringIO()
        with create_pipe_input() as pipe:
            self.pipe = pipe
            if raw:
                pipe.send_text(raw)
            kwargs.setdefault("history", InMemoryHistory())
            rc = run_shell(input=pipe, output=DummyOutput(), stdout=out, stderr=out,
                           saves=str(saves), bot_delay=0, before_prompt=self.hook,
                           interactive=True, **kwargs)
        return rc, out.getvalue()


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("MEDICI_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MEDICI_SAVES", raising=False)
    return tmp_path / "saves"


def _step(prompt: str) -> tuple[int, int]:
    assert prompt.startswith("replay "), prompt
    step, total = prompt.split()[1].split("/")
    return int(step), int(total)


def test_full_game_against_bots_save_quit_resume_replay_branch(saves):
    """new → moves (bots move by themselves) → save → quit; resume → final scores (G-4);
    replay with next/prev/goto; branch plays on as a new game, the record untouched."""
    first = Driver(["new medici Ann bot:random bot:greedy --seed 11"], seed=5, moves=6,
                   then=["save midway"])
    rc, out = first.run(saves)
    assert rc == 0
    assert "New game of medici: Ann, Player 2 (bot random), Player 3 (bot greedy)" in out
    assert "now saved as midway" in out and (saves / "midway.json").is_file()
    assert [i.name for i in list_saves(saves)] == ["midway"]  # one file per game
    assert f"`medici resume --saves {saves}` continues it" in out  # the folder it was given
    midway = load_game("midway", saves)
    assert not midway.game.is_over and midway.bots == [None, "random", "greedy"]
    human_moves = [e for e in midway.game.events
                   if e.get("player") == 0 and midway.game.logic.action_of(e) is not None]
    assert len(human_moves) == 6
    # The bots moved by themselves, and each of their moves was told.
    bot_moves = [e for e in midway.game.events
                 if e.get("player") in (1, 2) and e["type"] in ("draw", "bid", "pass")]
    assert bot_moves and f"Player {bot_moves[0]['player'] + 1}" in out

    second = Driver([""], seed=6, then=["show", "save done", "replay done", "next", "next 5",
                                         "prev", "goto 10", "goto day 2", "show", "branch"])
    rc, out = second.run(saves)
    assert rc == 0
    assert "Your last game is unfinished" in out and "Resumed" in out
    final = load_game("done", saves)
    game = final.game
    assert game.is_over
    assert "Final scores" in out and "Game over:" in out
    money = game.view()["players"]
    for p in game.winners:
        assert money[p]["name"] in out.split("Final scores")[1].split("\n")[1]
    # The resumed game is the saved one played on: its first events are the save's.
    assert game.events[: len(midway.game.events)] == midway.game.events
    steps = [_step(p) for p in second.prompts if p.startswith("replay")]
    total = steps[0][1]
    day2 = steps[-1][0]
    # The prompt before each of next, next 5, prev, goto 10, goto day 2, show, branch.
    assert [s for s, _ in steps] == [0, 1, 6, 5, 10, day2, day2]
    assert all(t == total for _, t in steps)
    at_day2 = ReplayCursor(final.record)
    at_day2.goto(day2)
    assert at_day2.game.view()["day"] == 2 and day2 > 10
    assert ReplayCursor(final.record).goto_period(2) == day2
    # branch: a new game from step `day2`, played on; the record stays as it was.
    assert f"Branched from done at step {day2}" in out
    branched = second.shells[-1].table.game
    assert branched.events[: len(at_day2.game.events)] == at_day2.game.events
    assert load_game("done", saves).game.events == game.events
    # One file per game: `save done` renamed midway; the branch has its own file only if
    # a move was made in it.
    names = [i.name for i in list_saves(saves)]
    assert "done" in names and "midway" not in names and len(names) <= 2


def test_medici_vs_strozzi_game_to_the_end(saves):
    """S-6..S-17 through the shell: prices, buys, loads with harbours, round scoring, loans."""
    driver = Driver(["new medici-vs-strozzi Ann bot:random --seed 3"], seed=9,
                    then=["show"])
    rc, out = driver.run(saves)
    assert rc == 0
    assert "Round 1 begins" in out and "Round 3 ends" in out
    assert "Game over:" in out and "Final scores" in out
    assert "Harbour 1" in out
    infos = list_saves(saves)
    assert len(infos) == 1 and infos[0].finished and infos[0].game == "medici-vs-strozzi"


def test_ctrl_c_drops_the_line_and_ctrl_d_saves_and_leaves(saves, tmp_path):
    """Ctrl-C cancels the line being typed (nothing is played); Ctrl-D saves and leaves;
    the history file keeps the commands for the next run."""
    driver = Driver([])
    driver.hook = lambda shell: driver.prompts.append("x")  # keys are all sent up front
    rc, out = driver.run(saves, raw="new medici Ann Bo --seed 1\rdraw\x03\x04", history=None)
    assert rc == 0
    assert "Leaving (Ctrl-D)" in out
    infos = list_saves(saves)
    assert len(infos) == 1 and not infos[0].finished
    game = load_game(infos[0].path).game
    assert not any(e["type"] == "draw" for e in game.events)
    history = (tmp_path / "home" / "history").read_text()
    assert "new medici Ann Bo --seed 1" in history
    assert "draw" not in history.replace("new medici", "")


def test_undo_hint_help_and_refusals(saves):
    """undo takes back a bid (no chance seen); an illegal move prints the engine's reason
    (G-2); an unknown command suggests the closest; help CMD explains with examples."""
    lines: list[Line] = [
        "new medici Ann Bo Cy --seed 2", "draw", "stop",
        lambda shell: f"bid {shell.table.legal()[0].lo}",
        "undo", "bid 999", "bdi", "help bid", "help", "hint --bot greedy", "moves", "rules",
        "rules medici", "next",
    ]
    driver = Driver(lines, moves=0)
    rc, out = driver.run(saves)
    assert rc == 0
    assert "Took back: Ann bids " in out  # G-2: undo names the move it took back
    assert "has only 40 florins (M-9); legal now: bid 1..40, pass" in out
    assert "unknown command 'bdi': did you mean `bid`?" in out
    assert "bid AMOUNT" in out and "Examples: bid 7" in out
    assert "Hint from greedy" in out and "1. " in out
    assert "  M-9   The auction" in out  # `rules`: the game's rule ids, a line each
    assert "Per player count" in out  # `rules medici`: the variant's numbers
    assert "next works only in replay mode" in out
    shell = driver.shells[-1]
    bids = [e for e in shell.table.game.events if e["type"] == "bid"]
    assert bids == []
