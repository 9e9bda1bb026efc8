"""Scoring helpers shared by the games: ranking with ties and shared payouts."""

from __future__ import annotations

from collections.abc import Sequence


def ranked_payouts(scores: Sequence[int], table: Sequence[int]) -> list[tuple[int, int, list[int]]]:
    """Pay ``table`` by rank of ``scores`` (highest first), ties sharing their places (M-14).

    Tied players add up the payouts of the places they occupy and share them equally,
    rounded down. Returns, per player, ``(payout, place, tied)``: place is 1-based (the
    best place of the tie), tied lists the players sharing it (the player included).
    """
    order = sorted(range(len(scores)), key=lambda p: -scores[p])
    out: list[tuple[int, int, list[int]]] = [(0, 0, [])] * len(scores)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and scores[order[end + 1]] == scores[order[start]]:
            end += 1
        group = sorted(order[start : end + 1])
        share = sum(table[start : end + 1]) // len(group)
        for p in group:
            out[p] = (share, start + 1, group)
        start = end + 1
    return out


def best(scores: Sequence[int]) -> list[int]:
    """The players with the highest score (G-4: equal money shares the victory)."""
    top = max(scores)
    return [p for p, s in enumerate(scores) if s == top]
