"""Oracle, a game written for this test, plugs into everything through its descriptor alone:
``new_game``, the shell's scripted mode and its completion, save, open and replay, the game
story, ``medici simulate`` with the random bot and ``medici rules diagram``; through its
logic's hooks, undo and the OpenSpiel adapter; through its bot parts and styles, ``greedy``,
``mcts`` and a league of the field. No file of the engine (or of the other tests) names it:
registering ``GAME`` is all it takes."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

import engine
from engine import registry
from engine.actions import Span
from engine.chance import Rng
from engine.cli import main as cli
from engine.play import Table
from engine.records import ReplayCursor, load_game
from engine.shell import run_shell
from engine.shell.app import Shell
from engine.shell.completion import ShellCompleter
from engine.shell.console import Console
from engine.simulate import play_random, random_action
from toygame import GAME

HERE = Path(__file__).resolve().parent
RULES = str(HERE / "oracle.yaml")
ROOT = HERE.parent.parent


@pytest.fixture(autouse=True)
def oracle() -> Iterator[None]:
    """Oracle registered for the test, and gone after it."""
    registry.register(GAME)
    yield
    registry.unregister(GAME.id)


def test_it_plays_through_new_game_with_chance_and_hidden_stones() -> None:
    game = engine.new_game(RULES, ["Ann", "Bo", "Cy"], seed=4)
    assert game.phase == "staking" and game.current_player == 0
    view = game.view(1)
    stones = [p["stone"] for p in view["players"]]
    assert stones[1] is not None and stones[0] is None and stones[2] is None  # hidden
    assert all(p["stone"] for p in game.view(None)["players"])
    assert {"stake"} == {e.kind for e in game.legal_actions()}
    deals = {tuple(p["stone"] for p in engine.new_game(RULES, 3, seed=s).view()["players"])
             for s in range(12)}
    assert len(deals) > 3  # chance deals the stones
    played = play_random(RULES, 3, 4)
    assert played.is_over and played.winners
    assert [e["type"] for e in played.events].count("reveal") == 2  # two seasons scored


def test_its_phase_table_decides_who_acts_and_what_is_legal() -> None:
    game = engine.new_game(RULES, ["Ann", "Bo"], seed=1)
    game.apply("stake 2")
    game.apply("stake 0")
    assert game.phase == "guessing"
    legal = game.legal_actions()
    assert isinstance(legal[0], Span) and legal[0].kind == "guess" and str(legal[1]) == "fold"
    with pytest.raises(engine.IllegalAction, match="stake is not possible while guessing"):
        game.apply("stake 1")
    with pytest.raises(engine.IllegalAction, match="guess must be in guess 2..12"):
        game.apply("guess 40")


def _script(seed: int) -> tuple[engine.Game, list[str]]:
    game = engine.new_game(RULES, ["Ann", "Bo"], seed=seed)
    lines = [f"new {RULES} Ann Bo --seed {seed}"]
    rng = Rng(seed)
    while not game.is_over:
        action = random_action(game, rng)
        game.apply(action)
        lines.append(str(action))
    return game, lines


def test_the_shell_plays_saves_loads_and_replays_it(tmp_path: Path) -> None:
    game, lines = _script(6)
    half = len(lines) // 2
    script = tmp_path / "oracle.txt"
    script.write_text("\n".join([*lines[:half], "show", "save half", "help stake",
                                 "open half", *lines[half:], "show", "log",
                                 "replay half", "next", "goto season 1", "show", "exit"]) + "\n")
    out, err = io.StringIO(), io.StringIO()
    status = run_shell(script=script, saves=str(tmp_path / "saves"), stdout=out, stderr=err)
    assert (status, err.getvalue()) == (0, "")
    text = out.getvalue()
    assert "Oracle · season 1/2" in text and "Oracle · season 2/2" in text
    assert "stake AMOUNT" in text and "(a move of oracle)" in text
    assert "The stones show" in text and "Game over:" in text
    # `save half` named the game's one file; `open half` played on in it to the end.
    saved = load_game(tmp_path / "saves" / "half.json").game
    assert saved.variant.game == "oracle" and saved.is_over
    finished = [p for p in (tmp_path / "saves").glob("*.json") if load_game(p).game.is_over]
    assert len(finished) == 1 and load_game(finished[0]).game.view(None) == game.view(None)
    cursor = ReplayCursor(finished[0])
    cursor.goto(cursor.total)
    assert cursor.game.view(None) == game.view(None)
    assert cursor.scoring_steps and cursor.periods == [1, 2]


def test_the_shell_completes_its_moves_from_its_phase_table(tmp_path: Path) -> None:
    game = engine.new_game(RULES, ["Ann", "Bo"], seed=2)
    shell = Shell(Console(io.StringIO(), io.StringIO()), saves=str(tmp_path / "saves"))
    shell.table = Table(game, [None, None], shell.saves)
    completer = ShellCompleter(shell)

    def texts(line: str) -> list[str]:
        found = completer.get_completions(Document(line), CompleteEvent(completion_requested=True))
        return [c.text.strip() for c in found]

    assert "stake" in texts("st") and "guess" not in texts("gu")
    assert texts("stake ")[:3] == ["0", "1", "2"]
    game.apply("stake 1")
    game.apply("stake 1")
    assert {"guess", "fold"} <= set(texts("")) and "stake" not in texts("st")


def test_simulate_with_the_random_bot_and_the_rules_diagram(tmp_path: Path, capsys) -> None:
    out = tmp_path / "runs.jsonl"
    assert cli(["simulate", "--game", RULES, "--players", "3", "--bots", "random,random,random",
                "--games", "4", "--seed", "1", "--jobs", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["games"] == 4 and len(summary["results"]) == 4
    assert all(len(g["money"]) == 3 and g["winners"] for g in summary["results"])
    assert cli(["rules", "diagram", RULES]) == 0
    diagram = capsys.readouterr().out
    assert diagram.startswith("stateDiagram-v2\n")
    assert "staking --> guessing: guesses (auto)" in diagram
    assert "note right of scoring: the closest guesses share the pot" in diagram


def test_no_file_outside_its_folder_names_it() -> None:
    """The proof that a game touches nothing else: the engine, the shipped config, the
    scripts and the other tests never name Oracle (docs/architecture.md's worked example may)."""
    word = re.compile(r"toygame|Oracle|[\"']oracle[\"']|oracle\.yaml")
    found = []
    for folder in ("engine", "config", "scripts", "tests"):
        for path in (ROOT / folder).rglob("*"):
            if not path.is_file() or HERE in path.parents or path.suffix not in (
                    ".py", ".yaml", ".yml", ".json", ".toml", ".md", ".txt"):
                continue
            if word.search(path.read_text(encoding="utf-8", errors="replace")):
                found.append(str(path.relative_to(ROOT)))
    assert found == []
    assert not word.search((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert json.dumps(sorted(registry.game_ids())).count("oracle") == 1


# -- the logic's hooks: undo, the OpenSpiel adapter ------------------------------------------
def _to_last_guess(game: engine.Game, rng: Rng) -> None:
    """Random moves up to the last guess of the last season (not made)."""
    while not (game.view()["season"] == 2 and game.phase == "guessing"
               and game.current_player == (1 + len(game.players) - 1) % len(game.players)):
        game.apply(random_action(game, rng))


def test_undo_stops_where_its_logic_says_the_stones_were_shown(monkeypatch) -> None:
    from engine.logic import Logic
    from engine.records.undo import undo
    from toygame.logic import OracleLogic

    game = engine.new_game(RULES, ["Ann", "Bo"], seed=3)
    game.apply("stake 2")
    assert undo(game).view() == engine.new_game(RULES, ["Ann", "Bo"], seed=3).view()
    game.apply("stake 1")
    game.apply("guess 7")
    game.apply("fold")  # the stones are shown, and the next season dealt
    with pytest.raises(engine.IllegalAction, match="cannot undo fold: the stones have been"):
        undo(game)
    # The last guess of the game deals nothing: only Oracle's own hook stops undo there.
    _to_last_guess(game, Rng(3))
    game.apply("fold")
    assert game.is_over and not any(e["type"] == "order" for e in game.events[-3:])
    with pytest.raises(engine.IllegalAction, match="the stones have been shown"):
        undo(game)
    monkeypatch.setattr(OracleLogic, "revealed", Logic.revealed)
    assert undo(game).phase == "guessing"  # what the hook is for: a guess made again


def test_it_is_an_openspiel_game_with_each_stone_dealt_to_its_seat() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    spiel = pytest.importorskip("engine.integrations.openspiel")
    info = registry.game_info("oracle")
    short = spiel.spiel_type(info).short_name
    assert short == "python_oracle" and spiel.spiel_type(info) is spiel.spiel_type(info)
    game = pyspiel.load_game(short, {"players": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    dealt = []
    while state.is_chance_node():  # season 1: a stone for each seat, one chance node each
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        action = outcomes[0][0]
        dealt.append(state.action_to_string(pyspiel.PlayerId.CHANCE, action))
        assert state.string_to_action(dealt[-1]) == action
        state.apply_action(action)
    assert len(dealt) == 3 and all(text.startswith("stone stone:") for text in dealt)
    assert state.current_player() == 0
    history = state.information_state_string(1).splitlines()
    # Seat 1 sees its own stone, and only that another was dealt to each other seat.
    assert history == ["viewer 1", "stone dealt", dealt[1], "stone dealt"]
    assert state.information_state_string(0).splitlines()[1] == dealt[0]
    tensor = state.observation_tensor(1)
    assert len(tensor) == game.observation_tensor_size() and sum(tensor) > 0
    # A state rebuilt from seat 0's view alone (ISMCTS): the same to seat 0, its order
    # forgotten as its logic says (Oracle: nothing to forget, the stones are dealt).
    again = state.resample_from_infostate(0, None)
    assert again.view(0) == state.view(0)
    assert again.legal_actions() == state.legal_actions()
    guess = game.new_initial_state()
    while not guess.is_terminal():
        if guess.is_chance_node():
            guess.apply_action(guess.chance_outcomes()[-1][0])
        else:
            legal = guess.legal_actions()
            names = {guess.action_to_string(guess.current_player(), a) for a in legal}
            assert names <= {"fold"} | {f"guess {g}" for g in range(2, 19)} | {
                f"stake {s}" for s in range(0, 40)}
            guess.apply_action(legal[len(legal) // 2])
    assert len(guess.returns()) == 3


def test_its_bots_and_a_league_style_play_through_its_model_and_styles_hooks() -> None:
    """``model`` gives ``greedy`` and ``mcts`` their judgement, ``styles`` the field's moves
    where Oracle's styles differ: ``thrifty`` stakes nothing, ``spoiler`` all it has, the
    others stake as the model does (one shell)."""
    from engine.bots import make_bot
    from engine.league import play

    game = engine.new_game(RULES, ["Ann", "Bo", "Cy"], seed=5)
    view, legal = game.view(0), game.legal_actions()
    stakes = {spec: make_bot(spec, seed=1).choose(view, legal, game.variant)
              for spec in ("greedy", "thrifty", "spoiler", "valuer", "mcts:30")}
    assert {s: str(a) for s, a in stakes.items() if s != "mcts:30"} == {
        "greedy": "stake 1", "thrifty": "stake 0", "spoiler": "stake 10", "valuer": "stake 1"}
    assert stakes["mcts:30"].kind == "stake"  # its search, candidates from Oracle's policy
    for _ in range(3):
        game.apply("stake 1")
    guess = make_bot("greedy", seed=1).choose(game.view(0), game.legal_actions(), game.variant)
    mine = int(game.view(0)["players"][0]["stone"].split(":")[1])
    mean = (2 * sum(range(1, 7)) - mine) / 11  # the other eleven stones of the bag
    assert guess == engine.Action("guess", round(mine + 2 * mean))
    matches = play("greedy", RULES, players=(2, 3), games=4, field=("thrifty", "spoiler"),
                   seed=2, jobs=1)
    assert sorted((m.players, m.style) for m in matches) == [
        (2, "spoiler"), (2, "thrifty"), (3, "spoiler"), (3, "thrifty")]
    assert all(m.games >= 4 and 0 <= m.low <= m.win_share <= m.high <= 1 for m in matches)


def test_its_events_and_views_are_the_typed_dicts_its_descriptor_names() -> None:
    from test_views_and_events import problems

    info = registry.game_info("oracle")
    for seed in range(3):
        game = play_random(RULES, 3, seed)
        for index, event in enumerate(game.events):
            kind = info.event_types.get(event["type"])
            assert kind is not None, f"event type {event['type']!r} has no TypedDict"
            assert problems(event, kind, f"event {index}") == []
        for viewer in (None, 0, 1, 2):
            assert problems(game.view(viewer), info.view_type, f"view({viewer})") == []
    mid = engine.new_game(RULES, 2, seed=1)
    mid.apply("stake 2")
    assert problems(mid.view(1), info.view_type, "mid-season view") == []


def test_it_meets_the_typed_contract_as_strictly_as_the_engine() -> None:
    """mypy with the engine's settings (``pyproject.toml``: strict) on Oracle's own files:
    its logic, views, narrator, encoding and bot parts type-check against the core's
    generics and TypedDicts as a game outside ``engine/`` would (its tests aside)."""
    api = pytest.importorskip("mypy.api")
    # Its encoding fills numpy arrays (engine.integrations.encoding's Vector): without
    # numpy mypy cannot read their type, and the adapters' extras are what bring it.
    pytest.importorskip("numpy", reason="needs numpy (the openspiel or pettingzoo extra) to "
                        "type-check the toy game's encoding")
    files = [str(p) for p in sorted(HERE.glob("*.py")) if not p.name.startswith("test_")]
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(ROOT / ".mypy_cache"), *files])
    assert (status, err) == (0, ""), out
    assert f"no issues found in {len(files)} source files" in out


def test_review_judges_its_moves_and_the_page_draws_it_without_a_page_part(tmp_path) -> None:
    """``medici review`` (issue 30) of a game with no ``page`` part whose stones are dealt
    privately: every move judged from the mover's view, the page drawing each player's
    name and money (the generic board)."""
    from engine.records import record_from_game
    from engine.review.page import page_data, write_page
    from engine.review.reviewing import default_settings, review

    game = engine.new_game(RULES, 3, seed=4)
    rng = Rng(4)
    while not game.is_over:
        game.apply(random_action(game, rng))
    record = record_from_game(game)
    section = review(record, default_settings(record, "mcts:8"), jobs=1)
    moves = [e for e in record.events if game.logic.action_of(e) is not None]
    assert [m["move"] for m in section["moves"]] == \
        [str(game.logic.action_of(e)) for e in moves]
    data = page_data(record, section, [0, 1, 2])
    final = data["steps"][-1]["board"]
    assert [s["name"] for s in final["seats"]] == list(record.players)
    assert final["winners"] and not final["ladders"]
    assert write_page(record, tmp_path / "page.html", section, [0, 1, 2]) > 1000


def test_its_two_step_lesson_runs_in_the_shell_found_through_its_folder(tmp_path: Path) -> None:
    """Oracle ships its own lesson (``lesson.yaml`` beside its logic): the shell's `learn
    oracle` finds it, says both steps when their moments come, judges the moves and plays
    the game to its end; no file of the shell names Oracle or its lesson."""
    from engine.lesson import lesson_for

    lesson = lesson_for("oracle")
    assert [s.id for s in lesson.steps] == ["stones", "guess"]
    script = tmp_path / "learn.txt"
    script.write_text("learn oracle\nstake 1\nguess 7\nstake 0\nguess 7\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = run_shell(script=script, saves=str(tmp_path / "saves"), stdout=out, stderr=err)
    said = out.getvalue()
    assert status == 0, err.getvalue()
    first, second = said.index("Lesson 1/2 · Your stone"), said.index("Lesson 2/2 · Guessing")
    assert first < said.index("stake 0..10") < second < said.index("Final scores")
    assert "Your money: 9 shells." in said  # the step's words, filled in from the view
    assert "Good: guess 7" in said or "guess 7 is fair" in said
    saved = next((tmp_path / "saves").glob("lesson-oracle*.json"))
    assert load_game(saved).game.is_over
