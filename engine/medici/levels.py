"""How each level plays Medici (``engine.bots.levels``): its numbers, measured by
``medici ratings`` (docs/bots.md)."""

from __future__ import annotations

from engine.bots.levels import Play
from engine.bots.styles import Traits

LEVELS = {
    "novice": Play(Traits(weights=(0.0, 1.0, 0.0, 0.0), pay=1.2, raise_=0.5, draw=10,
                          misjudge=0.4, excite=0.3)),
    "casual": Play(Traits(weights=(0.5, 0.5, 0.0, 0.0), pay=0.8, misjudge=0.25, excite=0.2)),
    "club": Play(Traits(weights=(0.0, 0.0, 0.87, 0.13), pay=2.2, misjudge=0.2)),
    "expert": Play(remembers=2, draws_below=7, overbids=0.35),
    "master": Play(iterations=1000, seconds=0.9),
}
"""Each level's play: its traits (a lot's worth mixes ours, face, race, majorities) or our
bot with its handicaps. ``club`` weighs the ship race and the majorities as ``greedy``
judges them (``SHIP_WEIGHT``, ``TRACK_WEIGHT``: 4 to 0.6, so 0.87 to 0.13) and pays the
share of that ``greedy`` spends (``SHADE`` 0.4 of the 4.6 weight: 1.84)."""
