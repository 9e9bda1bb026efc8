"""A line-up: the game, the seats (people and bots), the variant and the seed, read from
words (``medici Ann Bo=bot:greedy --seed 7``, ``4``).

One reader for every front end that seats players: the shell's ``new``, ``medici host``, a
lesson; the simulations seat bots only and read their ``--bots`` list with
``bot_lineup``. The player count when none is given is the variant's own
(``Logic.default_player_count``).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from engine.bots import BotError, make_bot
from engine.errors import MediciError
from engine.game import new_game
from engine.play.errors import TableError
from engine.play.saves import SavesFolder
from engine.play.table import DEFAULT_BOT, Table
from engine.records.settings import Settings
from engine.registry import default_game, game_ids
from engine.rules import Variant, load_variant, variant_names
from engine.text import join_continuations


@dataclass(frozen=True)
class Lineup:
    """A game to start: its rules, the players' names, each seat's bot spec (None: a person)."""

    variant: Variant
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    seed: int | None


def _take(args: list[str], option: str) -> tuple[str | None, list[str]]:
    if option not in args:
        return None, args
    i = args.index(option)
    if i + 1 >= len(args) or args[i + 1].startswith("--"):
        raise TableError(f"{option} needs a value: new ... {option} VALUE")
    return args[i + 1], args[:i] + args[i + 2:]


def _is_variant(word: str) -> bool:
    return word in game_ids() or word in variant_names() or word.endswith((".yaml", ".yml"))


def _game_words() -> set[str]:
    """The words of the game ids (``medici``, ``strozzi``): a name holding one is a game's."""
    return {part for gid in game_ids() for part in gid.split("-") if len(part) >= 4}


def _refuse_unknown_game(word: str, rest: list[str]) -> None:
    """Refuse a first word meant as a game but naming none, rather than seat a player of
    that name: one that looks like a game or variant (``medicci``), one with a rules file
    of that name beside it (``bigships`` for ``bigships.yaml``), or one followed by a bare
    number (``new bigships 4``: a number is never a player's name, so the word was meant as
    the game). A plain name (``new Ann Bo``) seats players of the default game.
    """
    low = word.lower()
    if "=" in word or low == "bot" or low.startswith("bot:") or word.isdigit():
        return
    known = sorted(set(game_ids()) | set(variant_names()))
    close = difflib.get_close_matches(low, known, n=1, cutoff=0.8)
    if not close and any(part in low for part in _game_words()):
        close = difflib.get_close_matches(low, known, n=1, cutoff=0.0)
    files = [f"{word}{ending}" for ending in (".yaml", ".yml") if Path(f"{word}{ending}").is_file()]
    counted = any(w.isdigit() for w in rest)
    if not (close or files or counted):
        return
    hints = []
    if files:
        hints.append(f"the rules file {files[0]} is named with its ending: "
                     f"new {files[0]} {' '.join(rest)}".rstrip())
    if not close and not files:
        close = difflib.get_close_matches(low, known, n=1, cutoff=0.0)
    if close:
        hints.insert(0, f"did you mean {close[0]}?")
    raise TableError(f"unknown game or variant {word!r}; {'; '.join(hints)} "
                     f"(games and variants: {', '.join(known)})")


def _load(ref: str) -> Variant:
    try:
        return load_variant(ref)
    except MediciError:
        raise
    except OSError as err:
        raise TableError(f"cannot read {ref}: {err.strerror}") from err


MAX_SEED = (1 << 64) - 1
"""The largest seed: seeds are 64-bit (the engine's generator is SplitMix64)."""


def parse_seed(text: str) -> int:
    """A seed written in ASCII digits, 0 to 2**64-1; TableError saying what is accepted.

    Only ASCII: ``int`` would also read other scripts' digits, but ``isdigit`` accepts
    superscripts that ``int`` cannot read.
    """
    if not (text.isascii() and text.isdigit()):
        raise TableError(f"--seed takes a whole number 0 to {MAX_SEED} (digits 0-9), "
                         f"got {text!r}")
    seed = int(text)
    if seed > MAX_SEED:
        raise TableError(f"--seed {text}: seeds go from 0 to {MAX_SEED} (2**64-1)")
    return seed


def split_game(words: list[str]) -> tuple[str | None, list[str]]:
    """``new``'s words (no options) as the game or variant named first, if any, and the
    players after it; TableError for a first word that is a misspelt game."""
    game_word = words[0] if words and _is_variant(words[0]) else None
    if words and game_word is None:
        _refuse_unknown_game(words[0], words[1:])
    return game_word, words[1:] if game_word is not None else list(words)


def parse_lineup(args: list[str], default_seed: int | None = None) -> Lineup:
    """The Lineup that ``new ARGS`` asks for, or TableError saying what is wrong."""
    variant_ref, args = _take(args, "--variant")
    seed_text, args = _take(args, "--seed")
    unknown = [a for a in args if a.startswith("--")]
    if unknown:
        raise TableError(f"unknown option {unknown[0]}: new takes --variant and --seed")
    game_word, players = split_game(args)
    if variant_ref is not None:
        variant = _load(variant_ref)
        if game_word is not None and game_word not in (variant.game, variant.name):
            raise TableError(f"--variant {variant_ref} is a variant of {variant.game}, "
                             f"not of {game_word}")
    else:
        variant = _load(game_word or default_game().variant)
    seed = default_seed if seed_text is None else parse_seed(seed_text)
    names, bots = _seats(variant, players)
    return Lineup(variant, names, bots, seed)


def _seats(variant: Variant, words: list[str]) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    logic = variant.logic
    counts = list(logic.player_counts())
    allowed = ", ".join(str(c) for c in counts)
    if not words or (len(words) == 1 and words[0].isdigit()):
        count = int(words[0]) if words else logic.default_player_count()
        if count not in counts:
            raise TableError(f"{variant.name} is played by {allowed} players, not {count}")
        names = list(logic.default_names(count))
        # Your seat is You, whatever the seat is called (Medici's side in Medici vs
        # Strozzi): the messages speak to you ("You draw", "You buy or decline").
        names[0] = "You"
        bots: list[str | None] = [None] + [DEFAULT_BOT] * (count - 1)
        _check_bots(bots)
        return tuple(names), tuple(bots)
    number = next((w for w in words if w.isdigit()), None)
    if number is not None:
        raise TableError(f"{number!r} is a number, not a player's name: a count comes alone "
                         f"(new {variant.name} {number}), or name every seat "
                         f"(new {variant.name} Ann Bo bot)")
    if len(words) not in counts:
        raise TableError(f"{variant.name} is played by {allowed} players; {len(words)} given "
                         f"({' '.join(words)})")
    defaults = list(logic.default_names(len(words)))
    given: list[str | None] = []
    bots = []
    for word in words:
        name, _, spec = word.partition("=") if "=" in word else ("", "", word)
        low = spec.lower()
        if low == "bot" or low.startswith("bot:"):
            bots.append(spec[4:] if low.startswith("bot:") and spec[4:] else DEFAULT_BOT)
            given.append(name or None)
        elif name:
            raise TableError(f"{word!r}: after NAME= comes a bot, as in {name}=bot:greedy")
        else:
            bots.append(None)
            given.append(word)
    taken = {n for n in given if n}
    names = []
    for seat, chosen in enumerate(given):
        if chosen is None:
            chosen = defaults[seat] if defaults[seat] not in taken else f"Bot {seat + 1}"
            taken.add(chosen)
        names.append(chosen)
    if len(set(names)) != len(names):
        raise TableError(f"player names must differ, got {', '.join(names)}")
    _check_bots(bots)
    return tuple(names), tuple(bots)


def _check_bots(bots: list[str | None]) -> None:
    specs = [b for b in bots if b is not None]
    if not specs:
        return
    for spec in specs:
        try:
            make_bot(spec, seed=0)
        except BotError as err:
            # The list of bots is written for 80 columns: one entry a line, for the
            # terminal's width to lay out again.
            raise TableError(join_continuations(str(err))) from None


def start_game(spec: Lineup, saves: SavesFolder | str | None,
               settings: Settings | None = None) -> Table:
    """The Table of a new game as ``spec`` describes it."""
    try:
        game = new_game(spec.variant, list(spec.names), seed=spec.seed)
    except ValueError as err:
        # The engine refuses what it cannot play (a bad seed, a player count): say so.
        if isinstance(err, MediciError):
            raise
        raise TableError(f"cannot start the game: {err}") from err
    return Table(game, spec.bots, saves, settings=settings)
