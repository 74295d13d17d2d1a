"""Test helpers: small games and card definitions built in code."""

from __future__ import annotations

from types import MappingProxyType

from tcgrules.carddata.model import CardDefinition, PrintedValue
from tcgrules.games import ruleset
from tcgrules.kernel.game import Game


def card(
    game: str, name: str, type_line: str, text: str = "", **values: PrintedValue
) -> CardDefinition:
    """A card definition for tests."""
    return CardDefinition(game, name, type_line, text, MappingProxyType(dict(values)))


def new_game(game: str = "mtg", players: tuple[str, ...] = ("Alice", "Bob")) -> Game:
    return Game(ruleset(game), players)
