"""The fuzz harness: hostile inputs for records, rules files, engine actions and shell lines.

Each ``fuzz_*`` function feeds inputs made from a seeded ``random.Random`` to one entry point
until its time is up, and sorts every input into: accepted (correct behaviour), refused
cleanly (the error the entry point promises: RecordError, RulesError, IllegalAction, a shell
error line), crashed (any other exception, a traceback, an oracle that does not hold) or hung
(over ``HANG_SECONDS``). Crashes and hangs keep a reproducer (the input) for a pinned test.

``tests/test_fuzz_inputs.py`` runs each briefly in every test run and for as long as
``MEDICI_FUZZ_SECONDS`` says under ``pytest -m fuzz``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine.actions import Action, Span
from engine.errors import IllegalAction, RecordError, RulesError
from engine.records import ReplayCursor, save_game, story
from engine.records.format import checksum
from engine.records.story import header
from engine.records.verify import read_record
from engine.rules import config_dir, load_variant
from engine.simulate import random_action
from engine.variants import check_variant

HANG_SECONDS = 20.0
"""An input that takes longer than this hangs (a real game of random bots takes 0.01 s)."""

RECORDS = Path(__file__).parent / "records"


class Hang(Exception):
    """Raised by the alarm when one input runs past ``HANG_SECONDS``."""


@dataclass
class Tally:
    """What one target's inputs did."""

    target: str
    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    crashes: list[tuple[str, str]] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)

    def crash(self, reproducer: Any, error: str) -> None:
        """Keep an input that crashed (the first few of them, to pin as tests)."""
        if len(self.crashes) < 20:
            self.crashes.append((repr(reproducer)[:2000], error[-3000:]))
        else:
            self.crashes.append(("", ""))

    def row(self) -> str:
        """One line of the report table."""
        return (f"| {self.target} | {self.inputs} | {self.accepted} | {self.refused} | "
                f"{len(self.crashes)} | {len(self.hangs)} |")


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` in this (main) thread if the block runs past ``seconds``."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(_signum: int, _frame: Any) -> None:
        raise Hang(f"over {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _judge(tally: Tally, reproducer: Any, attempt: Callable[[], bool]) -> None:
    """Run one input: ``attempt`` returns True if accepted, False if refused cleanly."""
    tally.inputs += 1
    try:
        with deadline(HANG_SECONDS):
            accepted = attempt()
    except Hang:
        tally.hangs.append(repr(reproducer)[:2000])
        return
    except Exception:  # noqa: BLE001 - anything unexpected is what the fuzzer looks for
        tally.crash(reproducer, traceback.format_exc())
        return
    if accepted:
        tally.accepted += 1
    else:
        tally.refused += 1


# -- hostile values ---------------------------------------------------------------------------
HOSTILE: list[Any] = [
    None, True, False, 0, -1, 1, 7, 2**63, 2**64, -(2**64), 10**19, 999_999_999_999, 1.5, -0.0,
    1e308, "", " ", "x" * 5000, "\ud800", "a\udfff", "\x1b[31mred", "\x00", "\u202e", "Ann",
    "mcts:999999999", "mcts:3600s", "mcts:5", "greedy", "random", "medici", "medici-rich",
    "bid 5", "draw", "../../etc/passwd", "/dev/null", [], {}, [[[[]]]], {"x": {}},
    {"2": {}, "x": {}}, [1, "a", None], "9" * 30, "sha256:" + "0" * 64,
]


def hostile(rng: random.Random) -> Any:
    """A value chosen to break readers: extremes, wrong types, bad text."""
    value = rng.choice(HOSTILE)
    return json.loads(json.dumps(value))  # a fresh copy


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*path, index))


def _mutate_doc(doc: Any, rng: random.Random) -> Any:
    """One structural change somewhere in a JSON document."""
    paths = list(_paths(doc))
    path = rng.choice(paths[1:] or paths)
    if not path:
        return hostile(rng)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    current = parent[last]
    move = rng.random()
    if move < 0.45:
        parent[last] = hostile(rng)
    elif move < 0.6:
        del parent[last]
    elif move < 0.7 and isinstance(current, int) and not isinstance(current, bool):
        parent[last] = current + rng.choice([-1, 1, -1000, 10**6, 2**64])
    elif move < 0.8 and isinstance(current, str):
        cut = rng.randrange(len(current) + 1)
        parent[last] = current[:cut] + rng.choice(["\x1b", "\ud800", "9", " ", ":", "x"]) + \
            current[cut:]
    elif move < 0.9 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), json.loads(json.dumps(current)))
    elif isinstance(parent, dict):
        parent[rng.choice(["x", "2", "surprise", str(last) + " "])] = hostile(rng)
    else:
        parent[last] = hostile(rng)
    return doc


def _mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """One byte-level change: a flip, an insertion, a deletion, a cut or a repeat."""
    if not data:
        return bytes([rng.randrange(256)])
    at = rng.randrange(len(data))
    move = rng.randrange(5)
    if move == 0:
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    if move == 1:
        junk = rng.choice([b"\xff", b"\x00", b'"', b"{", b"]", b"\\ud800", b"9" * 50, b"\xed\xa0"])
        return data[:at] + junk + data[at:]
    if move == 2:
        return data[:at] + data[at + rng.randrange(1, 50) :]
    if move == 3:
        return data[:at]
    end = min(len(data), at + rng.randrange(1, 200))
    return data[:end] + data[at:end] * rng.randrange(1, 4) + data[end:]


# -- records ----------------------------------------------------------------------------------
def record_sources(folder: Path) -> list[bytes]:
    """Real saves to mutate: Medici at 2-6 players (some finished), a house rule with loans,
    Medici vs Strozzi, and the project's own test records."""
    sources = []
    rng = engine.chance.Rng(12)
    games = [("medici", 3, 40, [None, "greedy", "mcts:20"]), ("medici", 6, 10_000, None),
             ("medici-loans", 2, 60, None), ("medici-vs-strozzi", 2, 70, [None, "random"]),
             ("medici-amigo", 4, 25, None), ("medici", 2, 0, None)]
    for index, (variant, players, moves, bots) in enumerate(games):
        game = engine.new_game(variant, players, seed=index + 1)
        for _ in range(moves):
            if game.is_over:
                break
            game.apply(random_action(game, rng))
        path = save_game(game, folder / f"source-{index}.json", bots=bots)
        sources.append(path.read_bytes())
    sources.extend(p.read_bytes() for p in sorted(RECORDS.glob("*.json")))
    return sources


def _record_attempt(data: bytes, folder: Path) -> bool:
    try:
        record, game = read_record(data, "fuzz.json")
    except RecordError as err:
        str(err).encode("utf-8")  # the message itself must be printable
        return False
    # Accepted: everything that shows a record must work on it (the shell, log, replay).
    path = folder / "accepted.json"
    path.write_bytes(data)
    text = "\n".join([*header(record), *story(ReplayCursor(path))])
    text.encode("utf-8")
    json.dumps(game.view(), ensure_ascii=False).encode("utf-8")
    for seat in range(len(game.players)):
        game.view(seat)
    return True


def fuzz_records(seconds: float, seed: int, folder: Path) -> Tally:
    """Mutated real saves through the record reader (and, when accepted, its story)."""
    rng = random.Random(seed)
    tally = Tally("records (mutated real saves)")
    sources = record_sources(folder)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        data = rng.choice(sources)
        try:
            doc = json.loads(data)
        except ValueError:
            doc = None  # a test record that is not JSON at all: bytes only
        if doc is None or rng.random() < 0.3:
            for _ in range(rng.randrange(1, 4)):
                data = _mutate_bytes(data, rng)
        else:
            for _ in range(rng.randrange(1, 4)):
                doc = _mutate_doc(doc, rng)
            if isinstance(doc, dict) and rng.random() < 0.85:
                # Past the checksum: what a careful attacker (or a hand edit) sends.
                try:
                    doc["checksum"] = checksum(doc)
                except (TypeError, ValueError):
                    pass
            data = json.dumps(doc).encode("utf-8", "surrogatepass")
        _judge(tally, data, lambda data=data: _record_attempt(data, folder))
    return tally


# -- rules files ------------------------------------------------------------------------------
YAML_VALUES = [
    "9" * 5000, "-1", "0", "1e400", ".nan", "-.inf", '"\\ud800"', '"\\e[31m"', "'x'", "null",
    "true", "2.5", "1_000", "!!python/object/apply:os.system [echo]", "&a 1", "*a", "[1, 2]",
    "{a: 1}", "[]", "{}", "medici", "../../etc/passwd", "/dev/stdin", "/dev/zero", "999999",
    "[" * 40, "{x: {}}", "[[[[[[[[]]]]]]]]", '"' + "x" * 3000 + '"', "random", "least_money",
]
YAML_LINES = [
    "player_counts: {x: {}}", "player_counts:\n  x: {}", "  7: {cards_per_day: 1}",
    "<<: *a", "extends: medici", "extends: /dev/stdin", "extends: ./self.yaml",
    "extends: nothing-like-this", "remove: [player_counts.9]", "remove: [days]",
    "remove: x", "days: 1000000", "days: 0", "name: medici", "name: medici-rich",
    "game: medici-vs-strozzi", "loans: true", "max_lot: 99", "--- ", "%YAML 1.1",
    "tracks: {top: 99999}", "cards: {values: []}",
]


def rules_sources() -> list[str]:
    """The shipped rules files' text, and a house rule as a user writes one."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(config_dir().glob("*.yaml"))]
    texts.append("name: house\nextends: medici\ndescription: fuzz\ndays: 4\n")
    return texts


def _mutate_yaml(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    move = rng.random()
    at = rng.randrange(len(lines) + 1)
    if move < 0.4 and lines:
        at = min(at, len(lines) - 1)
        key, sep, _ = lines[at].partition(":")
        if sep:
            lines[at] = f"{key}: {rng.choice(YAML_VALUES)}"
    elif move < 0.6:
        lines.insert(at, rng.choice(YAML_LINES))
    elif move < 0.7 and lines:
        del lines[min(at, len(lines) - 1)]
    elif move < 0.8 and lines:
        lines.insert(at, lines[rng.randrange(len(lines))])
    elif move < 0.9 and lines:
        index = min(at, len(lines) - 1)
        lines[index] = " " * rng.randrange(1, 4) + lines[index]
    else:
        cut = rng.randrange(len(text) + 1)
        return text[:cut] + rng.choice(["\t", "\x00", "\x1b", ":", "- ", "'", '"', "\ufeff"]) + \
            text[cut:]
    return "\n".join(lines) + "\n"


def _rules_attempt(text: str, folder: Path) -> bool:
    path = folder / "self.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    result = check_variant(str(path))
    for problem in [*result.problems, *result.warnings]:
        str(problem).encode("utf-8")
    try:
        var = load_variant(str(path))
    except RulesError as err:
        str(err).encode("utf-8")
        if result.ok:
            raise AssertionError("variant check said ok but the load refused") from None
        return False
    if not result.ok:
        raise AssertionError(f"variant check refused what loads: {result.problems}")
    # Rules that load must play: a few games of random moves, to the end or a step limit.
    rng = engine.chance.Rng(len(text))
    for players in var.logic.player_counts():
        game = engine.new_game(var, players, seed=len(text) + players)
        for _ in range(3000):
            if game.is_over:
                break
            game.apply(random_action(game, rng))
        json.dumps(game.view(), ensure_ascii=False).encode("utf-8")
    return True


def fuzz_rules(seconds: float, seed: int, folder: Path) -> Tally:
    """Mutated rules files through ``variant check`` and the loader; what loads is played."""
    rng = random.Random(seed)
    tally = Tally("rules files (mutated shipped and house rules)")
    sources = rules_sources()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        text = rng.choice(sources)
        for _ in range(rng.randrange(1, 4)):
            text = _mutate_yaml(text, rng)
        _judge(tally, text, lambda text=text: _rules_attempt(text, folder))
    return tally


# -- engine actions ---------------------------------------------------------------------------
WORDS = ["draw", "stop", "pass", "bid", "buy", "load", "harbour", "take", "sell", "x", "",
         "DRAW", "Bid", "ship", "0", "-1", "٣", "1e3", "0x10", "999999999", "1000000000",
         "9" * 40, "\x1b[2J", "\ud800", "  ", "\t", "bid\x00"]
JUNK_FIELDS: list[Any] = [None, 0, 1, 3, 7, -1, 2**31, 10**12, True, False, 1.0, "5", [1],
                          (1,), {}, float("nan")]


def junk_action(game: engine.Game, rng: random.Random) -> Any:
    """Something a caller might pass as an action: text, an Action of any field types,
    a plain tuple or list of a legal action, or no action at all."""
    legal = game.legal_actions()
    pick = rng.choice(legal)
    concrete = Action(pick.kind, pick.lo) if isinstance(pick, Span) else pick
    move = rng.randrange(8)
    if move == 0:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(0, 5)))
    if move == 1:
        return f"{concrete.kind} {rng.choice(WORDS)}"
    if move == 2:
        kind = rng.choice([concrete.kind, *WORDS, None, 5, ["draw"]])
        return Action(kind, *(rng.choice(JUNK_FIELDS) for _ in range(3)))
    if move == 3:
        return tuple(concrete) if rng.random() < 0.5 else list(concrete)
    if move == 4:
        return rng.choice([None, 5, b"draw", {"kind": "draw"}, object(), ("draw",)])
    if move == 5:
        return Action(concrete.kind, *(v if rng.random() < 0.7 else rng.choice(JUNK_FIELDS)
                                       for v in concrete[1:]))
    if move == 6:
        return str(concrete) + rng.choice(["", " ", " 1", " harbour", "\x1b", " harbour 99"])
    return concrete


def _action_attempt(game: engine.Game, action: Any) -> bool:
    before = game.view()
    legal = game.is_legal(action)
    if legal.__class__ is not bool:
        raise AssertionError(f"is_legal gave {legal!r}")
    trial = game.clone()
    try:
        trial.apply(action)
    except IllegalAction as err:
        str(err).encode("utf-8")
        if legal:
            raise AssertionError("is_legal said True but apply refused") from None
        if trial.view() != before:
            raise AssertionError("a refused action changed the game") from None
        return False
    if not legal:
        raise AssertionError("is_legal said False but apply accepted")
    return True


def _view_attempt(game: engine.Game, seat: Any) -> bool:
    try:
        game.view(seat)
    except ValueError:
        if seat.__class__ is int and 0 <= seat < len(game.players):
            raise AssertionError(f"view refused the real seat {seat}") from None
        return False
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < len(game.players)):
        raise AssertionError(f"view accepted {seat!r}")
    return True


def fuzz_actions(seconds: float, seed: int) -> Tally:
    """Garbage actions and seats at every step of random games (Medici, house rules, MvS)."""
    rng = random.Random(seed)
    tally = Tally("engine actions (garbage at every step)")
    variants = ["medici", "medici-loans", "medici-vs-strozzi", "medici-amigo", "medici-rich"]
    end = time.monotonic() + seconds
    moves = engine.chance.Rng(seed)
    while time.monotonic() < end:
        var = engine.load_variant(rng.choice(variants))
        game = engine.new_game(var, rng.choice(list(var.logic.player_counts())),
                               seed=rng.randrange(2**64))
        while not game.is_over and time.monotonic() < end:
            for _ in range(rng.randrange(1, 4)):
                action = junk_action(game, rng)
                _judge(tally, action, lambda g=game, a=action: _action_attempt(g, a))
            if rng.random() < 0.1:
                seat = rng.choice([None, 0, 1, -1, 9, "0", 1.0, True, [0], 2**70])
                _judge(tally, ("view", seat), lambda g=game, s=seat: _view_attempt(g, s))
            game.apply(random_action(game, moves))
    return tally


# -- shell lines ------------------------------------------------------------------------------
SHELL_LINES = [
    "new medici Ann bot:random bot:random", "new medici Ann Bo",
    "new medici-vs-strozzi Ann bot:greedy",
    "new medici Ann bot:greedy --variant medici-loans --seed 5", "new medici Ann bot:mcts:5",
    "new medici Ann bot:mcts:2000000", "new medici-vs-strozzi", "new medici 2 --seed -1",
    "new medici Ann Ann", "new", "show", "moves", "help", "help new", "? save", "log", "log 3",
    "rules", "rules medici-amigo", "draw", "stop", "pass", "bid 3", "bid 999999999999",
    "bid -1", "load 2", "load 4 harbour 2", "save g1", "save ./g2.json", "save", "open g1",
    "open ./g2.json", "open nothing", "load nothing", "saves", "save g1 --replace", "undo",
    "resume", "replay g1", "next", "next 5",
    "prev", "goto 3", "goto end", "goto day 2", "goto scoring", "analyse --bot random",
    "analyse all --bot greedy", "hint --bot greedy", "hint --bot mcts:999999999", "branch",
    "exit", "# a comment", "", "   ", "'", '"unclosed', "new medici 'A\x1b[31m' bot:random",
]


def _shell_line(rng: random.Random) -> str:
    line = rng.choice(SHELL_LINES)
    move = rng.random()
    if move < 0.6:
        return line
    if move < 0.75:
        cut = rng.randrange(len(line) + 1)
        return line[:cut] + rng.choice(["\x1b[2J", "\x00", "'", '"', "9" * 30, " ", "\\", ";",
                                        "\ud800", "\u202e", "$(echo)", "bot:"]) + line[cut:]
    if move < 0.85:
        words = line.split()
        rng.shuffle(words)
        return " ".join(words)
    if move < 0.95:
        return " ".join(rng.choice(SHELL_LINES) for _ in range(rng.randrange(2, 4)))
    return rng.choice(["x" * rng.randrange(4000, 20000), "\x1b" * 100, "'" * 3000])


def _safe(line: str) -> str:
    """Keep scripts inside their temporary folder: no absolute, home or parent paths."""
    return line.replace("..", "_").replace("~", "-").replace(" /", " _").lstrip("/")


def _shell_attempt(lines: list[str], folder: Path) -> bool:
    from engine.shell import run_shell

    out, err = io.StringIO(), io.StringIO()
    text = "\n".join(lines) + "\n"
    status = run_shell(script="-", saves=str(folder / "saves"), stdin=io.StringIO(text),
                       stdout=out, stderr=err, color=False)
    errors = err.getvalue()
    if "internal error" in errors or "Traceback" in errors:
        raise AssertionError(errors[-3000:])
    if "\x1b" in errors:
        raise AssertionError("a raw ESC reached the error output")
    if status not in (0, 1, 2):
        raise AssertionError(f"exit status {status}")
    return status == 0


@contextlib.contextmanager
def quick_bots() -> Iterator[None]:
    """The shell's default bots made instant (a fuzz run is not about how well they play)."""
    import engine.play.lineup as newgame
    import engine.shell.commands.game as handlers
    import engine.shell.commands.replaying as replay_mode

    saved = (newgame.DEFAULT_BOT, handlers.HINT_BOT, replay_mode.HINT_BOT,
             replay_mode.ANALYSE_ALL_BOT)
    newgame.DEFAULT_BOT = handlers.HINT_BOT = replay_mode.HINT_BOT = "random"
    replay_mode.ANALYSE_ALL_BOT = "greedy"
    try:
        yield
    finally:
        (newgame.DEFAULT_BOT, handlers.HINT_BOT, replay_mode.HINT_BOT,
         replay_mode.ANALYSE_ALL_BOT) = saved


def fuzz_shell(seconds: float, seed: int, folder: Path) -> Tally:
    """Scripts of real, mangled and garbage lines through the scripted shell."""
    rng = random.Random(seed)
    tally = Tally("shell scripts (real, mangled and garbage lines)")
    end = time.monotonic() + seconds
    cwd = Path.cwd()
    os.chdir(folder)  # explicit ./paths in the scripts land here
    try:
        with quick_bots():
            while time.monotonic() < end:
                lines = [_safe(_shell_line(rng)) for _ in range(rng.randrange(3, 25))]
                _judge(tally, lines, lambda lines=lines: _shell_attempt(lines, folder))
    finally:
        os.chdir(cwd)
    return tally
