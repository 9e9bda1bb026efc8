"""The shell tells nobody what the rules hide (G-3) and lets nobody bid twice.

- A new game's seed rebuilds the pile order, so the shell names it only when the user chose
  it (``--seed``) or once the game is over.
- ``undo`` against bots takes back your last move and the bot moves after it, but never a
  bot's move that ended an auction (M-9) or an offer (S-9) whose end you have seen;
  between people alone it goes one move at a time.
- Seeds are ASCII digits, 0 to 2**64-1; anything else is refused with a clear message.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from test_shell_commands import Run

from engine.chance import Rng
from engine.game import Game
from engine.play import TableError
from engine.play.lineup import MAX_SEED, parse_lineup
from engine.shell import main
from engine.simulate import random_action


@pytest.fixture
def run(tmp_path) -> Run:
    return Run(tmp_path / "saves")


def play_until(run: Run, found: Callable[[Game], bool], seed: int, limit: int = 600) -> None:
    """Make seeded random moves for the people (the bots move by themselves) until ``found``."""
    session = run.shell.table
    rng = Rng(seed)
    for _ in range(limit):
        game = session.game
        if found(game):
            return
        assert not game.is_over, "the game ended before the position was found"
        run.do(str(random_action(game, rng)))
    pytest.fail("position not found")


def _bid(game: Game) -> str:
    """The lowest legal bid, else a pass."""
    span = next((x for x in game.legal_actions() if getattr(x, "kind", "") == "bid"), None)
    return f"bid {span.lo}" if span is not None and hasattr(span, "lo") else "pass"


# -- seeds (G-3) ----------------------------------------------------------------------------
def test_a_random_seed_is_named_only_once_the_game_is_over(run) -> None:
    text = run.do("new medici Ann Bo")
    game = run.shell.table.game
    seed = str(game.seed)
    assert text.startswith("New game of medici: Ann, Bo.") and "seed" not in text
    shown = text
    rng = Rng(5)
    while not game.is_over:
        shown += run.do(str(random_action(game, rng)))
        if not game.is_over:
            assert seed not in shown
    assert f"This game was dealt from seed {seed}." in shown
    # A finished game opened again names its seed too.
    assert f"dealt from seed {seed}" in Run(run.shell.saves).do("open " + str(
        run.shell.table.autosave_path))


def test_a_chosen_seed_is_named_and_an_unfinished_save_hides_the_pile(run) -> None:
    assert "New game of medici: Ann, Bo (seed 7)." in run.do("new medici Ann Bo --seed 7")
    run.do("draw")
    saved = json.loads(run.shell.table.autosave_path.read_text())
    assert "pile" not in saved["state"] and "removed" not in saved["state"]
    chosen = Run(run.shell.saves)
    chosen.shell.seed = 12  # `medici --seed 12`: the user chose it
    assert "(seed 12)." in chosen.do("new medici-vs-strozzi Ann Bo")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("²", "digits 0-9"),  # isdigit() says yes, int() says no: was an internal error
        ("٣", "digits 0-9"),  # int() reads Arabic-Indic digits; a seed is ASCII
        ("-1", "digits 0-9"),
        ("7.5", "digits 0-9"),
        (str(MAX_SEED + 1), "seeds go from 0 to 18446744073709551615"),
    ],
)
def test_seeds_are_ascii_digits_up_to_2_to_the_64(run, text: str, says: str) -> None:
    message = run.do(f"new medici Ann Bo --seed {text}", ok=False)
    assert says in message and "internal error" not in message
    assert run.shell.table is None
    with pytest.raises(TableError, match=says):
        parse_lineup(["medici", "Ann", "Bo", "--seed", text])
    with pytest.raises(SystemExit):
        main(["--seed", text])


def test_the_largest_seed_plays_and_an_engine_refusal_is_shown(run, monkeypatch) -> None:
    assert parse_lineup(["medici", "Ann", "Bo", "--seed", str(MAX_SEED)]).seed == MAX_SEED
    run.do(f"new medici Ann Bo --seed {MAX_SEED}")
    assert run.shell.table.game.seed == MAX_SEED

    def refuse(*args: object, **kwargs: object) -> Game:
        raise ValueError("seed 5 is not one this engine plays")

    monkeypatch.setattr("engine.play.lineup.new_game", refuse)
    message = run.do("new medici Ann Bo --seed 5", ok=False)
    assert "cannot start the game: seed 5 is not one this engine plays" in message
    assert "internal error" not in message
    assert run.shell.table.game.seed == MAX_SEED  # the game in progress is untouched


# -- undo against bots ------------------------------------------------------------------------
def test_undo_never_takes_back_a_bot_move_that_ended_an_auction_you_saw(run) -> None:
    """The issue's case: Cy (bot) selects, Ann bids, Bo and Cy (bots) bid and the lot is
    sold. Undo must not put Ann back at her bid knowing theirs (M-9)."""
    run.do("new medici Ann Bo=bot:random Cy=bot:random --seed 21")
    session = run.shell.table
    for attempt in range(40):
        play_until(run, lambda g: g.phase == "bidding" and g.current_player == 0
                   and g.view()["selector"] == 2, seed=attempt)
        run.do(_bid(session.game))
        game = session.game
        # The bots ended the auction and it is Ann's turn to select: no card seen since.
        if game.phase == "selecting" and game.current_player == 0 and not game.view()["lot"]:
            break
    else:
        pytest.fail("no auction ended by a bot with Ann to select next")
    events = list(game.events)
    last = game.events[-1]
    assert last["type"] in ("buy", "discard")
    message = run.do("undo", ok=False)
    assert "ended the auction, and you have seen how it ended" in message
    assert "(a bot)" in message and "Took back" not in message
    assert session.game.events == events  # nothing changed
    saved = json.loads(session.autosave_path.read_text())
    assert len(saved["events"]) == len(events)


def test_undo_takes_back_your_move_and_bot_bids_that_ended_nothing(run) -> None:
    """Ann selects and stops; the bots bid; Ann (selector) bids last. Undo takes back the
    bots' bids and Ann's stop: the auction has not ended, its result is unseen."""
    run.do("new medici Ann Bo=bot:random Cy=bot:random --seed 4")
    session = run.shell.table
    play_until(run, lambda g: g.phase == "selecting" and g.current_player == 0
               and bool(g.view()["lot"]), seed=1)
    before = session.game.view()
    run.do("stop")
    game = session.game
    assert game.phase == "bidding" and game.current_player == 0
    text = run.do("undo")
    assert "Took back 3 moves: Ann stops and offers the lot " in text
    assert "; Bo " in text and "; Cy " in text
    assert session.game.view() == before


def test_undo_in_a_strozzi_game_never_takes_back_the_bots_answer_to_an_offer(run) -> None:
    """S-9: Ann prices a lot, the bot declines it (so Ann buys it at her price): undo must
    not let Ann price it again knowing the answer."""
    run.do("new medici-vs-strozzi Ann Bo=bot:random --seed 3")
    session = run.shell.table
    for attempt in range(40):
        play_until(run, lambda g: g.phase == "pricing" and g.current_player == 0, seed=attempt)
        run.do("price 1")
        if session.game.phase == "loading" and session.game.current_player == 0:
            break
    else:
        pytest.fail("the bot never declined an offer")
    events = list(session.game.events)
    message = run.do("undo", ok=False)
    assert "Bo's decline (a bot) ended the offer" in message
    assert session.game.events == events


def test_between_people_alone_undo_goes_one_move_at_a_time(run) -> None:
    """Hot seat: Cy selects, Ann, Bo and Cy bid and the lot is sold; three undos take the
    three bids back one by one (everyone saw everything anyway)."""
    run.do("new medici Ann Bo Cy --seed 9")
    session = run.shell.table
    play_until(run, lambda g: g.phase == "bidding" and g.current_player == 0
               and g.view()["selector"] == 2, seed=2)
    views, told = [], []
    for _ in range(3):
        views.append(session.game.view())
        who = session.game.players[session.game.current_player]
        move = _bid(session.game)
        told.append(f"{who} bids {move.split()[1]}" if move != "pass" else f"{who} passes")
        run.do(move)
    assert session.game.phase != "bidding"
    for view, move in zip(reversed(views), reversed(told), strict=True):
        assert f"Took back: {move}." in run.do("undo")  # the move named, one at a time
        assert session.game.view() == view


def test_help_undo_explains_the_rule(run) -> None:
    text = " ".join(run.do("help undo").split())
    assert "never a bot's move that ended an auction" in text
    assert "hot seat" in text and "one move at a time" in text
