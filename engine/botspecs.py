"""Whether a seat's bot spec names a bot: the seam through which the records check the
specs they hold without importing the bots.

A record names each seat's bot by its spec (``mcts:2000``), a string. Loading one refuses
a spec no bot answers to (the shell would otherwise wait on that seat forever), but the
records sit below the bots, so they ask here: the bots package registers its check
(``engine.bots.check_spec``) when it is imported, and every front end that seats a bot
has imported it by then. Before that, with no bot in the process to build, a spec is
checked only for its shape (the record's schema: text of at most 64 characters).
"""

from __future__ import annotations

from collections.abc import Callable

SpecCheck = Callable[[object], "str | None"]
"""``check(spec)``: None if a bot answers to ``spec``, else why not, in one line."""

_CHECK: SpecCheck | None = None


def register(check: SpecCheck) -> None:
    """Make ``check`` the one that ``spec_problem`` asks (the bots package calls this)."""
    global _CHECK
    _CHECK = check


def spec_problem(spec: object) -> str | None:
    """Why no bot answers to ``spec`` (None: one does, or no bots are loaded to ask)."""
    return None if _CHECK is None else _CHECK(spec)
