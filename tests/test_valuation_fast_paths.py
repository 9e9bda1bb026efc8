"""The Medici valuation's fast paths give what its general paths give, to the last bit.

Searches and rollouts read a lot's worth millions of times, so the valuation has shortcuts:
the rank payout's chances written out for one to three paying places, an opponent's rollout
bid that works out only the valuation it goes by (``Position.ceiling_by``), a position's
one pass over the ships' cards, the current majorities of a column of levels kept. Each is
checked here against the plain computation over positions of random games, so a bot's
decisions stay the same as without them.
"""

from __future__ import annotations

import math
import random

import pytest

import engine
from engine.chance import Rng
from engine.medici.value import (
    VALUATIONS,
    MediciValuation,
    Position,
    expected_rank_payout,
)
from engine.runs.random_play import random_choice
from engine.scoring import ranked_payouts


def general_rank_payout(
    est: float, var: float, rivals: list[tuple[float, float]], table: list[int]
) -> float:
    """``expected_rank_payout`` by its general loop, whatever the number of places."""
    places = len(table)
    dist = [1.0] + [0.0] * (places - 1)
    for r_est, r_var in rivals:
        beat = 0.5 + 0.5 * math.erf((r_est - est) / math.sqrt(2.0 * (var + r_var + 0.25)))
        keep = 1.0 - beat
        for j in range(places - 1, 0, -1):
            dist[j] = dist[j] * keep + dist[j - 1] * beat
        dist[0] *= keep
    total = 0.0
    for j in range(places):
        total += dist[j] * table[j]
    return total


@pytest.mark.parametrize("places", [1, 2, 3, 4, 5])
def test_rank_payouts_written_out_are_the_general_loop(places: int) -> None:
    rng = random.Random(places)
    for _ in range(2000):
        table = [rng.randint(0, 30) for _ in range(places)]
        rivals = [(rng.uniform(0, 40), rng.uniform(0, 30)) for _ in range(rng.randint(0, 5))]
        est, var = rng.uniform(0, 40), rng.uniform(0, 30)
        assert expected_rank_payout(est, var, rivals, table) == general_rank_payout(
            est, var, rivals, table
        )


def positions(variant: str, players: int, games: int) -> list[tuple[engine.Game, int]]:
    """Games of random play stopped at auctions, with the seat to bid."""
    out = []
    for seed in range(games):
        game = engine.new_game(variant, players, seed=seed)
        rng = Rng(seed + 100)
        while not game.is_over:
            if game.phase == "bidding" and rng.below(3) == 0:
                out.append((game.clone(), game.current_player))
            game.push(random_choice(game.legal_actions(), rng))
    return out


@pytest.mark.parametrize(("variant", "players"), [
    ("medici", 4), ("medici", 6), ("medici-loans", 3), ("medici-tracks-on-purchase", 5),
])
def test_a_rollout_ceiling_is_the_one_of_all_ceilings(variant: str, players: int) -> None:
    var = engine.load_variant(variant)
    for game, _ in positions(variant, players, 12):
        st = game.state
        for q in range(players):
            for v in range(len(VALUATIONS)):
                # A fresh position for each: the shortcut works out only its own part.
                alone = MediciValuation(var).position(st).ceiling_by(q, st.lot, v)
                assert alone == MediciValuation(var).position(st).ceilings(q, st.lot)[v]
            both = MediciValuation(var).position(st)
            assert both.ceilings(q, st.lot) == tuple(
                both.ceiling_by(q, st.lot, v) for v in range(len(VALUATIONS))
            )


@pytest.mark.parametrize(("variant", "players"), [
    ("medici", 4), ("medici-tracks-on-purchase", 3), ("medici", 6),
])
def test_a_position_reads_the_cards_as_counting_them_one_by_one(
    variant: str, players: int
) -> None:
    var = engine.load_variant(variant)
    val = MediciValuation(var)
    for game, _ in positions(variant, players, 10):
        st = game.state
        pos = Position(val, st)
        seen = [c for ship in st.ships for c in ship] + st.discards
        assert pos.ship_val == [sum(val.value[c] for c in ship) for ship in st.ships]
        assert pos.free == [st.pc["ship_capacity"] - len(ship) for ship in st.ships]
        unseen = val.deck_count - len(seen)
        assert pos.mean == (val.deck_sum - sum(val.value[c] for c in seen)) / unseen
        kinds = [sum(1 for c in seen if val.kind[c] == k) for k in range(len(val.commodities))]
        assert pos.share == [(n - k) / unseen for n, k in zip(val.kind_counts, kinds,
                                                                strict=True)]
        for q, row in enumerate(st.tracks):
            expected = row[:]
            if not val.on_purchase:
                for c in st.ships[q]:
                    k = val.kind[c]
                    if k >= 0:
                        expected[k] = min(val.top, expected[k] + 1)
            assert pos.eff[q] == expected
        for k in range(len(val.commodities)):
            levels = [row[k] for row in pos.eff]
            assert val.majority_payouts(levels, pos.track_table) == [
                amount for amount, _, _ in ranked_payouts(levels, st.pc["track_payouts"])
            ]


def test_a_strozzi_rollout_price_is_the_one_of_all_fair_prices() -> None:
    from engine.strozzi.opponents import VALUATIONS as PRICED
    from engine.strozzi.opponents import fair_price_by, fair_prices
    from engine.strozzi.value import StrozziValuation

    var = engine.load_variant("medici-vs-strozzi")
    checked = 0
    for seed in range(15):
        game = engine.new_game(var, 2, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            st = game.state
            if st.phase in ("pricing", "offer"):
                for v in range(len(PRICED)):
                    alone = fair_price_by(StrozziValuation(var).position(st), st.active,
                                          st.lot, v)
                    every = fair_prices(StrozziValuation(var).position(st), st.active, st.lot)
                    assert alone == every[v]
                    checked += 1
            game.push(random_choice(game.legal_actions(), rng))
    assert checked > 500
