"""The replay cursor: forward, back, jump and branch agree with a fresh replay from the start."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chance import Rng
from engine.game import Game, replay
from engine.records import ReplayCursor, load_game, record_from_game, save_game
from engine.runs.random_play import play_random, random_action

GAMES = {
    "medici-4": play_random("medici", 4, 31),
    "medici-6": play_random("medici", 6, 32),
    "strozzi": play_random("medici-vs-strozzi", 2, 33),
}


def _boundaries(game: Game) -> list[int]:
    """Event counts at each step: after set-up, then after each move and what followed."""
    moves = [i for i, e in enumerate(game.events) if game.logic.action_of(e) is not None]
    return moves + [len(game.events)]


def _fresh(game: Game, step: int) -> Game:
    return replay(game.events, upto=_boundaries(game)[step])


def _agrees(cursor: ReplayCursor, original: Game) -> None:
    fresh = _fresh(original, cursor.step)
    assert cursor.game.view() == fresh.view()
    assert cursor.game.legal_actions() == fresh.legal_actions()
    assert cursor.game.events == fresh.events


@pytest.fixture(scope="module", params=sorted(GAMES))
def case(request) -> tuple[ReplayCursor, Game]:
    game = GAMES[request.param]
    return ReplayCursor(record_from_game(game), every=8), game


def test_forward_through_the_whole_record(case) -> None:
    cursor, game = case
    cursor.goto(0)
    bounds = _boundaries(game)
    assert cursor.total == len(bounds) - 1
    assert cursor.event is None and cursor.events == game.events[: bounds[0]]
    while cursor.step < cursor.total:
        step = cursor.forward()
        assert cursor.events == game.events[bounds[step - 1] : bounds[step]]
        assert cursor.event == game.events[bounds[step - 1]]
        if step % 23 == 0:
            _agrees(cursor, game)
    _agrees(cursor, game)
    assert cursor.game.is_over and cursor.forward() == cursor.total


def test_back_step_by_step_from_the_end(case) -> None:
    cursor, game = case
    cursor.goto(cursor.total)
    for _ in range(40):
        cursor.back()
        _agrees(cursor, game)
    assert cursor.back(10_000) == 0
    _agrees(cursor, game)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_jumps_agree_with_a_fresh_replay(case, data) -> None:
    cursor, game = case
    for _ in range(3):
        step = data.draw(st.integers(0, cursor.total))
        assert cursor.goto(step) == step == cursor.step
        _agrees(cursor, game)


def test_goto_out_of_range_says_what_exists(case) -> None:
    cursor, _ = case
    with pytest.raises(ValueError, match=f"no step {cursor.total + 1}: this record has steps 0 to"):
        cursor.goto(cursor.total + 1)
    with pytest.raises(ValueError):
        cursor.goto(-1)


def test_goto_day_or_round_lands_on_its_first_step(case) -> None:
    """M-6 / S-6: each day or round opens with its shuffle; the cursor stops right there."""
    cursor, game = case
    assert cursor.periods == [1, 2, 3]
    for day in (3, 1, 2):
        step = cursor.goto_period(day)
        assert cursor.period == day
        assert any(e["type"] == "order" for e in cursor.events)
        if step > 0:
            cursor.back()
            assert cursor.period == day - 1
    with pytest.raises(ValueError, match="no (day|round) 4 in this record"):
        cursor.goto_period(4)


def test_next_scoring_visits_every_scoring(case) -> None:
    """M-13 / S-14: the scoring steps are where a day or round ends."""
    cursor, game = case
    cursor.goto(0)
    seen = []
    while (step := cursor.next_scoring()) is not None:
        seen.append(step)
        assert any(e["type"] in ("day_end", "round_end") for e in cursor.events)
    assert len(seen) == 3 and seen[-1] == cursor.total
    assert cursor.previous_scoring() == seen[-2]


def test_branch_is_a_new_game_and_leaves_the_record_alone(case) -> None:
    cursor, game = case
    step = cursor.total // 2
    cursor.goto(step)
    record_events = list(cursor.record.events)
    branch = cursor.branch()
    assert branch.events == game.events[: _boundaries(game)[step]]
    assert branch.events is not cursor.game.events
    rng = Rng(5)
    while not branch.is_over:
        branch.apply(random_action(branch, rng))
    assert cursor.record.events == record_events
    assert cursor.step == step
    _agrees(cursor, game)
    # The branch has its own, valid record.
    assert replay(branch.events).view() == branch.view()


def test_branch_follows_the_seed_unless_given_another() -> None:
    """G-1: a branch draws what the original would have drawn; seed= gives fresh chance."""
    game = GAMES["medici-4"]
    cursor = ReplayCursor(record_from_game(game))
    cursor.goto_period(2)
    last_move = game.logic.action_of(cursor.event)  # the move that ended day 1
    cursor.back()
    same = cursor.branch()
    same.apply(last_move)
    day2 = [e for e in game.events if e["type"] == "order"][1]
    assert [e for e in same.events if e["type"] == "order"][1] == day2
    # Replaying the rest of the original's moves on the branch gives the original back.
    for event in game.events[len(same.events):]:
        action = same.logic.action_of(event)
        if action is not None:
            same.apply(action)
    assert same.events == game.events
    other = cursor.branch(seed=12345)
    other.apply(last_move)
    assert [e for e in other.events if e["type"] == "order"][1] != day2
    assert other.seed == 12345


def test_cursor_over_a_file_a_game_and_a_hand_written_record(tmp_path: Path) -> None:
    game = GAMES["strozzi"]
    path = save_game(game, "s", directory=tmp_path)
    from_file = ReplayCursor(path)
    from_game = ReplayCursor(game)
    assert from_file.total == from_game.total
    from_file.goto(77)
    from_game.goto(77)
    assert from_file.view() == from_game.view() == _fresh(game, 77).view()
    hand = ReplayCursor(Path(__file__).parent / "records" / "hand-written.json")
    assert hand.total == 19
    hand.goto(4)
    assert hand.event == {"type": "bid", "player": 1, "amount": 5}
    assert hand.view()["players"][0]["money"] == 40
    hand.forward()
    assert hand.event == {"type": "bid", "player": 0, "amount": 6}
    assert hand.view()["players"][0]["money"] == 34


def test_loaded_record_and_cursor_share_the_events(tmp_path: Path) -> None:
    game = GAMES["medici-6"]
    path = save_game(game, "six", directory=tmp_path)
    loaded = load_game(path)
    cursor = ReplayCursor(loaded.record)
    assert cursor.record.events == game.events
    assert cursor.goto(cursor.total) == cursor.total
    assert cursor.game.view() == game.view()
