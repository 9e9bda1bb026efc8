"""The ``openspiel-ismcts[:N]`` and ``openspiel-mcts[:N]`` bot specs: parsing (with or
without the extra), and, with OpenSpiel installed, legal seeded moves from a view (G-3)."""

import importlib.util

import pytest

import engine
from engine.actions import is_legal
from engine.bots import BOT_SPECS, BotError, check_spec, make_bot


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("openspiel-ismcts:0", "from 1 to 1000000"),
        ("openspiel-ismcts:1000001", "from 1 to 1000000"),
        ("openspiel-mcts:fast", "from 1 to 1000000"),
        ("openspiel-cfr", "OpenSpiel bots are openspiel-ismcts, openspiel-mcts"),
    ],
)
def test_bad_openspiel_specs_say_what_is_accepted(spec, says):
    with pytest.raises(BotError, match=says):
        make_bot(spec, 1)
    assert says in (check_spec(spec) or "")


def test_a_clear_error_without_the_extra(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "pyspiel" else real(name, *a)
    )
    with pytest.raises(BotError, match=r"needs OpenSpiel: pip install 'medici\[openspiel\]'"):
        make_bot("openspiel-ismcts:10", 1)


def test_the_help_text_lists_the_openspiel_specs():
    assert "openspiel-ismcts[:N]" in BOT_SPECS and "openspiel-mcts[:N]" in BOT_SPECS


@pytest.mark.parametrize(("variant", "specs"), [
    ("medici", ["openspiel-ismcts:4", "openspiel-mcts:4", "greedy"]),
    ("medici-vs-strozzi", ["openspiel-ismcts:3", "greedy"]),
])
def test_openspiel_bots_play_whole_games_with_legal_moves(variant, specs):
    pytest.importorskip("pyspiel")
    game = engine.new_game(variant, len(specs), seed=5)
    bots = [make_bot(spec, seat) for seat, spec in enumerate(specs)]
    assert bots[0].spec == specs[0] and check_spec(specs[0]) is None
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal, game.variant)
        assert is_legal(action, legal)
        game.apply(action)


def test_same_seed_and_view_same_move():
    pytest.importorskip("pyspiel")
    game = engine.new_game("medici", 3, seed=8)
    game.apply("draw")
    seat = game.current_player
    moves = {
        str(make_bot("openspiel-ismcts:12", 4).choose(game.view(seat), game.legal_actions(),
                                                       game.variant))
        for _ in range(3)
    }
    assert len(moves) == 1
    rows = make_bot("openspiel-ismcts:12", 4).analyse(
        game.view(seat), game.legal_actions(), game.variant, top=None)
    assert {str(r.action) for r in rows} >= {"draw", "stop"}
