"""mypyc's class attributes for the optional compiled build; a no-op in every other install.

``scripts/compile.py`` compiles some modules with mypyc (docs/performance.md, "A compiled
build"). mypyc reads ``mypy_extensions.mypyc_attr`` on a class as it compiles, where a class
needs saying how it may be compiled: ``native_class=False`` for one that cannot be a native
class (a subclass of a builtin), ``allow_interpreted_subclasses=True`` for a native class
that interpreted code subclasses (the games' states and logic, the tests' toy game, a
user's game). At run time the decorator changes nothing, so a pure install, which need not
have ``mypy_extensions`` (it comes with mypy), gets a stand-in that returns the class as is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # mypyc knows the decorator by this name: the type checker must see it
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # a pure install without mypy: nothing is compiled
        def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:
            """The class or function as it is (mypyc's attributes only matter compiled)."""
            return lambda decorated: decorated

__all__ = ["mypyc_attr"]
