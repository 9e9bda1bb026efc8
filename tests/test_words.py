"""Words on the screen: "You" is spoken to ("You draw"), and lines wrap between words."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from prompt_toolkit.formatted_text import to_plain_text
from prompt_toolkit.utils import get_cwidth

import engine
from engine.agreement import agree, is_you, plain_form
from engine.errors import IllegalAction
from engine.narrative import tell
from engine.play import render
from engine.shell.app import Shell
from engine.shell.console import Console
from engine.simulate import play_random
from engine.text import HANG, Text, wrap
from engine.text.layout import wrap_words

# -- "You" ------------------------------------------------------------------------------

THIRD_PERSON = re.compile(
    r"\bYou (draws|starts|bids|passes|buys|fills|stops|offers|sets|accepts|declines|borrows|"
    r"loads|discards|wins|repays|has|is|shares)\b"
)
"""A verb in the third person right after "You": what the player called You must never read."""


@pytest.mark.parametrize(("third", "plain"), [
    ("draws", "draw"), ("has", "have"), ("is", "are"), ("passes", "pass"), ("buys", "buy"),
    ("carries", "carry"), ("dies", "die"), ("reaches", "reach"), ("fixes", "fix"),
    ("goes", "go"), ("does", "do"), ("declines", "decline"), ("wins", "win"),
    ("shares the victory", "share the victory"), ("would", "would"), ("must", "must"),
])
def test_the_plain_form_of_a_third_person_verb(third, plain):
    assert plain_form(third) == plain


def test_only_the_player_called_you_is_spoken_to():
    assert [is_you(n) for n in ["You", "you", " YOU ", "Youssef", "Yours", "", None, 7]] == [
        True, True, True, False, False, False, False, False]
    assert agree("You", "has") == "have" and agree("Ann", "has") == "has"
    assert agree("Youssef", "draws") == "draws"


@pytest.mark.parametrize(("game", "players", "seed"), [("medici", 4, 41),
                                                        ("medici-vs-strozzi", 2, 42)])
def test_every_sentence_speaks_to_you_and_of_the_others(game, players, seed):
    """The same game told twice, once with "Ann" and once with "You" in the first seat:
    the sentences differ only in the name and in the verbs that follow it."""
    played = play_random(game, players, seed)
    others = ["Bo", "Cy", "Di"][: players - 1]
    as_ann = [line.plain() for line in tell(played.events, 0, ["Ann", *others])]
    as_you = [line.plain() for line in tell(played.events, 0, ["You", *others])]
    assert len(as_ann) == len(as_you)
    changed = 0
    for ann, you in zip(as_ann, as_you, strict=True):
        assert not THIRD_PERSON.search(you), you
        words_ann, words_you = ann.split(), you.split()
        assert len(words_ann) == len(words_you), (ann, you)
        for a, y in zip(words_ann, words_you, strict=True):
            a, y = a.strip(":,."), y.strip(":,.")
            if a != y:
                assert (a, y) == ("Ann", "You") or plain_form(a) == y, (ann, you)
                changed += a != "Ann"
    assert changed > 10  # the first seat did things: verbs were changed
    you = "\n".join(as_you)
    assert re.search(r"^You (draw|start)", you, re.M)
    assert "Game over: You win " in you or "Game over: You" not in you


def test_the_engine_refuses_with_you_have_and_ann_has():
    """M-9: a bid over your money; the refusal reaches the screen as the engine words it."""
    for name, expected in [("You", "You have only 40 florins"), ("Ann", "Ann has only 40")]:
        game = engine.new_game("medici", [name, "Bo", "Cy"], seed=1)
        while game.phase != "bidding":
            game.apply("draw" if not game.view(0).get("lot") else "stop")
        seat = game.current_player
        names = list(game.players)
        if names[seat] != name:  # put the name on the seat that bids first
            names[seat], names[0] = name, names[seat]
            game = engine.new_game("medici", names, seed=1)
            while game.phase != "bidding":
                game.apply("draw" if not game.view(0).get("lot") else "stop")
        with pytest.raises(IllegalAction, match=expected):
            game.apply("bid 99")


def test_the_final_scores_and_the_strozzi_table_speak_to_you():
    view = {"players": [{"name": "You", "money": 90}, {"name": "Bo", "money": 80}],
            "winners": [0]}
    assert "You    90  win" in render.final_scores(view).plain()
    view["players"][1]["money"] = 90
    view["winners"] = [0, 1]
    scores = render.final_scores(view).plain()
    assert "You    90  share the victory" in scores and "Bo     90  shares" in scores
    game = engine.new_game("medici-vs-strozzi", ["You", "Bo"], seed=3)
    if game.current_player == 0:  # Bo must be the one who prices, You the one who answers
        game = engine.new_game("medici-vs-strozzi", ["Bo", "You"], seed=3)
    game.apply("draw")
    game.apply("stop")
    game.apply("price 3")
    assert "You buy or decline" in render.table(game.view(0)).plain()


# -- wrapping ---------------------------------------------------------------------------

WORD = st.text(st.characters(codec="utf-8", exclude_categories=("Z", "C")), min_size=1,
               max_size=14)
LINE = st.tuples(st.text(" ", max_size=6), st.lists(WORD, max_size=40),
                 st.lists(st.sampled_from([" ", "  ", " "]), min_size=40, max_size=40))


def _joined(indent: str, words: list[str], gaps: list[str]) -> str:
    return indent + "".join(w + g for w, g in zip(words, gaps, strict=False)).rstrip()


@pytest.mark.parametrize("width", [60, 80, 100])
@given(lines=st.lists(LINE, min_size=1, max_size=4), style=st.sampled_from(["", "class:x"]))
def test_wrap_breaks_only_between_words_and_keeps_every_word(width, lines, style):
    text = "\n".join(_joined(*line) for line in lines)
    wrapped = to_plain_text(wrap([(style, text)], width))
    assert wrapped.split() == text.split()  # nothing lost, nothing split, nothing added
    for out in wrapped.split("\n"):
        # Too wide only when a single word is: then it stands alone after its indent.
        assert get_cwidth(out) <= width or len(out.split()) == 1, out
    assert wrapped.count("\n") >= text.count("\n")


def test_a_word_spread_over_styles_stays_whole_and_continuations_hang():
    text = Text("  Ann +45:").add(" " + "fur:3" * 3, "good.fur").add(".", "").add(" more" * 20)
    wrapped = to_plain_text(wrap(text.fragments, 30))
    lines = wrapped.split("\n")
    assert "fur:3fur:3fur:3." in wrapped.split()
    assert all(line.startswith(" " * (2 + HANG)) for line in lines[1:])
    assert all(get_cwidth(line) <= 30 for line in lines)


def test_table_rows_that_fit_stay_whole_and_wider_ones_break_between_words():
    row = "  " + "  ".join(f"col{i:02}" for i in range(2))
    long_row = "  " + "  ".join(f"col{i:02}" for i in range(20))
    text = (Text("A title that is long enough to wrap at twenty").row(row).row(long_row)
            .line("x y"))
    wrapped = to_plain_text(wrap(text.fragments, 20))
    lines = wrapped.split("\n")
    assert row in lines  # 14 columns: whole
    assert all(get_cwidth(line) <= 20 for line in lines)  # never cut by the terminal
    assert wrapped.split() == text.plain().split()
    assert "[row]" not in wrapped and wrapped.startswith("A title that is long\n")


def test_a_word_wider_than_the_line_is_broken_a_path_after_a_slash():
    path = "/home/someone/.local/share/medici/saves/medici-2026-12-01-you-bo-cy.json"
    wrapped = to_plain_text(wrap([("", f"The game is saved in {path}: replay it.")], 30))
    lines = wrapped.split("\n")
    assert all(get_cwidth(line) <= 30 for line in lines)
    assert path in "".join(line.strip() for line in lines)  # every character, in order
    assert any(line.rstrip().endswith("/") for line in lines)  # cut after a folder


def _shell_output(tmp_path, columns: int | None, monkeypatch) -> dict[str, str]:
    """What each command printed, by command (the saves in a short relative folder, so that
    their paths fit a line)."""
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO(), columns=columns), saves="sv")
    parts = {}
    for line in ["new medici You=bot:random Bo=bot:random Cy=bot:random --seed 4", "show",
                 "rules", "help", "rules medici-vs-strozzi", "saves"]:
        start = out.tell()
        shell.run_script([line])
        shell.done = False
        # The saves' paths differ from run to run (temporary folder, date): one word for them.
        parts[line.split()[0] + (" mvs" if "strozzi" in line else "")] = re.sub(
            r"sv/\S*", "SAVE", out.getvalue()[start:])
    return parts


@pytest.fixture(scope="module")
def unwrapped(tmp_path_factory) -> dict[str, str]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        return _shell_output(tmp_path_factory.mktemp("plain"), None, monkeypatch)


def _content(text: str) -> list[str]:
    """The cards, numbers and names of a text, sorted: what a table shows, however laid out."""
    return sorted(w.strip(".,;()") for w in text.split()
                  if re.fullmatch(r"[(]?([a-z]+:\d+|-?\d+|You|Bo|Cy)[.,;)]?", w))


def _story(text: str) -> list[str]:
    """The words of a game's telling, the table shown at its start left out."""
    lines = text.split("\n")
    top = next(i for i, line in enumerate(lines) if line.startswith("Medici ·"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Pile:"))
    return " ".join(lines[:top] + lines[end + 1:]).split()


@pytest.mark.parametrize("width", [60, 80, 100])
def test_the_shell_lays_a_whole_game_out_for_the_width(tmp_path, unwrapped, width,
                                                       monkeypatch):
    """A game told in full, the table, rules, help and saves at 60, 80 and 100 columns:
    the story in the same words in the same order as unwrapped, the table with the same
    words (laid out anew), and no line wider than the window."""
    wrapped = _shell_output(tmp_path, width, monkeypatch)
    story = _story(wrapped["new"])
    assert story == _story(unwrapped["new"])  # the game told: only wrapped
    for part in ("new", "show"):  # the table laid out anew: the same cards, names, numbers
        assert _content(wrapped[part]) == _content(unwrapped[part])
    for name, text in wrapped.items():
        too_wide = [line for line in text.split("\n") if get_cwidth(line) > width]
        assert too_wide == [], (name, too_wide)
    assert any(get_cwidth(line) > width for text in unwrapped.values()
               for line in text.split("\n"))  # there was something to lay out
    assert "You draw" in " ".join(story) and not THIRD_PERSON.search(" ".join(story))


@pytest.mark.parametrize("width", range(30, 81))
def test_a_number_never_opens_a_line_cut_from_the_word_it_counts(width: int) -> None:
    # The narration once broke "assigned to harbour" / "3." at 80 columns.
    text = Text("Strozzi loads grain:3 and fur:2 onto the 5-hold ship, assigned to harbour 3. "
                "Medici bids 12, Strozzi passes; day 2 ends with 3 ships full.")
    lines = text.wrapped(width).plain().split("\n")
    assert all(len(line) <= width for line in lines)
    assert not any(re.match(r"\s*[+-]?\d+[.,;:!?)]*(\s|$)", line) for line in lines[1:]), lines
    assert " ".join(line.strip() for line in lines) == text.plain()


@pytest.mark.parametrize("width", range(30, 81))
def test_plain_wrapping_keeps_a_number_with_its_word_too(width: int) -> None:
    line = "Strozzi loads grain:3 onto the 5-hold ship, assigned to harbour 3. Day 2 ends."
    lines = wrap_words(line, width)
    assert all(len(row) <= width for row in lines)
    assert not any(re.match(r"\s*\d+[.,]?(\s|$)", row) for row in lines[1:]), lines
    assert " ".join(row.strip() for row in lines) == line
