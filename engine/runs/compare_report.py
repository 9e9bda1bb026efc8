"""A comparison as people read it: the table of figures (``format_report``), a text chart
for the terminal (``text_chart``) and a picture (``plot_png``, with matplotlib)."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

from engine.records.store import atomic_write
from engine.runs.comparison import Comparison, Measure, money_of, periods_of
from engine.runs.sequential import until_text
from engine.runs.stats import Interval, share_text
from engine.text import fit_table, wrap_words

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def _figure(m: Measure, value: Interval, signed: bool = False) -> str:
    if m.kind == "share" and not signed:
        return share_text(value.mean, value.low, value.high)
    sign = "+" if signed else ""
    if m.kind == "share":
        return f"{100 * value.mean:{sign}.1f}% ± {100 * value.half:.1f}%"
    return f"{value.mean:{sign}.1f} ± {value.half:.1f}"


def format_report(cmp: Comparison, width: int | None = None) -> str:
    """The comparison as a table: A, B and the paired difference B - A for every figure,
    laid out for ``width`` columns (None: one line a figure, as for a pipe)."""
    bots = _bots_text(cmp.bots)
    lines = [
        f"A = {cmp.a}, B = {cmp.b}: {cmp.games} games each, {cmp.players} players, {bots}, "
        f"seeds {cmp.seed}..{cmp.seed + cmp.games - 1} for both ({cmp.seconds:.1f} s, "
        f"{cmp.workers})",
        *([until_text(cmp.plan, cmp.games, cmp.reached)] if cmp.plan is not None else []),
        "",
    ]
    lines = [part for line in lines for part in wrap_words(line, width)]
    rows = [(m.label, _figure(m, m.a), _figure(m, m.b), _figure(m, m.diff, True)
             + (" *" if m.significant else "")) for m in cmp.measures()]
    head = ("", f"A {cmp.a}", f"B {cmp.b}", "B - A")
    lines += fit_table(head, rows, width, aligns=["<", ">", ">", "<"])
    notes = ["", "(low-high%): 95% Wilson score interval of a share; ± : half-width of the "
             "95% confidence interval;", "* : the difference's interval leaves out 0"]
    if cmp.plan is not None:
        notes[1] = notes[1].replace("95%", f"{100 * cmp.plan.level:.2f}%")
    lines += [part for line in notes for part in wrap_words(line, width)]
    return "\n".join(lines) + "\n"


def _bots_text(bots: tuple[str, ...]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} bots"
    return "bots " + ", ".join(bots)


_EIGHTHS = " ▏▎▍▌▋▊▉█"


def _bar(fraction: float, width: int, fancy: bool) -> str:
    fraction = min(max(fraction, 0.0), 1.0)
    if not fancy:
        return "#" * round(fraction * width)
    eighths = round(fraction * width * 8)
    return "█" * (eighths // 8) + (_EIGHTHS[eighths % 8] if eighths % 8 else "")


CHART_BAR = 40
"""The longest bar of the text chart, in columns (less on a narrow terminal)."""


def text_chart(cmp: Comparison, width: int = CHART_BAR, fancy: bool = True,
               columns: int | None = None) -> str:
    """A bar chart for the terminal: each figure of A above the same figure of B.

    ``width`` is the longest bar; ``columns`` the terminal's width (None: a pipe). Where a
    line of label, bar and figure would not fit, the bars grow shorter (down to 10 columns)
    and then each label stands on a line of its own above its two bars.
    """
    measures = cmp.measures()
    groups = [
        ("Who wins (share of games, shared victories split)",
         [m for m in measures if m.key.endswith("_wins")]),
        (f"How {periods_of(cmp.game)} end: share of them",
         [m for m in measures if m.key.startswith(f"{periods_of(cmp.game)}_")]),
        (f"Money ({money_of(cmp.game)})", [m for m in measures if m.kind == "money"]),
    ]
    label_w = max((len(m.label) for m in measures), default=0)
    figure_w = max((len(_figure(m, v)) for m in measures for v in (m.a, m.b)), default=0)
    own_line = False
    if columns is not None:
        room = columns - (2 + label_w + 3 + 1 + figure_w)
        if room < 10:
            own_line, label_w = True, 0
            room = columns - (4 + 1 + figure_w)
        width = max(5, min(width, room))
    lines: list[str] = []
    for title, group in groups:
        if not group:
            continue
        lines += wrap_words(title, columns)
        top = 1.0 if group[0].kind == "share" else max(
            max(m.a.high, m.b.high) for m in group
        ) or 1.0
        for m in group:
            if own_line:
                lines.append(f"  {m.label}")
            for tag, value in (("A", m.a), ("B", m.b)):
                label = m.label if tag == "A" and not own_line else ""
                bar = _bar(value.mean / top, width, fancy)
                lines.append(
                    f"  {label:<{label_w}} {tag} {bar:<{width}} {_figure(m, value)}".rstrip()
                    if not own_line else f"  {tag} {bar:<{width}} {_figure(m, value)}".rstrip()
                )
        lines.append("")
    return "\n".join(lines)


def plot_png(cmp: Comparison, path: str | os.PathLike[str]) -> None:
    """Draw the comparison into a PNG file (needs matplotlib: ``pip install 'medici[plot]'``).

    Raises ImportError when matplotlib is not installed, OSError when ``path`` cannot be
    written or is not a regular file (``engine.records.store.check_target``).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    measures = {m.key: m for m in cmp.measures()}
    colours = ("#3b6ea8", "#c4553a")
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    fig.suptitle(
        f"A = {cmp.a} vs B = {cmp.b}: {cmp.games} games each, {cmp.players} players, "
        f"{_bots_text(cmp.bots)} (bars: 95% CI)"
    )

    def bars(ax: Axes, keys: list[str], names: list[str], scale: float, ylabel: str) -> None:
        xs = range(len(keys))
        for i, (side, colour) in enumerate(zip(("a", "b"), colours, strict=True)):
            values = [getattr(measures[k], side) for k in keys]
            ax.bar(
                [x + (i - 0.5) * 0.4 for x in xs],
                [scale * v.mean for v in values],
                0.4,
                # A Wilson interval is not centred on the share: the error bars say so.
                yerr=[[scale * (v.mean - v.low) for v in values],
                      [scale * (v.high - v.mean) for v in values]],
                color=colour,
                capsize=3,
                label=f"{side.upper()} {getattr(cmp, side)}",
            )
        ax.set_xticks(list(xs), names)
        ax.set_ylabel(ylabel)
        ax.legend(fontsize="small")

    wins = ["start_player_wins"] + [f"seat_{s + 1}_wins" for s in range(cmp.players)]
    wins = [k for k in wins if k in measures]
    bars(axes[0][0], wins, [measures[k].label.replace(" wins", "") for k in wins], 100,
         "wins (%)")
    axes[0][0].axhline(100 / cmp.players, color="grey", linewidth=0.8, linestyle="--")
    axes[0][0].set_title("Who wins")
    periods = periods_of(cmp.game)
    ends = [k for k in measures if k.startswith(f"{periods}_")]
    if ends:
        bars(axes[0][1], ends,
             [measures[k].label.replace(f"{periods} ended by ", "") for k in ends],
             100, f"{periods} (%)")
    axes[0][1].set_title(f"How {periods} end")
    money = ["winning_money", "winning_margin", "score_spread"]
    bars(axes[1][0], money, ["winning money", "margin 1st-2nd", "spread 1st-last"], 1,
         money_of(cmp.game))
    axes[1][0].set_title("Money at the end")
    ax = axes[1][1]
    tops = cmp.winning_money()
    lo, hi = min(min(t) for t in tops), max(max(t) for t in tops)
    step = max(1, -(-(hi - lo + 1) // 30))
    edges = list(range(lo, hi + step + 1, step))  # the same bins for both, so they compare
    for counts, colour, name in zip(tops, colours, (cmp.a, cmp.b), strict=True):
        ax.hist(list(counts), bins=edges, weights=list(counts.values()), histtype="step",
                color=colour, label=name, linewidth=1.5)
    ax.set_xlabel("winning money")
    ax.set_ylabel("games")
    ax.set_title("Distribution of the winner's money")
    ax.legend(fontsize="small")
    fig.tight_layout()
    picture = io.BytesIO()
    fig.savefig(picture, format="png", dpi=100)
    # Whole or not at all, and never over a device or FIFO (it would block or be replaced).
    atomic_write(Path(path), picture.getvalue())
    plt.close(fig)
