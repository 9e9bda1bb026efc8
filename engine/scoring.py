"""Scoring helpers shared by the games: ranking with ties and shared payouts."""

from __future__ import annotations

from collections.abc import Sequence


def ranked_payouts(scores: Sequence[int], table: Sequence[int]) -> list[tuple[int, int, list[int]]]:
    """Pay ``table`` by rank of ``scores`` (highest first), ties sharing their places (M-14).

    Tied players add up the payouts of the places they occupy and share them equally,
    rounded down; places beyond the end of ``table`` pay 0. Returns, per player,
    ``(payout, place, tied)``: place is 1-based (the best place of the tie), tied lists the
    players sharing it (the player included).
    """
    n = len(scores)
    # A stable sort, highest first: tied players stay in seat order, so each group is sorted.
    order = sorted(range(n), key=scores.__getitem__, reverse=True)
    out: list[tuple[int, int, list[int]]] = [(0, 0, [])] * n
    start = 0
    while start < n:
        top = scores[order[start]]
        end = start + 1
        while end < n and scores[order[end]] == top:
            end += 1
        if end == start + 1:
            p = order[start]
            out[p] = (table[start] if start < len(table) else 0, end, [p])
        else:
            group = order[start:end]
            share = sum(table[start:end]) // len(group)
            for p in group:
                out[p] = (share, start + 1, group)
        start = end
    return out


def best(scores: Sequence[int]) -> list[int]:
    """The players with the highest score (G-4: equal money shares the victory)."""
    top = max(scores)
    return [p for p, s in enumerate(scores) if s == top]
