"""Write the figures the docs quote from runs, so they match the code that ships.

A figure is a region of a page, ``<!-- figures: NAME -->`` ... ``<!-- /figures -->``
(``scripts/docs_pages.py``); ``FIGURES`` below says which command(s) each region's content
comes from and how it is shown. Running a figure reruns its commands and rewrites its
region: a caption (the command, the date, the commit, the machine's load), then the output.

    python scripts/docs_figures.py --list             every figure: page, cost, command
    python scripts/docs_figures.py                    rerun the quick figures, rewrite them
    python scripts/docs_figures.py --only NAME ...    those figures (long ones included)
    python scripts/docs_figures.py --all              every figure, the long ones too
    python scripts/docs_figures.py --quick [--only NAME]   small runs, printed, nothing written
    python scripts/docs_figures.py --check            every region has a figure and back

"Long" figures (bot strength with a search, the long fuzz run) take from ten minutes to
half an hour each and run only when named or with ``--all``. Run under ``nice -n 10`` on a
shared machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import docs_pages  # noqa: E402

ROOT = docs_pages.ROOT


@dataclass(frozen=True)
class Run:
    """One command's output: what it printed (stdout, and stderr after it), its status."""

    command: str
    out: str
    err: str
    status: int
    peak_kb: int
    """The command's peak resident memory (``ru_maxrss`` of the finished child), in KB."""


@dataclass(frozen=True)
class Figure:
    """A region's generator: the commands behind it and how their output is shown."""

    name: str
    page: str
    commands: tuple[str, ...]
    """As a reader types them (``medici ...``, ``python scripts/...``, ``VAR=1 python ...``)."""
    quick: tuple[str, ...]
    """The same commands at a small size: ``--quick`` and the tests run these."""
    render: Callable[[Figure, list[Run]], str]
    about: str
    long: bool = False
    files: tuple[str, ...] = ()
    """Files the commands read, taken from the page's ``docs-test: file`` blocks."""
    statuses: tuple[int, ...] = (0,)
    """The exit statuses that are a success (``variant check`` of a broken file exits 1)."""
    needs: str | None = None
    """A module the commands need (an optional extra), or None."""
    tested: bool = True
    """Whether the tests run the quick commands (False: too slow even when quick)."""
    notes: dict[str, str] = field(default_factory=dict)
    commands_in_body: bool = False
    """The rendered figure names its commands itself, so the caption does not repeat them."""


# -- running ---------------------------------------------------------------------------------


def _argv(command: str) -> tuple[dict[str, str], list[str]]:
    """A reader's command as an environment and argv for this checkout's interpreter."""
    words = shlex.split(command)
    env: dict[str, str] = {}
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    if words[0] == "medici":
        words[0] = str(Path(sys.executable).with_name("medici"))
    elif words[0] == "python":
        words[0] = sys.executable
        if len(words) > 1 and words[1].startswith("scripts/"):
            words[1] = str(ROOT / words[1])
    return env, words


def relative(text: str, *folders: Path) -> str:
    """Output with this checkout's and the run folder's paths made relative, and other
    temporary folders named ``$TMPDIR``."""
    for folder in (*folders, ROOT):
        text = text.replace(f"{folder}/", "").replace(str(folder), ".")
    return text.replace(tempfile.gettempdir().rstrip("/") + "/", "$TMPDIR/")


def run_commands(figure: Figure, quick: bool) -> list[Run]:
    """Run a figure's commands in a fresh folder (its files written there); each must exit
    with an accepted status, else RuntimeError with its output."""
    runs = []
    with tempfile.TemporaryDirectory(prefix="docs-figures-") as folder:
        work = Path(folder)
        page = ROOT / figure.page
        for name in figure.files:
            (work / name).write_text(docs_pages.file_block(page, name).text, encoding="utf-8")
        for command in figure.quick if quick else figure.commands:
            extra, argv = _argv(command)
            env = {**os.environ, "MEDICI_SAVES": str(work / "saves"),
                   "MEDICI_HOME": str(work / "home"), "NO_COLOR": "1", "COLUMNS": "100",
                   **extra}
            cwd = ROOT if argv[0] == sys.executable and "pytest" in argv else work
            with open(work / ".out", "w+", encoding="utf-8") as out, \
                    open(work / ".err", "w+", encoding="utf-8") as err:
                child = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                         stdout=out, stderr=err, text=True)
                # Reaped here, not by subprocess, to read the child's own peak memory.
                _, status, usage = os.wait4(child.pid, 0)
                child.returncode = os.waitstatus_to_exitcode(status)
                out.seek(0)
                err.seek(0)
                printed, errors = out.read(), err.read()
            runs.append(Run(command, relative(printed, work), relative(errors, work),
                            child.returncode, usage.ru_maxrss))
            if child.returncode not in figure.statuses:
                raise RuntimeError(f"{figure.name}: `{command}` exited {child.returncode}\n"
                                   f"{printed[-3000:]}\n{errors[-3000:]}")
    return runs


def caption(figure: Figure, quick: bool = False) -> str:
    """The line above a figure: which commands, when, at which commit, how busy the machine."""
    try:
        commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    commands = figure.quick if quick else figure.commands
    shown = ("The commands in the table" if figure.commands_in_body else
             " and ".join(f"`{c}`" for c in commands))
    return (f"{shown}: written by `python scripts/docs_figures.py --only {figure.name}` on "
            f"{datetime.date.today().isoformat()} at commit {commit} (load average "
            f"{load:.1f} on {os.cpu_count()} cores).")


def generate(figure: Figure, quick: bool = False) -> str:
    """A figure's region content, from fresh runs of its commands."""
    runs = run_commands(figure, quick)
    return caption(figure, quick) + "\n\n" + figure.render(figure, runs).strip("\n") + "\n"


# -- showing ---------------------------------------------------------------------------------


def as_text(figure: Figure, runs: list[Run]) -> str:
    """The commands' output as printed, in one text block (stdout, then stderr)."""
    body = "\n".join((run.out + run.err).rstrip("\n") for run in runs)
    return f"```text\n{body}\n```"


def _share(low: float, high: float, share: float) -> str:
    return f"{share * 100:.1f}% ({low * 100:.1f}-{high * 100:.1f}%)"


def _share_of(row: dict[str, float]) -> str:
    """A row's win share with its Wilson interval."""
    return _share(row["win_share_ci95_low"], row["win_share_ci95_high"], row["win_share"])


def as_league_table(figure: Figure, runs: list[Run]) -> str:
    """``medici league --json`` as a table: worst case first, as the command sorts it."""
    rows = ["| players | field | games | win share (95% CI) | x even | money (field) |",
            "|---|---|---|---|---|---|"]
    totals = []
    for run in runs:
        data = json.loads(run.out)
        for row in data["table"]:
            rows.append(
                f"| {row['players']} | {row['style']} | {row['games']} | "
                f"{_share_of(row)} | {row['ratio']:.2f} | {row['mean_money']:.1f} "
                f"({row['field_mean_money']:.1f}) |")
        totals.append(f"{data['games']} games in {data['matches']} matches; worst: "
                      f"{data['worst']} ({data['worst_ratio']:.2f}x even); mean "
                      f"{data['mean_ratio']:.2f}x even.")
    return "\n".join(rows) + "\n\n" + " ".join(totals)


def as_match_table(figure: Figure, runs: list[Run]) -> str:
    """``medici simulate --json`` runs with one lone bot in seat order first: its share."""
    rows = ["| match | games | result (win share of the lone bot; fair share 25%) |",
            "|---|---|---|"]
    for run in runs:
        data = json.loads(run.out)
        lone, others = data["bots"]  # one bot in one seat, the other in every other seat
        assert lone["seats"] == 1, lone
        wins = round(lone["win_share"] * data["games"])
        rows.append(
            f"| `{lone['bot']}` against {others['seats']} "
            f"`{others['bot']}` | {data['games']} | {lone['bot']} wins {wins} of "
            f"{data['games']}: {_share_of(lone)}, "
            f"mean money {lone['mean_money']:.0f} against {others['mean_money']:.0f} |")
    return "\n".join(rows)


def as_ratings_table(figure: Figure, runs: list[Run]) -> str:
    """``medici ratings --json``: the ratings, then the ladder and the face test."""
    parts = []
    for run in runs:
        data = json.loads(run.out)
        rows = ["| | bot | kind | rating (95% CI) | games |", "|---|---|---|---|---|"]
        rows += [f"| {i} | {r['bot']} | {r['kind']} | {r['rating']:.1f} "
                 f"({r['rating_ci95_low']:.1f} to {r['rating_ci95_high']:.1f}) | {r['games']} |"
                 for i, r in enumerate(data["ratings"], 1)]
        rivals = data["players"] - 1
        head = "heads-up" if rivals == 1 else f"one seat against {rivals} of"
        rows += ["", f"| {head} | games | win share (95% CI) | even | apart at |",
                 "|---|---|---|---|---|"]
        for step in [*data["ladder"], data["face"]]:
            rows.append(f"| {step['top']} against {step['below']} | {step['games']} | "
                        f"{_share_of(step)} | {100 * step['fair_share']:.0f}% | "
                        + (f"{100 * step['apart_share']:.0f}% |" if step is not data["face"]
                           else "(loses most below 50%) |"))
        rows += ["", f"{data['games']} games of {data['variant']} at {data['players']} "
                 f"players ({data['mixed_games']} at mixed tables), {data['seconds']:.0f} s, "
                 f"{data['workers']}; "
                 + "; ".join(f"{name} played as `{spec}`"
                             for name, spec in data["played_as"].items()) + "."]
        parts.append("\n".join(rows))
    return "\n\n".join(parts)


def as_picture(figure: Figure, runs: list[Run]) -> str:
    """What the command said, and the picture it wrote (``docs/review-page.png``)."""
    said = " ".join((run.out + run.err).strip() for run in runs)
    return f"{said}\n\n![The replay page of the shipped example](review-page.png)"


def as_memory_table(figure: Figure, runs: list[Run]) -> str:
    """Each command's peak resident memory."""
    rows = ["| command | peak resident memory |", "|---|---|"]
    rows += [f"| `{run.command}` | {run.peak_kb / 1024:.1f} MB |" for run in runs]
    return "\n".join(rows)


def as_fuzz_table(figure: Figure, runs: list[Run]) -> str:
    """The long fuzz run's counts, from the report it appends (``MEDICI_FUZZ_REPORT``)."""
    out = "\n".join(run.out for run in runs)
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    header = next((i for i, line in enumerate(rows) if line.startswith("| target")), None)
    table = [r for r in rows if not r.startswith("| target")]
    seeds = sorted(set(re.findall(r"\(seed (\d+)\)", out)))
    head = ["| target | inputs | accepted | clean refusals | crashes | hangs |",
            "|---|---|---|---|---|---|"]
    assert header is not None, "the fuzz run printed no table"
    return "\n".join(head + table) + f"\n\nSeed {', '.join(seeds) or '?'}."


# -- the figures -----------------------------------------------------------------------------

LEAGUE = "medici league --json --jobs 2"
SECTIONS = ("engine", "adapters", "bots", "records", "shell", "strozzi")
"""The benchmark sections (``scripts/bench_*.py``), in the order ``bench.py --all`` runs them."""

FIGURES: dict[str, Figure] = {f.name: f for f in [
    Figure("variant-check-house", "docs/house-rules.md",
           ("medici variant check house.yaml",), ("medici variant check house.yaml",),
           as_text, "what variant check says of the page's house.yaml", files=("house.yaml",),
           statuses=(1,)),
    Figure("compare-rich", "docs/house-rules.md",
           ("medici compare medici medici-rich --bots greedy --games 1000 --jobs 2 --no-chart",),
           ("medici compare medici medici-rich --bots greedy --games 12 --jobs 1 --no-chart",),
           as_text, "medici against medici-rich, greedy bots, 1000 paired games"),
    Figure("compare-four-days", "docs/house-rules.md",
           ("medici compare medici medici-four-days --bots greedy --games 1000 --jobs 2 "
            "--no-chart",),
           ("medici compare medici medici-four-days --bots greedy --games 12 --jobs 1 "
            "--no-chart",),
           as_text, "medici against medici-four-days, greedy bots, 1000 paired games"),
    Figure("compare-until", "docs/house-rules.md",
           ("medici compare medici medici-four-days --until 2 --no-chart",),
           ("medici compare medici medici-four-days --bots random --until 20 --games 12 "
            "--jobs 1 --no-chart",),
           as_text, "medici against medici-four-days, greedy bots, until every figure is "
           "within ±2"),
    Figure("release-speed", "docs/performance.md",
           ("python scripts/release_speed.py --compiled --units 150 --compare-rounds 2",),
           ("python scripts/release_speed.py --quick --skip-compare",),
           as_text, "issue 32's figures beside release 642ccfa, pure and compiled, and the "
           "public peer ($MEDICI_PEER: its medici.py) (~20 min)", tested=False,
           notes={"untested": "it checks the release out in a temporary git worktree and "
                              "compiles a copy of the tree, which a test run should not do"}),
    Figure("league-greedy", "docs/bots.md",
           (f"{LEAGUE} --bot greedy --games 300 --seed 1",),
           (f"{LEAGUE} --bot greedy --players 3 --field thrifty,random --games 3 --seed 1",),
           as_league_table, "greedy against the field at 3, 4 and 5 players, 7,200 games "
           "(~5 min)"),
    Figure("league-strozzi-greedy", "docs/bots.md",
           (f"{LEAGUE} --bot greedy --game medici-vs-strozzi --games 200 --seed 1",),
           (f"{LEAGUE} --bot greedy --game medici-vs-strozzi --field spoiler --games 2 "
            "--seed 1",),
           as_league_table, "greedy heads-up against the field, 1,600 games"),
    *(Figure(f"league-mcts-{n}p", "docs/bots.md",
             (f"{LEAGUE} --bot mcts:1000 --players {n} --games {games} --seed {seed}",),
             (f"{LEAGUE} --bot mcts:20 --players {n} --field racer --games {n} --seed {seed}",),
             as_league_table, f"mcts:1000 at {n} players against the field, {8 * games} games "
             f"(~{minutes} min on two cores)", long=True)
      for n, games, seed, minutes in ((3, 12, 201, 5), (4, 12, 101, 8), (5, 15, 201, 12))),
    Figure("league-strozzi-mcts", "docs/bots.md",
           (f"{LEAGUE} --bot mcts:1000 --game medici-vs-strozzi --games 16 --seed 301",),
           (f"{LEAGUE} --bot mcts:20 --game medici-vs-strozzi --field valuer --games 2 "
            "--seed 301",),
           as_league_table, "mcts:1000 heads-up against the field, 128 games (~1.5 h)",
           long=True),
    *(Figure(f"ratings-{short}", "docs/bots.md",
             (f"medici ratings --json --jobs 2{game}",),
             (f"medici ratings --json --jobs 1{game} --games 2 --search-games 2 --tables 2 "
              "--search-tables 0 --master-as mcts:2",),
             as_ratings_table, f"every level and style rated at {what} (~{minutes} min on "
             "two cores)", long=True)
      for short, game, what, minutes in (("medici", "", "4 players", 7),
                                         ("strozzi", " --game medici-vs-strozzi",
                                          "Medici vs Strozzi, heads-up", 6))),
    Figure("mcts-vs-ismcts", "docs/integrations.md",
           ("medici simulate --json --jobs 1 --seed 1 --games 8 --bots "
            "mcts:1000,openspiel-ismcts:125,openspiel-ismcts:125,openspiel-ismcts:125",
            "medici simulate --json --jobs 1 --seed 1 --games 8 --bots "
            "openspiel-ismcts:125,mcts:1000,mcts:1000,mcts:1000"),
           ("medici simulate --json --jobs 1 --seed 1 --games 1 --bots "
            "mcts:10,openspiel-ismcts:2,openspiel-ismcts:2,openspiel-ismcts:2",),
           as_match_table, "our mcts against OpenSpiel's ISMCTS at equal time, 16 games "
           "(~20 CPU min)", long=True, needs="pyspiel"),
    Figure("bench-compare", "docs/performance.md",
           ("python scripts/bench.py --rounds 3",), ("python scripts/bench.py --quick",),
           as_text, "the speed targets beside the last release's, one run (~2 min)",
           tested=False,
           notes={"untested": "it checks the base commit out in a temporary git worktree, "
                              "which a test run should not do"}),
    Figure("bench-compiled", "docs/performance.md",
           ("python scripts/bench.py --rounds 3 --compiled",),
           ("python scripts/bench.py --quick --compiled",),
           as_text, "the speed targets: pure, compiled and the last release, one run (~6 min)",
           tested=False,
           notes={"untested": "it checks the base commit out in a temporary git worktree and "
                              "compiles a copy of the tree, which a test run should not do"}),
    Figure("bench-sections", "docs/performance.md",
           tuple(f"python scripts/bench_{part}.py" for part in SECTIONS),
           tuple(f"python scripts/bench_{part}.py --quick" for part in SECTIONS),
           as_text, "every part's speed figures (~4 min; wants a quiet machine)",
           tested=False,
           notes={"untested": "its quick run takes over a minute; the test checks that the "
                              "scripts are there and compile"}),
    Figure("bench-host", "docs/network.md",
           ("python scripts/bench_host.py", "python scripts/bench_host.py --flood"),
           ("python scripts/bench_host.py --quick",),
           as_text, "a hosted table's move-to-screen latency and memory, six SSH clients, "
           "then with a seventh flooding (~4 min)", needs="asyncssh"),
    Figure("bench-host-hostile", "docs/network.md",
           ("python scripts/bench_host.py --hostile",),
           ("python scripts/bench_host.py --hostile --attack-seconds 1 "
            "--attacks 'huge size,squatter'",),
           as_text, "issue 33's attacks on a hosted table, each alone: Bo's show latency "
           "and the host's peak memory (~2 min)", needs="asyncssh"),
    Figure("review-example", "docs/playing.md",
           ("medici review --example medici --jobs 2 --width 80",),
           ("medici review --example medici --bot mcts:8 --jobs 1 --width 80",),
           as_text, "the review of the shipped 4-player example (~30 s on two cores)"),
    Figure("review-page", "docs/playing.md",
           ("python scripts/page_screenshot.py",), ("python scripts/page_screenshot.py --quick",),
           as_picture, "the replay page of the shipped example, its screenshot by headless "
           "Chromium (~30 s)",
           tested=False, notes={"untested": "it needs Chromium; the page's own test "
                                            "(tests/test_review_page.py) drives it"}),
    Figure("bench-review", "docs/performance.md",
           ("python scripts/bench_review.py",), ("python scripts/bench_review.py --quick",),
           as_text, "a whole 4-player game reviewed on 2 processes and on 1 (~1 min)"),
    Figure("memory", "docs/performance.md",
           ("medici simulate --games 1000 --jobs 1", "medici simulate --games 20000 --jobs 1",
            "medici compare medici medici-rich --bots random --games 500 --jobs 1 --no-chart",
            "medici compare medici medici-rich --bots random --games 8000 --jobs 1 "
            "--no-chart"),
           ("medici simulate --games 20 --jobs 1", "medici simulate --games 200 --jobs 1"),
           as_memory_table, "peak memory of simulate and compare, small and large runs",
           commands_in_body=True),
    Figure("fuzz-long", "docs/development.md",
           ("MEDICI_FUZZ_SECONDS=140 MEDICI_FUZZ_SEED=20261201 python -m pytest -m fuzz -s -q "
            "-p no:cacheprovider tests/test_fuzz_inputs.py",),
           ("MEDICI_FUZZ_SECONDS=1 MEDICI_FUZZ_SEED=20261201 python -m pytest -m fuzz -s -q "
            "-p no:cacheprovider tests/test_fuzz_inputs.py",),
           as_fuzz_table, "the long fuzz run, 140 s a target (~10 min)", long=True,
           tested=False, notes={"untested": "the same targets are fuzzed in every test run "
                                            "(tests/test_fuzz_inputs.py)"}),
]}


# -- pages -----------------------------------------------------------------------------------


def marked_regions() -> dict[str, tuple[Path, docs_pages.Region]]:
    """Every figure region of every page, by name (a name used on two pages is an error)."""
    found: dict[str, tuple[Path, docs_pages.Region]] = {}
    for path in docs_pages.pages():
        for region in docs_pages.regions(path):
            if region.name in found:
                raise docs_pages.PageError(f"figures region '{region.name}' is on "
                                           f"{docs_pages.label(found[region.name][0])} and "
                                           f"{docs_pages.label(path)}")
            found[region.name] = (path, region)
    return found


def problems() -> list[str]:
    """What ``--check`` reports: regions without a figure, figures without their region."""
    regions = marked_regions()
    out = [f"{docs_pages.label(path)}:{region.line}: region '{name}' has no figure in "
           "scripts/docs_figures.py" for name, (path, region) in regions.items()
           if name not in FIGURES]
    for name, figure in FIGURES.items():
        if name not in regions:
            out.append(f"figure '{name}' has no region (<!-- figures: {name} -->) on "
                       f"{figure.page}")
        elif regions[name][0] != ROOT / figure.page:
            out.append(f"figure '{name}' belongs on {figure.page}, but its region is on "
                       f"{docs_pages.label(regions[name][0])}")
    return out


def write(name: str, body: str) -> None:
    """Rewrite one region of its page with ``body``."""
    path, region = marked_regions()[name]
    text = path.read_text(encoding="utf-8")
    path.write_text(docs_pages.replace_region(text, region, body), encoding="utf-8")


def choose(only: Sequence[str], every: bool) -> list[Figure]:
    """The figures a run covers: those named, or all, or the quick ones."""
    unknown = [name for name in only if name not in FIGURES]
    if unknown:
        raise SystemExit(f"no such figure: {', '.join(unknown)}; known: {', '.join(FIGURES)}")
    if only:
        return [FIGURES[name] for name in only]
    return [f for f in FIGURES.values() if every or not f.long]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (the module docstring says what each option does)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the figures and stop")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="only this figure (repeat for more; long ones included)")
    parser.add_argument("--all", action="store_true", help="every figure, the long ones too")
    parser.add_argument("--quick", action="store_true",
                        help="run the small versions and print them; write nothing")
    parser.add_argument("--check", action="store_true",
                        help="check that every region has a figure and back; run nothing")
    args = parser.parse_args(argv)
    if args.check:
        found = problems()
        print("\n".join(found) or f"{len(FIGURES)} figures, each with its region")
        return 1 if found else 0
    if args.list:
        for figure in FIGURES.values():
            cost = "long" if figure.long else "quick"
            print(f"{figure.name:22} {figure.page:22} {cost:5}  {figure.about}")
            for command in figure.commands:
                print(f"{'':22} $ {command}")
        return 0
    found = problems()
    if found:
        print("\n".join(found), file=sys.stderr)
        return 1
    failed: list[str] = []
    for figure in choose(args.only, args.all):
        if figure.needs and not _installed(figure.needs):
            print(f"{figure.name}: skipped, needs {figure.needs}", file=sys.stderr)
            continue
        commands = figure.quick if args.quick else figure.commands
        print(f"{figure.name}: running {' and '.join(commands)}", file=sys.stderr, flush=True)
        try:
            body = generate(figure, quick=args.quick)
        except RuntimeError as err:  # a command failed: say so, go on with the others
            print(err, file=sys.stderr)
            failed.append(figure.name)
            continue
        if args.quick:
            print(f"<!-- figures: {figure.name} -->\n{body}<!-- /figures -->\n")
        else:
            write(figure.name, body)
            print(f"{figure.name}: written into {figure.page}", file=sys.stderr)
    if failed:
        print(f"not written, a command failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


def _installed(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


if __name__ == "__main__":
    sys.exit(main())
