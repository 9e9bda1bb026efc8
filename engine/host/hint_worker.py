"""A table's hints, worked out in a process of their own with a time and a memory limit.

A hint (``hint``, with ``medici host ... --hints on``) runs a bot's search, and a joiner
chooses the bot (``hint --bot mcts:30s``): run in the host's own process it would take the
host's memory and the event loop's share of the interpreter for as long as the joiner
asked. Here each hint is one short-lived worker process (forked from a server process
that has the engine loaded, so it starts in milliseconds), which:

- gets the decision only (the rules, the seat's view, the legal moves, the bot's spec and
  seed), never a file or the table;
- may take ``HINT_SECONDS`` (then it is killed, and the joiner told so) and
  ``HINT_MEMORY`` bytes beyond what it starts with (its address space is limited: a search
  that wants more fails in the worker, not in the host);
- is one at a time per person (a second ``hint`` while one is worked out is refused) and
  ``MAX_WORKERS`` at a time for the whole table (two cores are shared by everyone);
- is killed when its person leaves (``cancel``).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from engine.shell import ShellError, hint_text

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from engine.bots.base import Analysis
    from engine.game import Game
    from engine.shell import Console

HINT_SECONDS = 15.0
"""The longest a hint may think (the worker is then killed)."""

HINT_MEMORY = 512 * 1024 * 1024
"""The memory a hint's worker may take beyond what it starts with (bytes of address space)."""

MAX_WORKERS = 2
"""Hints worked out at once for the whole table; more wait (at most ``HINT_SECONDS``)."""

WORKER_NAME = "medici-hint"
"""A worker's process name (``ps`` shows it)."""

_slots = threading.BoundedSemaphore(MAX_WORKERS)
_lock = threading.Lock()
_running: dict[int, BaseProcess | None] = {}
"""Whose hint is being worked out (by ``id`` of the person): its process once started."""
_context: Any = None


def _start_method() -> Any:
    """The processes' context: a fork server with the engine loaded (a fork of the host
    itself, with its threads and event loop, would not be safe)."""
    global _context
    with _lock:
        if _context is None:
            if "forkserver" in multiprocessing.get_all_start_methods():
                server = multiprocessing.get_context("forkserver")
                server.set_forkserver_preload(["engine.host.hint_worker", "engine.bots",
                                               "engine.rules"])
                _context = server
            else:  # no fork server here (Windows): a fresh interpreter each time
                _context = multiprocessing.get_context("spawn")
        return _context


def analyse(owner: object, spec: str, seed: int | None, game: Game, seat: int,
            seconds: float = HINT_SECONDS, memory: int = HINT_MEMORY,
            ) -> tuple[list[Analysis], str]:
    """The bot ``spec``'s top three moves for ``seat`` of ``game`` and its words on the
    situation, worked out in a worker process for ``owner`` (a person at the table);
    ShellError if they have a hint under way, the workers stay busy, or the worker runs
    over a limit, fails or is cancelled. Blocks the calling thread (not the event loop)."""
    key = id(owner)
    with _lock:
        if key in _running:
            raise ShellError("a hint for you is being worked out already: it comes in a "
                             "moment")
        _running[key] = None
    try:
        if not _slots.acquire(timeout=seconds):
            raise ShellError(f"the table's hint workers are busy ({MAX_WORKERS} hints at "
                             "once at most): try again in a moment")
        try:
            return _run(key, spec, seed, game, seat, seconds, memory)
        finally:
            _slots.release()
    finally:
        with _lock:
            _running.pop(key, None)


def _run(key: int, spec: str, seed: int | None, game: Game, seat: int, seconds: float,
         memory: int) -> tuple[list[Analysis], str]:
    context = _start_method()
    mine, theirs = context.Pipe(duplex=False)
    job = (spec, seed, game.variant.rules, game.variant.source, game.view(seat),
           list(game.legal_actions()), memory, seconds)
    process = context.Process(target=_work, args=(theirs, job), name="medici-hint",
                              daemon=True)
    with _lock:
        if key not in _running:  # cancelled before it began
            raise ShellError("the hint was cancelled")
        process.start()
        _running[key] = process
    theirs.close()
    try:
        if not mine.poll(seconds) and process.is_alive():
            raise ShellError(f"the hint took over {seconds:g} s and was stopped: a "
                             "quicker bot answers sooner (hint --bot mcts:2s)")
        try:
            answer = mine.recv()
        except (EOFError, OSError):
            with _lock:
                cancelled = _running.get(key) is not process
            if cancelled:
                raise ShellError("the hint was cancelled") from None
            answer = ("memory",)  # the worker died without a word: out of its memory
    finally:
        mine.close()
        if process.is_alive():
            process.kill()
        process.join(5)
    kind = answer[0]
    if kind == "ok":
        return answer[1], answer[2]
    if kind == "memory":
        raise ShellError(f"the hint needed over {memory // (1024 * 1024)} MB and was "
                         "stopped: a quicker bot needs less (hint --bot mcts:2s)")
    raise ShellError(f"the hint failed: {answer[1]}")


def cancel(owner: object) -> bool:
    """Stop ``owner``'s hint if one is under way (they left); whether there was one."""
    with _lock:
        key = id(owner)
        if key not in _running:
            return False
        process = _running.pop(key)
    if process is not None and process.is_alive():
        process.kill()
    return True


def busy(owner: object) -> bool:
    """Whether a hint is being worked out for ``owner``."""
    with _lock:
        return id(owner) in _running


def _work(out: Connection, job: tuple[Any, ...]) -> None:
    """In the worker: limit its memory and time, think, send the answer back."""
    spec, seed, rules, source, view, legal, memory, seconds = job
    try:  # named, for ps and top (Linux): it is the host's hint worker
        with open("/proc/self/comm", "w") as comm:
            comm.write(WORKER_NAME)
    except OSError:
        pass
    _limit(memory, seconds)
    try:
        from engine.bots import make_bot
        from engine.rules import variant_from_rules

        variant = variant_from_rules(rules, source)
        bot = make_bot(spec, seed=seed)
        rows = bot.analyse(view, legal, variant, top=3)
        answer: tuple[Any, ...] = ("ok", rows, bot.situation(view, legal, variant))
    except MemoryError:
        answer = ("memory",)
    except Exception as err:  # noqa: BLE001 - told to the person, never the host's trace
        answer = ("error", f"{type(err).__name__}: {err}")
    try:
        out.send(answer)
    except (OSError, MemoryError):
        pass
    out.close()


def _limit(memory: int, seconds: float) -> None:
    """The worker's address space: what it has now and ``memory`` more; its CPU time: a
    little over ``seconds`` (the host kills it at ``seconds`` anyway)."""
    try:
        import resource
    except ImportError:  # not on this system: the host's own timer still stops it
        return
    try:
        with open("/proc/self/statm") as statm:
            now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        now = 0
    limits = [(resource.RLIMIT_CPU, int(seconds) + 5)]
    if now:
        limits.append((resource.RLIMIT_AS, now + memory))
    for which, value in limits:
        hard = resource.getrlimit(which)[1]
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        try:
            resource.setrlimit(which, (value, hard))
        except (ValueError, OSError):
            pass



def say_hint(console: Console, owner: object, spec: str, game: Game, seat: int,
             raw: bool = False) -> None:
    """Tell ``console``'s person the bot ``spec``'s top moves for ``seat`` of ``game``, as
    the shell's ``hint`` tells them (``engine.shell.hint_text``), worked out in a worker."""
    rows, situation = analyse(owner, spec, game.seed, game, seat)
    console.say(hint_text(spec, rows, situation, game, seat, raw, console.width()))
