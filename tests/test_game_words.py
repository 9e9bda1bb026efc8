"""One game, one folder: no code in ``engine/`` outside the game folders and the registry
names a game or uses a game's own words (issue 13's "Done when", widened by issue 21).

What the check reads: the code as Python tokens, that is identifiers (``lot_room`` and
``LotDrawing`` are read as words: ``lot room``, ``Lot Drawing``) and string literals,
f-strings included (what a program acts on or prints), but not comments or docstrings:
those are the generic docs, which may take an example from a shipped game ("a card or
tile", "rules M-8"). A game id is a literal ``"medici"``, or anything naming Strozzi; the
game words are florins, harbour, ship, track, round and day (``round(x)``, the builtin, is
no game's word), pile, bag, lot, card and tile, and a game's rule ids (``M-8``, ``S-7``: a
prefix a registered game's ``rule_example`` gives; ``G-`` ids are the core's own rules).

``engine/lots.py`` is the kit of the games built on lots (drawing a lot within a limit,
and telling it): only game folders may import it, which the test checks too, so whatever
it knows of lots never reaches the core, the shell, the records or the bots.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from engine.registry import games

ROOT = Path(__file__).resolve().parent.parent

PREFIXES = sorted({info.rule_example.split("-")[0] for info in games().values()
                   if info.rule_example} - {"G"})
"""The rule id prefixes of the registered games (M, S)."""

WORDS = re.compile(
    r"strozzi|florins?|harbou?rs?|\bships?\b|\btracks?\b|\brounds?\b|\bdays?\b"
    r"|\bpiles?\b|\bbags?\b|\blots?\b|\bcards?\b|\btiles?\b"
    rf"|\b(?:{'|'.join(PREFIXES)})-[0-9]+\b",
    re.IGNORECASE,
)
GAME_ID = re.compile(r"""^[rbuf]*["']medici["']$""")
"""A string literal that is the first game's id (the program is called medici too, so only
the exact literal counts; the program's name is ``engine.registry.PROGRAM``)."""
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

OWN = ("engine/medici/", "engine/strozzi/", "engine/registry.py")
"""Where games are named: their folders, and the registry that finds them."""

KIT = ("engine/lots.py",)
"""Parts for games to build on, imported by game folders only (checked below)."""

KEPT: dict[tuple[str, str], str] = {
    ("engine/spiel/game.py", "cards"):
        "MediciSpielGame.cards, the name of release 0.1 (docs/integrations.md) kept as an "
        "alias of pieces for scripts written against it",
}
"""Words a file keeps on purpose, each with why: a public name users rely on."""



def _is_docstring(tokens: list[tokenize.TokenInfo], i: int) -> bool:
    """A string that is a statement on its own (a docstring or a bare annotation text)."""
    j = i - 1
    while j >= 0 and tokens[j].type in (tokenize.NL, tokenize.COMMENT):
        j -= 1
    starts = j < 0 or tokens[j].type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                                         tokenize.ENCODING)
    k = i + 1
    while k < len(tokens) and tokens[k].type == tokenize.STRING:  # implicit concatenation
        k += 1
    return starts and (k >= len(tokens) or tokens[k].type in (tokenize.NEWLINE, tokenize.NL))


def game_words(source: str) -> list[tuple[int, str]]:
    """(line, word) of every game id or game word in the code of ``source``."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    found = []
    for i, tok in enumerate(tokens):
        text = tok.string
        if tok.type == tokenize.STRING and not _is_docstring(tokens, i):
            if GAME_ID.match(text):
                found.append((tok.start[0], text))
        elif tok.type == tokenize.NAME:
            if text == "round" and tokens[i + 1].string == "(":
                continue
            text = CAMEL.sub(" ", text)
        else:
            continue
        found += [(tok.start[0], m.group()) for m in WORDS.finditer(text.replace("_", " "))]
    return found


def _engine_files() -> dict[str, str]:
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted((ROOT / "engine").rglob("*.py"))}


def _kept(rel: str, hits: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return [(line, word) for line, word in hits if (rel, word) not in KEPT]


def test_no_code_outside_the_game_folders_names_a_game() -> None:
    named = {}
    for rel, source in _engine_files().items():
        if rel.startswith(OWN) or rel in KIT:
            continue
        hits = _kept(rel, game_words(source))
        if hits:
            named[rel] = hits[:5]
    assert named == {}


def test_every_kept_word_is_still_there() -> None:
    files = _engine_files()
    gone = [key for key in KEPT
            if key[1] not in {word for _, word in game_words(files.get(key[0], ""))}]
    assert gone == [], "no longer used: take them off KEPT"


def _imports(source: str) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return out


def test_only_game_folders_import_the_kit() -> None:
    kit = {rel.removesuffix(".py").replace("/", ".") for rel in KIT}
    users = {rel for rel, source in _engine_files().items()
             if rel not in KIT and _imports(source) & kit}
    assert users and all(rel.startswith(OWN) for rel in users), users


def test_the_check_sees_code_and_skips_docs() -> None:
    source = ('"""A day of Medici vs Strozzi: a card, the pile, rule M-8."""\n'
              "# ships and harbours, the lot\n"
              "x = round(2.5)\n"
              'def f(day: int) -> str:\n    """Each round."""\n    return "medici"\n'
              'LABEL = "florins"\n'
              "class LotDrawing: pass\n"
              'why = f"draw at most 3 (S-7)"\n'
              'fine = "G-3: the view hides it; M-ary is no id"\n')
    assert game_words(source) == [(4, "day"), (6, '"medici"'), (7, "florins"), (8, "Lot"),
                                  (9, "S-7")]
