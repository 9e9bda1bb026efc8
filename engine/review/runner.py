"""Where a review's moves are shared out over processes: one function, the one place the
review reaches the runner ``simulate`` plays its games on (``in_processes``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
P = TypeVar("P")


def share_out(work: Callable[..., list[T]], args: Sequence[object], parts: Iterable[P],
              workers: int) -> Iterator[list[T]]:
    """``work(*args, part)`` for each of ``parts``, each part's results in the order of
    ``parts``: on ``workers`` processes by the runner of ``medici simulate``, or here for
    one. ``work`` and ``args`` must pickle."""
    if workers <= 1:
        return (work(*args, part) for part in parts)
    from engine.tournament import in_processes  # the process runner: only when it is used

    return in_processes(work, args, parts, workers)
