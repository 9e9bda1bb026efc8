"""Reviewing a game (issue 30): the judgement of each move, the labels and accuracy, the
costliest moves in words, the chart, the record's review section and ``verify``, the
command line. Most use a cheap search (``mcts:24``): what is tested is how figures become
labels, words and files, not how strong the search is; the absurd move is judged by the
review's own default search."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from pathlib import Path

import pytest

from engine.bots import make_bot
from engine.bots.parts import build_parts
from engine.chance import seat_seed
from engine.cli import main
from engine.errors import RecordError
from engine.game import Game, new_game
from engine.records import encode, load_path, record_from_game, save_game
from engine.records.examples import example_path
from engine.records.format import Record
from engine.records.review_section import ReviewSection, fitted
from engine.records.verify import read_record
from engine.review import labels
from engine.review.chart import chart
from engine.review.judge import DEFAULT_BOT, ReviewError, Settings
from engine.review.report import as_json, text
from engine.review.reviewing import default_seats, default_settings, review, walk
from engine.review.words import costliest
from engine.text import text_width

CHEAP = "mcts:24"


def _absurd_game() -> tuple[Game, int]:
    """A seeded 2-player game played by greedy bots until Ada, not behind, may bid for a
    worthless lot (a lone zero card, worth under a florin to her), the first seed from 2
    with one; then, put in by hand, she bids all her money for it; Bo answers and the sale
    ends. The step of the absurd bid."""
    for seed in range(2, 40):
        game = new_game("medici", ["Ada", "Bo"], seed=seed)
        bots = [make_bot("greedy", seed=seat_seed(seed, i)) for i in range(2)]
        parts = build_parts(game.variant)
        money = None
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            if game.phase == "bidding" and seat == 0:
                worth = parts.explainer.sale_worth(game, 0)
                mine, theirs = (p["money"] for p in game.view(0)["players"])
                # Not behind: all her money then gives away most of a fair chance to win.
                if worth is not None and worth < 1 and mine >= max(30, theirs):
                    money = mine
                    break
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), game.variant))
        if money is None:
            continue
        game.apply(f"bid {money}")
        step = len(walk(record_from_game(game)).movers)
        while game.phase == "bidding":
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), game.variant))
        return game, step
    raise AssertionError("no seed gave Ada a worthless lot while not behind")


def test_an_absurd_bid_is_a_blunder_and_the_better_move_is_named(tmp_path: Path,
                                                                  capsys) -> None:
    game, step = _absurd_game()
    path = save_game(game, tmp_path / "absurd.json", bots=[None, "greedy"])
    assert main(["review", str(path), "--jobs", "1"]) == 0  # Ada's moves: she is the person
    out = capsys.readouterr().out
    record, _ = load_path(path)
    assert record.review is not None and record.review["bot"] == DEFAULT_BOT
    judged = {m["step"]: m for m in record.review["moves"]}
    assert {m["player"] for m in judged.values()} == {0}
    absurd = judged[step]
    assert absurd["move"].startswith("bid ") and absurd["label"] == labels.BLUNDER
    assert absurd["best_move"] != absurd["move"]
    assert absurd["best"] - absurd["after"] >= 10 * dict(labels.THRESHOLDS)["blunder"]
    # Said in words: the move, the label, the better move, and what followed.
    assert f"step {step}, day" in out and f"Ada played {absurd['move']}, a blunder" in out
    assert f"after {absurd['best_move']}" in out
    assert "What followed: Ada buys" in out


def _cheap_review(record: Record, **kw: object) -> ReviewSection:
    return review(record, default_settings(record, CHEAP), jobs=1, **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def example() -> tuple[Record, ReviewSection]:
    record, _ = load_path(example_path("medici"))
    return record, _cheap_review(record)


def test_every_move_of_an_all_bot_game_is_judged(example) -> None:
    record, section = example
    course = walk(record)
    assert default_seats(record) == [0, 1, 2, 3]  # bots alone: every seat
    assert [m["step"] for m in section["moves"]] == list(range(1, course.steps + 1))
    assert [m["player"] for m in section["moves"]] == course.movers
    assert [m["move"] for m in section["moves"]] == course.moves
    assert len(section["chances"]) == course.steps + 1
    assert all(sum(row) == pytest.approx(1000, abs=4) for row in section["chances"])
    assert section["chances"][0] == [250] * 4  # equal at the start
    final = section["chances"][-1]
    assert sorted(final)[-1] >= 500 and final.count(0) >= 2
    for m in section["moves"]:
        lost = max(0, m["best"] - m["after"]) / 10
        if m["label"] == labels.FORCED:
            assert m["before"] == m["after"] == m["best"]
        else:
            assert m["label"] == labels.label(lost, m["best_move"] == m["move"])


def test_the_same_seed_gives_the_same_review_on_any_number_of_processes(example) -> None:
    record, section = example
    again = review(record, default_settings(record, CHEAP), jobs=2)
    assert again == section
    other = review(record, default_settings(record, CHEAP, seed=99), jobs=1,
                   seats=[0])
    assert other["seed"] == 99 and [m["step"] for m in other["moves"]] == \
        [m["step"] for m in section["moves"] if m["player"] == 0]


def test_a_kept_review_is_reused_and_extended(example) -> None:
    record, section = example
    calls: list[tuple[int, int]] = []
    again = review(record, default_settings(record, CHEAP), jobs=1, kept=section,
                   progress=lambda done, total: calls.append((done, total)))
    assert again == section and calls == [(0, 0)]
    only_ann = {**section, "moves": [m for m in section["moves"] if m["player"] == 0]}
    calls.clear()
    grown = review(record, default_settings(record, CHEAP), jobs=1, kept=only_ann,
                   progress=lambda done, total: calls.append((done, total)))
    assert grown == section
    assert calls[-1][1] == sum(1 for m in section["moves"] if m["player"] != 0)
    # Another search judges afresh.
    calls.clear()
    review(record, default_settings(record, "mcts:8"), jobs=1, kept=section, seats=[1],
           progress=lambda done, total: calls.append((done, total)))
    assert calls[-1][1] > 0


def test_accuracy_and_labels_follow_the_documented_formula() -> None:
    assert labels.move_accuracy(0) == 100
    assert labels.move_accuracy(5) == pytest.approx(103.1668 * 2.718281828 ** (-0.2177)
                                                     - 3.1669, abs=0.01)
    assert labels.move_accuracy(100) == 0
    assert labels.accuracy([]) is None
    assert labels.accuracy([0, 100]) == 50
    assert [labels.label(p, False) for p in (0, 4.9, 5, 9.9, 10, 19.9, 20, 80)] == \
        ["good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert labels.label(50, True) == "best" and labels.label(50, False, forced=True) == "forced"
    assert labels.label(12, False, bounds={"inaccuracy": 1, "mistake": 30, "blunder": 60}) \
        == "inaccuracy"
    for name, bound in labels.THRESHOLDS:
        assert f"{name} from {bound}" in labels.legend()


def test_the_report_fits_80_and_60_columns(example) -> None:
    record, section = example
    course = walk(record)
    for width in (80, 60):
        lines = text(record, course, section, [0, 1, 2, 3], width, "example")
        assert all(text_width(line) <= width for line in lines), \
            [line for line in lines if text_width(line) > width]
        body = "\n".join(lines)
        for name in record.players:
            # Accuracy per seat: on the seat's row, or (a narrow screen) under its name.
            assert re.search(rf"^{name}(\s+|\n\s+accuracy: )\d+\.\d", body, re.M), name
        assert "costliest moves" in body and "inaccuracy from 5" in body
        assert "day 2" in body and "day 3" in body  # the chart's period axis


def test_the_chart_draws_each_chance_where_it_belongs() -> None:
    chances = [[1000, 0], [900, 100], [500, 500], [500, 500], [100, 900], [0, 1000]]
    lines = chart(chances, ["Ada", "Bo"], [(0, 1), (3, 2)], "round",
                  {0: [(1, labels.BLUNDER)]}, width=40, rows=1)
    assert all(text_width(line) <= 40 for line in lines)
    ada, ada_marks, bo = lines[0], lines[1], lines[2]
    # One row of braille: Ada from the top dot (0x01) down to the bottom one (0x80).
    cells = ada[4:].split(" ")[0]
    assert ord(cells[0]) - 0x2800 & 0x01 and ord(cells[-1]) - 0x2800 & 0xC0
    assert ada.endswith("0%") and bo.endswith("100%")
    assert "⁇" in ada_marks and "┊" in ada_marks
    assert ada_marks.index("⁇") < ada_marks.index("┊")  # step 1 before round 2's start
    assert lines[-1].split() == ["round", "1", "round", "2", "step", "5"]
    assert lines[-2].count("┼") == 1


def test_costliest_moves_are_the_ones_that_gave_away_most(example) -> None:
    record, section = example
    for seat in range(4):
        picked = costliest(section, seat)
        assert len(picked) <= 3
        lost = [max(0, m["best"] - m["after"]) for m in picked]
        assert lost == sorted(lost, reverse=True) and all(x > 0 for x in lost)
        others = [max(0, m["best"] - m["after"]) for m in section["moves"]
                  if m["player"] == seat and m not in picked
                  and m["label"] not in ("best", "forced")]
        assert all(x <= min(lost) for x in others) if lost else True


def test_json_has_a_judgement_for_every_move(example, tmp_path: Path, capsys) -> None:
    record, section = example
    data = as_json(record, walk(record), section, [0, 1, 2, 3])
    assert [m["step"] for m in data["moves"]] == list(range(1, 172))
    first = data["moves"][0]
    assert set(first) >= {"step", "day", "player", "move", "label", "before", "after",
                          "best", "best_move", "given_away", "accuracy"}
    assert data["day_starts"][0] == 0 and len(data["day_starts"]) == 3
    path = tmp_path / "example.json"
    path.write_bytes(example_path("medici").read_bytes())
    assert main(["review", str(path), "--json", "--bot", CHEAP, "--jobs", "1",
                 "--player", "Bo"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {m["player"] for m in out["moves"]} == {"Bo"}
    assert [s["player"] for s in out["summary"]] == ["Bo"]


# -- the record's review section ---------------------------------------------------------
def _reread(record: Record) -> Record:
    back, _ = read_record(encode(record).encode(), "x.json")
    return back


def test_the_review_is_kept_in_the_record_and_verified(example) -> None:
    record, section = example
    kept = dataclasses.replace(record, review=section)
    text_ = encode(kept)
    assert '  "review": {\n    "version": 1,' in text_
    assert text_.count("\n      {\"step\": ") == len(section["moves"])  # a move a line
    assert _reread(kept).review == section
    assert _reread(record).review is None  # older records: no section, as before


@pytest.mark.parametrize("damage, message", [
    (lambda s: s["moves"][5].update(label="best" if s["moves"][5]["label"] != "best"
                                    else "blunder"), "its figures make it"),
    (lambda s: s["moves"][3].update(move="bid 99"), "the record's step 4 is"),
    (lambda s: s["moves"][3].update(player=(s["moves"][3]["player"] + 1) % 4),
     "the record's step 4 is"),
    (lambda s: s.update(steps=500), "the review covers 500 steps"),
    (lambda s: s["chances"].pop(), "one entry per step"),
    (lambda s: s["chances"][2].append(0), "one chance per seat"),
    (lambda s: s["moves"].reverse(), "steps rise"),
    (lambda s: s["moves"][10].update(best_move="bid 1000"), "was not a legal move at step"),
    (lambda s: s["moves"][0].update(after=1001), "review.moves.0.after"),
    (lambda s: s.update(extra=1), "unknown key 'extra'"),
    (lambda s: s.update(version=2), "newer medici (review section version 2"),
])
def test_verify_refuses_a_damaged_review(example, damage, message) -> None:
    record, section = example
    broken = copy.deepcopy(section)
    damage(broken)
    with pytest.raises(RecordError) as err:
        _reread(dataclasses.replace(record, review=broken))
    assert message in str(err.value)


def test_a_review_follows_the_game_back(example) -> None:
    record, section = example
    game = load_path(example_path("medici"))[1]
    from engine.records.cursor import ReplayCursor

    cursor = ReplayCursor(record)
    cursor.goto(40)
    cut = fitted(section, cursor.game)
    assert cut is not None and cut["steps"] == 40 and len(cut["chances"]) == 41
    assert [m["step"] for m in cut["moves"]] == list(range(1, 41))
    assert fitted(section, game) is section
    branch = cursor.branch()
    kept = record_from_game(branch, review=section).review
    assert kept is not None and kept["steps"] == 40
    assert _reread(record_from_game(branch, record.bots, review=section)).review == kept


def test_settings_refuse_a_search_by_time_or_no_search() -> None:
    for bot in ("mcts:1s", "greedy", "nonsense"):
        with pytest.raises(ReviewError, match="--bot"):
            Settings(bot=bot).check()
    Settings(bot="mcts:50").check()


def test_the_command_line_reviews_keeps_and_refuses_clearly(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(example_path("medici-vs-strozzi").read_bytes())
    before = path.read_bytes()
    assert main(["review", str(path), "--bot", CHEAP, "--jobs", "2", "--no-keep",
                 "--player", "Cosimo", "--html", str(tmp_path / "p.html"),
                 "--width", "60"]) == 0
    assert path.read_bytes() == before and (tmp_path / "p.html").stat().st_size > 10_000
    out = capsys.readouterr().out
    assert max(text_width(line) for line in out.splitlines()) <= 60
    assert "Cosimo" in out and "Win chance by step" in out and "round 3" in out
    assert main(["review", str(path), "--player", "Nobody"]) == 2
    assert "--player 'Nobody': expected one of Cosimo, Filippo" in capsys.readouterr().err
    assert main(["review", str(path), "--bot", "mcts:2s"]) == 2
    assert main(["review"]) == 2
    assert main(["export", str(path), "--html", str(tmp_path / "no" / "x.html")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["review", str(path), "--bot", CHEAP, "--jobs", "1", "--all"]) == 0
    record, _ = load_path(path)
    assert record.review is not None and {m["player"] for m in record.review["moves"]} == {0, 1}
    assert main(["verify", str(path)]) == 0
    assert f"a review of {len(record.review['moves'])} moves by {CHEAP}" in \
        capsys.readouterr().out
