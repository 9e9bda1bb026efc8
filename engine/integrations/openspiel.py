"""Medici and Medici vs Strozzi as OpenSpiel games (extra ``openspiel``).

Importing this module registers two games with ``pyspiel.register_game``, as OpenSpiel's own
Python games do::

    import pyspiel
    import engine.integrations.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("python_medici", {"players": 4})
    game = pyspiel.load_game("python_medici_vs_strozzi")

Parameters: ``players`` (2-6, Medici only), ``variant`` (a rules name from ``config/`` or
a rules file of the same game), ``utility`` (``money``: the returns are the final money,
general-sum; ``win``: 1 shared by the winners (G-4), 0 for the others) and
``max_amount`` (the highest bid or price in the action space; see ``encoding``).

**Chance.** Every chance outcome is an explicit chance node at the moment the engine needs
it: a random start player or tie-break (outcome: the seat, uniform), and each piece as it
is drawn (outcome: the piece's index in ``pieces``, with probability its share of the
pieces nobody has seen). The engine draws the same way for a game entered card by card
(chance as data, G-1): a day's pile is an unknown order that is revealed a card at a time.
So no one, not even the state, knows the pile before it is drawn (the game's logic makes
a sampled order unknown again: ``Logic.forget_order``), and in Medici's games the
information sets are single histories: every card drawn is seen by all. A game that deals
a piece to one seat alone says so (``Logic.private_to``), and the other seats' information
states hold only that a piece was dealt. The game is declared imperfect-information, as
the engine's games are (the pile order is hidden, G-3), so OpenSpiel's ISMCTS accepts it;
``resample_from_infostate`` rebuilds the state from the player's view with
``engine.game.game_from_view``.

**Strings.** ``action_to_string`` gives the engine's text forms (``bid 12``, ``load 4
harbour 2``; chance: the game's word for a piece and the piece, ``card fur:3``, ``tile
dye:2``, or ``seat 2``) and ``string_to_action`` reads them back. The information state
string is the viewer and every move and chance outcome so far (as that viewer saw it), one
a line; the observation string is the player's view (``Game.view(player)``) as JSON. The
observation tensor is ``encoding.observation`` of that view (layout in
``encoding.layout_for``). No information state tensor is provided: a perfect-recall tensor
of a whole game would be huge, and the observation is already the full public state.
"""

from __future__ import annotations

# The games themselves live below the adapter and the OpenSpiel bot (engine/spiel); the
# adapter registers them and keeps every name it had.
from engine.spiel.encoding import DEFAULT_MAX_AMOUNT as DEFAULT_MAX_AMOUNT
from engine.spiel.game import MONEY_BOUND as MONEY_BOUND
from engine.spiel.game import TYPES as TYPES
from engine.spiel.game import UTILITIES as UTILITIES
from engine.spiel.game import MediciSpielGame as MediciSpielGame
from engine.spiel.game import MediciSpielState as MediciSpielState
from engine.spiel.game import Observer as Observer
from engine.spiel.game import game_for as game_for
from engine.spiel.game import register_all
from engine.spiel.game import spiel_type as spiel_type
from engine.spiel.game import state_from_view as state_from_view
from engine.spiel.table import Outcome as Outcome
from engine.spiel.table import Request as Request
from engine.spiel.table import Table as Table
from engine.spiel.table import TableChance as TableChance
from engine.spiel.table import (  # what pickles of release 0.1 name
    _table_from_ids as _table_from_ids,
)

register_all()
