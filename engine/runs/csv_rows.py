"""A run's games as rows for ``medici simulate --csv``: one row per game and seat."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.runs.games import Numbered
from engine.runs.tally import win_shares

CSV_FIELDS = ("game", "seed", "seat", "bot", "money", "won", "win_share")


def csv_rows(records: Iterable[Numbered]) -> Iterator[dict[str, object]]:
    """One row per game and seat, for ``--csv``."""
    for record in records:
        shares = win_shares(record)
        for seat, spec in enumerate(record["bots"]):
            yield {
                "game": record["game"],
                "seed": record["seed"],
                "seat": seat + 1,
                "bot": spec,
                "money": record["money"][seat],
                "won": int(shares[seat] > 0),
                "win_share": round(shares[seat], 4),
            }
