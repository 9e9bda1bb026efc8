"""The bottom toolbar: the game, day or round, phase, whose turn, and their money."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.registry import GameInfo, find
from engine.views import PlayerView, money_text

if TYPE_CHECKING:
    from engine.shell.app import Shell
    from engine.shell.replay_view import ReplayView


def toolbar(shell: Shell) -> list[tuple[str, str]]:
    """The toolbar's fragments for the shell's current state (its mode's toolbar)."""
    return shell.mode.toolbar()


def replay_toolbar(replay: ReplayView) -> list[tuple[str, str]]:
    """Replay mode's toolbar: the save, the step, the table's state."""
    view = replay.view()
    # Kept short (long save names cut; no title, bot or money) to fit 100 columns.
    parts = [("class:bottom-toolbar.key", f" Replay {_cut(replay.name)} "),
             ("", f" step {replay.step}/{replay.total} ·")]
    return parts + _game_parts(view, replay.bots, short=True) + [("", " · exit leaves")]


def play_toolbar(view: dict[str, Any] | None, bots: list[str | None]) -> list[tuple[str, str]]:
    """Play mode's toolbar: the live game's state (``view``), or how to start one."""
    if view is None:
        return [("class:bottom-toolbar.key", " Medici "),
                ("", " no game · new medici 4 · resume · help · Tab completes")]
    return _game_parts(view, bots)


NAME_WIDTH = 20
"""A replay's save name is cut to this many characters in the toolbar."""


def _cut(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def _game_parts(view: dict[str, Any], bots: list[str | None],
                short: bool = False) -> list[tuple[str, str]]:
    info = find(view["game"])
    title = info.title if info is not None else view["game"]
    when = _when(view, info)
    parts = [] if short else [("class:bottom-toolbar.key", f" {title} ")]
    parts.append(("", f" {when} · {_phase(view)}"))
    current = view.get("current_player")
    players = view.get("players", [])
    if current is not None and 0 <= current < len(players):
        player = players[current]
        who = player.get("name", f"seat {current}")
        bot = f" (bot {bots[current]})" if current < len(bots) and bots[current] else ""
        parts.append(("", " · "))
        parts.append(("class:bottom-toolbar.key", who if short else f"{who}{bot}"))
        parts.append(("", " to act" if short else f" to act · {_money(player, info)}"))
    elif view.get("winners"):
        names = [players[p].get("name", "?") for p in view["winners"]]
        parts.append(("", " · won by " + " and ".join(names)))
    return parts


def _when(view: dict[str, Any], info: GameInfo | None) -> str:
    """``day 2/3``: the game's scoring period (its vocabulary) and how many there are."""
    if info is None or info.vocabulary.period not in view:
        return "step"
    words = info.vocabulary
    total = view.get(words.periods)
    return f"{words.period} {view[words.period]}" + (f"/{total}" if total else "")


def _phase(view: dict[str, Any]) -> str:
    return str(view.get("phase", "")).replace("_", " ")


def _money(player: PlayerView, info: GameInfo | None) -> str:
    return money_text(player, info.vocabulary.money if info is not None else "")
