"""The commands about the game in play: ``new``, ``show``, ``moves``, ``hint``, ``undo``,
``log`` and ``rules``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import bots, rulebook
from engine.actions import describe
from engine.agreement import agree
from engine.bots.levels import FIRST_GAME, FIRST_GAME_LINE
from engine.bots.levels import NAMES as LEVEL_NAMES
from engine.play import HINT_BOT, parse_lineup, render, start_game
from engine.shell import arg_completion as ac
from engine.shell.errors import ShellError
from engine.shell.hints import say_hint
from engine.shell.registry import BOTS, command
from engine.shell.rules_text import summary
from engine.shell.spec import Arg, Flag, Parsed, Spec
from engine.text import Text
from engine.text.width import reading_width

if TYPE_CHECKING:
    from engine.game import Game
    from engine.shell.context import Context

NEW = Spec((Arg("GAME", optional=True, complete=ac.games),
            Arg("N | PLAYER", optional=True, many=True, complete=ac.bot_seats)),
           (Flag("--variant", "rules file or variant name", "FILE-OR-NAME", ac.variants),
            Flag("--seed", "repeatable shuffles", "N")),
           reads_words=True)
BOT = Flag("--bot", "which bot", "SPEC", ac.bot_specs)
RAW = Flag("--raw", "also the bot's own value of each move")
HINT = Spec(flags=(BOT, RAW), misuse="{name} takes --bot SPEC and --raw, got {got}")
LOG = Spec((Arg("N", optional=True, number=True),),
           misuse="{name} takes one whole number 1 or more, got {got}")
RULE = rulebook.example_id()
"""A rule id for the help texts (the default game's ``rule_example``)."""
RULES = Spec((Arg("VARIANT | ID", optional=True, complete=ac.variants),),
             misuse="{name} takes at most one variant name or file, one rule id (" + RULE
             + "), or all")
AT_A_TABLE = ("a table plays its one game: the host starts a new one (`new` at the host's "
              "terminal)")


@command("new", "start a new game (players, bot seats, variant, seed)",
         "GAME is a game (the first that `new ` and Tab offers is the default) or any "
         "variant name. Then "
         "either a player count N (you and N-1 bots), or the players in seat order: a name "
         "is a person, `bot` or `bot:SPEC` is a bot, `NAME=bot:SPEC` a named bot. "
         "`--variant` plays under other rules (a shipped name or a YAML file), `--seed` "
         "makes the shuffles repeatable. The game in progress stays saved.\n"
         f"Bots: {BOTS}.\n"
         f"Levels, weakest first: {', '.join(LEVEL_NAMES)} (master is the default bot); "
         f"for a first game try {FIRST_GAME}: {FIRST_GAME_LINE}.\n"
         "Examples:\n  new medici 4\n  new medici Ann Bo bot:random bot:random\n"
         "  new medici Ann Bo Cy --seed 7\n  new medici Ann Cosimo=bot:greedy\n"
         "  new medici 3 --variant medici-amigo\n  new medici Ann bot --variant house.yaml",
         NEW, modes={"play": 1}, not_at_table=AT_A_TABLE)
def new_cmd(ctx: Context, args: Parsed) -> None:
    """``new GAME PLAYERS... [--variant X] [--seed N]``."""
    spec = parse_lineup(args.words, ctx.seed)
    previous = ctx.table
    table = start_game(spec, ctx.saves, ctx.new_settings())
    if previous is not None and not previous.game.is_over:
        where = previous.safe_on_disk()
        if where is not None:
            ctx.console.say(Text(f"Your previous game stays saved in {where}.", "dim"))
    seats = ", ".join(table.label(i) for i in range(len(table.bots)))
    # G-3: the seed rebuilds the pile order, so a seed drawn at random is told only once
    # the game is over; one the user chose is theirs to know.
    seed = f" (seed {spec.seed})" if spec.seed is not None else ""
    sides = list(table.game.logic.default_names(len(spec.names)))
    # A person seated on a side with a name of its own (Medici vs Strozzi) is told which.
    played = [f"{name} {agree(name, 'plays')} the {side} side"
              for name, side, bot in zip(spec.names, sides, spec.bots, strict=True)
              if bot is None and name != side and not side.startswith("Player ")]
    also = f" {'; '.join(played)}." if played else ""
    ctx.start_table(table, f"New game of {table.game.variant.name}: {seats}{seed}.{also}",
                    narrate=True)


@command("show", "print the whole table",
         "Each player's money and holdings; what is on sale and the bidding or offer so "
         "far; what is left to draw. In replay mode, the table at this step."
         "\nExample: show", aliases=("table", "board"),
         modes={"play": 2, "replay": 3, "table": 1}, at_table="all")
def show_cmd(ctx: Context, args: Parsed) -> None:
    """``show``: the whole table (as the mode shows it)."""
    ctx.mode.show()


@command("moves", "list the moves that are legal now",
         "The engine's legal actions for the player to act, amounts as ranges.\n"
         "Example: moves", aliases=("legal",), modes={"play": 3, "table": 2}, at_table="all")
def moves_cmd(ctx: Context, args: Parsed) -> None:
    """``moves``: what is legal now."""
    table = ctx.mode.table_in_play()
    if table.game.is_over:
        raise ShellError("the game is over: no moves are left")
    seat = table.game.current_player
    assert seat is not None
    legal = ", ".join(describe(table.legal()))
    ctx.console.say(Text(f"{table.label(seat)} may: ").add(legal, "cmd"))


@command("hint", "ask the strongest bot for its top moves",
         "The bot (mcts unless --bot says otherwise) looks at your view only and lists its "
         "best three moves, its choice first, each with your chance of winning after it and "
         "the money you can expect to end with (bid 7 · wins 34% · ends with ~118), "
         "and what is on sale is worth to whom. --raw adds the bot's own value of each move "
         "(mcts: its search objective; greedy: the money the move gains).\n"
         "Examples: hint · hint --bot greedy · hint --raw", HINT, modes={"play": 4},
         not_at_table="hints are off at this table (the host allows them with `medici host "
                      "... --hints on`)")
def hint_cmd(ctx: Context, args: Parsed) -> None:
    """``hint``: the strongest bot's top moves for the person to act, in their words."""
    spec = args.option("--bot")
    table = ctx.require_table()
    game = table.game
    seat = game.current_player
    if seat is None:
        raise ShellError("the game is over: there is nothing to hint")
    if table.bots[seat] is not None:
        raise ShellError(f"it is {game.players[seat]}'s turn, a bot's")
    if not table.settings.hints:
        raise ShellError("hints are off at this table")
    bot = bots.make_bot(spec or HINT_BOT, seed=game.seed)
    if ctx.interactive:
        ctx.console.say(Text(f"Asking {bot.spec}…", "dim"))
    say_hint(ctx.console, bot, game, seat, raw="--raw" in args.flags)


@command("undo", "take back your last move (and the bot moves after it)",
         "Never past a chance outcome already seen: what was revealed stays revealed, so undo "
         "cannot be used to peek or re-draw. Against bots, undo takes back your last move "
         "and the bot moves made after it, but never a bot's move that ended an auction "
         "or an offer: once you have seen how a sale ended, "
         "you cannot bid or price it again knowing the others' answers. Between people "
         "alone (hot seat) it takes back one move at a time.\nExample: undo",
         modes={"play": 5},
         not_at_table="moves can't be taken back once everyone has seen them")
def undo_cmd(ctx: Context, args: Parsed) -> None:
    """``undo``: back to before your last move."""
    table = ctx.require_table()
    if table.game.is_over:
        raise ShellError("the game is over: undo takes back moves of a game still being "
                         "played; `replay` goes back through it, and `branch` there plays on "
                         "from any step")
    taken = table.undo()
    many = f" {len(taken)} moves" if len(taken) > 1 else ""
    ctx.console.say(Text(f"Took back{many}: {'; '.join(taken)}.", "good"))
    ctx.status()


@command("log", "the last N happenings of the game (default 20)",
         "Tells the game's events again, newest last.\nExamples: log · log 60", LOG,
         modes={"play": 6, "replay": 9, "table": 4}, at_table="all")
def log_cmd(ctx: Context, args: Parsed) -> None:
    """``log [N]``: the last N things that happened."""
    count = args.number("N", 20)
    game = ctx.mode.game() or ctx.require_table().game
    lines = render.narrate(game.events, 0, game.players, render.StepViews(game))
    for line in lines[-count:]:
        ctx.console.say(line)


@command("rules", "the rule ids with a line each; one rule, all of them, a variant's",
         "`rules` alone lists the ids of the game's rules (both games' without a game), "
         "with a line each; `rules ID` prints one rule in full and `rules all` every rule, "
         "from the rules text the program carries; `rules VARIANT` summarises a variant's "
         "numbers, read from its resolved rules.\n"
         f"Examples: rules · rules {RULE} · rules all · rules medici-amigo",
         RULES, modes={"play": 7, "replay": 10, "table": 5}, at_table="all")
def rules_cmd(ctx: Context, args: Parsed) -> None:
    """``rules [VARIANT | ID | all]``: the rule ids of the game (one line each), one rule
    or every rule of docs/rules.md in full, or a variant's rules summary."""
    which = args.text("VARIANT | ID")
    width = reading_width(ctx.console.width())
    if which is not None and rulebook.looks_like_id(which):
        head, _, body = rulebook.rule(which).render(width).partition("\n\n")
        ctx.page(Text(head, "heading").line("").line(body))
        return
    players = None
    game = ctx.mode.game()
    if which is None or which.lower() == "all":
        gid = game.variant.game if game is not None else None
        shown = rulebook.whole(gid, width) if which else _rule_list(gid, game)
        ctx.page(Text(shown))
        return
    if game is not None and which == game.variant.name:
        variant = game.variant  # the game's own rules, its player count stressed
        players = len(game.players)
    else:
        variant = ctx.mode.variant_named(which)
    ctx.page(summary(variant, players, ctx.console.width()))


def _rule_list(gid: str | None, game: Game | None) -> str:
    """``rules`` alone: the ids of the game's rules with their titles, and where more is."""
    listed = rulebook.index(gid).rsplit("\n", 1)[0]
    shown = f"rules {game.variant.name}" if game is not None else "rules VARIANT"
    return (f"{listed}\nOne rule in full: `rules {rulebook.example_id()}`; all of them: "
            f"`rules all`; the numbers of a variant: `{shown}`.")
