"""The shell's ``review`` (issue 30): in play mode for the game in progress and after its
end, in replay mode for the record; the review kept with the game, so replay's ``goto``
and ``analyse`` show a step's judgement without searching again."""

from __future__ import annotations

import shutil

from engine.records import load_game
from engine.records.examples import example_path
from engine.shell.commands import COMMANDS
from engine.shell.play_mode import PlayMode
from engine.shell.registry import commands_in
from tests.test_shell_commands import Run

CHEAP = "mcts:24"


def test_review_is_a_command_of_both_modes_with_its_help(tmp_path):
    run = Run(tmp_path / "saves")
    assert "review" in [c.name for c in PlayMode(run.shell).commands()]
    assert "review" in [c.name for c in commands_in("replay")]
    text = run.do("help review")
    assert COMMANDS["review"].usage == "review [all] [--bot SPEC]"
    assert "inaccuracy from 5, mistake from 10, blunder from 20" in text
    assert run.completions("review a") == ["all"]


def _play(run, moves: int) -> None:
    """``moves`` moves of the live game: the first legal one (a range: its lowest)."""
    for _ in range(moves):
        game = run.shell.table.game
        if game.is_over or run.shell.table.bot_to_act() is not None:
            return
        legal = game.legal_actions()[0]
        run.do(f"{legal.kind} {legal.lo}" if hasattr(legal, "lo") else str(legal))


def test_review_in_play_mode_keeps_the_review_in_the_save(tmp_path):
    run = Run(tmp_path / "saves")
    assert "no move has been made yet" in run.do("new medici Ann Bo --seed 5", "review",
                                                 ok=False)
    _play(run, 8)
    out = run.do(f"review --bot {CHEAP}")
    assert "Ann" in out and "Bo" in out and "accuracy" in out and "Win chance by step" in out
    assert "kept with the game" in out
    session = run.shell.table
    assert session.review is not None and session.review["bot"] == CHEAP
    assert session.review["steps"] == 8 and len(session.review["moves"]) == 8
    loaded = load_game(session.path)
    assert loaded.record.review == session.review
    # Two moves later, the kept review still holds for the steps it judged, and `review`
    # judges only the new ones; undo cuts it back to the moves the game still has.
    _play(run, 2)
    assert load_game(session.path).record.review["steps"] == 8
    run.do(f"review --bot {CHEAP}")
    assert run.shell.table.review["steps"] == 10
    assert "--bot needs a spec" in run.do("review --bot", ok=False)
    assert "a review is judged by the search" in run.do("review --bot greedy", ok=False)


def test_review_in_play_mode_of_a_person_against_bots(tmp_path):
    run = Run(tmp_path / "saves")
    run.do("new medici Ann bot:greedy --seed 5")
    if run.shell.table.game.current_player != 0:
        assert "Ann made no move yet" in run.do("review", ok=False)
    _play(run, 6)
    run.do(f"review --bot {CHEAP}")
    assert {m["player"] for m in run.shell.table.review["moves"]} == {0}
    run.do(f"review all --bot {CHEAP}")
    assert {m["player"] for m in run.shell.table.review["moves"]} == {0, 1}


def test_review_in_replay_mode_then_goto_and_analyse_show_it(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(example_path("medici"), saves / "ex.json")
    run = Run(saves)
    run.do("replay ex", "goto 33")
    assert "Review:" not in run.do("goto 33")
    out = run.do(f"review --bot {CHEAP}")
    assert "Ann's costliest moves" in out and "kept in ex.json" in out
    goto = run.do("goto 33")
    assert "Review: bid 3 is" in goto and "points of win chance given away" in goto
    analysed = run.do("analyse")
    assert "Why:" in analysed and f"analyse --bot {CHEAP}` searches again" in analysed
    assert load_game(saves / "ex.json").record.review is not None


def test_review_of_a_shipped_example_leaves_it_as_it_is(tmp_path):
    run = Run(tmp_path / "saves")
    before = example_path("medici-vs-strozzi").read_bytes()
    run.do("replay --example medici-vs-strozzi")
    out = run.do(f"review --bot {CHEAP}")
    assert "a shipped example is left as it is" in out
    assert example_path("medici-vs-strozzi").read_bytes() == before
    assert "Review:" in run.do("goto 10")
