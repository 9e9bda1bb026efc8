"""What bots' positions share decides exactly as working everything out afresh.

A search meets the same standing again and again (each determinization of one history
hides a different pile or bag order, which no position reads), so positions share what
they work out: Medici vs Strozzi keeps lots' worths, loads' gains and standings by the
exact numbers they come from (``PositionCache.standing``); Medici keeps recent positions
of other states by their contents (``PositionCache.other_position``). With
``PositionCache.SHARE`` off, each position works out its own. Whole games of searching
and greedy bots against the field, and a search's analysis at the first bid or price,
must be the same either way, to the last bit; and the Strozzi valuation's written-out
paths must give what the general ones give.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

import engine
from engine.bots import make_bot
from engine.bots.parts import PositionCache
from engine.chance import Rng
from engine.runs.random_play import random_choice
from engine.strozzi.logic import StrozziState
from engine.strozzi.value import ALL, PRIZE, ROW_KEEP, ROWS, Position, Side, StrozziValuation


def played(variant: str, bots: list[str], seed: int) -> tuple[list[str], object]:
    """Every move of one game of ``bots`` and its summary."""
    game = engine.new_game(variant, len(bots), seed=seed)
    players = [make_bot(spec, 100 * seed + seat) for seat, spec in enumerate(bots)]
    moves = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        action = players[seat].choose(game.view(seat), game.legal_actions(), game.variant)
        moves.append(str(action))
        game.push(action)
    return moves, game.summary()


def first_bid(variant: str, players: int, seed: int) -> engine.Game:
    """A new game at its first auction (Medici) or price (Medici vs Strozzi)."""
    game = engine.new_game(variant, players, seed=seed)
    game.apply("draw")
    game.apply("stop")
    return game


def analysis(variant: str, players: int, seed: int) -> list[tuple[object, ...]]:
    game = first_bid(variant, players, seed)
    seat = game.current_player
    bot = make_bot("mcts:300", 5)
    rows = bot.analyse(game.view(seat), game.legal_actions(), game.variant, top=None)
    return [tuple(row) for row in rows]


def both_ways(monkeypatch: pytest.MonkeyPatch, run: object) -> tuple[object, object]:
    """``run()`` with positions sharing, then with each working out its own."""
    assert callable(run)
    shared = run()
    monkeypatch.setattr(PositionCache, "SHARE", False)
    alone = run()
    return shared, alone


GAMES = [
    ("medici", ["mcts:120", "greedy", "valuer", "spoiler"], 0),
    ("medici", ["racer", "mcts:120", "greedy", "collector"], 1),
    ("medici-vs-strozzi", ["mcts:120", "greedy"], 0),
    ("medici-vs-strozzi", ["spoiler", "mcts:120"], 1),
    ("medici-vs-strozzi", ["greedy", "thrifty"], 2),
]


@pytest.mark.parametrize(("variant", "bots", "seed"), GAMES)
def test_a_game_is_the_same_whether_positions_share_or_not(
    monkeypatch: pytest.MonkeyPatch, variant: str, bots: list[str], seed: int
) -> None:
    shared, alone = both_ways(monkeypatch, lambda: played(variant, bots, seed))
    assert shared == alone
    assert len(shared[0]) > 50  # type: ignore[index]


@pytest.mark.parametrize(("variant", "players"), [("medici", 4), ("medici-vs-strozzi", 2)])
def test_an_analysis_is_the_same_whether_positions_share_or_not(
    monkeypatch: pytest.MonkeyPatch, variant: str, players: int
) -> None:
    shared, alone = both_ways(monkeypatch, lambda: analysis(variant, players, 1))
    assert shared == alone
    assert len(shared) > 1  # type: ignore[arg-type]


def test_standings_are_shared_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    game = first_bid("medici-vs-strozzi", 2, 1)
    seat = game.current_player
    bot = make_bot("mcts:300", 5)
    val = bot.parts(game.variant).valuation  # type: ignore[attr-defined]
    standing = val.standing
    position = val.position
    asked = []

    def counted(st: StrozziState) -> object:
        asked.append(st)
        return position(st)

    monkeypatch.setattr(val, "position", counted)
    before = val.asked  # the thread's parts: other bots of this thread may have asked
    bot.choose(game.view(seat), game.legal_actions(), game.variant)
    # Positions met again (each iteration starts from the same history) share a standing,
    # or are the very position kept (``other_position``).
    assert 0 < len(val.standings) <= val.asked - before
    if "engine.strozzi.value" in engine.compiled():
        # Compiled, the valuation calls its own ``position`` natively: the patch is not seen.
        assert asked == []
    else:
        assert val.asked - before < 0.8 * len(asked)
    monkeypatch.setattr(PositionCache, "STANDINGS", 3)
    val.standings.clear()
    numbers = [standing(key) for key in [("a",), ("b",), ("c",), ("c",)]]
    assert numbers[2] == numbers[3]  # kept: the same number
    later = standing(("d",))  # full: all dropped, numbers never reused
    assert later > max(numbers) and list(val.standings) == [("d",)]
    assert not any(val.memos)


# -- the Strozzi valuation's written-out paths ---------------------------------------------
def strozzi_positions(games: int) -> Iterator[tuple[StrozziValuation, StrozziState]]:
    """States of random Medici vs Strozzi games while a lot is priced or loaded."""
    var = engine.load_variant("medici-vs-strozzi")
    for seed in range(games):
        game = engine.new_game(var, 2, seed=seed)
        rng = Rng(seed + 7)
        while not game.is_over:
            if game.state.phase in ("pricing", "offer", "loading"):
                yield StrozziValuation(var), game.state.clone()
            game.push(random_choice(game.legal_actions(), rng))


def general_side(pos: Position, p: int, h: int, extra: tuple[int, list[str], int]) -> Side | None:
    """``Position.side`` as first written: the fleet copied, the extra tiles added, each
    sum over the tiles by itself."""
    val, st = pos.val, pos.st
    holds = val.holds
    fleet = st.ships[p]
    placed = list(st.harbour[p])
    lots = list(fleet)
    i, tiles, where = extra
    if i >= 0:
        lots[i] = fleet[i] + tiles
        placed[i] = where
    goods = len(val.goods)
    if h in placed:
        i = placed.index(h)
        tiles = lots[i]
        value = sum(val.value[t] for t in tiles)
        push = [0.0] * goods
        for t in tiles:
            if val.kind[t] >= 0:
                push[val.kind[t]] += val.push[t]
        expect = (holds[i] - len(tiles)) * pos.fill
    else:
        empty = [holds[i] for i in range(len(holds)) if placed[i] < 0]
        if not empty:
            return None
        expect = sum(empty) / len(empty) * pos.fill
        value = 0
        push = [0.0] * goods
    push_var = [0.0] * goods
    for g in range(goods):
        n = expect * pos.share[g]
        push[g] += n * pos.push_mean[g]
        push_var[g] = n * (pos.push_sq[g] - pos.push_mean[g] * pos.push_mean[g] * pos.share[g])
    return (value + expect * pos.mean, expect * pos.var, tuple(push), tuple(push_var))


def general_harbour(pos: Position, p: int, h: int, extra: tuple[int, list[str], int]
                    ) -> tuple[float, float]:
    """``Position._harbour_parts`` as first written: no ship read as zeros where used,
    each step halved where it is used."""
    val = pos.val
    mine = general_side(pos, p, h, extra)
    theirs = general_side(pos, 1 - p, h, (-1, [], -1))
    a = mine[0] if mine else 0.0
    b = theirs[0] if theirs else 0.0
    var = (mine[1] if mine else 0.0) + (theirs[1] if theirs else 0.0) + 0.25
    got = 0.0
    got += val.prize * math.erf((a - b) / math.sqrt(2.0 * var))
    prize = got
    for r in val.harbour_rows[h]:
        g = val.rows[r][1]
        marker = pos.st.markers[r]
        at = -marker if p == 0 else marker
        shift = (mine[2][g] if mine else 0.0) - (theirs[2][g] if theirs else 0.0)
        spread = (mine[3][g] if mine else 0.0) + (theirs[3][g] if theirs else 0.0)
        mid = at + shift
        scale = math.sqrt(2.0) * math.sqrt(spread + 0.2)
        row = 0.0
        for edge, step in val.steps:
            row += step * 0.5 * (math.erf((mid - edge) / scale) - math.erf((-mid - edge) / scale))
        got += row * (1.0 + ROW_KEEP * pos.later)
    return got, prize


def test_strozzi_sides_and_harbours_are_the_general_ones() -> None:
    checked = 0
    for val, st in strozzi_positions(12):
        pos = Position(val, st)
        lot = st.lot
        for p in (0, 1):
            for h in range(len(val.harbours)):
                loads = pos.loads(p, len(lot))
                extras = [(-1, [], -1)] + [(i, lot, where) for i, where, _ in loads]
                extras += [(i, [], where) for i, where, fresh in pos.loads(p, 0) if fresh]
                for extra in extras:
                    assert pos.side(p, h, extra) == general_side(pos, p, h, extra)
                    assert pos._harbour_parts(p, h, extra) == general_harbour(pos, p, h, extra)
                    checked += 1
    assert checked > 2000


def test_a_harbour_without_a_ship_sent_elsewhere_is_the_one_worked_out() -> None:
    checked = 0
    for val, st in strozzi_positions(12):
        fresh_pos = Position(val, st)
        for p in (0, 1):
            for ship, h, fresh in fresh_pos.loads(p, 0):
                if not fresh:
                    continue
                for x in range(len(val.harbours)):
                    if x == h or x in st.harbour[p]:
                        continue
                    for part in (ALL, PRIZE, ROWS):
                        alone = Position(val, st).harbour(p, x, (ship, [], h), part)
                        assert fresh_pos.without(p, x, ship, h, part) == alone
                        checked += 1
    assert checked > 500


def general_numbers(val: StrozziValuation, st: StrozziState) -> tuple[object, ...]:
    """A Strozzi position's bag numbers as first written: the bag counted, then each sum
    over it by itself."""
    value, kind, push = val.value, val.kind, val.push
    goods = len(val.goods)
    bag = val.bag_counts(st)
    count = sum(bag.values())
    mean = sum(value[t] * c for t, c in bag.items()) / count if count else 0.0
    var = sum((value[t] - mean) ** 2 * c for t, c in bag.items()) / count if count else 0.0
    per_good = [0] * goods
    push_sum = [0.0] * goods
    push_sq = [0.0] * goods
    for t, c in bag.items():
        if kind[t] >= 0:
            per_good[kind[t]] += c
            push_sum[kind[t]] += push[t] * c
            push_sq[kind[t]] += push[t] * push[t] * c
    free = sum(h - len(t) for fleet in st.ships for h, t in zip(val.holds, fleet, strict=True))
    return (
        mean, var, [c / count if count else 0.0 for c in per_good],
        [push_sum[g] / per_good[g] if per_good[g] else 0.0 for g in range(goods)],
        [push_sq[g] / per_good[g] if per_good[g] else 0.0 for g in range(goods)],
        min(1.0, 0.8 * count / free) if free else 0.0,
    )


def bits(x: float) -> str:
    """A float to the last bit, the sign of a zero included."""
    return float(x).hex()


def flat(numbers: tuple[object, ...]) -> list[str]:
    """Numbers and lists of numbers, each to the last bit."""
    out = []
    for x in numbers:
        out += [bits(y) for y in x] if isinstance(x, list) else [bits(x)]  # type: ignore[arg-type]
    return out


def test_a_strozzi_position_reads_the_bag_as_counting_it_first() -> None:
    checked = 0
    for val, st in strozzi_positions(10):
        pos = Position(val, st)
        mine = (pos.mean, pos.var, pos.share, pos.push_mean, pos.push_sq, pos.fill)
        assert flat(mine) == flat(general_numbers(val, st))
        checked += 1
    assert checked > 500


def test_erf_is_odd_to_the_last_bit() -> None:
    # What reading the opponent's standing as seat 0's turned around rests on.
    rng = Rng(5)
    for _ in range(20000):
        x = (rng.below(2**53) / 2**53 - 0.5) * 2.0 ** (rng.below(14) - 8)
        assert bits(math.erf(-x)) == bits(-math.erf(x))


def general_parts(pos: Position, p: int, h: int, extra: tuple[int, list[str], int],
                  part: int) -> float:
    """One part of ``general_harbour``."""
    got, prize = general_harbour(pos, p, h, extra)
    return got if part == ALL else prize if part == PRIZE else got - prize


def general_worth(pos: Position, p: int, lot: list[str], part: int) -> tuple[float, list[float]]:
    """``Position.worth`` and each load's gain as first written: every harbour worked out
    by ``general_harbour`` for each player, nothing kept."""
    val, st = pos.val, pos.st
    none = (-1, [], -1)
    best = 0.0
    gains = []
    for ship, h, fresh in pos.loads(p, len(lot)):
        gain = general_parts(pos, p, h, (ship, lot, h), part) - general_parts(pos, p, h, none, part)
        if fresh:
            shift = 0.0
            for x in range(len(val.harbours)):
                if x != h and x not in st.harbour[p]:
                    shift += (general_parts(pos, p, x, (ship, [], h), part)
                              - general_parts(pos, p, x, none, part))
            gain += shift
        gains.append(gain)
        best = max(best, gain)
    return best, gains


def test_strozzi_worths_gains_and_standings_are_the_general_ones() -> None:
    checked = 0
    for val, st in strozzi_positions(8):
        pos = Position(val, st)
        lots = [st.lot] if st.lot else []
        lots += [[t] for t in sorted(val.bag_counts(st))[:2]]
        for p in (0, 1):
            standing = sum(general_parts(pos, p, h, (-1, [], -1), ALL)
                           for h in range(len(val.harbours)))
            assert bits(pos.standing(p)) == bits(standing)
            for h in range(len(val.harbours)):
                for part in (ALL, PRIZE, ROWS):
                    assert bits(pos.harbour(p, h, None, part)) == bits(
                        general_parts(pos, p, h, (-1, [], -1), part))
            for lot in lots:
                for part in (ALL, PRIZE, ROWS):
                    best, gains = general_worth(pos, p, lot, part)
                    assert bits(pos.worth(p, lot, part)) == bits(best)
                    assert [bits(pos.load_gain(p, ship, h, fresh, lot, part))
                            for ship, h, fresh in pos.loads(p, len(lot))] == [
                        bits(g) for g in gains]
                    checked += 1
    assert checked > 2000


def test_three_steps_written_out_are_the_steps_loop() -> None:
    checked = 0
    for val, st in strozzi_positions(6):
        assert val.three_steps is not None  # the default rows pay in three steps
        pos = Position(val, st)
        looped = StrozziValuation(val.variant)
        looped.three_steps = None
        other = Position(looped, st)
        for p in (0, 1):
            for h in range(len(val.harbours)):
                side = pos.side(p, h, None)
                assert [bits(x) for x in pos._parts(p, h, side)] == [
                    bits(x) for x in other._parts(p, h, side)]
                checked += 1
    assert checked > 1000


def test_a_draws_worths_are_each_tiles_worth() -> None:
    """``Position.draw_worths``, written out load by load, is ``worth(p, lot + [t])`` of
    every tile the bag may give, to the last bit, in every drawing state of random games."""
    var = engine.load_variant("medici-vs-strozzi")
    checked = 0
    for seed in range(10):
        game = engine.new_game(var, 2, seed=seed)
        rng = Rng(seed + 11)
        while not game.is_over:
            st = game.state
            if st.phase == "drawing" and len(st.lot) < 3:
                # The usual three steps written out, and the steps' loop (``_row_worth``).
                for looped in (False, True):
                    val = StrozziValuation(var)
                    alone = StrozziValuation(var)
                    if looped:
                        val.three_steps = alone.three_steps = None
                    tiles = sorted(val.bag_counts(st))
                    drawn = Position(val, st)
                    assert drawn.bag() == list(val.bag_counts(st).items())
                    for p in (0, 1):
                        fresh = Position(alone, st)
                        assert [bits(x) for x in drawn.draw_worths(p, st.lot, tiles)] == [
                            bits(fresh.worth(p, [*st.lot, t])) for t in tiles]
                        twice = tiles + tiles[:2]  # a tile asked for twice: its worth twice
                        assert drawn.draw_worths(p, st.lot, twice) == [
                            fresh.worth(p, [*st.lot, t]) for t in twice]
                        checked += 1
            game.push(random_choice(game.legal_actions(), rng))
    assert checked > 600
