"""Who plays a run: the default number of players, and a bot per seat from ``--bots``.

One place for what ``medici simulate``, ``medici compare`` and ``medici league`` read
from their options (and what the shell's ``new`` and ``medici host`` may read too):

- ``default_player_count(variant)``: four where the game seats four, else its fewest
  (``engine.rules.default_player_count``, the one rule ``new_game`` follows too);
- ``shared_player_count(variants, players)``: a count every variant seats (compare);
- ``bot_lineup(bots, players, counts)``: ``greedy`` for every seat or
  ``greedy,random,...`` one a seat, checked (``LineupError`` says what would do).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.bots import BOT_SPECS, BotError, make_bot
from engine.rules import DEFAULT_PLAYERS, Variant
from engine.rules import default_player_count as rules_default
from engine.runs.errors import RunError

__all__ = ["DEFAULT_PLAYERS", "LineupError", "bot_lineup", "counts_of", "default_player_count",
           "shared_player_count"]


class LineupError(RunError):
    """A line-up that cannot be seated: the message says what was wrong and what would do."""


def counts_of(variant: Variant | Sequence[int]) -> list[int]:
    """The player counts a variant seats (or the counts themselves), fewest first."""
    if isinstance(variant, Variant):
        return sorted(variant.logic.player_counts())
    return sorted(variant)


def default_player_count(variant: Variant | Sequence[int]) -> int:
    """``engine.rules.default_player_count`` (four where the game seats four, else the
    fewest it seats), refusing a variant that seats nobody with a ``LineupError``."""
    try:
        return rules_default(variant)
    except ValueError:
        raise LineupError("the variant seats no player count") from None


def shared_player_count(variants: Sequence[Variant], players: int | None = None) -> int:
    """A player count every one of ``variants`` seats: ``players`` if they all seat it,
    else (None) ``default_player_count`` of the counts they share."""
    both = sorted(set.intersection(*(set(counts_of(v)) for v in variants)))
    if not both:
        said = " and ".join(f"{v.name} with {counts_of(v)}" for v in variants)
        raise LineupError(f"{said.replace(' with ', ' plays with ', 1)} players: "
                          "no player count in common")
    if players is None:
        return default_player_count(both)
    if players not in both:
        raise LineupError(
            f"--players {players}: both variants play with {', '.join(map(str, both))} players"
        )
    return players


def bot_lineup(
    bots: str | Sequence[str] | None,
    players: int | None = None,
    counts: Iterable[int] | None = None,
    default: str = "random",
) -> tuple[str, ...]:
    """One bot spec per seat, lower-cased: ``bots`` is one spec for every seat
    (``greedy``), one a seat (``greedy,random,random``, a string or a list), or None
    (``default`` in every seat). ``players`` is the table's size (None: one a listed bot,
    or ``default_player_count(counts)`` for one spec); ``counts`` the sizes the game seats.
    Every spec is checked (``make_bot``). LineupError says what was wrong and what would do.
    """
    seats = None if counts is None else counts_of(list(counts))
    if players is not None and seats is not None and players not in seats:
        raise LineupError(f"--players {players}: the game seats "
                          f"{', '.join(map(str, seats))} players, not {players}")
    if bots is None:
        specs = [default]
    else:
        specs = [s.strip().lower() for s in (bots.split(",") if isinstance(bots, str) else bots)]
        if not specs or any(not s for s in specs):
            raise LineupError(
                f"--bots {bots if isinstance(bots, str) else ','.join(bots)!r} has an empty "
                f"entry: give one bot for every seat, comma-separated, or one for all; bots "
                f"are:\n{BOT_SPECS}"
            )
    if len(specs) == 1:
        if players is None:
            if seats is None:
                raise LineupError("--players is needed to seat one bot in every seat")
            players = default_player_count(seats)
        specs = specs * players
    elif players is not None and players != len(specs):
        raise LineupError(
            f"--bots lists {len(specs)} bots but --players is {players}: give one bot for "
            f"every seat (e.g. --bots {','.join([specs[0]] * players)}), or one for all"
        )
    if seats is not None and len(specs) not in seats:
        raise LineupError(
            f"--bots lists {len(specs)} bots, but the game seats "
            f"{', '.join(map(str, seats))} players: give one bot for every seat"
        )
    for spec in sorted(set(specs)):
        try:
            make_bot(spec, seed=0)
        except BotError as err:
            raise LineupError(f"--bots: {err}") from None
    return tuple(specs)
