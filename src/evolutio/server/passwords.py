"""Passwords refused because they are among the first an attacker tries.

The most common passwords of eight or more characters in public breach lists, plus simple
patterns (one character repeated, a run of consecutive keys or digits, the name itself).
"""

from __future__ import annotations

import itertools

COMMON = frozenset(
    (
        "12345678", "123456789", "1234567890", "0123456789", "11111111", "00000000", "87654321",
        "98765432", "12341234", "password", "password1", "password12", "password123", "passw0rd",
        "p@ssw0rd", "p@ssword", "passwort", "motdepasse", "contraseña", "qwertyuiop", "qwertyui",
        "qwerty123", "qwerty12", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx", "asdfghjkl",
        "asdfghjk", "zxcvbnm1", "iloveyou", "iloveyou1", "sunshine", "sunshine1", "princess",
        "football", "football1", "baseball", "welcome1", "welcome123", "letmein1", "letmein123",
        "trustno1", "superman", "batman123", "starwars", "dragon123", "master123", "monkey123",
        "shadow123", "michael1", "charlie1", "jennifer", "jordan23", "computer", "whatever",
        "internet", "abc12345", "abcd1234", "abcdefgh", "aaaaaaaa", "12344321", "123123123",
        "123321123", "147258369", "159753456", "741852963", "123qweasd", "qweasdzxc", "1234qwer",
        "qwer1234", "q1w2e3r4", "a1b2c3d4", "admin123", "administrator", "changeme", "changeme1",
        "letmein!", "secret123", "default1", "test1234", "testtest", "guest123", "evolutio",
    )
)


def weak(password: str, name: str | None = None) -> str | None:
    """Why ``password`` is refused (the key of a sentence in ``texts/auth.toml``), or None
    when it is acceptable."""
    folded = password.casefold()
    if folded in COMMON or folded.rstrip("!.?1") in COMMON:
        return "password_common"
    if len(set(folded)) <= 2:
        return "password_few_characters"
    steps = {ord(b) - ord(a) for a, b in itertools.pairwise(folded)}
    if steps in ({1}, {-1}):
        return "password_run"
    if name is not None and name.casefold().replace(" ", "") in folded.replace(" ", ""):
        return "password_has_name"
    return None
