"""The shell itself: reads a line, runs it, shows what changed, lets the bots play.

``Shell`` holds the state (the live game, the current mode, where saves go) and runs one
line at a time (``execute``): the mode (``PlayMode``, ``ReplayMode``) owns the commands,
prompt, toolbar and completion; ``run_script`` and ``run_interactive`` feed it lines from
a file or pipe and from a prompt_toolkit prompt.
"""

from __future__ import annotations

import difflib
import shlex
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import wraps
from pathlib import Path
from typing import Concatenate, NamedTuple, ParamSpec, TypeVar

from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import History
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from engine.actions import Legal, describe
from engine.agreement import agree
from engine.errors import IllegalAction, MediciError, quote
from engine.play import SavesFolder, Settings, Table, render
from engine.registry import game_info
from engine.shell import pager
from engine.shell.bot_turns import Pause, Typeahead, Typed, pausable
from engine.shell.console import Console
from engine.shell.errors import ShellError
from engine.shell.mode import Fragments, Mode, modes_of
from engine.shell.play_mode import PlayMode
from engine.shell.prompt import make_prompt
from engine.shell.registry import MAX_LINE, by_name, moves
from engine.text import Text

Hook = Callable[["Shell"], None]
P = ParamSpec("P")
R = TypeVar("R")


def unbroken(method: Callable[Concatenate[Shell, P], R]) -> Callable[Concatenate[Shell, P], R]:
    """Run a Shell method with Ctrl-C taken as a request to pause the bots (``pausing``):
    what it applies, tells and saves is never cut short; the bots pause before their next
    move."""

    @wraps(method)
    def run(shell: Shell, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with shell.pausing():
            return method(shell, *args, **kwargs)

    return run


class Shell:
    """The state of one run of the shell and the running of each command line."""

    def __init__(
        self,
        console: Console,
        saves: SavesFolder | str | None = None,
        seed: int | None = None,
        interactive: bool = False,
        bot_delay: float = 0.0,
    ) -> None:
        self.console = console
        self.saves = SavesFolder.of(saves)
        """Where this shell's games are saved (``--saves DIR``, else the default)."""
        self.seed = seed
        self.interactive = interactive
        self.bot_delay = bot_delay
        self.table: Table | None = None
        """The live game, if any (it stays while a record is replayed)."""
        self.mode: Mode = PlayMode(self)
        """The current mode: its commands run, its prompt, toolbar and completion show."""
        self.done = False
        self.typeahead: Typeahead | None = None
        """The terminal's keys typed between prompts (None when input is no terminal)."""
        self.terminal: tuple[Input, Output] | None = None
        """The prompt's input and output while the shell runs at a terminal (the pager
        waits for keys there)."""
        self.settings: dict[str, bool | None] = {"confirm": True, "worth": None}
        """What ``set`` changes: ``confirm`` asks before a move out of all proportion;
        ``worth`` shows what the lot is worth to you (None: on in games against bots)."""
        self.pending: Question | None = None
        """A question waiting for its answer (the next line): ``y`` does it."""
        self._pause: Pause | None = None
        self._announced_end = False
        self._warned_unsaved = False

    # -- what the completer and the toolbar ask ----------------------------------------
    def legal_moves(self) -> list[Legal]:
        """The moves a person may type now (the current mode's)."""
        return self.mode.legal_moves()

    def move_words(self) -> set[str]:
        """The move words of the game being played (all games' words when there is none)."""
        if self.table is not None:
            return set(self.table.game.logic.grammar.kinds)
        return set(moves())

    def move_meta(self, word: str) -> str:
        """The one-line description of a move word, for the completion menu."""
        move = moves().get(word)
        return f"move: {move.summary}" if move else "move"

    def move_label(self, words: list[str]) -> str | None:
        """What the move begun with ``words`` would do, in the game's words (its descriptor's
        ``move_label``), for the completion menu; None when the game says nothing."""
        session = self.table
        if session is None:
            return None
        load = game_info(session.game.variant.game).move_label
        if load is None:
            return None
        try:
            return load()(session.view(), words)
        except (AttributeError, ImportError, LookupError, TypeError, ValueError):
            return None

    # -- running a line ---------------------------------------------------------------
    def execute(self, line: str, where: str = "") -> bool:
        """Run one command line; False (and the reason reported) if it failed."""
        return self.execute_call(lambda: self._dispatch(line), where)

    def execute_call(self, run: Callable[[], None], where: str = "") -> bool:
        """Run a command; report any failure (``where`` says which line) and return False."""
        failures = self.console.failures
        try:
            run()
        except ShellError as err:
            self.console.error(str(err), where)
        except IllegalAction as err:
            self.console.error(str(err), where)
        except MediciError as err:
            self.console.error(str(err), where)
        except BrokenPipeError:
            # The reader went away (`medici < script | head`): stop quietly, as other
            # commands do; every move is already on disk.
            self.console.detach()
            self.done = True
        except OSError as err:
            self.console.error(f"{err.strerror or err}: {err.filename or ''}".rstrip(": "), where)
        except KeyboardInterrupt:
            self.console.error("interrupted", where)
        except Exception as err:  # noqa: BLE001 - a bug must not end a game: report and go on
            self.console.error(f"internal error ({type(err).__name__}: {err}); please report it",
                               where)
            traceback.print_exc(file=sys.stderr)
        return self.console.failures == failures

    def _dispatch(self, line: str) -> None:
        if len(line) > MAX_LINE:
            # Before any parsing: shlex over a megabyte of input takes many seconds.
            raise ShellError(
                f"the line is {len(line)} characters long; a command line has at most "
                f"{MAX_LINE}: nothing was run"
            )
        text = line.strip()
        if self.pending is not None:
            asked, self.pending = self.pending, None
            if not asked.answer(text):
                self.console.say(Text(asked.no, "dim"))
            return
        if not text or text.startswith("#"):
            if not text:
                self.mode.blank()
            return
        if self.mode.raw(text):
            return
        try:
            words = shlex.split(text)
        except ValueError as err:
            raise ShellError(f"cannot read the line: {err} (close the quote)") from err
        word, args = words[0].lower(), words[1:]
        if self.mode.line(word, args):
            return
        command = self.mode.command(word)
        if command is None:
            raise ShellError(self._unknown(word))
        self.mode.execute(command, args)

    def _unknown(self, word: str) -> str:
        other = [c.name for c in by_name().values() if c.calls(word)]
        playing = self.mode.plays
        if other:
            # Nothing leaves a replay but `exit`: `new`, `load`... say so rather than drop it.
            leave = "" if playing else ": `exit` leaves the replay first"
            where = " and ".join(f"{m} mode" for m in modes_of(other[0]))
            return f"{word} works only in {where}{leave}"
        if word == "load" and (self.table is None or not playing
                               or "load" not in self.move_words()):
            move = moves().get("load")
            games = ", ".join(game_info(g).title for g in move.games) if move else "no game"
            return (f"load is a move ({games}), not a command; a saved game is opened "
                    "with `open NAME`")
        if word in moves():
            if not playing:
                return (f"{word} is a move, and this is replay mode: `branch` to play on from "
                        "this step, or `exit` to leave the replay")
            if self.table is None:
                return f"{word} is a move, but no game is in progress: start one with `new`"
            game = self.table.game.variant.game
            return f"{word} is not a move of {game}: `help` lists what you can do"
        # Only what could be meant here: the commands of this mode and the moves legal now
        # (with no game, `clear` must not suggest the move `discard`).
        legal_now = {text.split()[0] for text in describe(self.legal_moves())}
        names = [c.name for c in self.mode.commands()]
        names += sorted(legal_now)
        close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
        hint = f": did you mean `{close[0]}`?" if close else ""
        if not close:
            # A word that goes inside a move (``harbour`` in ``load 4 harbour 2``).
            inner = self._inner_words()
            close = difflib.get_close_matches(word, list(inner), n=1, cutoff=0.6)
            if close:
                hint = (f": did you mean `{close[0]}`? It goes inside a move: "
                        f"{inner[close[0]]}")
        return f"unknown command {quote(word)}{hint} (`help` lists the commands)"

    def _inner_words(self) -> dict[str, str]:
        """The words written inside the game's moves (``harbour``), each with its move's
        usage."""
        words: dict[str, str] = {}
        if self.table is None:
            return words
        grammar = self.table.game.logic.grammar
        for kind, pattern in grammar.kinds.items():
            for part in pattern:
                if part.endswith("?"):
                    usage = " ".join([kind, *(f"[{p[:-1]} N]" if p.endswith("?") else p.upper()
                                             for p in pattern)])
                    words.setdefault(part[:-1], usage)
        return words

    def wait_key(self, seconds: float) -> bool:
        """Wait ``seconds``; True as soon as a key is pressed (it is dropped). With no
        terminal to read keys from, only the wait (Ctrl-C still stops a caller)."""
        if self.typeahead is not None:
            return self.typeahead.wait_key(seconds)
        time.sleep(seconds)
        return False

    def ask(self, question: str, yes: Callable[[], None], no: str) -> None:
        """Ask ``question``; the next line answers it: ``y`` runs ``yes``, anything else
        says ``no`` and changes nothing."""
        self.pending = Question(question, yes, no)
        self.console.say(Text(question, "turn"))

    def choose(self, question: str, take: Callable[[str], bool], no: str,
               prompt: str) -> None:
        """Ask ``question``; the next line is the answer, given to ``take`` (False: not
        taken, and ``no`` is said)."""
        self.pending = Question(question, lambda: None, no, take, prompt)
        self.console.say(Text(question, "turn"))

    def new_settings(self) -> Settings:
        """The settings a new table starts with: what ``set`` chose, the bots' pace."""
        return Settings(confirm=bool(self.settings["confirm"]), worth=self.settings["worth"],
                        pace=self.bot_delay)

    # -- moves and bots ---------------------------------------------------------------
    def require_table(self) -> Table:
        """The live game, or a ShellError saying how to get one."""
        if self.table is None:
            raise ShellError("no game in progress: `new medici 4` starts one, `resume` continues "
                             "your last one")
        return self.table

    @unbroken
    def move(self, text: str) -> None:
        """A person's move: apply it, tell what happened, save, then let the bots play."""
        session = self.require_table()
        start = session.play(text)
        self.after(start)
        self.run_bots()
        self.status()

    def after(self, start: int) -> None:
        """Tell what happened since event ``start`` and autosave (before any next prompt)."""
        session = self.table
        assert session is not None
        views = render.StepViews(session.game)
        for line in render.narrate(session.game.events, start, session.game.players, views):
            self.console.say(line)
        self.autosave()
        self.mode.told(start)
        if session.game.is_over and not self._announced_end:
            self._announced_end = True
            self.console.say(render.final_scores(session.view(), self.console.width()))
            self._tell_seed()
            where = session.autosave_path if not session.autosave_error else None
            if where is not None:
                self.console.say(Text(f"The game is saved in {where}: `replay "
                                      f"{self.save_name(where)}` goes through it move by move.",
                                      "dim"))

    def _tell_seed(self) -> None:
        """Name the seed of a finished game: only now may everyone know the pile order (G-3)."""
        session = self.table
        if session is not None and session.game.is_over and session.game.seed is not None:
            self.console.say(Text(f"This game was dealt from seed {session.game.seed}.", "dim"))

    def save_name(self, path: Path) -> str:
        """How to name a save in a command: its name in the saves folder (quoted if it has
        spaces), else its path."""
        return self.saves.name_of(path)

    def autosave(self) -> None:
        """Autosave the live game; a failure is reported but never loses the move in memory."""
        session = self.table
        if session is None:
            return
        before = session.autosave_error
        session.autosave()
        if session.autosave_error and session.autosave_error != before:
            self.console.say(Text(f"warning: {session.autosave_error}", "bad"))

    def held_keys(self) -> AbstractContextManager[None]:
        """A block during which keys typed on the terminal are not echoed but kept for the
        next prompt (``Typeahead``); nothing to do when the input is no terminal."""
        return self.typeahead.held() if self.typeahead is not None else nullcontext()

    @contextmanager
    def pausing(self) -> Iterator[Pause]:
        """A block in which Ctrl-C asks the bots to pause (``Pause``) instead of cutting
        short what is being applied, told or saved, and keys typed are held
        (``held_keys``). Nested blocks share the outer one's pause."""
        if self._pause is not None:
            yield self._pause
            return

        def events() -> int:
            return len(self.table.game.events) if self.table is not None else 0

        with self.held_keys(), pausable(events) as pause:
            self._pause = pause
            try:
                yield pause
            finally:
                self._pause = None

    def run_bots(self) -> int:
        """Let the bots move while it is a bot's turn: each move printed, at a readable pace;
        how many moves they made.

        Ctrl-C pauses them once the move under way is made and told (a second Ctrl-C while
        a bot still chooses gives its choice up): a move is never made unseen.
        """
        session = self.table
        moves = 0
        paused = False
        if session is None or not self.mode.plays:
            return moves
        with self.pausing() as pause:
            try:
                while (seat := session.bot_to_act()) is not None:
                    if pause.asked or session.interrupted:
                        paused = True
                        self._paused(session, seat)
                        break
                    began = time.monotonic()
                    with pause.choosing():
                        _action, start = session.bot_move(seat)
                    moves += 1
                    # A person should be able to follow: a bot that thought less than the
                    # delay waits out the rest before its move is shown.
                    rest = self.bot_delay - (time.monotonic() - began)
                    if rest > 0 and not pause.asked:
                        time.sleep(rest)
                    self.after(start)
            except KeyboardInterrupt:  # a second Ctrl-C gave up a bot's choice: no move made
                paused = True
                if seat is not None:
                    self._paused(session, seat)
            finally:
                # A Ctrl-C that came as the turn passed to a person has nothing to pause.
                pause.asked = session.interrupted = False
                if self.typeahead is not None and (moves or paused):
                    self.typeahead.blind = True  # keys typed now, before the moves were seen
        return moves

    def _paused(self, session: Table, seat: int) -> None:
        name = session.game.players[seat]
        self.console.say(Text(f"Bots paused: {name} {agree(name, 'moves')} next. Press Enter "
                              "to let them go on.", "dim"))

    def status(self) -> None:
        """Say whose turn it is and what they may do, when it is a person's turn."""
        session = self.table
        if session is None or session.game.is_over or session.bot_to_act() is not None:
            return
        seat = session.game.current_player
        assert seat is not None
        legal = ", ".join(describe(session.legal()))
        self.console.say(Text("→ ").add(session.game.players[seat], "turn").add(
            " to act: ").add(legal, "cmd"))

    @unbroken
    def start_table(self, session: Table, how: str, narrate: bool = False) -> None:
        """Make ``session`` the live game: save it, show the table, let the bots start.

        ``narrate`` tells the game's events so far first (the set-up of a new game).
        """
        self.table = session
        # The person's settings follow the table's (kept in its save: ``set``).
        self.settings["confirm"] = session.settings.confirm
        self.settings["worth"] = session.settings.worth
        self._announced_end = session.game.is_over
        self.autosave()
        self.console.say(Text(how, "title"))
        if narrate:
            for line in render.narrate(session.game.events, 0, session.game.players):
                self.console.say(line)
        self.console.say(render.table(session.view(), session.bots,
                                        self.console.width()))
        if session.game.is_over:
            self.console.say(render.final_scores(session.view(), self.console.width()))
            self._tell_seed()
            return
        self.run_bots()
        self.status()

    def page(self, text: Text) -> None:
        """Show a long text (help, rules) a screenful at a time at a terminal."""
        pager.show(self.console, text, self.terminal if self.interactive else None)

    # -- the prompt -------------------------------------------------------------------
    def prompt_text(self) -> Fragments:
        """The prompt: the current mode's (whose turn it is, or the replay step)."""
        return self.mode.prompt()

    def leave(self, force: bool = False) -> None:
        """Leave, the game on disk first; say where.

        If the game cannot be saved, the first attempt to leave is refused (ShellError), so
        that nothing is lost unawares; a second one (or ``force``) leaves all the same.
        """
        session = self.table
        where = None
        if session is not None:
            self.autosave()
            where = session.safe_on_disk()
            if session.unsaved and not (force or self._warned_unsaved):
                self._warned_unsaved = True
                raise ShellError(f"your game is not saved ({session.autosave_error}): "
                                 "`save ./PATH` saves it elsewhere; leave again to leave "
                                 "without saving")
        self.done = True
        if session is None or session.game.is_over:
            return
        if session.unsaved:
            self.console.error(f"leaving without saving the game: {session.autosave_error}")
            return
        if where is None:
            return  # a branch with no move yet: nothing to keep
        # The command names the saves folder it was given, so it finds the game from anywhere
        # the same folder is named (a script's --saves DIR).
        folder = self.saves.option()
        how = (f"`medici resume{folder}` continues it" if where == session.path
               else f"`medici open {self.save_name(where)}{folder}` continues it")
        self.console.say(Text(f"Your game is saved in {where}; {how}.", "dim"))

    # -- the two ways of reading lines -----------------------------------------------
    def run_script(self, lines: Iterable[str], name: str = "line") -> int:
        """Run each line; 0 if every command succeeded, 1 otherwise (errors already reported)."""
        for number, line in enumerate(_bounded(lines), 1):
            place = f"line {number}" if name == "line" else f"{name}:{number}"
            self.execute(line.rstrip("\n"), f"{place}: {shown_line(line)}")
            if self.done:
                break
        if not self.done:
            self.leave(force=True)
        return 0 if self.console.failures == 0 else 1

    def run_interactive(
        self, input: Input | None = None, output: Output | None = None,
        history: History | None = None, before_prompt: Hook | None = None, greet: bool = True,
    ) -> int:
        """Prompt for lines until ``quit`` or Ctrl-D; Ctrl-C cancels the line being typed."""
        prompt = make_prompt(self, input=input, output=output, history=history)
        self.terminal = (prompt.input, prompt.output)
        if greet and isinstance(self.mode, PlayMode):
            self.mode.greet()
        while not self.done:
            if before_prompt is not None:
                before_prompt(self)
            typed = Typed("", False, False)
            if self.typeahead is not None:
                typed = self.typeahead.take(prompt.input)
            if typed.held:
                self.console.say(Text("What you typed while the bots moved waits at the "
                                      "prompt, not run: Enter runs it.", "dim"))
            try:
                line = prompt.prompt(lambda: FormattedText(self.prompt_text()), default=typed.text,
                                     accept_default=typed.run)
            except KeyboardInterrupt:
                if self.pending is not None:
                    self.console.say(Text(self.pending.no, "dim"))
                    self.pending = None
                continue
            except EOFError:
                self.pending = None
                self.console.say(Text("Leaving (Ctrl-D).", "dim"))
                with self.held_keys():
                    self.execute_call(self.leave)
                continue
            with self.held_keys():
                self.execute(line)
        return 0


class Question(NamedTuple):
    """A question the next line answers (``ask``, ``choose``)."""

    text: str
    yes: Callable[[], None]
    no: str
    """What is said when the answer is not taken."""
    take: Callable[[str], bool] | None = None
    """For a choice (``choose``): given the answer, True if it took it."""
    prompt: str = "y/N"
    """What the prompt shows while the question waits."""

    def answer(self, text: str) -> bool:
        """Act on the answer ``text``; False if it was not taken (``no`` is then said)."""
        if self.take is not None:
            return self.take(text)
        if text.lower() in ("y", "yes"):
            self.yes()
            return True
        return False


def shown_line(line: str, limit: int = 80) -> str:
    """A line as an error message quotes it: stripped, cut to ``limit`` characters."""
    text = line.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _bounded(lines: Iterable[str]) -> Iterator[str]:
    """The lines of a script, none held longer than ``MAX_LINE`` + 1 characters.

    From a stream (stdin), an overlong line's first ``MAX_LINE`` + 1 characters are kept
    (``_dispatch`` refuses them) and the rest is read and dropped, so a gigabyte without a
    newline costs no memory.
    """
    readline = getattr(lines, "readline", None)
    if readline is None:
        yield from lines
        return
    while True:
        line = readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = readline(64 * 1024)
        yield line

