"""Issue 29: the guided first game (`medici learn`, `learn` in the shell) and the table that
says what a lot is worth to you.

The lessons are data in each game's folder; these tests play each one through the shell's
script mode from its first step to the final scoring (the learner's moves made by the
greedy bot, which judges as the coach does), check that every rule id of docs/rules.md that
concerns play is introduced, that a deliberately poor move is caught, explained and taken
back, that an illegal one gets its rule in plain words, that a lesson left with `quit` goes
on, that its save is a record like any other, and that a broken lesson file is refused with
its file and line.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from engine import records
from engine.bots import make_bot
from engine.cli import main as cli
from engine.errors import RulesError
from engine.game import Game
from engine.lesson import Coach, lesson_bot, lesson_for, load_lesson, start
from engine.lesson.loading import lesson_games
from engine.play import bot_seed
from engine.shell import run_shell
from engine.shell.app import Shell
from engine.shell.console import Console

GAMES = ["medici", "medici-vs-strozzi"]

PLAY_RULES = {
    "medici": ["G-2", "G-3", "G-4", *(f"M-{n}" for n in range(1, 19))],
    "medici-vs-strozzi": ["G-2", "G-3", "G-4", *(f"S-{n}" for n in range(1, 18))],
}
"""The rule ids of docs/rules.md that concern play, which each game's lesson introduces:
every rule of the game but M-19 (the Amigo edition, a variant), and of both games' rules
G-2 (a refused move changes nothing), G-3 (hidden things) and G-4 (who wins); G-1 (chance
is seeded and written down) is the program's, not the table's."""


def played_through(game_id: str, spec: str = "greedy") -> tuple[Game, list[str], Coach]:
    """The lesson's game played to its end, the learner's moves made by ``spec``, the bots
    as the shell seats them; the learner's moves as typed, and the coach that followed."""
    lesson = lesson_for(game_id)
    game = start(lesson)
    coach = Coach(lesson)
    coach.due(game)
    bots = {seat: lesson_bot(lesson, seat, seed=bot_seed(game, seat))
            for seat, s in enumerate(lesson.seats) if s.bot}
    learner = make_bot(spec, seed=1)
    moves: list[str] = []
    while not game.is_over:
        seat = game.current_player
        bot = bots.get(seat, learner)
        action = bot.choose(game.view(seat), game.legal_actions(), game.variant)
        if seat == lesson.learner:
            moves.append(str(action))
        game.apply(action)
        coach.due(game)
    return game, moves, coach


def shell_run(tmp_path: Path, lines: list[str], columns: int | None = None
              ) -> tuple[int, str, str]:
    """Run the shell on ``lines`` as a script file; its exit status, output and errors."""
    script = tmp_path / "lesson.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = run_shell(script=script, saves=str(tmp_path / "saves"), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("game_id", GAMES)
def test_each_lesson_plays_through_by_script_from_the_first_step_to_the_final_scoring(
        game_id, tmp_path):
    game, moves, _ = played_through(game_id)
    lesson = lesson_for(game_id)
    # A blank line after each move lets the bots go on if the coach paused them.
    lines = [f"learn {game_id}", *(x for move in moves for x in (move, ""))]
    status, out, err = shell_run(tmp_path, lines)
    assert status == 0, err
    assert err == ""
    titles = [f"Lesson {n}/{len(lesson.steps)} · {step.title}"
              for n, step in enumerate(lesson.steps, 1)]
    at = [out.find(title) for title in titles]
    assert -1 not in at, [t for t, i in zip(titles, at, strict=True) if i < 0]
    assert out.index(titles[0]) < out.index("Final scores") < len(out)
    # The lesson's last words come with the final scoring, the winners as the engine says.
    assert out.index(titles[-1]) > out.rindex("Game over:") - 1
    winners = " and ".join(game.players[p] for p in game.winners)
    assert f"Game over: {winners}" in out
    # Its save is a record like any other: finished, verified, the same game.
    save = next((tmp_path / "saves").glob(f"lesson-{game_id}*.json"))
    loaded = records.load_game(save)
    assert loaded.game.is_over and loaded.game.events == game.events
    assert list(loaded.bots) == list(lesson.bots)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_id_that_concerns_play_is_introduced(game_id):
    lesson = lesson_for(game_id)
    wanted = PLAY_RULES[game_id]
    # The lesson's data names them...
    assert set(wanted) <= set(lesson.introduced), sorted(set(wanted) - set(lesson.introduced))
    # ...and a game played through says every step, so every one of them is introduced, in
    # a play by the bots' judgement and in a careless one.
    for spec in ("greedy", "random"):
        _, _, coach = played_through(game_id, spec)
        assert coach.finished, [s.id for i, s in enumerate(lesson.steps) if i not in
                                coach.places]
        assert set(wanted) <= set(coach.introduced)


def test_a_bid_far_above_the_lots_worth_is_caught_explained_and_can_be_taken_back(tmp_path):
    status, out, err = shell_run(tmp_path, ["learn", "bid 30", "undo", "bid 7", ""])
    assert status == 0, err
    said = " ".join(out.split())
    caught = re.search(r"bid 30 gives up ~(\d+) florins, by the bots' estimate: it is (\d+) "
                       r"above what the lot is worth to you \(~(\d+)\)", said)
    assert caught, said
    assert int(caught[2]) + int(caught[3]) == 30 and int(caught[1]) >= 5
    assert "`undo` takes it back; Enter keeps it." in said
    # The bots waited: nobody moved between the slip and its taking back.
    between = said[said.index("bid 30 gives up"):said.index("Took back")]
    assert "Bo bids" not in between and "Bo passes" not in between
    assert "Took back: You bid 30." in said
    save = next((tmp_path / "saves").glob("lesson-medici*.json"))
    events = records.load_game(save).game.events
    bids = [e for e in events if e["type"] == "bid" and e["player"] == 0]
    assert [b["amount"] for b in bids] == [7]  # the slip is gone, the second bid stands


def test_an_illegal_move_gets_the_rule_in_plain_words(tmp_path):
    status, out, err = shell_run(tmp_path, ["learn", "bid 99", "bid 2"])
    assert status == 1
    refusals = err.strip().splitlines()
    assert len(refusals) == 2
    lesson = lesson_for("medici")
    assert "bid 99: You have only 40 florins (M-9)" in refusals[0]
    assert f"The rule (M-9): {lesson.plain['M-9']}" in refusals[0]
    assert "bid 2: " in refusals[1] and "(M-9)" in refusals[1]
    # A rule the lesson has no words of its own for is said in the rules text's words.
    coach = Coach(lesson)
    assert "M-12" not in lesson.plain
    assert coach.refusal("the day is over (M-12)") == (
        "The rule (M-12): A day ends in one of two ways:")
    assert coach.refusal("draw is not possible while bidding") == ""


def test_good_moves_are_told_why_and_poor_ones_not_praised():
    lesson = lesson_for("medici")
    game = start(lesson)
    coach = Coach(lesson)
    while game.current_player != lesson.learner:
        seat = game.current_player
        bot = lesson_bot(lesson, seat, seed=bot_seed(game, seat))
        game.apply(bot.choose(game.view(seat), game.legal_actions(), game.variant))
    worth = coach.worth(game)
    assert worth is not None and worth > 8
    good = coach.judge(game, game.logic.grammar.parse("bid 4"))
    assert good.kind == "good" and good.text.startswith("Good: bid 4")
    assert f"~{worth:.0f} to your money" in good.text
    poor = coach.judge(game, game.logic.grammar.parse("bid 40"))
    assert poor.kind == "poor" and poor.loss >= lesson.judging.poor
    assert poor.better is not None and poor.better.kind == "bid"


def test_a_lesson_left_with_quit_goes_on_where_it_was_with_learn_and_with_resume(tmp_path):
    _, moves, _ = played_through("medici")
    first = ["learn", *(x for move in moves[:4] for x in (move, "")), "quit"]
    status, out, err = shell_run(tmp_path, first)
    assert status == 0, err
    assert "Lesson 1/" in out
    saves = list((tmp_path / "saves").glob("*.json"))
    assert len(saves) == 1 and saves[0].name.startswith("lesson-medici")
    # `learn` again: the same save goes on, the steps said already are not said again.
    status, out, err = shell_run(tmp_path, ["learn", moves[4], "learn"])
    assert status == 0, err
    assert "Your lesson goes on (lesson-medici" in out
    assert "Lesson 1/" not in out  # the welcome is not said again
    assert len(list((tmp_path / "saves").glob("*.json"))) == 1
    # `resume` finds it too, and plays it with its coach (the toolbar's lesson count).
    out_io = io.StringIO()
    shell = Shell(Console(out_io, io.StringIO()), saves=str(tmp_path / "saves"))
    assert shell.execute("resume")
    assert shell.mode.name == "lesson"
    assert shell.mode.toolbar(80)[0][1].startswith(" Lesson ")
    # `learn --again` starts over beside it.
    status, out, _ = shell_run(tmp_path, ["learn --again"])
    assert "Lesson 1/" in out and len(list((tmp_path / "saves").glob("*.json"))) == 2


@pytest.mark.parametrize("columns", [80, 60])
def test_the_lots_worth_shows_on_the_table_and_set_worth_off_removes_it(columns, tmp_path):
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO(), columns=columns), saves=str(tmp_path / "s"))
    assert shell.execute("learn")
    game = shell.table.game
    worth = Coach(lesson_for("medici")).worth(game)
    start_at = len(out.getvalue())
    assert shell.execute("show")
    table = out.getvalue()[start_at:]
    assert f"worth ~{worth:.0f} florins to you" in table.replace("\n ", " ")
    assert all(len(line) <= columns for line in table.splitlines())
    bar = "".join(text for _, text in shell.mode.toolbar(columns))
    assert len(bar) < columns
    if columns == 80:
        assert f"worth ~{worth:.0f}" in bar
    assert shell.execute("set worth off")
    start_at = len(out.getvalue())
    assert shell.execute("show")
    assert "worth" not in out.getvalue()[start_at:]
    assert "worth" not in "".join(text for _, text in shell.mode.toolbar(200))
    assert shell.execute("set")
    assert out.getvalue().rstrip().endswith("worth off")


def _shown_after_a_draw(shell: Shell, out: io.StringIO) -> str:
    """`show` once a lot is on the table (the person draws one if it is theirs to draw)."""
    if shell.mode.legal_moves() and "draw" in str(shell.mode.legal_moves()[0]):
        assert shell.execute("draw")
    start_at = len(out.getvalue())
    assert shell.execute("show")
    return out.getvalue()[start_at:]


def test_worth_is_on_against_bots_and_off_between_people_unless_set_on(tmp_path):
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO(), columns=80), saves=str(tmp_path / "s"))
    assert shell.execute("new medici Ann Bo --seed 3")
    assert "worth" not in _shown_after_a_draw(shell, out)
    assert shell.execute("set worth on")
    assert re.search(r"worth ~\d+ florins to (Ann|Bo)", _shown_after_a_draw(shell, out))
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO(), columns=80), saves=str(tmp_path / "s"))
    assert shell.execute("new medici Ann bot:greedy --seed 3")
    assert re.search(r"worth ~\d+ florins to Ann", _shown_after_a_draw(shell, out))


def test_medicis_table_labels_the_tracks_and_shows_todays_cards_pending():
    from engine.medici.render import table

    lesson = lesson_for("medici")
    game = start(lesson)
    while not any(e["type"] == "buy" for e in game.events):
        seat = game.current_player
        bot = (lesson_bot(lesson, seat, seed=bot_seed(game, seat)) if lesson.seats[seat].bot
               else make_bot("greedy", seed=1))
        game.apply(bot.choose(game.view(seat), game.legal_actions(), game.variant))
    view = game.view(0)
    buyer = next(e for e in game.events if e["type"] == "buy")
    text = table(view, list(lesson.bots), 80, rules=game.variant.rules).plain()
    lines = text.splitlines()
    assert "ship" in lines[1] and "track levels, +N: bought today" in lines[1]
    assert lines[2].split()[:3] == ["money", "value", "free"]
    row = next(line for line in lines if line[2:].startswith(game.players[buyer["player"]]))
    kinds = {card.split(":")[0] for card in buyer["cards"]}
    assert len(re.findall(r"\b0\+\d\b", row)) == len(kinds)
    # Without the rules (or with tracks that move on purchase) nothing is pending.
    assert "+" not in table(view, list(lesson.bots), 80).plain().split("\n", 3)[3]
    moved = dict(game.variant.rules, track_moves="on_purchase")
    assert "0+" not in table(view, list(lesson.bots), 80, rules=moved).plain()


def test_a_broken_lesson_is_refused_with_its_file_and_line(tmp_path):
    good = Path(lesson_for("medici").source).read_text(encoding="utf-8")
    cases = {
        "introduces: [M-9, G-2]": ("introduces: [M-9, M-99]", r"no rule 'M-99'"),
        "move: bid 3": ("move: bid three", r"script\.2\.move: not a move of Medici"),
        "{player: Cy, period: 1": ("{player: You, period: 1", r"You is the learner"),
        "when: {decision: draw}": ("when: {decision: drwa}", r"'drwa' is no move of Medici"),
        "    - [fur:5, spice:1": ("    - [fur:9, spice:1", r"deal: the deal does not fit"),
        "~{worth} florins": ("~{wort} florins", r"unknown placeholder \{wort\}"),
        "    after: first-buy": ("    after: first-bye", r"no step 'first-bye'"),
        "minutes: 12": ("minute: 12", r"unknown key 'minute': did you mean 'minutes'\?"),
    }
    for old, (new, message) in cases.items():
        assert old in good, old
        path = tmp_path / "lesson.yaml"
        path.write_text(good.replace(old, new, 1), encoding="utf-8")
        line = 1 + good[:good.index(old)].count("\n")
        if old.startswith("~{"):  # words of a step: the line of its `say:`
            line = 1 + good[:good.rindex("say:", 0, good.index(old))].count("\n")
        with pytest.raises(RulesError) as refused:
            load_lesson(path)
        shown = str(refused.value)
        assert re.search(message, shown), shown
        # The file and line of the mistake (a key of the deal: its own line).
        assert f"lesson.yaml:{line}:" in shown or old.startswith("    - ["), shown
    (tmp_path / "tags.yaml").write_text("game: !!python/object:os.system x\n")
    with pytest.raises(RulesError, match="tags.yaml:1"):
        load_lesson(tmp_path / "tags.yaml")


def test_the_lessons_are_found_in_their_games_folders():
    assert lesson_games()[:2] == GAMES
    for game_id in GAMES:
        lesson = lesson_for(game_id)
        assert Path(lesson.source).parent.name in ("medici", "strozzi")
        assert lesson.learner == 0 and lesson.names[0] == "You"


def test_medici_learn_runs_a_script_from_the_command_line(tmp_path, capsys, monkeypatch):
    script = tmp_path / "moves.txt"
    script.write_text("bid 5\nquit\n", encoding="utf-8")
    monkeypatch.setenv("MEDICI_BOT_DELAY", "0")
    status = cli(["learn", "medici", "--script", str(script), "--saves", str(tmp_path / "s")])
    out = capsys.readouterr().out
    assert status == 0
    assert "Your first game of Medici" in out and "You bid 5." in out
    assert "learn medici-vs-strozzi" not in out  # the lesson is not over
    assert any((tmp_path / "s").glob("lesson-medici*.json"))


def test_the_wheel_carries_the_lessons(unpacked_wheel):
    for path in ("engine/medici/lesson.yaml", "engine/strozzi/lesson.yaml"):
        assert path in unpacked_wheel.names


def test_the_docs_table_line_by_line_is_the_lessons_real_screen(tmp_path):
    """docs/playing.md, "New to the game?" (and the README): the table it explains line by
    line is what the lesson shows at 80 columns after the moves it names (`learn`, `bid
    12`, Enter, `show`), with the toolbar of that moment under the prompt."""
    root = Path(__file__).resolve().parent.parent
    page = (root / "docs" / "playing.md").read_text(encoding="utf-8")
    readme = (root / "README.md").read_text(encoding="utf-8")
    blocks = [_block_after(page, "### The table, line by line"),
              _block_after(readme, "Never played? `medici learn`")]
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO(), columns=80), saves=str(tmp_path / "s"))
    for line in ("learn", "bid 12", ""):
        assert shell.execute(line), line
    start_at = len(out.getvalue())
    assert shell.execute("show")
    toolbar = "".join(text for _, text in shell.mode.toolbar(80))
    screen = f"You › show\n{out.getvalue()[start_at:]}You ›\n\n{toolbar}"
    for block in blocks:
        assert [ln.rstrip() for ln in block.splitlines()] == [
            ln.rstrip() for ln in screen.splitlines()]


def _block_after(text: str, heading: str) -> str:
    """The first ```text block after ``heading`` in a page."""
    section = text[text.index(heading):]
    begin = section.index("```text\n") + 8
    return section[begin:section.index("\n```", begin)]


@pytest.mark.parametrize("hints", [False, True])
def test_at_a_hosted_table_the_worth_shows_only_where_the_host_allows_hints(hints, tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    from test_host_parts import seated

    with ThreadPoolExecutor(2) as pool:
        table, bo, bo_out, cy, cy_out = seated(tmp_path, pool, hints=hints)
        game = table.session.game
        actor = bo if game.current_player == 0 else cy
        out = bo_out if actor is bo else cy_out
        assert actor.shell.execute("draw")
        assert actor.shell.execute("show")
        shown = out.getvalue()[out.getvalue().rindex("Medici · day"):]
        assert ("worth ~" in shown) is hints
        assert actor.shell.execute("set worth off") and actor.shell.execute("show")
        assert "worth ~" not in out.getvalue()[out.getvalue().rindex("Medici · day"):]


def test_the_greeting_offers_the_lesson_then_a_level_to_someone_new(tmp_path):
    """With no saved game, the greeting names `learn` first (a guided first game), then a
    level for a first game against bots."""
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO(), columns=80), saves=str(tmp_path / "s"))
    shell.mode.greet()
    said = " ".join(out.getvalue().split())
    assert "Never played? `learn` is a guided first game" in said
    assert said.index("`learn`") < said.index("bot:casual")
