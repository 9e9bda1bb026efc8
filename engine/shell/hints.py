"""A bot's analysis as a person reads it: ``hint`` (in play and at a hosted table) and
``analyse`` (in a replay) print the bot's top moves with these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action, Legal, describe
from engine.bots.explain import fewer_text, hint_line
from engine.registry import game_info
from engine.text import Text

if TYPE_CHECKING:
    from engine.bots import Analysis, Bot
    from engine.game import Game
    from engine.shell.console import Console


def say_hint(console: Console, bot: Bot, game: Game, seat: int, raw: bool = False) -> None:
    """Tell ``console``'s person ``bot``'s top moves for ``seat`` of ``game`` (the local
    ``hint`` and the host's): what the decision is about, then each move's line."""
    view, legal = game.view(seat), game.legal_actions()
    rows = bot.analyse(view, legal, game.variant, top=3)
    text = analysis_lines(
        f"Hint from {bot.spec} for {game.players[seat]}:", rows, game,
        situation=bot.situation(view, legal, game.variant), raw=raw,
        width=console.width(),
    )
    if len(rows) < 3 and _count(legal) > len(rows):
        # Three were promised (docs/playing.md): say why fewer.
        text.line(Text("  " + fewer_text(bot.spec, len(rows), ", ".join(describe(legal))),
                       "dim"))
    console.say(text)


def _count(legal: list[Legal]) -> float:
    """How many moves ``legal`` holds (a Span without an upper end: endless)."""
    return sum(1 if isinstance(move, Action) else
               (float("inf") if move.hi is None else move.hi - move.lo + 1) for move in legal)


def analysis_lines(title: str, rows: list[Analysis], game: Game, played: Action | None = None,
                   situation: str = "", raw: bool = False, width: int | None = None) -> Text:
    """A bot's analysis as numbered lines: each move with its win chance and expected final
    money, and the bot's few words on it (``engine.bots.explain.hint_line``); on a screen
    of ``width`` too narrow for a move's whole line, its words go on a line of their own."""
    money = game_info(game.variant.game).vocabulary.money
    out = Text(title, "title")
    if situation:
        out.line(Text(f"  {situation[0].upper()}{situation[1:]}.", "dim"))
    for i, row in enumerate(rows, 1):
        mark = "  ← played" if played is not None and row.action == played else ""
        line = hint_line(row, money, raw)
        text = Text(f"  {i}. ").add(line.move, "cmd")
        if line.measures:
            text.add(f" · {line.measures}")
        whole = len(text) + len(line.note) + 2 + len(mark)
        if line.note and width is not None and whole > width:
            out.line(text.add(mark, "turn"))
            out.line(Text("     ").add(line.note, "dim"))
            continue
        if line.note:
            text.add(f": {line.note}", "dim")
        out.line(text.add(mark, "turn"))
    return out
