"""``rules``: a summary of a variant, read from its resolved rules (never restated in code)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping

from engine.registry import game_info
from engine.rules import Variant
from engine.text import Text, fitted


def summary(variant: Variant, players: int | None = None, width: int | None = None) -> Text:
    """The rules of ``variant`` in a screenful; ``players`` picks the table row to stress;
    laid out for ``width`` columns (a game's ``summary(rules, players, width)``; one
    written before widths were given takes two arguments and is wrapped here)."""
    info = game_info(variant.game)
    head = Text(f"{variant.name}", "heading")
    if variant.name != info.id:
        # A variant says whose rules it changes; the game's own rules are named once.
        head.add(f" ({info.title})", "dim")
    if variant.description:
        head.line(Text(variant.description, "dim"))
    own = info.rules_text() if info.rules_text is not None else None
    if own is None:
        body = _generic(variant.rules)
    elif _takes_width(own):
        body = own(variant.rules, players, width)
    else:
        body = own(variant.rules, players)
    out = head.line(body).line(Text(f"Rules file: {variant.source}", "dim"))
    if info.rule_example:
        out.line(Text(f"Any rule in full: `rules` and its id, e.g. rules {info.rule_example}.",
                      "dim"))
    return fitted(out, width)


def _takes_width(function: Callable[..., Text]) -> bool:
    try:
        return len(inspect.signature(function).parameters) >= 3
    except (TypeError, ValueError):
        return False


def _generic(rules: Mapping[str, object], indent: str = "") -> Text:
    out = Text()
    for key, value in rules.items():
        if key in ("name", "game", "description") and not indent:
            continue
        if isinstance(value, dict):
            out.line(f"{indent}{key}:")
            out.line(_generic(value, indent + "  "))
        else:
            shown = ", ".join(str(v) for v in value) if isinstance(value, list) else value
            out.line(f"{indent}{key}: {shown}")
    return out
