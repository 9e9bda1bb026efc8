"""The OpenSpiel adapter (extra ``openspiel``): OpenSpiel's own checks, chance as explicit
nodes, the same game as our engine with the same chance, strings and views (G-1, G-3)."""

import json
import pickle
import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")
spiel = pytest.importorskip("engine.integrations.openspiel")

import engine  # noqa: E402
from engine.integrations.encoding import layout_for  # noqa: E402

GAMES = [("python_medici", {"players": n}) for n in range(2, 7)] + [
    ("python_medici_vs_strozzi", {})
]


def _random_state(name, params, seed, moves=None):
    """A state reached by random play (chance by its probabilities), and the rng."""
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and (moves is None or steps < moves):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return game, state, rng


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_sim_test(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_playthrough_matches_engine_with_same_chance(name, params):
    """Replay OpenSpiel's moves and chance outcomes in a plain engine game: same money (G-1)."""
    game, state, _ = _random_state(name, params, seed=5)
    assert state.is_terminal()
    events = state.engine_game().events
    # The cards of each day or round in the order they came up, and the random choices.
    orders, choices = {}, []
    for e in events:
        if e["type"] == "order":
            period = e["what"].split(",")[0]
            orders.setdefault(period, []).extend(e["order"])
        elif e["type"] == "choose":
            choices.append(e["result"])
    ours = engine.new_game(
        game.variant.name, game.num_players(),
        chance={"orders": list(orders.values()), "choices": choices},
    )
    for step in state.full_history():
        if step.player >= 0:
            ours.apply(state.action_to_string(step.player, step.action))
    assert ours.is_over
    assert [float(m) for m in ours.summary()["money"]] == state.returns()


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_python_answers_agree_with_the_cpp_state(name, params):
    """The state answers ``is_chance_node`` and ``legal_actions`` in Python (no bridge);
    at every node of random games they agree with OpenSpiel's C++ ``State``, which goes
    through the hooks, for the player to act, every seat and chance."""
    cpp_chance, cpp_legal = pyspiel.State.is_chance_node, pyspiel.State.legal_actions
    game = pyspiel.load_game(name, params)
    seats = [*range(game.num_players()), pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL]
    checked = 0
    for seed in range(2):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while True:
            assert state.is_chance_node() is cpp_chance(state)
            if state.is_chance_node():
                _, unseen, chance_seats = state._t.chance.request
                if not chance_seats:  # a piece by its share of the unseen ones
                    counts = Counter(game.piece_index[p] for p in unseen)
                    assert state.chance_outcomes() == [
                        (i, counts[i] / len(unseen)) for i in sorted(counts)]
            assert state.legal_actions() == cpp_legal(state)
            for seat in seats:
                try:
                    expected = cpp_legal(state, seat)
                except pyspiel.SpielError as err:
                    with pytest.raises(pyspiel.SpielError, match=str(err)):
                        state.legal_actions(seat)
                else:
                    assert state.legal_actions(seat) == expected, seat
            checked += 1
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.legal_actions() == []
    assert checked > 200


def test_chance_nodes_give_card_shares_and_uniform_seats():
    game = pyspiel.load_game("python_medici", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()  # M-6: a random start player
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_action(2)
    assert state.current_player() == 2
    state.apply_action(state.string_to_action("draw"))
    assert state.is_chance_node()  # the first card of the pile
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    # 36 cards, the two 5s of each commodity are one outcome of twice the chance (M-1).
    five = game.cards.index("fur:5")
    assert outcomes[five] == pytest.approx(2 / 36)
    assert outcomes[game.cards.index("fur:0")] == pytest.approx(1 / 36)
    state.apply_action(five)
    assert state.engine_game().view()["lot"] == ["fur:5"]
    assert state.history_str().endswith(str(five))


def test_a_chance_outcome_that_cannot_happen_is_refused():
    game = pyspiel.load_game("python_medici", {"players": 2})
    state = game.new_initial_state()
    with pytest.raises(Exception, match="seat is one of"):
        state.apply_action(5)


@pytest.mark.parametrize(("name", "params"), [GAMES[2], GAMES[-1]])
def test_serialization_round_trip(name, params):
    game, state, rng = _random_state(name, params, seed=9, moves=120)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    # Both go on the same way.
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        state2.apply_action(action)
        assert str(state2) == str(state)


@pytest.mark.parametrize(("name", "params"), [GAMES[1], GAMES[-1]])
def test_action_strings_are_our_text_forms(name, params):
    _, state, rng = _random_state(name, params, seed=3, moves=60)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = state.chance_outcomes()[0][0]
        else:
            for action in state.legal_actions():
                text = state.action_to_string(state.current_player(), action)
                assert state.engine_game().is_legal(text)
                assert state.string_to_action(text) == action
            action = rng.choice(state.legal_actions())
        text = state.action_to_string(state.current_player(), action)
        assert state.string_to_action(text) == action
        state.apply_action(action)


def test_string_to_action_refuses_bad_text_in_one_line():
    _, state, _ = _random_state("python_medici", {"players": 2}, seed=1, moves=1)
    with pytest.raises(ValueError, match="unknown action 'fly'"):
        state.string_to_action("fly")


@pytest.mark.parametrize(("name", "params"), [GAMES[2], GAMES[-1]])
def test_observations_come_from_the_players_view_only(name, params):
    """G-3: the strings and tensors are built from Game.view(player), never the pile."""
    game, state, _ = _random_state(name, params, seed=4, moves=50)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    layout = layout_for(game.variant, game.num_players())
    for p in range(game.num_players()):
        view = state.engine_game().view(p)
        assert json.loads(state.observation_string(p)) == view
        assert "pile" not in view and "bag" not in view and "removed" not in view
        tensor = state.observation_tensor(p)
        assert len(tensor) == layout.size == game.observation_tensor_size()
        assert tensor[p] == 1.0  # the viewer one-hot comes first
        info = state.information_state_string(p)
        assert info.splitlines()[0] == f"viewer {p}"
        assert len(info.splitlines()) == len(state.history()) + 1


@pytest.mark.parametrize(("name", "params"), [GAMES[2], GAMES[-1]])
def test_resample_from_infostate_keeps_what_the_player_knows(name, params):
    _, state, rng = _random_state(name, params, seed=8, moves=80)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.engine_game().view(player) == state.engine_game().view(player)
    assert sample.legal_actions() == state.legal_actions()
    while not sample.is_terminal():  # it plays on, drawing cards at chance nodes
        if sample.is_chance_node():
            sample.apply_action(rng.choice([a for a, _ in sample.chance_outcomes()]))
        else:
            sample.apply_action(rng.choice(sample.legal_actions()))
    assert len(sample.returns()) == len(params.get("players", 2) * [0])


def test_win_utility_shares_one_among_the_winners():
    _, state, _ = _random_state("python_medici", {"players": 4, "utility": "win"}, seed=2)
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert {i for i, r in enumerate(returns) if r > 0} == set(state.engine_game().winners)


def test_max_amount_cuts_the_bids_offered():
    game = pyspiel.load_game("python_medici", {"players": 2, "max_amount": 10})
    assert game.num_distinct_actions() == 3 + 11
    _, state, _ = _random_state("python_medici", {"players": 2, "max_amount": 10}, seed=6)
    assert state.is_terminal()


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("python_medici", {"players": 7}, "plays with 2, 3, 4, 5, 6"),
        ("python_medici", {"variant": "medici-vs-strozzi"}, "plays medici variants"),
        ("python_medici", {"utility": "fame"}, "accepted money, win"),
        ("python_medici", {"max_amount": 0}, "max_amount is a whole number"),
    ],
)
def test_bad_parameters_are_refused(name, params, message):
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(name, params)


def test_openspiel_ismcts_searches_a_real_position():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_medici", {"players": 3, "utility": "win"})
    _, state, _ = _random_state("python_medici", {"players": 3, "utility": "win"}, 1, 30)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(), 2.0, 20)
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("variant", ["medici-loans", "medici-tracks-on-purchase"])
def test_house_rule_variants_are_games_too(variant):
    """A variant by name; with loans bids have no top, so the space cuts them at max_amount."""
    game = pyspiel.load_game("python_medici", {"players": 3, "variant": variant})
    assert game.variant.name == variant
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
