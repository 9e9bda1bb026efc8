"""``rules``: a summary of a variant, read from its resolved rules (never restated in code)."""

from __future__ import annotations

from typing import Any

from engine.registry import game_info
from engine.rules import Variant
from engine.shell.text import Text


def summary(variant: Variant, players: int | None = None) -> Text:
    """The rules of ``variant`` in a screenful; ``players`` picks the table row to stress."""
    head = Text(f"{variant.name}", "heading").add(f" ({variant.game})", "dim")
    if variant.description:
        head.line(Text(variant.description, "dim"))
    info = game_info(variant.game)
    own = info.load("rules_text")
    body = own(variant.rules, players) if own is not None else _generic(variant.rules)
    out = head.line(body).line(Text(f"Rules file: {variant.source}", "dim"))
    if info.rule_example:
        out.line(Text(f"Any rule in full: `rules` and its id, e.g. rules {info.rule_example}.",
                      "dim"))
    return out


def _generic(rules: dict[str, Any], indent: str = "") -> Text:
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
