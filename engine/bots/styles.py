"""The field: bot styles as people and simple programs play, to measure our bots against.

Each style is a few lines on the game's shared valuation, written in the game's folder
(``styles.py``, named by its descriptor). The first four differ only in how they turn a
lot's worth into a bid, a price or a buy. They all draw by one plain rule (another piece
while the lot's face value is small: ``engine.lots.draw_or_stop``) and load where the model
says a lot gains most (the last three: where their own valuation does). None of them
uses what our own bots tune (their shading, beliefs or search), so the field stays put
while our bots change. They are opponents to test against, not our best play.

- ``thrifty``: the smallest raise, up to a margin below its valuation; prices low, buys cheap.
- ``valuer``: bids its whole valuation at once; prices at its own worth.
- ``spoiler``: bids to deny the leader the lot; prices high to the leader.
- ``hoarder``: keeps its money early and spends it late (a share of the worth by stage).

Three more value lots their own way, as people play, not by our model's whole estimate:

- ``face``: a lot is worth the sum of its face values; raises by the minimum up to a
  little below that (and prices at it, buys below it).
- ``racer``: cares only for the race of load values (Medici's ship race, the harbour
  prizes of Medici vs Strozzi); raises by the minimum up to that worth.
- ``collector``: only the majorities and bonuses (the tracks; the monopoly rows).

Beside the named styles, a style of stated numbers (``Traits``, spec ``style:...``): which
valuations it mixes, the share of that worth it pays, how it raises, when it stops drawing,
and how it errs (misjudging each lot, overbidding when excited). The levels
(``engine.bots.levels``) and the exploit tuner (``engine.exploit``) are made of these.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Hashable
from dataclasses import dataclass, fields, replace

from engine.actions import Action
from engine.bots.base import Analysis, BotError, Turn
from engine.bots.parts import AnyParts, ModelBot
from engine.chance import Rng
from engine.game import Game, game_from_view
from engine.registry import game_info

THRIFTY_MARGIN = 0.3
"""``thrifty`` bids only while the price is at most this share below its valuation."""
SPOIL_EXTRA = 8
"""``spoiler`` pays up to this much above its own valuation to keep a lot from the leader."""
FACE_MARGIN = 0.1
"""``face`` pays up to this share below a lot's face value."""
HOARD_FIRST = 0.4
"""``hoarder``'s share of its valuation on the first day or round (all of it on the last)."""


def stage_share(stage: int, stages: int) -> float:
    """``hoarder``: the share of its valuation it spends on this stage (a scoring period)."""
    if stages <= 1:
        return 1.0
    return HOARD_FIRST + (1 - HOARD_FIRST) * (stage - 1) / (stages - 1)


STYLES = ("thrifty", "valuer", "spoiler", "hoarder", "face", "racer", "collector")
"""The styles of the field besides ``random``."""

FIELD = (*STYLES, "random")
"""Every style ``medici league`` plays against, in table order."""


def style_move(game: Game, style: str | Traits, parts: AnyParts) -> Action:
    """The move of ``style`` (a named style, or ``Traits``) for the player to act in
    ``game``, judged with ``parts``."""
    load = game_info(game.variant.game).styles
    act = load()(game, style, parts) if load is not None else None
    return act if act is not None else parts.policy.move(game, None)


class StyleBot(ModelBot):
    """A bot of one field style; deterministic, about as fast as ``greedy``."""

    random_per_view = False

    def __init__(
        self, spec: str, seed: int | None = None, style: str | Traits = "thrifty"
    ) -> None:
        super().__init__(spec, seed)
        # A style of stated numbers misjudges lots by its own bot's luck (its seed).
        self.style = replace(style, luck=self.seed) if isinstance(style, Traits) else style

    def _game(self, turn: Turn) -> Game:
        return game_from_view(turn.variant, turn.view, self.seed, sample=False)

    def _choose(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], Action):
            return legal[0]
        return style_move(self._game(turn), self.style, self.parts(turn.variant))

    def choose_in(self, game: Game, seat: int) -> Action:
        """``choose`` for a runner that holds the game: the same move, the seat's game
        built from the game (``seat_game``) instead of from its view."""
        if type(self)._choose is not StyleBot._choose:
            return super().choose_in(game, seat)  # a subclass moves otherwise: by the view
        return self._choose_in_own(
            game, seat, lambda own: style_move(own, self.style, self.parts(own.variant)))

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        game = self._game(turn)
        pick = style_move(game, self.style, self.parts(turn.variant))
        name = self.spec if isinstance(self.style, Traits) else self.style
        rows = [Analysis(pick, 1.0, f"{name}: the move this style makes here")]
        rows += [Analysis(a, 0.0, f"{name}: not its move") for a in also if a != pick]
        return rows


def describe(style: str) -> str:
    """One line on a style, for help texts."""
    return {
        "thrifty": "raises by the minimum while the price is well below its valuation",
        "valuer": "bids (or prices at) its full valuation at once",
        "spoiler": "bids to keep what is on sale from the leader; prices high to the other side",
        "hoarder": "spends a small share of what it values a sale at early, all of it late",
        "face": "values what is on sale at the sum of its face values; raises by the minimum "
                "up to a little below that",
        "racer": "values what is on sale only by the prizes for the most valuable loads it "
                 "feeds",
        "collector": "values what is on sale only by the majorities and bonuses of its goods",
    }[style]



# -- styles of stated numbers -----------------------------------------------------------------
WORTHS = ("ours", "face", "race", "majorities")
"""The valuations a ``Traits`` style mixes, in the order of its ``weights`` (the first four
of each game's ``VALUATIONS``): our model's whole estimate, the face value, the race part
(Medici's ship race, the harbour prizes of Medici vs Strozzi), the majorities part (the
tracks; the monopoly rows, which a spec may also call ``rows``)."""


@dataclass(frozen=True)
class Traits:
    """A player of the field as numbers: how it values a lot and how it pays, draws and errs.

    A lot's worth to it is ``weights`` (over ``WORTHS``, summing to 1) applied to what the
    lot is worth by each valuation, times its misjudgement of that lot; it pays at most
    ``pay`` times that. The game's styles module says how each trait plays there
    (``traits_move`` in ``engine/medici/styles.py`` and ``engine/strozzi/styles.py``).
    """

    weights: tuple[float, ...] = (1.0, 0.0, 0.0, 0.0)
    """Its mix of ``WORTHS`` (normalised to sum 1)."""
    pay: float = 0.7
    """The share of its worth it pays at most (Medici vs Strozzi: asks, and pays)."""
    raise_: float = 0.0
    """Medici: how far from the minimum bid towards its limit it bids (0: the minimum, 1:
    its limit at once). Medici vs Strozzi: where between its own worth (0) and the other
    side's (1) it prices."""
    draw: int | None = None
    """It draws another piece while the lot's face value is below this (None: the field's
    rule of the game, ``DRAW_BELOW`` there)."""
    misjudge: float = 0.0
    """Each lot's worth is off by up to this share either way (uniform, drawn once for a lot
    as it stands from the bot's seed): ``0.2`` is anything from 80% to 120% of it."""
    excite: float = 0.0
    """When excited (Medici: a rival has bid on the lot already; Medici vs Strozzi: a big
    lot, face value ``EXCITING_FACE`` or more) it pays up to this share more."""
    luck: int = 0
    """The seed of its misjudgements (its bot's seed)."""

    def misjudged(self, sale: Hashable) -> float:
        """The factor this player's worth of the lot ``sale`` (any stable key naming the
        sale and the lot as it stands) is off by: ``1 + misjudge * u``, ``u`` uniform in
        -1..1, the same whenever the same player looks at the same lot."""
        if not self.misjudge:
            return 1.0
        digest = hashlib.blake2b(repr(sale).encode(), digest_size=8).digest()
        u = Rng(self.luck ^ int.from_bytes(digest, "big")).below(2001) / 1000 - 1
        return 1.0 + self.misjudge * u

    def spec(self) -> str:
        """The spec that makes this style (``style:...``; its luck is its bot's seed)."""
        words = [f"{n}{_num(w)}" for n, w in zip(WORTHS, self.weights, strict=True) if w]
        plain = Traits()
        for f in fields(self):
            if f.name in ("weights", "luck"):
                continue
            value = getattr(self, f.name)
            if value != getattr(plain, f.name):
                words.append(f"{f.name.rstrip('_')}{_num(value)}")
        return "style:" + "/".join(words)


EXCITING_FACE = 8
"""Medici vs Strozzi: a lot of this face value or more excites (two of the best goods)."""

TRAIT_RANGES: dict[str, tuple[float, float]] = {
    "pay": (0.05, 3.0), "raise": (0.0, 1.0), "draw": (0.0, 40.0), "misjudge": (0.0, 0.9),
    "excite": (0.0, 2.0),
}
"""The accepted range of each trait of a ``style:`` spec (weights: any from 0 up)."""


def _num(x: float) -> str:
    return f"{x:.3g}"


def parse_traits(text: str) -> Traits:
    """``ours0.5/face0.5/pay0.8/raise0.2/draw7/misjudge0.1/excite0.2`` (any of them, the rest
    as ``Traits()``; ``face=0.5`` and commas are read too) as ``Traits``; BotError, in one
    line, if it is not that. (No ``=`` in the form shown, so ``Name=bot:style:...`` reads.)"""
    weights = dict.fromkeys(WORTHS, 0.0)
    given: dict[str, float] = {}
    words = [w.strip() for w in re.split(r"[/,]", text) if w.strip()]
    if not words:
        raise BotError(_traits_help("a style needs traits"))
    for word in words:
        found = re.fullmatch(r"([a-z_]+)\s*=?\s*(\S+)", word.lower())
        key, raw = found.groups() if found else (word, "")
        key = "majorities" if key == "rows" else key
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise BotError(_traits_help(f"style trait {word!r} is not a name and a number"))
        if key in weights:
            if value < 0:
                raise BotError(f"style trait {key}: a weight is 0 or more, got {raw}")
            weights[key] = value
        elif key in TRAIT_RANGES:
            low, high = TRAIT_RANGES[key]
            if not low <= value <= high:
                raise BotError(f"style trait {key}: from {_num(low)} to {_num(high)}, got {raw}")
            given["raise_" if key == "raise" else key] = (
                round(value) if key == "draw" else value)
        else:
            raise BotError(_traits_help(f"unknown style trait {key!r}"))
    total = sum(weights.values())
    mix = (1.0, 0.0, 0.0, 0.0) if total == 0 else tuple(w / total for w in weights.values())
    return Traits(weights=mix, **given)  # type: ignore[arg-type]


def _traits_help(what: str) -> str:
    return (f"{what}; a style is style:TRAITn/TRAITn... with weights {', '.join(WORTHS)} "
            f"and {', '.join(f'{k} ({_num(a)}-{_num(b)})' for k, (a, b) in TRAIT_RANGES.items())}"
            " (style:face1/pay0.9)")
