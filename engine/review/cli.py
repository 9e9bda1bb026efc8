"""What ``medici review`` and ``medici export`` do, apart from their options: open the
record, review it (or take the review it keeps), keep it, and write what was asked."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import TextIO

from engine.errors import MediciError, RecordError
from engine.records import Record, load_path, write_record
from engine.records.examples import example_path
from engine.records.review_section import ReviewSection
from engine.records.store import display, resolve_save_path
from engine.review import report
from engine.review.judge import ReviewError
from engine.review.progress import Bar
from engine.review.reviewing import default_seats, default_settings, review, walk
from engine.runs.pool import MAX_JOBS


def record_path(file: str | None, example: str | None, saves: str | None) -> Path:
    """The record a command names: FILE (a path, or a save name) or a shipped example."""
    if (file is None) == (example is None):
        raise RecordError("review", "give a record FILE or --example [GAME], one of the two")
    if example is not None:
        return example_path(example or None)
    try:
        if Path(file or "").exists():
            return Path(file or "")
    except (OSError, ValueError):
        pass  # a name the system refuses: no such file, said on reading
    return resolve_save_path(file or "", saves)


def pick_seats(record: Record, every: bool, players: list[str] | None) -> list[int]:
    """The seats to judge: every one, the players named (a name or a seat number), or the
    default (``default_seats``)."""
    names = record.players
    if every:
        return list(range(len(names)))
    if not players:
        return default_seats(record)
    seats = []
    for given in (p.strip() for item in players for p in item.split(",")):
        if given in names:
            seats.append(names.index(given))
        elif given.isdigit() and int(given) < len(names):
            seats.append(int(given))
        else:
            raise ReviewError(f"--player {given!r}: expected one of {', '.join(names)} or a "
                              f"seat 0-{len(names) - 1}")
    return sorted(set(seats))


def review_command(
    *, file: str | None, example: str | None, every: bool, players: list[str] | None,
    bot: str, seed: int | None, jobs: int | None, as_json: bool, plot: str | None,
    html: str | None, keep: bool, saves: str | None, width: int | None, out: TextIO,
) -> int:
    """``medici review``: review, keep, and print or write what was asked."""
    path = record_path(file, example, saves)
    record, _ = load_path(path)
    seats = pick_seats(record, every, players)
    settings = default_settings(record, bot, seed)
    if jobs is not None and not 1 <= jobs <= MAX_JOBS:
        raise ReviewError(f"--jobs must be from 1 to {MAX_JOBS}, got {jobs}")
    if width is not None and not 40 <= width <= 1000:
        raise ReviewError(f"--width must be from 40 to 1000 columns, got {width}")
    for target in (plot, html):
        if target is not None and not Path(target).absolute().parent.is_dir():
            raise ReviewError(f"cannot write {target}: no such folder")
    bar = Bar()
    try:
        section = review(record, settings, seats, jobs=jobs, progress=bar, kept=record.review)
    finally:
        bar.close()
    if keep and example is None and section != record.review:
        _keep(record, section, path)
    course = walk(record)
    source = display(path)
    if plot is not None:
        from engine.review.plot import plot_png

        plot_png(record, course, section, Path(plot))
        print(f"chart written to {plot}", file=sys.stderr)
    if html is not None:
        from engine.review.page import write_page

        size = write_page(record, Path(html), section, seats, display(path))
        print(f"page written to {html} ({size // 1024} KB)", file=sys.stderr)
    if as_json:
        out.write(json.dumps(report.as_json(record, course, section, seats), indent=1,
                             ensure_ascii=False) + "\n")
    else:
        out.write("\n".join(report.text(record, course, section, seats, width, source)) + "\n")
    return 0


def _keep(record: Record, section: ReviewSection, path: Path) -> None:
    """The review written into the record (atomically); a record that cannot be written
    is said, the review printed all the same."""
    try:
        write_record(dataclasses.replace(record, review=section), path, make_folder=False)
    except (MediciError, OSError) as err:
        print(f"medici: the review was not kept in the record: {err}", file=sys.stderr)


def export_command(*, file: str | None, example: str | None, html: str, saves: str | None
                   ) -> int:
    """``medici export FILE --html OUT.html``: the replay page, with the review the record
    keeps if it has one (none is made)."""
    from engine.review.page import write_page

    path = record_path(file, example, saves)
    record, _ = load_path(path)
    if not Path(html).absolute().parent.is_dir():
        raise ReviewError(f"cannot write {html}: no such folder")
    section = record.review
    seats = sorted({m["player"] for m in section["moves"]}) if section else []
    size = write_page(record, Path(html), section, seats, display(path))
    print(f"page written to {html} ({size // 1024} KB)", file=sys.stderr)
    return 0
