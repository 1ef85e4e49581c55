"""What a class server hands its kernels: where the store is, and a fingerprint of the instructor key.

The server (``shengji-tutor classroom``, or a JupyterHub) sets two environment
variables that every kernel inherits: ``ENV_DB``, the store's URL, and
``ENV_KEY``, a salted PBKDF2 hash of the instructor key (never the key). The
instructor's page checks a typed key against that fingerprint in constant time.

>>> from shengji_tutor.store.keys import key_fingerprint, key_matches
>>> fingerprint = key_fingerprint("a-long-secret-key")
>>> key_matches("a-long-secret-key", fingerprint), key_matches("a-guess", fingerprint)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["ENV_DB", "ENV_KEY", "hash_key", "key_fingerprint", "key_matches"]

ENV_DB = "SHENGJI_TUTOR_CLASSROOM_DB"
"""The class store's URL (``sqlite:///…`` or ``postgresql://…``); unset outside a classroom."""
ENV_KEY = "SHENGJI_TUTOR_INSTRUCTOR_KEY_HASH"
"""The instructor key's fingerprint (``salt$hash``, from ``key_fingerprint``)."""
PBKDF2_ROUNDS = 120_000


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
