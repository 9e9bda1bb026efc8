"""The integer action space and observation vectors the adapters share (needs numpy)."""

import pytest

pytest.importorskip("numpy")

import engine  # noqa: E402
from engine.actions import Action, Span  # noqa: E402
from engine.integrations.encoding import (  # noqa: E402
    ActionMap,
    layout_for,
    observation,
    pieces_of,
)
from engine.runs.random_play import play_random  # noqa: E402


def test_medici_action_ids_follow_the_documented_layout():
    actions = ActionMap(engine.load_variant("medici"), max_amount=50)
    assert [str(actions.action(i)) for i in range(4)] == ["draw", "stop", "pass", "bid 0"]
    assert actions.id_of(Action("bid", 12)) == 3 + 12
    assert actions.size == 3 + 51
    assert actions.legal_ids([Span("bid", 8, 10), Action("pass")]) == [2, 11, 12, 13]
    # A range beyond max_amount is cut; an open one (loans) too.
    assert actions.legal_ids([Span("bid", 49, 80)]) == [52, 53]
    assert actions.legal_ids([Span("bid", 49, None)]) == [52, 53]
    with pytest.raises(ValueError, match="up to max_amount=50"):
        actions.id_of(Action("bid", 51))
    with pytest.raises(ValueError, match="outside 0..53"):
        actions.action(54)


def test_strozzi_action_ids_follow_the_documented_layout():
    actions = ActionMap(engine.load_variant("medici-vs-strozzi"))
    words = [str(actions.action(i)) for i in range(actions.base)]
    assert words[:5] == ["draw", "stop", "buy", "decline", "discard"]
    assert words[5:9] == ["load 3", "load 3 harbour 1", "load 3 harbour 2", "load 3 harbour 3"]
    assert len(words) == 5 + 3 * 4
    assert str(actions.action(actions.base + 7)) == "price 7"
    for i in range(actions.size):
        assert actions.id_of(actions.action(i)) == i


@pytest.mark.parametrize("bad", [0, -3, 10**6, 2.5, "9", True])
def test_max_amount_must_be_a_sensible_whole_number(bad):
    with pytest.raises(ValueError, match="max_amount is a whole number from 1 to 100000"):
        ActionMap(engine.load_variant("medici"), bad)


@pytest.mark.parametrize(("variant", "players"), [("medici", 3), ("medici-vs-strozzi", 2)])
def test_observation_vectors_fill_their_layout(variant, players):
    var = engine.load_variant(variant)
    layout = layout_for(var, players)
    game = play_random(var, players, seed=2)
    assert len(pieces_of(var)) == len(set(pieces_of(var)))
    vector = observation(game.view(1), layout)
    assert vector.shape == (layout.size,)
    assert vector[1] == 1.0  # viewer one-hot
    parts = dict(layout.pieces)
    at = {name: sum(s for n, s in layout.pieces[: i]) for i, (name, _) in
          enumerate(layout.pieces)}
    money_key = "money" if variant == "medici" else "coins"
    money = vector[at[money_key] : at[money_key] + parts[money_key]]
    seats = game.view()["players"]
    assert list(money) == [float(p[money_key]) for p in seats]
    assert str(layout.describe()).count("\n") == len(layout.pieces) - 1
