"""Magic: The Gathering."""

from tcgrules.games.magic.ruleset import Magic

__all__ = ["Magic"]
