"""Formatted text built fragment by fragment, and the style classes the shell uses."""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.formatted_text import to_plain_text

from engine.narrative import pieces

STYLE: dict[str, str] = {
    "error": "#ff5f5f bold",
    "good": "#5fd75f",
    "bad": "#ff8787",
    "dim": "#8a8a8a",
    "title": "bold",
    "name": "bold #87afff",
    "bot": "#afafd7",
    "turn": "bold #ffd75f",
    "money": "#ffd75f",
    "phase": "#5fd7d7",
    "cmd": "bold #87d7af",
    "heading": "bold underline",
    # Goods: the cards and tiles are coloured by kind, as on the table.
    "good.cloth": "#d7d7ff",
    "good.fur": "#d7875f",
    "good.grain": "#ffff87",
    "good.dye": "#af87ff",
    "good.spice": "#ff875f",
    "good.gold": "bold #ffd700",
    "bottom-toolbar": "noreverse bg:#303030 #d0d0d0",
    "bottom-toolbar.key": "bg:#303030 bold #ffd75f",
}
"""prompt_toolkit style rules for the class names used in ``Text`` fragments."""


class Text:
    """A list of (style, text) fragments; ``add`` appends and returns self, for chaining."""

    __slots__ = ("fragments",)

    def __init__(self, text: str = "", style: str = "") -> None:
        self.fragments: list[tuple[str, str]] = []
        if text:
            self.add(text, style)

    def add(self, text: str | Text, style: str = "") -> Text:
        """Append ``text`` in the style classes ``style`` (space-separated names of STYLE)."""
        if isinstance(text, Text):
            return self.extend(text)
        if text:
            cls = " ".join(f"class:{s}" for s in style.split()) if style else ""
            self.fragments.append((cls, text))
        return self

    def extend(self, other: Text) -> Text:
        """Append another Text's fragments."""
        self.fragments.extend(other.fragments)
        return self

    def line(self, other: Text | str = "") -> Text:
        """Append a newline (if not empty) and then ``other``."""
        if self.fragments:
            self.fragments.append(("", "\n"))
        if isinstance(other, Text):
            self.fragments.extend(other.fragments)
        else:
            self.add(other)
        return self

    def plain(self) -> str:
        """The text without styles."""
        return to_plain_text(self.fragments)

    def __len__(self) -> int:
        return sum(len(t) for _, t in self.fragments)

    def __str__(self) -> str:
        return self.plain()


def join(parts: list[Text], sep: str = ", ", style: str = "") -> Text:
    """``parts`` joined by ``sep``."""
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.add(sep, style)
        out.extend(part)
    return out


def pad(text: Text, width: int, right: bool = False) -> Text:
    """``text`` padded with spaces to ``width`` (on the left when ``right`` aligns it right)."""
    gap = " " * max(0, width - len(text))
    if right:
        return Text(gap).extend(text)
    return Text().extend(text).add(gap)


def styled(segments: Iterable[tuple[str, str]]) -> Text:
    """A Text from ``(text, style)`` segments (``engine.narrative``'s sentences)."""
    out = Text()
    for text, style in segments:
        out.add(text, style)
    return out


def cards(items: list[str], empty: str = "—") -> Text:
    """Cards or tiles, each coloured by its kind."""
    return styled(pieces(items, " ", empty).segments)


def table_title(title: str, unit: str, view: dict, total_key: str) -> Text:
    """``Medici · day 2 of 3 · bidding · Ann to act``: a table's first line."""
    out = Text(f"{title} · {unit} {view[unit]} of {view[total_key]} · ", "title")
    out.add(str(view["phase"]).replace("_", " "), "phase")
    current = view.get("current_player")
    if current is not None:
        out.add(" · ").add(view["players"][current]["name"], "turn").add(" to act")
    return out
