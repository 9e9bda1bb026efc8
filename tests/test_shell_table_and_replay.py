"""What a person at the table sees (issue 18, items 2-8): standings after each scoring,
nothing silent in an auction, slips caught, replays you can watch with one numbering,
You by default, and the small ones."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

import engine
from engine.actions import describe
from engine.bots import make_bot
from engine.chance import Rng
from engine.errors import RecordError
from engine.narrative import tell
from engine.play import Table
from engine.play.render import StepViews, narrate
from engine.play.slips import question, sale_worth
from engine.records import ReplayCursor, load_game, save_game, story
from engine.shell import run_shell
from engine.shell.app import Shell
from engine.shell.completion import ShellCompleter
from engine.shell.console import Console
from engine.shell.replay_mode import ReplayMode
from engine.shell.toolbar import place_text
from engine.simulate import random_action

ROOT = Path(__file__).resolve().parent.parent


class Run:
    """A shell writing to buffers; ``do`` runs lines and returns what they printed."""

    def __init__(self, saves: Path, interactive: bool = False) -> None:
        self.out = io.StringIO()
        self.shell = Shell(Console(self.out, self.out), saves=str(saves),
                           interactive=interactive)

    def do(self, *lines: str) -> str:
        start = len(self.out.getvalue())
        for line in lines:
            self.shell.execute(line, line)
        return self.out.getvalue()[start:]


@pytest.fixture
def run(tmp_path) -> Run:
    return Run(tmp_path / "saves")


def _played(variant: str = "medici", players: int | list[str] = 4, seed: int = 3,
            bot: str = "random") -> engine.Game:
    game = engine.new_game(variant, players, seed=seed)
    chooser = make_bot(bot, seed=seed)
    while not game.is_over:
        game.apply(chooser.choose(game.view(game.current_player), game.legal_actions(),
                                  game.variant))
    return game


def _told(game: engine.Game) -> list[str]:
    return [line.plain() for line in narrate(game.events, 0, game.players, StepViews(game))]


# -- 2. standings -----------------------------------------------------------------------------
@pytest.mark.parametrize("variant,players", [("medici", 5), ("medici-vs-strozzi", 2)])
def test_after_each_scoring_the_standings_in_place_order_with_the_change(variant, players):
    game = _played(variant, players, seed=4, bot="greedy")
    lines = _told(game)
    standings = [line for line in lines if line.strip().startswith("Standings: ")]
    scorings = [e for e in game.events if e["type"] in ("day_end", "round_end")]
    assert len(standings) == len(scorings) == 3
    # The last ones are the final money, in place order, with that scoring's payouts.
    final = game.view()["players"]
    order = sorted(range(players), key=lambda p: (-final[p]["money"], p))
    changes = [0] * players
    last = max(i for i, e in enumerate(game.events) if e["type"] in ("day_end", "round_end"))
    for e in game.events[last:]:
        if e["type"] == "payout":
            changes[e["player"]] += e["amount"]
    expected = " · ".join(
        f"{1 + sum(p['money'] > final[s]['money'] for p in final)}. {final[s]['name']} "
        f"{final[s]['money']} ({changes[s]:+d})" for s in order)
    assert standings[-1].strip() == f"Standings: {expected}"
    # Each standings line closes its scoring: it comes right before the next day or the end.
    for line in standings:
        after = lines[lines.index(line) + 1]
        assert after.startswith(("Day ", "Round ", "Game over", "  ")), after


def test_the_toolbar_says_your_place_and_the_gap_to_the_leader():
    players = [{"name": "Bo", "money": 132}, {"name": "You", "money": 118},
               {"name": "Cy", "money": 118}]
    assert place_text(players, 1) == "You: tied 2nd, 14 behind Bo"
    assert place_text(players, 0) == "Bo leads by 14"
    assert place_text(players, 1, long=False) == "tied 2nd, 14 behind"
    players[0]["money"] = 118
    assert place_text(players, 1) == "You: tied 1st"


# -- 3. nothing silent --------------------------------------------------------------------------
def test_who_sits_out_an_auction_is_told_with_the_reason_and_rule():
    told = 0
    for seed in range(4):
        told += _sitting_out(_played("medici", 5, seed=seed, bot="greedy"))
    assert told > 0


def _sitting_out(game: engine.Game) -> int:
    """Check every auction of ``game``: each player short of holds is named with the reason
    and rule; how many were."""
    cursor = ReplayCursor(game)
    told = 0
    for step in range(1, cursor.total + 1):
        cursor.goto(step)
        if cursor.event["type"] != "stop":
            continue
        view = cursor.view(0)
        lot = len(view["lot"])
        short = [p for p, player in enumerate(view["players"])
                 if p not in view["bidders"] and player["free_holds"] > 0]
        events = cursor.game.events
        start = len(events) - len(cursor.events)
        lines = [t.plain() for t in narrate(events, start, game.players,
                                            StepViews(cursor.game, cursor))]
        said = " ".join(lines)
        for p in short:
            free = view["players"][p]["free_holds"]
            assert game.players[p] in said and f"{free} free hold" in said
            assert re.search(rf"sits? out this lot of {lot} \(M-9\)", said), said
            told += 1
        if not short:
            assert "sit out this lot" not in said and "sits out this lot" not in said
    return told


def test_a_full_ship_is_told_once_and_nobody_bids_names_every_pass():
    found_full = found_discard = False
    for seed in range(6):
        game = _played("medici", 4, seed=seed, bot="random")
        lines = _told(game)
        found_full |= any(re.search(r"ship is full: .* out every lot left today \(M-9\)", t)
                          for t in lines)
        for index, event in enumerate(game.events):
            if event["type"] != "discard":
                continue
            found_discard = True
            start = max(i for i in range(index) if game.events[i]["type"] == "stop")
            passed = [game.players[e["player"]] for e in game.events[start:index]
                      if e["type"] == "pass"]
            selector = game.players[game.events[start]["player"]]
            [line] = [t.plain() for t in tell(game.events, 0, game.players)
                      if t.index == index]
            names = line.removeprefix("Nobody bids: ").split(" pass")[0]
            assert names.replace(" and ", ", ").split(", ") == passed, line
            # The selector bids last, so passes last, when they may bid at all (M-9).
            assert selector not in passed or passed[-1] == selector
            assert line.endswith("is out for the day (M-10).")
    assert found_full and found_discard


# -- 4. slips -----------------------------------------------------------------------------------
def _strozzi_priced() -> engine.Game:
    game = engine.new_game("medici-vs-strozzi", ["You", "Strozzi"], seed=7)
    game.apply("draw")
    game.apply("draw")
    game.apply("stop")
    return game


def test_a_price_out_of_all_proportion_is_asked_about_with_its_loan():
    game = _strozzi_priced()
    worth = sale_worth(game, game.current_player)
    assert worth is not None and 5 < worth < 60
    asked = question(game, "price 1000")
    coins = game.view(0)["players"][0]["coins"]
    assert asked == (f"price 1000 is {round(1000 / worth)} times what the lot is worth to you "
                     f"and takes a loan of {1000 - coins}. Price 1000? [y/N]")
    assert question(game, f"price {int(worth)}") is None  # in proportion
    assert question(game, "price x") is None and question(game, "draw") is None


def test_a_bid_far_above_the_lot_and_the_high_bid_is_asked_about():
    game = engine.new_game("medici", ["You", "Bo", "Cy"], seed=7)
    game.apply("draw")
    game.apply("stop")
    worth = sale_worth(game, game.current_player)
    assert worth is not None
    lo = game.legal_actions()[0].lo
    assert question(game, f"bid {lo}") is None
    big = max(lo + 11, int(2 * worth) + 1)
    assert f"bid {big} is" in (question(game, f"bid {big}") or "")


def _interactive(lines: list[str], saves: Path) -> str:
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in lines) + "quit\r")
        run_shell(input=pipe, output=DummyOutput(), stdout=out, stderr=out, saves=str(saves),
                  bot_delay=0, interactive=True, history=InMemoryHistory())
    return out.getvalue()


def test_y_makes_the_move_anything_else_changes_nothing_and_set_confirm_off(tmp_path):
    start = ["new medici-vs-strozzi You Bo --seed 7", "draw", "draw", "stop"]
    out = _interactive([*start, "price 1000", "n", "moves"], tmp_path / "a")
    assert "Price 1000? [y/N]" in out and "Nothing done: price 1000 was not made" in out
    assert "You sets" not in out and "You set the price" not in out
    out = _interactive([*start, "price 1000", "y"], tmp_path / "b")
    assert "You set the price at 1000." in out
    out = _interactive(["set confirm off", *start, "price 1000"], tmp_path / "c")
    assert "confirm is off" in out and "[y/N]" not in out and "price at 1000" in out
    # A script never asks.
    result = subprocess.run([sys.executable, "-m", "engine.cli", "--saves", str(tmp_path / "d")],
                            input="\n".join([*start, "price 1000"]) + "\n", text=True,
                            capture_output=True, cwd=ROOT, timeout=60)
    assert "[y/N]" not in result.stdout and "price at 1000" in result.stdout


# -- 5. replays you can watch, one numbering ------------------------------------------------
@pytest.fixture
def record(tmp_path) -> Path:
    game = _played("medici", 3, seed=5, bot="greedy")
    return save_game(game, "full", bots=["greedy"] * 3, directory=tmp_path / "saves")


def test_enter_is_next_and_play_goes_on_to_the_end_or_the_scoring(tmp_path, record):
    run = Run(tmp_path / "saves")
    run.do("replay full")
    assert "Step 1/" in run.do("")  # an empty line is `next`
    assert isinstance(run.shell.mode, ReplayMode) and run.shell.mode.view.step == 1
    text = run.do("play --to scoring")
    cursor = run.shell.mode.view.cursor
    assert cursor.step == cursor.scoring_steps[0] and "Stopped at step" in text
    assert "(the scoring)" in text and "Standings: " in text
    text = run.do("play 0")
    assert cursor.step == cursor.total and "(the end)" in text and "Game over:" in text
    assert "play takes the seconds" in run.do("play soon")
    assert "This is the last step" in run.do("")


def test_step_n_is_the_nth_move_in_replay_analyse_log_and_json(tmp_path, record):
    run = Run(tmp_path / "saves")
    run.do("replay full")
    n = 7
    shown = run.do(f"goto {n}")
    loaded = load_game(record)
    moves = [e for e in loaded.game.events if loaded.game.logic.action_of(e) is not None]
    move = moves[n - 1]
    who = loaded.game.players[move["player"]]
    action = str(loaded.game.logic.action_of(move))
    assert f"Step {n}/" in shown
    analysed = run.do("analyse --bot greedy")
    assert analysed.startswith(f"Step {n}: {who} played {action};"), analysed
    line = next(x for x in story(loaded.record) if x.startswith(f"{n:4d}. "))
    assert who in line
    result = subprocess.run([sys.executable, "-m", "engine.cli", "replay", str(record), "--to",
                             str(n), "--json"], capture_output=True, text=True, cwd=ROOT,
                            timeout=60)
    cursor = ReplayCursor(record)
    cursor.goto(n)
    assert json.loads(result.stdout)["players"] == cursor.view(0)["players"]
    assert "step 0 is the set-up" in run.do("goto 0", "analyse")


def test_analyse_all_prints_aligned_columns(tmp_path, record):
    run = Run(tmp_path / "saves")
    run.do("replay full")
    start = run.shell.mode.view.total - 20  # the last 21 moves, whatever the game's length
    run.do(f"goto {start}")
    text = run.do("analyse all --bot random")
    rows = [line for line in text.splitlines() if re.match(r"\s*\d+ ", line)]
    assert len(rows) == 21
    assert int(rows[0].split()[0]) == start  # the step's own move first: one numbering
    # The move played starts in the same column on every line, and so does the verdict.
    starts = {re.match(r"\s*\d+ \S+\s+", line).end() for line in rows}
    assert len(starts) == 1
    verdicts = {line.index("bot: ") if "bot: " in line else line.index("= the")
                for line in rows}
    assert len(verdicts) == 1


def test_replay_play_from_the_command_line_starts_playing(record):
    result = subprocess.run([sys.executable, "-m", "engine.cli", "replay", str(record), "--play",
                             "0"], input="", capture_output=True, text=True, cwd=ROOT,
                            timeout=60)
    assert "Stopped at step" in result.stdout and "(the end)" in result.stdout
    result = subprocess.run([sys.executable, "-m", "engine.cli", "replay", "--example"],
                            input="", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert "Game over:" in result.stdout and "(the end)" in result.stdout
    result = subprocess.run([sys.executable, "-m", "engine.cli", "replay", "--example",
                             "--no-play"], input="", capture_output=True, text=True, cwd=ROOT,
                            timeout=60)
    assert "Step 0/" in result.stdout and "Game over:" not in result.stdout


# -- 7. You by default ------------------------------------------------------------------------
def test_new_medici_vs_strozzi_alone_seats_you_on_the_medici_side(run):
    text = run.do("new medici-vs-strozzi --seed 3")
    assert "New game of medici-vs-strozzi: You, Strozzi (bot mcts)" in text
    assert "You play the Medici side." in text
    assert run.shell.table.game.players == ("You", "Strozzi")
    assert "Medici to act" not in text


# -- 8. the small ones ---------------------------------------------------------------------------
def test_a_number_too_large_names_what_is_legal_now(run):
    # Issue 34 item 12: the moves legal now, not the grammar's limit (999999999).
    run.do("new medici You Bo --seed 3", "draw", "stop")
    text = run.do("bid 99999999999999999999")
    assert "is too large; legal now: bid 1.." in text and "999999999" not in text.replace(
        "99999999999999999999", "")


def test_undo_after_the_end_says_the_game_is_over(tmp_path, run):
    game = _played("medici", 2, seed=1)
    save_game(game, "done", bots=[None, None], directory=tmp_path / "saves")
    run.do("open done")
    assert "the game is over: undo takes back moves of a game still being played" in \
        run.do("undo")


def test_goto_alone_shows_its_usage(run, record):
    assert "goto needs a target: goto N (0 to" in run.do("replay full", "goto")


def test_harbor_is_harbour(run):
    run.do("new medici-vs-strozzi You Bo --seed 3", "draw", "stop", "price 3", "buy")
    assert "did you mean `harbour`? It goes inside a move: load SHIP [harbour N]" in \
        run.do("harbor")
    assert "(did you mean harbour?)" in run.do("load 4 harbor 2")


def test_the_shipped_descriptions_cite_docs_rules_and_old_saves_still_read_as_shipped():
    for name in ("medici", "medici-vs-strozzi"):
        description = engine.load_variant(name).description
        assert "docs/rules.md" in description and "RULES.md" not in description
    # The example records were saved under the old descriptions (RULES.md), as version 1.
    for path in sorted((ROOT / "saves").glob("*.json")):
        raw = json.loads(path.read_text())
        assert raw["version"] == 1 and "RULES.md" in raw["rules"]["description"]
        result = subprocess.run([sys.executable, "-m", "engine.cli", "verify", str(path)],
                                capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert result.returncode == 0 and "modified" not in result.stdout, result.stdout
        assert result.stdout.startswith("OK ") and f"{path.name}: medici" in result.stdout


def test_a_version_1_digest_that_does_not_match_its_rules_is_still_refused(tmp_path):
    source = ROOT / "saves" / "medici-4-players.json"
    doc = json.loads(source.read_text())
    doc["rules"]["min_bid"] = 2
    doc.pop("checksum", None)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(RecordError, match="do not match rules_digest"):
        load_game(path)


def test_saves_and_open_work_on_the_command_line(tmp_path):
    game = engine.new_game("medici", ["Ann", "Bo"], seed=2)
    game.apply("draw")
    save_game(game, "friday", bots=[None, None], directory=tmp_path)
    listing = subprocess.run([sys.executable, "-m", "engine.cli", "saves", "--saves",
                              str(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert listing.returncode == 0 and "friday" in listing.stdout and "Ann, Bo" in listing.stdout
    opened = subprocess.run([sys.executable, "-m", "engine.cli", "open", "friday", "--saves",
                             str(tmp_path)], input="show\n", capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert "Opened friday." in opened.stdout and "Pile:" in opened.stdout


def test_a_refused_overlong_line_is_not_kept_in_the_history(tmp_path, monkeypatch):
    monkeypatch.setenv("MEDICI_HOME", str(tmp_path / "home"))
    history = InMemoryHistory()
    with create_pipe_input() as pipe:
        pipe.send_text("x" * 5000 + "\rhelp\rquit\r")
        run_shell(input=pipe, output=DummyOutput(), stdout=io.StringIO(), stderr=io.StringIO(),
                  saves=str(tmp_path / "s"), interactive=True, history=history)
    kept = list(history.load_history_strings())
    assert "help" in kept and not any(len(line) > 4096 for line in kept)


def test_the_history_is_kept_beside_the_saves_in_the_per_user_data_folder(tmp_path, monkeypatch):
    """Issue 21: the history folder was worked out from XDG by hand while the saves used
    platformdirs (different folders on macOS and Windows); both come from one place now."""
    import platformdirs
    from prompt_toolkit.history import FileHistory

    from engine.records.store import default_saves_dir
    from engine.shell.prompt import history_file, medici_home

    monkeypatch.delenv("MEDICI_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_path",
                        lambda name, appauthor=None: tmp_path / "Application Support" / name)
    home = tmp_path / "Application Support" / "medici"
    assert medici_home() == home == default_saves_dir().parent
    kept = history_file()
    assert isinstance(kept, FileHistory) and Path(kept.filename) == home / "history"
    monkeypatch.setenv("MEDICI_HOME", str(tmp_path / "mine"))
    assert medici_home() == tmp_path / "mine"  # the override still wins


def test_the_prompt_keeps_your_name_while_the_bots_are_paused(tmp_path):
    shell = Shell(Console(io.StringIO(), io.StringIO()), saves=str(tmp_path))
    game = engine.new_game("medici", ["Ann", "Bo"], seed=1)
    shell.table = Table(game, [None, "greedy"] if game.current_player == 1
                            else ["greedy", None], shell.saves)
    name = game.players[shell.table.humans[0]]
    assert shell.table.bot_to_act() is not None  # the bots to move: paused
    assert "".join(text for _, text in shell.prompt_text()).startswith(f"{name} ›")
    assert "Enter lets them go on" in "".join(t for _, t in shell.mode.placeholder())


def test_load_completion_says_what_each_choice_does_and_refusals_are_compact(run):
    run.do("new medici-vs-strozzi You Bo --seed 3", "draw", "stop", "price 3", "buy")
    game = run.shell.table.game
    assert describe(game.legal_actions()) == ["load 3/4/5 harbour 1/2/3", "discard"]
    found = ShellCompleter(run.shell).get_completions(Document("load "), CompleteEvent())
    metas = {c.text: c.display_meta_text for c in found}
    assert metas["4"] == "onto the empty 4-hold ship: it names its harbour next"
    found = ShellCompleter(run.shell).get_completions(Document("load 4 harbour "),
                                                      CompleteEvent())
    assert {c.display_meta_text for c in found} == {f"harbour {h}: no ship there yet"
                                                    for h in (1, 2, 3)}
    assert "legal now: load 3/4/5 harbour 1/2/3, discard" in run.do("load 9")


def test_tab_after_variant_completes_rules_files(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("extends: medici\n")
    (tmp_path / "notes.txt").write_text("")
    found = ShellCompleter(run.shell).get_completions(Document("new medici --variant ho"),
                                                      CompleteEvent())
    assert "house.yaml" in [c.display_text for c in found]
    found = ShellCompleter(run.shell).get_completions(Document("new medici --variant no"),
                                                      CompleteEvent())
    assert [c.display_text for c in found] == []  # not a rules file


def test_a_script_with_saves_names_that_folder_in_its_resume_command(tmp_path):
    result = subprocess.run([sys.executable, "-m", "engine.cli", "--saves", "my saves"],
                            input="new medici Ann bot:random --seed 3\ndraw\n", text=True,
                            capture_output=True, cwd=tmp_path, timeout=60,
                            env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert "`medici resume --saves 'my saves'` continues it" in result.stdout


def test_a_branch_gets_its_own_name_and_saves_says_whose_branch_it_is(tmp_path):
    game = _played("medici", 3, seed=5, bot="greedy")
    save_game(game, "full", bots=[None, "greedy", "greedy"], directory=tmp_path / "saves")
    run = Run(tmp_path / "saves")
    run.do("replay full", "goto 12")
    text = run.do("branch")
    assert "saved as full-branch from its first move" in text
    rng = Rng(3)
    run.do(str(random_action(run.shell.table.game, rng)))
    assert (tmp_path / "saves" / "full-branch.json").is_file()
    run.do("replay full", "goto 20", "branch")
    if run.shell.table.bot_to_act() is None:
        run.do(str(random_action(run.shell.table.game, rng)))
    assert (tmp_path / "saves" / "full-branch-2.json").is_file()
    listing = run.do("saves")
    assert "branch of full at step 12" in listing and "branch of full at step 20" in listing
    loaded = load_game(tmp_path / "saves" / "full-branch.json")
    assert loaded.record.branch_of == {"name": "full", "step": 12}
