"""The PettingZoo adapter (extra ``pettingzoo``): PettingZoo's API and seed tests, masks
that are exactly the engine's legal moves, rewards, and the shell's table as ``ansi``."""

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pz = pytest.importorskip("engine.integrations.pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game", "players"), [("medici", 2), ("medici", 4), ("medici", 6),
                                               ("medici-vs-strozzi", None)])
def test_api_test(game, players):
    api_test(pz.env(game=game, players=players, render_mode="ansi"), num_cycles=200)


@pytest.mark.parametrize("game", ["medici", "medici-vs-strozzi"])
def test_seed_test(game):
    seed_test(lambda: pz.env(game=game), num_cycles=100)


def _play(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.unwrapped.game
        legal = np.flatnonzero(obs["action_mask"])
        # The mask is exactly the engine's legal moves of this seat (bids up to max_amount).
        assert game.current_player == env.unwrapped.seat[agent]
        assert all(game.is_legal(env.unwrapped.actions.action(int(a))) for a in legal)
        assert list(legal) == env.unwrapped.actions.legal_ids(game.legal_actions())
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(legal)))
    return env


def _final_rewards(env, seed):
    """Play the first legal id every move; the reward each agent sees when terminated."""
    env.reset(seed=seed)
    rewards = {}
    while env.agents:
        agent = env.agent_selection
        obs, reward, terminated, _, _ = env.last()
        if terminated:
            rewards[agent] = reward
            env.step(None)
        else:
            assert reward == 0.0  # rewards come at the end only
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return rewards


def test_random_play_masks_match_the_engine():
    env = _play(pz.env(game="medici", players=3), seed=3)
    assert env.unwrapped.game.is_over
    _play(pz.env(game="medici-vs-strozzi"), seed=4)


@pytest.mark.parametrize("game", ["medici", "medici-vs-strozzi"])
def test_rewards_are_final_money_or_win_shares(game):
    env = pz.raw_env(game=game)
    rewards = _final_rewards(env, seed=3)
    money = env.game.summary()["money"]
    assert rewards == {a: float(money[p]) for p, a in enumerate(env.possible_agents)}
    env = pz.raw_env(game=game, utility="win")
    rewards = _final_rewards(env, seed=3)
    assert sum(rewards.values()) == pytest.approx(1.0)
    winners = {f"player_{p}" for p in env.game.winners}
    assert {a for a, r in rewards.items() if r > 0} == winners


def test_same_seed_same_game_and_illegal_actions_refused():
    a = pz.raw_env(game="medici-vs-strozzi")
    b = pz.raw_env(game="medici-vs-strozzi")
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.game.events == b.game.events
    mask = a.observe(a.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = list(a.game.events)
    with pytest.raises(ValueError, match="use the action_mask"):
        a.step(illegal)
    assert a.game.events == before


def test_render_ansi_is_the_shells_table():
    env = pz.env(game="medici", players=4, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Medici · day 1 of 3" in text and "Player 4" in text
    assert pz.raw_env(game="medici").render() is None


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 7}, "plays with 2, 3, 4, 5, 6"),
    ({"utility": "fame"}, "accepted money, win"),
    ({"render_mode": "human"}, "accepted None, 'ansi'"),
    ({"max_amount": -1}, "max_amount is a whole number"),
])
def test_bad_arguments_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pz.raw_env(game="medici", **kwargs)
