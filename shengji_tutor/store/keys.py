"""What a class server hands its kernels: where the store is, and a fingerprint of the instructor key.

The server (``shengji-tutor classroom``, or a JupyterHub) sets two environment
variables that every kernel inherits: ``ENV_DB``, the store's URL, and
``ENV_KEY``, a salted PBKDF2 hash of the instructor key (never the key). The
instructor's page checks a typed key against that fingerprint in constant time.
The server keeps the fingerprint in its data directory (``server_key_file``), so
a restart keeps the key and every class made with it stays openable.

>>> from shengji_tutor.store.keys import key_fingerprint, key_matches
>>> fingerprint = key_fingerprint("a-long-secret-key")
>>> key_matches("a-long-secret-key", fingerprint), key_matches("a-guess", fingerprint)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path

from .progress import default_path

__all__ = [
    "ENV_DB",
    "ENV_KEY",
    "KEY_MIN_LENGTH",
    "hash_key",
    "key_fingerprint",
    "key_matches",
    "load_fingerprint",
    "pause_after",
    "save_fingerprint",
    "server_key_file",
]

ENV_DB = "SHENGJI_TUTOR_CLASSROOM_DB"
"""The class store's URL (``sqlite:///…`` or ``postgresql://…``); unset outside a classroom."""
ENV_KEY = "SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH"
"""The instructor key's fingerprint (``salt$hash``, from ``key_fingerprint``)."""
PBKDF2_ROUNDS = 120_000
KEY_MIN_LENGTH = 12
"""The shortest instructor key accepted (a generated one has 20 characters)."""
FINGERPRINT = re.compile(r"[0-9a-f]{32}\$[0-9a-f]{64}")


def hash_key(key: str, salt: str) -> str:
    """PBKDF2-SHA256 of the instructor key with a hex salt (stored in place of the key)."""
    return hashlib.pbkdf2_hmac("sha256", key.encode(), bytes.fromhex(salt), PBKDF2_ROUNDS).hex()


def key_fingerprint(key: str) -> str:
    """A salted hash of the instructor key, safe to hand to kernels (``salt$hash``)."""
    salt = secrets.token_hex(16)
    return salt + "$" + hash_key(key, salt)


def key_matches(key: str, fingerprint: str) -> bool:
    """Does ``key`` match a fingerprint from ``key_fingerprint`` (constant-time comparison)?"""
    salt, _, digest = fingerprint.partition("$")
    if not salt or not digest or not isinstance(key, str):
        return False
    try:
        return hmac.compare_digest(hash_key(key, salt), digest)
    except ValueError:  # a salt that is not hex: not a fingerprint of ours
        return False


def server_key_file() -> Path:
    """Where a class server keeps its key's fingerprint: next to the progress store, in the data directory."""
    return default_path().parent / "instructor-key.fingerprint"


def load_fingerprint(path: Path) -> str | None:
    """The fingerprint a server saved at an earlier start, or None when there is none (``ValueError`` if damaged)."""
    try:
        text = path.read_text().strip()
    except FileNotFoundError:
        return None
    if not FINGERPRINT.fullmatch(text):
        raise ValueError(f"{path} does not hold an instructor key's fingerprint")
    return text


def save_fingerprint(path: Path, key: str) -> str:
    """Keep ``key``'s fingerprint (never the key) for the next start, readable by its owner only; returns it."""
    fingerprint = key_fingerprint(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(path.name + ".new")
    draft.unlink(missing_ok=True)  # so that the new file is made with the owner-only mode
    with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as out:
        out.write(fingerprint + "\n")
    os.replace(draft, path)
    return fingerprint


FIRST_PAUSE = 1.0
MOST_PAUSE = 30.0


def pause_after(failures: int, first: float = FIRST_PAUSE, most: float = MOST_PAUSE) -> float:
    """The wait before the next try after ``failures`` wrong keys in a row: ``first``, twice that, four times …,
    at most ``most`` seconds.

    >>> from shengji_tutor.store.keys import pause_after
    >>> [pause_after(n) for n in (1, 2, 3, 6, 40)]
    [1.0, 2.0, 4.0, 30.0, 30.0]
    """
    return min(most, first * 2.0 ** min(failures - 1, 30))
