"""The replay page: one self-contained HTML file (no network, no server: its style, its
script and every step's data inline) that draws the table at every step, tells the step,
and shows a review's marks and the win-chance chart.

The table of each step is the game's ``Board`` (its descriptor's ``page`` part, from the
view the shell's replay shows); the story is the narrator's (as ``medici log`` tells it);
the chart is an inline SVG drawn here. ``page.css`` and ``page.js`` beside this module are
put into the page as they are.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.records import Record, ReplayCursor, describe_step
from engine.records.review_section import ReviewSection
from engine.records.store import atomic_open
from engine.registry import game_info
from engine.review import labels
from engine.review.board import Board
from engine.review.report import player_summary
from engine.review.reviewing import Course, walk
from engine.review.words import points, tell
from engine.views import View, money_text

HERE = Path(__file__).resolve().parent

SEAT_COLOURS = ("#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b83280", "#2c7a7b", "#975a16",
                "#4a5568", "#9b2c2c", "#276749", "#553c9a", "#702459")
"""Each seat's colour, as ``page.js`` has them (the chart's lines, the markers)."""
LABEL_COLOURS = {labels.INACCURACY: "#d69e2e", labels.MISTAKE: "#dd6b20",
                 labels.BLUNDER: "#c53030"}
"""The chart's dot for each label marked (as ``page.css`` colours the words)."""

POLICY = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
          "img-src data:")
"""The page's Content-Security-Policy: nothing may be loaded from anywhere (no network)."""

CHART_WIDTH = 720
CHART_HEIGHT = 220
CHART_LEFT = 34
CHART_TOP = 10
CHART_BOTTOM = 26


def board_of(view: View, rules: dict[str, Any], names: Sequence[str]) -> Board:
    """A view as the page draws it: the game's own ``page`` part, else each player's name
    and money."""
    info = game_info(str(view["game"]))
    if info.page is not None:
        return info.page()(view, rules)
    players = view["players"]
    return {"title": str(view["phase"]).replace("_", " "),
            "seats": [{"name": p["name"], "money": money_text(p), "rows": [], "facts": []}
                      for p in players],
            "turn": view.get("current_player"), "winners": list(view.get("winners", [])),
            "ladders_title": "", "ladders": [], "sale": None, "notes": []}


def viewer(record: Record) -> int:
    """Whose view the page shows before the end: the first person's, else seat 0 (a view
    hides what chance has set out unseen, G-3)."""
    people = [i for i, bot in enumerate(record.bots) if bot is None]
    return people[0] if people else 0


def page_data(record: Record, section: ReviewSection | None, seats: Sequence[int]
              ) -> dict[str, Any]:
    """Everything the page shows, as the JSON it embeds."""
    cursor = ReplayCursor(record)
    course = walk(record)
    info = game_info(record.game)
    seat = viewer(record)
    marks = _marks(record, course, section, seats)
    steps = []
    kinds: dict[str, None] = {}
    for step in range(course.steps + 1):
        cursor.goto(step)
        game = cursor.game
        board = board_of(game.view(None if game.is_over else seat), record.rules,
                         record.players)
        for s in board["seats"]:
            for row in s["rows"]:
                kinds.update((p["kind"], None) for p in row["pieces"])
        for ladder in board["ladders"]:
            kinds[ladder["kind"]] = None
        if board["sale"] is not None:
            kinds.update((p["kind"], None) for p in board["sale"]["pieces"])
        lines = [line.strip() for line in describe_step(cursor)] if step else []
        steps.append({"board": board, "lines": lines, "mark": marks.get(step)})
    data: dict[str, Any] = {
        "game": info.title, "players": list(record.players), "period": info.vocabulary.period,
        "kinds": sorted(kinds), "steps": steps, "chart": None,
    }
    if section is not None:
        data["chart"] = {"width": CHART_WIDTH, "x0": CHART_LEFT,
                         "dx": (CHART_WIDTH - CHART_LEFT - 8) / max(1, course.steps)}
    return data


def _marks(record: Record, course: Course, section: ReviewSection | None, seats: Sequence[int]
           ) -> dict[int, dict[str, Any]]:
    """Each judged step's judgement as the page shows it, with the words of the costliest."""
    if section is None:
        return {}
    told = tell(record, course, section, seats)
    words = {c.judged["step"]: " ".join(c.lines()[1:]) for costly in told.values()
             for c in costly}
    out = {}
    for judged in section["moves"]:
        if judged["player"] not in seats:
            continue
        out[judged["step"]] = {
            "player": record.players[judged["player"]], "move": judged["move"],
            "label": judged["label"], "best_move": judged["best_move"],
            "before": judged["before"] / 10, "after": judged["after"] / 10,
            "best": judged["best"] / 10, "given_away": points(judged),
            "words": words.get(judged["step"], ""),
        }
    return out


def chart_svg(record: Record, course: Course, section: ReviewSection, seats: Sequence[int]
              ) -> str:
    """The win-chance chart as inline SVG: a line a player, the periods' starts, a dot on
    each labelled move, and the cursor the script moves."""
    width, height = CHART_WIDTH, CHART_HEIGHT
    left, top, bottom = CHART_LEFT, CHART_TOP, CHART_BOTTOM
    plot_h = height - top - bottom
    steps = max(1, course.steps)
    dx = (width - left - 8) / steps

    def x(step: int) -> float:
        return left + step * dx

    def y(chance: int) -> float:
        return top + (1000 - chance) * plot_h / 1000

    out = [f'<svg id="chart" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="win chance by step" xmlns="http://www.w3.org/2000/svg">']
    for pct in (0, 25, 50, 75, 100):
        yy = y(pct * 10)
        out.append(f'<line x1="{left}" x2="{width - 8}" y1="{yy:.1f}" y2="{yy:.1f}" '
                   f'stroke="#e2e8f0"/><text x="{left - 4}" y="{yy + 4:.1f}" font-size="10" '
                   f'text-anchor="end" fill="#5f6b76">{pct}%</text>')
    word = game_info(record.game).vocabulary.period
    for step, number in course.period_starts():
        xx = x(step)
        out.append(f'<line x1="{xx:.1f}" x2="{xx:.1f}" y1="{top}" y2="{top + plot_h}" '
                   f'stroke="#a0aec0" stroke-dasharray="3,3"/><text x="{xx + 3:.1f}" '
                   f'y="{height - 8}" font-size="11" fill="#5f6b76">'
                   f'{html.escape(f"{word} {number}")}</text>')
    chances = section["chances"]
    for seat in range(len(record.players)):
        points_ = " ".join(f"{x(s):.1f},{y(row[seat]):.1f}" for s, row in enumerate(chances))
        out.append(f'<polyline fill="none" stroke="{SEAT_COLOURS[seat % len(SEAT_COLOURS)]}" '
                   f'stroke-width="1.8" points="{points_}"><title>'
                   f'{html.escape(record.players[seat])}</title></polyline>')
    for judged in section["moves"]:
        colour = LABEL_COLOURS.get(judged["label"])
        if colour is None or judged["player"] not in seats:
            continue
        step = judged["step"]
        chance = chances[step][judged["player"]] if step < len(chances) else 0
        tip = f"step {step}: {record.players[judged['player']]} {judged['move']}, " \
              f"{judged['label']}"
        out.append(f'<circle cx="{x(step):.1f}" cy="{y(chance):.1f}" r="3.6" fill="{colour}" '
                   f'stroke="#fff"><title>{html.escape(tip)}</title></circle>')
    out.append(f'<line id="cursor" x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}" '
               'stroke="#1d232a" stroke-width="1.2"/>')
    out.append("</svg>")
    return "".join(out)


def render(record: Record, section: ReviewSection | None, seats: Sequence[int],
           source: str = "") -> str:
    """The page's HTML."""
    data = page_data(record, section, seats)
    info = game_info(record.game)
    course = walk(record)
    esc = html.escape
    title = f"{info.title}: {', '.join(record.players)}"
    players = ", ".join(
        f"{n}" + (f" (bot {b})" if b else "") for n, b in zip(record.players, record.bots,
                                                              strict=True))
    sub = f"{len(record.players)} players: {players} · {course.steps} moves"
    if record.seed is not None and record.finished:
        sub += f" · seed {record.seed}"
    review_html = ""
    if section is not None:
        review_html = _review_html(record, course, section, seats)
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    css = (HERE / "page.css").read_text(encoding="utf-8")
    script = (HERE / "page.js").read_text(encoding="utf-8")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<link rel="icon" href="data:,">
<title>{esc(title)}</title>
<style>
{css}</style>
</head>
<body>
<main>
<h1>{esc(title)}</h1>
<div class="sub">{esc(sub)}{esc(f" · {source}" if source else "")}</div>
<div class="controls">
<button id="first" type="button" title="the start (Home)">«</button>
<button id="prev" type="button" title="the step before (←)">◀</button>
<button id="next" type="button" title="the next step (→)">▶</button>
<button id="end" type="button" title="the end (End)">»</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="stepno">Step 0</span>
<span id="phase"></span>
</div>
<div class="layout">
<div id="board"></div>
<div>
<section><h2>This step</h2><div id="story" class="story"></div></section>
{review_html}
</div>
</div>
<p class="hint">← → step, Home and End jump; the slider, the chart and the marked moves go
to a step too. Written by medici; this file needs nothing else to open.</p>
</main>
<script id="data" type="application/json">{blob}</script>
<script>
{script}</script>
</body>
</html>
"""


def _review_html(record: Record, course: Course, section: ReviewSection, seats: Sequence[int]
                 ) -> str:
    """The review's part of the page: the chart, each player's figures, the marked moves."""
    esc = html.escape
    legend = "".join(
        f'<span><i style="background:{SEAT_COLOURS[s % len(SEAT_COLOURS)]}"></i>'
        f"{esc(record.players[s])}</span>" for s in range(len(record.players)))
    legend += "".join(f'<span><i style="background:{c}"></i>{esc(n)}</span>'
                      for n, c in LABEL_COLOURS.items())
    rows = []
    for seat in seats:
        s = player_summary(section, seat)
        acc = "-" if s["accuracy"] is None else f"{s['accuracy']:.1f}"
        counts = s["labels"]
        rows.append(f"<tr><td>{esc(record.players[seat])}</td><td>{acc}</td>"
                    f"<td>{counts[labels.INACCURACY]}</td><td>{counts[labels.MISTAKE]}</td>"
                    f"<td>{counts[labels.BLUNDER]}</td><td>{s['given_away']:g}</td></tr>")
    marked = []
    for judged in section["moves"]:
        if judged["player"] in seats and judged["label"] in LABEL_COLOURS:
            marked.append(
                f'<li><a href="#{judged["step"]}" data-goto="{judged["step"]}">step '
                f'{judged["step"]}</a>: {esc(record.players[judged["player"]])} '
                f'{esc(judged["move"])}, <span class="lab-{esc(judged["label"])}">'
                f'{esc(judged["label"])}</span> ({points(judged):g}; better '
                f'{esc(judged["best_move"])})</li>')
    return f"""<section class="chart"><h2>Win chance by step</h2>
{chart_svg(record, course, section, seats)}
<div class="legend">{legend}</div></section>
<section><h2>Review by {esc(section['bot'])} (seed {section['seed']})</h2>
<table class="summary"><tr><th>player</th><th>accuracy</th><th>inacc.</th><th>mistakes</th>
<th>blunders</th><th>given away</th></tr>{''.join(rows)}</table>
<p class="hint">{esc(labels.legend())}</p></section>
<section><h2>Marked moves</h2><ol class="marked">{''.join(marked)}</ol></section>"""


def write_page(record: Record, path: Path, section: ReviewSection | None,
               seats: Sequence[int], source: str = "") -> int:
    """Write the page to ``path`` (atomically); its size in bytes."""
    data = render(record, section, seats, source).encode("utf-8")
    with atomic_open(path) as out:
        out.write(data)
    return len(data)
