"""Flesh and Blood."""

from tcgrules.games.flesh_and_blood.ruleset import FleshAndBlood

__all__ = ["FleshAndBlood"]
