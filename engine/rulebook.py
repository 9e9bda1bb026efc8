"""The rules as players read them: ``docs/rules.md``, parsed into rules by id (G-1, M-8, S-15).

The file is the one source of the rules' wording: the command line (``medici rules M-8``)
and the shell (``rules M-8``) print from it, and the ids the code cites are checked
against it by the tests. A rule is a Markdown heading that starts with its id; its text
runs to the next heading.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.errors import MediciError
from engine.registry import PROGRAM, default_game, games

GENERAL = "G"
"""The prefix of the rules every game shares (G-1..G-4)."""


def example_id() -> str:
    """A rule id to show in help texts: the default game's ``rule_example`` (``M-8``)."""
    return default_game().rule_example or f"{GENERAL}-1"


def family_names() -> dict[str, str]:
    """Rule id prefix -> the game its rules belong to (each game's ``rule_example`` says its
    prefix)."""
    found = {GENERAL: "both games" if len(games()) == 2 else "every game"}
    for info in games().values():
        if info.rule_example:
            found.setdefault(info.rule_example.split("-")[0], info.title)
    return found

_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$")
_RULE_HEADING = re.compile(r"^([A-Z]-[1-9][0-9]*)\s+(.+)$")
"""A rule's heading: its id (a family's letter, ``family_names``, and a number), a title."""
_LOOSE_ID = re.compile(r"^\s*([A-Za-z])\s*-?\s*([0-9]+)\s*$")


class UnknownRule(MediciError, LookupError):
    """A rule id that ``docs/rules.md`` does not hold; the message names what it does hold."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its id (``M-8``), its title, and its text as written (Markdown)."""

    id: str
    title: str
    text: str

    def render(self, width: int = 80) -> str:
        """The rule as plain text: ``M-8 Title``, then its paragraphs wrapped at ``width``."""
        parts = [_wrap(f"{self.id} {self.title}", width)]
        listing = False
        for block in _blocks(self.text):
            item = block.startswith("- ")
            if item and listing:
                parts[-1] += "\n" + _wrap(block, width)
            else:
                parts.append(_wrap(block, width))
            listing = item
        return "\n\n".join(parts)


def rules_path() -> Path:
    """Where ``rules.md`` is: inside the installed package, else ``docs/`` of the checkout."""
    here = Path(__file__).resolve().parent
    installed = here / "docs" / "rules.md"
    if installed.is_file():
        return installed
    return here.parent / "docs" / "rules.md"


@cache
def rules() -> dict[str, Rule]:
    """Every rule of ``docs/rules.md`` by id, in the order written."""
    path = rules_path()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise MediciError(f"cannot read the rules text {path}: {err.strerror or err} "
                          "(reinstall medici)") from err
    return parse(text, str(path))


def parse(text: str, source: str = "rules.md") -> dict[str, Rule]:
    """The rules of a rules text: each heading ``<id> <title>`` and the lines up to the next."""
    found: dict[str, Rule] = {}
    current: tuple[str, str] | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None:
            found[current[0]] = Rule(current[0], current[1], "\n".join(body).strip("\n"))

    for number, line in enumerate(text.splitlines(), 1):
        heading = _HEADING.match(line)
        if heading is None:
            body.append(line)
            continue
        close()
        current, body = None, []
        rule = _RULE_HEADING.match(heading.group(1))
        if rule is not None:
            if rule.group(1) in found:
                raise ValueError(f"{source}:{number}: rule {rule.group(1)} is written twice")
            current = (rule.group(1), rule.group(2))
    close()
    return found


def normalise(ref: str) -> str | None:
    """``ref`` as a rule id (``m8``, ``M 8`` and ``M-8`` all give ``M-8``), or None."""
    match = _LOOSE_ID.match(ref)
    if match is None:
        return None
    return f"{match.group(1).upper()}-{int(match.group(2))}"


def looks_like_id(ref: str) -> bool:
    """Whether ``ref`` is written like a rule id (a letter and a number), known or not."""
    return normalise(ref) is not None


def rule(ref: str) -> Rule:
    """The rule ``ref`` names; ``UnknownRule`` names the nearest ids or the families if none."""
    known = rules()
    wanted = normalise(ref)
    if wanted in known:
        return known[wanted]
    if wanted is not None and wanted[0] in family_names():
        letter, number = wanted[0], int(wanted[2:])
        family = [r for r in known if r[0] == letter]
        near = min(family, key=lambda r: abs(int(r[2:]) - number))
        raise UnknownRule(f"no rule {wanted}: the rules of {family_names()[letter]} are "
                          f"{_span(family)} (nearest: {near})")
    # Not an id at all: perhaps a word of a title ("auction"); repr() keeps control
    # characters out of the terminal.
    word = ref.strip()
    about = [r for r in known.values() if word and word.lower() in r.title.lower()]
    hint = "; rules with it in their title: " + ", ".join(
        f"{r.id} {r.title}" for r in about[:5]) if about else ""
    raise UnknownRule(f"no rule {word[:40]!r}{hint}; rule ids are {families()}")


def families() -> str:
    """The id families with their spans: ``G-1..G-4 (both games), M-1..M-19 (Medici), ...``."""
    known = rules()
    parts = []
    for letter, game in family_names().items():
        family = [r for r in known if r[0] == letter]
        if family:
            parts.append(f"{_span(family)} ({game})")
    return ", ".join(parts)


def families_of(game: str | None = None) -> dict[str, str]:
    """The id families of ``game`` (its own and the general one), or of every game."""
    names = family_names()
    if game is None:
        return names
    found = {GENERAL: names[GENERAL]}
    for info in games().values():
        if info.id == game and info.rule_example:
            letter = info.rule_example.split("-")[0]
            found[letter] = names.get(letter, info.title)
    return found


def index(game: str | None = None) -> str:
    """Every rule id and title (of ``game`` and both games, else of every game), grouped
    by game, with how to read one and all of them."""
    known = rules()
    lines: list[str] = []
    for letter, title in families_of(game).items():
        family = [r for r in known.values() if r.id[0] == letter]
        if family:
            lines.append(f"{title[0].upper()}{title[1:]}:")
            lines += [f"  {r.id:<5} {r.title}" for r in family]
    lines.append(f"One rule: {PROGRAM} rules ID (e.g. {PROGRAM} rules {example_id()}). "
                 f"Every rule in full: {PROGRAM} rules all.")
    return "\n".join(lines)


def whole(game: str | None = None, width: int = 80) -> str:
    """The whole rules text (of ``game`` and both games, else of every game), each rule
    as ``render`` lays it out, under its game's heading: read from the installed package."""
    known = rules()
    parts: list[str] = []
    for letter, title in families_of(game).items():
        family = [r for r in known.values() if r.id[0] == letter]
        if family:
            parts.append(f"{title[0].upper()}{title[1:]}".upper())
            parts += [r.render(width) for r in family]
    return "\n\n".join(parts)


def _span(ids: list[str]) -> str:
    ordered = sorted(ids, key=lambda r: int(r[2:]))
    return f"{ordered[0]}..{ordered[-1]}" if len(ordered) > 1 else ordered[0]


def _blocks(text: str) -> list[str]:
    """Paragraphs and list items, each joined into one line (Markdown wraps are soft)."""
    out: list[str] = []
    current: list[str] = []
    for line in text.splitlines() + [""]:
        stripped = line.strip()
        if not stripped or stripped.startswith("- "):
            if current:
                out.append(" ".join(current))
            current = [stripped] if stripped else []
        else:
            current.append(stripped)
    return out


def _wrap(block: str, width: int) -> str:
    if block.startswith("- "):
        return textwrap.fill(block, width, subsequent_indent="  ", break_long_words=False,
                             break_on_hyphens=False)
    return textwrap.fill(block, width, break_long_words=False, break_on_hyphens=False)
