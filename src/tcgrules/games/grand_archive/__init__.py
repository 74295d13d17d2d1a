"""Grand Archive."""

from tcgrules.games.grand_archive.ruleset import GrandArchive

__all__ = ["GrandArchive"]
