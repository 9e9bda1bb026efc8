"""Speed against this release: each target figure of issue 22 beside commit 61198a6's.

Run: ``python scripts/bench.py`` (``--quick`` for a short run, ``--rounds N``, ``--base
COMMIT``, ``--peer PATH``, ``--compiled``, ``--all`` to run the per-part sections
``scripts/bench_*.py`` afterwards). Nothing here asserts a time.

``--compiled`` adds a third side: a copy of this tree (as it is, changes included) with the
modules ``scripts/compile.py`` lists compiled by mypyc, measured in the same rounds (the
order of the three sides rotates) and printed in two more columns, its figure and its
ratio to the base's. It needs what ``scripts/compile.py`` needs (mypy, a C compiler).

How it measures. The base commit is checked out in a temporary git worktree. Every figure
is measured in a fresh subprocess per side and round, each importing the engine from its
own tree only (``sys.path[0]`` is the tree; the worker prints where ``engine`` came from
and the run stops if it is not that tree). Rounds alternate the order of the two sides
(this tree first, then the base; then the base first...), so both meet the same machine:
on a shared one, what runs beside slows both alike. The figure of a side is the median
of its rounds; the ratio printed is that of the medians, with the lowest and highest
per-round ratio beside it. Throughputs are per CPU second of the worker's measuring thread
(``thread_time``), MCTS as ``scripts/bench_bots.py`` measures it (per CPU second, then by
the wall clock). Not ``process_time``: that counts every thread of the process, and
importing numpy (which the OpenSpiel adapter does) starts OpenBLAS threads that spin for
about the first 50 ms, a fixed cost no step causes that fell into the first games timed.

The public Python peer (jeromematthewcelestine/medici_game, ``medici.py``) is never part of
this repository: get that file yourself and pass its path with ``--peer PATH``. It is run
with the issue's random policy (draw or stop 50/50; in an auction pass half the time, else
a uniform bid), as our side's "random 4p (issue's policy)" figure is.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASE = "61198a6"
"""This release: the commit issue 22 measures against."""

# name: (label, unit, higher is better, target as a ratio to the base (None: none), work)
FIGURES: dict[str, tuple[str, str, bool, float | None, dict[str, int]]] = {
    "medici4": ("random 4p Medici games (play_random)", "games/s", True, 2.0,
                {"games": 400}),
    "issue4": ("random 4p Medici games (issue's policy)", "games/s", True, 2.0,
               {"games": 400}),
    "strozzi": ("random Medici vs Strozzi games (play_random)", "games/s", True, 2.0,
                {"games": 300}),
    "rollout4": ("a rollout move, Medici 4p (its policy included)", "µs", False, None,
                 {"count": 100}),
    "rollout2": ("a rollout move, Medici vs Strozzi", "µs", False, None, {"count": 60}),
    "mcts4": ("MCTS iterations at the first bid, Medici 4p", "it/CPU s", True, 1.8,
              {"iterations": 1000}),
    "mcts2": ("MCTS iterations at the first price, Medici vs Strozzi", "it/CPU s", True,
              1.8, {"iterations": 1000}),
    "openspiel4": ("OpenSpiel adapter, random Medici 4p", "steps/s", True, 2.0, {"games": 60}),
    "openspiel2": ("OpenSpiel adapter, random Medici vs Strozzi", "steps/s", True, 2.0,
                   {"games": 60}),
    "clone": ("memory of Game.clone() (Medici 4p, mid-game)", "bytes", False, 1.0,
              {"copies": 2000}),
    "record": ("memory of a loaded record (a whole 6p random game)", "KB", False, 1.0,
               {"loads": 3}),
}
# Issue 32's figures (``scripts/release_speed.py`` measures them beside release 642ccfa):
# the same shape as ``FIGURES``; a target is a ratio to the base, the API's to the peer.
SPEED_FIGURES: dict[str, tuple[str, str, bool, float | None, dict[str, int]]] = {
    "greedy4": ("greedy's decisions, Medici 4p", "/CPU s", True, 4.0, {"games": 12}),
    "greedy2": ("greedy's decisions, Medici vs Strozzi", "/CPU s", True, 4.0, {"games": 12}),
    "api4": ("legal_actions + apply, random 4p Medici", "games/CPU s", True, None,
             {"games": 200}),
    "compare4": ("default compare medici medici-rich --players 4", "s", False, 8.0,
                 {"games": 0}),
}
PEER_TARGETS = {"issue4": (1.5, None), "api4": (1.5, 2.2)}
"""Figures measured beside the peer: the target over the peer, pure and compiled."""
QUICK = {"games": 5, "count": 5, "iterations": 5, "copies": 4, "loads": 1}
"""In ``--quick``, each work size is divided by this."""


# -- the worker: one figure, in a subprocess, from one tree -------------------------------------
def _issue_policy_game(engine: Any, variant: Any, seed: int, rng: random.Random) -> int:
    """One 4-player game by the issue's random policy; returns its moves."""
    from engine.actions import amount_action

    game = engine.new_game(variant, 4, seed=seed)
    move = getattr(game, "push", game.apply)  # the base has no fast path
    legal = game.legal_actions
    moves = 0
    while not game.is_over:
        options = legal()
        if game.state.phase == "selecting":
            action = options[0] if len(options) == 1 or rng.random() < 0.5 else options[1]
        elif len(options) == 1 or rng.random() < 0.5:
            action = options[-1]  # pass
        else:
            span = options[0]
            action = amount_action(span.kind, rng.randint(span.lo, span.hi))
        move(action)
        moves += 1
    return moves


def _api_game(engine: Any, variant: Any, seed: int, rng: random.Random) -> int:
    """One 4-player game by the issue's random policy through the public, checked API:
    ``legal_actions()`` and ``apply`` (not ``push``); returns its moves."""
    from engine.actions import amount_action

    game = engine.new_game(variant, 4, seed=seed)
    apply = game.apply
    legal = game.legal_actions
    moves = 0
    while not game.is_over:
        options = legal()
        if game.state.phase == "selecting":
            action = options[0] if len(options) == 1 or rng.random() < 0.5 else options[1]
        elif len(options) == 1 or rng.random() < 0.5:
            action = options[-1]  # pass
        else:
            span = options[0]
            action = amount_action(span.kind, rng.randint(span.lo, span.hi))
        apply(action)
        moves += 1
    return moves


def _greedy_rate(engine: Any, name: str, players: int, games: int) -> tuple[float, str]:
    """``greedy``'s decisions a CPU second in whole seeded games of greedy bots (the time
    of ``Bot.choose`` alone), and a digest of every move: the same on both sides if the
    decisions are."""
    import hashlib

    from engine.bots import make_bot
    from engine.chance import seat_seed

    var = engine.load_variant(name)
    # Untimed first: a decision of a bot of its own, up to the first with a choice, so the
    # modules a first decision imports (compiled from source where Python writes no
    # bytecode cache) are no decision's cost, on either side.
    warm = engine.new_game(var, players, seed=0)
    bot = make_bot("greedy", 0)
    while not warm.is_over:
        legal = warm.legal_actions()
        warm.apply(bot.choose(warm.view(warm.current_player), legal, var))
        if len(legal) > 1:
            break
    spent = 0.0
    decisions = 0
    digest = hashlib.sha256()
    for seed in range(games):
        game = engine.new_game(var, players, seed=seed)
        bots = [make_bot("greedy", seat_seed(seed, k)) for k in range(players)]
        while not game.is_over:
            seat = game.current_player
            view, legal = game.view(seat), game.legal_actions()
            start = time.thread_time()
            action = bots[seat].choose(view, legal, var)
            spent += time.thread_time() - start
            decisions += 1
            digest.update(str(action).encode())
            game.apply(action)
    return decisions / spent, digest.hexdigest()[:16]


def _default_compare(games: int) -> tuple[float, str]:
    """The wall-clock seconds of ``medici compare medici medici-rich --players 4`` with this
    tree's defaults (bots, games, jobs; ``games`` > 0 asks for that many instead), and a
    digest of its figures: the same on both sides if the games are."""
    import hashlib

    from engine import cli

    argv = ["compare", "medici", "medici-rich", "--players", "4", "--json"]
    if games:
        argv += ["--games", str(games)]
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        code = cli.main(argv)
    took = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"compare failed ({code})")
    measures = json.loads(out.getvalue())["measures"]
    return took, hashlib.sha256(json.dumps(measures).encode()).hexdigest()[:16]


def _load_peer(path: str) -> Any:
    """The peer's ``medici.py``, loaded from its path."""
    spec = importlib.util.spec_from_file_location("medici_peer", path)
    assert spec and spec.loader
    peer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(peer)
    return peer


def _peer_games(peer: Any, games: int, rng: random.Random) -> None:
    """``games`` of the peer's random 4-player games by the issue's random policy."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink):  # it prints "COMPLETING SHIP n"
        for _ in range(games):
            state = peer.MediciGame().InitialState()
            while not state.IsTerminal():
                legal = state.LegalActions()
                if state.phase == peer.Phase.Draw:
                    action = legal[0] if len(legal) == 1 or rng.random() < 0.5 else legal[1]
                elif len(legal) == 1 or rng.random() < 0.5:
                    action = legal[-1]  # BidAction(0): pass
                else:
                    action = legal[rng.randrange(len(legal) - 1)]
                state.DoApplyAction(action)
            sink.seek(0)
            sink.truncate()


def _peer_rate(path: str, games: int) -> float:
    """The peer's random 4-player games a CPU second, by the issue's random policy."""
    peer = _load_peer(path)
    rng = random.Random(1)
    random.seed(1)  # the peer shuffles with the random module
    start = time.thread_time()
    _peer_games(peer, games, rng)
    return games / (time.thread_time() - start)


def _script(name: str) -> Any:
    """This tree's ``scripts/NAME.py``, loaded after the engine under test was imported.

    Both sides are measured by the same code (this tree's); the engine modules it uses
    are the ones already imported, and their submodules load from that engine's folder.
    """
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parent / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def worker(tree: Path, figure: str, work: dict[str, int]) -> dict[str, Any]:
    """Measure one figure with the engine of ``tree``."""
    sys.path.insert(0, str(tree))
    import engine

    out: dict[str, Any] = {}
    assert engine.__file__ is not None
    from engine import load_variant
    from engine.simulate import play_random

    if figure in ("medici4", "strozzi"):
        name, players = ("medici", 4) if figure == "medici4" else ("medici-vs-strozzi", 2)
        var = load_variant(name)
        games = work["games"]
        start = time.thread_time()
        moves = 0
        money = 0
        for seed in range(games):
            game = play_random(var, players, seed)
            moves += len(game.events)
            money += sum(game.summary()["money"])
        out["value"] = games / (time.thread_time() - start)
        out["check"] = [moves, money]  # the same games on both sides
    elif figure == "issue4":
        var = load_variant("medici")
        rng = random.Random(7)
        games = work["games"]
        start = time.thread_time()
        moves = sum(_issue_policy_game(engine, var, seed, rng) for seed in range(games))
        out["value"] = games / (time.thread_time() - start)
        out["check"] = [moves]
    elif figure.startswith("rollout"):
        bench_bots = _script("bench_bots")
        name, players = ("medici", 4) if figure == "rollout4" else ("medici-vs-strozzi", 2)
        out["value"] = bench_bots.rollout_cost(name, players, work["count"])[1]
    elif figure.startswith("mcts"):
        bench_bots = _script("bench_bots")
        name, players = ("medici", 4) if figure == "mcts4" else ("medici-vs-strozzi", 2)
        wall, cpu = bench_bots.mcts_rate(name, players, work["iterations"])
        out["value"], out["wall"] = cpu, wall  # CPU: what runs beside does not count
    elif figure.startswith("openspiel"):
        if importlib.util.find_spec("pyspiel") is None:
            out["value"] = None
        else:
            bench_adapters = _script("bench_adapters")
            name, players = ("medici", 4) if figure == "openspiel4" else ("medici-vs-strozzi", 2)
            out["value"] = bench_adapters._time(bench_adapters._openspiel, name, players,
                                                work["games"])[1]
    elif figure == "clone":
        out["value"] = _clone_bytes(engine, work["copies"])
    elif figure == "record":
        out["value"] = _record_kb(tree, work["loads"])
    elif figure == "peer":
        out["value"] = _peer_rate(os.environ["MEDICI_BENCH_PEER"], work["games"])
    elif figure in ("greedy4", "greedy2"):
        name, players = ("medici", 4) if figure == "greedy4" else ("medici-vs-strozzi", 2)
        out["value"], out["check"] = _greedy_rate(engine, name, players, work["games"])
    elif figure == "api4":
        var = load_variant("medici")
        rng = random.Random(7)
        games = work["games"]
        start = time.thread_time()
        moves = sum(_api_game(engine, var, seed, rng) for seed in range(games))
        out["value"] = games / (time.thread_time() - start)
        out["check"] = [moves]
    elif figure == "compare4":
        out["value"], out["check"] = _default_compare(work["games"])
    out["compiled"] = sorted(
        name for name, m in list(sys.modules.items()) if name.split(".")[0] == "engine"
        and not name.endswith("__mypyc")
        and isinstance(getattr(m, "__loader__", None), importlib.machinery.ExtensionFileLoader))
    # Where every engine module used came from: the tree's own folder, none other.
    root = (tree / "engine").resolve()
    out["engine"] = str(root)
    out["strays"] = sorted(
        m.__file__ for name, m in list(sys.modules.items())
        if name.split(".")[0] == "engine" and getattr(m, "__file__", None)
        and not Path(m.__file__).resolve().is_relative_to(root)
    )
    return out


def _clone_bytes(engine: Any, copies: int) -> float:
    """Bytes a ``Game.clone()`` of a mid-game 4-player Medici game holds (tracemalloc)."""
    import tracemalloc

    from engine.chance import Rng
    from engine.simulate import random_action

    game = engine.new_game("medici", 4, seed=1)
    rng = Rng(7)
    for _ in range(60):
        game.apply(random_action(game, rng))
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [game.clone() for _ in range(copies)]
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert len(kept) == copies
    return used / copies


def _record_kb(tree: Path, loads: int) -> float:
    """KB held by one loaded and verified record: a full 6-player Medici game (tracemalloc).

    The record is written by the tree's own engine from a seeded random game (the same game
    on both sides: the random policy's games are identical)."""
    import tracemalloc

    from engine.records import load_game, save_game
    from engine.simulate import play_random

    game = play_random("medici", 6, 1)
    with tempfile.TemporaryDirectory() as folder:
        path = save_game(game, "bench", directory=folder)
        load_game(path)  # warm: imports and caches are not the record's
        sizes = []
        for _ in range(loads):
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            loaded = load_game(path)
            sizes.append(tracemalloc.get_traced_memory()[0] - before)
            tracemalloc.stop()
            del loaded
    return min(sizes) / 1024


# -- paired units: the sides side by side, game by game ----------------------------------------
UNITS: dict[str, tuple[str, str, float | None]] = {
    "greedy4": ("greedy's decisions, Medici 4p", "/CPU s", 4.0),
    "greedy2": ("greedy's decisions, Medici vs Strozzi", "/CPU s", 4.0),
    "runner4": ("the same as a runner asks them, Medici 4p", "/CPU s", 4.0),
    "runner2": ("the same as a runner asks them, Medici vs Strozzi", "/CPU s", 4.0),
    "api4": ("legal_actions + apply, random 4p Medici", "games/CPU s", None),
}
"""Figures measured in paired units (``paired``): label, unit, target over the base."""
API_BLOCK = 20
"""Games of the public API in one unit (one game is about a millisecond: too short to time)."""


def _unit(engine: Any, figure: str, unit: int, variants: dict[str, Any]) -> dict[str, Any]:
    """One unit of ``figure`` with the imported engine: ``count`` things done (decisions,
    games) in ``spent`` CPU seconds of the measuring thread, and a ``check`` of what was
    done (the same on every side of the same engine's rules)."""
    import hashlib

    if figure in ("greedy4", "greedy2", "runner4", "runner2"):
        from engine.bots import make_bot
        from engine.chance import seat_seed

        name, players = ("medici", 4) if figure.endswith("4") else ("medici-vs-strozzi", 2)
        var = variants.get(name) or variants.setdefault(name, engine.load_variant(name))
        game = engine.new_game(var, players, seed=unit)
        bots = [make_bot("greedy", seat_seed(unit, k)) for k in range(players)]
        spent = 0.0
        count = 0
        digest = hashlib.sha256()
        runner = figure.startswith("runner")
        while not game.is_over:
            seat = game.current_player
            bot = bots[seat]
            if runner:
                # From the game to the move, as ``engine.runs.games`` asks: the seat's view
                # and the legal moves, then ``choose``, where a tree has no ``choose_in``.
                start = time.thread_time()
                if hasattr(bot, "choose_in"):
                    action = bot.choose_in(game, seat)
                else:
                    action = bot.choose(game.view(seat), game.legal_actions(), var)
                spent += time.thread_time() - start
            else:
                view, legal = game.view(seat), game.legal_actions()
                start = time.thread_time()
                action = bot.choose(view, legal, var)
                spent += time.thread_time() - start
            count += 1
            digest.update(str(action).encode())
            game.apply(action)
        return {"count": count, "spent": spent, "check": digest.hexdigest()[:16]}
    if figure == "api4":
        var = variants.get("medici") or variants.setdefault("medici", engine.load_variant("medici"))
        rng = random.Random(unit)
        start = time.thread_time()
        moves = sum(_api_game(engine, var, unit * API_BLOCK + k, rng) for k in range(API_BLOCK))
        return {"count": API_BLOCK, "spent": time.thread_time() - start, "check": moves}
    raise SystemExit(f"no unit of {figure}")


def _peer_unit(peer: Any, unit: int) -> dict[str, Any]:
    """``API_BLOCK`` of the peer's random 4-player games by the issue's policy."""
    rng = random.Random(unit)
    random.seed(unit)  # the peer shuffles with the random module
    start = time.thread_time()
    _peer_games(peer, API_BLOCK, rng)
    return {"count": API_BLOCK, "spent": time.thread_time() - start, "check": None}


def serve(tree: str) -> None:
    """A side of ``paired``: answer units asked on standard input (a JSON line each,
    ``{"figure": ..., "unit": ...}``) with the engine of ``tree`` (or the peer's file,
    ``peer:PATH``), one JSON line each, until the input ends."""
    peer = None
    engine: Any = None
    if hasattr(os, "sched_setaffinity"):
        # Every side on the same CPU (the last one this process may use): the sides take
        # turns, so none runs beside another, and none sits on a CPU that shares its core
        # with other work while another has a core to itself (two runs a few minutes apart,
        # unpinned, read the compiled API at 2.18x and 2.38x the peer).
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    if tree.startswith("peer:"):
        peer = _load_peer(tree[5:])
    else:
        sys.path.insert(0, tree)
        import engine as imported

        engine = imported
        root = (Path(tree) / "engine").resolve()
        if not Path(str(engine.__file__)).resolve().is_relative_to(root):
            raise SystemExit(f"the side for {tree} imported engine from {engine.__file__}")
    variants: dict[str, Any] = {}
    for line in sys.stdin:
        ask = json.loads(line)
        got = _peer_unit(peer, ask["unit"]) if peer is not None else \
            _unit(engine, ask["figure"], ask["unit"], variants)
        if engine is not None:
            got["compiled"] = sum(
                1 for name, m in list(sys.modules.items()) if name.split(".")[0] == "engine"
                and not name.endswith("__mypyc") and isinstance(
                    getattr(m, "__loader__", None), importlib.machinery.ExtensionFileLoader))
        print(json.dumps(got), flush=True)


class _Side:
    """One side of ``paired``: a process of ``serve`` kept for the whole run."""

    def __init__(self, tree: str, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", tree],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
            cwd=tempfile.gettempdir())

    def ask(self, figure: str, unit: int) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"figure": figure, "unit": unit}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"a side of the paired run ended ({figure}, unit {unit})")
        result: dict[str, Any] = json.loads(line)
        return result

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def _boot_ratio(pairs: list[tuple[float, float, float, float]], rng: random.Random,
                draws: int = 2000) -> tuple[float, float]:
    """A 95% bootstrap interval of the ratio of rates, the units resampled in pairs:
    each pair (count, spent) of the side and of the base in one unit."""
    n = len(pairs)
    ratios = []
    for _ in range(draws):
        c1 = s1 = c0 = s0 = 0.0
        for _ in range(n):
            a, b, c, d = pairs[rng.randrange(n)]
            c1 += a
            s1 += b
            c0 += c
            s0 += d
        ratios.append((c1 / s1) / (c0 / s0))
    ratios.sort()
    return ratios[int(0.025 * draws)], ratios[int(0.975 * draws) - 1]


def paired(base: str, units: int, figures: list[str], compiled: bool = False,
           peer: str | None = None) -> None:
    """``figures`` of ``UNITS`` on this tree and on ``base`` (and compiled, and the peer
    for the API), each side one process kept for the run, unit by unit: every side plays
    unit ``i`` (the same seeded game, or block of games) before any plays unit ``i + 1``,
    in an order that rotates, so a slower spell of a shared machine falls on all alike.
    A side's rate is its work over its CPU time, all units summed; a ratio's interval is
    a 95% bootstrap over the units, resampled in pairs."""
    native, old, env = _sides(base, compiled, {"PYTHONHASHSEED": "0"})
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; {units} paired units a "
          f"figure (a game of greedy bots; {API_BLOCK} games of the API); at the start: "
          + _beside())
    trees = [("new", str(ROOT)), ("old", str(old))] + (
        [("native", str(native))] if native else [])
    sides: dict[str, _Side] = {}
    got: dict[str, dict[str, list[dict[str, Any]]]] = {}
    try:
        for name, tree in trees:
            sides[name] = _Side(tree, env)
        if peer and "api4" in figures:
            sides["peer"] = _Side(f"peer:{Path(peer).resolve()}", env)
        for figure in figures:
            playing = [s for s in sides if s != "peer" or figure == "api4"]
            for name in playing:  # untimed: what a first unit imports and builds
                sides[name].ask(figure, 10**6)
            got[figure] = {name: [] for name in playing}
            for unit in range(units):
                turn = unit % len(playing)
                for name in playing[turn:] + playing[:turn]:
                    got[figure][name].append(sides[name].ask(figure, unit))
            print(f"  {figure}: {units} units done")
    finally:
        for side in sides.values():
            with contextlib.suppress(Exception):
                side.close()
        _drop_sides(old, native)
    print(f"at the end: {_beside()}")
    print()
    rng = random.Random(0)
    print(f"{'figure (unit)':56} {'side':>9} {'rate':>9} {'ratio':>6}  {'95% CI':9}  target")

    def rate(rows: list[dict[str, Any]]) -> float:
        return sum(r["count"] for r in rows) / sum(r["spent"] for r in rows)

    for figure in figures:
        label, unit_name, target = UNITS[figure]
        rows = got[figure]
        checks = {name: [r["check"] for r in rows[name]] for name in rows if name != "peer"}
        if len({json.dumps(c) for c in checks.values()}) > 1:
            print(f"{label}: the sides played different games")
        base_rate = rate(rows["old"])
        print(f"{label + ' (' + unit_name + ')':56} {base:>9} {base_rate:9.1f}")
        over = [("new", "old", target), ("native", "old", target)]
        if "peer" in rows:
            pure, goal = PEER_TARGETS[figure]
            print(f"{'':56} {'peer':>9} {rate(rows['peer']):9.1f}")
            over = [("new", "peer", pure), ("native", "peer", goal or pure)]
        for name, against, line in over:
            if name not in rows:
                continue
            ratio = rate(rows[name]) / rate(rows[against])
            low, high = _boot_ratio(
                [(a["count"], a["spent"], b["count"], b["spent"])
                 for a, b in zip(rows[name], rows[against], strict=True)], rng)
            word = {"new": "this tree", "native": "compiled"}[name]
            verdict = "" if line is None else (
                f">= {line:g}x over the {'peer' if against == 'peer' else 'base'} "
                f"{'met' if ratio >= line else 'NOT met'}"
                + ("" if low >= line or high < line else " (the interval spans it)"))
            print(f"{'':56} {word:>9} {rate(rows[name]):9.1f} {ratio:5.2f}x  "
                  f"{low:.2f}-{high:.2f}  {verdict}")
    print("rate: the side's work over its CPU seconds, all units summed; ratio: of those "
          "rates; 95% CI: a bootstrap over the units, resampled in pairs")


# -- the driver ---------------------------------------------------------------------------------
def _run_worker(tree: Path, figure: str, work: dict[str, int], env: dict[str, str]) -> Any:
    args = [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), figure,
            json.dumps(work)]
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        raise SystemExit(f"{figure} on {tree}: the worker failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if Path(result["engine"]) != (tree / "engine").resolve() or result["strays"]:
        raise SystemExit(f"{figure}: the worker for {tree} imported engine modules from "
                         f"elsewhere: {result['strays'] or result['engine']}")
    return result


def _beside() -> str:
    """What else the machine is doing: load average and the busiest other processes."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    try:
        top = subprocess.run(["ps", "-eo", "pcpu,etimes,comm", "--sort=-pcpu", "--no-headers"],
                             capture_output=True, text=True, timeout=10).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        top = []
    busy = [" ".join(line.split()[::2]) for line in top if float(line.split()[0]) >= 5.0]
    return f"load average {load}; processes over 5% CPU: {', '.join(busy[:6]) or 'none'}"


def _worktree(base: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="medici-base-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                    str(folder), base], check=True)
    return folder


def _compiled_copy() -> Path:
    """A copy of this tree's files (tracked and new, not ignored) with its modules compiled."""
    folder = Path(tempfile.mkdtemp(prefix="medici-compiled-"))
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-co", "--exclude-standard",
                             "-z"], capture_output=True, text=True, check=True).stdout
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "compile.py"), "--tree",
                           str(folder)], capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise SystemExit(f"--compiled: the build failed:\n{done.stdout[-2000:]}"
                         f"{done.stderr[-2000:]}")
    return folder


def _sides(base: str, compiled: bool, extra: dict[str, str]
           ) -> tuple[Path | None, Path, dict[str, str]]:
    """The compiled copy (with ``compiled``), the base's worktree and the sides' environment
    (``extra`` set, no debugging switch), once the trees are said."""
    native = _compiled_copy() if compiled else None
    old = _worktree(base)
    env = {**os.environ, **extra}
    env.pop("MEDICI_CHECK_PUSH", None)
    env.pop("MEDICI_STRICT_MACHINE", None)
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "engine"],
                           capture_output=True, text=True).stdout.strip()
    print(f"this tree: {ROOT} at {head}{' (with changes)' if dirty else ''}; "
          f"base: {base} in {old}")
    if native is not None:
        print(f"compiled: a copy of this tree in {native}, its modules compiled by mypyc "
              "(scripts/compile.py)")
    return native, old, env


def _drop_sides(old: Path, native: Path | None) -> None:
    """Remove the base's worktree and the compiled copy ``_sides`` made."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                   check=False)
    shutil.rmtree(old, ignore_errors=True)
    if native is not None:
        shutil.rmtree(native, ignore_errors=True)


def compare(base: str, rounds: int, quick: bool, peer: str | None, only: list[str],
            compiled: bool = False,
            figures_of: dict[str, tuple[str, str, bool, float | None, dict[str, int]]] | None
            = None, work_of: dict[str, dict[str, int]] | None = None) -> None:
    """Measure every figure on both trees (three with ``compiled``) in rotating rounds and
    print the table."""
    native, old, env = _sides(base, compiled,
                              {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"})
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; {rounds} rounds, sides "
          f"{'rotating' if native else 'alternating'}; at the start: " + _beside())
    table = FIGURES if figures_of is None else figures_of
    figures = [f for f in table if not only or f in only]
    sides = [("new", ROOT), ("old", old)] + ([("native", native)] if native else [])
    results: dict[str, dict[str, list[Any]]] = {f: {k: [] for k, _ in sides} for f in figures}
    peer_rates: list[float] = []
    try:
        for r in range(rounds):
            for figure in figures:
                work = dict(table[figure][4])
                work.update((work_of or {}).get(figure, {}))
                if quick:
                    work = {k: max(1, v // QUICK[k]) for k, v in work.items()}
                # Two sides alternate; three rotate, so each goes first, second and last.
                order = (sides[::-1] if r % 2 else sides) if len(sides) == 2 else \
                    sides[r % 3:] + sides[:r % 3]
                for side, tree in order:
                    results[figure][side].append(_run_worker(tree, figure, work, env))
                if figure in PEER_TARGETS and peer:
                    penv = {**env, "MEDICI_BENCH_PEER": str(Path(peer).resolve())}
                    peer_rates.append(_run_worker(ROOT, "peer", work, penv)["value"])
            print(f"  round {r + 1} of {rounds} done")
    finally:
        _drop_sides(old, native)
    print(f"at the end: {_beside()}")
    for side, tree in sides:
        ran = sorted({m for rounds in results.values() for r in rounds[side]
                      for m in r["compiled"]})
        if ran or side == "native":
            print(f"{tree} ran {len(ran)} compiled engine modules"
                  + (" (this tree was built in place: `python scripts/compile.py --clean` "
                     "measures it pure)" if side == "new" else ""))
    print()
    _table(results, base, peer_rates, table)


def _ratio(new: list[float], old: list[float],
           higher: bool) -> tuple[float, float, float, float, float]:
    """The base's median, the side's, the ratio of the medians (above 1: the side is
    better), and the lowest and highest per-round ratio."""
    a, b = statistics.median(old), statistics.median(new)
    per = sorted((n / o if higher else o / n) for n, o in zip(new, old, strict=True))
    return a, b, (b / a if higher else a / b), per[0], per[-1]


def _goal(figure: str, target: float | None) -> str:
    if figure.startswith("rollout"):
        return "<= 10 µs"
    return "" if target is None else f"{'>=' if target > 1 else 'no worse:'} {target:g}x"


def _met(figure: str, target: float | None, ratio: float, value: float) -> str:
    met = value <= 10 if figure.startswith("rollout") else target is None or ratio >= target
    return "met" if met else "NOT met"


def _table(results: dict[str, dict[str, list[Any]]], base: str, peer: list[float],
           table: dict[str, tuple[str, str, bool, float | None, dict[str, int]]] = FIGURES
           ) -> None:
    native = any("native" in sides for sides in results.values())
    extra = f" {'compiled':>10} {'ratio':>6}  (rounds)   " if native else ""
    print(f"{'figure':60} {base:>10} {'this tree':>10} {'ratio':>6}  (rounds)   {extra}  target")
    for figure, sides in results.items():
        label, unit, higher, target, _ = table[figure]
        values = {side: [r["value"] for r in rounds] for side, rounds in sides.items()}
        if any(v is None for vs in values.values() for v in vs):
            print(f"{label:60} skipped: OpenSpiel is not installed")
            continue
        checks = {json.dumps(r.get("check")) for rounds in sides.values() for r in rounds}
        a, b, ratio, low, high = _ratio(values["new"], values["old"], higher)
        goal = _goal(figure, target)
        if goal:
            goal += " " + _met(figure, target, ratio, b)
        line = (f"{label + ' (' + unit + ')':60} {a:10.1f} {b:10.1f} {ratio:5.2f}x "
                f" ({low:.2f}-{high:.2f})")
        if native:
            _, c, cratio, clow, chigh = _ratio(values["native"], values["old"], higher)
            line += f" {c:10.1f} {cratio:5.2f}x  ({clow:.2f}-{chigh:.2f})"
            if goal:
                goal += f" (compiled: {_met(figure, target, cratio, c)})"
        print(f"{line}  {goal}")
        if len(checks) > 1:
            print(f"{'':60} (the sides played different games: {sorted(checks)})")
        if figure.startswith("mcts"):
            walls = {side: statistics.median(r["wall"] for r in rounds)
                     for side, rounds in sides.items()}
            line = (f"{'   the same by the wall clock (it/s)':60} {walls['old']:10.1f} "
                    f"{walls['new']:10.1f} {walls['new'] / walls['old']:5.2f}x")
            if native:
                line += (f"{'':14} {walls['native']:10.1f} "
                         f"{walls['native'] / walls['old']:5.2f}x")
            print(line)
        if figure in PEER_TARGETS and peer:
            p = statistics.median(peer)
            pure, native_goal = PEER_TARGETS[figure]
            line = (f"{'   the public Python peer, same policy (games/s)':60} {p:10.1f} "
                    f"{b:10.1f} {b / p:5.2f}x  (this tree over the peer; target >= {pure}x "
                    f"{'met' if b / p >= pure else 'NOT met'}; base over peer {a / p:.2f}x)")
            if native:
                c = statistics.median(values["native"])
                goal = native_goal or pure
                line += (f"; compiled over the peer {c / p:.2f}x (target >= {goal}x "
                         f"{'met' if c / p >= goal else 'NOT met'})")
            print(line)
    print("ratio: above 1 is better for this tree (for µs and memory: the base's over ours); "
          "in brackets the lowest and highest per-round ratio")
    if native:
        print("compiled: this tree with scripts/compile.py's modules compiled by mypyc; its "
              "ratio is to the base, as this tree's")


def main() -> None:
    """Compare against the base; with ``--all``, then run every per-part section."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller work, 1 round")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 3)")
    parser.add_argument("--base", default=BASE, help=f"the commit to compare with ({BASE})")
    parser.add_argument("--peer", metavar="PATH",
                        help="the public Python peer's medici.py (see the docstring)")
    parser.add_argument("--only", nargs="*", default=[], choices=sorted(FIGURES),
                        help="measure only these figures")
    parser.add_argument("--compiled", action="store_true",
                        help="also measure this tree compiled by mypyc (scripts/compile.py)")
    parser.add_argument("--all", action="store_true",
                        help="then run the sections of scripts/bench_*.py on this tree")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    if args.worker:
        tree, figure, work = args.worker
        print(json.dumps(worker(Path(tree), figure, json.loads(work))))
        return
    if args.peer and not Path(args.peer).is_file():
        raise SystemExit(f"--peer {args.peer}: no such file")
    rounds = args.rounds or (1 if args.quick else 3)
    compare(args.base, rounds, args.quick, args.peer, args.only, args.compiled)
    if args.all:
        sys.path.insert(0, str(ROOT))
        for path in sorted(Path(__file__).parent.glob("bench_*.py")):
            spec = importlib.util.spec_from_file_location(path.stem, path)
            assert spec and spec.loader
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            print()
            module.run(args.quick)


if __name__ == "__main__":
    main()
