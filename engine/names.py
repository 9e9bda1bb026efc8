"""One rule for each kind of name: player names, save names, variant names.

The shell checks a name when it is given (``new``, ``save``, ``variant check``) with the
same functions the loader checks a record or a rules file with, so a name that is
accepted can always be loaded back, and one that is refused is refused at the door with
the rule it breaks. Each ``*_problem`` returns None for a good name, else the rule broken;
each caller raises its own kind of error with it (a record's ``RecordError`` naming the
file, a rules file's ``RulesError`` with its line, ``new_game``'s ``ValueError``).
"""

from __future__ import annotations

import re
import unicodedata

MAX_PLAYER = 40
"""The longest player name (a record refuses longer ones)."""

MAX_SAVE = 80
"""The longest save name (file systems allow 255 bytes; a name is also a column of ``saves``)."""

MAX_VARIANT = 60
"""The longest variant name."""

VARIANT_PATTERN = r"[a-z][a-z0-9_-]*"
"""A variant name: it names a file of ``config/`` and a record's rules, never a path."""

_VARIANT = re.compile(VARIANT_PATTERN)
# File names have 255 bytes; a save's temporary file adds about 30 to its name.
_MAX_PART_BYTES = 200
_SAVE_PUNCTUATION = frozenset(" -_.'+(),&!")
# Text that could drive or garble a terminal: C0 and C1 controls, unpaired surrogates (no
# encoding writes them), line and paragraph separators, and the bidirectional overrides
# (which make a name display as another).
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that may not be shown or stored, escaped, or None."""
    for char in text:
        if unicodedata.category(char) in _HIDDEN_CATEGORIES or char in _BIDI:
            return char.encode("unicode_escape", "backslashreplace").decode("ascii")
    return None


def player_name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, or None.

    1 to 40 characters, not blank, no control or other hidden characters (G-1's players
    are shown by name on every line of the game).
    """
    if not isinstance(name, str):
        return "a player's name is text"
    if not name.strip():
        return "a player's name may not be empty or blank"
    if len(name) > MAX_PLAYER:
        return f"a player's name has at most {MAX_PLAYER} characters ({len(name)} given)"
    if (bad := hidden_character(name)) is not None:
        return f"a player's name may not hold control or hidden characters ({bad})"
    return None


def normal_save_name(name: str) -> str:
    """A save name in the one form files are named by (Unicode NFC, ``.json`` dropped)."""
    name = unicodedata.normalize("NFC", name)
    return name[: -len(".json")] if name.endswith(".json") else name


def save_name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a save in the saves folder, or None.

    1 to 80 letters, digits, spaces and ``- _ . ' + ( ) , & !``, beginning with a letter
    or digit and not ending with a space or a dot (``.json`` may be added; it is dropped);
    ``/`` separates a subfolder (``club/monday``), whose name follows the same rule.
    A file elsewhere is named by its path instead (``./game.json``).
    """
    if not isinstance(name, str):
        return "a save name is text"
    if (bad := hidden_character(name)) is not None:
        return f"a save name may not hold control or hidden characters ({bad})"
    stem = normal_save_name(name)
    if not stem.strip():
        return "a save needs a name"
    if len(stem) > MAX_SAVE:
        return f"a save name has at most {MAX_SAVE} characters ({len(stem)} given)"
    if "\\" in stem:
        return "a save name has no '\\'; give a path such as ./game.json to save elsewhere"
    for char in stem:
        if not (unicodedata.category(char)[0] in "LN" or char in _SAVE_PUNCTUATION
                or char == "/"):
            return (f"a save name holds letters, digits, spaces and - _ . ' + ( ) , & ! only "
                    f"(and / between a folder and a name), not {char!r}")
    for part in stem.split("/"):
        # A part that is empty, `..` or hidden would leave the folder or hide the save.
        if not part or unicodedata.category(part[0])[0] not in "LN":
            return ("a save name (and each folder in it) begins with a letter or a digit; "
                    "give a path such as ./game.json to save elsewhere")
        if part[-1] in " .":
            return "a save name (and each folder in it) may not end with a space or a dot"
        if len(part.encode("utf-8")) > _MAX_PART_BYTES:
            return (f"a save name is too long for a file name: at most {_MAX_PART_BYTES} "
                    "bytes in UTF-8 (fewer letters outside ASCII)")
    return None


def variant_name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a variant, or None: lower-case letters, digits, ``-`` and
    ``_``, beginning with a letter, at most 60 characters (records name their rules so)."""
    if not isinstance(name, str):
        return "a variant name is text"
    if len(name) > MAX_VARIANT:
        return f"a variant name has at most {MAX_VARIANT} characters ({len(name)} given)"
    if not _VARIANT.fullmatch(name):
        return ("a variant name is lower-case letters, digits, '-' and '_', beginning with a "
                "letter")
    return None
