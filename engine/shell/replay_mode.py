"""Replay mode: step through a saved game, look at any step, analyse it, branch from it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine import bots, records
from engine.actions import Action
from engine.bots.base import NOBODY
from engine.bots.explain import lost_points, lost_text
from engine.records.format import Branch
from engine.registry import game_info, games
from engine.shell import handlers, render
from engine.shell.commands import Command
from engine.shell.errors import ShellError
from engine.shell.handlers import analysis_lines
from engine.shell.mode import Fragments, Mode
from engine.shell.replay_view import ReplayView
from engine.shell.session import HINT_BOT, Session
from engine.shell.spec import Parsed
from engine.shell.text import Text
from engine.shell.toolbar import replay_toolbar

if TYPE_CHECKING:
    from engine.bots import Analysis
    from engine.game import Game
    from engine.shell.app import Shell

MAX_LINES = 80
"""A long jump forward tells at most this many lines (the last ones)."""

ANALYSE_ALL_BOT = "mcts:300"
"""The bot of ``analyse all``: quicker than the hint bot, as it looks at every move."""


class ReplayMode(Mode):
    """Stepping through a saved game: the prompt shows the step; ``exit`` goes back to the
    mode it was entered from."""

    name = "replay"
    order = ("next", "prev", "goto", "show", "analyse", "branch", "exit",
             "play", "help", "log", "rules", "saves", "quit")

    def __init__(self, shell: Shell, view: ReplayView, back: Mode) -> None:
        super().__init__(shell)
        self.view = view
        self.back = back
        """The mode to go back to on ``exit``."""

    def run(self, command: Command, parsed: Parsed) -> None:
        """Run one of replay mode's commands."""
        HANDLERS[command.name](self, parsed)

    def blank(self) -> None:
        """An empty line is ``next`` (at the last step it says so)."""
        if self.view.step < self.view.total:
            next_cmd(self, Parsed([]))
        else:
            self.shell.console.say(Text(f"This is the last step ({self.view.total}): `prev` "
                                        "or `goto N` go back, `exit` leaves.", "dim"))

    def prompt(self) -> Fragments:
        """``replay 12/300 ›``."""
        return [("class:phase", f"replay {self.view.step}/{self.view.total}"), ("", " › ")]

    def toolbar(self, width: int | None = None) -> Fragments:
        """The save's name, the step, the table's state."""
        return replay_toolbar(self.view, width)

    def record(self) -> ReplayView:
        """The record stepped through."""
        return self.view

    def game(self) -> Game:
        """The game at this step."""
        return self.view.game

    def show(self) -> None:
        """The table at this step (and the final scores at the end)."""
        console = self.shell.console
        console.say(render.table(self.view.view(), self.view.bots, console.width()))
        if self.view.game.is_over:
            console.say(render.final_scores(self.view.view(), console.width()))


def enter(shell: Shell, name: str | Path) -> None:
    """``replay NAME``: open a save in replay mode (the live game stays saved)."""
    loaded = records.load_game(name, directory=shell.saves)
    cursor = records.ReplayCursor(loaded.record)
    view = ReplayView(Path(loaded.path).stem, cursor, list(loaded.bots), Path(loaded.path))
    back = shell.mode.back if isinstance(shell.mode, ReplayMode) else shell.mode
    shell.mode = ReplayMode(shell, view, back)
    shell.console.say(Text(f"Replay of {_named(Path(loaded.path))}: {cursor.total} steps. ",
                           "title").add(
        f"Enter or next, prev, goto N, {view.goto_unit}, play, show, analyse, branch, exit.",
        "dim"))
    shell.console.say(view.header())


def _named(path: Path) -> str:
    """A record's file as the replay's first line names it: relative to the working folder
    when it is inside it, else its name with its folder after it (a long folder last)."""
    shown = records.store.display(path)
    if not Path(shown).is_absolute():
        return shown
    return f"{path.name} (in {path.parent})"


def next_cmd(mode: ReplayMode, args: Parsed) -> None:
    """``next [N]``: forward, telling every step passed."""
    replay = mode.view
    n = args.number("N", 1)
    if replay.step >= replay.total:
        raise ShellError(f"this is the last step ({replay.total}): `prev` or `goto N` go back")
    lines = _forward(replay, n)
    if len(lines) > MAX_LINES:
        mode.shell.console.say(Text(f"… {len(lines) - MAX_LINES} earlier lines skipped", "dim"))
        lines = lines[-MAX_LINES:]
    for line in lines:
        mode.shell.console.say(line)
    mode.shell.console.say(replay.header())


def _forward(replay: ReplayView, n: int) -> list[Text]:
    """Go ``n`` steps on; what happened in them, told as in a live game."""
    before = len(replay.game.events)
    replay.cursor.forward(n)
    return render.narrate(replay.game.events, before, replay.game.players,
                          render.StepViews(replay.game, replay.cursor))


PLAY_PACE = 1.0
"""Seconds between two steps of ``play`` unless it is given another pace."""
MAX_PACE = 60.0


def play_cmd(mode: ReplayMode, args: Parsed) -> None:
    """``play [SECONDS] [--to scoring]``: step on by itself, told as in a live game, until
    the end, the next scoring, or a key (Ctrl-C too)."""
    replay = mode.view
    shell = mode.shell
    text = args.text("SECONDS")
    pace = PLAY_PACE
    if text is not None:
        try:
            pace = float(text)
        except ValueError:
            pace = -1.0
        if not 0 <= pace <= MAX_PACE or pace != pace:
            raise ShellError(f"play takes the seconds between steps, 0 to {MAX_PACE:g}: "
                             f"play 0.5; got {text!r}")
    target = args.option("--to")
    if target is not None and target != "scoring":
        raise ShellError(f"play --to takes `scoring` (play until the next scoring), got "
                         f"{target!r}")
    if replay.step >= replay.total:
        raise ShellError(f"this is the last step ({replay.total}): `goto start` and play again")
    scoring = set(replay.cursor.scoring_steps)
    if shell.interactive:
        shell.console.say(Text("Playing: any key stops (Ctrl-C too).", "dim"))
    why = "the end"
    try:
        while replay.step < replay.total:
            for line in _forward(replay, 1):
                shell.console.say(line)
            if target is not None and replay.step in scoring:
                why = "the scoring"
                break
            if replay.step < replay.total and shell.interactive and shell.wait_key(pace):
                why = "a key"
                break
    except KeyboardInterrupt:
        why = "Ctrl-C"
    shell.console.say(Text(f"Stopped at step {replay.step} ({why}). ", "dim").extend(
        replay.header()))


def prev_cmd(mode: ReplayMode, args: Parsed) -> None:
    """``prev [N]``: back."""
    replay = mode.view
    n = args.number("N", 1)
    if replay.step == 0:
        raise ShellError("this is step 0, the start: `next` goes forward")
    replay.cursor.back(n)
    _arrived(mode)


def _arrived(mode: ReplayMode) -> None:
    mode.shell.console.say(mode.view.header())
    for line in mode.view.step_lines():
        mode.shell.console.say(Text("  ").extend(line))


def _period_words() -> set[str]:
    """Every game's word for its scoring period (``goto day 2`` in a game of rounds is
    refused with the right word, not as a bad ``goto``)."""
    return {info.vocabulary.period for info in games().values()}


def goto_cmd(mode: ReplayMode, parsed: Parsed) -> None:
    """``goto N``, ``goto day D``, ``goto round R``, ``goto start|end|scoring``."""
    replay = mode.view
    args = parsed.words
    usage = f"goto N (0 to {replay.total}), {replay.goto_unit}, goto start, end or scoring"
    cursor = replay.cursor
    if not args:
        raise ShellError(f"goto needs a target: {usage} (`help goto` explains)")
    if len(args) == 1 and args[0].isdigit():
        step = int(args[0])
        if step > replay.total:
            raise ShellError(f"no step {step}: this game has steps 0 to {replay.total}")
        cursor.goto(step)
    elif len(args) == 1 and args[0] in ("start", "end"):
        cursor.goto(0 if args[0] == "start" else replay.total)
    elif len(args) == 1 and args[0] == "scoring":
        if cursor.next_scoring() is None:
            raise ShellError(f"no scoring after step {replay.step}")
    elif len(args) == 2 and args[0] in _period_words() and args[1].isdigit():
        if args[0] != replay.unit:
            raise ShellError(f"this game is played in {replay.unit}s: goto {replay.unit} "
                             f"{args[1]}")
        try:
            cursor.goto_period(int(args[1]))
        except ValueError as err:
            raise ShellError(str(err)) from err
    else:
        raise ShellError(f"goto takes {usage}; got {' '.join(args)!r}")
    _arrived(mode)


def branch_cmd(mode: ReplayMode, args: Parsed) -> None:
    """``branch``: a new game from this step; the record is untouched."""
    replay = mode.view
    if replay.game.is_over:
        raise ShellError("the game is over at this step: `prev` or `goto N` to an earlier one")
    game = replay.cursor.branch()
    # The branch gets its own file with its first move (``NAME-branch``, ``-2`` if taken);
    # until then nothing needs saving.
    origin: Branch = {"name": replay.name, "step": replay.step}
    session = Session(game, replay.bots, mode.shell.saves, on_disk=True, branch_of=origin)
    mode.shell.mode = mode.back
    mode.shell.start_session(session, f"Branched from {replay.name} at step {replay.step}: a "
                                      "new game (the record stays as it was; the branch is "
                                      f"saved as {replay.name}-branch from its first move).")


def exit_cmd(mode: ReplayMode, args: Parsed) -> None:
    """``exit``: leave replay mode, back to the mode it was entered from."""
    shell = mode.shell
    shell.mode = mode.back
    if shell.session is not None:
        shell.console.say(Text("Back to your game.", "title"))
        shell.console.say(render.table(shell.session.view(), shell.session.bots,
                                        shell.console.width()))
        shell.status()
    else:
        shell.console.say(Text("Left replay mode.", "dim"))


def analyse_cmd(mode: ReplayMode, args: Parsed) -> None:
    """``analyse [all] [--bot SPEC]``: the bot's view of the move of this step (step N is
    the N-th move, as ``goto N`` tells it and ``medici log`` numbers it), or of every move
    from here on."""
    replay = mode.view
    say = mode.shell.console.say
    every = args.text("all") is not None
    if replay.step == 0 and not every:
        raise ShellError("step 0 is the set-up, made by no move: `next` goes to the first "
                         "move, `analyse all` goes through every one")
    bot = bots.make_bot(args.option("--bot") or (ANALYSE_ALL_BOT if every else HINT_BOT),
                        seed=replay.game.seed)
    if not every:
        game, played, seat = _move_of(replay, replay.step)
        view, legal = game.view(seat), game.legal_actions()
        # "you" is the reader's own seat; the mover of another seat is named.
        reader = replay.your_seat()
        reader = NOBODY if reader is None else reader
        rows = bot.analyse(view, legal, game.variant, top=3, also=[played], reader=reader)
        title = f"Step {replay.step}: {game.players[seat]} played {played}; {bot.spec} says:"
        situation = bot.situation(view, legal, game.variant, reader)
        say(analysis_lines(title, rows, game, played, situation,
                           raw="--raw" in args.flags, width=mode.shell.console.width()))
        say(_loss(rows, played, _money(game)))
        return
    start = replay.step
    total_loss: dict[str, float] = {}
    chances = False
    table = AnalysisTable(replay, mode.shell.console.width())
    say(table.header())
    try:
        for step in range(max(1, start), replay.total + 1):
            game, played, seat = _move_of(replay, step)
            rows = bot.analyse(game.view(seat), game.legal_actions(), game.variant, top=1,
                               also=[played])
            best = rows[0]
            chances = chances or best.win is not None
            mine = next((r for r in rows if r.action == played), None)
            lost = 0.0 if mine is None else lost_points(best, mine)
            name = game.players[seat]
            total_loss[name] = total_loss.get(name, 0.0) + lost
            gave = "" if mine is None else lost_text(best, mine, _money(game))
            say(table.row(step, name, played, best.action, gave))
    except KeyboardInterrupt:
        say(Text("Analysis stopped.", "dim"))
    finally:
        replay.cursor.goto(start)
    if total_loss:
        unit = "points of win chance" if chances else "of the bot's value"
        say(Text(f"Given away in all, as {bot.spec} sees it ({unit}): ", "title").add(
            ", ".join(f"{n} {v:.0f}" if chances else f"{n} {v:.3f}"
                      for n, v in total_loss.items())))


class AnalysisTable:
    """``analyse all``'s lines in aligned columns: step, player, move played, the bot's
    choice and the value lost, the widths fixed from the whole record before the first
    line, so that lines printed as they come stay in line; a line wider than the terminal
    puts the bot's part under the move played."""

    def __init__(self, replay: ReplayView, width: int | None) -> None:
        logic = replay.game.logic
        moves = [str(a) for a in (logic.action_of(e) for e in replay.cursor.record.events)
                 if a is not None]
        self.width = width
        self.step_w = max(4, len(str(replay.total)))
        self.name_w = max([len(n) for n in replay.game.players] + [len("player")])
        self.move_w = max([len(m) for m in moves] + [len("played")])

    def header(self) -> Text:
        """The column titles."""
        return Text(f"{'step':>{self.step_w}} {'player':<{self.name_w}}  "
                    f"{'played':<{self.move_w}}  the bot", "dim")

    def row(self, step: int, name: str, played: Action | None, best: Action | None,
            lost: str) -> Text:
        """One move's line (``lost``: what the move played gave away, in words)."""
        head = Text(f"{step:>{self.step_w}} ").add(f"{name:<{self.name_w}}", "name").add("  ")
        head.add(f"{str(played):<{self.move_w}}", "cmd")
        tail = analysis_verdict(played, best, lost)
        if self.width is not None and len(head) + 2 + len(tail) > self.width:
            return head.line(Text(" " * (self.step_w + 3)).extend(tail))
        return head.add("  ").extend(tail)


def analysis_verdict(played: Action | None, best: Action | None, lost: str) -> Text:
    """What the bot says of a move in ``analyse all``: its choice, and what the move played
    gave away (``engine.bots.explain.lost_text``; '' for nothing)."""
    if best == played:
        return Text("= the bot's choice", "good")
    return Text(f"bot: {best}  lost {lost or 'nothing'}", "bad" if lost else "")


def _move_of(replay: ReplayView, step: int) -> tuple[Game, Action, int]:
    """The game before the move of ``step`` (the ``step``-th move), that move and who made
    it; the cursor is left at ``step``."""
    cursor = replay.cursor
    cursor.goto(step - 1)
    game = cursor.game.clone()
    seat = game.current_player
    assert seat is not None
    cursor.goto(step)
    event = cursor.event
    played = None if event is None else game.logic.action_of(event)
    assert played is not None  # a step after the set-up is a move (the cursor's steps)
    return game, played, seat


def _loss(rows: list[Analysis], played: Action | None, money: str) -> Text:
    best = rows[0]
    mine = next((r for r in rows if r.action == played), None)
    if mine is None:
        return Text("The move played was not among the bot's candidates.", "dim")
    if mine.action == best.action:
        return Text("The move played is the bot's choice: nothing given away.", "good")
    gave = lost_text(best, mine, money)
    if not gave:
        return Text("The move played is as good as the bot's choice, as it sees them.", "good")
    return Text(f"The move played gave away {gave} against {best.action}.", "bad")


def _money(game: Game) -> str:
    """The game's unit of money (florins, coins)."""
    return game_info(game.variant.game).vocabulary.money


HANDLERS: dict[str, Callable[[ReplayMode, Parsed], None]] = {
    "next": next_cmd, "prev": prev_cmd, "goto": goto_cmd, "show": handlers.show_cmd,
    "analyse": analyse_cmd, "branch": branch_cmd, "exit": exit_cmd, "play": play_cmd,
    "help": handlers.help_cmd,
    "log": handlers.log_cmd, "rules": handlers.rules_cmd, "saves": handlers.saves_cmd,
    "quit": handlers.quit_cmd,
}
"""What replay mode's commands do."""
