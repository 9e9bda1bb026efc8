"""Where a review's moves are shared out over processes: one function, the one place the
review reaches the runner ``simulate`` plays its games on (``engine.runs.pool.Runner``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from engine.runs.pool import Runner

T = TypeVar("T")
P = TypeVar("P")


def share_out(work: Callable[..., list[T]], args: Sequence[object], parts: Iterable[P],
              workers: int) -> Iterator[list[T]]:
    """``work(*args, part)`` for each of ``parts``, each part's results in the order of
    ``parts``: on ``workers`` processes by the runner of ``medici simulate``, or here for
    one. ``work`` and ``args`` must pickle."""
    with Runner(workers) as runner:
        yield from runner.batches(work, args, parts)
