"""The host's SSH key (made once, kept in the user's data folder) and table passwords."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import MediciError
from engine.registry import PROGRAM

if TYPE_CHECKING:
    import asyncssh

KEY_NAME = "ssh_host_ed25519_key"
"""The host key's file name in ``host_dir()``."""

_PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
"""Letters and digits that cannot be misread for one another (no l/1, o/0, i)."""


class HostKeyError(MediciError):
    """The host key cannot be read or made."""


def host_dir() -> Path:
    """Where the host keeps its key: ``host`` in the user's data folder (platformdirs, as
    the saves are: ``~/.local/share/medici/host`` on Linux, ``$XDG_DATA_HOME`` honoured)."""
    import platformdirs

    return platformdirs.user_data_path(PROGRAM, appauthor=False) / "host"


def host_key(path: Path | None = None) -> tuple[asyncssh.SSHKey, Path, bool]:
    """The host's private key, read from ``path`` (default ``host_dir()/KEY_NAME``) or, the
    first time, made there (Ed25519, readable by its owner only); with the file and
    whether it was made now."""
    import asyncssh

    path = path if path is not None else host_dir() / KEY_NAME
    if path.exists():
        try:
            return asyncssh.read_private_key(path), path, False
        except (OSError, ValueError, asyncssh.KeyImportError) as err:
            raise HostKeyError(f"cannot read the host key {path}: {err} (move it away and "
                               "a new one is made; joiners will then see a new fingerprint)"
                               ) from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{PROGRAM} host")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key.export_private_key())
            handle.flush()
            os.fsync(handle.fileno())
        # Another host started at the same moment may have made one: keep the first.
        try:
            os.link(temp, path)
        except FileExistsError:
            os.unlink(temp)
            return asyncssh.read_private_key(path), path, False
        os.unlink(temp)
    except OSError as err:
        raise HostKeyError(f"cannot write the host key {path}: {err.strerror or err}") from None
    return key, path, True


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint, as ``ssh`` shows it (``SHA256:...``)."""
    return key.get_fingerprint("sha256")


def new_password() -> str:
    """A table password: three groups of four unambiguous letters and digits (~60 bits)."""
    return "-".join("".join(secrets.choice(_PASSWORD_LETTERS) for _ in range(4))
                    for _ in range(3))
