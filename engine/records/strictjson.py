"""Strict, bounded JSON reading for records that may come from anywhere.

A record file is untrusted: it may be truncated, damaged, enormous or written to attack the
reader. Everything here refuses rather than guesses, and every refusal is a ``RecordError``
naming the file: the size is capped before anything is parsed, nesting depth is checked
before the (recursive) parser sees it, numbers are bounded, ``NaN``/``Infinity`` and
duplicate keys are refused. Only the standard library's JSON parser runs; nothing in a
record is ever executed or looked up.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from engine.errors import UNSAFE_TEXT, RecordError, quote

MAX_BYTES = 8 * 1024 * 1024
"""The largest record read. A full six-player Medici game is about 60 KB."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted (a record needs 6)."""

MAX_DIGITS = 20
"""The longest integer accepted: seeds are 64-bit, everything else is small."""

MAX_INT = 1 << 64
"""The largest integer magnitude accepted."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class _Refused(Exception):
    """Raised inside the parser's hooks; turned into a RecordError with the file name."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(
            f"a number with {len(text.lstrip('-'))} digits: numbers in a record have at most "
            f"{MAX_DIGITS} digits"
        )
    value = int(text)
    if abs(value) >= MAX_INT:
        raise _Refused(f"the number {text} is too large (at most 2**64 - 1)")
    return value


def _parse_float(text: str) -> float:
    value = float(text)
    if len(text) > 40 or not math.isfinite(value):
        raise _Refused(f"the number {text[:40]} is out of range")
    return value


def _parse_constant(text: str) -> float:
    raise _Refused(f"{text} is not a number JSON allows (NaN and Infinity are refused)")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return out


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH without recursing (strings do not count)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise _Refused(f"arrays or objects nested more than {MAX_DEPTH} deep")
        else:
            depth -= 1


def _check_text(value: Any) -> None:
    """Refuse a string that is not plain text: JSON's ``\\ud800`` escape gives an unpaired
    surrogate, which no file or terminal can take (printing it fails), and ``\\u001b``
    (ESC) would drive the terminal of whoever prints the record. Tab and newline pass."""
    todo: list[tuple[Any, str]] = [(value, "")]
    while todo:
        item, where = todo.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                todo.append((key, f"a key of {where or 'the document'}"))
                todo.append((inner, f"{where}.{key}" if where else key))
        elif isinstance(item, list):
            todo.extend((inner, f"{where}.{i}") for i, inner in enumerate(item))
        elif isinstance(item, str):
            bad = UNSAFE_TEXT.search(item)
            if bad is not None:
                raise _Refused(
                    f"{where or 'the document'}: the string {quote(item, 40)} holds "
                    f"U+{ord(bad.group()):04X}: control characters and unpaired surrogates "
                    "are not allowed in a record"
                )


def decode(data: bytes, name: str) -> Any:
    """Parse the bytes of a record file as strict JSON, or raise RecordError naming ``name``."""
    if len(data) > MAX_BYTES:
        raise RecordError(name, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    if not data.strip():
        raise RecordError(name, "the file is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise RecordError(
            name, f"not UTF-8 text (byte {err.start}): damaged, or not a record"
        ) from None
    try:
        _check_depth(text)
        value = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
        _check_text(value)
        return value
    except _Refused as err:
        raise RecordError(name, str(err)) from None
    except json.JSONDecodeError as err:
        raise RecordError(name, _describe(err, text)) from None
    except (RecursionError, ValueError) as err:
        # ValueError: Python's own integer-string limit, should MAX_DIGITS ever be raised.
        raise RecordError(name, f"not a readable record: {err}") from None


def _describe(err: json.JSONDecodeError, text: str) -> str:
    where = f"line {err.lineno} column {err.colno}"
    # Some of json's messages end in "at" ("Invalid control character at"): one "at" only.
    msg = err.msg[: -len(" at")] if err.msg.endswith(" at") else err.msg
    head = text.lstrip()
    if head.startswith(("%YAML", "---", "!!")) or "!!" in text[: max(err.pos + 1, 1)][-200:]:
        return (
            f"not JSON ({msg} at {where}): a record is JSON; YAML and its tags are never read"
        )
    end = text.rstrip()
    if not text[err.pos :].strip() or (head.startswith("{") and not end.endswith("}")):
        last = end.count("\n") + 1
        return (
            f"the file ends too early ({msg} at {where}, the last line is {last}): "
            "it was cut short (truncated?)"
        )
    return f"not valid JSON: {msg} at {where} (damaged or edited by hand?)"


def canonical(value: Any) -> bytes:
    """The canonical bytes of a JSON value: sorted keys, no spaces, ASCII only (for checksums)."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    ).encode("ascii")
