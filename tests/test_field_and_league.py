"""The field of bot styles and ``medici league`` (issue: bots that win against strangers)."""

from __future__ import annotations

import json

import pytest

import engine
from engine.actions import Action, Span, is_legal
from engine.bots import FIELD, STYLES, BotError, StyleBot, check_spec, make_bot
from engine.bots.parts import build_parts
from engine.bots.styles import style_move as own_style_move
from engine.chance import seat_seed
from engine.cli import main
from engine.game import Game
from engine.league import overall, play, report, sizes_for
from engine.rules import load_variant
from engine.tournament import TournamentError, play_game


def _play(variant: str, specs: list[str], seed: int) -> Game:
    game = engine.new_game(variant, len(specs), seed=seed)
    bots = [make_bot(s, seat_seed(seed, k)) for k, s in enumerate(specs)]
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal, game.variant)
        assert is_legal(action, legal), (specs[seat], action, legal)
        game.apply(action)
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_style_plays_whole_medici_games_legally(players: int) -> None:
    specs = [*STYLES, "random", "greedy"][:players]
    for seed in range(2):
        assert _play("medici", specs, seed + 10 * players).winners


@pytest.mark.parametrize("style", STYLES)
def test_every_style_plays_medici_vs_strozzi_legally(style: str) -> None:
    assert _play("medici-vs-strozzi", [style, "greedy"], 3).winners
    assert _play("medici-vs-strozzi", ["random", style], 4).winners


def style_move(game: Game, style: str) -> Action:
    """The move of ``style`` here, judged with fresh parts."""
    return own_style_move(game, style, build_parts(game.variant))


def _first_auction(players: int = 4, seed: int = 2) -> Game:
    """A Medici game at its first bid with a lot of two cards."""
    game = engine.new_game("medici", players, seed=seed)
    game.apply("draw")
    game.apply("draw")
    game.apply("stop")
    assert game.state.phase == "bidding"
    return game


def test_styles_bid_differently_on_the_same_lot() -> None:
    # The styles are different opponents, not one bot renamed: on one lot at least three
    # different first bids (or passes) come out of the four styles.
    moves = set()
    for seed in range(6):
        game = _first_auction(seed=seed)
        moves |= {(seed, str(style_move(game, s))) for s in STYLES}
    per_seed = {}
    for seed, move in moves:
        per_seed.setdefault(seed, set()).add(move)
    assert max(len(v) for v in per_seed.values()) >= 3


def test_thrifty_bids_the_minimum_and_valuer_bids_higher() -> None:
    for seed in range(8):
        game = _first_auction(seed=seed)
        span = game.legal_actions()[0]
        assert isinstance(span, Span)
        thrifty = style_move(game, "thrifty")
        valuer = style_move(game, "valuer")
        assert thrifty == Action("pass") or thrifty.amount == span.lo
        if thrifty != Action("pass"):
            assert valuer != Action("pass") and valuer.amount >= thrifty.amount


def test_style_specs_are_accepted_and_listed() -> None:
    for style in STYLES:
        assert check_spec(style) is None
        assert isinstance(make_bot(style, 1), StyleBot)
    assert check_spec("thrifty:3") is not None
    with pytest.raises(BotError):
        make_bot("stingy", 1)
    assert FIELD[-1] == "random" and set(STYLES) < set(FIELD)


# -- the league ---------------------------------------------------------------------------------
def test_a_tiny_league_has_one_match_per_size_and_style_worst_first() -> None:
    matches = play("greedy", "medici", [3, 4], games=2, field=["thrifty", "random"], seed=3)
    assert {(m.players, m.style) for m in matches} == {
        (3, "thrifty"), (3, "random"), (4, "thrifty"), (4, "random")
    }
    for m in matches:
        assert m.games % m.players == 0 and m.games >= 2  # rounded up: every seat held
        assert 0.0 <= m.low <= m.win_share <= m.high <= 1.0
        assert m.fair == pytest.approx(1 / m.players)
    ratios = [m.ratio for m in matches]
    assert ratios == sorted(ratios)
    text = report("greedy", "medici", matches)
    assert "worst" in text and text.count("\n") == len(matches) + 2
    assert overall(matches)["matches"] == 4


def test_league_figures_match_a_plain_tournament() -> None:
    # A league match is a tournament of the bot against copies of one style.
    [m] = play("greedy", "medici", [3], games=3, field=["hoarder"], seed=5)
    from engine.tournament import run

    summary = run("medici", ["greedy", "hoarder", "hoarder"], 3, seed=5).summary
    mine = next(b for b in summary["bots"] if b["bot"] == "greedy")
    assert m.win_share == mine["win_share"] and m.mean_money == mine["mean_money"]


def test_league_skips_the_mirror_match_and_plays_medici_vs_strozzi_heads_up() -> None:
    assert sizes_for(load_variant("medici-vs-strozzi"), [3, 4, 5]) == [2]
    matches = play("thrifty", "medici-vs-strozzi", [3, 4, 5], games=2,
                   field=["thrifty", "valuer"])
    assert [(m.players, m.style) for m in matches] == [(2, "valuer")]


def test_league_refuses_bad_requests() -> None:
    with pytest.raises(TournamentError, match="unknown bot"):
        play("greedy", "medici", [4], games=2, field=["stingy"])
    with pytest.raises(TournamentError, match="players"):
        play("greedy", "medici", [7, 8], games=2, field=["thrifty"])
    with pytest.raises(TournamentError, match="at least 1"):
        play("greedy", "medici", [4], games=0, field=["thrifty"])
    with pytest.raises(TournamentError, match="seed"):
        play("greedy", "medici", [4], games=4, field=["thrifty"], seed=-1)


def test_medici_league_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["league", "--bot", "greedy", "--players", "3", "--field", "valuer,random",
                 "--games", "3", "--jobs", "1", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bot"] == "greedy" and out["matches"] == 2
    assert [row["style"] for row in out["table"]] == sorted(
        (row["style"] for row in out["table"]), key=lambda s: next(
            r["ratio"] for r in out["table"] if r["style"] == s))
    assert {"win_share", "win_share_ci95_low", "win_share_ci95_high", "mean_money",
            "fair_share", "ratio"} <= set(out["table"][0])


def test_medici_league_command_refuses_bad_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["league", "--players", "three", "--games", "1"]) == 2
    assert "table sizes" in capsys.readouterr().err


# -- one seeding rule ---------------------------------------------------------------------------
def test_shell_and_tournament_seed_bots_alike() -> None:
    from engine.play import Table, bot_seed

    game = engine.new_game("medici", 3, seed=42)
    assert [bot_seed(game, s) for s in range(3)] == [seat_seed(42, s) for s in range(3)]
    session = Table(game, ["greedy", "thrifty", "greedy"])
    while not game.is_over:
        session.bot_move(game.current_player)
    summary = play_game("medici", ["greedy", "thrifty", "greedy"], 42)
    assert game.summary()["money"] == summary["money"]


def test_the_shell_offers_every_style_on_tab() -> None:
    from engine.shell.arg_completion import BOT_CHOICES

    assert set(STYLES) <= set(BOT_CHOICES)
    assert all(check_spec(spec) is None for spec in BOT_CHOICES)
