"""``medici simulate``: play many games and summarise them."""

from __future__ import annotations

import argparse
import json

from engine.rules import load_variant
from engine.simulate import simulate_random


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``simulate``."""
    parser = sub.add_parser("simulate", help="play many games and summarise the results")
    parser.add_argument("--game", default="medici", help="game or variant name, or a rules file")
    parser.add_argument("--variant", help="variant name or file (overrides --game)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    variant = args.variant or args.game
    var = load_variant(variant)
    counts = var.logic.player_counts()
    players = args.players or (4 if 4 in counts else counts[0])
    if players not in counts:
        raise SystemExit(f"medici simulate: {variant} plays with {counts} players, not {players}")
    if args.games < 1:
        raise SystemExit("medici simulate: --games must be at least 1")
    result = simulate_random(variant, players, args.games, args.seed).as_dict()
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['games']} games of {result['variant']}, {players} players, random play, "
          f"{result['seconds']:.2f} s")
    print(f"{'seat':>4}  {'mean money':>16}  {'win share':>16}")
    for s in result["seats"]:
        print(f"{s['seat']:>4}  {s['mean_money']:>8.1f} ± {s['mean_money_ci95']:<5.1f}  "
              f"{100 * s['win_share']:>7.1f}% ± {100 * s['win_share_ci95']:<4.1f}%")
    return 0
