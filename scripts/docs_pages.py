"""The documentation pages as the tests and ``scripts/docs_figures.py`` read them.

A page is ``README.md`` or a ``docs/*.md`` file. What is read of it:

- its fenced blocks (```python, ```sh, ```text, ...), each with the ``docs-test`` markers
  written just before it (HTML comments, so a reader of the rendered page never sees them):

  ``<!-- docs-test: file NAME -->``      the block is written to NAME in the page's folder
  ``<!-- docs-test: exit N -->``         every ``medici`` line of the block exits with N
  ``<!-- docs-test: replace "A" "B" -->`` the tests run the block's lines with A made B
  ``<!-- docs-test: needs MODULE -->``   skipped (with the reason) when MODULE is missing
  ``<!-- docs-test: skip REASON -->``    never run; the reason is shown

- its figure regions, ``<!-- figures: NAME -->`` ... ``<!-- /figures -->``, whose content
  ``scripts/docs_figures.py`` writes from the command behind NAME;
- its screens: a block after ``<!-- screen: ... -->`` is a terminal copied from a real run,
  at most 80 columns wide.

A marker that is misspelt, not followed by a block, or an unclosed region is an error
(``PageError``), never silently ignored.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

VERBS = {"file": (1, 1), "exit": (1, 1), "replace": (2, None), "needs": (1, None),
         "skip": (1, None)}
"""The docs-test marker verbs with the least and most words each takes (None: no limit)."""

FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,})(?P<lang>[\w+-]*)\s*$")
COMMENT_START = re.compile(r"^\s*<!--")
FIGURES_OPEN = re.compile(r"^<!-- figures: (?P<name>[a-z0-9-]+) -->$")
FIGURES_CLOSE = "<!-- /figures -->"


class PageError(ValueError):
    """A page whose markers or regions are malformed: names the page and line."""


def pages() -> list[Path]:
    """Every page whose examples are run: the README, then ``docs/*.md`` by name."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def label(path: Path) -> str:
    """A page's name as the tests print it: relative to the repository."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class Marker:
    """One ``<!-- docs-test: VERB WORDS -->`` comment."""

    verb: str
    words: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Block:
    """A fenced block: where it starts, its language, its text and the markers before it."""

    page: Path
    line: int
    """The line of the opening fence, 1-based; the text starts on the next line."""
    lang: str
    text: str
    markers: tuple[Marker, ...]
    screen: bool
    """Preceded by a ``<!-- screen: ... -->`` comment: a copy of a real terminal."""

    @property
    def where(self) -> str:
        """``docs/api.md:12``: the page and the line of the opening fence."""
        return f"{label(self.page)}:{self.line}"

    def marked(self, verb: str) -> list[Marker]:
        """The block's markers of one verb, in the order written."""
        return [m for m in self.markers if m.verb == verb]

    def is_doctest(self) -> bool:
        """A python block written as an interactive session (``>>>``), checked as doctest."""
        first = next((ln for ln in self.text.splitlines() if ln.strip()), "")
        return self.lang == "python" and first.lstrip().startswith(">>>")


def _comment(lines: list[str], start: int) -> tuple[str, int]:
    """The HTML comment starting at ``lines[start]``: its inside, and the line after it."""
    text = []
    for i in range(start, len(lines)):
        text.append(lines[i])
        if "-->" in lines[i]:
            whole = " ".join(part.strip() for part in text)
            return whole.split("<!--", 1)[1].rsplit("-->", 1)[0].strip(), i + 1
    raise PageError(f"line {start + 1}: an HTML comment that is never closed")


def _marker(inside: str, line: int) -> Marker:
    """Parse ``docs-test: VERB WORDS`` (the words shell-quoted)."""
    words = shlex.split(inside.removeprefix("docs-test:"))
    if not words or words[0] not in VERBS:
        raise PageError(f"line {line}: unknown docs-test marker {inside!r}; "
                        f"known: {', '.join(VERBS)}")
    verb, args = words[0], tuple(words[1:])
    least, most = VERBS[verb]
    if len(args) < least or (most is not None and len(args) > most) or (
            verb == "replace" and len(args) % 2):
        raise PageError(f"line {line}: docs-test {verb} takes "
                        + ("pairs of quoted strings" if verb == "replace" else
                           f"{least}{'' if most == least else '+'} word(s)") + f", got {args}")
    if verb == "exit" and not args[0].isdigit():
        raise PageError(f"line {line}: docs-test exit takes a status number, got {args[0]!r}")
    return Marker(verb, args, line)


def blocks(path: Path, text: str | None = None) -> list[Block]:
    """The fenced blocks of a page in order, each with its markers."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found: list[Block] = []
    pending: list[Marker] = []
    screen = False
    i = 0
    try:
        while i < len(lines):
            line = lines[i]
            if COMMENT_START.match(line):
                inside, after = _comment(lines, i)
                if inside.startswith("docs-test:"):
                    pending.append(_marker(inside, i + 1))
                elif inside.startswith("screen:"):
                    screen = True
                i = after
                continue
            fence = FENCE.match(line)
            if fence:
                indent, close = len(fence["indent"]), fence["fence"]
                body = []
                j = i + 1
                while j < len(lines) and lines[j].strip() != close:
                    body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else
                                lines[j])
                    j += 1
                if j == len(lines):
                    raise PageError(f"line {i + 1}: a code block that is never closed")
                found.append(Block(path, i + 1, fence["lang"], "\n".join(body) + "\n",
                                   tuple(pending), screen))
                pending, screen = [], False
                i = j + 1
                continue
            if line.strip() and (pending or screen):
                raise PageError(f"line {(pending[0].line if pending else i)}: a marker not "
                                "followed by a code block (only blank lines and other "
                                "markers may come between)")
            i += 1
        if pending:
            raise PageError(f"line {pending[0].line}: a marker at the end of the page")
    except PageError as err:
        raise PageError(f"{label(path)}: {err}") from None
    return found


@dataclass(frozen=True)
class Region:
    """A figure region: its name, and where its content is (character offsets)."""

    name: str
    line: int
    start: int
    end: int


def regions(path: Path, text: str | None = None) -> list[Region]:
    """The figure regions of a page, in order; names are unique across one page."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    found: list[Region] = []
    open_: tuple[str, int, int] | None = None
    offset = 0
    fence: str | None = None  # inside a code block, markers are shown, not meant
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        stripped = line.strip()
        opening = FENCE.match(line.rstrip("\n"))
        if fence is None and opening:
            fence = opening["fence"]
        elif fence is not None and stripped == fence:
            fence = None
        if fence is not None or opening:
            offset += len(line)
            continue
        match = FIGURES_OPEN.match(stripped)
        if match:
            if open_ is not None:
                raise PageError(f"{label(path)}:{number}: a figures region inside "
                                f"'{open_[0]}'")
            open_ = (match["name"], number, offset + len(line))
        elif stripped == FIGURES_CLOSE:
            if open_ is None:
                raise PageError(f"{label(path)}:{number}: {FIGURES_CLOSE} without its opening")
            found.append(Region(open_[0], open_[1], open_[2], offset))
            open_ = None
        elif stripped.startswith("<!-- figures") or stripped.startswith("<!-- /figures"):
            raise PageError(f"{label(path)}:{number}: malformed figures marker {stripped!r}; "
                            "write <!-- figures: NAME --> (lower-case, digits, -) and "
                            f"{FIGURES_CLOSE}")
        offset += len(line)
    if open_ is not None:
        raise PageError(f"{label(path)}:{open_[1]}: figures region '{open_[0]}' never closed")
    names = [r.name for r in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise PageError(f"{label(path)}: figures regions named twice: {', '.join(twice)}")
    return found


def replace_region(text: str, region: Region, body: str) -> str:
    """The page with one region's content replaced by ``body`` (a blank line either side)."""
    return text[:region.start] + "\n" + body.strip("\n") + "\n\n" + text[region.end:]


def file_block(path: Path, name: str) -> Block:
    """The block a page writes to the file ``name`` (``<!-- docs-test: file NAME -->``)."""
    for block in blocks(path):
        if any(m.words == (name,) for m in block.marked("file")):
            return block
    raise PageError(f"{label(path)}: no block is marked `docs-test: file {name}`")
