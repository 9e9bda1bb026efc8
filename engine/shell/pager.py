"""Long text a screenful at a time (``help``, ``rules``, ``log``...), as ``more`` shows it.

At a terminal a text taller than the window is shown one window at a time: the first page
leaves the command line that asked for it in sight, and between pages a dim line waits for
a key (Space or Enter: the next page; q, Esc or Ctrl-C: stop). Anywhere else (a script, a
pipe) the text is written whole.
"""

from __future__ import annotations

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

from engine.shell.console import Console
from engine.text import STYLE, Text, wrap

MORE = "-- more {page}: Space or Enter for the next page, q to stop --"
"""The line between two pages (a shorter form of ``MORES`` where that does not fit)."""

MORES = (MORE, "-- more {page}: Space for the next page, q to stop --",
         "-- more {page}: Space next, q stop --", "-- more {page} --")
"""The line between two pages, richest first: the first that fits the width is shown, so
the keys are named down to narrow screens."""

STOP_KEYS = ("q", "Q", Keys.Escape, Keys.ControlC, Keys.ControlD)


def pages(text: Text, width: int | None, rows: int) -> list[Text]:
    """``text`` wrapped at ``width`` and cut into pages: the first ``rows`` - 2 lines (the
    line that asked stays in sight, and the one that says more), then ``rows`` - 1 a page."""
    lines = [Text().extend(_text(line)) for line in
             split_lines(wrap(text.fragments, width))]
    first = max(1, rows - 2)
    size = max(1, rows - 1)
    out: list[Text] = []
    at = 0
    while at < len(lines):
        take = first if not out else size
        out.append(_joined(lines[at: at + take]))
        at += take
    return out


def _text(fragments: StyleAndTextTuples) -> Text:
    out = Text()
    out.fragments = [(fragment[0], fragment[1]) for fragment in fragments]  # no mouse handlers
    return out


def _joined(lines: list[Text]) -> Text:
    out = Text()
    for number, line in enumerate(lines):
        if number:
            out.fragments.append(("", "\n"))
        out.extend(line)
    return out


def show(console: Console, text: Text, terminal: tuple[Input, Output] | None) -> None:
    """Write ``text``, a screenful at a time when it is taller than the terminal
    ``terminal`` (the prompt's input and output; None: no terminal, all at once)."""
    rows = console.rows() if terminal is not None else None
    if terminal is None or rows is None or rows < 4:
        console.say(text)
        return
    parts = pages(text, console.width(), rows)
    for number, page in enumerate(parts):
        console.say(page)
        if number + 1 < len(parts):
            note = more_note(f"({number + 1}/{len(parts)})", console.width())
            if not wait(terminal, note):
                return


def more_note(counted: str, width: int | None) -> str:
    """The line between two pages for ``width`` (``counted``: ``(1/2)``): the richest form
    that fits, the keys that page on and stop named wherever they can be."""
    notes = [form.format(page=counted) for form in MORES]
    return next((note for note in notes if width is None or len(note) < width), notes[-1])


def wait(terminal: tuple[Input, Output], note: str) -> bool:
    """Show ``note`` and wait for one key: True to go on, False to stop (q, Esc, Ctrl-C)."""
    bindings = KeyBindings()

    @bindings.add(Keys.Any)
    def _key(event: KeyPressEvent) -> None:
        event.app.exit(result=event.key_sequence[0].key not in STOP_KEYS)

    for key in (Keys.ControlC, Keys.Escape, Keys.ControlD, Keys.Enter, Keys.ControlM):
        bindings.add(key)(_key)
    app: Application[bool] = Application(
        layout=Layout(Window(FormattedTextControl([("class:dim", note)]), height=1)),
        key_bindings=bindings, input=terminal[0], output=terminal[1], erase_when_done=True,
        style=Style.from_dict(STYLE), include_default_pygments_style=False,
    )
    try:
        return bool(app.run())
    except (EOFError, KeyboardInterrupt):
        return False
