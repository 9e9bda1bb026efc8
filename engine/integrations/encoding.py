"""Integer actions and observation tensors: moved to ``engine.spiel.encoding`` (below the
adapters, the OpenSpiel bot and the games' folders); every name is importable from here
as before."""

from engine.spiel.encoding import *  # noqa: F403
