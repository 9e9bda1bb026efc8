"""``medici review --plot FILE.png``: the win-chance chart drawn by matplotlib (the ``plot``
extra): a line a player, the periods' starts, a dot on each labelled move."""

from __future__ import annotations

from pathlib import Path

from engine.records import Record
from engine.records.review_section import ReviewSection
from engine.registry import game_info
from engine.review import labels
from engine.review.judge import ReviewError
from engine.review.page import LABEL_COLOURS, SEAT_COLOURS
from engine.review.reviewing import Course


def plot_png(record: Record, course: Course, section: ReviewSection, path: Path) -> None:
    """Draw the chart into ``path`` (a PNG); ReviewError without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # no window: a file
        import matplotlib.pyplot as plt
    except ImportError:
        raise ReviewError("--plot needs matplotlib: pip install 'medici[plot]'") from None
    chances = section["chances"]
    steps = list(range(len(chances)))
    fig, ax = plt.subplots(figsize=(10, 4), dpi=110)
    for seat, name in enumerate(record.players):
        ax.plot(steps, [row[seat] / 10 for row in chances], label=name, linewidth=1.6,
                color=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    word = game_info(record.game).vocabulary.period
    for step, number in course.period_starts():
        if step > 0:
            ax.axvline(step, color="#a0aec0", linestyle="--", linewidth=0.8)
        ax.text(step + 0.5, 1.5, f"{word} {number}", fontsize=8, color="#5f6b76",
                va="bottom")
    for name, colour in LABEL_COLOURS.items():
        marked = [m for m in section["moves"] if m["label"] == name]
        if marked:
            ax.scatter([m["step"] for m in marked],
                       [chances[m["step"]][m["player"]] / 10 for m in marked],
                       color=colour, s=18, zorder=3, label=name)
    ax.set_xlim(0, max(1, len(chances) - 1))
    ax.set_ylim(0, 100)
    ax.set_xlabel("step")
    ax.set_ylabel("win chance (%)")
    ax.set_title(f"{game_info(record.game).title}: win chance by step, the "
                 f"{labels.INACCURACY}, {labels.MISTAKE} and {labels.BLUNDER} moves marked",
                 fontsize=10)
    ax.legend(fontsize=8, ncol=2, loc="center left")
    fig.tight_layout()
    try:
        fig.savefig(path, format="png")
    except OSError as err:
        raise ReviewError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        plt.close(fig)
