"""Hand-written records: chance outcomes and moves only; the loader rebuilds every event."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.chance import GivenChance
from engine.errors import RecordError
from engine.game import new_game, replay
from engine.records import load_game, save_game
from engine.records.verify import read_record

HERE = Path(__file__).parent / "records"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "record-format.md"


def _load(doc: dict, tmp_path: Path, name: str = "hand.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return load_game(path)


def test_the_hand_written_fixture_replays_as_played_on_the_table() -> None:
    """M-8, M-9, M-10: the moves are played through the rules, derived events rebuilt."""
    loaded = load_game(HERE / "hand-written.json")
    assert loaded.record.hand_written and loaded.record.seed is None
    game = loaded.game
    same = new_game("medici", ["Ada", "Bo"], chance=json.loads((HERE / "hand-written.json")
                                                               .read_text())["chance"])
    for move in json.loads((HERE / "hand-written.json").read_text())["moves"]:
        same.apply(move)
    assert game.events == same.events and game.view() == same.view()
    kinds = [e["type"] for e in game.events]
    assert kinds.count("buy") == 3 and kinds.count("discard") == 1
    assert game.view()["players"][0]["money"] == 34 and game.view()["players"][1]["money"] == 37
    # Only 8 of the 18 cards of day 1 were given: the 9th is unknown, so drawing stops there.
    assert game.view()["pile_count"] == 11
    assert not game.is_legal("draw") or game.view()["pile"][0] == "spice:1"


def test_saving_a_hand_written_game_writes_it_in_full(tmp_path: Path) -> None:
    loaded = load_game(HERE / "hand-written.json")
    path = save_game(loaded.game, "table", directory=tmp_path)
    doc = json.loads(path.read_text())
    assert "moves" not in doc and doc["events"] == loaded.game.events
    assert doc["seed"] is None and doc["checksum"].startswith("sha256:")
    again = load_game(path)
    assert not again.record.hand_written and again.game.view() == loaded.game.view()


def test_outcomes_given_ahead_are_kept_through_save_and_load(tmp_path: Path) -> None:
    doc = json.loads((HERE / "hand-written.json").read_text())
    day2 = ["gold:10", "fur:0", "fur:1", "fur:2"]
    doc["chance"]["orders"].append(day2)
    loaded = _load(doc, tmp_path)
    chance = loaded.game.state.chance
    assert isinstance(chance, GivenChance) and chance.orders == [day2]
    path = save_game(loaded.game, "ahead", directory=tmp_path)
    assert json.loads(path.read_text())["chance"] == {"orders": [day2], "choices": []}
    assert load_game(path).game.state.chance.orders == [day2]


def test_a_seed_gives_what_the_hand_written_chance_leaves_out(tmp_path: Path) -> None:
    """G-1: outcomes not listed (the first day's order, its start player) come from the seed."""
    doc = {"format": "medici-record", "version": 1, "variant": "medici", "players": ["Ada", "Bo"],
           "seed": 5, "moves": ["draw", "draw", "stop"]}
    loaded = _load(doc, tmp_path)
    seeded = new_game("medici", ["Ada", "Bo"], seed=5)
    for move in doc["moves"]:
        seeded.apply(move)
    assert loaded.game.events == seeded.events
    assert replay(loaded.game.events).view() == loaded.game.view()


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["moves"].__setitem__(2, "halt"), "move 3 ('halt'): unknown action 'halt'"),
        (lambda d: d["moves"].__setitem__(3, "bid 0"),
         "move 4 (bid 0 by Bo): a bid must be at least 1"),
        (lambda d: d["moves"].__setitem__(2, "draw"),
         "move 4 (bid 5 by Ada): bid is not possible while selecting"),
        (lambda d: d["chance"].update(choices=[7]),
         "setting up the game: day 1 start player: given 7"),
        (lambda d: d["chance"].update(choices=[]), "setting up the game: no choice given"),
        (lambda d: d["chance"]["orders"][0].append("fur:3"), "'fur:3' is not available"),
        (lambda d: d["moves"].extend(["draw"] * 40), "no draw order given for day 1 pile"),
        (lambda d: d.update(players=["Ada"]), "players: 1 players: this variant plays with"),
        (lambda d: d.update(players=["Ada", "Ada"]), "players: player names must be distinct"),
        (lambda d: d.update(variant="no-such-variant"), "variant 'no-such-variant': "),
        (lambda d: d.update(moves=[]) or d.pop("moves"), 'no "events" and no "moves"'),
    ],
)
def test_hand_written_mistakes_are_explained(tmp_path: Path, change, expected: str) -> None:
    doc = json.loads((HERE / "hand-written.json").read_text())
    change(doc)
    with pytest.raises(RecordError) as info:
        _load(doc, tmp_path)
    assert expected in str(info.value)


def test_illegal_bid_fixture() -> None:
    expected = r"move 8 \(bid 9 by Ada\): Ada has only 0 florins \(M-9\)"
    with pytest.raises(RecordError, match=expected):
        load_game(HERE / "illegal-bid.json")


def test_the_examples_in_the_format_document_load() -> None:
    """docs/record-format.md: the complete example verifies, checksum and all."""
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2
    full, hand = (read_record(b.encode(), f"docs example {i}")[0] for i, b in enumerate(blocks))
    assert full.players == ("Ada", "Bo") and full.bots == (None, "greedy") and not full.hand_written
    assert hand.hand_written
    assert json.loads(blocks[1]) == json.loads((HERE / "hand-written.json").read_text())
