"""Tab completion offers exactly what is legal (G-2), in every phase of both games.

The completer is called on prompt_toolkit Documents, as the prompt calls it. The moves it
offers, expanded word by word, must be exactly the engine's legal actions; command names
complete in every phase.
"""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from engine import new_game
from engine.actions import Action, Span
from engine.chance import Rng
from engine.play import Table
from engine.shell.app import Shell
from engine.shell.completion import LIST_LIMIT, ShellCompleter, amounts, split_line
from engine.shell.console import Console
from engine.simulate import random_action


def make_shell(game, tmp_path, bots=None) -> Shell:
    shell = Shell(Console(io.StringIO(), io.StringIO()), saves=str(tmp_path / "saves"))
    shell.table = Table(game, bots or [None] * len(game.players), shell.saves)
    return shell


def offered(shell: Shell, text: str) -> list:
    completer = ShellCompleter(shell)
    return list(completer.get_completions(Document(text), CompleteEvent(completion_requested=True)))


def texts(shell: Shell, text: str) -> list[str]:
    return [c.text for c in offered(shell, text)]


def move_words(shell: Shell) -> set[str]:
    return {c.text.strip() for c in offered(shell, "")
            if c.display_meta_text.startswith("move")}


def reachable(shell: Shell, words: list[str]) -> set[str]:
    """Every full move text the completer leads to from ``words`` (spans: short ranges only)."""
    line = " ".join(words) + " " if words else ""
    found = [c for c in offered(shell, line) if words or c.display_meta_text.startswith("move")]
    if not found:
        return {" ".join(words)} if words else set()
    out: set[str] = set()
    for c in found:
        out |= reachable(shell, [*words, c.text.strip()])
    return out


def expected(legal: list) -> set[str]:
    out: set[str] = set()
    for entry in legal:
        if isinstance(entry, Span):
            assert entry.hi is not None and entry.hi - entry.lo < LIST_LIMIT
            out |= {str(a) for a in entry.actions()}
        else:
            out.add(str(entry))
    return out


def positions(variant: str, players: int, seeds: range, want: int) -> dict[tuple, object]:
    """Games in distinct situations: keyed by phase and the shape of the legal actions."""
    seen: dict[tuple, object] = {}
    for seed in seeds:
        game = new_game(variant, players, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            legal = game.legal_actions()
            shape = tuple(
                (e.kind, "span" if isinstance(e, Span)
                 else "harbour" if e.arg("harbour") else "plain")
                for e in legal
            )
            shape = tuple(sorted(set(shape)))
            key = (game.phase, shape)
            if key not in seen:
                seen[key] = game.clone()
            game.apply(random_action(game, rng))
        if len(seen) >= want:
            break
    return seen


def _check_position(game, tmp_path) -> None:
    shell = make_shell(game, tmp_path)
    legal = game.legal_actions()
    assert move_words(shell) == {e.kind for e in legal}
    top = {t.strip() for t in texts(shell, "")}
    assert {"help", "show", "save", "quit", "new"} <= top
    spans = [e for e in legal if isinstance(e, Span)]
    if all(s.hi is not None and s.hi - s.lo < LIST_LIMIT for s in spans):
        assert reachable(shell, []) == expected(legal)
    for span in spans:
        got = [int(t) for t in texts(shell, f"{span.kind} ")]
        assert got and all(Action(span.kind, a) in span for a in got)
        assert span.lo in got
        if span.hi is not None and span.hi - span.lo < LIST_LIMIT:
            assert got == list(range(span.lo, span.hi + 1))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_medici_moves_offered_equal_legal_actions_in_every_phase(players, tmp_path):
    """M-8, M-9: selecting (draw, stop), bidding (bid range, pass) and their variations."""
    seen = positions("medici", players, range(40), want=6)
    phases = {phase for phase, _ in seen}
    assert {"selecting", "bidding"} <= phases
    for game in seen.values():
        _check_position(game, tmp_path)


def test_medici_with_loans_offers_the_open_bid_range(tmp_path):
    """With loans a bid has no upper bound: the completer offers the lowest bid, no list."""
    seen = positions("medici-loans", 3, range(5), want=4)
    bidding = [g for (phase, _), g in seen.items() if phase == "bidding"]
    assert bidding
    for game in bidding:
        shell = make_shell(game, tmp_path)
        span = next(e for e in game.legal_actions() if isinstance(e, Span))
        assert span.hi is None
        got = offered(shell, "bid ")
        assert [c.text for c in got] == [str(span.lo)]
        assert "legal" in got[0].display_meta_text
        typed = str(span.lo + 123)
        assert typed in texts(shell, f"bid {typed}")


def test_strozzi_moves_offered_equal_legal_actions_in_every_phase(tmp_path):
    """S-7..S-11: drawing, pricing (open price range), offer, loading with harbours."""
    seen = positions("medici-vs-strozzi", 2, range(30), want=8)
    phases = {phase for phase, _ in seen}
    assert {"drawing", "pricing", "offer", "loading"} <= phases
    shapes = {shape for _, shape in seen}
    assert any(("load", "harbour") in s for s in shapes)
    assert any(("load", "plain") in s for s in shapes)
    for game in seen.values():
        _check_position(game, tmp_path)


def test_strozzi_load_completes_ship_then_harbour(tmp_path):
    """S-11: an unassigned ship needs `harbour N`; only free harbours are offered."""
    seen = positions("medici-vs-strozzi", 2, range(30), want=8)
    game = next(g for (phase, shape), g in seen.items()
                if phase == "loading" and ("load", "harbour") in shape)
    shell = make_shell(game, tmp_path)
    loads = [a for a in game.legal_actions() if isinstance(a, Action) and a.kind == "load"]
    ship = next(a.arg("ship") for a in loads if a.arg("harbour"))
    assert set(texts(shell, "load ")) == {str(a.arg("ship")) for a in loads}
    assert texts(shell, f"load {ship} ") == ["harbour"]
    harbours = {str(a.arg("harbour")) for a in loads if a.arg("ship") == ship}
    assert set(texts(shell, f"load {ship} harbour ")) == harbours


def test_illegal_move_words_are_not_offered(tmp_path):
    """In bidding, draw and stop are not legal, so `dr` completes to nothing but `d`-commands."""
    seen = positions("medici", 3, range(5), want=3)
    game = next(g for (phase, _), g in seen.items() if phase == "bidding")
    shell = make_shell(game, tmp_path)
    assert "draw" not in texts(shell, "dr")
    assert texts(shell, "pa") == ["pass"]
    assert "bid " in texts(shell, "b")


def test_command_names_complete_in_every_phase_and_without_a_game(tmp_path):
    shell = Shell(Console(io.StringIO(), io.StringIO()), saves=str(tmp_path))
    assert move_words(shell) == set()
    assert texts(shell, "he") == ["help "]
    assert "show" in texts(shell, "s") and "saves " in texts(shell, "s")
    game = new_game("medici", 3, seed=1)
    shell = make_shell(game, tmp_path)
    assert texts(shell, "he") == ["help "]
    assert texts(shell, "dr") == ["draw"]


def test_a_word_that_takes_arguments_completes_with_a_space(tmp_path):
    """As in bash: `b<Tab>` gives `bid ` (then `8` makes `bid 8`, not `bid8`); a word
    taking nothing (`draw`, `show`) gets no space, so Enter runs it as it stands."""
    game = new_game("medici", 3, seed=1)
    shell = make_shell(game, tmp_path)
    game.apply("draw")
    game.apply("stop")
    assert game.phase == "bidding"
    assert texts(shell, "b") == ["bid "]
    assert texts(shell, "pa") == ["pass"]
    assert [c.display_text for c in offered(shell, "b")] == ["bid"]
    assert texts(shell, "bid ") and texts(shell, "sh") == ["show"]
    assert texts(shell, "sa") == ["save ", "saves "] and texts(shell, "u") == ["undo"]
    strozzi = new_game("medici-vs-strozzi", 2, seed=1)
    shell = make_shell(strozzi, tmp_path)
    strozzi.apply("draw")
    strozzi.apply("stop")
    assert texts(shell, "pr") == ["price "]


def test_no_moves_on_a_bots_turn(tmp_path):
    """When a bot is to act, a person has no legal move to complete."""
    game = new_game("medici", 3, seed=2)
    bots = ["random" if i == game.current_player else None for i in range(3)]
    shell = make_shell(game, tmp_path, bots)
    assert move_words(shell) == set()


def test_argument_completers(tmp_path):
    shell = Shell(Console(io.StringIO(), io.StringIO()), saves=str(tmp_path))
    assert "medici-vs-strozzi" in texts(shell, "new ")
    assert "bot:mcts:1s" in texts(shell, "new medici Ann bot:")
    assert texts(shell, "new medici --variant medici-a") == ["medici-amigo"]
    assert set(texts(shell, "help b")) >= {"bid", "buy", "branch"}
    assert texts(shell, "rules medici-v") == ["medici-vs-strozzi"]


def test_amounts_and_split_line():
    assert split_line("bid 1") == (["bid"], "1")
    assert split_line("bid ") == (["bid"], "")
    assert split_line("") == ([], "")
    span = Span("bid", 8, 40)
    assert [c.text for c in amounts(span, "1")] == [str(n) for n in range(10, 20)]
    assert [c.text for c in amounts(span, "x")] == []
    wide = Span("bid", 3, 500)
    assert [c.text for c in amounts(wide, "")] == ["3", "500"]
    assert [c.text for c in amounts(wide, "42")] == ["42"]
