"""The rulesets, one per game, and lookup by name or alias."""

from __future__ import annotations

from tcgrules.games.flesh_and_blood import FleshAndBlood
from tcgrules.games.grand_archive import GrandArchive
from tcgrules.games.magic import Magic
from tcgrules.kernel.ruleset import Ruleset, find_ruleset

#: Every ruleset tcgrules ships, in a fixed order (each registers itself by name with
#: the kernel when its class is defined, which is what :func:`find_ruleset` reads).
RULESETS: tuple[type[Ruleset], ...] = (Magic, FleshAndBlood, GrandArchive)


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
