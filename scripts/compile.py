"""Build the optional compiled modules (mypyc) in place, or remove them.

Run: ``python scripts/compile.py`` builds ``MODULES`` as C extensions next to their sources
in this checkout (an editable install then imports them: an extension module wins over the
``.py`` of the same name), ``--clean`` removes them again, ``--tree PATH`` works on another
copy of the repository (``scripts/bench.py --compiled`` builds one in a temporary copy).
It needs mypy (the ``test`` extra pins it; mypyc ships with it), setuptools and a C
compiler. ``MEDICI_COMPILE=1 pip install .`` builds the same modules into the wheel
(``hatch_build.py``, which calls ``build`` below). Without either, the package is pure Python.

Which modules and why: docs/performance.md ("A compiled build"). A module is listed only
where compiling it measurably gains. mypyc compiles its classes as native classes, which
interpreted code may subclass only where the class says so: the logic classes and states
(``engine/logic.py``, ``engine/lots.py``), which the tests' toy game and users' games
subclass, carry ``mypyc_attr(allow_interpreted_subclasses=True)`` (``engine/mypyc_attrs.py``,
a no-op without mypy); a class that cannot or should not be native (``Game``, patchable as
before; ``Encoding``, a generic frozen dataclass) carries ``native_class=False``; and a
class such as ``Bot`` stays in an interpreted module.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULES: tuple[str, ...] = (
    # The valuations, where a search spends most of its time, and the parts built on them.
    "engine/medici/value.py", "engine/medici/policy.py", "engine/medici/evaluate.py",
    "engine/medici/opponents.py",
    "engine/strozzi/value.py", "engine/strozzi/policy.py", "engine/strozzi/evaluate.py",
    "engine/strozzi/opponents.py", "engine/strozzi/limits.py",
    # The search and its opponent beliefs (about a tenth more iterations a second).
    "engine/bots/mcts.py", "engine/bots/opponents.py",
    # The rules a move goes through: the logic classes and states (native, open to
    # interpreted subclasses: the toy game's, a house rule's) and the phase machine,
    # compiled together so that one calls the next natively. Not ``engine/game.py`` nor
    # ``engine/actions.py``: they take untrusted input, which compiled code would refuse
    # with a TypeError at the call where pure Python refuses it with IllegalAction or
    # ValueError (docs/performance.md).
    "engine/logic.py", "engine/lots.py", "engine/medici/logic.py", "engine/strozzi/logic.py",
    "engine/phases.py",
    # The OpenSpiel adapter's engine side (``Table``, ``TableChance``): every step's work
    # outside OpenSpiel's bridge (the pyspiel classes stay in an interpreted module).
    "engine/spiel/table.py",
    # The valuations' cache of positions, asked at every move of a rollout (its own module:
    # engine/bots/parts.py, with its frozen generic dataclass, does not compile).
    "engine/bots/positions.py",
)
"""The modules compiled, as paths from the repository's root (all in one extension group)."""

GROUP = "engine.native"
"""mypyc's shared library for the group: ``engine/native__mypyc.*.so``, inside the package
(so a wheel puts nothing at the top of site-packages)."""


def outputs(tree: Path) -> list[Path]:
    """Every built extension file in ``tree``'s ``engine`` folder (what ``--clean`` removes)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in (tree / "engine").rglob("*") if p.name.endswith(suffixes))


def build(tree: Path, build_lib: Path | None = None, modules: tuple[str, ...] = MODULES,
          quiet: bool = True) -> list[Path]:
    """Compile ``modules`` of ``tree``; returns the extension files made.

    In place (next to the sources) unless ``build_lib`` is given, where the wheel's build
    hook collects them. mypyc type-checks the modules with the tree's own mypy settings
    (``pyproject.toml``), so it runs from the tree.
    """
    # setuptools first: mypyc's build picks it over distutils if it is already imported.
    from setuptools import Distribution

    # isort: split
    from mypyc.build import mypycify

    here = Path.cwd()
    os.chdir(tree)
    temp = tempfile.TemporaryDirectory(prefix="medici-mypyc-")
    try:
        extensions = mypycify(list(modules), opt_level="3", group_name=GROUP,
                              target_dir=str(Path(temp.name) / "c"))
        # A bare Distribution reads no setup.cfg or pyproject.toml (whose [project] table
        # is hatchling's): it only builds these extensions.
        dist = Distribution({"name": "medici-compiled", "ext_modules": extensions,
                             "script_name": "compile.py"})
        dist.verbose = 0 if quiet else 1
        command = dist.get_command_obj("build_ext")
        command.build_temp = str(Path(temp.name) / "temp")
        command.build_lib = str(build_lib or Path(temp.name) / "lib")  # no build/ left behind
        command.inplace = build_lib is None
        command.ensure_finalized()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # setuptools on its own API
            command.run()
        made = [Path(command.get_ext_fullpath(e.name)) for e in extensions]
        return [p if p.is_absolute() else tree / p for p in made]
    finally:
        os.chdir(here)
        temp.cleanup()


def clean(tree: Path) -> list[Path]:
    """Remove the compiled modules from ``tree``; returns what was removed."""
    gone = outputs(tree)
    for path in gone:
        path.unlink()
    return gone


def main() -> None:
    """Build in place, or ``--clean``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="the repository copy to work on (default: this one)")
    parser.add_argument("--verbose", action="store_true", help="show the compiler's output")
    parser.add_argument("modules", nargs="*", help=f"paths to compile (default: {MODULES})")
    args = parser.parse_args()
    tree = args.tree.resolve()
    removed = clean(tree)
    if args.clean:
        print(f"removed {len(removed)} compiled module(s) from {tree / 'engine'}")
        return
    made = build(tree, modules=tuple(args.modules) or MODULES, quiet=not args.verbose)
    for path in made:
        print(f"built {path.relative_to(tree)}")


if __name__ == "__main__":
    sys.exit(main())
