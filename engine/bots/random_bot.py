"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

from engine.actions import Action, Span, is_legal
from engine.bots.base import Analysis, Bot, Turn
from engine.runs.random_play import random_choice


class RandomBot(Bot):
    """Picks a legal entry uniformly, then a uniform amount within a range (as ``simulate``)."""

    def _choose(self, turn: Turn) -> Action:
        return random_choice(turn.legal, turn.rng)

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        legal = turn.legal
        share = 1.0 / len(legal)
        # Every move is as good as another; the one ``choose`` makes comes first.
        pick = random_choice(legal, turn.rng)
        rows = [Analysis(pick, share, "random: the move this bot makes here")]
        for entry in legal:
            if is_legal(pick, [entry]):
                continue
            if isinstance(entry, Span):
                rows.append(Analysis(Action(entry.kind, entry.lo), share,
                                     f"random: any of {entry} with chance {share:.0%}"))
            else:
                rows.append(Analysis(entry, share, f"random: chance {share:.0%}"))
        seen = {r.action for r in rows}
        rows += [Analysis(a, share, "random: as good as any other") for a in also if a not in seen]
        return rows
