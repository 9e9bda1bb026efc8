"""The game registry (issue 13, item 1) and the phase table that decides (item 2)."""

from __future__ import annotations

import importlib.util
from importlib.metadata import entry_points

import pytest

import engine
from engine import registry
from engine.actions import Action, Grammar
from engine.medici import GAME as MEDICI
from engine.medici.logic import PHASES, MediciLogic
from engine.phases import Phase, phase_table
from engine.rules import load_variant
from engine.strozzi import GAME as STROZZI


def test_the_shipped_games_are_found_through_the_entry_point_group() -> None:
    declared = {ep.name: ep.value for ep in entry_points(group=registry.GROUP)}
    if not declared:
        pytest.skip("installed without its metadata (a plain source checkout)")
    assert declared["medici"] == "engine.medici:GAME"
    assert declared["medici-vs-strozzi"] == "engine.strozzi:GAME"
    assert registry.games()["medici"] is MEDICI and registry.game_ids()[:2] == [
        "medici", "medici-vs-strozzi"]


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(KeyError, match="no game 'chess' .known: medici, medici-vs-strozzi"):
        registry.game_info("chess")
    assert registry.find(None) is None and registry.find("chess") is None


def test_each_descriptor_names_parts_that_exist() -> None:
    # The encoding (what OpenSpiel and PettingZoo see) needs numpy, an extra's.
    numpy = importlib.util.find_spec("numpy") is not None
    for info in (MEDICI, STROZZI):
        for load in (info.narrator, info.table, info.rules_text, info.model, info.styles,
                     info.encoding):
            assert load is not None, info.id
            if load is not info.encoding or numpy:
                assert load() is not None, info.id
        assert set(info.moves) == set(info.logic.grammar.kinds)
        assert info.variant == info.id and load_variant(info.variant).game == info.id


def test_the_phase_table_says_who_acts_and_what_is_offered() -> None:
    game = engine.new_game("medici", 3, seed=1)
    rows = {row.name: row for row in PHASES.rows}
    assert rows["selecting"].actor == "selector" and game.current_player == game.state.selector
    assert rows["bidding"].sale == "auction" and rows["scoring"].scoring
    assert [str(a) for a in game.legal_actions()] == ["draw"]
    game.apply("draw")
    assert [str(a) for a in game.legal_actions()] == ["draw", "stop"]


def _logic_with(extra: dict[str, str | None], grammar: Grammar) -> type[MediciLogic]:
    """Medici's logic with ``extra`` moves allowed while selecting."""
    rows = [
        Phase(r.name, r.actor, {**r.moves, **extra} if r.name == "selecting" else r.moves,
              r.auto, r.on_enter, r.final, r.scoring, r.sale, r.text, r.words)
        for r in PHASES.rows
    ]
    return type("Changed", (MediciLogic,), {"phases": phase_table(rows), "grammar": grammar})


def test_a_move_added_to_a_phase_is_offered_where_it_is_accepted() -> None:
    """A transition added to the table is offered to the shell and the bots at once."""
    grammar = Grammar({**MediciLogic.grammar.kinds, "wait": ()})
    logic = _logic_with({"wait": None}, grammar)(load_variant("medici").rules)
    st = logic.new_state(("A", "B", "C"), engine.chance.SeededChance(1))
    logic.start(st)
    assert Action("wait") in logic.legal(st) and logic.pm.allows("selecting", "wait")


def test_a_move_with_arguments_needs_an_offer() -> None:
    grammar = Grammar({**MediciLogic.grammar.kinds, "call": ("amount",)})
    with pytest.raises(TypeError, match="allows 'call' .* no legal_call"):
        _logic_with({"call": None}, grammar)(load_variant("medici").rules)
