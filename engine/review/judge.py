"""Judging a game's moves: each one searched from the mover's view with a fixed budget.

For each move the default search (``mcts``, by iterations, so it repeats) is run from the
view of the player who made it, as a hint would be, with the move played among its
candidates: the win chance after the best move it found, and after the move played. The
mover's win chance before the move is the chart's (``chances``): every seat's chance of
winning as the bots' valuation reads the table, no search, the figure a search ends its
rollouts on. What the player knew of the others (their bids and prices so far, all public)
is rebuilt for every move from the record, so each move's judgement depends on the record,
the bot and the seed alone: the same on one process or many, in any order.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, Span
from engine.bots import make_bot
from engine.bots.base import Analysis
from engine.bots.mcts import MctsBot
from engine.bots.measure import spread_now, win_chance
from engine.bots.parts import AnyParts, build_parts
from engine.errors import MediciError
from engine.game import Game, game_from_view
from engine.records import Record
from engine.records.format import encode
from engine.records.review_section import JudgedMove
from engine.records.verify import StepHook, read_record, replay_record
from engine.review import labels

RECORD_NAME = "the record reviewed"
"""How a record handed to a process is named in its messages."""

DEFAULT_BOT = "mcts:300"
"""The search that judges: ``mcts`` with 300 iterations a move, the budget of replay's
``analyse all``; a review of a whole 4-player game stays within a minute on 2 cores."""


class ReviewError(MediciError, ValueError):
    """A review that cannot be made as asked (a bot that is no fixed-budget search, a
    game no bot knows)."""


@dataclass(frozen=True)
class Settings:
    """What a review is made with: the search (``mcts:N``, N iterations) and its seed."""

    bot: str = DEFAULT_BOT
    seed: int = 0

    def check(self) -> None:
        """ReviewError unless ``bot`` is a search with a budget of iterations (a budget of
        time would judge differently on a busier machine)."""
        try:
            bot = make_bot(self.bot, seed=self.seed)
        except MediciError as err:
            raise ReviewError(f"--bot {self.bot!r}: {str(err).splitlines()[0]}") from None
        if not isinstance(bot, MctsBot) or bot.iterations is None or bot.seconds is not None:
            raise ReviewError(f"--bot {self.bot!r}: a review is judged by the search with a "
                              "budget of iterations, so that it repeats: mcts:N, as "
                              f"{DEFAULT_BOT}")


def per_mille(share: float) -> int:
    """A chance (0..1) in tenths of a percent, as a review keeps it."""
    return max(0, min(1000, round(1000 * share)))


def table_chances(game: Game, parts: AnyParts) -> list[int]:
    """Every seat's chance of winning as the valuation reads the table (tenths of a
    percent), each from that seat's own view (G-3: a game whose pieces are dealt privately
    tells no one more than they saw): the search's own reading of a position, without a
    search; at the end, the winners share it."""
    seats = len(game.players)
    if game.is_over:
        winners = game.winners
        return [per_mille(1 / len(winners)) if q in winners else 0 for q in range(seats)]
    evaluator = parts.evaluator
    out = []
    for q in range(seats):
        seen = game_from_view(game.variant, game.view(q), 0)
        out.append(per_mille(win_chance(evaluator.equity(seen), q,
                                        spread_now(evaluator, seen))))
    return out


@dataclass
class Moment:
    """A move in its place: the game before it, the move, who made it, and what the mover
    had seen of the others' bidding and pricing until then (the bot's ``memory``)."""

    step: int
    game: Game
    move: Action
    seat: int
    memory: dict[Hashable, list[Any]]


def moments(record: Record, parts: AnyParts, steps: Sequence[int]) -> Iterator[Moment]:
    """Each of ``steps`` (ascending) as a ``Moment``, walking the record once."""
    want = set(steps)
    last = max(want) if want else 0
    game = replay_record_to(record, 0)
    memory: dict[Hashable, list[Any]] = {}
    logic = game.logic
    moves = [a for a in (logic.action_of(e) for e in record.events) if a is not None]
    evidence = parts.opponents.evidence
    for step in range(1, last + 1):
        move = moves[step - 1]
        if step in want:
            seat = game.current_player
            assert seat is not None  # a step is a move, made by the player to act
            yield Moment(step, game.clone(), move, seat, dict(memory))
        seen = evidence(game)
        if seen is not None:
            memory[seen[0]] = seen[1]
        game.apply(move)


class _Stopped(Exception):
    """Raised by ``_stop_at`` to cut a replay short (the game at that step is kept)."""

    def __init__(self, game: Game) -> None:
        self.game = game


def _stop_at(step: int) -> StepHook:
    """A replay's step hook that stops the replay at ``step`` (``_Stopped``)."""
    def hook(at: int, game: Game) -> None:
        if at == step:
            raise _Stopped(game.clone())
    return hook


def replay_record_to(record: Record, step: int) -> Game:
    """The game of ``record`` at ``step`` (0: as set up)."""
    try:
        return replay_record(record, _stop_at(step))
    except _Stopped as stopped:
        return stopped.game


def forced(game: Game) -> bool:
    """Whether the player to act has one legal move only (nothing to judge)."""
    legal = game.legal_actions()
    return len(legal) == 1 and not isinstance(legal[0], Span)


def judge(moment: Moment, bot: MctsBot, parts: AnyParts) -> JudgedMove:
    """One move judged: the search from the mover's view, the move played among its
    candidates."""
    game, seat, played = moment.game, moment.seat, moment.move
    before = table_chances(game, parts)[seat]
    base: JudgedMove = {"step": moment.step, "player": seat, "move": str(played),
                        "label": labels.FORCED, "before": before, "after": before,
                        "best": before, "best_move": str(played)}
    if forced(game):
        return base
    bot.memory = dict(moment.memory)
    rows = bot.analyse(game.view(seat), game.legal_actions(), game.variant, top=1,
                       also=[played])
    best = rows[0]
    mine = next((r for r in rows if r.action == played), best)
    return figures(base, best, mine)


def figures(base: JudgedMove, best: Analysis, mine: Analysis) -> JudgedMove:
    """A judged move from the search's rows for the best move and the move played."""
    after = per_mille(mine.win or 0.0)
    top = max(after, per_mille(best.win or 0.0))
    out: JudgedMove = {**base, "after": after, "best": top, "best_move": str(best.action)}
    if mine.money is not None and best.money is not None:
        out["money_after"] = round(mine.money)
        out["money_best"] = round(best.money)
    points = (top - after) / 10
    out["label"] = labels.label(points, best.action == mine.action)
    return out


def judge_batch(text: str, bot_spec: str, seed: int, steps: Sequence[int]) -> list[JudgedMove]:
    """Judge ``steps`` of the record written as ``text``: the work of one process (its
    arguments pickle; the record travels as its text and is verified again there)."""
    record, _ = read_record(text.encode("utf-8"), RECORD_NAME)
    variant = replay_record_to(record, 0).variant
    parts = build_parts(variant)
    bot = make_bot(bot_spec, seed=seed)
    assert isinstance(bot, MctsBot)  # Settings.check
    return [judge(m, bot, parts) for m in moments(record, parts, steps)]


def record_text(record: Record) -> str:
    """A record as the processes are handed it."""
    return encode(record)
