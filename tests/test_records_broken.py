"""Every kind of broken or hostile record is refused with a message naming the file and the fault.

Never a traceback, never code run from the file, and nothing on disk changed. Rule ids:
M-9 (a bid needs the money), G-1 (chance outcomes come from the record).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chance import Rng
from engine.errors import RecordError
from engine.game import Game, new_game, replay
from engine.records import load_game, record_from_game, save_game
from engine.records.format import checksum, encode
from engine.records.verify import read_record
from engine.simulate import play_random, random_action

HERE = Path(__file__).parent / "records"


@pytest.fixture(scope="module")
def played() -> Game:
    game = new_game("medici", ["Ada", "Bo", "Cy"], seed=77)
    rng = Rng(77)
    for _ in range(120):
        game.apply(random_action(game, rng))
    return game


@pytest.fixture
def saved(tmp_path: Path, played: Game) -> Path:
    return save_game(played, "x", directory=tmp_path)


def _refused(path: Path, *parts: str) -> str:
    """Load ``path``, expect RecordError starting with the file's name and containing ``parts``."""
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(RecordError) as info:
        load_game(path)
    message = str(info.value)
    assert message.startswith(f"{info.value.file}: ")
    assert info.value.file.endswith(path.name)
    for part in parts:
        assert part in message, message
    if before is not None:
        assert path.read_bytes() == before  # nothing on disk changed
    return message


def _rewrite(path: Path, doc: dict, *, keep_checksum: bool = True) -> None:
    doc = {k: v for k, v in doc.items() if k != "checksum"}
    if keep_checksum:
        doc["checksum"] = checksum(doc)
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")


# -- damage ---------------------------------------------------------------------------------
def test_truncated_file_is_refused_as_cut_short(saved: Path) -> None:
    data = saved.read_bytes()
    for cut in (len(data) // 3, len(data) // 2, len(data) - 3):
        saved.write_bytes(data[:cut])
        _refused(saved, "cut short")


def test_file_cut_at_an_event_and_closed_again_fails_the_checksum(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    doc["events"] = doc["events"][:-5]
    saved.write_text(json.dumps(doc))
    _refused(saved, "checksum does not match")


def test_events_cut_short_without_checksum_are_caught_by_the_replay(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    # Drop a move's derived events (a "buy" after the last bid): the rules go on without them.
    events = doc["events"]
    index = next(i for i in range(len(events) - 1, 0, -1) if events[i]["type"] == "buy")
    doc["events"] = doc["events"][:index]
    del doc["state"]
    _rewrite(saved, doc, keep_checksum=False)
    _refused(saved, f"the record stops after event {index - 1}, but the rules go on with")


@settings(max_examples=60, deadline=None)
@given(position=st.floats(0, 1, exclude_max=True), bit=st.integers(0, 7))
def test_any_flipped_bit_is_refused_or_harmless(tmp_path_factory, position, bit) -> None:
    """A flipped bit anywhere: RecordError, or (whitespace to whitespace) the very same record."""
    folder = tmp_path_factory.mktemp("flip")
    game = new_game("medici", 2, seed=5)
    rng = Rng(5)
    for _ in range(25):
        game.apply(random_action(game, rng))
    data = bytearray(encode(record_from_game(game)).encode())
    at = int(position * len(data))
    data[at] ^= 1 << bit
    path = folder / "flip.json"
    path.write_bytes(bytes(data))
    try:
        loaded = load_game(path)
    except RecordError as err:
        assert str(err).startswith(f"{err.file}: ")
        return
    assert loaded.game.events == game.events and loaded.game.view() == game.view()


def test_bit_flip_in_a_value_is_caught_by_the_checksum(saved: Path) -> None:
    text = saved.read_text()
    at = text.index('"amount": ') + len('"amount": ')
    digit = text[at]
    flipped = chr(ord(digit) ^ 1) if digit != "9" else "8"
    saved.write_text(text[:at] + flipped + text[at + 1 :])
    _refused(saved, "checksum does not match the content")


def test_not_utf8_and_empty_files(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b'{"format": "medici-record", "x": "\xff\xfe"}')
    _refused(path, "not UTF-8")
    path.write_bytes(b"  \n")
    _refused(path, "the file is empty")


# -- hand-broken content --------------------------------------------------------------------
def test_illegal_bid_names_the_event_the_player_and_the_reason(saved: Path, played: Game) -> None:
    """M-9: ``event N (bid X by NAME): NAME has only M florins``."""
    doc = json.loads(saved.read_text())
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "bid" and i > 60)
    event = doc["events"][index]
    name = doc["players"][event["player"]]["name"]
    money = replay(played.events, upto=index).view()["players"][event["player"]]["money"]
    event["amount"] = money + 1
    del doc["checksum"]
    _rewrite(saved, doc, keep_checksum=False)
    message = _refused(saved)
    assert message.split(": ", 1)[1] == (
        f"event {index} (bid {money + 1} by {name}): {name} has only {money} florins (M-9)"
    )


def test_move_by_the_wrong_player_is_named(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "pass" and i > 30)
    event = doc["events"][index]
    actual = doc["players"][event["player"]]["name"]
    event["player"] = (event["player"] + 1) % 3
    wrong = doc["players"][event["player"]]["name"]
    _rewrite(saved, doc)
    _refused(saved, f"event {index} (pass by {wrong}): it is {actual}'s turn")


def test_derived_event_that_does_not_follow_is_shown_with_the_difference(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "buy")
    doc["events"][index]["price"] += 1
    _rewrite(saved, doc)
    price = doc["events"][index]["price"]
    _refused(saved, f"event {index}: buy: price is {price} but the rules give {price - 1}")


def test_drawn_card_that_is_not_the_top_of_the_pile(saved: Path) -> None:
    """G-1: a draw must turn up the card the recorded order puts on top."""
    doc = json.loads(saved.read_text())
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "draw")
    real = doc["events"][index]["card"]
    doc["events"][index]["card"] = "gold:10" if real != "gold:10" else "fur:0"
    _rewrite(saved, doc)
    _refused(saved, f"event {index}: draw: card is", f"but the rules give \"{real}\"")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["events"][5].update(amount="9"), "events.5.amount: expected an integer"),
        (lambda d: d["events"].__setitem__(4, ["bid", 9]), "events.4: an event is an object"),
        (lambda d: d["events"][4].pop("type"), "events.4.type: every event has a type"),
        (lambda d: d["events"][1].update(order="fur:3"), "events.1.order: expected a list"),
        (lambda d: d["events"][2].update(result=True), "events.2.result: expected an integer"),
        (lambda d: d["players"][1].update(bot=5), "players.1.bot: expected a bot spec"),
        (lambda d: d["players"][0].update(name="A" * 500),
         "players.0.name: a player's name has at most 40"),
        (lambda d: d["players"][0].update(name="Ada\x1b[31m"), "control characters"),
        (lambda d: d.update(seed=-4), "seed: expected an integer from 0"),
        (lambda d: d.update(surprise=1), "unknown key 'surprise'"),
        (lambda d: d.pop("players"), "missing key 'players'"),
        (lambda d: d.update(variant="../../etc/passwd"), "variant: expected a variant name"),
        (lambda d: d.update(moves=["draw"]), 'either "events"'),
        (lambda d: d.update(state=[1]), "state: expected an object"),
    ],
)
def test_fields_are_type_checked_before_anything_is_replayed(
    saved: Path, change, expected: str
) -> None:
    doc = json.loads(saved.read_text())
    change(doc)
    _rewrite(saved, doc)
    _refused(saved, expected)


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("frobnicate:9", "unknown bot 'frobnicate:9'"),
        ("greedy:5", "greedy takes no budget"),
        ("mcts:soon", "mcts budget 'soon'"),
    ],
)
def test_a_bot_spec_no_bot_answers_to_is_refused(saved: Path, spec: str, why: str) -> None:
    """The shell would wait forever on such a seat: the record is refused, naming the seat
    and every accepted spec (the bots' own parser decides, engine.bots.check_spec, which
    the bots register with engine.botspecs when imported, as every front end does)."""
    import engine.bots  # noqa: F401

    doc = json.loads(saved.read_text())
    doc["players"][1]["bot"] = spec
    _rewrite(saved, doc)
    message = _refused(saved, "players.1.bot (Bo's seat)", why,
                       "accepted: random, greedy, mcts, mcts:N")
    assert "\n" not in message
    doc["players"][1]["bot"] = " MCTS:250ms "  # what make_bot accepts, the record accepts
    _rewrite(saved, doc)
    assert load_game(saved).bots[1] == " MCTS:250ms "


def test_saving_a_bot_spec_no_bot_answers_to_is_refused(tmp_path: Path, played: Game) -> None:
    import engine.bots  # noqa: F401  (registers the check, engine.botspecs)

    with pytest.raises(ValueError, match=r"seat 2 \(Cy\): unknown bot 'frobnicate:9'"):
        save_game(played, "x", bots=[None, "greedy", "frobnicate:9"], directory=tmp_path)
    assert not (tmp_path / "x.json").exists()


def test_final_state_that_differs_from_the_replay(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    doc["state"]["players"][1]["money"] = 999
    _rewrite(saved, doc)
    _refused(saved, "the stored final state differs from the replay at players.1.money",
             "stored 999")


def test_changed_rules_do_not_match_their_digest(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    doc["rules"]["min_bid"] = 2
    _rewrite(saved, doc)
    _refused(saved, "the rules do not match rules_digest")


def test_broken_rules_are_reported_with_their_key(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    doc["rules"]["days"] = 10**9
    del doc["rules_digest"]
    _rewrite(saved, doc)
    _refused(saved, "rules: days: expected an integer from 1 to 20")


def test_rules_digest_without_rules_must_match_the_config(saved: Path) -> None:
    doc = json.loads(saved.read_text())
    del doc["rules"]
    doc["rules_digest"] = "0" * 64
    _rewrite(saved, doc)
    _refused(saved, "played under other rules than variant 'medici' has now")


def test_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2, 3]")
    _refused(path, "a record is a JSON object")
    path.write_text('{"format": "chess-pgn", "version": 1}')
    _refused(path, "not a medici game record")
    path.write_text('{"format": "medici-record", "version": "1"}')
    _refused(path, "version: expected a whole number")


# -- versions -------------------------------------------------------------------------------
def test_newer_version_is_refused_with_advice() -> None:
    _refused(HERE / "newer-version.json", "written by a newer medici (record version 99",
             "update medici")


def test_version_0_fixture_is_migrated(played: Game) -> None:
    """The draft format (``log``, ``rules_hash``, parallel ``bots``) loads as version 1."""
    loaded = load_game(HERE / "version-0.json")
    assert loaded.record.migrated_from == 0
    assert loaded.bots == [None, "random"]
    fresh = replay(loaded.game.events)
    assert fresh.view() == loaded.game.view()
    assert fresh.legal_actions() == loaded.game.legal_actions()


def test_migration_of_a_current_record_written_back_as_version_0(saved: Path, played: Game) -> None:
    doc = json.loads(saved.read_text())
    old = {k: v for k, v in doc.items() if k not in ("players", "events", "rules_digest")}
    old.update(
        version=0,
        players=[p["name"] for p in doc["players"]],
        bots=[p["bot"] for p in doc["players"]],
        log=doc["events"],
        rules_hash=doc["rules_digest"],
    )
    _rewrite(saved, old)
    loaded = load_game(saved)
    assert loaded.record.migrated_from == 0
    assert loaded.game.view() == played.view()
    old["bots"] = [None]
    _rewrite(saved, old)
    _refused(saved, "version 0 record: bots must list one entry per player")


# -- hostile --------------------------------------------------------------------------------
def test_yaml_tags_are_never_read_or_run() -> None:
    _refused(HERE / "yaml-tags.json", "a record is JSON; YAML and its tags are never read")
    assert not Path("/tmp/medici-owned").exists()


def test_enormous_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(9 * 1024 * 1024)  # sparse: costs no disk
    _refused(path, "larger than 8 MB")


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    _refused(path, "nested more than 32 deep")
    path.write_text('{"format": "medici-record", "version": 1, "x": ' + "[" * 40 + "]" * 40 + "}")
    _refused(path, "nested more than 32 deep")


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    path = tmp_path / "names.json"
    doc = json.loads((HERE / "hand-written.json").read_text())
    doc["players"] = ["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", '{{{"\\"}}}']
    path.write_text(json.dumps(doc))
    loaded = load_game(path)
    assert loaded.game.players == tuple(doc["players"])


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("9" * 5000, "a number with 5000 digits"),
        (str(2**64), "too large"),
        ("1e999", "out of range"),
        ("NaN", "NaN is not a number JSON allows"),
        ("-Infinity", "-Infinity is not a number JSON allows"),
    ],
)
def test_huge_and_special_numbers_are_refused(tmp_path: Path, value: str, expected: str) -> None:
    path = tmp_path / "n.json"
    path.write_text('{"format": "medici-record", "version": 1, "seed": ' + value + "}")
    _refused(path, expected)


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "dup.json"
    path.write_text('{"format": "medici-record", "version": 1, "version": 0}')
    _refused(path, "the key 'version' appears twice")


def test_special_files_are_refused(tmp_path: Path) -> None:
    _refused(tmp_path, "not a regular file")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        _refused(fifo, "not a regular file")


def test_missing_save_lists_what_is_there(tmp_path: Path, played: Game) -> None:
    save_game(played, "monday", directory=tmp_path)
    with pytest.raises(RecordError, match=r"no such file \(saves in .*: monday\)"):
        load_game("tuesday", directory=tmp_path)


def test_read_record_refuses_without_touching_a_game_in_memory(played: Game) -> None:
    """A failed load returns nothing: the live game and its log are as they were."""
    before = (played.view(), list(played.events))
    data = encode(record_from_game(played)).replace('"bid"', '"bidd"', 1).encode()
    with pytest.raises(RecordError):
        read_record(data, "x.json")
    assert (played.view(), played.events) == before


def test_state_keys_only_one_side_has_are_left_alone(saved: Path, played: Game) -> None:
    """A later engine may add to the view: keys that one side lacks do not fail a record."""
    doc = json.loads(saved.read_text())
    doc["state"]["added_by_a_later_engine"] = [1, 2]
    del doc["state"]["discards"]
    doc["state"]["players"][0]["debt"] = 0
    _rewrite(saved, doc)
    assert load_game(saved).game.view() == played.view()


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=6,
)
_DOCS = {
    variant: json.loads(encode(record_from_game(play_random(variant, players, 8))))
    for variant, players in (("medici", 3), ("medici-vs-strozzi", 2))
}
_FIELDS = ["type", "player", "amount", "ship", "harbour", "card", "tile", "order", "unknown",
           "result", "options", "seed", "players", "cards", "price"]


@settings(max_examples=150, deadline=None)
@given(variant=st.sampled_from(sorted(_DOCS)), where=st.floats(0, 1, exclude_max=True),
       key=st.sampled_from(_FIELDS), value=_JSON)
def test_any_hand_edited_event_field_is_refused_cleanly(variant, where, key, value) -> None:
    """Any JSON value in any event field: a RecordError naming the file, or a valid game."""
    doc = json.loads(json.dumps(_DOCS[variant]))
    del doc["checksum"]
    event = doc["events"][int(where * len(doc["events"]))]
    event[key] = value
    try:
        read_record(json.dumps(doc).encode(), "edited.json")
    except RecordError as err:
        assert str(err).startswith("edited.json: ")
