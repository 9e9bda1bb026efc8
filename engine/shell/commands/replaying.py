"""The commands of a replay: ``replay`` (which enters replay mode), and in replay mode
``next``, ``prev``, ``goto``, ``play``, ``analyse``, ``branch`` and ``exit``."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import bots
from engine.actions import Action
from engine.bots.base import NOBODY
from engine.bots.explain import lost_points, lost_text
from engine.play import HINT_BOT, Table, render
from engine.records.examples import example_path, examples
from engine.records.format import Branch
from engine.registry import game_info, games
from engine.shell import arg_completion as ac
from engine.shell.commands.review import kept_analysis, step_note
from engine.shell.errors import ShellError
from engine.shell.hints import analysis_lines
from engine.shell.registry import command
from engine.shell.replay_mode import ReplayMode, enter
from engine.shell.replay_view import ReplayView
from engine.shell.spec import Arg, Flag, Parsed, Spec
from engine.text import Text

if TYPE_CHECKING:
    from engine.bots import Analysis
    from engine.game import Game
    from engine.shell.context import Context

MAX_LINES = 80
"""A long jump forward tells at most this many lines (the last ones)."""

ANALYSE_ALL_BOT = "mcts:300"
"""The bot of ``analyse all``: quicker than the hint bot, as it looks at every move."""

LOCAL = "a replay is for a game on your own machine: `medici replay NAME` there"
"""Why the replay's commands are not played at a hosted table."""

REPLAY = Spec((Arg("NAME", optional=True, complete=ac.save_names),),
              (Flag("--example", "a whole game played by the bots", "GAME", ac.example_games,
                    missing="--example needs a game: replay --example medici"),),
              misuse="{name} takes one save name: {name} NAME (`saves` lists them)")
STEPS = Spec((Arg("N", optional=True, number=True),),
             misuse="{name} takes a number of steps, 1 or more: {name} 5")
GOTO = Spec((Arg("TARGET", complete=ac.goto_targets),
             Arg("P", optional=True, complete=ac.goto_periods)),
            forms=("N", "PERIOD P", "start", "end", "scoring"))
RAW = Flag("--raw", "also the bot's own value of each move")
ANALYSE = Spec((Arg("all", optional=True, choices=("all",), complete=ac.analyse_scope),),
               (Flag("--bot", "which bot", "SPEC", ac.bot_specs,
                     missing="--bot needs a spec: analyse --bot mcts:1s"), RAW),
               misuse="{name} takes `all`, --bot SPEC and --raw, got {got}")
PLAY = Spec((Arg("SECONDS", optional=True),),
            (Flag("--to", "play until", "scoring", ac.play_targets,
                  missing="--to needs a target: play --to scoring"),),
            misuse="{name} takes the seconds between steps and --to scoring: play 0.5")
BRANCH = Spec(flags=(Flag("--as", "take this player's seat", "NAME", ac.replay_players,
                          missing="--as needs a player's name: branch --as Bo"),),
              misuse="{name} takes --as NAME, got {got}")
BARE = Spec(misuse="{name} takes no arguments")


def replay_of(ctx: Context) -> ReplayView:
    """The record stepped through (a replay command runs in replay mode only)."""
    replay = ctx.mode.record()
    if replay is None:
        raise ShellError("no record is being replayed: `replay NAME` opens one")
    return replay


def leave_replay(ctx: Context) -> None:
    """Back to the mode the replay was entered from."""
    mode = ctx.mode
    if isinstance(mode, ReplayMode):
        ctx.mode = mode.back


@command("replay", "step through a saved game (replay mode)",
         "In replay mode: next (or Enter), prev, goto N, goto PERIOD P (the game's scoring "
         "period), play, show, analyse, branch, exit. The prompt shows the step. "
         "`replay --example GAME` opens a whole game played by the bots.\n"
         "Examples: replay friday-game · replay --example medici",
         REPLAY, modes={"play": 12}, not_at_table=LOCAL)
def replay_cmd(ctx: Context, args: Parsed) -> None:
    """``replay NAME`` or ``replay --example GAME``: replay mode."""
    name, example = args.text("NAME"), args.option("--example")
    if (name is None) == (example is None):
        raise ShellError("replay takes one save name, or --example GAME: replay friday · "
                         f"replay --example {next(iter(examples()), 'GAME')}")
    enter(ctx, name if name is not None else example_path(example))


@command("next", "go forward one step (or N); Enter alone does it too",
         "Each step is one move and all that follows from it: step N is the N-th move, "
         "numbered as `analyse` and `medici log` number it (step 0 is the set-up).\n"
         "Examples: next · next 10 · (Enter)",
         STEPS, aliases=("n",), modes={"replay": 0}, not_at_table=LOCAL)
def next_cmd(ctx: Context, args: Parsed) -> None:
    """``next [N]``: forward, telling every step passed."""
    replay = replay_of(ctx)
    n = args.number("N", 1)
    if replay.step >= replay.total:
        raise ShellError(f"this is the last step ({replay.total}): `prev` or `goto N` go back")
    lines = _forward(replay, n)
    if len(lines) > MAX_LINES:
        ctx.console.say(Text(f"… {len(lines) - MAX_LINES} earlier lines skipped", "dim"))
        lines = lines[-MAX_LINES:]
    for line in lines:
        ctx.console.say(line)
    ctx.console.say(replay.header())


def _forward(replay: ReplayView, n: int) -> list[Text]:
    """Go ``n`` steps on; what happened in them, told as in a live game."""
    before = len(replay.game.events)
    replay.cursor.forward(n)
    return render.narrate(replay.game.events, before, replay.game.players,
                          render.StepViews(replay.game, replay.cursor))


PLAY_PACE = 1.0
"""Seconds between two steps of ``play`` unless it is given another pace."""
MAX_PACE = 60.0


@command("play", "watch the replay go on by itself (default a step a second)",
         "Steps on at a pace of SECONDS between steps (1 unless given), each told as in "
         "a live game, until the end, the next scoring (--to scoring), or a key: any key "
         "or Ctrl-C stops it where it is. `medici replay FILE --play` and `medici replay "
         "--example` start playing at once.\nExamples: play · play 0.3 · play --to scoring",
         PLAY, modes={"replay": 7}, not_at_table=LOCAL)
def play_cmd(ctx: Context, args: Parsed) -> None:
    """``play [SECONDS] [--to scoring]``: step on by itself, told as in a live game, until
    the end, the next scoring, or a key (Ctrl-C too)."""
    replay = replay_of(ctx)
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
    if ctx.interactive:
        ctx.console.say(Text("Playing: any key stops (Ctrl-C too).", "dim"))
    why = "the end"
    try:
        while replay.step < replay.total:
            for line in _forward(replay, 1):
                ctx.console.say(line)
            if target is not None and replay.step in scoring:
                why = "the scoring"
                break
            if replay.step < replay.total and ctx.interactive and ctx.wait_key(pace):
                why = "a key"
                break
    except KeyboardInterrupt:
        why = "Ctrl-C"
    ctx.console.say(Text(f"Stopped at step {replay.step} ({why}). ", "dim").extend(
        replay.header()))


@command("prev", "go back one step (or N)", "Examples: prev · prev 5", STEPS,
         aliases=("p", "back"), modes={"replay": 1}, not_at_table=LOCAL)
def prev_cmd(ctx: Context, args: Parsed) -> None:
    """``prev [N]``: back."""
    replay = replay_of(ctx)
    n = args.number("N", 1)
    if replay.step == 0:
        raise ShellError("this is step 0, the start: `next` goes forward")
    replay.cursor.back(n)
    _arrived(ctx, replay)


def _arrived(ctx: Context, replay: ReplayView) -> None:
    ctx.console.say(replay.header())
    for line in replay.step_lines():
        ctx.console.say(Text("  ").extend(line))
    note = step_note(replay)  # a review kept with the record
    if note is not None:
        ctx.console.say(Text("  ").extend(note))


def _period_words() -> set[str]:
    """Every game's word for its scoring period (``goto day 2`` in a game of rounds is
    refused with the right word, not as a bad ``goto``)."""
    return {info.vocabulary.period for info in games().values()}


@command("goto", "jump to a step, the start of a scoring period, or the next scoring",
         "PERIOD is the game's word for its scoring period (Tab offers it), P its number.\n"
         "Examples: goto 40 · goto scoring · goto end", GOTO, modes={"replay": 2},
         not_at_table=LOCAL)
def goto_cmd(ctx: Context, parsed: Parsed) -> None:
    """``goto N``, ``goto day D``, ``goto round R``, ``goto start|end|scoring``."""
    replay = replay_of(ctx)
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
    _arrived(ctx, replay)


@command("branch", "play on from this step as a new game",
         "The original record stays untouched; the new game gets its own save with its "
         "first move. The seats people played stay people's and the bots' stay bots'; "
         "`--as NAME` takes NAME's seat. In a game of bots alone, `branch` asks which seat "
         "you take.\nExamples: branch · branch --as Bo", BRANCH, modes={"replay": 5},
         not_at_table=LOCAL)
def branch_cmd(ctx: Context, args: Parsed) -> None:
    """``branch [--as NAME]``: a new game from this step; the record is untouched."""
    replay = replay_of(ctx)
    if replay.game.is_over:
        raise ShellError("the game is over at this step: `prev` or `goto N` to an earlier one")
    players = replay.game.players
    wanted = args.option("--as")
    if wanted is not None:
        _branch(ctx, replay, seat_named(players, wanted))
        return
    if any(bot is None for bot in replay.bots):
        _branch(ctx, replay, None)
        return
    names = ", ".join(players)
    if not ctx.interactive:
        raise ShellError(f"every seat of this game is a bot: `branch --as NAME` takes a seat "
                         f"({names}); the others stay bots")

    def take(answer: str) -> bool:
        if not answer.strip():
            return False
        _branch(ctx, replay, seat_named(players, answer.strip()))
        return True

    ctx.choose(f"Every seat is a bot: which seat do you take? ({names}; Enter: none)", take,
               "No branch made: `branch --as NAME` takes a seat.", "seat")


def seat_named(players: Sequence[str], name: str) -> int:
    """The seat of the player called ``name`` (case aside); ShellError naming the seats."""
    found = [i for i, p in enumerate(players) if p.casefold() == name.casefold()]
    if not found:
        close = difflib.get_close_matches(name, list(players), n=1, cutoff=0.6)
        mean = f"; did you mean {close[0]}?" if close else ""
        raise ShellError(f"no player {name!r} in this game{mean} (players: "
                         f"{', '.join(players)})")
    return found[0]


def _branch(ctx: Context, replay: ReplayView, you: int | None) -> None:
    """Start the branch at this step; ``you``: the seat a person takes (it was a bot's)."""
    game = replay.cursor.branch()
    bots = list(replay.bots)
    if you is not None:
        bots[you] = None
    # The branch gets its own file with its first move (``NAME-branch``, ``-2`` if taken);
    # until then nothing needs saving. It is played here, on one machine, even if the game
    # it comes from was hosted.
    origin: Branch = {"name": replay.name, "step": replay.step}
    settings = replay.settings.changed(hosting=None, name=None)
    table = Table(game, bots, ctx.saves, on_disk=True, branch_of=origin, settings=settings,
                  review=replay.cursor.record.review)
    leave_replay(ctx)
    seat = "" if you is None else f"; you play {game.players[you]}"
    ctx.start_table(table, f"Branched from {replay.name} at step {replay.step}: a new game "
                           f"(the record stays as it was; the branch is saved as "
                           f"{replay.name}-branch from its first move){seat}.")


@command("exit", "leave replay mode (back to your game, if any)",
         "In replay mode, back to the game you were playing (if any); otherwise the "
         "shell's first mode.\nExample: exit", BARE, modes={"replay": 6})
def exit_cmd(ctx: Context, args: Parsed) -> None:
    """``exit``: leave replay mode, back to the mode it was entered from."""
    leave_replay(ctx)
    table = ctx.table
    if table is not None:
        ctx.console.say(Text("Back to your game.", "title"))
        ctx.console.say(render.table(table.view(), table.bots, ctx.console.width()))
        ctx.status()
    else:
        ctx.console.say(Text("Left replay mode.", "dim"))


@command("analyse", "what the bot would have played here, and the value the move lost",
         "For the move made at this step: the bot's top moves, each with the mover's chance "
         "of winning and expected final money, and what the move played gave away. "
         "`analyse all` goes through every move from here to the end (with a quicker bot "
         "unless --bot is given; Ctrl-C stops it). --raw adds the bot's own values.\n"
         "Examples: analyse · analyse all · analyse --bot mcts:1s",
         ANALYSE, aliases=("analyze",), modes={"replay": 4}, not_at_table=LOCAL)
def analyse_cmd(ctx: Context, args: Parsed) -> None:
    """``analyse [all] [--bot SPEC]``: the bot's view of the move of this step (step N is
    the N-th move, as ``goto N`` tells it and ``medici log`` numbers it), or of every move
    from here on."""
    replay = replay_of(ctx)
    say = ctx.console.say
    every = args.text("all") is not None
    if replay.step == 0 and not every:
        raise ShellError("step 0 is the set-up, made by no move: `next` goes to the first "
                         "move, `analyse all` goes through every one")
    bot = bots.make_bot(args.option("--bot") or (ANALYSE_ALL_BOT if every else HINT_BOT),
                        seed=replay.game.seed)
    if not every and args.option("--bot") is None and kept_analysis(ctx, replay):
        return
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
                           raw="--raw" in args.flags, width=ctx.console.width()))
        say(_loss(rows, played, _money(game)))
        return
    start = replay.step
    total_loss: dict[str, float] = {}
    chances = False
    table = AnalysisTable(replay, ctx.console.width())
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


