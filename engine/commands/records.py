"""``medici replay``, ``medici verify`` and ``medici log``: read game records.

``replay FILE`` steps through a record in the shell (``--to N --json`` prints the state
after step N instead); ``verify FILE...`` checks records and says OK or what is wrong
(exit status 1 if any is wrong); ``log FILE`` prints the game as a readable story.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from engine.errors import RecordError
from engine.records.examples import examples
from engine.text import stream_width, wrap_text, wrap_words


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay``, ``verify`` and ``log``."""
    replay = sub.add_parser(
        "replay",
        help="step through a game record (in the shell), or print the state at a step",
        description="Step through a saved game. With --to or --json, print the state after "
        "a step and exit: `medici replay FILE --to N --json` prints Game.view() as JSON. "
        "While the game is unfinished at that step, that is the view of the player to move "
        "(or of --player SEAT), which hides what chance has set out unseen (G-3: the order "
        "still to be drawn); --full shows everything. Once the game is over the view is the "
        "full one. "
        "`medici replay --example` opens a whole game played by the bots.",
    )
    replay.add_argument("file", nargs="?",
                        help="a record file (a path, or a save name in the saves folder)")
    replay.add_argument("--example", nargs="?", const="", metavar="GAME",
                        help="replay a shipped example instead of FILE: a game's id ("
                        + ", ".join(examples()) + "; the first is the default)")
    replay.add_argument("--to", type=int, metavar="N", help="the step: 0 is the set-up game, "
                        "each move is one step (default: the last)")
    replay.add_argument("--json", action="store_true", help="print the state as JSON "
                        "(Game.view as the player to move sees it, unless --player or --full)")
    replay.add_argument("--player", metavar="SEAT",
                        help="a seat (0, 1, ...) or a player's name: that player's view, "
                        "which hides what chance has set out unseen (G-3)")
    replay.add_argument("--full", action="store_true",
                        help="the full state, the order still to be drawn included (a study "
                        "tool: it tells what is still to come)")
    replay.add_argument("--play", nargs="?", const="", metavar="SECONDS",
                        help="start playing at once, SECONDS between steps (default 1; "
                        "any key stops); --example plays at once unless --no-play")
    replay.add_argument("--no-play", action="store_true",
                        help="with --example: open at step 0 without playing")
    replay.add_argument("--saves", metavar="DIR", help="the saves folder for save names")
    replay.set_defaults(run=_replay)

    verify = sub.add_parser("verify", help="check game records: OK, or what is wrong",
                            description="Check each record completely (format, checksum, "
                            "rules, a replay of every event, the final state). Exit status 0 "
                            "if all are OK, 1 otherwise.")
    verify.add_argument("files", nargs="+", metavar="FILE", help="record files or save names")
    verify.add_argument("--saves", metavar="DIR", help="the saves folder for save names")
    verify.set_defaults(run=_verify)

    log = sub.add_parser("log", help="print a game record as a readable story",
                         description="Print the game as a story: one numbered line per move, "
                         "what followed from it, and each scoring in full. The story of an "
                         "unfinished game leaves its seed out (the seed tells everything "
                         "chance will deal, G-3), but the record file holds it: whoever has "
                         "the file can read it.")
    log.add_argument("file", help="a record file or save name")
    log.add_argument("--saves", metavar="DIR", help="the saves folder for save names")
    log.set_defaults(run=_log)


def _path(name: str, saves: str | None) -> Path:
    from engine.records.store import resolve_save_path

    try:
        if Path(name).exists():
            return Path(name)
    except (OSError, ValueError):
        pass  # a name the system refuses (too long, a NUL): no such file; said on reading
    return resolve_save_path(name, saves)


def _replay(args: argparse.Namespace) -> int:
    from engine.records import ReplayCursor, describe_step
    from engine.records.examples import example_path
    from engine.records.story import header

    if (args.file is None) == (args.example is None):
        raise RecordError("replay", "give a record FILE or --example [GAME], one of the two")
    if args.full and args.player is not None:
        raise RecordError("replay", "--full and --player are two different views: give one")
    path = (example_path(args.example or None) if args.example is not None
            else _path(args.file, args.saves))
    if args.to is None and not args.json and args.player is None and not args.full:
        play = args.play
        if play is None and args.example is not None and not args.no_play:
            play = ""  # "watch 4 bots play a whole game": it plays
        return _interactive(path, args.saves, play)
    cursor = ReplayCursor(path)
    step = cursor.total if args.to is None else args.to
    try:
        cursor.goto(step)
        seat = _seat(args.player, cursor.game.players)
    except ValueError as err:
        raise RecordError(str(args.file or path), str(err)) from None
    if seat is None and not args.full and not cursor.game.is_over:
        # G-3: before the end nobody may see the pile order; show what the player to move
        # sees, unless the full state is asked for by name.
        current = cursor.game.current_player
        seat = 0 if current is None else current
    view = cursor.view(seat)
    if args.json:
        print(json.dumps(view, indent=2, ensure_ascii=False))
        return 0
    width = stream_width(sys.stdout)
    print(_laid_out(header(cursor.record), width))
    print(f"step {cursor.step} of {cursor.total}")
    if seat is not None:
        print(wrap_text(f"the view of {cursor.game.players[seat]} (the order still to be "
                        "drawn stays hidden; --full shows it)", width))
    print(_laid_out(describe_step(cursor), width))
    print(json.dumps(view, indent=2, ensure_ascii=False))
    return 0


def _seat(player: str | None, names: tuple[str, ...]) -> int | None:
    if player is None:
        return None
    if player in names:
        return names.index(player)
    if player.isdigit() and int(player) < len(names):
        return int(player)
    raise ValueError(
        f"--player {player!r}: expected a seat 0-{len(names) - 1} or one of {list(names)}"
    )


def _interactive(path: Path, saves: str | None, play: str | None = None) -> int:
    try:
        from engine.shell import run_shell
    except ImportError:
        print("medici: the shell is not available; use --to N [--json]", file=sys.stderr)
        return 2
    first = [f"play {play}".strip()] if play is not None else []
    return int(run_shell(replay=path, saves=saves, first=first, must_start=True) or 0)


def _verify(args: argparse.Namespace) -> int:
    import engine.bots  # noqa: F401  (a seat's bot spec is checked by the bots: botspecs)
    from engine.records import load_path
    from engine.rules import rules_label

    failures = 0
    for name in args.files:
        try:
            path = _path(name, args.saves)
            record, game = load_path(path)
        except RecordError as err:
            print(wrap_text(f"FAILED {err}", stream_width(sys.stderr)), file=sys.stderr)
            failures += 1
            continue
        moves = sum(1 for e in record.events if game.logic.action_of(e) is not None)
        state = "finished" if record.finished else "not finished"
        kind = ", hand-written" if record.hand_written else ""
        migrated = (
            f", migrated from version {record.migrated_from}"
            if record.migrated_from is not None
            else ""
        )
        rules = rules_label(record.variant, record.rules_digest)
        review = record.review
        reviewed = (f", a review of {len(review['moves'])} moves by {review['bot']}"
                    if review else "")
        print(wrap_text(
            f"OK {record.source}: {rules}, {len(record.players)} players, "
            f"{moves} moves, {state}{kind}{migrated}{reviewed}", stream_width(sys.stdout)
        ))
    return 1 if failures else 0


def _log(args: argparse.Namespace) -> int:
    from engine.records import ReplayCursor, story

    lines = story(ReplayCursor(_path(args.file, args.saves)))
    print(_laid_out(lines, stream_width(sys.stdout)))
    return 0


def _laid_out(lines: list[str], width: int | None) -> str:
    """Story lines for a terminal of ``width`` columns: a long one goes on under its text
    (a numbered move's under its words, not its number); a pipe gets them whole."""
    out = []
    for line in lines:
        numbered = re.match(r"\s*\d+\. ", line)
        out += wrap_words(line, width, numbered.end() if numbered else None)
    return "\n".join(out)
