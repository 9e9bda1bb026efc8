"""The one process runner: work shared over this process, a pool of processes or a Dask
cluster, its results given back in order.

Every client that does much the same work many times runs on it: ``medici simulate``, a
league and ``medici compare`` share their games, and any feature may share its own items
(a review weighing each move of a game, say). Results come back in the order of the work
items whatever the number of processes, so a run whose items carry their own seeds is
deterministic: the same results with one process, four, or a cluster.

Map a function over items, with a progress callback::

    from engine.runs.pool import map_items

    def weigh(move: int) -> float:          # at module level: it must pickle
        ...

    for move, value in zip(moves, map_items(weigh, moves, jobs=None, progress=bar)):
        ...                                 # in the order of ``moves``

``jobs`` is the number of processes (None: one per core; 1: here, in this process);
``scheduler`` the address of a Dask scheduler (``tcp://host:8786``) or ``dask_local``
a local Dask cluster of ``jobs`` workers (``pip install 'medici[dask]'``). ``progress``
is called with the number of items done so far, as each batch of them finishes (in
order). ``func`` and the items must pickle for more than one process: a function defined
at a module's top level, plain data (a variant travels as its resolved rules:
``Variant.rules`` and ``Variant.source``, rebuilt with ``variant_from_rules``).

For several maps in a row (``--until``'s rounds) keep the processes between them::

    with Runner(jobs=None) as runner:
        first = list(runner.map(weigh, moves[:100]))
        rest = list(runner.map(weigh, moves[100:]))

``Runner.batches(work, args, parts)`` is the lower level both stand on: ``work(*args,
part)`` for each part, returning a list, a few parts per worker in flight (``WINDOW``).
"""

from __future__ import annotations

import collections
import math
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from types import TracebackType
from typing import Any, Protocol, TypeVar

from engine.runs.errors import RunError

T = TypeVar("T")
P = TypeVar("P")
R = TypeVar("R")
T_co = TypeVar("T_co", covariant=True)

MAX_JOBS = 256
"""The most processes or Dask workers one run starts (``--jobs 1000000`` is no fork bomb)."""

WINDOW = 4
"""Batches in flight per worker: enough to keep every worker busy, few enough that the
batches finished ahead of the one a run waits for take little memory."""


def workers_for(jobs: int | None) -> int:
    """The number of workers ``jobs`` asks for (None or 0: one per core), checked."""
    workers = (os.cpu_count() or 1) if jobs is None or jobs == 0 else jobs
    if jobs.__class__ not in (int, type(None)) or not 1 <= workers <= MAX_JOBS:
        raise RunError(
            f"jobs must be at least 1 and at most {MAX_JOBS} (or 0 for every core), got {jobs}"
        )
    return workers


class _Pending(Protocol[T_co]):
    """Work submitted to a pool or a cluster (a ``concurrent.futures`` or Dask future)."""

    def result(self) -> T_co:
        """The work's results, once it is done."""
        ...


def in_order(submit: Callable[[P], _Pending[T]], parts: Iterable[P], window: int
             ) -> Iterator[T]:
    """The results of parts submitted ahead (at most ``window`` in flight), one at a time in
    the order of ``parts``: the oldest is waited for while the others run on."""
    pending: collections.deque[_Pending[T]] = collections.deque()
    for part in parts:
        pending.append(submit(part))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def _apply(func: Callable[[P], R], items: Sequence[P]) -> list[R]:
    """``func`` on each of ``items``, in a worker."""
    return [func(item) for item in items]


class Runner:
    """Where work runs: in this process, on a pool of processes (started on first use and
    kept until ``close``), or on a Dask cluster. Use it as a context manager.

    ``how`` says where, for reports ("serial", "2 processes", "Dask at tcp://...").
    Arguments that cannot work are refused here, before any work: ``RunError``.
    """

    def __init__(self, jobs: int | None = None, scheduler: str | None = None,
                 dask_local: bool = False) -> None:
        if scheduler and dask_local:
            raise RunError("give a Dask scheduler address or a local Dask cluster, not both")
        self.workers = workers_for(jobs)
        self.scheduler = scheduler
        self.dask_local = dask_local
        self._pool: Executor | None = None
        self._client: Any = None
        self._cluster: Any = None
        self.used = 1
        """The most workers any map so far kept busy (1: all of it ran here)."""
        if scheduler or dask_local:
            self._connect()

    @property
    def dask(self) -> bool:
        """Whether the work runs on a Dask cluster."""
        return bool(self.scheduler or self.dask_local)

    @property
    def how(self) -> str:
        """Where the work ran, in words."""
        if self.scheduler:
            return f"Dask at {self.scheduler}"
        if self.dask_local:
            return f"local Dask cluster of {self.workers} workers"
        return "serial" if self.used <= 1 else f"{self.used} processes"

    def batches(self, work: Callable[..., list[T]], args: Sequence[object],
                parts: Iterable[P], spread: bool = True) -> Iterator[list[T]]:
        """``work(*args, part)`` for each of ``parts``, each part's results in the order of
        ``parts``. With one worker, or ``spread=False`` (work too small to pay for
        sending), it all runs here, a part at a time."""
        if self.dask:
            yield from self._dask_batches(work, args, parts)
            return
        if self.workers <= 1 or not spread:
            for part in parts:
                yield work(*args, part)
            return
        pool = self._processes()
        self.used = max(self.used, self.workers)
        yield from in_order(lambda part: pool.submit(work, *args, part), parts,
                            self.workers * WINDOW)

    def map(self, func: Callable[[P], R], items: Iterable[P],
            progress: Callable[[int], None] | None = None, chunk: int | None = None,
            ) -> Iterator[R]:
        """``func(item)`` for each of ``items``, in their order; ``progress(done)`` after
        each chunk. ``chunk`` items travel together (None: a few chunks per worker)."""
        listed = list(items)
        workers = 1 if not self.dask and self.workers <= 1 else max(self.workers, 1)
        size = chunk or max(1, min(256, math.ceil(len(listed) / (workers * WINDOW))))
        parts = (listed[i:i + size] for i in range(0, len(listed), size))
        done = 0
        for results in self.batches(_apply, (func,), parts, spread=len(listed) > 1):
            done += len(results)
            if progress is not None:
                progress(done)
            yield from results

    def _processes(self) -> Executor:
        if self._pool is None:
            # Not a plain fork: this process may hold threads (a Dask client's, a caller's),
            # and a forked copy of a lock held by another thread never comes free.
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods
                                                  else None)
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._pool

    def _connect(self) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise RunError(
                "Dask is not installed: pip install 'medici[dask]' (or dask[distributed])"
            ) from None
        if self.scheduler:
            try:
                self._client = Client(self.scheduler, timeout="15s")
            except (OSError, TimeoutError) as err:
                raise RunError(
                    f"cannot reach the Dask scheduler at {self.scheduler}: {err}"
                ) from None
        else:
            self._cluster = LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True,
                dashboard_address=None,
            )
            self._client = Client(self._cluster)

    def _dask_batches(self, work: Callable[..., list[T]], args: Sequence[object],
                      parts: Iterable[P]) -> Iterator[list[T]]:
        client = self._client
        width = max(1, len(client.scheduler_info().get("workers", {})) or self.workers)
        self.used = max(self.used, width)
        yield from in_order(lambda p: client.submit(work, *args, p, pure=False), parts,
                            width * WINDOW)

    def close(self) -> None:
        """Stop the processes or leave the cluster (once, however often it is called)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def map_items(func: Callable[[P], R], items: Iterable[P], jobs: int | None = None,
              progress: Callable[[int], None] | None = None, scheduler: str | None = None,
              dask_local: bool = False, chunk: int | None = None) -> Iterator[R]:
    """``func(item)`` for each of ``items`` on ``jobs`` processes (None: one per core) or a
    Dask cluster, results in the order of ``items``; ``progress(done)`` as they finish.
    The processes are stopped when the results are all read (or the iterator is closed)."""
    with Runner(jobs, scheduler, dask_local) as runner:
        yield from runner.map(func, items, progress, chunk)
