"""Issue 34: the rough edges a newcomer met at 80x24 and 60x24, each pinned by a test that
failed before its fix (the item's number leads each test's name)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import engine
from engine.actions import Action
from engine.bots import make_bot
from engine.bots.base import Analysis
from engine.bots.explain import fewer_text, gain_words, lost_text
from engine.cli import main
from engine.errors import IllegalAction, RulesError
from engine.game import Game
from engine.play.saves import SavesFolder
from engine.records import ReplayCursor, record_from_game, save_game
from engine.rules import load_variant
from engine.shell.app import Shell
from engine.shell.console import Console
from engine.shell.pager import more_note
from engine.shell.rules_text import summary
from engine.shell.saves import table as saves_table
from engine.shell.toolbar import place_text, play_toolbar
from engine.text import Text, fit_table
from engine.yamlsafe import load_yaml_text


def _check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    """``medici variant check`` of a file holding ``text``: what it printed."""
    path = tmp_path / "house.yaml"
    path.write_text(text)
    assert main(["variant", "check", str(path)]) != 0
    captured = capsys.readouterr()
    return captured.out + captured.err


# -- 1. variant check: where a key goes, and indentation in a person's words ---------------
def test_1_a_key_at_the_wrong_level_is_told_where_it_goes_not_a_word_it_already_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _check(tmp_path, "extends: medici\nname: mine\ndescription: x\nstart_money: 60\n",
                 capsys)
    assert ("house.yaml:4: start_money: 'start_money' does not go at the top level: it goes "
            "at player_counts.N.start_money") in out
    assert "did you mean 'start_money'" not in out
    # A misspelling at the wrong level still gets its word and its place.
    out = _check(tmp_path, "extends: medici\nname: mine\ndescription: x\nstart_mony: 60\n",
                 capsys)
    assert "did you mean 'start_money'? It goes at player_counts.N.start_money" in out


def test_1_an_indentation_slip_is_said_in_words_with_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _check(tmp_path, "extends: medici\nname: mine\nplayer_counts:\n  4:\n"
                 "    start_money: 60\n   days: 3\n", capsys)
    assert "house.yaml:6: this line is indented 3 spaces" in out
    assert "check its indentation" in out
    assert "<block" not in out and "block end" not in out


@pytest.mark.parametrize(("text", "line", "words"), [
    ("a:\n  b: 1\n c: 2\n", 3, "indented 1 space, in line with no key above it"),
    ("a: 1\n  b: 2\n", 2, "check this line's indentation"),
    ("a: 1\nb\nc: 2\n", 2, "add the colon after the key"),
    ("a:\n\tb: 1\n", 2, "YAML indents with spaces only"),
    ("a:\n  b: 1\n  - 2\n", 3, "a list item (`- `) among the keys of a mapping"),
    ("a: 1\nb: [1, 2\nc: 3\n", 3, "opened on line 2"),
    ("a: 'x\nb: 2\n", 3, "the quoted text opened on line 1 is never closed"),
])
def test_1_pyyaml_tokens_never_reach_the_reader(text: str, line: int, words: str) -> None:
    with pytest.raises(RulesError) as info:
        load_yaml_text(text, "rules.yaml")
    (problem,) = info.value.problems
    assert problem.line == line
    assert words in problem.message
    assert "<" not in problem.message and "YAML syntax error" not in problem.message


# -- 7. every command's --help fits the terminal ---------------------------------------------
@pytest.mark.parametrize("columns", [80, 60])
@pytest.mark.parametrize("command", ["simulate", "league", "compare", "host", "new", "replay"])
def test_7_help_is_wrapped_to_the_terminal(command: str, columns: int,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert out.startswith(f"usage: medici {command}")
    assert max(len(line) for line in out.splitlines()) <= columns
    if command in ("simulate", "league"):
        # The bot list stays a list: each spec at the margin, its words in their column.
        lines = out.splitlines()
        greedy = next(i for i, line in enumerate(lines) if line.startswith("greedy "))
        assert lines[greedy].index("values") == 14
        assert lines[greedy + 1].startswith(" " * 14) and lines[greedy + 1][14] != " "


# -- 3. a negative gain is a cost ------------------------------------------------------------
@pytest.mark.parametrize("price", [0, 9, 30, 60])
def test_3_a_strozzi_hint_never_gains_a_negative_amount(price: int) -> None:
    game = engine.new_game("medici-vs-strozzi", ["Ann", "Strozzi"], seed=4)
    for move in ("draw", "draw", "stop", f"price {price}"):
        game.apply(move)
    seat = game.current_player
    assert seat is not None
    rows = make_bot("greedy", 1).analyse(game.view(seat), game.legal_actions(), game.variant,
                                         top=None)
    notes = {str(row.action): row.note for row in rows}
    assert all("~-" not in note and "~+" not in note for note in notes.values()), notes
    # Buying and declining are one gain seen from both sides: one gains, the other costs.
    buy, decline = notes["buy"], notes["decline"]
    assert re.match(r"(gains|costs) you ~\d+ against Ann$", buy), buy
    assert re.search(r"\(S-9\): (gains|costs) you ~\d+$", decline), decline
    assert buy.split()[0] != decline.split(": ")[1].split()[0]


def test_3_gain_words() -> None:
    assert gain_words(4.6, "you") == "gains you ~5"
    assert gain_words(-17.6, "you") == "costs you ~18"
    assert gain_words(-2.2) == "costs ~2"
    assert gain_words(-0.3, "Bo") == "gains Bo ~0"


# -- 8. words a person would write -----------------------------------------------------------
def test_8_what_a_move_gave_away_is_about_so_many_florins_one_florin_singular() -> None:
    best = Analysis(Action("bid", 3), 0.5, "", 0.40, 100.0)
    assert lost_text(best, Analysis(Action("pass"), 0.4, "", 0.40, 99.0), "florins") == (
        "about 1 florin")
    assert lost_text(best, Analysis(Action("pass"), 0.4, "", 0.36, 94.0), "coins") == (
        "4 points of win chance and about 6 coins")


def test_8_rules_names_the_game_once(tmp_path: Path) -> None:
    plain = summary(load_variant("medici"), 4, 80).plain()
    assert plain.splitlines()[0] == "medici"
    rich = summary(load_variant("medici-rich"), 4, 80).plain()
    assert rich.splitlines()[0] == "medici-rich (Medici)"
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO()), saves=str(tmp_path))
    assert shell.execute("rules medici-vs-strozzi", "rules medici-vs-strozzi")
    assert out.getvalue().splitlines()[0] == "medici-vs-strozzi"


# -- 9. the pager names its keys at 60 columns too ----------------------------------------
@pytest.mark.parametrize("width", [80, 60, 40])
def test_9_the_pagers_line_says_which_keys_page_on_and_stop(width: int) -> None:
    note = more_note("(1/2)", width)
    assert len(note) < width and "(1/2)" in note
    assert "Space" in note and "q" in note.split("(1/2)")[1]
    assert more_note("(1/2)", 80) == "-- more (1/2): Space or Enter for the next page, q to stop --"


# -- 11. table columns stand at least two spaces apart ---------------------------------------
COMPARE_ROWS = [
    ("winning money", "115.5 ± 3.5", "135.8 ± 3.7", "+20.3 ± 3.4 *"),
    ("winning margin (1st - 2nd)", "11.2 ± 2.9", "10.8 ± 2.4", "-0.4 ± 2.5"),
    ("start player wins", "18.8% (9.6-33.4%)", "18.8% (9.6-33.4%)", "+0.0% ± 7.0%"),
    ("days ended by full ships", "70.0% (54.6-81.9%)", "72.5% (57.2-83.9%)", "+2.5% ± 3.6%"),
]
"""The rows ``medici compare medici medici-rich`` printed with one space between columns."""


@pytest.mark.parametrize("width", [80, 60])
def test_11_a_report_table_never_sets_its_columns_one_space_apart(width: int) -> None:
    lines = fit_table(("", "A medici", "B medici-rich", "B - A"), COMPARE_ROWS, width,
                      aligns=["<", ">", ">", "<"])
    text = "\n".join(lines)
    assert max(len(line) for line in lines) <= width
    for _, a, b, diff in COMPARE_ROWS:
        # The figures of one row, in order, each pair at least two spaces apart.
        assert re.search(r"\s{2,}".join(re.escape(cell) for cell in (a, b, diff)), text), text


# -- 12. a misused bid says what is legal now ------------------------------------------------
@pytest.mark.parametrize(("line", "problem"), [
    ("bid", "bid needs an amount"),
    ("bid 99999999999", "amount 99999999999 is too large"),
    ("bid x", "amount must be a whole number 0 or more, got 'x'"),
])
def test_12_a_bid_without_a_fitting_amount_gives_the_legal_range(line: str, problem: str) -> None:
    game = engine.new_game("medici", ["Ann", "Bo", "Cy"], seed=3)
    game.apply("draw")
    game.apply("stop")
    with pytest.raises(IllegalAction) as info:
        game.apply(line)
    assert str(info.value) == f"{problem}; legal now: bid 1..40, pass"
    assert "999999999;" not in str(info.value)


def test_12_a_misused_move_out_of_its_phase_says_it_is_not_its_time() -> None:
    game = engine.new_game("medici", ["Ann", "Bo", "Cy"], seed=3)
    with pytest.raises(IllegalAction) as info:
        game.apply("bid")
    assert str(info.value) == "bid is not possible while selecting; legal now: draw"
    # The grammar alone (no game to ask) still says how the move is written.
    with pytest.raises(IllegalAction, match="a number here is at most 999999999: bid AMOUNT"):
        game.logic.grammar.parse("bid 99999999999")


# -- 13. the toolbar keeps the game's name and says places in words ------------------------
@pytest.mark.parametrize("width", [80, 60])
def test_13_the_toolbar_keeps_the_games_name_and_says_how_far_behind(width: int) -> None:
    game = engine.new_game("medici", ["You", "Player 2", "Player 3", "Player 4"], seed=5)
    view = dict(game.view(0))
    money = [35, 122, 60, 90]
    view["players"] = [dict(p, money=m) for p, m in zip(view["players"], money, strict=True)]
    bots = [None, "mcts", "mcts", "mcts"]
    line = "".join(text for _, text in play_toolbar(view, bots, 0, width))  # type: ignore[arg-type]
    assert len(line) < width
    assert line.startswith(" Medici ")
    assert "4th, 87 behind" in line
    assert not re.search(r", [-+]\d", line)


def test_13_place_in_few_words() -> None:
    players = [{"name": "Bo", "money": 132}, {"name": "You", "money": 118}]
    assert place_text(players, 1, long=False) == "2nd, 14 behind"  # type: ignore[arg-type]
    assert place_text(players, 0, long=False) == "1st, 14 ahead"  # type: ignore[arg-type]


# -- 2. a hint shows three moves, or says why fewer ------------------------------------------
def test_2_a_hint_of_fewer_than_three_moves_says_why(tmp_path: Path) -> None:
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO()), saves=str(tmp_path))
    for line in ("new medici You Bo=bot:greedy Cy=bot:greedy Di=bot:greedy --seed 11",
                 "hint --bot mcts:300"):
        assert shell.execute(line, line)
    text = out.getvalue()
    hint = text[text.index("Hint from"):]
    moves = re.findall(r"^  (\d)\. ", hint, re.M)
    # At this bid the search tries only passing and the lowest bid (docs/playing.md).
    assert moves == ["1", "2"], hint
    assert ("mcts:300 weighed only these 2 moves: its search leaves out the moves it judges "
            "no better (legal now: bid 1..") in hint


def test_2_fewer_text() -> None:
    assert fewer_text("mcts", 1, "bid 1..40, pass") == (
        "mcts weighed only this move: its search leaves out the moves it judges no better "
        "(legal now: bid 1..40, pass)")


# -- 4. analyse speaks to you only about your own seat --------------------------------------
def _analysed(tmp_path: Path, *lines: str) -> str:
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO()), saves=str(tmp_path))
    for line in lines:
        assert shell.execute(line, line), out.getvalue()[-400:]
    return out.getvalue()


def test_4_analyse_names_the_mover_when_the_reader_is_not_at_that_seat(tmp_path: Path) -> None:
    # A game of bots alone: nobody reading sits at the table, every mover is named.
    text = _analysed(tmp_path, "replay --example medici", "goto 5", "analyse --bot greedy")
    said = text[text.index("Step 5: Ann played"):]
    assert "to Ann's money" in said
    assert "your" not in said and " you " not in said


def test_4_analyse_speaks_to_you_of_your_own_moves_only(tmp_path: Path) -> None:
    game = engine.new_game("medici", ["You", "Bo", "Cy"], seed=2)
    bot = make_bot("greedy", 1)
    moves: list[tuple[int, str]] = []
    while len(moves) < 12:
        seat = game.current_player
        assert seat is not None
        action = bot.choose(game.view(seat), game.legal_actions(), game.variant)
        moves.append((seat, game.players[seat]))
        game.apply(action)
    save_game(game, "mine", bots=[None, "greedy", "greedy"], directory=tmp_path)
    bidding = [step for step, (_, _) in enumerate(moves, 1)
               if _phase_before(game, step) == "bidding"]
    mine = next(s for s in bidding if moves[s - 1][0] == 0)
    theirs = next(s for s in bidding if moves[s - 1][0] != 0)
    text = _analysed(tmp_path, "replay mine", f"goto {mine}", "analyse --bot greedy",
                     f"goto {theirs}", "analyse --bot greedy")
    first = text[text.index(f"Step {mine}: You played"):text.index(f"Step {theirs}/")]
    assert "to your money" in first
    name = moves[theirs - 1][1]
    second = text[text.index(f"Step {theirs}: {name} played"):]
    assert f"to {name}'s money" in second and "your money" not in second


def _phase_before(game: Game, step: int) -> str:
    """The phase in which the ``step``-th move of ``game`` was made."""
    cursor = ReplayCursor(record_from_game(game))
    cursor.goto(step - 1)
    return str(cursor.game.view()["phase"])


# -- 5. save names short enough to copy; commands never broken inside ----------------------
def test_5_a_generated_save_name_is_the_game_the_date_and_a_counter(tmp_path: Path) -> None:
    names = ["You", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6"]
    game = engine.new_game("medici", names, seed=1)
    first = save_game(game, directory=tmp_path)
    second = save_game(game, directory=tmp_path)
    assert re.fullmatch(r"medici-\d{4}-\d\d-\d\d-1", first.stem), first.stem
    assert second.stem == first.stem[:-2] + "-2"
    strozzi = save_game(engine.new_game("medici-vs-strozzi", ["Ann", "Bo"], seed=1),
                        directory=tmp_path)
    assert re.fullmatch(r"medici-vs-strozzi-\d{4}-\d\d-\d\d-1", strozzi.stem)


@pytest.mark.parametrize("width", [80, 60, 40])
def test_5_a_command_in_backticks_is_never_broken_between_its_words(width: int) -> None:
    text = Text("The game is saved in /home/someone/.local/share/medici/saves/my game.json: "
                "`replay 'my game'` goes through it move by move; `medici replay 'my game' "
                "--saves x` from a terminal.")
    lines = text.wrapped(width).plain().split("\n")
    assert all(len(line) <= width for line in lines)
    assert any("`replay 'my game'`" in line for line in lines)
    assert any("`medici replay 'my game' --saves x`" in line for line in lines)


def test_5_the_saves_listing_shows_whole_names_at_60_columns(tmp_path: Path) -> None:
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO()), saves=str(tmp_path))
    line = "new medici You P2=bot:random P3=bot:random P4=bot:random P5=bot:random --seed 2"
    assert shell.execute(line, line)
    name = next(tmp_path.glob("*.json")).stem
    listing = saves_table(SavesFolder.of(tmp_path), width=60).plain()
    assert all(len(row) <= 60 for row in listing.splitlines())
    assert any(row.strip().startswith(name + " ") for row in listing.splitlines()), listing
