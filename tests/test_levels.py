"""Levels, styles of stated numbers, ``medici ratings`` and ``medici exploit`` (issue 31)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

import engine
from engine.actions import Span, is_legal
from engine.bots import ACCEPTED, BOT_SPECS, COMPLETIONS, check_spec, make_bot
from engine.bots.levels import LEVELS, NAMES, LevelBot, describe, plays
from engine.bots.mcts import DEFAULT_ITERATIONS, DEFAULT_SECONDS, MctsBot
from engine.bots.styles import StyleBot, Traits, parse_traits
from engine.chance import seat_seed
from engine.cli import main
from engine.game import Game
from engine.lots import DRAW, STOP
from engine.medici.levels import LEVELS as MEDICI
from engine.ratings import apart_share, entrants, play
from engine.rules import load_variant
from engine.strozzi.levels import LEVELS as STROZZI
from engine.tournament import run

FAST = [name for name in NAMES if name != "master"]


def _play(variant: str, specs: Sequence[str], seed: int) -> tuple[Game, list[object]]:
    game = engine.new_game(variant, len(specs), seed=seed)
    bots = [make_bot(s, seat_seed(seed, k)) for k, s in enumerate(specs)]
    moves: list[object] = []
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal, game.variant)
        assert is_legal(action, legal), (specs[seat], action, legal)
        moves.append(action)
        game.apply(action)
    return game, bots


# -- the levels ------------------------------------------------------------------------------
def test_five_levels_weakest_first_each_listed_wherever_bots_are() -> None:
    assert NAMES == ("novice", "casual", "club", "expert", "master")
    offered = [spec for spec, _ in COMPLETIONS]
    for name in NAMES:
        assert check_spec(name) is None
        assert check_spec(name.upper()) is None
        assert name in offered
        assert f"\n{name} " in "\n" + BOT_SPECS
        assert name in ACCEPTED
    assert BOT_SPECS.index("Levels, weakest first") < BOT_SPECS.index("novice")
    problem = check_spec("casual:200")
    assert problem is not None and "casual takes no budget" in problem


@pytest.mark.parametrize("seed", [3, 4])
def test_fast_levels_play_whole_medici_games_legally_and_alike_twice(seed: int) -> None:
    first, _ = _play("medici", FAST, seed)
    again, _ = _play("medici", FAST, seed)
    assert first.events == again.events
    assert first.winners


@pytest.mark.parametrize("pair", [("novice", "casual"), ("club", "expert"),
                                  ("expert", "novice")])
def test_fast_levels_play_medici_vs_strozzi_legally_and_alike_twice(
    pair: tuple[str, str],
) -> None:
    first, _ = _play("medici-vs-strozzi", pair, 5)
    again, _ = _play("medici-vs-strozzi", pair, 5)
    assert first.events == again.events


def test_master_is_the_default_search_in_both_games() -> None:
    for variant in ("medici", "medici-vs-strozzi"):
        bot = make_bot("master", 9)
        assert isinstance(bot, LevelBot)
        inner = bot.inner(variant)
        assert isinstance(inner, MctsBot)
        assert (inner.iterations, inner.seconds) == (DEFAULT_ITERATIONS, DEFAULT_SECONDS)
        assert inner.seed == 9


def test_every_game_states_each_levels_numbers_and_docs_words_for_them() -> None:
    for table in (MEDICI, STROZZI):
        assert list(table) == list(NAMES)
        for name in NAMES:
            assert describe(table[name])
    assert [level.name for level in LEVELS] == list(NAMES)
    toy = load_variant("medici")
    assert plays("casual", toy) is MEDICI["casual"]


def test_a_level_bot_keeps_its_inner_bot_and_its_memory() -> None:
    bot = make_bot("expert", 1)
    assert isinstance(bot, LevelBot)
    inner = bot.inner("medici")
    assert bot.inner("medici") is inner
    assert bot.memory is inner.memory


# -- each level's stated error is applied -------------------------------------------------------
def test_misjudgement_stays_within_its_share_spans_it_and_is_the_same_for_one_lot() -> None:
    t = Traits(misjudge=0.4, luck=7)
    factors = [t.misjudged(("lot", i)) for i in range(400)]
    assert all(0.6 - 1e-9 <= f <= 1.4 + 1e-9 for f in factors)
    assert min(factors) < 0.63 and max(factors) > 1.37
    assert abs(sum(factors) / len(factors) - 1) < 0.05
    assert t.misjudged(("lot", 3)) == factors[3]
    other = Traits(misjudge=0.4, luck=8)
    assert [other.misjudged(("lot", i)) for i in range(20)] != factors[:20]
    assert Traits(luck=7).misjudged(("lot", 3)) == 1.0


def _first_auction(seed: int) -> Game:
    game = engine.new_game("medici", 4, seed=seed)
    game.apply("draw")
    game.apply("draw")
    game.apply("stop")
    assert game.state.phase == "bidding"
    return game


def _bid(bot: object, game: Game) -> int:
    seat = game.current_player
    assert isinstance(bot, StyleBot)
    action = bot.choose(game.view(seat), game.legal_actions(), game.variant)
    return 0 if action.kind == "pass" else int(action[1])


def test_the_novice_bids_its_stated_share_of_the_face_value_off_by_its_stated_amount() -> None:
    novice = MEDICI["novice"].traits
    assert novice is not None and novice.weights == (0.0, 1.0, 0.0, 0.0)
    game = _first_auction(2)
    span = game.legal_actions()[0]
    assert isinstance(span, Span)
    values = game.variant.logic.value  # type: ignore[attr-defined]
    face = sum(values[c] for c in game.state.lot)
    money = game.state.money[game.current_player]
    exact = Traits(weights=novice.weights, pay=novice.pay, raise_=novice.raise_)
    limit = min(money, int(novice.pay * face))
    assert _bid(StyleBot("x", 1, exact), game) == span.lo + int(
        novice.raise_ * (limit - span.lo) + 0.5)
    # With its misjudgement, the limits its bids stand for spread over the stated share.
    bids = [_bid(StyleBot("novice", luck, novice), game) for luck in range(120)]
    limits = [span.lo + (b - span.lo) / novice.raise_ for b in bids if b]
    low, high = (1 - novice.misjudge) * novice.pay * face, (1 + novice.misjudge) * (
        novice.pay * face)
    assert all(low - 2 <= x <= high + 2 for x in limits)
    assert min(limits) < novice.pay * face * (1 - 0.6 * novice.misjudge)
    assert max(limits) > novice.pay * face * (1 + 0.6 * novice.misjudge)


def test_excited_players_pay_their_stated_share_more_once_a_rival_has_bid() -> None:
    calm = Traits(weights=(0.0, 1.0, 0.0, 0.0), pay=0.5, raise_=1.0)
    excited = Traits(weights=(0.0, 1.0, 0.0, 0.0), pay=0.5, raise_=1.0, excite=0.5)
    game = _first_auction(2)
    assert _bid(StyleBot("a", 1, calm), game) == _bid(StyleBot("b", 1, excited), game)
    game.apply(f"bid {game.legal_actions()[0].lo}")  # a rival bids: the next one is excited
    values = game.variant.logic.value  # type: ignore[attr-defined]
    face = sum(values[c] for c in game.state.lot)
    assert _bid(StyleBot("a", 1, calm), game) in (0, int(0.5 * face))
    assert _bid(StyleBot("b", 1, excited), game) == int(0.75 * face)


def test_the_expert_forgets_all_but_its_last_sales_and_greedy_does_not() -> None:
    remembers = MEDICI["expert"].remembers
    assert remembers is not None
    _, bots = _play("medici", ["expert", "greedy", "greedy", "greedy"], 6)
    expert, greedy = bots[0], bots[1]
    assert isinstance(expert, LevelBot)
    assert 0 < len(expert.memory) <= remembers + 1  # and the sale under way
    assert len(greedy.memory) > remembers + 3  # type: ignore[attr-defined]


def test_the_expert_bids_its_stated_share_above_greedys_bid() -> None:
    more = MEDICI["expert"].overbids
    assert more > 0
    checked = 0
    for seed in range(40):
        game = _first_auction(seed)
        seat = game.current_player
        legal = game.legal_actions()
        span = legal[0]
        assert isinstance(span, Span)
        greedy = make_bot("greedy", 1).choose(game.view(seat), legal, game.variant)
        expert = make_bot("expert", 1).choose(game.view(seat), legal, game.variant)
        if greedy.kind != "bid":
            assert expert == greedy
            continue
        wanted = max(greedy[1], round(greedy[1] * (1 + more)))
        assert expert[1] == min(wanted, span.hi if span.hi is not None else wanted)
        checked += expert[1] > greedy[1]
    assert checked >= 3


def test_the_expert_draws_by_feel() -> None:
    below = MEDICI["expert"].draws_below
    assert below is not None
    values = load_variant("medici").logic.value  # type: ignore[attr-defined]
    checked = 0
    for seed in range(12):
        game = engine.new_game("medici", 4, seed=seed)
        game.apply("draw")
        legal = game.legal_actions()
        if DRAW not in legal or STOP not in legal:
            continue
        seat = game.current_player
        move = make_bot("expert", 1).choose(game.view(seat), legal, game.variant)
        face = sum(values[c] for c in game.state.lot)
        assert move == (DRAW if face < below else STOP)
        checked += 1
    assert checked >= 6


# -- styles of stated numbers -------------------------------------------------------------------
def test_a_style_spec_reads_back_as_itself_and_plays() -> None:
    traits = parse_traits("face=2, race=2,pay0.9/raise0.25/draw8/misjudge0.1/excite0.2")
    assert traits.weights == (0.0, 0.5, 0.5, 0.0)
    assert (traits.pay, traits.raise_, traits.draw) == (0.9, 0.25, 8)
    spec = traits.spec()
    assert spec == "style:face0.5/race0.5/pay0.9/raise0.25/draw8/misjudge0.1/excite0.2"
    assert parse_traits(spec.partition(":")[2]) == traits
    assert make_bot(spec, 1).spec == spec
    assert parse_traits("rows1").weights == (0.0, 0.0, 0.0, 1.0)
    game, _ = _play("medici", [spec, "style:ours1", "greedy", "casual"], 2)
    assert game.winners


@pytest.mark.parametrize("spec, says", [
    ("style", "give a style's traits"),
    ("style:pay", "is not a name and a number"),
    ("style:wit3", "unknown style trait 'wit'"),
    ("style:pay9", "pay: from 0.05 to 3, got 9"),
    ("style:face-1", "a weight is 0 or more"),
    ("style:draw=inf", "is not a name and a number"),
])
def test_bad_style_specs_say_what_is_wrong(spec: str, says: str) -> None:
    problem = check_spec(spec)
    assert problem is not None and says in problem, problem


# -- the ladder, on modest seeded samples ----------------------------------------------------
def _share(top: str, below: str, variant: str, players: int, games: int) -> float:
    result = run(variant, [top] + [below] * (players - 1), games, seed=41, jobs=1, keep=False)
    return next(b["win_share"] for b in result.summary["bots"] if b["bot"] == top)


def test_fast_levels_are_apart_from_the_one_below_and_the_novice_loses_to_face() -> None:
    assert _share("casual", "novice", "medici", 4, 80) >= apart_share(4)
    assert _share("club", "casual", "medici", 4, 80) >= apart_share(4)
    assert _share("novice", "face", "medici", 4, 40) < 0.25
    assert _share("casual", "novice", "medici-vs-strozzi", 2, 40) >= apart_share(2)
    assert _share("club", "casual", "medici-vs-strozzi", 2, 40) >= apart_share(2)
    assert _share("novice", "face", "medici-vs-strozzi", 2, 40) < 0.5


# -- medici ratings ---------------------------------------------------------------------------
def test_apart_is_two_to_one_odds_at_any_table() -> None:
    assert apart_share(4) == pytest.approx(0.4)
    assert apart_share(2) == pytest.approx(2 / 3)


def test_a_small_rating_league_rates_everyone_and_its_blocks_replay() -> None:
    var = load_variant("medici")
    league = play(var, 4, games=4, search_games=1, tables=3, search_tables=1, seed=5,
                  master_as="mcts:3")
    assert {r.bot for r in league.ratings} <= set(entrants())
    assert {"novice", "casual", "club", "expert", "master"} <= {r.bot for r in league.ratings}
    assert [(s.top, s.below) for s in league.ladder] == [
        ("casual", "novice"), ("club", "casual"), ("expert", "club"), ("master", "expert")]
    assert league.face is not None and league.face.below == "face"
    assert all(r.low < r.rating < r.high for r in league.ratings)
    assert league.games == sum(g for _, g, _ in league.blocks) == 4 * 5 + 4 * 4
    # A ladder block played again by the tournament runner gives the same share.
    lineup, games, seed = league.blocks[3]
    assert lineup == ["mcts:3", "expert", "expert", "expert"]
    again = run(var, lineup, games, seed=seed, jobs=1, keep=False).summary["bots"][0]
    assert again["win_share"] == league.ladder[3].win_share
    same = play(var, 4, games=4, search_games=1, tables=3, search_tables=1, seed=5,
                master_as="mcts:3")
    assert [r.as_dict() for r in same.ratings] == [r.as_dict() for r in league.ratings]


def test_medici_ratings_prints_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", "--game", "medici-vs-strozzi", "--games", "2",
                 "--search-games", "2", "--tables", "2", "--search-tables", "0",
                 "--master-as", "mcts:3", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 2 and data["apart_share"] == pytest.approx(0.6667, abs=1e-4)
    assert len(data["ladder"]) == 4 and data["face"]["below"] == "face"
    assert data["played_as"] == {"master": "mcts:3"}
    assert all({"bot", "rating", "rating_ci95_low", "rating_ci95_high", "games"}
               <= set(r) for r in data["ratings"])
    assert main(["ratings", "--games", "4", "--search-games", "1", "--tables", "1",
                 "--search-tables", "0", "--master-as", "mcts:2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "rating (95% CI)" in out and "casual vs novice" in out and "novice vs face" in out


@pytest.mark.parametrize("argv, says", [
    (["--players", "7"], "plays with 2, 3, 4, 5, 6 players, not 7"),
    (["--games", "0"], "games must be at least 1"),
    (["--tables", "-1"], "tables must be 0 or more"),
    (["--master-as", "mcts:x"], "mcts budget"),
])
def test_medici_ratings_refuses_bad_requests(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ratings", *argv]) == 2
    assert says in capsys.readouterr().err


# -- medici exploit ---------------------------------------------------------------------------
def test_decode_maps_the_unit_cube_onto_the_stated_ranges() -> None:
    from engine.exploit import DIMS, decode

    low = decode([0.0] * len(DIMS))
    high = decode([1.0] * len(DIMS))
    assert low.weights == (1.0, 0.0, 0.0, 0.0)  # no weight at all: our model's worth
    assert (low.pay, low.raise_, low.draw) == (0.2, 0.0, 0)
    assert high.weights == (0.25, 0.25, 0.25, 0.25)
    assert (high.pay, high.raise_, high.draw) == (2.5, 1.0, 16)
    assert decode([2.0] * len(DIMS)) == high


def test_the_exploit_tuner_runs_a_tiny_budget_alike_twice() -> None:
    pytest.importorskip("cma")
    from engine.exploit import tune

    var = load_variant("medici")
    first = tune("greedy", var, 4, budget=3, games=4, check=4, finalists=2, seed=3)
    assert len(first.trials) == 3 and len(first.checks) == 2
    assert first.best in first.checks
    assert first.best.spec.startswith("style:")
    assert all(t.games == 4 for t in first.trials + first.checks)
    again = tune("greedy", var, 4, budget=3, games=4, check=4, finalists=2, seed=3)
    assert [t.as_dict() for t in again.trials] == [t.as_dict() for t in first.trials]
    data = first.as_dict()
    assert data["target_ratio"] == 1.2 and isinstance(data["met"], bool)


def test_medici_exploit_prints_the_best_exploiter(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("cma")
    assert main(["exploit", "greedy", "--game", "medici-vs-strozzi", "--budget", "2",
                 "--games", "2", "--check", "2", "--finalists", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "best exploiter: values a sale by" in out
    assert "greedy keeps" in out and "target 1.2x" in out
    assert main(["exploit", "greedy", "--budget", "1"]) == 2
    assert "budget must be at least 2" in capsys.readouterr().err
    assert main(["exploit", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_extreme_traits_still_make_only_legal_moves_in_both_games() -> None:
    wild = "style:face1/pay3/raise1/excite2/misjudge0.9/draw40"
    shy = "style:majorities1/pay0.05/draw0"
    assert _play("medici", [wild, shy, "novice", "casual"], 8)[0].winners
    assert _play("medici-vs-strozzi", [wild, shy], 8)[0].winners
