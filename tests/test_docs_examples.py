"""Every example of README.md and docs/*.md runs (issue 21: docs that cannot go stale).

Each page is a session: its blocks run in the order written, in one temporary working
folder (holding a copy of the shipped example records in ``saves/``, as a clone does), with
``$MEDICI_SAVES`` and ``$MEDICI_HOME`` pointed at temporary folders.

- a ```python block runs in the page's one namespace; one written as an interactive session
  (``>>>``) is a doctest, so the outputs it shows are checked, not only run;
- every line of a ```sh block that starts with ``medici`` runs as a command, stdin empty (an
  interactive shell ends at once), and must exit 0;
- the markers before a block (``scripts/docs_pages.py``; docs/development.md lists them)
  write it to a file, expect another exit status, shorten a long command, or skip it when
  an optional extra is missing, with the reason.

One test per block: a failing example names its page and line.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import importlib.util
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from docs_scripts import docs_pages as pages

from engine import rules

ROOT = Path(__file__).resolve().parent.parent

EXTRAS = {"pyspiel": "openspiel", "open_spiel": "openspiel", "pettingzoo": "pettingzoo",
          "gymnasium": "pettingzoo", "matplotlib": "plot", "dask": "dask",
          "distributed": "dask", "numpy": "openspiel"}
"""Modules an example may need that only an optional extra installs, and that extra."""

COMMAND_TIMEOUT = 300
MEDICI = Path(sys.executable).with_name("medici")


def missing(module: str) -> str | None:
    """Why an example that needs ``module`` is skipped, or None when it is installed."""
    top = module.split(".")[0]
    if importlib.util.find_spec(top) is not None:
        return None
    extra = EXTRAS.get(top)
    hint = f" (pip install -e '.[{extra}]')" if extra else ""
    return f"needs {top}{hint}, which is not installed"


def python_source(block: object) -> str:
    """The code of a python block; of a doctest, its examples' sources."""
    if block.is_doctest():
        return "\n".join(ex.source for ex in doctest.DocTestParser().get_examples(block.text))
    return block.text


def imported(source: str) -> list[str]:
    """The modules a block imports, in order."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def medici_lines(block: object) -> list[str]:
    """The lines of a sh block that start with ``medici``, continuations joined."""
    joined = re.sub(r"\\\n\s*", " ", block.text)
    return [ln.strip() for ln in joined.splitlines()
            if ln.strip() == "medici" or ln.strip().startswith("medici ")]


def command_lines(block: object) -> list[str]:
    """A sh block's medici lines with its ``replace`` markers applied (each must match some
    line: a marker cannot go stale unseen)."""
    lines = medici_lines(block)
    for marker in block.marked("replace"):
        pairs = list(zip(marker.words[::2], marker.words[1::2], strict=True))
        for old, new in pairs:
            if not any(old in ln for ln in lines):
                raise AssertionError(f"{block.where}: the replace marker at line {marker.line} "
                                     f"looks for {old!r}, which no medici line holds")
            lines = [ln.replace(old, new) for ln in lines]
    return lines


def runnable(block: object) -> bool:
    """A block the tests run (python, or sh with a medici line) rather than only read."""
    if block.lang == "python":
        return True
    return block.lang == "sh" and bool(medici_lines(block))


class PageSession:
    """A page's examples run in order in one folder and, for python, one namespace."""

    def __init__(self, path: Path, root: Path) -> None:
        self.path = path
        self.blocks = pages.blocks(path)
        self.work = root / "work"
        (self.work / "saves").mkdir(parents=True)
        for example in (ROOT / "saves").glob("*.json"):
            shutil.copy(example, self.work / "saves" / example.name)
        self.env = {"MEDICI_SAVES": str(root / "user-saves"), "MEDICI_HOME": str(root / "home"),
                    "MEDICI_BOT_DELAY": "0", "NO_COLOR": "1", "COLUMNS": "80"}
        self.namespace: dict[str, object] = {"__name__": "__docs__"}
        self.done = 0
        self.broken: str | None = None

    @contextlib.contextmanager
    def inside(self) -> Iterator[None]:
        """In the page's folder with its environment, both restored afterwards."""
        before = {key: os.environ.get(key) for key in self.env}
        cwd = os.getcwd()
        # Variants are cached process-wide with the paths they name, shown relative to the
        # working folder of their first load: what the page loads in its own folder must
        # not stay cached for the other tests.
        caches = [(cache, dict(cache)) for cache in (rules._CACHE, rules._FILE_CACHE)]
        os.environ.update(self.env)
        os.chdir(self.work)
        try:
            yield
        finally:
            for cache, kept in caches:
                cache.clear()
                cache.update(kept)
            os.chdir(cwd)
            for key, value in before.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value

    def run(self, index: int) -> None:
        """Run the blocks before ``index`` (once), then block ``index``; skip or fail."""
        while self.done < index:
            block = self.blocks[self.done]
            self.done += 1
            if self.broken is None:
                try:
                    self.run_block(block)
                except pytest.skip.Exception:
                    pass
                except BaseException as err:  # noqa: BLE001 - reported by the later blocks
                    self.broken = f"{block.where} ({type(err).__name__})"
        if self.broken is not None:
            pytest.fail(f"an earlier example of this page failed: {self.broken}")
        block = self.blocks[index]
        self.done = index + 1
        try:
            self.run_block(block)
        except pytest.skip.Exception:
            raise
        except BaseException as err:
            self.broken = f"{block.where} ({type(err).__name__})"
            raise

    def run_block(self, block: object) -> None:
        """One block: a file written, a python block run, or a sh block's commands run."""
        for marker in block.marked("file"):
            name = marker.words[0]
            assert "/" not in name and not name.startswith("."), name
            (self.work / name).write_text(block.text, encoding="utf-8")
        for marker in block.marked("skip"):
            pytest.skip(f"{block.where}: {' '.join(marker.words)}")
        for marker in block.marked("needs"):
            for module in marker.words:
                if reason := missing(module):
                    pytest.skip(f"{block.where}: {reason}")
        if block.lang == "python":
            self.run_python(block)
        elif block.lang == "sh":
            self.run_commands(block)

    def run_python(self, block: object) -> None:
        for module in imported(python_source(block)):
            if reason := missing(module):
                pytest.skip(f"{block.where}: {reason}")
        out = io.StringIO()
        with self.inside(), contextlib.redirect_stdout(out):
            try:
                if block.is_doctest():
                    self.run_doctest(block)
                else:
                    # Padded so that a traceback names the page's own line numbers.
                    code = compile("\n" * block.line + block.text, str(block.page), "exec")
                    exec(code, self.namespace)  # noqa: S102 - the page's own example
            except ModuleNotFoundError as err:
                if err.name and (reason := missing(err.name)):
                    pytest.skip(f"{block.where}: {reason}")
                raise

    def run_doctest(self, block: object) -> None:
        test = doctest.DocTestParser().get_doctest(
            block.text, self.namespace, block.where, str(block.page), block.line)
        test.globs = self.namespace  # one namespace for the page (get_doctest copies it)
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        result = runner.run(test, out=report.write, clear_globs=False)
        assert result.attempted, f"{block.where}: a doctest block without examples"
        if result.failed:
            pytest.fail(f"{block.where}: {result.failed} of {result.attempted} doctest "
                        f"examples failed\n{report.getvalue()}", pytrace=False)

    def run_commands(self, block: object) -> None:
        exits = block.marked("exit")
        expected = int(exits[-1].words[0]) if exits else 0
        for line in command_lines(block):
            argv = shlex.split(line, comments=True)
            argv[0] = str(MEDICI) if MEDICI.exists() else shutil.which("medici") or "medici"
            env = {**os.environ, **self.env}
            done = subprocess.run(argv, cwd=self.work, env=env, stdin=subprocess.DEVNULL,
                                  capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
            if done.returncode != expected:
                pytest.fail(f"{block.where}: `{line}` exited {done.returncode}, not "
                            f"{expected}\n--- stdout (end)\n{done.stdout[-2000:]}\n"
                            f"--- stderr (end)\n{done.stderr[-2000:]}", pytrace=False)


def _examples() -> list[object]:
    params = []
    for path in pages.pages():
        for index, block in enumerate(pages.blocks(path)):
            if runnable(block):
                params.append(pytest.param(path, index, id=block.where))
    return params


SESSIONS: dict[Path, PageSession] = {}


@pytest.mark.parametrize(("path", "index"), _examples())
def test_the_example_runs(path: Path, index: int,
                          tmp_path_factory: pytest.TempPathFactory) -> None:
    if path not in SESSIONS:
        SESSIONS[path] = PageSession(path, tmp_path_factory.mktemp(path.stem))
    SESSIONS[path].run(index)


# -- the checks' own checks ------------------------------------------------------------------


def test_every_page_parses_and_has_examples() -> None:
    every = {path.name: pages.blocks(path) for path in pages.pages()}
    assert {"README.md", "playing.md", "house-rules.md", "api.md", "bots.md",
            "integrations.md", "architecture.md", "performance.md",
            "development.md"} <= set(every)
    counted = sum(runnable(b) for blocks in every.values() for b in blocks)
    assert counted >= 30, counted  # the scan really finds the examples


def test_a_broken_example_fails_with_its_page_and_line(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# A page\n\n```python\n>>> 1 + 1\n3\n\n```\n\n```python\nx = 1\n```\n",
                    encoding="utf-8")
    session = PageSession(page, tmp_path / "run")
    with pytest.raises(pytest.fail.Exception, match=r"page.md:3: 1 of 1 doctest") as failed:
        session.run(0)
    assert "Expected:\n    3\nGot:\n    2" in str(failed.value)
    # A later block of the page fails too: it ran after a broken one.
    with pytest.raises(pytest.fail.Exception, match="an earlier example of this page failed"):
        session.run(1)
    plain = tmp_path / "plain.md"
    plain.write_text("```python\nassert engine_missing\n```\n", encoding="utf-8")
    with pytest.raises(NameError, match="engine_missing"):
        PageSession(plain, tmp_path / "plain").run(0)
    commands = tmp_path / "commands.md"
    commands.write_text("```sh\nmedici variant show no-such-variant   # a comment\n```\n\n"
                        "<!-- docs-test: exit 2 -->\n```sh\nmedici variant show no-such-variant\n"
                        "```\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match=r"commands.md:1: `medici variant show no-such"
                                                   r"-variant   # a comment` exited 2, not 0"):
        PageSession(commands, tmp_path / "commands").run(0)
    second = PageSession(commands, tmp_path / "second")
    second.done = 1  # as if the first block had run: the exit marker expects the 2
    second.run(1)


def test_a_missing_extra_skips_with_its_reason(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```python\nimport no_such_module_of_medici\n```\n\n"
                    "<!-- docs-test: needs no_such_module_of_medici -->\n```sh\nmedici\n```\n",
                    encoding="utf-8")
    session = PageSession(page, tmp_path / "run")
    for index in (0, 1):
        with pytest.raises(pytest.skip.Exception, match="needs no_such_module_of_medici"):
            session.run(index)
    assert missing("matplotlib") is None or "pip install -e '.[plot]'" in missing("matplotlib")


def test_markers_are_checked(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("<!-- docs-test: replace \"--games 9\" \"--games 1\" -->\n"
                    "```sh\nmedici simulate --games 5\n```\n", encoding="utf-8")
    [block] = pages.blocks(page)
    with pytest.raises(AssertionError, match="looks for '--games 9'"):
        command_lines(block)
    for bad in ("<!-- docs-test: rename x -->\n```sh\nmedici\n```\n",
                "<!-- docs-test: exit one -->\n```sh\nmedici\n```\n",
                "<!-- docs-test: exit 1 -->\nSome prose.\n```sh\nmedici\n```\n",
                "```sh\nmedici\n"):
        page.write_text(bad, encoding="utf-8")
        with pytest.raises(pages.PageError, match="page.md: line"):
            pages.blocks(page)


def test_the_readme_is_a_front_door() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    # Every page of docs/ is reachable from it.
    for page in (ROOT / "docs").glob("*.md"):
        if page.name != "index.md":
            assert f"(docs/{page.name})" in readme, page.name


def test_ci_runs_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.split("## Quick start", 1)[1]
    [quick] = [b for b in pages.blocks(ROOT / "README.md", start) if b.lang == "sh"][:1]
    commands = [shlex.split(ln, comments=True) for ln in quick.text.splitlines() if ln.strip()]
    assert [c[0] for c in commands] == ["medici", "python"]  # one plays, one tests
    ci = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert shlex.join(commands[1]) in ci


def test_screens_fit_80_columns() -> None:
    screens = [b for path in pages.pages() for b in pages.blocks(path) if b.screen]
    assert screens
    for block in screens:
        wide = [ln for ln in block.text.splitlines() if len(ln) > 80]
        assert not wide, f"{block.where}: {wide}"


HEADING = re.compile(r"^#{1,6} (.+)$", re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor, as MkDocs and GitHub make it for the headings these pages use."""
    text = re.sub(r"[^\w\s-]", "", heading.replace("`", "")).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def test_links_between_pages_resolve() -> None:
    anchors = {}
    for path in pages.pages():
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
        anchors[path.resolve()] = {slug(h) for h in HEADING.findall(text)}
    checked = 0
    for path in pages.pages():
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            goal = (path.parent / file).resolve() if file else path.resolve()
            assert goal.exists(), f"{pages.label(path)}: link to {target}: no such file"
            if anchor and goal.suffix == ".md":
                assert anchor in anchors.get(goal, set()), (
                    f"{pages.label(path)}: link to {target}: no such heading")
            checked += 1
    assert checked >= 30
