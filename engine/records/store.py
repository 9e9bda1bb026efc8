"""Where records live and how they get there: the saves folder, atomic saves, loading, listing.

A save is atomic (a temporary file in the same folder, flushed and fsynced, renamed over
the old one, then the folder fsynced): a crash or a full disk in the middle of a save
leaves the previous save as it was. A save *name* stays inside the saves folder; only an
explicit path (``./x.json``, ``/tmp/x.json``, a ``Path``) may point elsewhere.
"""

from __future__ import annotations

import difflib
import errno
import os
import re
import stat
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from engine.errors import RecordError, quote
from engine.game import Game
from engine.names import normal_save_name, save_name_problem
from engine.records.format import Record, encode, read_document, record_from_game
from engine.records.schema import check_document
from engine.records.settings import hosted_section
from engine.records.strictjson import MAX_BYTES
from engine.records.verify import StepHook, read_record
from engine.registry import PROGRAM, find

SAVES_ENV = "MEDICI_SAVES"
SUFFIX = ".json"
AUTOSAVE_PREFIX = "autosave-"
_CHUNK = 64 * 1024
_EXPLICIT = ("./", "../", ".\\", "..\\", "~")

PathLike = str | os.PathLike[str]


def saves_dir(option: PathLike | None = None) -> Path:
    """The saves folder: ``option`` if given, else ``$MEDICI_SAVES``, else the user's data
    folder by the platform's convention (``~/.local/share/medici/saves`` on Linux), so
    ``medici resume`` finds the game from any working folder."""
    if option is not None and str(option):
        return Path(option).expanduser()
    env = os.environ.get(SAVES_ENV)
    if env:
        return Path(env).expanduser()
    return default_saves_dir()


def default_saves_dir() -> Path:
    """The per-user saves folder: ``saves`` in ``user_data_dir()``."""
    return user_data_dir() / "saves"


def user_data_dir() -> Path:
    """The program's per-user data folder (``platformdirs``: XDG on Linux, Application
    Support on macOS, AppData on Windows), where the saves and the shell's history live."""
    import platformdirs  # only when no folder is given: start-up stays fast

    return platformdirs.user_data_path(PROGRAM, appauthor=False)


def is_explicit_path(name: PathLike) -> bool:
    """Whether ``name`` is a path the user spelled out (a ``Path``, absolute, ``./``, ``~``)."""
    if not isinstance(name, str):
        return True
    return os.path.isabs(name) or name.startswith(_EXPLICIT)


def resolve_save_path(name: PathLike, directory: PathLike | None = None) -> Path:
    """The file a save name or path means.

    A bare name (``game1``, ``club/game1``) is a file inside the saves folder, ``.json``
    added when missing; it may not leave the folder. An explicit path is taken as given.
    """
    if is_explicit_path(name):
        given = os.fspath(name)
        try:
            # The file system must be able to take the name: no NUL, no lone surrogate (a
            # byte that is not UTF-8, from the command line, passes as its own escape).
            os.fsencode(given)
            if "\0" in given:
                raise ValueError
        except (UnicodeEncodeError, ValueError):
            raise RecordError(quote(given), "not a possible file name") from None
        return Path(os.path.expanduser(given))
    text = str(name)
    problem = save_name_problem(text)
    if problem is not None:
        raise RecordError(quote(text), problem)
    text = normal_save_name(text)
    folder = saves_dir(directory)
    path = folder / (text + SUFFIX)
    inside = folder.resolve()
    if not path.resolve().is_relative_to(inside):
        raise RecordError(text, f"a save name must stay inside the saves folder {folder}")
    return path


def display(path: Path) -> str:
    """How messages name a file: relative to the working folder when it is inside it."""
    try:
        return str(path.absolute().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# -- writing ------------------------------------------------------------------------------
TEMP_SUFFIX = ".tmp"
_TEMP = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$")
STALE_SECONDS = 600.0
"""A temporary file this old is stale even if its writer's process id is in use again."""

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


def check_target(path: Path) -> None:
    """Refuse to write over anything at ``path`` but a regular file (OSError saying what is
    there). Uses ``os.lstat``: a symbolic link is refused, never followed, so a save can
    neither replace ``/dev/null`` nor land somewhere a link points."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISREG(info.st_mode):
        return
    kind = next((what for test, what in _KINDS if test(info.st_mode)), "a special file")
    raise OSError(
        errno.EEXIST,
        f"the target is {kind}, not a regular file: only a regular file is ever replaced "
        "(or a new one made)",
        str(path),
    )


@contextmanager
def atomic_open(path: Path) -> Iterator[AtomicWriter]:
    """A binary writer (``write(bytes)``) whose bytes become ``path`` only when the ``with``
    block ends without error.

    The bytes go to a temporary file in the same folder, are fsynced, and the file is
    renamed over ``path`` (checked with ``check_target`` first and again just before the
    rename), then the folder is fsynced. Any failure removes the temporary file and
    leaves ``path`` as it was.
    """
    check_target(path)
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}{TEMP_SUFFIX}"
    # O_BINARY (Windows only): write the bytes as they are, no newline translation.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(tmp, flags, 0o666)
    try:
        writer = AtomicWriter(fd)
        yield writer
        writer.flush()
        os.fsync(fd)
        os.close(fd)
        fd = -1
        check_target(path)
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


class AtomicWriter:
    """Bytes to a file descriptor, buffered; every write is written out in full."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()

    def write(self, data: bytes) -> int:
        self.buffer += data
        if len(self.buffer) >= _CHUNK:
            self.flush()
        return len(data)

    def flush(self) -> None:
        view = memoryview(self.buffer)
        while view:
            written = os.write(self.fd, view[:_CHUNK])
            view = view[written:]
        view.release()
        self.buffer.clear()


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a failure at any point leaves the old file intact
    (``atomic_open``); refuses a ``path`` that is not a regular file."""
    with atomic_open(path) as handle:
        handle.write(data)


def remove_stale_temps(folder: Path) -> int:
    """Remove the temporary files that interrupted saves left in ``folder``; how many.

    A temporary file is stale when the process that wrote it is gone, or when it is older
    than ``STALE_SECONDS``; a save still being written by a live process is left alone.
    Only names of the form saves give them are touched, and only regular files.
    """
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        match = _TEMP.match(entry.name)
        if match is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            if _alive(int(match.group(1))) and now - info.st_mtime < STALE_SECONDS:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


def _exists(path: Path, file: bool = False) -> bool:
    """``path.exists()`` (``is_file()``), False for a name the system refuses (too long)."""
    try:
        return path.is_file() if file else path.exists()
    except (OSError, ValueError):
        return False


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True  # someone else's process, or a platform that cannot tell: keep it
    return True


def _fsync_folder(folder: Path) -> None:
    # The rename is durable only once the folder itself is on disk (POSIX); Windows has no
    # folder handles to fsync, and there the rename is already durable.
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_record(record: Record, path: Path, *, make_folder: bool = True) -> Path:
    """Write a record to ``path`` atomically, creating its folder if ``make_folder``.

    Refuses (RecordError) a ``path`` that is a device, FIFO, socket, folder or symbolic
    link, and a folder that is a file; removes stale temporary files of earlier saves.
    """
    try:
        data = encode(record).encode("utf-8")
    except UnicodeEncodeError as err:
        raise RecordError(
            display(path), f"could not save: the game holds text that is not valid Unicode ({err})"
        ) from None
    folder = path.parent
    try:
        if make_folder:
            for parent in (folder, *folder.parents):
                if parent.exists() or parent.is_symlink():
                    if not parent.is_dir():
                        raise RecordError(
                            display(path),
                            f"could not save: {display(parent)} is a file, not a folder "
                            "(move it, or give another saves folder with --saves)",
                        )
                    break
            folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(folder)
        atomic_write(path, data)
    except OSError as err:
        kept = " (the previous save is unchanged)" if _regular(path) else ""
        raise RecordError(display(path), f"could not save: {err.strerror or err}{kept}") from None
    return path


def save_game(
    game: Game,
    name_or_path: PathLike | None = None,
    *,
    bots: list[str | None] | None = None,
    directory: PathLike | None = None,
) -> Path:
    """Save a game as a record, atomically; returns the file written.

    ``bots`` gives each seat's bot spec (None for a person). Without a name, the save is
    called after the game and the date, with a counter (``game_path``).
    """
    if name_or_path is None:
        path = game_path(game, directory)
    else:
        path = resolve_save_path(name_or_path, directory)
    # The saves folder (and a subfolder a name gives) is made; an explicit path's is not.
    explicit = name_or_path is not None and is_explicit_path(name_or_path)
    return write_record(record_from_game(game, bots), path, make_folder=not explicit)


def game_name(game_or_variant: str, date: datetime | None = None) -> str:
    """What a game's save is named after: the game (or variant) and the date
    (``medici-2026-12-01``), letters folded to ASCII; ``game_path`` adds a counter. Short
    enough to copy and to type: who played is in the file, and ``saves`` lists it."""
    when = (date or datetime.now()).strftime("%Y-%m-%d")
    game = _slug(game_or_variant)[:MAX_GAME_PART].rstrip("-") or "game"
    return f"{game}-{when}"


MAX_GAME_PART = 32
"""The most characters of the game's (or variant's) name a generated save name keeps."""


def _slug(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")


def game_path(game: Game, directory: PathLike | None = None,
              date: datetime | None = None) -> Path:
    """A new file for ``game`` in the saves folder: ``game_name`` and a counter, the first
    not taken there (``medici-2026-12-01-1``, ``-2``...)."""
    folder = saves_dir(directory)
    return numbered_path(folder, game_name(game.variant.name, date))


def numbered_path(folder: Path, base: str) -> Path:
    """``folder/base-1.json``, or ``base-2.json``... whichever does not exist yet."""
    n = 1
    while _exists(folder / f"{base}-{n}{SUFFIX}"):
        n += 1
    return folder / f"{base}-{n}{SUFFIX}"


def unique_path(folder: Path, base: str) -> Path:
    """``folder/base.json``, or ``base-2.json``... whichever does not exist yet."""
    name, n = base, 1
    while _exists(folder / (name + SUFFIX)):
        n += 1
        name = f"{base}-{n}"
    return folder / (name + SUFFIX)


# -- reading ------------------------------------------------------------------------------
class LoadedGame(NamedTuple):
    """A verified game read from a record: the game at its last event, and where it came from."""

    game: Game
    bots: list[str | None]
    path: Path
    record: Record


def read_file(path: Path) -> bytes:
    """The bytes of a record file, refusing missing, special and oversized files first."""
    name = display(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise RecordError(name, "no such file" + _known(path.parent, path.stem)) from None
    except OSError as err:
        raise RecordError(name, f"cannot read: {err.strerror or err}") from None
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(name, "not a regular file")
    if info.st_size > MAX_BYTES:
        raise RecordError(name, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise RecordError(name, f"cannot read: {err.strerror or err}") from None


def _known(folder: Path, wanted: str = "") -> str:
    """What a missing save's message adds: the closest names (``did you mean friday?``),
    then the saves the folder holds."""
    try:
        names = sorted(p.stem for p in folder.glob("*" + SUFFIX) if not p.name.startswith("."))
    except OSError:
        return ""
    if not names:
        return ""
    close = difflib.get_close_matches(wanted, names, n=1, cutoff=0.6) if wanted else []
    mean = f"; did you mean {close[0]}?" if close else ""
    shown = ", ".join(names[:10]) + (", ..." if len(names) > 10 else "")
    return f"{mean} (saves in {display(folder)}: {shown})"


def load_path(path: Path, on_step: StepHook | None = None) -> tuple[Record, Game]:
    """Read and verify the record at ``path``: its Record and the game at its end."""
    return read_record(read_file(path), display(path), on_step)


def load_game(name_or_path: PathLike, directory: PathLike | None = None) -> LoadedGame:
    """Load and verify a saved game; RecordError says what is wrong and changes nothing."""
    path = resolve_save_path(name_or_path, directory)
    if (
        not is_explicit_path(name_or_path)
        and not _exists(path)
        and _exists(Path(name_or_path), file=True)
    ):
        raise RecordError(
            display(path),
            f"no such save; a file outside the saves folder is opened by its path, "
            f"e.g. ./{name_or_path}",
        )
    record, game = load_path(path)
    return LoadedGame(game, list(record.bots), path, record)


# -- listing ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """One file of the saves folder, as ``saves`` lists it.

    ``problem`` is None for a readable record, else why it cannot be loaded (then the game
    fields are empty). ``period`` is the scoring period reached, which the game's
    vocabulary names (``unit``).
    """

    name: str
    path: Path
    game: str
    variant: str
    players: tuple[str, ...]
    period: int | None
    finished: bool
    modified: datetime
    bots: tuple[str | None, ...] = ()
    problem: str | None = None
    unit: str = ""
    """What ``period`` counts, as the game's vocabulary names it ('' for an unknown game)."""
    branch_of: str | None = None
    """The save this game was branched from (``branch`` in a replay), if it was."""
    hosted: bool = False
    """The game is played at a hosted table (``medici host``): ``medici host --resume``
    reopens it, never a game on one keyboard."""


def save_info(path: Path, folder: Path) -> SaveInfo:
    """What a saved file holds, read cheaply (no replay) when it carries its final state."""
    name = path.relative_to(folder).with_suffix("").as_posix()
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        modified = datetime.fromtimestamp(0)
    try:
        data = read_file(path)
        doc, _ = read_document(data, display(path))
        doc = check_document(doc, display(path))
        state = doc.get("state")
        if not isinstance(state, dict):
            record, _game = read_record(data, display(path))
            state = record.state
    except RecordError as err:
        return SaveInfo(name, path, "", "", (), None, False, modified, problem=err.message)
    game_id = str(doc.get("game") or state.get("game", ""))
    info = find(game_id)
    unit = info.vocabulary.period if info is not None else ""
    period = state.get(unit) if unit else None
    return SaveInfo(
        name=name,
        path=path,
        game=game_id,
        variant=doc["variant"],
        players=tuple(p["name"] for p in doc["players"]),
        period=period if isinstance(period, int) and not isinstance(period, bool) else None,
        finished=bool(state.get("winners")),
        modified=modified,
        bots=tuple(p.get("bot") for p in doc["players"]),
        unit=unit,
        branch_of=_branch_name(doc.get("branch_of")),
        hosted=hosted_section(doc.get("table")),
    )


def _branch_name(origin: object) -> str | None:
    """``friday`` (at step 40) from a record's ``branch_of``."""
    name = origin.get("name") if isinstance(origin, dict) else None
    if not isinstance(name, str) or not isinstance(origin, dict):
        return None
    step = origin.get("step")
    return name + (f" at step {step}" if isinstance(step, int) else "")


def branch_path(origin: str, directory: PathLike | None = None) -> Path:
    """A new file for a game branched from the save ``origin``: ``ORIGIN-branch`` in the
    saves folder, ``-2``, ``-3``... added when the name is taken."""
    folder = saves_dir(directory)
    return unique_path(folder, f"{origin}-branch")


def list_saves(directory: PathLike | None = None) -> list[SaveInfo]:
    """Every record in the saves folder (and its subfolders), newest first."""
    folder = saves_dir(directory)
    if not folder.is_dir():
        return []
    paths = [
        p
        for p in folder.rglob("*" + SUFFIX)
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    ]
    infos = [save_info(p, folder) for p in paths]
    infos.sort(key=lambda i: (i.modified, i.name), reverse=True)
    return infos


def latest_unfinished(directory: PathLike | None = None) -> Path | None:
    """The most recently saved game that is not over and loads cleanly, or None."""
    for info in list_saves(directory):
        if info.problem is None and not info.finished:
            try:
                load_path(info.path)
            except RecordError:
                continue
            return info.path
    return None


# -- one file per game -------------------------------------------------------------------
def same_game(path: Path, game: Game) -> bool:
    """Whether ``path`` holds a save of ``game``: the same rules, players and seed, and
    events that ``game`` went through (an earlier save of it, or the game as it is now)."""
    try:
        record, _ = load_path(path)
    except RecordError:
        return False
    events = list(game.events)
    return (
        record.variant == game.variant.name
        and tuple(record.players) == tuple(game.players)
        and record.seed == game.seed
        and len(record.events) <= len(events)
        and list(record.events) == events[: len(record.events)]
    )


def what_is_there(path: Path) -> str:
    """What a file that a save would replace holds, in words (for a refusal)."""
    folder = path.parent
    info = save_info(path, folder)
    if info.problem is not None:
        return f"a file that is not a saved game ({info.problem})"
    stage = "finished" if info.finished else f"{info.unit or 'step'} {info.period}"
    return (f"another game: {info.variant}, {', '.join(info.players)}, {stage}, "
            f"saved {info.modified:%Y-%m-%d %H:%M}")


def delete_save(name: str, directory: PathLike | None = None) -> Path:
    """Remove a save from the saves folder (a bare name only); returns the file removed."""
    if is_explicit_path(name):
        raise RecordError(quote(name), "saves --delete takes a save name from `saves`, not a "
                          "path")
    path = resolve_save_path(name, directory)
    if not _regular(path):
        raise RecordError(display(path), "no such save" + _known(path.parent))
    try:
        path.unlink()
    except OSError as err:
        raise RecordError(display(path), f"cannot delete: {err.strerror or err}") from None
    return path


_AUTOSAVE = re.compile(r"^autosave-(\d{8})-\d{6}(?:-[0-9a-f]+)?\.json$")


def migrate_autosaves(directory: PathLike | None = None) -> list[tuple[Path, Path]]:
    """Give each ``autosave-DATE-TIME-XXXX.json`` of earlier versions (one per game started,
    loaded or branched) the name a game's file has now (``medici-2026-12-01-1``);
    returns the (old, new) paths. A file that cannot be read keeps its name, and
    ``open autosave-...`` still opens any that did not move."""
    folder = saves_dir(directory)
    moved: list[tuple[Path, Path]] = []
    try:
        entries = sorted(folder.glob(AUTOSAVE_PREFIX + "*" + SUFFIX))
    except OSError:
        return moved
    for old in entries:
        found = _AUTOSAVE.match(old.name)
        if found is None or not _regular(old):
            continue
        info = save_info(old, folder)
        if info.problem is not None or not info.variant:
            continue
        date = datetime.strptime(found.group(1), "%Y%m%d")
        new = numbered_path(folder, game_name(info.variant, date))
        try:
            # link + unlink: never replaces a file that appeared meanwhile (rename would).
            os.link(old, new)
            os.unlink(old)
        except OSError:
            try:  # a file system without hard links
                if _exists(new):
                    continue
                os.rename(old, new)
            except OSError:
                continue
        moved.append((old, new))
    return moved
