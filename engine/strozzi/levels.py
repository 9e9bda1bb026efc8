"""How each level plays Medici vs Strozzi (``engine.bots.levels``): its numbers, measured by
``medici ratings --game medici-vs-strozzi`` (docs/bots.md)."""

from __future__ import annotations

from engine.bots.levels import Play
from engine.bots.styles import Traits

LEVELS = {
    "novice": Play(Traits(weights=(0.0, 1.0, 0.0, 0.0), pay=0.9, draw=8, misjudge=0.4,
                          excite=0.3)),
    "casual": Play(Traits(weights=(0.5, 0.5, 0.0, 0.0), pay=1.0, raise_=0.5, misjudge=0.25,
                          excite=0.2)),
    "club": Play(Traits(weights=(1.0, 0.0, 0.0, 0.0), pay=1.3, raise_=0.5, misjudge=0.15)),
    "expert": Play(remembers=2, draws_below=5),
    "master": Play(iterations=1000, seconds=0.9),
}
"""Each level's play: its traits (a lot's worth mixes ours, face, the harbour prizes, the
monopoly rows) or our bot with its handicaps."""
