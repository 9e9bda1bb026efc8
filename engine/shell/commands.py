"""The command table: every shell command's name, one-line help, long help, handler, completer.

Moves (``draw``, ``bid 7``, ``load 4 harbour 2``...) are not in the table: they are the
engine's own action words, applied through ``Game.apply``; ``moves()`` only describes them
for ``help``, from each game's descriptor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from prompt_toolkit.completion import Completion

from engine.registry import game_info, games

if TYPE_CHECKING:
    from engine.shell.app import Shell

Handler = Callable[["Shell", list[str]], None]
ArgCompleter = Callable[["Shell", list[str], str], Iterable[Completion]]

PLAY = frozenset({"play"})
REPLAY = frozenset({"replay"})
BOTH = frozenset({"play", "replay"})


@dataclass(frozen=True)
class Command:
    """One shell command."""

    name: str
    usage: str
    summary: str
    details: str
    run: Handler
    complete: ArgCompleter | None = None
    modes: frozenset[str] = BOTH
    aliases: tuple[str, ...] = field(default=())


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


def _lazy(module: str, name: str) -> Handler:
    """A handler that imports its module on first use (start-up stays fast)."""

    def run(shell: Shell, args: list[str]) -> None:
        from importlib import import_module

        getattr(import_module(module), name)(shell, args)

    run.__name__ = name
    return run


def _lazy_complete(module: str, name: str) -> ArgCompleter:
    def complete(shell: Shell, args: list[str], prefix: str) -> Iterable[Completion]:
        from importlib import import_module

        return getattr(import_module(module), name)(shell, args, prefix)

    complete.__name__ = name
    return complete


H = "engine.shell.handlers"
R = "engine.shell.replay_mode"
C = "engine.shell.arg_completion"

_TABLE = [
    Command("help", "help [COMMAND]", "list the commands, or explain one",
            "`help` lists every command with one line each; `help CMD` explains one with "
            "examples; moves are explained too.\nExamples: help · help new · help bid",
            _lazy(H, "help_cmd"), _lazy_complete(C, "help_args"), aliases=("?",)),
    Command("new", "new [GAME] [N | PLAYER...] [--variant FILE-OR-NAME] [--seed N]",
            "start a new game (players, bot seats, variant, seed)",
            "GAME is a game (the first that `new ` and Tab offers is the default) or any "
            "variant name. Then "
            "either a player count N (you and N-1 bots), or the players in seat order: a name "
            "is a person, `bot` or `bot:SPEC` is a bot, `NAME=bot:SPEC` a named bot. "
            "`--variant` plays under other rules (a shipped name or a YAML file), `--seed` "
            "makes the shuffles repeatable. The game in progress stays saved.\n"
            "Bots: random, greedy, mcts (default), mcts:2000 (iterations), mcts:1s (time); "
            "the field's styles: thrifty, valuer, spoiler, hoarder.\n"
            "Examples:\n  new medici 4\n  new medici Ann Bo bot:random bot:random\n"
            "  new medici Ann Bo Cy --seed 7\n  new medici Ann Cosimo=bot:greedy\n"
            "  new medici 3 --variant medici-amigo\n  new medici Ann bot --variant house.yaml",
            _lazy(H, "new_cmd"), _lazy_complete(C, "new_args"), modes=PLAY),
    Command("show", "show", "print the whole table",
            "Each player's money and holdings; the lot and the bidding or offer so far; what "
            "is left to draw. In replay mode, the table at this step."
            "\nExample: show", _lazy(H, "show_cmd"), aliases=("table", "board")),
    Command("moves", "moves", "list the moves that are legal now",
            "The engine's legal actions for the player to act, amounts as ranges.\n"
            "Example: moves", _lazy(H, "moves_cmd"), modes=PLAY, aliases=("legal",)),
    Command("hint", "hint [--bot SPEC]", "ask the strongest bot for its top moves",
            "The bot (mcts unless --bot says otherwise) looks at your view only and lists its "
            "best three moves with their estimated values (mcts: its objective, with the chance "
            "of winning and the expected final money beside it).\n"
            "Examples: hint · hint --bot greedy", _lazy(H, "hint_cmd"),
            _lazy_complete(C, "bot_option_args"), modes=PLAY),
    Command("undo", "undo", "take back your last move (and the bot moves after it)",
            "Never past a chance outcome already seen: a revealed card stays revealed, so undo "
            "cannot be used to peek or re-draw. Against bots, undo takes back your last move "
            "and the bot moves made after it, but never a bot's move that ended an auction "
            "or an offer: once you have seen how a sale ended, "
            "you cannot bid or price it again knowing the others' answers. Between people "
            "alone (hot seat) it takes back one move at a time.\nExample: undo",
            _lazy(H, "undo_cmd"),
            modes=PLAY),
    Command("log", "log [N]", "the last N happenings of the game (default 20)",
            "Tells the game's events again, newest last.\nExamples: log · log 60",
            _lazy(H, "log_cmd")),
    Command("rules", "rules [VARIANT | ID]",
            "a summary of the current variant's rules, or one rule by its id",
            "Read from the resolved rules of the game in progress (or of VARIANT); with a "
            "rule id (G-1..G-4, M-1..M-19, S-1..S-17), that rule in full.\n"
            "Examples: rules · rules medici-amigo · rules M-8",
            _lazy(H, "rules_cmd"), _lazy_complete(C, "variant_args")),
    Command("save", "save [NAME] [--copy] [--replace]", "name the game's save, or copy it",
            "A game has one save, from its first move to its end, named when it starts "
            "(game, date, players: medici-2026-12-01-ann-bo-cy) and rewritten after every "
            "move. `save NAME` renames it: the old name goes, and later moves go to NAME. "
            "`save NAME --copy` writes a snapshot under NAME and the game goes on in its own "
            "save (a path such as ./game.json is always a copy). Neither ever replaces another "
            "game's save or a file that is not a save of this game: `--replace` does, on "
            "purpose. Names: letters, digits, spaces and - _ . ' + ( ) , & !, up to 80.\n"
            "Examples: save · save friday-game · save before-the-gamble --copy",
            _lazy(H, "save_cmd"), _lazy_complete(C, "save_option_args"), modes=PLAY),
    Command("open", "open NAME", "open a saved game and play on",
            "An unfinished game goes on in its own save; a finished one (or a file outside "
            "the saves folder) gets a new save only if play goes on. Tab completes the save "
            "names; `saves` lists them. (`load` is a move, never this command.)\n"
            "Examples: open friday-game · open ./game.json",
            _lazy(H, "open_cmd"), _lazy_complete(C, "save_args"), modes=PLAY),
    Command("saves", "saves [--all] [--delete NAME]", "list the saved games, one row per game",
            "Name, game, scoring period reached (or finished), players and when last "
            "played, newest first; the 20 newest unless --all. `saves --delete NAME` removes one.\n"
            "Examples: saves · saves --all · saves --delete old-game",
            _lazy(H, "saves_cmd"), _lazy_complete(C, "saves_option_args")),
    Command("resume", "resume", "continue the most recent unfinished game",
            "The same game `medici resume` opens.\nExample: resume", _lazy(H, "resume_cmd"),
            modes=PLAY),
    Command("replay", "replay NAME", "step through a saved game (replay mode)",
            "In replay mode: next, prev, goto N, goto PERIOD P (the game's scoring period), "
            "show, analyse, branch, exit. The prompt shows the step.\n"
            "Example: replay friday-game",
            _lazy(H, "replay_cmd"), _lazy_complete(C, "save_args"), modes=PLAY),
    Command("next", "next [N]", "go forward one step (or N)",
            "Each step is one move and all that follows from it.\nExamples: next · next 10",
            _lazy(R, "next_cmd"), modes=REPLAY, aliases=("n",)),
    Command("prev", "prev [N]", "go back one step (or N)",
            "Examples: prev · prev 5", _lazy(R, "prev_cmd"), modes=REPLAY,
            aliases=("p", "back")),
    Command("goto", "goto N | goto PERIOD P | goto start | goto end | goto scoring",
            "jump to a step, the start of a scoring period, or the next scoring",
            "PERIOD is the game's word for its scoring period (Tab offers it), P its number.\n"
            "Examples: goto 40 · goto scoring · goto end",
            _lazy(R, "goto_cmd"), _lazy_complete(C, "goto_args"), modes=REPLAY),
    Command("analyse", "analyse [all] [--bot SPEC]",
            "what the bot would have played here, and the value the move lost",
            "For the move made at this step: the bot's top moves with values and the value of "
            "the move played. `analyse all` goes through every move from here to the end "
            "(with a quicker bot unless --bot is given; Ctrl-C stops it).\n"
            "Examples: analyse · analyse all · analyse --bot mcts:1s",
            _lazy(R, "analyse_cmd"), _lazy_complete(C, "analyse_args"), modes=REPLAY,
            aliases=("analyze",)),
    Command("branch", "branch", "play on from this step as a new game",
            "The original record stays untouched; the new game gets its own save with its "
            "first move.\n"
            "Example: branch", _lazy(R, "branch_cmd"), modes=REPLAY),
    Command("exit", "exit", "leave replay mode (back to your game, if any); else quit",
            "In replay mode, back to the game you were playing (if any); otherwise the same "
            "as quit.\nExample: exit", _lazy(R, "exit_cmd")),
    Command("quit", "quit", "leave the shell (the game stays saved)",
            "The game is saved after every move, so nothing is lost; `medici resume` "
            "continues it. Ctrl-D does the same.\nExample: quit",
            _lazy(H, "quit_cmd"), aliases=("q", "bye")),
]

COMMANDS: dict[str, Command] = {c.name: c for c in _TABLE}
"""Every shell command by name."""

REPLAY_FIRST = ("next", "prev", "goto", "show", "analyse", "branch", "exit")
"""In replay mode these complete before the other commands (``n<Tab>`` is ``next``)."""


def takes_arguments(command: Command) -> bool:
    """Whether the usage line names arguments (completion then adds a space, as bash does)."""
    return command.usage.strip() != command.name
