"""Subcommands of ``medici``: one module each, with ``register(subparsers)``."""
