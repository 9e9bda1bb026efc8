"""``rules`` at a hosted table: rule ids and the shipped variants only, never a file.

The shell's ``rules PATH`` reads a rules file; at a table that would open the host's files
for a joiner (what exists, what is readable, the keys of a YAML file). So at a table any
word that is neither a rule id nor a shipped variant gets one answer, whatever the word
names on the host's disk: existing, unreadable or missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import rulebook
from engine.errors import escape_controls
from engine.rules import variant_names
from engine.shell import handlers
from engine.shell.commands import RULE
from engine.shell.errors import ShellError

if TYPE_CHECKING:
    from engine.shell.mode import Mode
    from engine.shell.spec import Parsed


def table_rules(mode: Mode, args: Parsed) -> None:
    """``rules [VARIANT | ID]`` at a table: as the shell's, for shipped variants and ids."""
    which = args.text("VARIANT | ID")
    if which is not None and not rulebook.looks_like_id(which):
        problem = refused(which)
        if problem is not None:
            raise ShellError(problem)
    handlers.rules_cmd(mode, args)


def refused(word: str) -> str | None:
    """Why ``rules WORD`` is refused at a table (None: a shipped variant). The answer
    depends on the word alone, never on the host's files."""
    names = variant_names()
    if word in names:
        return None
    shown = escape_controls(word)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return (f"no shipped variant {shown!r}: at a table, rules takes a rule id ({RULE}) or a "
            f"shipped variant ({', '.join(names)}); rules files are read on your own "
            "machine (medici rules FILE)")
