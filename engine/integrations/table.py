"""The engine side of an OpenSpiel state: moved to ``engine.spiel.table``; every name (and
what pickles of this release name, ``_table_from_ids``) is importable from here as
before."""

from engine.spiel.table import *  # noqa: F403
from engine.spiel.table import _table_from_ids as _table_from_ids
