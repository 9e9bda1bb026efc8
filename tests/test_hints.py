"""Hints a person can read (issue 18, item 6): each move with its chance of winning and the
expected final money, the bot's own value only on request, moves in the order of what is
shown, the Medici vs Strozzi fair price in words a player can check, "you" mid-sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from engine.bots import Analysis, make_bot
from engine.bots.explain import hint_line, lost_text
from engine.bots.measure import shown_order
from engine.game import Game
from tests.test_shell_commands import Run


def _auctions(players: int, count: int) -> list[Game]:
    """Medici games at a bid, one per seed, after a few moves of greedy play."""
    out = []
    for seed in range(count):
        game = engine.new_game("medici", players, seed=seed)
        bots = [make_bot("greedy", seed * 7 + s) for s in range(players)]
        for _ in range(seed % 9):
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), game.variant))
        while game.state.phase != "bidding":
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), game.variant))
        out.append(game)
    return out


def _rows(spec: str, game: Game, top: int | None = None) -> list[Analysis]:
    seat = game.current_player
    assert seat is not None
    return make_bot(spec, 3).analyse(game.view(seat), game.legal_actions(), game.variant, top=top)


def test_greedy_ranks_its_moves_by_what_it_shows_its_choice_first() -> None:
    # issue 18: `hint --bot greedy` ranked "pass value 0.000" above "bid 2 value 0.270"
    for game in _auctions(4, 12):
        rows = _rows("greedy", game)
        keys = [shown_order(r) for r in rows]
        assert keys == sorted(keys, reverse=True), [(str(r.action), k) for r, k in
                                                    zip(rows, keys, strict=True)]
        seat = game.current_player
        assert rows[0].action == make_bot("greedy", 3).choose(
            game.view(seat), game.legal_actions(), game.variant)
        assert all(r.win is not None and 0 <= r.win <= 1 and r.money is not None for r in rows)


@pytest.mark.parametrize("variant", ["medici", "medici-vs-strozzi"])
def test_mcts_shows_its_choice_first_then_the_rest_in_the_order_shown(variant: str) -> None:
    game = engine.new_game(variant, 4 if variant == "medici" else 2, seed=5)
    game.apply("draw")
    game.apply("stop")
    rows = _rows("mcts:120", game)
    seat = game.current_player
    assert rows[0].action == make_bot("mcts:120", 3).choose(
        game.view(seat), game.legal_actions(), game.variant)
    rest = [shown_order(r) for r in rows[1:]]
    assert rest == sorted(rest, reverse=True)
    assert all(r.win is not None and r.money is not None for r in rows)


def test_a_hint_line_gives_the_win_chance_and_money_and_the_value_only_on_request() -> None:
    row = Analysis(engine.Action("bid", 7), 0.2451, "20% that no later bidder outbids it",
                   0.341, 117.6)
    line = hint_line(row, "florins")
    assert str(line) == ("bid 7 · wins 34% · ends with ~118 florins: "
                         "20% that no later bidder outbids it")
    assert "0.245" not in str(line)
    assert "value 0.245" in str(hint_line(row, "florins", raw=True))
    # A chance strictly between 0 and 1 never reads as certain.
    assert "wins <1%" in str(hint_line(row._replace(win=0.004), "coins"))
    assert "wins >99%" in str(hint_line(row._replace(win=0.996), "coins"))
    # A bot with no such estimate (random) shows its own value.
    blind = Analysis(engine.Action("pass"), 0.5, "random: chance 50%")
    assert hint_line(blind, "florins").measures == "value 0.500"
    worse = row._replace(action=engine.Action("pass"), win=0.30, money=112.0)
    assert lost_text(row, worse, "florins") == "4 points of win chance and about 6 florins"
    assert lost_text(row, row, "florins") == ""


def test_the_shell_hint_speaks_in_chances_and_money(tmp_path: Path) -> None:
    run = Run(tmp_path / "saves")
    run.do("new medici You bot:greedy bot:greedy --seed 3")
    texts = [run.do("hint --bot greedy")]
    game = run.shell.table.game
    run.do("pass" if game.state.phase == "bidding" else "draw")
    if game.current_player == 0:
        texts.append(run.do("hint --bot greedy"))
    for text in texts:
        _check_hint(text)
    assert "value " in run.do("hint --bot greedy --raw")


def _check_hint(text: str) -> None:
    lines = [ln for ln in text.splitlines() if re.match(r"\s+\d\. ", ln)]
    assert lines and all(re.search(r" · wins (<1|>99|\d+)% · ends with ~-?\d+ florins", ln)
                         for ln in lines), text
    assert "value " not in text
    assert " You " not in text.split("\n", 1)[1]  # "you" mid-sentence, never "You"


def _strozzi_pricing(seed: int) -> Game:
    game = engine.new_game("medici-vs-strozzi", ["Ann", "Strozzi"], seed=seed)
    game.apply("draw")
    game.apply("draw")
    game.apply("stop")
    return game


def test_the_fair_price_lies_between_both_worths_shown_and_is_said_in_checkable_words() -> None:
    said = 0
    for seed in range(10):
        game = _strozzi_pricing(seed)
        bot = make_bot("greedy", 1)
        text = bot.situation(game.view(0), game.legal_actions(), game.variant)
        worths = re.match(r"the lot is worth ~(-?\d+) to you and ~(-?\d+) to Strozzi", text)
        assert worths, text
        low, high = sorted(int(x) for x in worths.groups())
        fair = re.search(r"at (\d+), halfway, Strozzi gains as much by buying as by letting "
                         r"you buy \(S-9\)", text)
        if fair:
            said += 1
            assert low <= int(fair.group(1)) <= high, text
    assert said >= 8


def test_a_fair_price_outside_both_worths_is_left_out(tmp_path: Path) -> None:
    # A house rule whose lowest price is above what any early lot is worth to either side.
    rules = tmp_path / "dear.yaml"
    rules.write_text("extends: medici-vs-strozzi\nmin_price: 60\n", encoding="utf-8")
    variant = engine.load_variant(str(rules))
    game = engine.new_game(variant, ["Ann", "Strozzi"], seed=2)
    game.apply("draw")
    game.apply("stop")
    text = make_bot("greedy", 1).situation(game.view(0), game.legal_actions(), game.variant)
    assert text.startswith("the lot is worth") and "halfway" not in text and "60" not in text


def test_an_offer_is_explained_to_the_one_who_answers_it() -> None:
    game = _strozzi_pricing(4)
    game.apply("price 9")
    seat = game.current_player
    rows = _rows("greedy", game)
    notes = {str(r.action): r.note for r in rows}
    assert notes["buy"].startswith("gains you ~") and notes["buy"].endswith("against Ann")
    assert notes["decline"].startswith("Ann must buy at 9 (S-9): costs you ~")
    situation = make_bot("greedy", 1).situation(game.view(seat), game.legal_actions(),
                                                game.variant)
    assert "to Ann and" in situation and "to you (" in situation
    assert situation.endswith("the price is 9")
