"""``engine.logic.Multiset``: what is left of a deck or a bag, as ``list.remove`` leaves it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import load_variant
from engine.logic import Multiset, multiset_without

PIECES = st.lists(st.sampled_from(["fur:0", "fur:5", "gold:10", "spice:3", "cloth:5"]),
                  max_size=14)


def _removed_one_by_one(items: list[str], groups: list[list[str]]) -> list[str]:
    rest = list(items)
    for group in groups:
        for item in group:
            rest.remove(item)
    return rest


@given(PIECES, st.data())
def test_what_is_left_is_what_removing_each_piece_leaves(items: list[str], data) -> None:
    taken = data.draw(st.permutations(items))[: data.draw(st.integers(0, len(items)))]
    cut = data.draw(st.integers(0, len(taken)))
    groups = [taken[:cut], taken[cut:]]
    pieces = Multiset(items)
    assert pieces.without(*groups) == _removed_one_by_one(items, groups)
    assert multiset_without(items, *groups) == _removed_one_by_one(items, groups)
    assert pieces.without() == items and pieces.items == items  # asking changes nothing


@given(PIECES, st.sampled_from(["fur:0", "fur:5", "gold:10", "ship:1"]))
def test_a_piece_not_left_is_refused_by_name(items: list[str], extra: str) -> None:
    groups = [items, [extra]]  # every piece, then one more
    with pytest.raises(ValueError, match=f"'{extra}' is not among the pieces left"):
        Multiset(items).without(*groups)


def test_each_game_keeps_its_pieces_as_a_multiset_of_its_deck_or_bag() -> None:
    medici = load_variant("medici").logic
    strozzi = load_variant("medici-vs-strozzi").logic
    assert medici.pieces.items == medici.deck and strozzi.pieces.items == strozzi.tiles
    fives = [c for c in medici.deck if c.endswith(":5")]
    assert len(fives) > len(set(fives))  # the deck repeats cards: a multiset, not a set
    left = medici.pieces.without(fives[:1], ["gold:10"])
    assert left == _removed_one_by_one(medici.deck, [fives[:1], ["gold:10"]])
