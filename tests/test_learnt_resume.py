"""``Learnt.resume``: a bot's beliefs are taken up again only where its memory goes on from
what was observed (its entries compared at once, not one by one: the same answers)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.bots.opponents import Beliefs, Learnt


def learnt(memory: dict[Hashable, list[Any]], me: int = 0, players: int = 4) -> Learnt:
    """A ``Learnt`` that observed all of ``memory`` as it is now."""
    kept = Learnt()
    kept.me, kept.players, kept.beliefs = me, players, Beliefs(players)
    kept.entries = [(key, seen, len(seen)) for key, seen in memory.items()]
    return kept


def test_a_memory_that_grew_resumes_where_it_was_observed() -> None:
    memory: dict[Hashable, list[Any]] = {"a": [1, 2], "b": [3], "c": [4]}
    kept = learnt(memory)
    assert kept.resume(memory, 0, 4) == (kept.beliefs, 2, 1)
    memory["c"].append(5)  # the sale under way goes on
    assert kept.resume(memory, 0, 4) == (kept.beliefs, 2, 1)
    memory["d"] = [6]  # and a new one comes
    assert kept.resume(memory, 0, 4) == (kept.beliefs, 2, 1)
    memory["c"] = [4, 5]  # the last sale seen again, as a new list with what was observed
    assert kept.resume(memory, 0, 4) == (kept.beliefs, 2, 1)


def test_a_memory_changed_otherwise_does_not_resume() -> None:
    base: dict[Hashable, list[Any]] = {"a": [1, 2], "b": [3], "c": [4]}
    kept = learnt(base)
    assert kept.resume(base, 1, 4) is None  # another seat
    assert kept.resume(base, 0, 3) is None  # another game
    assert kept.resume({"a": [1, 2], "b": [3]}, 0, 4) is None  # shorter
    assert kept.resume({"a": base["a"], "x": base["b"], "c": base["c"]}, 0, 4) is None
    # A sale over is the very list observed, even if an equal one stands for it.
    assert kept.resume({"a": [1, 2], "b": base["b"], "c": base["c"]}, 0, 4) is None
    assert kept.resume({"a": base["a"], "b": base["b"], "x": base["c"]}, 0, 4) is None
    assert kept.resume({"a": base["a"], "b": base["b"], "c": []}, 0, 4) is None
    assert kept.resume({"a": base["a"], "b": base["b"], "c": [9]}, 0, 4) is None
    assert Learnt().resume(base, 0, 4) is None  # nothing learnt yet
