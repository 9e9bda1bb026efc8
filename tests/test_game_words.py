"""One game, one folder: no code in ``engine/`` outside the game folders and the registry
names a game or uses a game's own words (issue 13's "Done when").

The check reads the code as Python tokens: identifiers and string literals (the strings a
program acts on or prints), not comments or docstrings, which are the generic docs. A game
id is a literal ``"medici"``, or anything naming Strozzi; the game words are florins,
harbour, ship, track, round and day (``round(x)``, the builtin, is no game's word).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORDS = re.compile(r"strozzi|florins?|harbou?rs?|\bships?\b|\btracks?\b|\brounds?\b|\bdays?\b",
                   re.IGNORECASE)
GAME_ID = re.compile(r"""^[rbuf]*["']medici["']$""")
"""A string literal that is the first game's id (the program is called medici too, so only
the exact literal counts; the program's name is ``engine.registry.PROGRAM``)."""

OWN = ("engine/medici/", "engine/strozzi/", "engine/registry.py")
"""Where games are named: their folders, and the registry that finds them."""

PENDING: dict[str, str] = {}
"""Files that still name a game, each with what is left to do. Fixing one fails the test
until it is taken off this list, so the list only shrinks."""


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
        if tok.type == tokenize.STRING and not _is_docstring(tokens, i):
            if GAME_ID.match(tok.string):
                found.append((tok.start[0], tok.string))
        elif tok.type == tokenize.NAME:
            if tok.string == "round" and tokens[i + 1].string == "(":
                continue
        else:
            continue
        found += [(tok.start[0], m.group()) for m in WORDS.finditer(tok.string.replace("_", " "))]
    return found


def _engine_files() -> dict[str, str]:
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted((ROOT / "engine").rglob("*.py"))}


def test_no_code_outside_the_game_folders_names_a_game() -> None:
    named = {}
    for rel, source in _engine_files().items():
        if rel.startswith(OWN) or rel in PENDING:
            continue
        hits = game_words(source)
        if hits:
            named[rel] = hits[:5]
    assert named == {}


def test_the_pending_list_only_shrinks() -> None:
    files = _engine_files()
    fixed = [rel for rel in PENDING if rel not in files or not game_words(files[rel])]
    assert fixed == [], "these no longer name a game: take them off PENDING"


def test_the_check_sees_code_and_skips_docs() -> None:
    source = ('"""A day of Medici vs Strozzi."""\n'
              "# ships and harbours\n"
              "x = round(2.5)\n"
              'def f(day: int) -> str:\n    """Each round."""\n    return "medici"\n'
              'LABEL = "florins"\n')
    assert game_words(source) == [(4, "day"), (6, '"medici"'), (7, "florins")]
