"""Every command of the shell, one module a group, each command declared beside its handler
with ``engine.shell.registry.command``. Importing this package declares them all.

Adding a command: a module here (or a function in one), declared with ``@command``, and its
entry in docs/playing.md; nothing else (docs/development.md, "Adding a command").
"""

from engine.shell.registry import (
    BOTS,
    COMMANDS,
    MAX_LINE,
    Command,
    Move,
    by_name,
    command,
    commands_in,
    modes_of,
    moves,
    registered,
)

__all__ = ["BOTS", "COMMANDS", "MAX_LINE", "Command", "Move", "by_name", "command",
           "commands_in", "modes_of", "moves", "registered"]
