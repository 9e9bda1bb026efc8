"""Oracle's bot parts and its field styles: a game's own judgement, plugged in through the
descriptor's ``model`` and ``styles`` alone, so ``greedy``, ``mcts`` and every style of
``medici league`` play it.

The judgement is plain: a player expects the sum of the stones to be their own stone plus
the mean of the stones they cannot see for each other seat, guesses that, and stakes a
little while a guess is worth making.
"""

from __future__ import annotations

from engine.actions import Action, Span, amount_action, is_legal
from engine.agreement import agree
from engine.bots.explain import naming
from engine.bots.opponents import Beliefs, Kind
from engine.bots.parts import Parts, assemble
from engine.bots.styles import Traits
from engine.chance import Rng
from engine.game import Game
from engine.logic import multiset_without
from engine.rules import Variant
from toygame.logic import OracleLogic, OracleState

FOLD = Action("fold")
STAKE = 1
"""What the model stakes each season (when it has the shells)."""


class OracleValuation:
    """The numbers of an Oracle variant the parts judge by."""

    def __init__(self, variant: Variant) -> None:
        logic = variant.logic
        assert isinstance(logic, OracleLogic)  # the parts of an Oracle variant
        self.value = logic.value
        self.bag = logic.bag
        self.seasons = logic.seasons

    def expected_sum(self, st: OracleState, seat: int) -> int:
        """The sum of the stones as ``seat`` expects it: their own stone, and the mean of
        the stones they cannot see for each other seat."""
        own = st.stones[seat]
        mine = self.value[own] if own is not None else 0
        rest = [self.value[s] for s in multiset_without(self.bag, [own] if own else [])] or [0]
        return round(mine + (len(st.names) - 1) * sum(rest) / len(rest))


class OracleEvaluator:
    """Equity: a player's shells, and an even share of the pot for each who guesses."""

    spread = 3.0

    def __init__(self, val: OracleValuation) -> None:
        self.val = val

    def equity(self, game: Game[OracleState]) -> list[float]:
        """Each player's shells and their share of the pot if the guesses were alike."""
        st = game.state
        guessing = [p for p, g in enumerate(st.guesses) if g is not None] or list(
            range(len(st.names)))
        return [s + (st.pot / len(guessing) if p in guessing else 0.0)
                for p, s in enumerate(st.shells)]

    def outlook(self, game: Game[OracleState]) -> tuple[list[float], list[float]]:
        """Equity as the search weighs it, and as money."""
        equity = self.equity(game)
        return equity, equity

    def horizon(self, game: Game[OracleState]) -> int:
        """Rollouts stop where the season changes."""
        return game.state.season

    def scorings_left(self, game: Game[OracleState]) -> int:
        """Seasons still to be scored, this one included."""
        return 0 if game.is_over else self.val.seasons - game.state.season + 1


class OraclePolicy:
    """Stake a little, guess the expected sum."""

    def __init__(self, val: OracleValuation) -> None:
        self.val = val

    def move(self, game: Game[OracleState], beliefs: Beliefs | None,
             rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The model's move for the player to act."""
        st = game.state
        legal = game.legal_actions()
        span = legal[0]
        if not isinstance(span, Span):
            return FOLD
        if span.kind == "stake":
            return amount_action("stake", min(STAKE, span.hi if span.hi is not None else STAKE))
        me = game.current_player
        assert me is not None  # a guess has its guesser
        guess = self.val.expected_sum(st, me)
        top = span.hi if span.hi is not None else guess
        return amount_action("guess", max(span.lo, min(top, guess)))

    def candidates(self, game: Game[OracleState], beliefs: Beliefs | None) -> list[Action]:
        """The model's move and its neighbours, and folding where it is legal."""
        pick = self.move(game, beliefs)
        out = [pick]
        for entry in game.legal_actions():
            if isinstance(entry, Span) and pick.amount is not None:
                for near in (pick.amount - 1, pick.amount + 1):
                    act = amount_action(entry.kind, near)
                    if is_legal(act, [entry]):
                        out.append(act)
            elif isinstance(entry, Action) and entry not in out:
                out.append(entry)
        return out

    def rollout_move(self, game: Game[OracleState], beliefs: Beliefs | None,
                     rng: Rng) -> Action:
        """The model's move."""
        return self.move(game, beliefs)


class OracleOpponents:
    """No evidence to learn from: every opponent plays the model's move."""

    def __init__(self, val: OracleValuation, policy: OraclePolicy) -> None:
        self.policy = policy

    def prior(self, players: int) -> Beliefs:
        """Flat beliefs."""
        return Beliefs(players)

    def evidence(self, game: Game[OracleState]) -> None:
        """Nothing an Oracle move tells of how its player values shells."""
        return None

    def observe(self, beliefs: Beliefs, sighting: object) -> None:
        """Never called: there is no evidence."""

    def move(self, game: Game[OracleState], kind: Kind | None, rng: Rng) -> Action:
        """The model's move."""
        return self.policy.move(game, None)


class OracleExplainer:
    """A few words on a guess."""

    def __init__(self, val: OracleValuation, policy: OraclePolicy) -> None:
        self.val = val
        self.policy = policy

    def situation(self, game: Game[OracleState], beliefs: Beliefs | None,
                  reader: int | None = None) -> str:
        """The sum the player expects, told to ``reader`` (the player by default)."""
        me = game.current_player
        if me is None or game.phase != "guessing":
            return ""
        who = naming(game.state.names, me, reader)(me)
        return (f"{who} {agree(who, 'expects')} the stones to add up to "
                f"~{self.val.expected_sum(game.state, me)}")

    def explain(self, game: Game[OracleState], action: Action, beliefs: Beliefs | None,
                reader: int | None = None) -> str:
        """What the move is."""
        return "the expected sum" if action == self.policy.move(game, beliefs) else ""

    def greedy_values(self, game: Game[OracleState], beliefs: Beliefs | None,
                      also: list[Action]) -> list[tuple[Action, float]]:
        """The model's move first; every other move is worth nothing more."""
        pick = self.policy.move(game, beliefs)
        return [(pick, 1.0)] + [(a, 0.0) for a in also if a != pick]

    def sale_worth(self, game: Game[OracleState], seat: int) -> float | None:
        """Nothing is on sale in Oracle."""
        return None

    def shift(self, equity: list[float], me: int, value: float) -> list[float]:
        """``me`` gains ``value``."""
        after = list(equity)
        after[me] += value
        return after


def parts(variant: Variant) -> Parts[OracleState, OracleValuation]:
    """One bot's Oracle parts over one valuation."""
    return assemble(OracleValuation(variant), OracleEvaluator, OraclePolicy, OracleOpponents,
                    OracleExplainer)


def style_move(game: Game[OracleState], style: str | Traits,
               parts: Parts[OracleState, OracleValuation]) -> Action | None:
    """Oracle's styles where they differ from the model: ``thrifty`` stakes nothing,
    ``spoiler`` stakes all it has; the rest, and styles of stated numbers (``Traits``,
    which Oracle does not read), play the model's move (None)."""
    legal = game.legal_actions()
    span = legal[0] if legal else None
    if not isinstance(span, Span) or span.kind != "stake":
        return None
    if style == "thrifty":
        return amount_action("stake", span.lo)
    if style == "spoiler" and span.hi is not None:
        return amount_action("stake", span.hi)
    return None
