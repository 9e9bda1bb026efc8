"""Shared test helpers: scripted Medici positions built through the public API only.

``table`` builds a day's draw order from the lots a test wants to see, and plays those lots
through ``Game.apply`` (draw, stop, then one bid or pass per bidder in the engine's order),
so a test reads as the rulebook example it checks.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

import engine
from engine.chance import GivenChance, SeededChance
from engine.game import Game

COMMODITIES = ("cloth", "fur", "grain", "dye", "spice")
# M-1 written out from docs/rules.md, not read from the config: the tests check the config too.
CARDS: tuple[str, ...] = tuple(
    f"{c}:{v}" for c in COMMODITIES for v in (0, 1, 2, 3, 4, 5, 5)
) + ("gold:10",)

Lot = tuple[Sequence[str], int | None, int]
"""One auction: the cards drawn (in order), the buyer (None: everyone passes), the price."""


class Table:
    """Builds scripted Medici positions: draw orders from lots, lots played through apply."""

    cards = CARDS

    @staticmethod
    def order(lots: Sequence[Lot], tail: Sequence[str] = (), count: int = 24) -> list[str]:
        """A day's draw order (top first): the lots' cards, then ``tail``, then filler."""
        used = [card for cards, _, _ in lots for card in cards] + list(tail)
        left = Counter(CARDS)
        left.subtract(used)
        bad = [card for card, n in left.items() if n < 0]
        assert not bad, f"scripted more copies than the deck has: {bad}"
        filler = []
        for card in CARDS:
            if left[card] > 0:
                left[card] -= 1
                filler.append(card)
        order = (used + filler)[:count]
        assert len(order) == count and len(used) <= count
        return order

    @staticmethod
    def new(
        players: int | Sequence[str],
        days: Sequence[Sequence[str]],
        choices: Sequence[int] = (0,),
        variant: str = "medici",
        fallback: int | None = None,
    ) -> Game:
        """A game with the given draw orders and start-player choices.

        Without ``fallback`` nothing is random (the dict form of ``chance``); with it, what
        the script does not give (later days, tie-breaks) comes from that seed.
        """
        if fallback is None:
            chance: object = {"orders": [list(d) for d in days], "choices": list(choices)}
        else:
            chance = GivenChance(days, choices, SeededChance(fallback))
        return engine.new_game(variant, players, chance=chance)  # type: ignore[arg-type]

    @staticmethod
    def lot(game: Game, cards: Sequence[str], buyer: int | None, price: int = 1) -> int:
        """Play one lot: the selector draws ``cards`` and stops; ``buyer`` bids, others pass.

        Returns the selector. Checks that each drawn card is the scripted one and that the
        buyer is among the bidders.
        """
        assert game.phase == "selecting", game.phase
        selector = game.current_player
        assert selector is not None
        for card in cards:
            game.apply("draw")
            assert game.events[-1] == {"type": "draw", "player": selector, "card": card}
        game.apply("stop")
        bidders = game.view()["bidders"]
        assert buyer is None or buyer in bidders, (buyer, bidders)
        for player in bidders:
            assert game.current_player == player
            game.apply(f"bid {price}" if player == buyer else "pass")
        return selector

    @classmethod
    def lots(cls, game: Game, lots: Sequence[Lot]) -> list[int]:
        """Play several lots; returns who selected each."""
        return [cls.lot(game, cards, buyer, price) for cards, buyer, price in lots]

    @staticmethod
    def discard_rest(game: Game) -> None:
        """Present lots of up to 3 cards that everyone passes, until the day is over."""
        day = game.view()["day"]
        while not game.is_over and game.view()["day"] == day:
            game.apply("draw")
            while len(game.view()["lot"]) < 3 and game.is_legal("draw"):
                game.apply("draw")
            game.apply("stop")
            while game.phase == "bidding":
                game.apply("pass")

    @staticmethod
    def new_events(game: Game, since: int, kind: str) -> list[dict]:
        """The events of type ``kind`` logged after the first ``since`` events."""
        return [e for e in game.events[since:] if e["type"] == kind]


@pytest.fixture(scope="session")
def table() -> type[Table]:
    """The scripted-position helper (see ``Table``)."""
    return Table


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path_factory, monkeypatch) -> None:
    """No test writes into the real user data folder: the default saves folder (and the
    platform's data folder behind it) point into a temporary folder for every test."""
    home = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("MEDICI_SAVES", str(home / "saves"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))


@dataclass(frozen=True)
class UnpackedWheel:
    """The package's wheel, built once a test run and unpacked as a stand-in site-packages."""

    site: Path
    names: frozenset[str]

    def run(self, probe: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        """Python code run from ``cwd`` with only the unpacked wheel to import ``engine``."""
        env = {**os.environ, "PYTHONPATH": str(self.site)}
        return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                              cwd=cwd, env=env, check=False)


@pytest.fixture(scope="session")
def unpacked_wheel(tmp_path_factory: pytest.TempPathFactory) -> UnpackedWheel:
    """``pip wheel .`` once for every test that checks what an install carries."""
    pytest.importorskip("hatchling", reason="the wheel build needs hatchling (the [test] extra)")
    root = Path(__file__).resolve().parent.parent
    where = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(where / "dist"), str(root)],
        capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    wheel = next((where / "dist").glob("medici-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = frozenset(archive.namelist())
        archive.extractall(where / "site")
    return UnpackedWheel(where / "site", names)
