"""The bottom toolbar: the game, day or round, phase, whose turn, their money, your place.

The toolbar is one line: it is built for the terminal's width from the richest form that
fits to the barest (the game's title, a bot's spec, the money and the place go first, in
that order), and a form still too wide is cut between words, never inside one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_toolkit.application import get_app_or_none

from engine.agreement import agree
from engine.narrative import ordinal
from engine.registry import GameInfo, find
from engine.text.width import screen_width
from engine.views import PlayerView, View

if TYPE_CHECKING:
    from engine.shell.app import Shell
    from engine.shell.replay_view import ReplayView

Fragments = list[tuple[str, str]]
KEY = "class:bottom-toolbar.key"


def toolbar(shell: Shell) -> Fragments:
    """The toolbar's fragments for the shell's current state (its mode's toolbar), fitted
    to the width of the screen the shell writes to (its console's, by the one rule of
    ``engine.text.width``), else to the prompt's terminal."""
    return shell.mode.toolbar(shell.console.width() or toolbar_width())


def toolbar_width() -> int | None:
    """The width of the terminal the prompt draws on (by the one rule,
    ``engine.text.width.screen_width``), None outside a running prompt."""
    try:
        app = get_app_or_none()
        measured = app.output.get_size().columns if app is not None else None
    except Exception:  # noqa: BLE001 - no size to read: no fitting
        measured = None
    return screen_width(measured)


def fit(forms: list[Fragments], width: int | None) -> Fragments:
    """The first of ``forms`` (richest first) that fits ``width`` columns (one column is
    kept free: a terminal may scroll when its last cell is written); the last one cut
    between words when none does."""
    if not forms:
        return []
    if width is None:
        return forms[0]
    room = max(1, width - 1)
    for form in forms:
        if sum(len(text) for _, text in form) <= room:
            return form
    return _cut(forms[-1], room)


def _cut(form: Fragments, room: int) -> Fragments:
    """``form`` cut after its last whole word that fits ``room`` columns."""
    out: Fragments = []
    used = 0
    for style, text in form:
        if used + len(text) <= room:
            out.append((style, text))
            used += len(text)
            continue
        part = text[: room - used]
        if len(text) > len(part) and not text[len(part)].isspace():
            part = part[: part.rfind(" ")] if " " in part else ""
        if part.strip():
            out.append((style, part.rstrip()))
        break
    return out


def replay_toolbar(replay: ReplayView, width: int | None = None) -> Fragments:
    """Replay mode's toolbar: the save, the step, the table's state."""
    view = replay.view()
    step = f" step {replay.step}/{replay.total} ·"
    game = _game_parts(view, replay.bots, short=True)
    forms = []
    for tail in (" · Enter: next · exit leaves", " · exit leaves"):
        for cut in (None, NAME_WIDTH, 12):
            forms.append([(KEY, f" Replay {_cut_name(replay.name, cut)} "), ("", step), *game,
                          ("", tail)])
    forms.append([(KEY, f" Replay {_cut_name(replay.name, 12)} "), ("", step), *game])
    forms.append([(KEY, f" {replay.step}/{replay.total} "), *game])
    forms.append([(KEY, f" {replay.step}/{replay.total} "),
                  *_game_parts(view, replay.bots, short=True, phase=False)])
    return fit(forms, width)


def play_toolbar(view: View | None, bots: list[str | None],
                 viewer: int | None = None, width: int | None = None,
                 worth: str | None = None) -> Fragments:
    """Play mode's toolbar: the live game's state (``view``, ``viewer``'s place in it), or
    how to start one; ``worth`` (``worth ~16``: what the lot is worth to the viewer) ends
    the richer forms when there is room for it."""
    if view is None:
        hints = ["new medici 4", "resume", "help", "Tab completes"]
        return fit([[(KEY, " Medici "), ("", " no game · " + " · ".join(hints[:n]))]
                    for n in range(len(hints), 0, -1)], width)
    # The game's name stays in every form: the other parts give way first.
    forms = [
        _game_parts(view, bots, title=True, money=True, place="long", viewer=viewer),
        _game_parts(view, bots, title=True, short=True, money=True, place="long", viewer=viewer),
        _game_parts(view, bots, title=True, short=True, money=True, place="short",
                    viewer=viewer),
        _game_parts(view, bots, title=True, short=True, place="short", viewer=viewer),
        _game_parts(view, bots, title=True, short=True, phase=False, place="short",
                    viewer=viewer),
        # Your place before the name of whoever acts (the prompt names them too).
        _game_parts(view, bots, title=True, phase=False, actor=False, place="short",
                    viewer=viewer),
        _game_parts(view, bots, title=True, short=True),
        _game_parts(view, bots, title=True, short=True, phase=False),
    ]
    if worth:
        tail: Fragments = [("", " · "), (KEY, worth)]
        forms = [forms[0] + tail, forms[1] + tail, forms[2] + tail,
                 _game_parts(view, bots, short=True, money=True, viewer=viewer) + tail,
                 *forms]
    return fit(forms, width)


NAME_WIDTH = 20
"""A replay's save name is cut to this many characters when the toolbar is short of room."""


def _cut_name(name: str, width: int | None) -> str:
    return name if width is None or len(name) <= width else name[: width - 1] + "…"


def _game_parts(view: View, bots: list[str | None], *, short: bool = False,
                title: bool = False, money: bool = False, phase: bool = True,
                actor: bool = True, place: str = "", viewer: int | None = None) -> Fragments:
    info = find(view["game"])
    parts: Fragments = []
    if title:
        parts.append((KEY, f" {info.title if info is not None else view['game']} "))
    parts.append(("", f" {_when(view, info)}" + (f" · {_phase(view)}" if phase else "")))
    current = view.get("current_player")
    players = view.get("players", [])
    # The money shown is yours (``viewer``'s) wherever you have a seat, the player to act
    # named apart; a spectator sees the acting player's.
    mine = viewer if viewer is not None and 0 <= viewer < len(players) else None
    if current is not None and 0 <= current < len(players) and actor:
        player = players[current]
        who = player.get("name", f"seat {current}")
        bot = f" (bot {bots[current]})" if current < len(bots) and bots[current] else ""
        parts.append(("", " · "))
        parts.append((KEY, who if short else f"{who}{bot}"))
        parts.append(("", " to act"))
        if money and mine is None:
            parts.append(("", f" · {_money(player, info)}"))
    elif view.get("winners"):
        names = [players[p].get("name", "?") for p in view["winners"]]
        parts.append(("", " · won by " + " and ".join(names)))
    if mine is not None and not view.get("winners"):
        name = players[mine].get("name", "?")
        standing = place_text(players, mine, long=place == "long") if place else ""
        if standing.startswith(f"{name}: "):
            standing = standing.removeprefix(f"{name}: ")
        elif standing:
            standing = place_text(players, mine, long=False)  # never "You ..., You lead by 6"
        shown = ([_money(players[mine], info)] if money else []) + (
            [standing] if standing else [])
        # Whose figures these are is said when the player to act is someone else.
        lead = f"{name}: " if mine != current and (money or place == "long") else ""
        if shown:
            parts.append(("", f" · {lead}{', '.join(shown)}"))
    return parts


def place_text(players: Sequence[PlayerView], seat: int, long: bool = True) -> str:
    """``You: 2nd, 14 behind Bo`` / ``Ann leads by 6``: a player's place by money and the gap
    to the leader (or, for the leader, to the next); not ``long``, in as few words:
    ``2nd, 14 behind``, ``1st, 6 ahead``; '' with fewer than two players."""
    if len(players) < 2 or not 0 <= seat < len(players):
        return ""
    money = [p.get("money", 0) for p in players]
    name = players[seat].get("name", "?")
    mine = money[seat]
    place = 1 + sum(1 for m in money if m > mine)
    best = max(money)
    if place == 1:
        others = [m for i, m in enumerate(money) if i != seat]
        gap = mine - max(others)
        if gap == 0:
            return f"{name}: tied 1st" if long else "tied 1st"
        return f"{name} {agree(name, 'leads')} by {gap}" if long else f"1st, {gap} ahead"
    leader = next(p.get("name", "?") for p in players if p.get("money", 0) == best)
    tied = sum(1 for m in money if m == mine) > 1
    where = ("tied " if tied else "") + ordinal(place)
    if long:
        return f"{name}: {where}, {best - mine} behind {leader}"
    return f"{where}, {best - mine} behind"


def _when(view: View, info: GameInfo | None) -> str:
    """``day 2/3``: the game's scoring period (its vocabulary) and how many there are."""
    if info is None or info.vocabulary.period not in view:
        return "step"
    words = info.vocabulary
    total = view.get(words.periods)
    return f"{words.period} {view.get(words.period)}" + (f"/{total}" if total else "")


def _phase(view: View) -> str:
    return str(view.get("phase", "")).replace("_", " ")


def _money(player: PlayerView, info: GameInfo | None) -> str:
    """``30 florins``, or ``-729 coins (loans 729)`` for a player who owes the bank."""
    unit = info.vocabulary.money if info is not None else ""
    text = f"{player['money']} {unit}".rstrip()
    loans = player.get("loans", 0)
    return text + (f" (loans {loans})" if loans else "")
