"""The command table: every shell command's name, one-line help, long help and ``Spec``
(its arguments, from which its usage line, parsing and completion come). Which commands a
mode offers, and what they do there, is the mode's (``PlayMode``, ``ReplayMode``).

Moves (``draw``, ``bid 7``, ``load 4 harbour 2``...) are not in the table: they are the
engine's own action words, applied through ``Game.apply``; ``moves()`` only describes them
for ``help``, from each game's descriptor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from prompt_toolkit.completion import Completer

from engine.bots import KINDS
from engine.bots.levels import FIRST_GAME, FIRST_GAME_LINE
from engine.bots.levels import NAMES as LEVEL_NAMES
from engine.registry import game_info, games
from engine.rulebook import example_id
from engine.shell import arg_completion as ac
from engine.shell.spec import Arg, Flag, Spec, word_completer

if TYPE_CHECKING:
    from engine.shell.app import Shell

BOTS = (
    ", ".join(spec for kind in KINDS if not kind.field for spec in kind.offered)
    + " (mcts is the default; mcts:N searches N iterations, mcts:Ts T seconds a move); "
    "the field's styles: " + ", ".join(kind.name for kind in KINDS if kind.field)
)
"""The bots ``help new`` names (from the table of bot kinds, ``engine.bots.kinds``)."""

MAX_LINE = 4096
"""The longest command line the shell reads (the longest real one is under 200 characters)."""


@dataclass(frozen=True)
class Command:
    """One shell command."""

    name: str
    summary: str
    details: str
    spec: Spec = Spec()
    aliases: tuple[str, ...] = field(default=())

    @property
    def usage(self) -> str:
        """The usage line, from the spec."""
        return self.spec.usage(self.name)


@dataclass(frozen=True)
class Move:
    """What ``help`` says about a move word."""

    usage: str
    summary: str
    details: str
    games: tuple[str, ...]


def moves() -> dict[str, Move]:
    """Every registered game's move words with their help; a word several games share
    (``draw``) has each game's details, under the game's title."""
    found: dict[str, Move] = {}
    for info in games().values():
        for word, help_ in info.moves.items():
            other = found.get(word)
            if other is None:
                found[word] = Move(help_.usage, help_.summary, help_.details, (info.id,))
                continue
            if len(other.games) == 1:
                first = game_info(other.games[0]).title
                other = Move(other.usage, other.summary, f"{first}: {other.details}", other.games)
            found[word] = Move(other.usage, other.summary,
                               f"{other.details}\n{info.title}: {help_.details}",
                               (*other.games, info.id))
    return found


def _help_words(shell: Shell, typed: Sequence[str]) -> Completer:
    """``help CMD``: every command and move name."""
    options = [(c.name, c.summary) for c in COMMANDS.values()]
    options += [(w, f"move: {m.summary}") for w, m in sorted(moves().items())]
    return word_completer(options)


BOT = Flag("--bot", "which bot", "SPEC", ac.bot_specs)
SAVE_NAME = Arg("NAME", complete=ac.save_names)
ONE_SAVE = "{name} takes one save name: {name} NAME (`saves` lists them)"

HELP = Spec((Arg("COMMAND", optional=True, complete=_help_words),),
            misuse="{name} takes at most one command name: help CMD")
NEW = Spec((Arg("GAME", optional=True, complete=ac.games),
            Arg("N | PLAYER", optional=True, many=True, complete=ac.bot_seats)),
           (Flag("--variant", "rules file or variant name", "FILE-OR-NAME", ac.variants),
            Flag("--seed", "repeatable shuffles", "N")),
           reads_words=True)
RAW = Flag("--raw", "also the bot's own value of each move")
HINT = Spec(flags=(BOT, RAW), misuse="{name} takes --bot SPEC and --raw, got {got}")
LOG = Spec((Arg("N", optional=True, number=True),),
           misuse="{name} takes one whole number 1 or more, got {got}")
RULE = example_id()
"""A rule id for the help texts (the default game's ``rule_example``)."""
RULES = Spec((Arg("VARIANT | ID", optional=True, complete=ac.variants),),
             misuse="{name} takes at most one variant name or file, or one rule id (" + RULE
             + ")")
SAVE = Spec((Arg("NAME", optional=True, complete=ac.save_names, hides_options=True),),
            (Flag("--copy", "keep a snapshot; the game goes on in its save"),
             Flag("--replace", "replace what is there on purpose")),
            misuse="{name} takes one name (quote it if it has spaces): save NAME",
            unknown_flag="unknown option {flag}: save takes --copy and --replace")
OPEN = Spec((SAVE_NAME,), misuse=ONE_SAVE)
REPLAY = Spec((Arg("NAME", optional=True, complete=ac.save_names),),
              (Flag("--example", "a whole game played by the bots", "GAME", ac.example_games,
                    missing="--example needs a game: replay --example medici"),),
              misuse=ONE_SAVE)
SAVES = Spec(flags=(Flag("--all", "every save, not only the 20 newest"),
                    Flag("--delete", "remove a save", "NAME", ac.save_names)),
             misuse="{name} takes --all and --delete NAME, got {got}")
STEPS = Spec((Arg("N", optional=True, number=True),),
             misuse="{name} takes a number of steps, 1 or more: {name} 5")
GOTO = Spec((Arg("TARGET", complete=ac.goto_targets),
             Arg("P", optional=True, complete=ac.goto_periods)),
            forms=("N", "PERIOD P", "start", "end", "scoring"))
ANALYSE = Spec((Arg("all", optional=True, choices=("all",), complete=ac.analyse_scope),),
               (Flag("--bot", "which bot", "SPEC", ac.bot_specs,
                     missing="--bot needs a spec: analyse --bot mcts:1s"), RAW),
               misuse="{name} takes `all`, --bot SPEC and --raw, got {got}")
PLAY = Spec((Arg("SECONDS", optional=True),),
            (Flag("--to", "play until", "scoring", ac.play_targets,
                  missing="--to needs a target: play --to scoring"),),
            misuse="{name} takes the seconds between steps and --to scoring: play 0.5")
SET = Spec((Arg("SETTING", optional=True, complete=ac.settings),
           Arg("VALUE", optional=True, complete=ac.on_off)),
          misuse="{name} takes a setting and on or off: set confirm off")
BARE = Spec(misuse="{name} takes no arguments")
"""``branch`` and ``exit`` say only that they take none."""


_TABLE = [
    Command("help", "list the commands, or explain one",
            "`help` lists every command with one line each; `help CMD` explains one with "
            "examples; moves are explained too.\nExamples: help · help new · help bid",
            HELP, aliases=("?",)),
    Command("new", "start a new game (players, bot seats, variant, seed)",
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
            NEW),
    Command("show", "print the whole table",
            "Each player's money and holdings; what is on sale and the bidding or offer so "
            "far; what is left to draw. In replay mode, the table at this step."
            "\nExample: show", aliases=("table", "board")),
    Command("moves", "list the moves that are legal now",
            "The engine's legal actions for the player to act, amounts as ranges.\n"
            "Example: moves", aliases=("legal",)),
    Command("hint", "ask the strongest bot for its top moves",
            "The bot (mcts unless --bot says otherwise) looks at your view only and lists its "
            "best three moves, its choice first, each with your chance of winning after it and "
            "the money you can expect to end with (bid 7 · wins 34% · ends with ~118), "
            "and what is on sale is worth to whom. --raw adds the bot's own value of each move "
            "(mcts: its search objective; greedy: the money the move gains).\n"
            "Examples: hint · hint --bot greedy · hint --raw", HINT),
    Command("undo", "take back your last move (and the bot moves after it)",
            "Never past a chance outcome already seen: what was revealed stays revealed, so undo "
            "cannot be used to peek or re-draw. Against bots, undo takes back your last move "
            "and the bot moves made after it, but never a bot's move that ended an auction "
            "or an offer: once you have seen how a sale ended, "
            "you cannot bid or price it again knowing the others' answers. Between people "
            "alone (hot seat) it takes back one move at a time.\nExample: undo"),
    Command("log", "the last N happenings of the game (default 20)",
            "Tells the game's events again, newest last.\nExamples: log · log 60", LOG),
    Command("rules", "a summary of the current variant's rules, or one rule by its id",
            "Read from the resolved rules of the game in progress (or of VARIANT); with a "
            "rule id (the summary names the game's), that rule in full.\n"
            f"Examples: rules · rules medici-amigo · rules {RULE}",
            RULES),
    Command("save", "name the game's save, or copy it",
            "A game has one save, from its first move to its end, named when it starts "
            "(game, date, players: medici-2026-12-01-ann-bo-cy) and rewritten after every "
            "move. `save NAME` renames it: the old name goes, and later moves go to NAME. "
            "`save NAME --copy` writes a snapshot under NAME and the game goes on in its own "
            "save (a path such as ./game.json is always a copy). Neither ever replaces another "
            "game's save or a file that is not a save of this game: `--replace` does, on "
            "purpose. Names: letters, digits, spaces and - _ . ' + ( ) , & !, up to 80.\n"
            "Examples: save · save friday-game · save before-the-gamble --copy",
            SAVE),
    Command("open", "open a saved game and play on",
            "An unfinished game goes on in its own save; a finished one (or a file outside "
            "the saves folder) gets a new save only if play goes on. Tab completes the save "
            "names; `saves` lists them. (`load` is a move, never this command.)\n"
            "Examples: open friday-game · open ./game.json",
            OPEN),
    Command("saves", "list the saved games, one row per game",
            "Name, game, scoring period reached (or finished), players and when last "
            "played, newest first; the 20 newest unless --all. `saves --delete NAME` removes one.\n"
            "Examples: saves · saves --all · saves --delete old-game",
            SAVES),
    Command("resume", "continue the most recent unfinished game",
            "The same game `medici resume` opens.\nExample: resume"),
    Command("replay", "step through a saved game (replay mode)",
            "In replay mode: next (or Enter), prev, goto N, goto PERIOD P (the game's scoring "
            "period), play, show, analyse, branch, exit. The prompt shows the step. "
            "`replay --example GAME` opens a whole game played by the bots.\n"
            "Examples: replay friday-game · replay --example medici",
            REPLAY),
    Command("play", "watch the replay go on by itself (default a step a second)",
            "Steps on at a pace of SECONDS between steps (1 unless given), each told as in "
            "a live game, until the end, the next scoring (--to scoring), or a key: any key "
            "or Ctrl-C stops it where it is. `medici replay FILE --play` and `medici replay "
            "--example` start playing at once.\nExamples: play · play 0.3 · play --to scoring",
            PLAY),
    Command("set", "change a setting for this session (set confirm off)",
            "`set` alone lists the settings. `set confirm off` stops the question asked before "
            "a bid or price out of all proportion (more than twice what is on sale is worth to "
            "you, by the bots' valuation, and more than 10 above the lowest amount legal; or "
            "one that takes a loan and is more than its worth): `y` makes the move, "
            "anything else changes nothing. Scripts are never asked.\n"
            "Examples: set · set confirm off · set confirm on", SET),
    Command("next", "go forward one step (or N); Enter alone does it too",
            "Each step is one move and all that follows from it: step N is the N-th move, "
            "numbered as `analyse` and `medici log` number it (step 0 is the set-up).\n"
            "Examples: next · next 10 · (Enter)",
            STEPS, aliases=("n",)),
    Command("prev", "go back one step (or N)",
            "Examples: prev · prev 5", STEPS, aliases=("p", "back")),
    Command("goto", "jump to a step, the start of a scoring period, or the next scoring",
            "PERIOD is the game's word for its scoring period (Tab offers it), P its number.\n"
            "Examples: goto 40 · goto scoring · goto end",
            GOTO),
    Command("analyse", "what the bot would have played here, and the value the move lost",
            "For the move made at this step: the bot's top moves, each with the mover's chance "
            "of winning and expected final money, and what the move played gave away. "
            "`analyse all` goes through every move from here to the end (with a quicker bot "
            "unless --bot is given; Ctrl-C stops it). --raw adds the bot's own values.\n"
            "Examples: analyse · analyse all · analyse --bot mcts:1s",
            ANALYSE, aliases=("analyze",)),
    Command("branch", "play on from this step as a new game",
            "The original record stays untouched; the new game gets its own save with its "
            "first move.\n"
            "Example: branch", BARE),
    Command("exit", "leave replay mode (back to your game, if any); else quit",
            "In replay mode, back to the game you were playing (if any); otherwise the same "
            "as quit.\nExample: exit", BARE),
    Command("quit", "leave the shell (the game stays saved)",
            "The game is saved after every move, so nothing is lost; `medici resume` "
            "continues it. Ctrl-D does the same.\nExample: quit",
            aliases=("q", "bye")),
]

COMMANDS: dict[str, Command] = {c.name: c for c in _TABLE}
"""Every shell command by name."""
