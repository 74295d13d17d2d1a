"""The rulesets, one per game, and lookup by name or alias."""

from __future__ import annotations

from tcgrules.errors import UnknownGameError
from tcgrules.games.base import Ruleset
from tcgrules.games.flesh_and_blood import FleshAndBlood
from tcgrules.games.grand_archive import GrandArchive
from tcgrules.games.magic import Magic
from tcgrules.rules import GAME_ALIASES

#: Every ruleset tcgrules ships, in a fixed order.
RULESETS: tuple[type[Ruleset], ...] = (Magic, FleshAndBlood, GrandArchive)


def find_ruleset(name: str) -> type[Ruleset]:
    """The ruleset class for a game name or alias (``mtg``, ``magic``, ``fab``, ``ga``...)."""
    short = GAME_ALIASES.get(name.strip().lower())
    for cls in RULESETS:
        if cls.name == short:
            return cls
    known = ", ".join(GAME_ALIASES)
    raise UnknownGameError(f"unknown game {name!r}; known names: {known}")


def ruleset(name: str) -> Ruleset:
    """An instance of the ruleset for ``name``."""
    return find_ruleset(name)()


__all__ = [
    "RULESETS",
    "FleshAndBlood",
    "GrandArchive",
    "Magic",
    "Ruleset",
    "find_ruleset",
    "ruleset",
]
