"""Oracle for the OpenSpiel and PettingZoo adapters (``engine.spiel.encoding``).

Actions: ``0 fold``, then each guess any table can make, then ``base + N`` is ``stake N``.
Observation after ``viewer`` and ``current``: ``phase`` 3, ``season`` 1, ``shells``,
``stakes`` and ``guessed`` n each, ``pot`` 1, ``stones`` C (the stones the viewer sees).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.spiel.encoding import Counts, Encoding, OneHot, Slots
from engine.views import View
from toygame.logic import OracleLogic

PHASES = ("staking", "guessing", "over")


def _pieces(logic: OracleLogic) -> list[str]:
    return list(dict.fromkeys(logic.bag))


def _actions(logic: OracleLogic) -> tuple[list[Action], str]:
    """``fold``, then every guess any table can make; the amount is the stake."""
    fewest, most = min(logic.counts), max(logic.counts)
    low, high = sum(logic.low[:fewest]), sum(logic.high[:most])
    return [Action("fold"), *(Action("guess", g) for g in range(low, high + 1))], "stake"


def _parts(logic: OracleLogic, n: int, c: int) -> list[tuple[str, int]]:
    return [("phase", len(PHASES)), ("season", 1), ("shells", n), ("stakes", n),
            ("guessed", n), ("pot", 1), ("stones", c)]


def _fill(view: View, slots: Slots, one_hot: OneHot, counts: Counts, c: int) -> None:
    seen: dict[str, Any] = dict(view)
    phase = seen["phase"]
    one_hot("phase", PHASES.index(phase) if phase in PHASES else None)
    slots["season"][0] = seen["season"]
    slots["pot"][0] = seen["pot"]
    for p, player in enumerate(seen["players"]):
        slots["shells"][p] = player["money"]
        slots["stakes"][p] = player["stake"]
        slots["guessed"][p] = player["guess"] is not None
    counts("stones", [p["stone"] for p in seen["players"] if p["stone"] is not None])


def _max_length(logic: OracleLogic, players: int) -> int:
    return logic.seasons * 3 * players  # a stone dealt, a stake, a guess a player


ENCODING: Encoding[OracleLogic] = Encoding(pieces=_pieces, actions=_actions, parts=_parts,
                                           fill=_fill, max_length=_max_length)
"""Oracle's encoding (the descriptor's ``encoding``)."""
