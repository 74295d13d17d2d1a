"""Flesh and Blood names: equality by whole words (fab:2.7.5) and monikers (fab:2.7.3)."""

from __future__ import annotations

import re
from collections.abc import Collection

#: Honorifics that may come before a moniker (fab:2.7.3: "Ser Boltyn", "Professor
#: Teklovossen"); a name that starts with one before a capitalised word is a personal name.
HONORIFICS = frozenset(
    {
        "ser",
        "sir",
        "lady",
        "lord",
        "dame",
        "master",
        "king",
        "queen",
        "prince",
        "princess",
        "professor",
        "doctor",
        "baron",
        "baroness",
        "duke",
        "duchess",
    }
)
#: A whole word of a name (fab:2.7.5): letters and digits, with the apostrophes and
#: hyphens inside a word ("Fyendal's", "Pit-Fighter"); spaces and punctuation such as
#: "," ":" "(" ")" separate words and are not part of any.
_WORD = re.compile(r"[^\W_]+(?:['\u2019\-][^\W_]+)*")
#: Monikers of more than one word, which the name alone can't reveal (fab:2.7.3 examples).
MULTIWORD_MONIKERS = ("data doll", "the librarian")
#: Single-word names the rules show to be personal names (fab:2.7.3 examples).
KNOWN_PERSONAL_NAMES = frozenset({"bravo", "dawnblade"})


def _words(name: str) -> list[str]:
    return _WORD.findall(name.casefold())


def names_equal(a: str, b: str) -> bool:
    """Two names are equal when every whole word matches in order, ignoring case (fab:2.7.5)."""
    return _words(a) == _words(b)


def name_in(part: str, name: str) -> bool:
    """Whether ``part`` appears in ``name`` as a run of whole words (fab:2.7.5):
    "Proto" is not in "Breaker Helm Protos"; "Blazing Aether" is not in "Trailblazing Aether"."""
    needle, hay = _words(part), _words(name)
    if not needle:
        return False
    return any(hay[i : i + len(needle)] == needle for i in range(len(hay) - len(needle) + 1))


def _head(name: str) -> str:
    return name.split(",", 1)[0].strip()


def is_personal_name(name: str, known_names: Collection[str], hero_names: Collection[str]) -> bool:
    """Whether a name is a personal name (fab:2.7.3; if not, no moniker, fab:2.7.3a).

    The card does not say so, so tcgrules decides from what it knows: a name
    with a comma title ("Stalagmite, Bastion of Isenloft"), a hero's name, a name
    that opens with an honorific ("Professor Teklovossen"), a name another known
    card extends with a title ("Dawnblade" beside "Dawnblade, Resplendent"), or one
    of the known multi-word monikers.
    """
    if "," in name or name in hero_names or name.casefold() in KNOWN_PERSONAL_NAMES:
        return True
    first, _, rest = name.strip().partition(" ")
    if first.casefold() in HONORIFICS and rest.strip()[:1].isupper():
        return True
    if any(_head(other) == name and other != name for other in known_names):
        return True
    low = name.casefold()
    return any(low == m or low.startswith(m + " ") for m in MULTIWORD_MONIKERS)


def moniker(name: str, *, personal: bool) -> str | None:
    """The moniker of a personal name (fab:2.7.3); None if the name is not personal (fab:2.7.3a).

    The part before a comma, less leading honorifics, then its first word,
    unless it starts with a known moniker of several words.
    """
    if not personal:
        return None
    words = _head(name).split()
    while len(words) > 1 and words[0].casefold() in HONORIFICS:
        words = words[1:]
    joined = " ".join(words)
    for multi in MULTIWORD_MONIKERS:
        if joined.casefold() == multi or joined.casefold().startswith(multi + " "):
            return joined[: len(multi)]
    return words[0] if words else None
