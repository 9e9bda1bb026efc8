"""The interactive prompt: prompt_toolkit with history, completion, toolbar and keys."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

from engine.records.store import user_data_dir
from engine.shell.completion import ShellCompleter
from engine.shell.registry import MAX_LINE
from engine.shell.toolbar import toolbar
from engine.text import STYLE

if TYPE_CHECKING:
    from engine.shell.app import Shell


def medici_home() -> Path:
    """Where the shell keeps its own files: ``$MEDICI_HOME``, else the per-user data folder
    the saves are in too (``engine.records.store.user_data_dir``)."""
    env = os.environ.get("MEDICI_HOME")
    if env:
        return Path(env)
    return user_data_dir()


def history_file() -> History:
    """The command history kept across runs (in memory only if the folder cannot be made)."""
    home = medici_home()
    try:
        home.mkdir(parents=True, exist_ok=True)
        path = home / "history"
        path.touch(exist_ok=True)
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(path))


class KeptHistory(History):
    """A history that keeps only lines the shell would run: one refused for its length
    (over ``MAX_LINE`` characters) is not kept, so Up never brings it back."""

    def __init__(self, inner: History) -> None:
        super().__init__()
        self.inner = inner

    def append_string(self, string: str) -> None:
        """Keep ``string`` unless it is too long to run."""
        if len(string) <= MAX_LINE:
            super().append_string(string)

    def load_history_strings(self) -> Iterable[str]:
        """The inner history's lines, newest first."""
        return self.inner.load_history_strings()

    def store_string(self, string: str) -> None:
        """Store in the inner history."""
        self.inner.store_string(string)


def placeholder(shell: Shell) -> FormattedText:
    """The mode's placeholder while a line is being typed, nothing once it is accepted:
    prompt_toolkit draws the accepted line once more into the scrollback, and a hint such
    as "Enter resumes your last game" would stay there as if typed."""
    app = get_app_or_none()
    if app is not None and app.is_done:
        return FormattedText([])
    return FormattedText(shell.mode.placeholder())


def make_prompt(
    shell: Shell, input: Input | None = None, output: Output | None = None,
    history: History | None = None,
) -> PromptSession[str]:
    """The PromptSession of the shell.

    Ctrl-R searches the history (prompt_toolkit's Emacs bindings), Ctrl-C raises
    KeyboardInterrupt (the shell drops the line), Ctrl-D on an empty line raises EOFError
    (the shell saves and leaves).
    """
    return PromptSession(
        completer=ShellCompleter(shell),
        complete_while_typing=True,
        history=KeptHistory(history if history is not None else history_file()),
        bottom_toolbar=lambda: FormattedText(toolbar(shell)),
        style=Style.from_dict(STYLE),
        include_default_pygments_style=False,
        color_depth=None,
        input=input,
        output=output,
        placeholder=lambda: placeholder(shell),
        reserve_space_for_menu=6,
    )

