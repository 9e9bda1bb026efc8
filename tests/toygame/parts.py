"""Oracle's narrator, table and rules summary: what its descriptor names for the shell and
the game story."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from engine.logic import Rules
from engine.narrative import Narrator, Role, Sentence
from engine.narrative.narrator import COMMON_ROLES
from engine.text import Text
from engine.views import Event, MoveEvent, View, money_text
from toygame.views import AmountEvent, OracleView, RevealEvent


class OracleNarrator(Narrator):
    """Oracle's sentences."""

    roles: ClassVar[dict[str, Role]] = {
        **COMMON_ROLES, "stake": Role.MOVE, "guess": Role.MOVE, "fold": Role.MOVE,
        "reveal": Role.SCORING,
    }
    piece: ClassVar[str] = "stone"
    noun: ClassVar[str] = "stones"
    verb: ClassVar[str] = "shaken"
    unit: ClassVar[str] = "shells"
    period: ClassVar[str] = "season"

    def say_stake(self, events: Sequence[Event], index: int) -> Sentence:
        """``Ann stakes 3 shells.``"""
        e = cast(AmountEvent, events[index])
        return self.who(e["player"]).add(f" stakes {e['amount']} shells.")

    def say_guess(self, events: Sequence[Event], index: int) -> Sentence:
        """``Ann guesses 7.``"""
        e = cast(AmountEvent, events[index])
        return self.who(e["player"]).add(f" guesses {e['amount']}.")

    def say_fold(self, events: Sequence[Event], index: int) -> Sentence:
        """``Ann folds.``"""
        return self.who(cast(MoveEvent, events[index])["player"]).add(" folds.")

    def say_reveal(self, events: Sequence[Event], index: int) -> Sentence:
        """``The stones show 9.``"""
        return Sentence(f"The stones show {cast(RevealEvent, events[index])['total']}.", "title")


def table(given: View, bots: list[str | None]) -> Text:
    """Oracle's table: the season, the pot, each player's shells, stake, guess and stone."""
    view = cast(OracleView, given)  # a view of this game
    out = Text(f"Oracle · season {view['season']}/{view['seasons']}", "heading")
    out.line(f"pot {view['pot']} · {view['phase']}")
    for p, player in enumerate(view["players"]):
        stone = player["stone"] or "hidden"
        bot = f" (bot {bots[p]})" if p < len(bots) and bots[p] else ""
        out.line(Text("  ").add(player["name"] + bot, "name").add(
            f"  {money_text(player, 'shells')} · stake {player['stake']} · "
            f"guess {player['guess']} · stone {stone}"))
    return out


def rules_text(rules: Rules, players: int | None) -> Text:
    """Oracle's rules in a few lines."""
    out = Text()
    out.line(f"{rules['seasons']} seasons; {rules['start_shells']} shells each; "
             f"stones {', '.join(str(v) for v in rules['stones'])}.")
    out.line("Stake, then guess the sum of everyone's hidden stone or fold; closest wins.")
    return out

