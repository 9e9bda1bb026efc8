"""A hosted table's password, kept between runs so that ``medici host --resume`` lets the
same people in with the same password.

A password made for a table (or given with ``--password``) is remembered for the table's
name: hashed (scrypt, a random salt each), never in clear, in ``passwords.json`` beside the
host key in the user's data folder, readable by its owner only (mode 0600), written
atomically. ``medici host --resume NAME`` checks joiners against the stored hash; the
host's terminal cannot show that password again, so ``--new-password`` makes a new one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from engine.errors import MediciError

FILE_NAME = "passwords.json"
"""The file in the host's folder (``engine.host.keys.host_dir``)."""

_COST = {"n": 2**14, "r": 8, "p": 1}
"""scrypt's cost: about 50 ms and 16 MB a check, on a login that is already delayed."""


class PasswordStoreError(MediciError):
    """The remembered passwords cannot be read or written."""


@dataclass(frozen=True)
class Secret:
    """A password as the door checks it: its scrypt hash and salt (never the password)."""

    salt: bytes
    digest: bytes
    n: int = _COST["n"]
    r: int = _COST["r"]
    p: int = _COST["p"]

    @classmethod
    def of(cls, password: str) -> Secret:
        """The secret of ``password``, with a new random salt."""
        salt = secrets.token_bytes(16)
        return cls(salt, _hash(password, salt, _COST["n"], _COST["r"], _COST["p"]))

    def matches(self, given: str) -> bool:
        """Whether ``given`` is the password (compared in constant time)."""
        return hmac.compare_digest(_hash(given, self.salt, self.n, self.r, self.p),
                                   self.digest)

    def stored(self) -> dict[str, object]:
        """The secret as the file keeps it."""
        return {"scrypt": {"n": self.n, "r": self.r, "p": self.p},
                "salt": base64.b64encode(self.salt).decode("ascii"),
                "hash": base64.b64encode(self.digest).decode("ascii")}


def _hash(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8", "replace"), salt=salt, n=n, r=r, p=p,
                          maxmem=64 * 1024 * 1024, dklen=32)


def _read(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as err:
        raise PasswordStoreError(f"cannot read the table passwords {path}: {err} (move it "
                                 "away: the tables then get new passwords)") from None
    return data if isinstance(data, dict) else {}


def remembered(folder: Path, table: str) -> Secret | None:
    """The secret kept for the table named ``table``, if any."""
    entry = _read(folder / FILE_NAME).get(table)
    if not isinstance(entry, dict):
        return None
    try:
        cost = entry["scrypt"]
        return Secret(base64.b64decode(entry["salt"]), base64.b64decode(entry["hash"]),
                      int(cost["n"]), int(cost["r"]), int(cost["p"]))
    except (KeyError, TypeError, ValueError):
        return None


def remember(folder: Path, table: str, secret: Secret) -> None:
    """Keep ``secret`` for the table named ``table`` (replacing any kept before)."""
    path = folder / FILE_NAME
    entries = _read(path)
    entries[table] = secret.stored()
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(entries, handle, indent=1, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as err:
        raise PasswordStoreError(f"cannot write the table passwords {path}: "
                                 f"{err.strerror or err}") from None
