"""Replay mode: step through a saved game, look at any step, analyse it, branch from it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.registry import game_info, games
from engine.shell import deps, render
from engine.shell.errors import ShellError
from engine.shell.handlers import fixed
from engine.shell.session import HINT_BOT, Session
from engine.shell.text import Text

if TYPE_CHECKING:
    from engine.game import Game
    from engine.shell.app import Shell

MAX_LINES = 80
"""A long jump forward tells at most this many lines (the last ones)."""

ANALYSE_ALL_BOT = "mcts:300"
"""The bot of ``analyse all``: quicker than the hint bot, as it looks at every move."""


class ReplayView:
    """A saved game opened in replay mode: the records' ReplayCursor plus what the shell shows."""

    def __init__(self, name: str, cursor: Any, bots: list[str | None], path: Path) -> None:
        self.name = name
        self.cursor = cursor
        self.bots = bots
        self.path = path

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

    def view(self) -> dict[str, Any]:
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
        return render.narrate(all_events, start, self.game.players)


def _replay(shell: Shell) -> ReplayView:
    if shell.replay is None:
        raise ShellError("not in replay mode: `replay NAME` opens a saved game")
    return shell.replay


def enter(shell: Shell, name: str | Path) -> None:
    """``replay NAME``: open a save in replay mode (the live game stays saved)."""
    records = deps.records()
    loaded = records.load_game(name, directory=shell.saves)
    cursor = records.ReplayCursor(loaded.record)
    shell.replay = ReplayView(Path(loaded.path).stem, cursor, list(loaded.bots), Path(loaded.path))
    shell.console.say(Text(f"Replay of {loaded.path}: {cursor.total} steps. ", "title").add(
        f"next, prev, goto N, {shell.replay.goto_unit}, show, analyse, branch, exit.", "dim"))
    shell.console.say(shell.replay.header())


def _count(args: list[str], name: str) -> int:
    if not args:
        return 1
    if len(args) > 1 or not args[0].isdigit() or int(args[0]) < 1:
        raise ShellError(f"{name} takes a number of steps, 1 or more: {name} 5")
    return int(args[0])


def next_cmd(shell: Shell, args: list[str]) -> None:
    """``next [N]``: forward, telling every step passed."""
    replay = _replay(shell)
    n = _count(args, "next")
    if replay.step >= replay.total:
        raise ShellError(f"this is the last step ({replay.total}): `prev` or `goto N` go back")
    before = len(replay.game.events)
    replay.cursor.forward(n)
    lines = render.narrate(replay.game.events, before, replay.game.players)
    if len(lines) > MAX_LINES:
        shell.console.say(Text(f"… {len(lines) - MAX_LINES} earlier lines skipped", "dim"))
        lines = lines[-MAX_LINES:]
    for line in lines:
        shell.console.say(line)
    shell.console.say(replay.header())


def prev_cmd(shell: Shell, args: list[str]) -> None:
    """``prev [N]``: back."""
    replay = _replay(shell)
    n = _count(args, "prev")
    if replay.step == 0:
        raise ShellError("this is step 0, the start: `next` goes forward")
    replay.cursor.back(n)
    _arrived(shell, replay)


def _arrived(shell: Shell, replay: ReplayView) -> None:
    shell.console.say(replay.header())
    for line in replay.step_lines():
        shell.console.say(Text("  ").extend(line))


def _period_words() -> set[str]:
    """Every game's word for its scoring period (``goto day 2`` in a game of rounds is
    refused with the right word, not as a bad ``goto``)."""
    return {info.vocabulary.period for info in games().values()}


def goto_cmd(shell: Shell, args: list[str]) -> None:
    """``goto N``, ``goto day D``, ``goto round R``, ``goto start|end|scoring``."""
    replay = _replay(shell)
    usage = f"goto N (0 to {replay.total}), {replay.goto_unit}, goto start, end or scoring"
    cursor = replay.cursor
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
    _arrived(shell, replay)


def branch_cmd(shell: Shell, args: list[str]) -> None:
    """``branch``: a new game from this step; the record is untouched."""
    replay = _replay(shell)
    if args:
        raise ShellError("branch takes no arguments")
    if replay.game.is_over:
        raise ShellError("the game is over at this step: `prev` or `goto N` to an earlier one")
    game = replay.cursor.branch()
    # The branch gets its own file with its first move; until then nothing needs saving.
    session = Session(game, replay.bots, shell.saves, on_disk=True)
    shell.start_session(session, f"Branched from {replay.name} at step {replay.step}: a new game "
                                 "(the record stays as it was; the branch is saved from its "
                                 "first move).")


def exit_cmd(shell: Shell, args: list[str]) -> None:
    """``exit``: leave replay mode (in play mode: quit)."""
    if args:
        raise ShellError("exit takes no arguments")
    if shell.replay is None:
        shell.leave()
        return
    shell.replay = None
    if shell.session is not None:
        shell.console.say(Text("Back to your game.", "title"))
        shell.console.say(render.table(shell.session.view(), shell.session.bots))
        shell.status()
    else:
        shell.console.say(Text("Left replay mode.", "dim"))


def analyse_cmd(shell: Shell, args: list[str]) -> None:
    """``analyse [all] [--bot SPEC]``: the bot's view of the move made here, or of every move."""
    from engine.shell.handlers import analysis_lines

    replay = _replay(shell)
    spec = None
    rest = list(args)
    if "--bot" in rest:
        i = rest.index("--bot")
        if i + 1 >= len(rest):
            raise ShellError("--bot needs a spec: analyse --bot mcts:1s")
        spec = rest[i + 1]
        rest = rest[:i] + rest[i + 2:]
    every = rest == ["all"]
    if rest and not every:
        raise ShellError(f"analyse takes `all` and --bot SPEC, got {' '.join(rest)!r}")
    if replay.step >= replay.total:
        raise ShellError("no move is made at the last step: `prev` or `goto N` first")
    bots = deps.bots()
    bot = bots.make_bot(spec or (ANALYSE_ALL_BOT if every else HINT_BOT), seed=replay.game.seed)
    if not every:
        game, played, seat = _move_here(replay)
        rows = bot.analyse(game.view(seat), game.legal_actions(), game.variant, top=3,
                           also=[played])
        title = f"Step {replay.step}: {game.players[seat]} played {played}; {bot.spec} says:"
        shell.console.say(analysis_lines(title, rows, played))
        shell.console.say(_loss(rows, played))
        return
    start = replay.step
    total_loss: dict[str, float] = {}
    try:
        for step in range(start, replay.total):
            replay.cursor.goto(step)
            game, played, seat = _move_here(replay)
            rows = bot.analyse(game.view(seat), game.legal_actions(), game.variant, top=1,
                               also=[played])
            best = rows[0]
            mine = next((r for r in rows if r.action == played), None)
            lost = 0.0 if mine is None else max(0.0, best.value - mine.value)
            name = game.players[seat]
            total_loss[name] = total_loss.get(name, 0.0) + lost
            line = Text(f"{step:>4} ").add(f"{name}: ", "name").add(f"{str(played):<16}", "cmd")
            if best.action == played:
                line.add(" = the bot's choice", "good")
            else:
                line.add(f" bot: {str(best.action):<16} lost {fixed(lost)}", "bad" if lost else "")
            shell.console.say(line)
    except KeyboardInterrupt:
        shell.console.say(Text("Analysis stopped.", "dim"))
    finally:
        replay.cursor.goto(start)
    if total_loss:
        shell.console.say(Text("Value lost in all: ", "title").add(
            ", ".join(f"{n} {fixed(v)}" for n, v in total_loss.items())))


def _move_here(replay: ReplayView) -> tuple[Game, Any, int]:
    """The game at this step, the move made from it, and who made it."""
    game = replay.game.clone()
    seat = game.current_player
    assert seat is not None
    cursor = replay.cursor
    cursor.forward(1)
    played = game.logic.action_of(cursor.event)
    cursor.back(1)
    return game, played, seat


def _loss(rows: list[Any], played: Any) -> Text:
    best = rows[0]
    mine = next((r for r in rows if r.action == played), None)
    if mine is None:
        return Text("The move played was not among the bot's candidates.", "dim")
    lost = best.value - mine.value
    if lost <= 0:
        return Text("The move played is the bot's choice: no value lost.", "good")
    return Text(f"Value lost by the move played: {fixed(lost)}.", "bad")
