"""A run's summary as a text table (``medici simulate``): per bot, then per seat."""

from __future__ import annotations

from engine.runs.sequential import until_text
from engine.runs.stats import share_text
from engine.runs.tally import Figures
from engine.runs.tournament import Run
from engine.text import fit_table, wrap_words


def report(run_: Run, width: int | None = None) -> str:
    """The summary as a text table: per bot, then per seat; laid out for ``width`` columns
    (None: one line a row, as for a pipe)."""
    s = run_.summary
    lines = [
        f"{s['games']} games of {s['variant']}, {s['players']} players "
        f"({', '.join(s['lineup'])}; seats rotate), {run_.seconds:.2f} s, {run_.workers}"
    ]
    if run_.plan is not None:
        lines.append(until_text(run_.plan, s["games"], run_.reached))
    if not s["balanced"]:
        lines.append(
            f"note: {s['games']} games is not a multiple of {s['players']}, so the seats "
            "are not perfectly balanced between the bots"
        )
    lines.append(f"fair share {100 * s['fair_share']:.1f}%")
    lines = [part for line in lines for part in wrap_words(line, width)]
    head = "win share (95% CI)"
    label = max(8, *(len(b["bot"]) for b in s["bots"]))
    bots = [[b["bot"].ljust(label), str(b["seats"]), _pct(b), _money(b)] for b in s["bots"]]
    seats = [[str(row["seat"]).ljust(label), "", _pct(row), _money(row)] for row in s["seats"]]
    aligns = ["<", ">", "<", ">"]
    # One table, the seats' own header a row of it, so both parts keep the same columns.
    lines += fit_table(["bot", "seats", head, "mean money"],
                       [*bots, ["seat".ljust(label), "", head, "mean money"], *seats],
                       width, aligns)
    return "\n".join(lines)


def _pct(row: Figures) -> str:
    return share_text(row["win_share"], row["win_share_ci95_low"], row["win_share_ci95_high"], 5)


def _money(row: Figures) -> str:
    return f"{row['mean_money']:>7.1f} ± {row['mean_money_ci95']:.1f}"
