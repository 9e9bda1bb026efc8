"""The shell's commands one by one, run in-process through ``Shell.execute``."""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from engine.play import TableError, parse_lineup
from engine.records import load_game, save_game
from engine.shell.app import Shell
from engine.shell.commands import COMMANDS, moves
from engine.shell.completion import ShellCompleter
from engine.shell.console import Console
from engine.shell.play_mode import PlayMode
from engine.shell.replay_mode import ReplayMode
from engine.shell.toolbar import toolbar


class Run:
    """A shell writing to buffers; ``do`` runs lines and returns what they printed."""

    def __init__(self, saves) -> None:
        self.out = io.StringIO()
        self.err = io.StringIO()
        self.shell = Shell(Console(self.out, self.err), saves=str(saves))

    def do(self, *lines: str, ok: bool = True) -> str:
        start = len(self.out.getvalue())
        estart = len(self.err.getvalue())
        results = [self.shell.execute(line, line) for line in lines]
        if ok:
            assert all(results), self.err.getvalue()[estart:]
        return self.out.getvalue()[start:] + self.err.getvalue()[estart:]

    def completions(self, text: str) -> list[str]:
        found = ShellCompleter(self.shell).get_completions(Document(text), CompleteEvent())
        return [c.text for c in found]


@pytest.fixture
def run(tmp_path) -> Run:
    return Run(tmp_path / "saves")


def test_every_command_has_help_with_an_example(run):
    for name, command in COMMANDS.items():
        text = run.do(f"help {name}")
        assert command.usage in text and "Example" in text, name
    for word, move in moves().items():
        assert move.usage in run.do(f"help {word}")
    assert "did you mean `help show`?" in run.do("help shw", ok=False)


def test_new_reads_players_bots_variant_and_seed(run):
    spec = parse_lineup(["medici", "Ann", "bot:random", "Cy=bot:greedy", "--seed", "9"])
    assert spec.names == ("Ann", "Player 2", "Cy") and spec.bots == (None, "random", "greedy")
    assert spec.seed == 9 and spec.variant.name == "medici"
    spec = parse_lineup(["medici-vs-strozzi"])
    # You, on the Medici side (issue 18), against the default bot.
    assert spec.names == ("You", "Strozzi") and spec.bots == (None, "mcts")
    spec = parse_lineup(["4"])
    assert spec.names[0] == "You" and spec.bots == (None, "mcts", "mcts", "mcts")
    spec = parse_lineup(["medici", "3", "--variant", "medici-amigo"])
    assert spec.variant.name == "medici-amigo" and len(spec.names) == 3
    for args, message in [
        (["medici", "7"], "played by 2, 3, 4, 5, 6 players, not 7"),
        (["medici", "Ann"], "1 given"),
        (["medici", "Ann", "Ann"], "player names must differ"),
        (["medici", "Ann", "bot:wizard"], "unknown bot 'wizard'"),
        (["medici", "Ann", "Bo", "--seed", "x"], "--seed takes a whole number"),
        (["medici", "Ann", "Bo", "--colour"], "unknown option --colour"),
        (["medici-vs-strozzi", "--variant", "medici-amigo"], "is a variant of medici"),
    ]:
        with pytest.raises(Exception) as err:
            parse_lineup(args)
        assert message in str(err.value), args
    assert "no such rules file" in run.do("new medici --variant nowhere.yaml Ann Bo", ok=False)


def test_a_refused_command_changes_nothing(run):
    """G-2: a refused move leaves the game as it was; so does a bad `new`."""
    run.do("new medici Ann Bo Cy --seed 4")
    before = run.shell.table.game.view()
    text = run.do("stop", ok=False)
    assert "draw at least one card before stopping (M-8)" in text or "legal now" in text
    run.do("new medici 9", ok=False)
    assert run.shell.table.game.view() == before


def test_save_renames_the_game_open_completes_and_resume(run, tmp_path):
    run.do("new medici Ann Bo --seed 5", "draw", "stop")
    first = run.shell.table.path
    assert first.name.startswith("medici-") and first.name.endswith("-1.json")
    assert "now saved as first" in run.do("save first")
    assert not first.exists() and run.shell.table.path.name == "first.json"
    listing = run.do("saves")
    assert "first" in listing and "medici" in listing and "Ann, Bo" in listing
    assert run.completions("open f") == ["first"]
    assert "Saved a copy as" in run.do('save "my game" --copy')
    # A name with a space completes quoted, so the line reads back as one word.
    assert run.completions("open my") == ['"my game"']
    assert run.completions('open "my g') == ['"my game"']
    assert "Opened" in run.do(f"open {run.completions('open my')[0]}")
    assert "first" in run.completions("replay ")
    run.do("pass", "pass")
    run.do("open first")
    assert run.shell.table.game.view()["phase"] == "bidding"
    assert "Opened" in run.do("open first")
    assert "no such file" in run.do("open nothing-here", ok=False)
    fresh = Run(tmp_path / "saves")
    assert "Resumed" in fresh.do("resume")
    assert fresh.shell.table.game.players == ("Ann", "Bo")


def test_load_is_only_the_move_and_open_opens_a_save(run):
    """`load` is the Medici vs Strozzi move; a save is opened with `open`, never mid-turn,
    and Tab after `load ` offers ship sizes only."""
    run.do("new medici Ann Bo --seed 5")
    run.do("save club")
    assert "load" not in [c.strip() for c in run.completions("")]
    assert "open NAME" in run.do("load club", ok=False)
    run.do("new medici-vs-strozzi Ann Bo --seed 2")
    assert "`open club`" in run.do("load club", ok=False)
    assert run.shell.table.game.variant.name == "medici-vs-strozzi"
    while "load" not in {str(a).split()[0] for a in run.shell.table.legal()}:
        run.do(str(run.shell.table.legal()[0]).split("..")[0])
    offered = run.completions("load ")
    assert offered and all(word.strip().isdigit() for word in offered)
    assert "club" in run.completions("open ")


def test_replay_mode_commands_analyse_and_exit(run):
    run.do("new medici Ann Bo --seed 8")
    game = run.shell.table.game
    from engine.chance import Rng
    from engine.simulate import random_action

    rng = Rng(2)
    while not game.is_over:
        game.apply(random_action(game, rng))
    save_game(game, "full", bots=[None, None], directory=run.shell.saves)
    text = run.do("replay full")
    assert "Replay of" in text and "Step 0/" in text
    assert run.shell.prompt_text()[0][1].startswith("replay 0/")
    # Replay's own commands complete first, and `new`, `load`, `replay` (which would leave
    # the replay) not at all: `n<Tab>` then Enter must not start a new game.
    assert run.completions("")[:7] == ["next ", "prev ", "goto ", "show", "analyse ",
                                       "branch ", "exit"]
    assert run.completions("n") == ["next "]
    assert not {"new ", "open ", "replay ", "resume"} & set(run.completions(""))
    for line in ("new medici 2", "open full", "replay full", "resume"):
        word = line.split()[0]
        message = run.do(line, ok=False)
        assert f"{word} works only in play mode: `exit` leaves the replay first" in message
        assert isinstance(run.shell.mode, ReplayMode) and run.shell.mode.view.name == "full"
    assert not [c for c in run.completions("") if c in ("draw", "bid")]  # no moves in replay
    assert run.completions("goto ") == ["day", "start", "end", "scoring"]
    assert run.completions("goto day ") == ["1", "2", "3"]
    text = run.do("next 3", "prev", "goto scoring")
    assert "Step 2/" in text and "Scoring" in text
    assert "this game is played in days" in run.do("goto round 2", ok=False)
    assert "no step 99999" in run.do("goto 99999", ok=False)
    assert "is a move, and this is replay mode" in run.do("draw", ok=False)
    run.do("goto 4")
    text = run.do("analyse --bot greedy")
    assert "Step 4:" in text and "1. " in text and ("gave away" in text
                                                    or "bot's choice" in text
                                                    or "as good as" in text)
    assert " · wins " in text and " · ends with ~" in text and "florins" in text
    text = run.do("analyse all --bot random")
    assert "Given away in all, as random sees it" in text
    assert run.shell.mode.view.step == 4  # analyse all comes back to where it started
    toolbar_text = "".join(t for _, t in toolbar(run.shell))
    assert "Replay full" in toolbar_text and "step 4/" in toolbar_text
    assert "Back to your game" in run.do("exit")
    assert isinstance(run.shell.mode, PlayMode) and run.shell.table is not None
    run.do("exit")
    assert run.shell.done


def test_toolbar_shows_game_day_phase_turn_and_money(run):
    assert "no game" in "".join(t for _, t in toolbar(run.shell))
    run.do("new medici Ann Bo Cy --seed 1")
    game = run.shell.table.game
    text = "".join(t for _, t in toolbar(run.shell))
    name = game.players[game.current_player]
    assert "Medici" in text and "day 1/3" in text and "selecting" in text
    assert f"{name} to act" in text and "40 florins" in text
    run.do("new medici-vs-strozzi Ann Bo --seed 1")
    text = "".join(t for _, t in toolbar(run.shell))
    assert "Medici vs Strozzi" in text and "round 1/3" in text and "300 coins" in text


def test_rules_summary_comes_from_the_resolved_rules(run):
    text = run.do("rules medici-amigo")
    variant_rules = __import__("engine").load_variant("medici-amigo").rules
    six = "/".join(str(x) for x in variant_rules["player_counts"][6]["ship_payouts"])
    assert six in text and "medici-amigo" in text
    text = run.do("rules medici-vs-strozzi")
    rules = __import__("engine").load_variant("medici-vs-strozzi").rules
    assert f"earns {rules['harbour_prize']}" in text
    for number, goods in enumerate(rules["harbours"], 1):
        assert f"harbour {number}: {', '.join(goods)}" in text


def test_log_and_moves(run):
    run.do("new medici Ann Bo --seed 3", "draw")
    assert "draws" in run.do("log 1")
    assert "may: draw, stop" in run.do("moves") or "may: stop" in run.do("moves")
    with pytest.raises(TableError):
        parse_lineup(["medici", "Ann=greedy", "Bo"])


def test_game_saved_in_its_own_file_after_every_move(run):
    run.do("new medici Ann Bo --seed 6", "draw")
    path = run.shell.table.autosave_path
    assert path is not None and path.name.endswith("-1.json")
    assert len(load_game(path).game.events) == len(run.shell.table.game.events)
    run.do("stop")
    assert len(load_game(path).game.events) == len(run.shell.table.game.events)


def test_saves_lists_a_broken_file_and_quit_never_loses_an_unsaved_game(tmp_path):
    """A save that cannot be loaded is listed with why; when autosave fails, the first quit
    is refused so the game is not lost unawares, and `save PATH` rescues it."""
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json")
    run = Run(folder)
    assert "broken" in run.do("saves") and "cannot be loaded" in run.do("saves")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the saves folder should be")
    run = Run(blocked)
    text = run.do("new medici Ann Bo --seed 1", "draw")
    assert "warning: " in text
    assert "your game is not saved" in run.do("quit", ok=False)
    assert not run.shell.done
    rescue = tmp_path / "rescue.json"
    assert "Saved a copy as" in run.do(f"save {rescue}")
    assert load_game(rescue).game.events == run.shell.table.game.events
    text = run.do("quit")
    assert run.shell.done and f"Your game is saved in {rescue}" in text
    # Unsaved and no rescue: the second quit leaves, saying the game is lost.
    run = Run(blocked)
    run.do("new medici Ann Bo --seed 1")
    run.do("quit", ok=False)
    assert "leaving without saving" in run.do("quit", ok=False) and run.shell.done


def test_new_refuses_a_misspelt_game_instead_of_seating_it():
    """`new medici-vs-strozi Ann bot` must not make "medici-vs-strozi" a player."""
    for word, meant in (("medici-vs-strozi", "medici-vs-strozzi"), ("Medicci", "medici")):
        with pytest.raises(TableError) as err:
            parse_lineup([word, "Ann", "bot:greedy"])
        assert (f"unknown game or variant {word!r}; did you mean {meant}? (games and "
                "variants: ") in str(err.value)
        assert "medici-vs-strozzi" in str(err.value).split("(games and variants: ")[1]
    # Names not like a game stay players.
    assert parse_lineup(["Ann", "Bo", "Medea"]).names == ("Ann", "Bo", "Medea")


def test_strozzi_replay_speaks_of_rounds_and_its_toolbar_fits(run):
    """MvS is played in rounds (S-*): the banner offers `goto round R`; the replay toolbar
    fits the terminal (it was cut at 120; now at 100, 80 and 60 columns) even with a long
    save name and a bot to act, cut between words only."""
    from engine.chance import Rng
    from engine.game import new_game
    from engine.simulate import random_action

    game = new_game("medici-vs-strozzi", ["Ann", "Bo"], seed=3)
    rng = Rng(1)
    for _ in range(30):
        game.apply(random_action(game, rng))
    name = "autosave-2024-05-01-120000-medici-vs-strozzi"
    save_game(game, name, bots=[None, "mcts:2000"], directory=run.shell.saves)
    text = run.do(f"replay {name}")
    assert "goto round R" in text and "goto day" not in text
    for _ in range(40):
        bar = "".join(t for _, t in run.shell.mode.toolbar(100))
        assert len(bar) < 100, bar
        assert "round " in bar and "exit" in bar
        for width in (80, 60):
            narrow = "".join(t for _, t in run.shell.mode.toolbar(width))
            assert len(narrow) < width and "round " in narrow, narrow
        if run.shell.mode.view.step == run.shell.mode.view.total:
            break
        run.do("next")
    assert "Replay autosave-20" in bar and "…" in bar
    assert "round 1" in run.do("goto round 1")


def test_undo_refusal_behind_bot_moves_names_the_blocking_move():
    """The refusal reads as a sentence: which move cannot be undone, and why (G-3)."""
    from engine.errors import IllegalAction
    from engine.game import new_game
    from engine.play.table import _blocked
    from engine.records import undo

    game = new_game("medici", ["Ann", "Bo"], seed=1)
    game.apply("draw")
    with pytest.raises(IllegalAction) as err:
        undo(game)
    message = _blocked(err.value.reason, 2)
    assert message.startswith("cannot take back your last move: the draw before the last "
                              "2 bot moves cannot be undone (")
    assert "has been drawn and seen" in message and "move(s)" not in message
