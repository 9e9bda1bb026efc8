"""Save/load round trips at every step of random games of both games (G-1: a record replays).

At each step the game is written as a record and read back through the full check (JSON,
checksum, rules digest, replay of every event, final state). The loaded game must show the
same views (full and per player) and the same legal actions, and must go on exactly as the
original would: the seeded chance continues from where it stood.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.chance import Rng
from engine.game import Game, new_game
from engine.records import load_game, record_from_game, save_game
from engine.records.format import encode
from engine.records.verify import read_record
from engine.runs.random_play import random_action


def _round_trip(game: Game) -> Game:
    data = encode(record_from_game(game)).encode("utf-8")
    record, loaded = read_record(data, "mem.json")
    assert record.events == game.events
    return loaded


def _same_game(a: Game, b: Game) -> None:
    assert a.view() == b.view()
    for seat in range(len(a.players)):
        assert a.view(seat) == b.view(seat)
    assert a.legal_actions() == b.legal_actions()
    assert a.current_player == b.current_player
    assert a.events == b.events


def _play_and_check(variant: str, players: int, seed: int, stride: int = 1) -> int:
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    step = 0
    while True:
        if step % stride == 0 or game.is_over:
            _same_game(_round_trip(game), game)
        if game.is_over:
            return step
        game.apply(random_action(game, rng))
        step += 1


@pytest.mark.parametrize(
    ("players", "seed", "stride"),
    [(2, 1, 1), (2, 2, 1), (2, 3, 1), (3, 4, 1), (4, 5, 1), (5, 6, 1), (6, 7, 2)],
)
def test_medici_round_trip_at_every_step(players: int, seed: int, stride: int) -> None:
    """G-1: every position of a Medici game survives save and load unchanged."""
    assert _play_and_check("medici", players, seed, stride) > 50


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_strozzi_round_trip_at_every_step(seed: int) -> None:
    """G-1: every position of a Medici vs Strozzi game survives save and load (loans too)."""
    assert _play_and_check("medici-vs-strozzi", 2, seed) > 50


@pytest.mark.parametrize("variant", ["medici-loans", "medici-tracks-on-purchase", "medici-amigo"])
def test_house_rule_variants_round_trip(variant: str) -> None:
    """A variant's resolved rules travel with the record (rules with numeric keys included)."""
    _play_and_check(variant, 4, 21, stride=9)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from([("medici", 3), ("medici", 5), ("medici", 6), ("medici-vs-strozzi", 2)]),
    seed=st.integers(0, 2**63 - 1),
    moves=st.integers(0, 400),
)
def test_loaded_game_goes_on_like_the_original(game, seed, moves) -> None:
    """G-1: after a load the seeded chance goes on exactly where the original's stood."""
    variant, players = game
    original = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if original.is_over:
            break
        original.apply(random_action(original, rng))
    loaded = _round_trip(original)
    _same_game(loaded, original)
    again = Rng(seed + 1)
    while not original.is_over:
        action = random_action(original, again)
        original.apply(action)
        loaded.apply(action)
    _same_game(loaded, original)


def test_save_and_load_on_disk_keeps_bots_and_names(tmp_path) -> None:
    """Names (any script) and each seat's bot setting come back from the file."""
    game = new_game("medici", ["Åsa", "Bo 2", "Chloé"], seed=99)
    rng = Rng(3)
    for _ in range(40):
        game.apply(random_action(game, rng))
    path = save_game(game, "club night", bots=[None, "mcts:2000", "random"], directory=tmp_path)
    assert path == tmp_path / "club night.json"
    loaded = load_game("club night", directory=tmp_path)
    assert loaded.bots == [None, "mcts:2000", "random"]
    assert loaded.path == path
    assert loaded.record.players == ("Åsa", "Bo 2", "Chloé")
    _same_game(loaded.game, game)
    # One event per line: each event of the game is one line of the file.
    lines = path.read_text(encoding="utf-8").splitlines()
    assert sum(1 for line in lines if line.lstrip().startswith('{"type": ')) == len(game.events)
